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

export default defineConfig({
  plugins: [react(), watchPages()],
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/api': apiTarget, '/dev/outbox': apiTarget },
  },
  build: {
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: {
      // The app, and the viewer's page: a viewer loads only what watching needs.
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        watch: path.resolve(import.meta.dirname, 'watch.html'),
      },
    },
  },
});
