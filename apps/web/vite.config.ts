import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/v1': apiTarget, '/api': apiTarget, '/dev/outbox': apiTarget },
  },
  build: { sourcemap: true, chunkSizeWarningLimit: 800 },
});
