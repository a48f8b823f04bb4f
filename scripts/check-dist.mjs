// Run before the browser tests (npm run test:e2e): they test the built app in dist/, so refuse to run them on a build
// older than the sources it was made from, instead of passing or failing on yesterday's code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUTPUTS = ['dist/server/index.mjs', 'dist/client/index.html', 'dist/first-screen/first-screen.mjs'];
const SOURCES = ['client', 'server', 'shared', 'prisma/schema.prisma', 'package-lock.json', 'scripts/build-server.mjs'];
const SKIP = new Set(['node_modules', 'generated']);

/** Newest modification time under `p` (a file or a folder), with the file it belongs to. */
function newest(p) {
  const stat = fs.statSync(p, { throwIfNoEntry: false });
  if (!stat) return { time: 0, file: null };
  if (!stat.isDirectory()) return { time: stat.mtimeMs, file: p };
  let best = { time: 0, file: null };
  for (const entry of fs.readdirSync(p, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const found = newest(path.join(p, entry.name));
    if (found.time > best.time) best = found;
  }
  return best;
}

const missing = OUTPUTS.filter((f) => !fs.existsSync(path.join(ROOT, f)));
if (missing.length) {
  console.error(`No build to test (${missing.join(', ')} missing): run \`npm run build\` first.`);
  process.exit(1);
}
const built = Math.min(...OUTPUTS.map((f) => fs.statSync(path.join(ROOT, f)).mtimeMs));
const source = SOURCES.map((s) => newest(path.join(ROOT, s))).reduce((a, b) => (b.time > a.time ? b : a));
if (source.time > built) {
  console.error(
    `dist/ is older than the sources (${path.relative(ROOT, source.file)} changed after the last build): ` +
      'run `npm run build` first, or `npm run test:e2e:build` to build and test in one go.',
  );
  process.exit(1);
}
