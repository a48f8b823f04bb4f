#!/usr/bin/env node
// Runs the project's Prisma CLI: `node scripts/prisma.mjs <prisma args...>`.
//
// - Without a native schema engine in node_modules/@prisma/engines (machines
//   that cannot reach Prisma's binary host), PRISMA_SCHEMA_ENGINE_BINARY is
//   pointed at the offline stand-in in scripts/schema-engine/. With the native
//   engine present (or PRISMA_SCHEMA_ENGINE_BINARY already set) nothing changes.
// - `generate` derives prisma/postgres/schema.prisma and generates BOTH clients
//   (server/generated/sqlite and server/generated/postgres), whatever
//   DATABASE_URL says; no database is needed.
// - `studio` gets an absolute --url (Studio refuses relative file: URLs).
// - Everything else works on the database selected by DATABASE_URL (default
//   file:./data/app.db; postgresql:// or postgres:// selects PostgreSQL), see
//   prisma.config.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { providerOfUrl, sqlitePathFromUrl } from '../server/config/database-url.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DEFAULT_DATABASE_URL = 'file:./data/app.db';
export const STANDIN = path.join(ROOT, 'scripts', 'schema-engine', 'schema-engine.mjs');

const require = createRequire(path.join(ROOT, 'package.json'));

export function isPostgresUrl(url) {
  return providerOfUrl(url) === 'postgresql';
}

export function isSqliteUrl(url) {
  return providerOfUrl(url) === 'sqlite';
}

export function databaseUrl(env = process.env) {
  return env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/** Absolute path of the SQLite file a `file:` URL names (relative to the project root). */
export function sqliteFile(url) {
  return sqlitePathFromUrl(url, ROOT);
}

/** Is a native schema-engine binary installed in @prisma/engines? */
export function hasNativeSchemaEngine() {
  let dir;
  try {
    const prismaDir = path.dirname(require.resolve('prisma/package.json'));
    dir = path.dirname(require.resolve('@prisma/engines/package.json', { paths: [prismaDir] }));
  } catch {
    return false;
  }
  try {
    return fs.readdirSync(dir).some((f) => /^schema-engine-/.test(f) && fs.statSync(path.join(dir, f)).isFile());
  } catch {
    return false;
  }
}

/** Environment for the Prisma CLI (stand-in engine only when needed). */
export function prismaEnv(extra = {}) {
  const env = { ...process.env, ...extra };
  if (!env.PRISMA_SCHEMA_ENGINE_BINARY && !hasNativeSchemaEngine()) {
    env.PRISMA_SCHEMA_ENGINE_BINARY = STANDIN;
    // Offline machine: skip the update check against Prisma's servers.
    env.CHECKPOINT_DISABLE ??= '1';
  }
  return env;
}

/** Run the Prisma CLI; resolves with its exit code. */
export function runPrisma(args, { env = {}, stdio = 'inherit' } = {}) {
  const cli = require.resolve('prisma/build/index.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], { cwd: ROOT, env: prismaEnv(env), stdio });
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
    });
  });
}

async function generate(rest) {
  const { derivePostgresSchema, SOURCE, TARGET } = await import('./derive-postgres-schema.mjs');
  const derived = derivePostgresSchema(fs.readFileSync(SOURCE, 'utf8'));
  if (!fs.existsSync(TARGET) || fs.readFileSync(TARGET, 'utf8') !== derived) {
    fs.mkdirSync(path.dirname(TARGET), { recursive: true });
    fs.writeFileSync(TARGET, derived);
    console.log('Derived prisma/postgres/schema.prisma from prisma/schema.prisma.');
  }
  for (const provider of ['sqlite', 'postgresql']) {
    const code = await runPrisma(['generate', ...rest], { env: { PRISMA_PROVIDER: provider } });
    if (code !== 0) return code;
  }
  return 0;
}

async function studio(rest) {
  if (rest.some((a) => a === '--url' || a.startsWith('--url='))) return runPrisma(['studio', ...rest]);
  const url = databaseUrl();
  let studioUrl = url;
  if (isSqliteUrl(url)) {
    const file = sqliteFile(url);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    studioUrl = pathToFileURL(file).href; // file:///abs/path
  }
  return runPrisma(['studio', '--url', studioUrl, ...rest]);
}

async function main() {
  const args = process.argv.slice(2);
  const command = args.find((a) => !a.startsWith('-'));
  if (command === 'generate') return generate(args.filter((a) => a !== 'generate'));
  if (command === 'studio') return studio(args.filter((a) => a !== 'studio'));
  const url = databaseUrl();
  if (isSqliteUrl(url)) fs.mkdirSync(path.dirname(sqliteFile(url)), { recursive: true });
  return runPrisma(args);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => process.exit(code),
    (e) => {
      console.error(e?.stack ?? e);
      process.exit(1);
    },
  );
}
