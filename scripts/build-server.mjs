// Bundles the server (and its generated Prisma clients) into dist/server/index.mjs; npm packages stay external.
// The container keeps only `dependencies` (npm prune --omit=dev), so the build refuses a bundle that imports a package
// listed only in devDependencies: that import would pass every test here and fail at the container's start.
import fs from 'node:fs';
import { builtinModules } from 'node:module';
import { build } from 'esbuild';

/**
 * tRPC's server, bundled (every other package stays external) with one helper made fast: its compiled code copies
 * objects with Babel's _objectSpread2 (a property descriptor defined per key), and its procedure caller copies the
 * call's options and context that way at every middleware, about twenty copies a call: 5% of the server's busy time
 * on a simple read (CPU profile under load, `npm run bench`). Object.assign copies the same own enumerable properties
 * (tRPC only ever copies plain objects: options, contexts, error shapes) at a fraction of the cost.
 */
const TRPC = /^@trpc\/server(?:\/|$)/;
const fastTrpc = {
  name: 'trpc-fast-spread',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      TRPC.test(args.path) || args.path.startsWith('#') ? undefined : { path: args.path, external: true },
    );
    b.onLoad({ filter: /[\\/]@trpc[\\/]server[\\/]dist[\\/].*\.mjs$/ }, async (args) => {
      const code = await fs.promises.readFile(args.path, 'utf8');
      const helper = /function _objectSpread2\(e\) \{\n[\s\S]*?\n\}\n/;
      if (!helper.test(code)) return { contents: code, loader: 'js' };
      return {
        contents: code.replace(
          helper,
          'function _objectSpread2(e) {\n\tfor (var r = 1; r < arguments.length; r++) if (arguments[r] != null) Object.assign(e, arguments[r]);\n\treturn e;\n}\n',
        ),
        loader: 'js',
      };
    });
  },
};

const result = await build({
  entryPoints: ['server/index.ts'],
  outfile: 'dist/server/index.mjs',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  plugins: [fastTrpc],
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
