// The one reader of DATABASE_URL shapes, shared by the server, the Prisma config, scripts/prisma.mjs and the
// offline schema engine, so they all agree on which file a `file:` URL names.
import path from 'node:path';

/** 'postgresql' for postgres:// or postgresql:// URLs, 'sqlite' for file: URLs, else null. */
export function providerOfUrl(url) {
  if (/^postgres(ql)?:\/\//i.test(url)) return 'postgresql';
  if (/^file:/i.test(url)) return 'sqlite';
  return null;
}

/**
 * `file:./x.db?param=1`, `file:x.db`, `file:/abs/x.db`, `file:///abs/x.db`, `file://localhost/abs/x.db` -> absolute
 * path; relative paths are resolved against `baseDir` (the project root, where every command runs).
 */
export function sqlitePathFromUrl(url, baseDir = process.cwd()) {
  let p = url.replace(/^file:/i, '');
  const q = p.indexOf('?');
  if (q >= 0) p = p.slice(0, q);
  if (p.startsWith('//')) p = p.replace(/^\/\/(localhost)?/, '');
  p = decodeURIComponent(p);
  if (p === ':memory:') return p;
  return path.resolve(baseDir, p);
}
