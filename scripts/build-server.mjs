// Bundles the server (and its generated Prisma clients) into dist/server/index.mjs; npm packages stay external.
// The container keeps only `dependencies` (npm prune --omit=dev), so the build refuses a bundle that imports a package
// listed only in devDependencies: that import would pass every test here and fail at the container's start.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

const result = await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.mjs',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  // Generated Prisma code uses import.meta.url / __dirname-style helpers; give ESM a require().
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));
const runtime = new Set(Object.keys(pkg.dependencies ?? {}));
const builtins = new Set(builtinModules);
/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');
const missing = new Set();
for (const output of Object.values(result.metafile.outputs)) {
  for (const imported of output.imports) {
    if (!imported.external || imported.path.startsWith('node:') || imported.path.startsWith('.')) continue;
    const name = packageOf(imported.path);
    if (!builtins.has(name) && !runtime.has(name)) missing.add(name);
  }
}
if (missing.size) {
  console.error(
    `The server imports ${[...missing].join(', ')}, listed only in devDependencies (or not at all): ` +
      'move it to "dependencies", or the container (which prunes devDependencies) will not start.',
  );
  process.exit(1);
}
// The PDF preview's worker thread (server/files/previews/render.ts) loads its own file, beside the bundle.
fs.copyFileSync('server/files/previews/pdf-worker.mjs', 'dist/server/pdf-worker.mjs');
console.log('server built: dist/server/index.mjs');
