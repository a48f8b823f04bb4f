#!/usr/bin/env node
// Creates a new migration, with the same folder name, for both providers:
//
//   npm run db:new -- <name>
//
// 1. derives prisma/postgres/schema.prisma from prisma/schema.prisma;
// 2. SQLite: `migrate dev --create-only --name <name>` against a scratch file
//    in a temporary folder -> prisma/migrations/<timestamp>_<name>/;
// 3. PostgreSQL: the same against a scratch database created on the server of
//    POSTGRES_ADMIN_URL (default postgresql://postgres@127.0.0.1:5432/postgres)
//    and dropped afterwards -> prisma/postgres/migrations/<timestamp>_<name>/.
// Your own DATABASE_URL database is never used. Review both migration.sql
// files, then apply with `npm run db:migrate`.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, runPrisma } from './prisma.mjs';
import { derivePostgresSchema, SOURCE, TARGET } from './derive-postgres-schema.mjs';

const SQLITE_MIGRATIONS = path.join(ROOT, 'prisma', 'migrations');
const PG_MIGRATIONS = path.join(ROOT, 'prisma', 'postgres', 'migrations');
const ADMIN_URL = process.env.POSTGRES_ADMIN_URL?.trim() || 'postgresql://postgres@127.0.0.1:5432/postgres';
const EMPTY_MIGRATION = /^\s*-- This is an empty migration\.\s*$/;

const listMigrations = (dir) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];

const stripTimestamp = (name) => name.replace(/^\d+_/, '');
const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');

function usage(message) {
  if (message) console.error(`db:new: ${message}\n`);
  console.error(
    'Usage: npm run db:new -- <migration_name>\n\nCreates prisma/migrations/<ts>_<name> and prisma/postgres/migrations/<ts>_<name>.',
  );
  process.exit(2);
}

/** Run `migrate dev --create-only` with DATABASE_URL pointing at a scratch database. */
async function createMigration(label, dir, scratchUrl, name) {
  const before = new Set(listMigrations(dir));
  console.log(`\n== ${label}: migrate dev --create-only --name ${name} (scratch database ${redact(scratchUrl)})`);
  const env = {
    DATABASE_URL: scratchUrl,
    PRISMA_PROVIDER: label === 'SQLite' ? 'sqlite' : 'postgresql',
    SHADOW_DATABASE_URL: '',
  };
  const code = await runPrisma(['migrate', 'dev', '--create-only', '--name', name], { env });
  const created = listMigrations(dir).filter((d) => !before.has(d));
  if (code !== 0) throw Object.assign(new Error(`${label}: prisma migrate dev failed (exit ${code})`), { created });
  if (created.length !== 1)
    throw Object.assign(new Error(`${label}: expected one new migration folder, found ${created.length}`), { created });
  return created[0];
}

async function withAdminClient(fn) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
  } catch (e) {
    throw new Error(`Cannot connect to POSTGRES_ADMIN_URL=${redact(ADMIN_URL)}: ${e.message}`);
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropDatabase(name) {
  await withAdminClient(async (c) => {
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch {
      await c.query(`DROP DATABASE IF EXISTS "${name}"`); // PostgreSQL < 13
    }
  });
}

async function main() {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.includes('--help') || args.includes('-h')) usage();
  const name = args.find((a) => !a.startsWith('-'));
  if (!name) usage('a migration name is required');
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(name)) usage('use letters, digits, "_" and "-" only in the name');

  // 1. Keep the PostgreSQL schema in step with the source schema.
  const derived = derivePostgresSchema(fs.readFileSync(SOURCE, 'utf8'));
  if (!fs.existsSync(TARGET) || fs.readFileSync(TARGET, 'utf8') !== derived) {
    fs.mkdirSync(path.dirname(TARGET), { recursive: true });
    fs.writeFileSync(TARGET, derived);
    console.log('Derived prisma/postgres/schema.prisma from prisma/schema.prisma.');
  }

  const sqliteNames = listMigrations(SQLITE_MIGRATIONS).map(stripTimestamp);
  const pgNames = listMigrations(PG_MIGRATIONS).map(stripTimestamp);
  if (sqliteNames.join('\n') !== pgNames.join('\n')) {
    console.warn(
      `Warning: the two migration histories differ:\n  SQLite:     ${sqliteNames.join(', ') || '(none)'}\n  PostgreSQL: ${pgNames.join(', ') || '(none)'}`,
    );
  }

  // Fail fast when the PostgreSQL server is not there.
  await withAdminClient((c) => c.query('SELECT 1'));

  const lockFiles = [
    path.join(SQLITE_MIGRATIONS, 'migration_lock.toml'),
    path.join(PG_MIGRATIONS, 'migration_lock.toml'),
  ];
  const lockExisted = lockFiles.map((f) => fs.existsSync(f));
  const createdDirs = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-db-new-'));
  const scratchDb = `clientflow_db_new_${crypto.randomBytes(6).toString('hex')}`;
  let scratchCreated = false;

  try {
    // 2. SQLite, against a scratch file.
    const sqliteDir = await createMigration(
      'SQLite',
      SQLITE_MIGRATIONS,
      `file:${path.join(tmp, 'scratch.db')}`,
      name,
    ).catch((e) => {
      createdDirs.push(...(e.created ?? []).map((d) => path.join(SQLITE_MIGRATIONS, d)));
      throw e;
    });
    createdDirs.push(path.join(SQLITE_MIGRATIONS, sqliteDir));

    // 3. PostgreSQL, against a scratch database on the admin server.
    await withAdminClient((c) => c.query(`CREATE DATABASE "${scratchDb}"`));
    scratchCreated = true;
    const scratchUrl = new URL(ADMIN_URL);
    scratchUrl.pathname = `/${scratchDb}`;
    let pgDir = await createMigration('PostgreSQL', PG_MIGRATIONS, scratchUrl.href, name).catch((e) => {
      createdDirs.push(...(e.created ?? []).map((d) => path.join(PG_MIGRATIONS, d)));
      throw e;
    });
    // Same folder name on both sides (the two runs may straddle a second).
    if (pgDir !== sqliteDir) {
      fs.renameSync(path.join(PG_MIGRATIONS, pgDir), path.join(PG_MIGRATIONS, sqliteDir));
      pgDir = sqliteDir;
    }
    createdDirs.push(path.join(PG_MIGRATIONS, pgDir));

    const empty = [SQLITE_MIGRATIONS, PG_MIGRATIONS].every((d) =>
      EMPTY_MIGRATION.test(fs.readFileSync(path.join(d, sqliteDir, 'migration.sql'), 'utf8')),
    );
    console.log(
      `\nCreated:\n  prisma/migrations/${sqliteDir}/migration.sql\n  prisma/postgres/migrations/${pgDir}/migration.sql`,
    );
    if (empty)
      console.log('\nNo schema change was found: both migrations are empty (fill them in by hand, or delete them).');
    console.log('\nReview both files, then apply with: npm run db:migrate');
  } catch (e) {
    for (const dir of createdDirs) fs.rmSync(dir, { recursive: true, force: true });
    lockFiles.forEach((f, i) => {
      if (!lockExisted[i] && listMigrations(path.dirname(f)).length === 0) fs.rmSync(f, { force: true });
    });
    console.error(`\ndb:new failed, nothing was kept: ${e.message}`);
    process.exitCode = 1;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (scratchCreated) {
      await dropDatabase(scratchDb).catch((e) => {
        console.error(`Could not drop the scratch database ${scratchDb}: ${e.message}`);
        process.exitCode = 1;
      });
    }
  }
}

await main().catch((e) => {
  console.error(`db:new: ${e.message}`);
  process.exitCode = 1;
});
