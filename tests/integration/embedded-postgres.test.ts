// With no PostgreSQL configured and none answering, the run starts its own (tests/support/postgres.ts) and leaves
// nothing behind: not at the end, not on Ctrl-C, not when the test runner is killed. Runs in the SQLite run only
// (the PostgreSQL run already runs everything on the run's server, embedded or not).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultAdminUrl, postgresForRun } from '../support/postgres';
import { freePort } from '../support/temporary';

const KEEPER = path.resolve(import.meta.dirname, '../support/embedded-postgres.mjs');

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits (a bounded number of checks) until `gone()` holds; returns whether it did. */
async function eventually(gone: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await gone()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** A stand-in test runner, in its own process group, that starts the keeper and prints the keeper's line. */
function runner(): Promise<{ runner: ChildProcess; url: string; directory: string }> {
  const script = `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(KEEPER)}],
    { stdio: ['pipe', 'inherit', 'inherit'] }); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', script], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (!out.includes('\n')) return;
      const line = JSON.parse(out.slice(0, out.indexOf('\n')));
      if (line.error) reject(new Error(line.error));
      else resolve({ runner: child, url: line.url, directory: line.directory });
    });
    child.once('exit', () => reject(new Error('the stand-in runner exited')));
  });
}

// Starting a server takes 2 to 10 s (a quiet or a very busy machine), stopping it 0.2 to 2.5 s.
describe.runIf(process.env.TEST_DATABASE !== 'postgres')('the embedded PostgreSQL', () => {
  const saved = { POSTGRES_ADMIN_URL: process.env.POSTGRES_ADMIN_URL, PGPORT: process.env.PGPORT };
  let started: ChildProcess | undefined;
  afterEach(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    try {
      if (started?.pid) process.kill(-started.pid, 'SIGKILL');
    } catch {
      // Already gone, as it should be.
    }
    started = undefined;
  });

  it('runs when nothing answers on the default address, and is gone with its data after the run', async () => {
    delete process.env.POSTGRES_ADMIN_URL;
    process.env.PGPORT = String(await freePort());
    expect(await answers(defaultAdminUrl())).toBe(false);
    const said = vi.spyOn(console, 'log').mockImplementation(() => {});
    const stop = await postgresForRun();
    const line = said.mock.calls.map((args) => String(args[0])).join('\n');
    said.mockRestore();
    expect(line).toMatch(
      /^PostgreSQL for this run: embedded PostgreSQL 18\.\d+ at postgres@127\.0\.0\.1:\d+\/postgres/,
    );
    expect(line).toContain(`none at postgres@127.0.0.1:${process.env.PGPORT}/postgres`);
    const directory = /data in (\S+),/.exec(line)?.[1] ?? '';
    expect(fs.existsSync(path.join(directory, 'PG_VERSION'))).toBe(true);
    const url = process.env.POSTGRES_ADMIN_URL!;
    expect(new URL(url).port).not.toBe(process.env.PGPORT);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ v: string; encoding: string; lower: string }>(
      `SELECT current_setting('server_version_num') AS v, pg_encoding_to_char(encoding) AS encoding,
        lower('ÄRGER Éclair') AS lower FROM pg_database WHERE datname = current_database()`,
    );
    await client.query('CREATE DATABASE "clientflow_embedded_check"');
    await client.end();
    expect(Number(rows[0].v)).toBeGreaterThanOrEqual(180000);
    // UTF-8 with Unicode case mapping, as a production database, whatever the machine's locale.
    expect(rows[0]).toMatchObject({ encoding: 'UTF8', lower: 'ärger éclair' });
    await stop();
    expect(fs.existsSync(directory)).toBe(false);
    expect(process.env.POSTGRES_ADMIN_URL).toBeUndefined();
    expect(await answers(url)).toBe(false);
  }, 90_000);

  it.each([
    ['on Ctrl-C (SIGINT to the whole process group)', (pid: number) => process.kill(-pid, 'SIGINT')],
    ['when the test runner is killed (SIGKILL, no teardown)', (pid: number) => process.kill(pid, 'SIGKILL')],
  ])(
    'stops and deletes its data %s',
    async (_how, end) => {
      const run = await runner();
      started = run.runner;
      expect(await answers(run.url)).toBe(true);
      expect(fs.existsSync(path.join(run.directory, 'PG_VERSION'))).toBe(true);
      end(run.runner.pid!);
      expect(await eventually(async () => !fs.existsSync(run.directory))).toBe(true);
      expect(await answers(run.url)).toBe(false);
    },
    90_000,
  );
});
