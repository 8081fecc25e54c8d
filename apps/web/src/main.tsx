import { StrictMode } from 'react';
import '@screenroom/shared/zod-messages';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { installChunkReload } from './lib/chunk-reload';
import { installLocaleCookie } from './lib/locale';
import { registerServiceWorker } from './lib/service-worker';

installChunkReload();
installLocaleCookie();
if (import.meta.env.PROD) void registerServiceWorker();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
