import '@fontsource-variable/inter';
// Mantine's CSS variables and baseline only: the viewer's page carries no component library, to stay light.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './watch.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WatchApp } from './watch-app';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <WatchApp />
  </StrictMode>,
);
