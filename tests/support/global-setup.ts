import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { adminUrl, postgresForRun } from './postgres';
import { startS3Server, type S3TestServer } from './s3-server';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    /** TEST_STORAGE=s3: the S3-protocol server every app of the run stores its files in (tests/support/stored.ts). */
    s3: { env: Record<string, string>; directory: string; bucket: string } | null;
  }
}

/**
 * A fresh, migrated database for this run: a temp SQLite file, or (TEST_DATABASE=postgres) a new database on the run's
 * PostgreSQL (tests/support/postgres.ts). What it starts is stopped at the end, and also when the setup fails.
 */
export default async function setup(project: TestProject) {
  const stops: (() => Promise<void>)[] = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    let url: string;
    if (process.env.TEST_DATABASE === 'postgres') {
      stops.push(await postgresForRun());
      const admin = adminUrl();
      const name = `clientflow_test_${process.pid}_${Date.now()}`;
      await adminQuery(admin, `CREATE DATABASE "${name}"`);
      stops.push(() => adminQuery(admin, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
      const target = new URL(admin);
      target.pathname = `/${name}`;
      url = target.toString();
    } else {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-test-'));
      stops.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      url = `file:${path.join(dir, 'test.db')}`;
    }
    // The same migrations a deployment applies, through the same command.
    execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'pipe',
    });
    project.provide('databaseUrl', url);
    // TEST_STORAGE=s3 (the PostgreSQL run): every app of the run keeps its files in one bucket of an S3-protocol
    // server.
    let s3: S3TestServer | null = null;
    if (process.env.TEST_STORAGE === 's3') {
      s3 = await startS3Server();
      stops.push(() => s3!.close());
    }
    project.provide('s3', s3 ? { env: s3.env, directory: s3.directory, bucket: s3.bucket } : null);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
