import '@fontsource-variable/inter';
// Mantine's CSS variables and baseline only: the viewer's page carries no component library, to stay light.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './watch.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startEarlyStream } from './player/hls-stream';
import { openOnce } from './use-watch-session';
import { WatchApp, watchRoute } from './watch-app';

// The film starts loading as soon as the session is open; the page renders meanwhile.
// A failed opening is shown where the page awaits it; a failed early start, the player makes up for.
openOnce(watchRoute, 0).then(
  ({ session }) => startEarlyStream(session),
  () => undefined,
);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WatchApp />
  </StrictMode>,
);
