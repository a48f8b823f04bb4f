// A free port, and a temporary database that is dropped afterwards: for the tests that start servers or load data of
// their own, and for the measuring scripts (npm run bench, bench:upload, lighthouse).
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { adminUrl } from './postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export type TemporaryDatabase = { url: string; label: string; drop: () => Promise<void> };

/** A new, empty database: a SQLite file in a temp folder, or (postgres) a new database on POSTGRES_ADMIN_URL (tests/support/postgres.ts). */
export async function temporaryDatabase(postgres: boolean, prefix: string): Promise<TemporaryDatabase> {
  if (!postgres) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `clientflow-${prefix}-`));
    const file = path.join(dir, 'app.db');
    return {
      url: `file:${file}`,
      label: `SQLite ${file}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `clientflow_${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const target = new URL(adminUrl());
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    label: `PostgreSQL ${target.host}/${name}`,
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
