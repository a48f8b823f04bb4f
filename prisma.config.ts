// Prisma 7 configuration. One source schema (SQLite) plus a derived PostgreSQL
// copy, each with its own migrations folder; DATABASE_URL picks which one the
// CLI works on:
//   file:...                           -> prisma/schema.prisma,          prisma/migrations
//   postgresql://... or postgres://... -> prisma/postgres/schema.prisma, prisma/postgres/migrations
// PRISMA_PROVIDER=sqlite|postgresql overrides the choice (scripts/prisma.mjs
// uses it to generate both clients). Use `node scripts/prisma.mjs ...` (the
// npm scripts do) rather than `npx prisma`: it also makes the CLI work offline.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';
import { providerOfUrl, sqlitePathFromUrl } from './server/config/database-url.mjs';

const root = (() => {
  try {
    return path.dirname(fileURLToPath(import.meta.url));
  } catch {
    return process.cwd();
  }
})();

const DEFAULT_DATABASE_URL = 'file:./data/app.db';

type Provider = 'sqlite' | 'postgresql';

function providerOf(url: string): Provider | undefined {
  return providerOfUrl(url) ?? undefined;
}

function providerOverride(): Provider | undefined {
  const value = process.env.PRISMA_PROVIDER?.trim().toLowerCase();
  if (!value) return undefined;
  if (value === 'sqlite') return 'sqlite';
  if (value === 'postgresql' || value === 'postgres' || value === 'pg') return 'postgresql';
  throw new Error(`PRISMA_PROVIDER must be "sqlite" or "postgresql", got "${process.env.PRISMA_PROVIDER}"`);
}

/** `file:./data/app.db` -> `file:/abs/project/data/app.db` (query string kept). */
function absoluteSqliteUrl(url: string): string {
  const q = url.indexOf('?');
  return `file:${sqlitePathFromUrl(url, root)}${q >= 0 ? url.slice(q) : ''}`;
}

const databaseUrl = process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
const urlProvider = providerOf(databaseUrl);
const provider = providerOverride() ?? urlProvider;
if (!provider) {
  throw new Error('DATABASE_URL must be a file: URL (SQLite) or a postgresql:// / postgres:// URL (PostgreSQL).');
}
// Only hand the URL to the CLI when it belongs to the chosen provider
// (`generate` with PRISMA_PROVIDER set needs no database at all).
const url = urlProvider !== provider ? undefined : provider === 'sqlite' ? absoluteSqliteUrl(databaseUrl) : databaseUrl;

// Optional: a dedicated shadow database for `migrate dev` (PostgreSQL); by
// default a temporary one is created and dropped on the same server.
const shadowDatabaseUrl = provider === 'postgresql' ? process.env.SHADOW_DATABASE_URL?.trim() : undefined;

const paths =
  provider === 'postgresql'
    ? { schema: 'prisma/postgres/schema.prisma', migrations: 'prisma/postgres/migrations' }
    : { schema: 'prisma/schema.prisma', migrations: 'prisma/migrations' };

export default defineConfig({
  schema: path.join(root, paths.schema),
  migrations: { path: path.join(root, paths.migrations) },
  datasource: {
    ...(url ? { url } : {}),
    ...(shadowDatabaseUrl ? { shadowDatabaseUrl } : {}),
  },
});
