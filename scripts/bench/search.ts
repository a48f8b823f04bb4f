// The search call of `npm run bench` (see ./calls.ts): GET /api/search?q= (the command palette), answered by the
// same hand-written full-text SQL through better-sqlite3 or pg, shaped into the same JSON body as the app.
// Only types come from ./calls (no import cycle); the terms, snippet and link helpers are the shared pure ones.
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { Query, Reply, SqlHandler } from './calls';
import { hubLink } from '../../shared/links';
import { SEARCH_LIMITS, searchTerms, snippetOf } from '../../shared/schemas/search';

const CANDIDATES = 5000;

type Row = {
  kind: string;
  entityId: number;
  companyId: number | null;
  ref: string | null;
  title: string;
  body: string;
  companyName: string | null;
};

class Invalid extends Error {}

function params(query: Query) {
  const q = query.q === undefined ? '' : query.q;
  if (typeof q !== 'string' || q.length > SEARCH_LIMITS.queryMax) throw new Invalid();
  const rawLimit = query.limit;
  const limit = rawLimit === undefined ? SEARCH_LIMITS.perKindDefault : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > SEARCH_LIMITS.perKindMax) throw new Invalid();
  return { q, terms: searchTerms(q), limit };
}

function body(q: string, terms: string[], rows: Row[]): Reply {
  const groups = new Map<string, unknown[]>();
  for (const r of rows) {
    const list = groups.get(r.kind) ?? [];
    if (!groups.has(r.kind)) groups.set(r.kind, list);
    list.push({
      kind: r.kind,
      id: Number(r.entityId),
      title: r.title,
      snippet: snippetOf(r.body ?? '', terms),
      link: hubLink(r.kind, Number(r.entityId), r.ref),
      companyId: r.companyId === null ? null : Number(r.companyId),
      companyName: r.kind === 'company' ? null : r.companyName,
    });
  }
  return { body: { q, terms, groups: [...groups].map(([kind, results]) => ({ kind, results })) } };
}

const badRequest: Reply = { status: 400, body: { message: 'bad request', code: 'BAD_REQUEST' } };

const SQLITE = `
  SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body",
    (SELECT c."name" FROM "Company" c WHERE c."businessId" = ? AND c."id" = e."companyId") AS "companyName"
  FROM (
    SELECT w."id", w."rank", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."rank", w."id" DESC) AS "n"
    FROM (
      SELECT f."rowid" AS "id", bm25("SearchEntry_fts", 0.0, 10.0, 1.0) AS "rank", e."kind"
      FROM "SearchEntry_fts" f JOIN "SearchEntry" e ON e."id" = f."rowid"
      WHERE "SearchEntry_fts" MATCH ? AND e."businessId" = ?
      ORDER BY f."rowid" DESC LIMIT ${CANDIDATES}
    ) w
  ) r
  JOIN "SearchEntry" e ON e."id" = r."id"
  WHERE r."n" <= ?
  ORDER BY r."rank", r."id" DESC`;

/** The PostgreSQL statement for n terms: $2 the tsquery, $4… one title pattern per term. */
const postgresText = (n: number) => `
  SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body",
    (SELECT c."name" FROM "Company" c WHERE c."businessId" = $1 AND c."id" = e."companyId") AS "companyName"
  FROM (
    SELECT w."id", w."score", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."score" DESC, w."id" DESC) AS "n"
    FROM (
      SELECT m."id", m."kind",
        ${Array.from({ length: n }, (_, i) => `(CASE WHEN left(m."folded", length(m."title")) ~ $${i + 4} THEN 1 ELSE 0 END)`).join(' + ')}
          + 64.0 / (65 + length(m."folded")) AS "score"
      FROM (
        SELECT e."id", e."kind", e."folded", e."title" FROM "SearchEntry" e
        WHERE e."businessId" = $1 AND to_tsvector('simple'::regconfig, e."folded") @@ to_tsquery('simple'::regconfig, $2)
        ORDER BY e."id" DESC LIMIT ${CANDIDATES}
      ) m
    ) w
  ) r
  JOIN "SearchEntry" e ON e."id" = r."id"
  WHERE r."n" <= $3
  ORDER BY r."score" DESC, r."id" DESC`;

export const searchQuery: SqlHandler = {
  sqlite(db: BetterSqlite3.Database) {
    const statement = db.prepare(SQLITE);
    return (query, auth) => {
      try {
        const { q, terms, limit } = params(query);
        if (!terms.length) return body(q, terms, []);
        const match = `tenant : b${auth.businessId} AND {title body} : (${terms.map((t) => `"${t}"*`).join(' AND ')})`;
        return body(q, terms, statement.all(auth.businessId, match, auth.businessId, limit) as Row[]);
      } catch (error) {
        if (error instanceof Invalid) return badRequest;
        throw error;
      }
    };
  },
  postgres(pool: pg.Pool) {
    return async (query, auth) => {
      try {
        const { q, terms, limit } = params(query);
        if (!terms.length) return body(q, terms, []);
        const values = [
          auth.businessId,
          terms.map((t) => `${t}:*`).join(' & '),
          limit,
          ...terms.map((t) => `(^|[^[:alnum:]])${t}`),
        ];
        const { rows } = await pool.query({
          name: `search-query-${terms.length}`,
          text: postgresText(terms.length),
          values,
        });
        return body(q, terms, rows as Row[]);
      } catch (error) {
        if (error instanceof Invalid) return badRequest;
        throw error;
      }
    };
  },
};
