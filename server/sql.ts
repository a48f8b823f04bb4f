/**
 * Hand-written SQL for the hot paths (session lookup, list pages), where Prisma's query shape or its per-query
 * overhead is the cost (see README "Architecture"). Everything else goes through Prisma.
 *
 * - One template tag for both databases: sql`... WHERE "id" = ${id}` becomes `+?` (SQLite, see SQLITE_PLACEHOLDER) or
 *   `$1` (PostgreSQL).
 * - Statements are prepared once and reused (better-sqlite3 statement cache; named prepared statements on pg).
 * - A tenant-bound runner refuses any statement that does not name the tenant: the marker TENANT in a query
 *   is replaced by the session's business id, and a query without it throws before it reaches the database.
 */
import crypto from 'node:crypto';
import type BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

/** Placeholder for the business id of the session, filled in by a tenant-bound runner only. */
export const TENANT: unique symbol = Symbol('tenant');

export type SqlValue = string | number | boolean | null | Date | typeof TENANT;

export class Sql {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly (SqlValue | Sql)[],
  ) {}
}

export function sql(strings: TemplateStringsArray | readonly string[], ...values: (SqlValue | Sql)[]): Sql {
  return new Sql(strings, values);
}

/** Joins fragments with a separator (for optional WHERE conditions). */
export function join(parts: Sql[], separator: string): Sql {
  if (parts.length === 0) return sql``;
  const strings = ['', ...parts.slice(1).map(() => separator), ''];
  return new Sql(strings, parts);
}

/** A raw piece of SQL text (identifiers chosen by code, never by input). */
export const raw = (text: string) => new Sql([text], []);

type Compiled = { text: string; values: SqlValue[]; tenantBound: boolean };

function compile(query: Sql, placeholder: (n: number) => string): Compiled {
  let text = '';
  const values: SqlValue[] = [];
  let tenantBound = false;
  const walk = (q: Sql) => {
    q.strings.forEach((s, i) => {
      text += s;
      if (i >= q.values.length) return;
      const v = q.values[i];
      if (v instanceof Sql) walk(v);
      else {
        if (v === TENANT) tenantBound = true;
        values.push(v);
        text += placeholder(values.length);
      }
    });
  };
  walk(query);
  return { text, values, tenantBound };
}

export type Row = Record<string, unknown>;

export interface SqlRunner {
  readonly provider: 'sqlite' | 'postgresql';
  all<T = Row>(query: Sql): Promise<T[]>;
  get<T = Row>(query: Sql): Promise<T | undefined>;
  run(query: Sql): Promise<number>;
}

/**
 * Runs statements on the given connection. With a tenant, the statement must name TENANT (else it throws);
 * without one, it must not.
 */
type Executor = {
  provider: 'sqlite' | 'postgresql';
  all(query: Sql, tenant: number | null): Promise<Row[]>;
  run(query: Sql, tenant: number | null): Promise<number>;
  close(): Promise<void>;
};

function bindTenant({ values, tenantBound }: Compiled, tenant: number | null) {
  if (tenant !== null && !tenantBound)
    throw new Error('Tenant-bound SQL must filter by TENANT (the session business).');
  return values.map((v) => {
    if (v !== TENANT) return v;
    if (tenant === null) throw new Error('This SQL names TENANT but runs without a business.');
    return tenant;
  });
}

const sqliteValue = (v: SqlValue) =>
  v instanceof Date ? v.toISOString().replace('Z', '+00:00') : typeof v === 'boolean' ? (v ? 1 : 0) : v;

/**
 * SQLite's placeholder: `+?`, not `?`. SQLite (3.54, as better-sqlite3 bundles it) marks a statement for re-preparing
 * when a parameter it planned with is bound again (a LIMIT, an `=` term of a join, a LIKE pattern), and
 * better-sqlite3 clears the bindings after every run, which re-prepares such a statement on every call: the statement
 * cache then saves nothing, and a join with a parameter cost 17 µs instead of 4, the portal's session check 144 µs
 * instead of 7. A unary plus is a no-op on any value (no affinity either way, so comparisons are unchanged) that the
 * planner does not look through, so the statement is planned once and kept. Plans are then chosen from the indexes
 * alone, not from the values bound: a filter and its sort need an index together (see the project's newest tasks and
 * files, migration project_newest_first_indexes).
 */
const SQLITE_PLACEHOLDER = () => '+?';

export function sqliteExecutor(connection: BetterSqlite3.Database): Executor {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepare = (text: string) => {
    let stmt = cache.get(text);
    if (!stmt) {
      stmt = connection.prepare(text);
      // Statements come from code, never from input, so the cache stays small; the cap is a safety net.
      if (cache.size > 500) cache.clear();
      cache.set(text, stmt);
    }
    return stmt;
  };
  return {
    provider: 'sqlite',
    async all(query, tenant) {
      const compiled = compile(query, SQLITE_PLACEHOLDER);
      return prepare(compiled.text).all(...bindTenant(compiled, tenant).map(sqliteValue)) as Row[];
    },
    async run(query, tenant) {
      const compiled = compile(query, SQLITE_PLACEHOLDER);
      return prepare(compiled.text).run(...bindTenant(compiled, tenant).map(sqliteValue)).changes;
    },
    close: async () => {
      connection.close();
    },
  };
}

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;

export function postgresExecutor(pool: pg.Pool): Executor {
  // Named statements are prepared once per connection by pg and reused after.
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `cf_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
      names.set(text, name);
    }
    return name;
  };
  const pgValue = (v: SqlValue) => (v instanceof Date ? v.toISOString() : v);
  // Prisma stores UTC in `timestamp(3)` (without time zone) columns; pg would read them in the server's local
  // zone. Keep the text, and toDate reads it as UTC, whatever TZ the process runs in.
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
      oid === TIMESTAMP_WITHOUT_TIME_ZONE
        ? (text: string) => text
        : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
  };
  return {
    provider: 'postgresql',
    async all(query, tenant) {
      const compiled = compile(query, (n) => `$${n}`);
      const values = bindTenant(compiled, tenant).map(pgValue);
      const result = await pool.query({ name: nameOf(compiled.text), text: compiled.text, values, types });
      return result.rows as Row[];
    },
    async run(query, tenant) {
      const compiled = compile(query, (n) => `$${n}`);
      const values = bindTenant(compiled, tenant).map(pgValue);
      const result = await pool.query({ name: nameOf(compiled.text), text: compiled.text, values, types });
      return result.rowCount ?? 0;
    },
    close: async () => {},
  };
}

/** For auth and public look-ups only: statements that must not name a tenant. */
export function unscopedRunner(executor: Executor): SqlRunner {
  return {
    provider: executor.provider,
    all: (q) => executor.all(q, null) as Promise<never[]>,
    get: async (q) => (await executor.all(q, null))[0] as never,
    run: (q) => executor.run(q, null),
  };
}

/** Bound to one business: every statement must name TENANT, which becomes the business id. */
export function tenantRunner(executor: Executor, businessId: number): SqlRunner {
  return {
    provider: executor.provider,
    all: (q) => executor.all(q, businessId) as Promise<never[]>,
    get: async (q) => (await executor.all(q, businessId))[0] as never,
    run: (q) => executor.run(q, businessId),
  };
}

export type { Executor as SqlExecutor };

/** Dates read by hand-written SQL: SQLite holds ISO text (or CURRENT_TIMESTAMP's "YYYY-MM-DD HH:MM:SS", UTC). */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  const text = String(value);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}

/** Counts come back as bigint strings from pg and numbers from SQLite. */
export const toInt = (value: unknown) => Number(value);

/** Booleans read by hand-written SQL: SQLite answers 0/1, pg true/false (or 't' in some drivers' text mode). */
export const toBool = (value: unknown) => value === true || value === 1 || value === '1' || value === 't';

/** Nullable text read by hand-written SQL. */
export const toText = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** Nullable dates and counts read by hand-written SQL. */
export const toDateOrNull = (value: unknown): Date | null =>
  value === null || value === undefined ? null : toDate(value);
export const toIntOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);
