import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

/** In development, /watch/… is the viewer's page (its own entry), as the server does in production. */
function watchPages(): Plugin {
  return {
    name: 'screenroom-watch-pages',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/watch\//.test(req.url)) req.url = '/watch.html';
        next();
      });
    },
  };
}

/**
 * Two builds into one dist: the presenters' app (index.html), then the viewer's page (watch.html) on its
 * own (`SCREENROOM_WEB_PAGE=watch vite build`), so the page a viewer opens shares no chunks with the app
 * and loads as one script: over HTTP/1.1's six connections, ten small files cost a round of queueing each.
 */
const watchBuild = process.env.SCREENROOM_WEB_PAGE === 'watch';

/**
 * The viewer's page renders with Preact's React-compatible layer: react-dom is 180 kB of the page's
 * 600 kB of JavaScript, and parsing it sat on the path to the first frame. The app keeps React.
 */
const preactForReact = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  plugins: [react(), watchPages()],
  resolve: { alias: watchBuild ? preactForReact : [] },
  // The development server pre-bundles what both pages import (the build input names one page only).
  optimizeDeps: { entries: ['index.html', 'watch.html'] },
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/api': apiTarget, '/dev/outbox': apiTarget },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    // The second build adds to the first one's output.
    emptyOutDir: !watchBuild,
    copyPublicDir: !watchBuild,
    rollupOptions: {
      input: path.resolve(import.meta.dirname, watchBuild ? 'watch.html' : 'index.html'),
    },
  },
});
