/**
 * The migration that makes ReplyToken.threadId a tenant foreign key to MessageThread, on the database of the run
 * (SQLite, or PostgreSQL with TEST_DATABASE=postgres): applied after every earlier migration to a database holding
 * tokens made while threadId was text, it keeps the tokens that name a thread of their own agency (as that thread's
 * id) and deletes the others (not a number, a thread that is gone, another agency's thread); afterwards a token
 * cannot name a missing thread, and deleting a thread deletes its tokens. No app runs here.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { temporaryDatabase } from '../support/temporary';

describe('reply tokens made before their thread foreign key', () => {
  it('keep the tokens of a real thread of their agency, drop the others, and then follow their thread', async () => {
    const postgres = process.env.TEST_DATABASE === 'postgres';
    const dir = path.join(process.cwd(), 'prisma', ...(postgres ? ['postgres', 'migrations'] : ['migrations']));
    const migrations = fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
    const ours = migrations.findIndex((m) => m.endsWith('_reply_token_thread'));
    expect(ours).toBeGreaterThan(0);
    const sqlOf = (m: string) => fs.readFileSync(path.join(dir, m, 'migration.sql'), 'utf8');
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const token = (id: number, businessId: number, threadId: string) =>
      `INSERT INTO "ReplyToken" ("id", "businessId", "threadId", "contactId", "recipientEmail", "tokenHash", "expiresAt") VALUES (${id}, ${businessId}, '${threadId}', ${businessId === 1 ? 1 : 'NULL'}, 'ann@acme.test', 'hash-${id}', '${later}')`;
    const rows = [
      `INSERT INTO "Business" ("id", "name", "slug", "updatedAt") VALUES (1, 'Agency', 'agency', '${now}')`,
      `INSERT INTO "Business" ("id", "name", "slug", "updatedAt") VALUES (2, 'Other agency', 'other-agency', '${now}')`,
      `INSERT INTO "Company" ("id", "businessId", "name", "updatedAt") VALUES (1, 1, 'Acme', '${now}')`,
      `INSERT INTO "Company" ("id", "businessId", "name", "updatedAt") VALUES (2, 2, 'Elsewhere', '${now}')`,
      `INSERT INTO "Contact" ("id", "businessId", "companyId", "firstName", "lastName", "email", "updatedAt") VALUES (1, 1, 1, 'Ann', 'Lee', 'ann@acme.test', '${now}')`,
      `INSERT INTO "MessageThread" ("id", "businessId", "companyId", "kind") VALUES (10, 1, 1, 'company')`,
      `INSERT INTO "MessageThread" ("id", "businessId", "companyId", "kind") VALUES (20, 2, 2, 'company')`,
      token(1, 1, '10'), // kept: the agency's thread
      token(2, 1, 'thread-1'), // not a number
      token(3, 1, '99'), // a thread that is gone
      token(4, 1, '20'), // another agency's thread
      token(5, 1, '010'), // not the thread's id as written
      token(6, 1, '99999999999999999999'), // beyond any id
    ];
    const database = await temporaryDatabase(postgres, 'replytokenfk');
    try {
      let run: (sql: string) => Promise<unknown[]>;
      let close: () => Promise<void>;
      if (postgres) {
        const c = new pg.Client({ connectionString: database.url });
        await c.connect();
        run = async (sql) => (await c.query(sql)).rows;
        close = () => c.end();
      } else {
        const file = new BetterSqlite3(database.url.slice('file:'.length));
        file.pragma('foreign_keys = ON');
        run = async (sql) => {
          if (/^\s*SELECT/i.test(sql)) return file.prepare(sql).all();
          file.exec(sql);
          return [];
        };
        close = async () => void file.close();
      }
      try {
        for (const m of migrations.slice(0, ours)) await run(sqlOf(m));
        for (const row of rows) await run(row);
        await run(sqlOf(migrations[ours]));
        const left = (await run(`SELECT "id", "threadId" FROM "ReplyToken" ORDER BY "id"`)) as {
          id: number;
          threadId: number;
        }[];
        expect(left.map((r) => [Number(r.id), r.threadId])).toEqual([[1, 10]]);
        // A token can no longer name a missing thread, nor another agency's.
        await expect(run(token(7, 1, '99'))).rejects.toThrow();
        await expect(run(token(8, 1, '20'))).rejects.toThrow();
        // Deleting the thread deletes its reply addresses.
        await run(`DELETE FROM "MessageThread" WHERE "id" = 10`);
        expect(await run(`SELECT "id" FROM "ReplyToken"`)).toEqual([]);
      } finally {
        await close();
      }
    } finally {
      await database.drop();
    }
  });
});
