import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

// In development the API runs in watch mode on API_PORT and Vite proxies to it, so the SPA
// talks to the same paths it uses in production (one origin: /api, /uploads, /socket.io).
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`;

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // react-owl-carousel declares React 16; one React copy for the whole app.
    dedupe: ['react', 'react-dom'],
  },
  css: {
    // owl.theme.default.css carries an old IE filter hack that the minifier would otherwise reject.
    lightningcss: { errorRecovery: true },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/uploads': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
  },
});
