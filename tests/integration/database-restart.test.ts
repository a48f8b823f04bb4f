// An idle PostgreSQL connection ended by the server (a restart, a failover, pg_terminate_backend, a test's DROP
// DATABASE … WITH (FORCE)) must not end the process: the pool drops it and the next query gets a new one. Prisma's
// adapter listens on the pool only while connected ($disconnect removes its listener, and close() ends the pool
// after that), so the pool has a listener of its own (server/db.ts).
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { sql } from '../../server/sql';
import { adminUrl } from '../support/postgres';
import { temporaryDatabase, type TemporaryDatabase } from '../support/temporary';

const postgres = process.env.TEST_DATABASE === 'postgres';

describe.runIf(postgres)('an idle connection the database server ends', () => {
  let database: TemporaryDatabase;
  let opened: Database;
  beforeAll(async () => {
    database = await temporaryDatabase(true, 'restart');
    opened = await openDatabase(database.url);
  });
  afterAll(async () => {
    await opened?.close();
    await database?.drop();
  });

  it('is dropped by the pool, without an uncaught error, and the next query works', async () => {
    expect((await opened.sql.get<{ one: unknown }>(sql`SELECT 1 AS "one"`))?.one).toBe(1);
    // As in close(): Prisma lets go of the pool first; the hand-written statements' idle connection stays.
    await opened.db.$disconnect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const admin = new pg.Client({ connectionString: adminUrl() });
      await admin.connect();
      const name = new URL(database.url).pathname.slice(1);
      const ended = await admin.query(
        'SELECT pg_terminate_backend(pid) AS "ok" FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      await admin.end();
      expect(ended.rowCount).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(uncaught).toEqual([]);
      expect((await opened.sql.get<{ one: unknown }>(sql`SELECT 1 AS "one"`))?.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});
