import fs from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient } from './generated/sqlite/client';
import { PrismaClient as PostgresClient } from './generated/postgres/client';

/** Both generated clients come from one schema, so they share this shape. */
export type Db = SqliteClient;
export type Provider = 'sqlite' | 'postgresql';

export type Database = {
  db: Db;
  provider: Provider;
  /**
   * Case-insensitive `contains` filter: PostgreSQL needs mode insensitive, SQLite's LIKE already is (for ASCII).
   * On SQLite, Prisma's LIKE has no escape character, so "%" and "_" typed in a search still act as wildcards.
   */
  contains: (text: string) => { contains: string; mode?: 'insensitive' };
  close: () => Promise<void>;
};

export function providerOf(url: string): Provider {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgresql' : 'sqlite';
}

/** file:./data/app.db → absolute path (relative to the working directory, the project root). */
export function sqlitePath(url: string): string {
  const raw = url.replace(/^file:(\/\/)?/, '');
  return path.resolve(raw);
}

export async function openDatabase(url: string): Promise<Database> {
  const provider = providerOf(url);
  if (provider === 'postgresql') {
    const db = new PostgresClient({ adapter: new PrismaPg({ connectionString: url }) }) as unknown as Db;
    await db.$connect();
    return {
      db,
      provider,
      // ILIKE's wildcards in the user's text are escaped, so "%" and "_" match themselves.
      contains: (text) => ({ contains: text.replace(/[\\%_]/g, (c) => `\\${c}`), mode: 'insensitive' }),
      close: () => db.$disconnect(),
    };
  }
  const file = sqlitePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const db = new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: file }) });
  // WAL lets readers continue while a write is in progress; busy_timeout waits instead of failing on a lock.
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
  return {
    db,
    provider,
    contains: (text) => ({ contains: text }),
    close: () => db.$disconnect(),
  };
}
