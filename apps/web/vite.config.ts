// Vite build of the web app: apps/web -> apps/web/dist (served by apps/server at /).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
});
