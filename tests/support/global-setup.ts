import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startS3Server, type S3TestServer } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** TEST_STORAGE=s3: the S3-protocol server every app of the run stores its files in (tests/support/stored.ts). */
    s3: { env: Record<string, string>; directory: string; bucket: string } | null;
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
  // TEST_STORAGE=s3 (the PostgreSQL run): every app of the run keeps its files in one bucket of an S3-protocol server.
  let s3: S3TestServer | null = null;
  if (process.env.TEST_STORAGE === 's3') s3 = await startS3Server();
  project.provide('s3', s3 ? { env: s3.env, directory: s3.directory, bucket: s3.bucket } : null);
  return async () => {
    await s3?.close();
    await teardown();
  };
}
