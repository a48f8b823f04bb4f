import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { hubLink } from '../../../shared/links';
import type { z } from 'zod';
import {
  SEARCH_KINDS,
  searchTerms,
  type searchQueryInput,
  snippetOf,
  type SearchKind,
  type SearchQueryOutput,
  type SearchResult,
} from '../../../shared/schemas/search';
import { join, sql, TENANT, toInt, toIntOrNull, toText, type Row, type Sql, type SqlRunner } from '../../sql';
import type { TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';

/**
 * Global search over SearchEntry (one row per company, contact, project, task, file, resource and flow, kept in
 * step by the triggers of the search migration). SQLite: the contentless FTS5 table "SearchEntry_fts", whose
 * `tenant` column ('b' || businessId) is ANDed into the MATCH; PostgreSQL: the GIN index over
 * to_tsvector('simple', "folded"). The terms are folded and cleaned here, so nothing the user types reaches the
 * query syntax: each term is letters and digits only.
 */

type Hit = {
  kind: SearchKind;
  entityId: number;
  companyId: number | null;
  ref: string | null;
  title: string;
  body: string;
  score: number;
  companyName: string | null;
};

/** FTS5: `"term"*` for each term (prefix match), the tenant column as one more AND. Terms hold only letters and digits. */
const ftsTerms = (terms: string[]) => `{title body} : (${terms.map((t) => `"${t}"*`).join(' AND ')})`;
/** PostgreSQL: `term:* & …` (prefix match), parsed by to_tsquery('simple', …). */
const tsTerms = (terms: string[]) => terms.map((t) => `${t}:*`).join(' & ');

function scopeFilters(companyId: number | undefined, kinds: SearchKind[] | undefined): Sql[] {
  // An archived company is hidden from search (its records stay findable, and reachable by id).
  const filters: Sql[] = [
    sql` AND NOT (e."kind" = 'company' AND EXISTS (SELECT 1 FROM "Company" ac WHERE ac."businessId" = ${TENANT} AND ac."id" = e."entityId" AND ac."archivedAt" IS NOT NULL))`,
  ];
  if (companyId !== undefined) filters.push(sql` AND e."companyId" = ${companyId}`);
  if (kinds?.length)
    filters.push(
      sql` AND e."kind" IN (${join(
        kinds.map((k) => sql`${k}`),
        ', ',
      )})`,
    );
  return filters;
}

const companyNameOf = sql`(SELECT c."name" FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = e."companyId") AS "companyName"`;

/**
 * Matches ranked per query: the newest this many. A word most rows share ("a") would otherwise rank the whole
 * agency on every keystroke; below the cap (a real word, two words) every match is ranked.
 */
const CANDIDATES = 5000;

/** The best `perKind` hits of each kind, best first (score: higher is better on both databases). */
async function findHits(db: SqlRunner, terms: string[], perKind: number, filters: Sql[]): Promise<Hit[]> {
  const where = join(filters, '');
  let rows: Row[];
  if (db.provider === 'sqlite') {
    // bm25: title weighted 10 to the body's 1 (tenant 0); lower is better, so the score is its negation. Ranks are
    // computed for the newest CANDIDATES matches only (rowid order is FTS5's own); the rows' text is read for the
    // winners alone.
    rows = await db.all(sql`
      SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body", -r."rank" AS "score", ${companyNameOf}
      FROM (
        SELECT w."id", w."rank", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."rank", w."id" DESC) AS "n"
        FROM (
          SELECT f."rowid" AS "id", bm25("SearchEntry_fts", 0.0, 10.0, 1.0) AS "rank", e."kind"
          FROM "SearchEntry_fts" f JOIN "SearchEntry" e ON e."id" = f."rowid"
          WHERE "SearchEntry_fts" MATCH ('tenant : b' || CAST(${TENANT} AS INTEGER) || ' AND ' || ${ftsTerms(terms)})
            AND e."businessId" = ${TENANT}${where}
          ORDER BY f."rowid" DESC LIMIT ${CANDIDATES}
        ) w
      ) r
      JOIN "SearchEntry" e ON e."id" = r."id"
      WHERE r."n" <= ${perKind}
      ORDER BY r."rank", r."id" DESC`);
  } else {
    // The GIN index finds the matches; the newest CANDIDATES are ranked: 1 for each term that starts a word of the
    // title (the title's part of "folded", so no re-folding), plus a bonus under 1 for shorter text (where the
    // words weigh more, as bm25's length normalisation on SQLite). ts_rank would re-parse every candidate's text:
    // 35 ms more at 4,500 candidates.
    const query = sql`to_tsquery('simple'::regconfig, ${tsTerms(terms)})`;
    const titleHits = join(
      terms.map(
        (t) => sql`(CASE WHEN left(m."folded", length(m."title")) ~ ${`(^|[^[:alnum:]])${t}`} THEN 1 ELSE 0 END)`,
      ),
      ' + ',
    );
    rows = await db.all(sql`
      SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body", r."score", ${companyNameOf}
      FROM (
        SELECT w."id", w."score", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."score" DESC, w."id" DESC) AS "n"
        FROM (
          SELECT m."id", m."kind", ${titleHits} + 64.0 / (65 + length(m."folded")) AS "score"
          FROM (
            SELECT e."id", e."kind", e."folded", e."title" FROM "SearchEntry" e
            WHERE e."businessId" = ${TENANT} AND to_tsvector('simple'::regconfig, e."folded") @@ ${query}${where}
            ORDER BY e."id" DESC LIMIT ${CANDIDATES}
          ) m
        ) w
      ) r
      JOIN "SearchEntry" e ON e."id" = r."id"
      WHERE r."n" <= ${perKind}
      ORDER BY r."score" DESC, r."id" DESC`);
  }
  return rows.map((r) => ({
    kind: String(r.kind) as SearchKind,
    entityId: toInt(r.entityId),
    companyId: toIntOrNull(r.companyId),
    ref: toText(r.ref),
    title: String(r.title),
    body: String(r.body ?? ''),
    score: Number(r.score),
    companyName: toText(r.companyName),
  }));
}

function groupHits(hits: Hit[], terms: string[]): SearchQueryOutput['groups'] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const h of hits) {
    const results = groups.get(h.kind) ?? [];
    if (!groups.has(h.kind)) groups.set(h.kind, results);
    results.push({
      kind: h.kind,
      id: h.entityId,
      title: h.title,
      snippet: snippetOf(h.body, terms),
      link: hubLink(h.kind, h.entityId, h.ref),
      companyId: h.companyId,
      companyName: h.kind === 'company' ? null : h.companyName,
    });
  }
  // Hits come best first, so the Map's order is each group's best hit.
  return [...groups].map(([kind, results]) => ({ kind, results }));
}

/** The agency's records whose words start with every word of q, a few of each kind. */
export async function searchQuery(scope: Pick<TenantScope, 'sql'>, input: z.infer<typeof searchQueryInput>) {
  const terms = searchTerms(input.q);
  const kinds = input.kinds?.filter((k) => SEARCH_KINDS.includes(k));
  const [company, hits] = await Promise.all([
    input.companyId === undefined ? true : isOurCompany(scope.sql, input.companyId),
    terms.length ? findHits(scope.sql, terms, input.limit, scopeFilters(input.companyId, kinds)) : [],
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.search.companyNotFound });
  return { q: input.q, terms, groups: groupHits(hits, terms) };
}
