// `migrate deploy` on many fresh databases in a row: a start that crashes part-way (it did, 1 run in 6 on Node 24 with
// a better-sqlite3 built on node::ObjectWrap) leaves a failed migration behind and the next start refuses (P3009).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { adminUrl } from '../support/postgres';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.MIGRATE_DEPLOY_RUNS ?? 20);

type Deploy = { code: number; output: string };

function deploy(databaseUrl: string): Promise<Deploy> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/prisma.mjs', 'migrate', 'deploy'],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

function migrationNames(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
}

/** What a database holds after a deploy: the migrations it recorded (and how) and its schema, to compare runs. */
type Outcome = { applied: string[]; unfinished: string[]; schema: string };

async function sqliteOutcome(file: string): Promise<Outcome> {
  const db = new BetterSqlite3(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name')
      .all() as { migration_name: string; finished_at: unknown; rolled_back_at: unknown }[];
    const schema = db
      .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
      .all();
    return outcome(rows, JSON.stringify(schema));
  } finally {
    db.close();
  }
}

async function postgresOutcome(url: string): Promise<Outcome> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
    );
    const columns = await client.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
       WHERE table_schema = 'public' ORDER BY table_name, column_name`,
    );
    const indexes = await client.query(
      "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname",
    );
    return outcome(rows, JSON.stringify([columns.rows, indexes.rows]));
  } finally {
    await client.end();
  }
}

function outcome(
  rows: { migration_name: string; finished_at: unknown; rolled_back_at: unknown }[],
  schema: string,
): Outcome {
  return {
    applied: rows.filter((r) => r.finished_at !== null && r.rolled_back_at === null).map((r) => r.migration_name),
    unfinished: rows.filter((r) => r.finished_at === null).map((r) => r.migration_name),
    schema,
  };
}

async function withPostgresDatabase<T>(run: number, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `clientflow_deploy_${process.pid}_${Date.now()}_${run}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
    const target = new URL(adminUrl());
    target.pathname = `/${name}`;
    return await fn(target.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function withSqliteDatabase<T>(fn: (url: string, file: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-deploy-'));
  try {
    const file = path.join(dir, 'app.db');
    return await fn(`file:${file}`, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One fresh database per run: its URL, and how to read what a deploy left in it. */
type Provider = {
  name: string;
  folder: string;
  fresh: <T>(run: number, fn: (url: string, read: () => Promise<Outcome>) => Promise<T>) => Promise<T>;
};

const providers: Provider[] = [
  {
    name: 'SQLite',
    folder: 'prisma/migrations',
    fresh: (_run, fn) => withSqliteDatabase((url, file) => fn(url, () => sqliteOutcome(file))),
  },
  {
    name: 'PostgreSQL',
    folder: 'prisma/postgres/migrations',
    fresh: (run, fn) => withPostgresDatabase(run, (url) => fn(url, () => postgresOutcome(url))),
  },
];

describe.each(providers)('migrate deploy on $name', ({ folder, fresh }) => {
  it(
    `applies every migration, the same way, on ${RUNS} fresh databases in a row`,
    async () => {
      const expected = migrationNames(folder);
      let firstSchema: string | undefined;
      for (let run = 1; run <= RUNS; run++) {
        await fresh(run, async (url, read) => {
          const result = await deploy(url);
          const label = `run ${run} of ${RUNS}, exit code ${result.code}:\n${result.output}`;
          expect(result.code, label).toBe(0);
          expect(result.output, label).toContain('All migrations have been successfully applied.');
          const state = await read();
          expect(state.unfinished, label).toEqual([]);
          expect(state.applied, label).toEqual(expected);
          firstSchema ??= state.schema;
          expect(state.schema === firstSchema, `${label}\nschema differs from run 1's`).toBe(true);
        });
      }
    },
    RUNS * 90_000,
  );
});
