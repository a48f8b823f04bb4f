// The activity log for `npm run bench` (server/routers/activity.ts): a company's Activity tab
// (GET /api/companies/{companyId}/activity) and the owner's whole log (GET /api/activity), newest first, answered by
// hand-written SQL that must give the app's JSON byte for byte (one statement per page, plus the company check).
// One SQL text serves both databases: $n placeholders (named @pn on SQLite), quoted identifiers (as ./notifications.ts).
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import { LIMITS } from '../../shared/constants';
import { hubLink } from '../../shared/links';
import { M } from '../../shared/messages';
// Only types come from ./calls (no import cycle), as in ./portal.ts.
import type { Auth, Query, Reply, SqlHandler } from './calls';

type Row = Record<string, unknown>;

function sqliteIso(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value)).toISOString();
  const text = String(value);
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text))
    return new Date(`${text.replace(' ', 'T')}Z`).toISOString();
  return new Date(text).toISOString();
}
const pgIso = (column: string) => `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const idRef = (table: string) =>
  `(SELECT CAST(x.id AS TEXT) FROM "${table}" x WHERE x."businessId" = $1 AND x.id = a."entityId")`;
/** $1 business, $2 limit + 1, then the company (when filtered) and the cursor (when paging), numbered in that order. */
const TEXT = (cursor: boolean, company: boolean, iso = (c: string) => c) => {
  const companyAt = 3;
  const cursorAt = company ? 4 : 3;
  return `
  SELECT a.id, a."actorType", a."actorUserId", a."actorContactId", a."actorName", a."entityType", a."entityId", a."entityName",
    a."companyId", (SELECT c.name FROM "Company" c WHERE c."businessId" = $1 AND c.id = a."companyId") AS "companyName",
    a.action, a.changes, a."clientVisible", ${iso('a."createdAt"')} AS "createdAt",
    CASE a."entityType" WHEN 'company' THEN ${idRef('Company')} WHEN 'contact' THEN ${idRef('Contact')} WHEN 'task' THEN ${idRef('Task')}
      WHEN 'file' THEN ${idRef('Document')} WHEN 'resource' THEN ${idRef('Resource')}
      WHEN 'project' THEN (SELECT x."projectUid" FROM "Project" x WHERE x."businessId" = $1 AND x.id = a."entityId")
      WHEN 'flow' THEN (SELECT x."flowUid" FROM "Flow" x WHERE x."businessId" = $1 AND x.id = a."entityId") ELSE NULL END AS ref
  FROM (SELECT * FROM "Activity" t WHERE t."businessId" = $1${company ? ` AND t."companyId" = $${companyAt}` : ''}${
    cursor
      ? ` AND (t."createdAt", t.id) < ((SELECT c."createdAt" FROM "Activity" c WHERE c."businessId" = $1 AND c.id = $${cursorAt}), $${cursorAt})`
      : ''
  } ORDER BY t."createdAt" DESC, t.id DESC LIMIT $2) a
  ORDER BY a."createdAt" DESC, a.id DESC`;
};
const valuesOf = (businessId: number, limit: number, companyId: number | null, cursor: number | null) => [
  businessId,
  limit + 1,
  ...(companyId !== null ? [companyId] : []),
  ...(cursor ? [cursor] : []),
];
const COMPANY = 'SELECT 1 AS ok FROM "Company" WHERE "businessId" = $1 AND id = $2';

const notFound = (): Reply => ({ status: 404, body: { message: M.activity.companyNotFound, code: 'NOT_FOUND' } });

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
    companyId: int(query.companyId, null, 2_147_483_647),
  };
}

const toBool = (v: unknown) => v === true || v === 1 || v === '1' || v === 't';
const intOrNull = (v: unknown) => (v == null ? null : Number(v));

function changesOf(value: unknown) {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((c) => typeof c === 'object' && c !== null && typeof c.field === 'string')
      .map((c) => ({ field: c.field, from: c.from ?? null, to: c.to ?? null }));
  } catch {
    return [];
  }
}

function reply(rows: Row[], limit: number, iso: (v: unknown) => string): Reply {
  const items = rows.slice(0, limit).map((r) => {
    const entityType = String(r.entityType);
    const entityId = intOrNull(r.entityId);
    return {
      id: Number(r.id),
      actorType: String(r.actorType),
      actorUserId: intOrNull(r.actorUserId),
      actorContactId: intOrNull(r.actorContactId),
      actorName: String(r.actorName),
      entityType,
      entityId,
      entityName: String(r.entityName ?? ''),
      companyId: intOrNull(r.companyId),
      companyName: r.companyName == null ? null : String(r.companyName),
      action: String(r.action),
      changes: changesOf(r.changes),
      clientVisible: toBool(r.clientVisible),
      link: r.ref == null ? null : hubLink(entityType, entityId, String(r.ref)),
      createdAt: iso(r.createdAt),
    };
  });
  const headers: Record<string, string> = {};
  if (rows.length > limit) headers['X-Next-Cursor'] = String(items[items.length - 1].id);
  return { body: items, headers };
}

/** GET /api/companies/{companyId}/activity and GET /api/activity (no filters): the items and X-Next-Cursor. */
export const activityList: SqlHandler = {
  sqlite: (db: BetterSqlite3.Database) => {
    const statements = new Map<string, BetterSqlite3.Statement>();
    const prepare = (text: string) =>
      statements.get(text) ?? statements.set(text, db.prepare(text.replace(/\$(\d+)/g, '@p$1'))).get(text)!;
    return (query: Query, auth: Auth) => {
      const { limit, cursor, companyId } = params(query);
      if (companyId !== null && !prepare(COMPANY).get({ p1: auth.businessId, p2: companyId })) return notFound();
      const named = Object.fromEntries(
        valuesOf(auth.businessId, limit, companyId, cursor).map((v, i) => [`p${i + 1}`, v]),
      );
      const rows = prepare(TEXT(!!cursor, companyId !== null)).all(named) as Row[];
      return reply(rows, limit, sqliteIso);
    };
  },
  postgres: (pool: pg.Pool) => async (query: Query, auth: Auth) => {
    const { limit, cursor, companyId } = params(query);
    const values = valuesOf(auth.businessId, limit, companyId, cursor);
    const text = TEXT(!!cursor, companyId !== null, pgIso);
    const [company, rows] = await Promise.all([
      companyId === null
        ? { rows: [1] }
        : pool.query({ name: 'activity-company', text: COMPANY, values: [auth.businessId, companyId] }),
      pool.query({ name: `activity-${!!cursor}-${companyId !== null}`, text, values }),
    ]);
    if (!company.rows.length) return notFound();
    return reply(rows.rows, limit, (v) => String(v));
  },
};
