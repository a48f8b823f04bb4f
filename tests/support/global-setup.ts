import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

const ADMIN_URL = process.env.POSTGRES_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** A fresh, migrated database for this run: a temp SQLite file, or (TEST_DATABASE=postgres) a new PostgreSQL database. */
export default async function setup(project: TestProject) {
  let url: string;
  let teardown: () => Promise<void>;
  if (process.env.TEST_DATABASE === 'postgres') {
    const name = `clientflow_test_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const target = new URL(ADMIN_URL);
    target.pathname = `/${name}`;
    url = target.toString();
    teardown = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-test-'));
    url = `file:${path.join(dir, 'test.db')}`;
    teardown = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  // The same migrations a deployment applies, through the same command.
  execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'pipe',
  });
  project.provide('databaseUrl', url);
  return teardown;
}
