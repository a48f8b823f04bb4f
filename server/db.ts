import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { postgresExecutor, sqliteExecutor, unscopedRunner, type SqlExecutor, type SqlRunner } from './sql';
import { providerOfUrl, sqlitePathFromUrl } from './config/database-url.mjs';
import { log } from './log';
import { PrismaClient as SqliteClient } from './generated/sqlite/client';
import { PrismaClient as PostgresClient } from './generated/postgres/client';

/** Both generated clients come from one schema, so they share this shape. */
export type Db = SqliteClient;
export type Provider = 'sqlite' | 'postgresql';

export type Database = {
  /** The unscoped Prisma client: auth, sign-up, public branding look-ups, scripts and tests only. */
  db: Db;
  provider: Provider;
  /** Hand-written SQL for hot paths (server/sql.ts); bind it to a business with tenantRunner. */
  sqlExecutor: SqlExecutor;
  /** Unscoped hand-written SQL (session look-ups). */
  sql: SqlRunner;
  /** PostgreSQL: the connection pool Prisma and the hand-written SQL share (its counts feed /metrics); SQLite: null. */
  pool: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount' | 'options'> | null;
  close: () => Promise<void>;
};

export function providerOf(url: string): Provider {
  return providerOfUrl(url) === 'postgresql' ? 'postgresql' : 'sqlite';
}

/** file:./data/app.db → absolute path (relative to the working directory, the project root). */
export const sqlitePath = (url: string): string => sqlitePathFromUrl(url);

export async function openDatabase(url: string): Promise<Database> {
  const provider = providerOf(url);
  if (provider === 'postgresql') {
    // One pool for Prisma and the hand-written statements.
    const pool = new pg.Pool({ connectionString: url });
    // An idle connection that the server ends (a restart, a failover, an administrator) is dropped and replaced by
    // the pool; without a listener its 'error' event would end the process.
    pool.on('error', (err: Error & { code?: string }) =>
      log.warn({ code: err.code, message: err.message }, 'database: an idle connection ended'),
    );
    const db = new PostgresClient({ adapter: new PrismaPg(pool) }) as unknown as Db;
    await db.$connect();
    const sqlExecutor = postgresExecutor(pool);
    return {
      db,
      provider,
      sqlExecutor,
      sql: unscopedRunner(sqlExecutor),
      pool,
      close: async () => {
        await db.$disconnect();
        await pool.end().catch(() => {});
      },
    };
  }
  const file = sqlitePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file }) });
  // WAL lets readers continue while a write is in progress; busy_timeout waits instead of failing on a lock.
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
  // A second connection for the hand-written statements, with its own statement cache (WAL: readers never block).
  const connection = new BetterSqlite3(file);
  connection.pragma('busy_timeout = 5000');
  // Planner statistics: without them SQLite may pick a worse index (e.g. first name over company for a company
  // filter). SQLite's advice for long-lived connections: analyze what needs it at open, bounded by analysis_limit,
  // and again now and then.
  connection.pragma('analysis_limit = 400');
  connection.pragma('optimize = 0x10002');
  const optimizer = setInterval(() => connection.pragma('optimize'), 6 * 60 * 60 * 1000);
  optimizer.unref();
  const sqlExecutor = sqliteExecutor(connection);
  return {
    db,
    provider,
    sqlExecutor,
    sql: unscopedRunner(sqlExecutor),
    pool: null,
    close: async () => {
      clearInterval(optimizer);
      await db.$disconnect();
      connection.close();
    },
  };
}
