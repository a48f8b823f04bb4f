// The bell's list for `npm run bench` (server/domain/notifications, GET /api/notifications): the signed-in
// user's notifications, newest first, answered by hand-written SQL that must give the app's JSON byte for byte.
// One SQL text serves both databases: $n placeholders (named @pn on SQLite), quoted identifiers (as ./portal.ts).
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { LIMITS } from '../../shared/constants';
// Only types come from ./calls (no import cycle), as in ./portal.ts.
import type { Auth, Query, Reply, SqlHandler } from './calls';

type Row = Record<string, unknown>;

/** SQLite DATETIME text (or milliseconds) → toISOString's text. */
function sqliteIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text))
    return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}

/** iso: how a timestamp column is read (PostgreSQL formats it in SQL, as ./portal.ts). */
const TEXT = (
  cursor: boolean,
  unread: boolean,
  iso = (c: string) => c,
) => `SELECT id, kind, title, body, link, ${iso('"readAt"')} AS "readAt", ${iso('"createdAt"')} AS "createdAt" FROM "Notification"
  WHERE "businessId" = $1 AND "userId" = $2${unread ? ' AND "readAt" IS NULL' : ''}${cursor ? ' AND ("createdAt", id) < ((SELECT "createdAt" FROM "Notification" WHERE "businessId" = $1 AND id = $4), $4)' : ''}
  ORDER BY "createdAt" DESC, id DESC LIMIT $3`;
const COUNT = (unread: boolean) =>
  `SELECT COUNT(*) AS n FROM "Notification" WHERE "businessId" = $1 AND "userId" = $2${unread ? ' AND "readAt" IS NULL' : ''}`;

const pgIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

function params(query: Query) {
  const int = (value: unknown, fallback: number | null, max: number) => {
    if (value === undefined || value === '') return fallback;
    const n = Number(value);
    if (typeof value !== 'string' || !Number.isInteger(n) || n < 1 || n > max)
      throw Object.assign(new Error('bad request'), { badRequest: true });
    return n;
  };
  return {
    limit: int(query.limit, LIMITS.pageSize, LIMITS.pageSizeMax)!,
    cursor: int(query.cursor, null, 2_147_483_647),
    unread: query.unreadOnly === 'true' || query.unreadOnly === '1',
  };
}

function reply(rows: Row[], total: Row | undefined, limit: number, iso: (v: unknown) => string | null): Reply {
  const items = rows.slice(0, limit).map((r) => ({
    id: Number(r.id),
    kind: String(r.kind),
    title: String(r.title),
    body: String(r.body ?? ''),
    link: r.link == null ? null : String(r.link),
    readAt: iso(r.readAt),
    createdAt: iso(r.createdAt),
  }));
  const headers: Record<string, string> = {};
  if (total) headers['X-Total-Count'] = String(Number(total.n));
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
}

/** GET /api/notifications: the items, X-Total-Count (first page), X-Next-Cursor. */
export const notificationsList: SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => {
    const statements = new Map<string, BetterSqlite3.Statement>();
    const prepare = (text: string) =>
      statements.get(text) ?? statements.set(text, db.prepare(text.replace(/\$(\d+)/g, '@p$1'))).get(text)!;
    return (query: Query, auth: Auth) => {
      const { limit, cursor, unread } = params(query);
      const rows = prepare(TEXT(!!cursor, unread)).all({
        p1: auth.businessId,
        p2: auth.userId,
        p3: limit + 1,
        ...(cursor ? { p4: cursor } : {}),
      }) as Row[];
      const total = cursor ? undefined : (prepare(COUNT(unread)).get({ p1: auth.businessId, p2: auth.userId }) as Row);
      return reply(rows, total, limit, sqliteIso);
    };
  },
  postgres: (pool: pg.Pool) => async (query: Query, auth: Auth) => {
    const { limit, cursor, unread } = params(query);
    const [rows, total] = await Promise.all([
      pool.query({
        name: `notifications-${!!cursor}-${unread}`,
        text: TEXT(!!cursor, unread, pgIso),
        values: [auth.businessId, auth.userId, limit + 1, ...(cursor ? [cursor] : [])],
      }),
      cursor
        ? null
        : pool.query({
            name: `notifications-count-${unread}`,
            text: COUNT(unread),
            values: [auth.businessId, auth.userId],
          }),
    ]);
    return reply(rows.rows, total?.rows[0], limit, (v) => (v == null ? null : String(v)));
  },
};
