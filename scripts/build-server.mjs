// Bundles the server (and its generated Prisma clients) into dist/server/index.mjs; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.mjs',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // Generated Prisma code uses import.meta.url / __dirname-style helpers; give ESM a require().
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log('server built: dist/server/index.mjs');
