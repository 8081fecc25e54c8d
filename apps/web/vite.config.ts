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
 * The viewer's page opens its session from a small classic script (public/watch-boot.js) while its
 * modules download. That script speaks to this origin's /v1; with the API elsewhere (VITE_API_BASE) the
 * page opens the session itself, so the script is left out rather than sending a request nobody reads.
 */
function bootScriptForLocalApi(): Plugin {
  let apiBase = '/v1';
  return {
    name: 'screenroom-watch-boot',
    configResolved(config) {
      // As src/lib/api-client.ts reads it: no trailing slash, empty means /v1.
      apiBase = (config.env.VITE_API_BASE as string | undefined)?.replace(/\/+$/, '') || '/v1';
    },
    transformIndexHtml(html) {
      return apiBase === '/v1' ? html : html.replace(/\s*<script src="\/watch-boot\.js"><\/script>/, '');
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
  plugins: [react(), watchPages(), bootScriptForLocalApi()],
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
