import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstLoadReport } from './build/first-load-report';

const api = 'http://localhost:3000';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), firstLoadReport(`${import.meta.dirname}/src`)],
  build: { outDir: '../dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/trpc': api, '/api': api, '/auth': api, '/healthz': api, '/companies': api, '/files': api },
  },
});
