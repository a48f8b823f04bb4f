import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { earlyScript } from './build/early-script';
import { firstLoadReport } from './build/first-load-report';
import { firstScreenChunks } from './build/first-screens';
import { precompress } from './build/precompress';

const api = 'http://localhost:3000';
const src = `${import.meta.dirname}/src`;
const firstScreens = firstScreenChunks(src);
const routerDist = `${import.meta.dirname}/../node_modules/react-router/dist/production`;

// React Router's package sends bundlers its development build whatever the mode (its exports map has no "production"
// condition), with its dev-only warnings. A production build takes its production build instead.
const productionRouter = [
  { find: /^react-router$/, replacement: `${routerDist}/index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}/dom-export.mjs` },
];

export default defineConfig(({ command }) => ({
  resolve: { alias: command === 'build' ? productionRouter : [] },
  root: import.meta.dirname,
  plugins: [earlyScript(), react(), tailwindcss(), firstScreens.plugin, firstLoadReport(src), precompress()],
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
}));
