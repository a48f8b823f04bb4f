import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { firstLoadReport } from './build/first-load-report';
import { firstScreenChunks } from './build/first-screens';
import { precompress } from './build/precompress';

const api = 'http://localhost:3000';
const src = `${import.meta.dirname}/src`;
const firstScreens = firstScreenChunks(src);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react(), tailwindcss(), firstScreens.plugin, firstLoadReport(src), precompress()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: firstScreens.codeSplitting } },
  },
  server: {
    port: 5173,
    proxy: { '/trpc': api, '/api': api, '/auth': api, '/healthz': api, '/companies': api, '/files': api },
  },
});
