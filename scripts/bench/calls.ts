// The calls `npm run bench` measures, each with its raw baseline: hand-written SQL through better-sqlite3 or pg
// that must answer the same JSON body, byte for byte, and the same paging headers as the app.
// A later list call is one more entry in `benchCalls` (and, when it needs new SQL, one more SqlHandler).
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

/** The signed-in staff member, from the baseline's one-statement session lookup. */
export type Auth = {
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  businessId: number;
  businessName: string;
  businessSlug: string;
};

/** A query string as Express parses it. */
export type Query = Record<string, unknown>;
export type Reply = { status?: number; body: unknown; headers?: Record<string, string> };

/** Prepares its statements once per database, then answers each request. */
export type SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => (query: Query, auth: Auth) => Reply;
  postgres: (pool: pg.Pool) => (query: Query, auth: Auth) => Promise<Reply>;
};

/** What a call's path may ask of the app at run time (a cursor taken from an earlier page, an id…). */
export type PathContext = { appHeader: (path: string, header: string) => Promise<string | null> };

export type BenchCall = {
  name: string;
  /** Request path with its query; a function when it depends on the data (null: the call does not apply). */
  path: string | ((ctx: PathContext) => Promise<string | null>);
  /** The baseline's Express route; defaults to a string path without its query (required when path is a function). */
  route?: string;
  handler: SqlHandler;
};

// ---------------------------------------------------------------- conversions shared by the handlers

/** A request that the app would refuse with 400; the baseline refuses it too (its body is not compared). */
class BadRequest extends Error {}
export const isBadRequest = (error: unknown) => error instanceof BadRequest;

/** Like zod's `z.coerce.number().int().min(min).max(max)`, with a default when absent. */
function intParam(value: unknown, fallback: number | null, min: number, max: number): number | null {
  if (value === undefined || value === null || value === '') return fallback;
  const n = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(n) || n < min || n > max) throw new BadRequest();
  return n;
}

/** Trimmed optional text; empty means no filter (as the app's `input.search ? … : {}`). */
function textParam(value: unknown, max: number): string | null {
  if (value === undefined) return null;
  if (typeof value !== 'string') throw new BadRequest();
  const text = value.trim();
  if (text.length > max) throw new BadRequest();
  return text || null;
}

const PAGE_SIZE = 24;
const PAGE_SIZE_MAX = 100;
const MAX_ID = 2_147_483_647;

/**
 * SQLite DATETIME as Prisma stores it (ISO 8601 text such as 2026-05-14T09:00:00.000+00:00, or integer
 * milliseconds with timestampFormat unixepoch-ms; CURRENT_TIMESTAMP defaults are "YYYY-MM-DD HH:MM:SS" in UTC)
 * → the JSON the app sends (Date#toISOString).
 */
export function sqliteIso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text)) return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}

/** PostgreSQL timestamp(3) (UTC, no zone, as Prisma stores it) → toISOString's text, computed in SQL. */
const pgIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** ILIKE pattern with the user's % _ \ escaped, as server/db.ts does for PostgreSQL. */
const pgContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- GET /api/companies

type CompanyListParams = { limit: number; cursor: number | null; search: string | null };

function companyListParams(query: Query): CompanyListParams {
  return {
    limit: intParam(query.limit, PAGE_SIZE, 1, PAGE_SIZE_MAX)!,
    cursor: intParam(query.cursor, null, 1, MAX_ID),
    search: textParam(query.search, 100),
  };
}

/** Items ordered by name, id; X-Total-Count on the first page; X-Next-Cursor = last id when more rows follow. */
function companyPage<T extends { id: number }>(rows: T[], limit: number, total: number | null): Reply {
  const items = rows.length > limit ? rows.slice(0, limit) : rows;
  const headers: Record<string, string> = {};
  if (total !== null) headers['X-Total-Count'] = String(total);
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
}

type SqliteCompanyRow = {
  id: number;
  name: string;
  industry: string | null;
  website: string | null;
  address: string | null;
  phone: string | null;
  status: string;
  createdAt: unknown;
  updatedAt: unknown;
  contactCount: number;
  projectCount: number;
};

const companiesList: SqlHandler = {
  sqlite(db) {
    // One statement per shape (search or not, cursor or not), prepared once.
    const statements = new Map<string, BetterSqlite3.Statement>();
    const statement = (search: boolean, cursor: boolean, count: boolean) => {
      const key = `${search}${cursor}${count}`;
      let s = statements.get(key);
      if (!s) {
        const where = [
          'c.businessId = @businessId',
          ...(search ? ['(c.name LIKE @pattern OR c.industry LIKE @pattern)'] : []),
          ...(cursor
            ? ['(c.name, c.id) > ((SELECT name FROM Company WHERE id = @cursor AND businessId = @businessId), @cursor)']
            : []),
        ].join(' AND ');
        s = db.prepare(
          count
            ? `SELECT COUNT(*) AS n FROM Company c WHERE ${where}`
            : `SELECT c.id, c.name, c.industry, c.website, c.address, c.phone, c.status, c.createdAt, c.updatedAt,
                 (SELECT COUNT(*) FROM Contact t WHERE t.businessId = c.businessId AND t.companyId = c.id) AS contactCount,
                 (SELECT COUNT(*) FROM Project p WHERE p.businessId = c.businessId AND p.companyId = c.id) AS projectCount
               FROM Company c WHERE ${where} ORDER BY c.name, c.id LIMIT @take`,
        );
        statements.set(key, s);
      }
      return s;
    };
    return (query, auth) => {
      const { limit, cursor, search } = companyListParams(query);
      // SQLite LIKE: case-insensitive for ASCII, % and _ in the text stay wildcards (as Prisma's contains).
      const params = { businessId: auth.businessId, pattern: `%${search}%`, cursor, take: limit + 1 };
      const rows = (statement(!!search, cursor !== null, false).all(params) as SqliteCompanyRow[]).map((r) => ({
        id: r.id,
        name: r.name,
        industry: r.industry,
        website: r.website,
        address: r.address,
        phone: r.phone,
        status: r.status,
        createdAt: sqliteIso(r.createdAt),
        updatedAt: sqliteIso(r.updatedAt),
        contactCount: r.contactCount,
        projectCount: r.projectCount,
      }));
      const total = cursor === null ? (statement(!!search, false, true).get(params) as { n: number }).n : null;
      return companyPage(rows, limit, total);
    };
  },

  postgres(pool) {
    const text = (search: boolean, cursor: boolean, count: boolean) => {
      const where = [
        'c."businessId" = $1',
        ...(search ? ['(c.name ILIKE $2 OR c.industry ILIKE $2)'] : []),
        ...(cursor
          ? [`(c.name, c.id) > ((SELECT name FROM "Company" WHERE id = $${search ? 3 : 2} AND "businessId" = $1), $${search ? 3 : 2})`]
          : []),
      ].join(' AND ');
      if (count) return `SELECT COUNT(*)::int AS n FROM "Company" c WHERE ${where}`;
      const take = 2 + (search ? 1 : 0) + (cursor ? 1 : 0);
      return `SELECT c.id, c.name, c.industry, c.website, c.address, c.phone, c.status,
                ${pgIso('c."createdAt"')} AS "createdAt", ${pgIso('c."updatedAt"')} AS "updatedAt",
                (SELECT COUNT(*)::int FROM "Contact" t WHERE t."businessId" = c."businessId" AND t."companyId" = c.id) AS "contactCount",
                (SELECT COUNT(*)::int FROM "Project" p WHERE p."businessId" = c."businessId" AND p."companyId" = c.id) AS "projectCount"
              FROM "Company" c WHERE ${where} ORDER BY c.name, c.id LIMIT $${take}`;
    };
    return async (query, auth) => {
      const { limit, cursor, search } = companyListParams(query);
      const key = `${!!search}-${cursor !== null}`;
      const values: unknown[] = [auth.businessId, ...(search ? [pgContains(search)] : []), ...(cursor !== null ? [cursor] : [])];
      // Named statements: pg prepares each once per connection.
      const [rows, total] = await Promise.all([
        pool.query({ name: `companies-${key}`, text: text(!!search, cursor !== null, false), values: [...values, limit + 1] }),
        cursor === null
          ? pool.query({ name: `companies-count-${!!search}`, text: text(!!search, false, true), values })
          : null,
      ]);
      return companyPage(rows.rows as { id: number }[], limit, total ? (total.rows[0] as { n: number }).n : null);
    };
  },
};

// ---------------------------------------------------------------- GET /auth/v1/me

/** The session's user and business, already loaded by the baseline's one authentication statement. */
const authMe: SqlHandler = {
  sqlite: () => (_query, auth) => ({ body: meBody(auth) }),
  postgres: () => async (_query, auth) => ({ body: meBody(auth) }),
};

const meBody = (a: Auth) => ({
  id: a.userId,
  email: a.email,
  first_name: a.firstName,
  last_name: a.lastName,
  role: a.role,
  business: { id: a.businessId, name: a.businessName, slug: a.businessSlug },
});

// ---------------------------------------------------------------- the table

export const benchCalls: BenchCall[] = [
  { name: 'companies', path: '/api/companies', handler: companiesList },
  { name: 'companies?search=tech', path: '/api/companies?search=tech', handler: companiesList },
  {
    name: 'companies?cursor=<page 2>',
    path: async ({ appHeader }) => {
      const next = await appHeader('/api/companies', 'x-next-cursor');
      return next === null ? null : `/api/companies?cursor=${encodeURIComponent(next)}`;
    },
    route: '/api/companies',
    handler: companiesList,
  },
  { name: 'auth/v1/me', path: '/auth/v1/me', handler: authMe },
];

/** The baseline's Express route for a call. */
export function routeOf(call: BenchCall): string {
  if (call.route) return call.route;
  if (typeof call.path !== 'string') throw new Error(`bench call "${call.name}": a computed path needs a route`);
  return call.path.split('?')[0];
}
