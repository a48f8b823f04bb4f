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
  // An archived company and its records (every entry names its company: a company's own entry its id, a task its
  // project's) are hidden from search; they stay reachable by id. The archived ids are read once per query, over the
  // (businessId, archivedAt, name) index, not per match.
  const filters: Sql[] = [
    sql` AND (e."companyId" IS NULL OR e."companyId" NOT IN (SELECT ac."id" FROM "Company" ac WHERE ac."businessId" = ${TENANT} AND ac."archivedAt" IS NOT NULL))`,
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

/**
 * How a hit's name matches what was typed (trimmed, lower-cased by the database on both sides): 0 the exact name, 1 a name that starts with it,
 * 2 any other match. Ranked before the text score, so "aspen" lists the company Aspen above files that mention it.
 */
const nameTier = (e: Sql, phrase: string) => {
  const typed = sql`lower(CAST(${phrase} AS TEXT))`;
  return sql`(CASE WHEN lower(${e}."title") = ${typed} THEN 0
    WHEN substr(lower(${e}."title"), 1, length(${typed})) = ${typed} THEN 1 ELSE 2 END)`;
};

/** The best `perKind` hits of each kind, best first: by name tier (nameTier), then score (higher is better). */
async function findHits(
  db: SqlRunner,
  terms: string[],
  phrase: string,
  perKind: number,
  filters: Sql[],
): Promise<Hit[]> {
  const where = join(filters, '');
  let rows: Row[];
  if (db.provider === 'sqlite') {
    // bm25: title weighted 10 to the body's 1 (tenant 0); lower is better, so the score is its negation. Ranks are
    // computed for the newest CANDIDATES matches only (rowid order is FTS5's own); the rows' text is read for the
    // winners alone.
    rows = await db.all(sql`
      SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body", -r."rank" AS "score", r."tier", ${companyNameOf}
      FROM (
        SELECT w."id", w."rank", w."tier", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."tier", w."rank", w."id" DESC) AS "n"
        FROM (
          SELECT f."rowid" AS "id", bm25("SearchEntry_fts", 0.0, 10.0, 1.0) AS "rank", e."kind", ${nameTier(sql`e`, phrase)} AS "tier"
          FROM "SearchEntry_fts" f JOIN "SearchEntry" e ON e."id" = f."rowid"
          WHERE "SearchEntry_fts" MATCH ('tenant : b' || CAST(${TENANT} AS INTEGER) || ' AND ' || ${ftsTerms(terms)})
            AND e."businessId" = ${TENANT}${where}
          ORDER BY f."rowid" DESC LIMIT ${CANDIDATES}
        ) w
      ) r
      JOIN "SearchEntry" e ON e."id" = r."id"
      WHERE r."n" <= ${perKind}
      ORDER BY r."tier", r."rank", r."id" DESC`);
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
      SELECT e."kind", e."entityId", e."companyId", e."ref", e."title", e."body", r."score", r."tier", ${companyNameOf}
      FROM (
        SELECT w."id", w."score", w."tier", ROW_NUMBER() OVER (PARTITION BY w."kind" ORDER BY w."tier", w."score" DESC, w."id" DESC) AS "n"
        FROM (
          SELECT m."id", m."kind", ${titleHits} + 64.0 / (65 + length(m."folded")) AS "score", ${nameTier(sql`m`, phrase)} AS "tier"
          FROM (
            SELECT e."id", e."kind", e."folded", e."title" FROM "SearchEntry" e
            WHERE e."businessId" = ${TENANT} AND to_tsvector('simple'::regconfig, e."folded") @@ ${query}${where}
            ORDER BY e."id" DESC LIMIT ${CANDIDATES}
          ) m
        ) w
      ) r
      JOIN "SearchEntry" e ON e."id" = r."id"
      WHERE r."n" <= ${perKind}
      ORDER BY r."tier", r."score" DESC, r."id" DESC`);
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

/**
 * The subtitle's text in the words the screens use, not stored values: a contact's title and labelled role (then
 * e-mail and phone), read for the page's contacts in one statement; a file's type label. Other kinds' text is the
 * people's own.
 */
async function labelledBodies(db: SqlRunner, hits: Hit[]): Promise<Map<string, string>> {
  const bodies = new Map<string, string>();
  const contactIds = hits.filter((h) => h.kind === 'contact').map((h) => h.entityId);
  const contacts = contactIds.length
    ? await db.all(sql`
        SELECT k."id", k."email", k."phone", k."role", k."title" FROM "Contact" k
        WHERE k."businessId" = ${TENANT} AND k."id" IN (${join(
          contactIds.map((id) => sql`${id}`),
          ', ',
        )})`)
    : [];
  for (const k of contacts) {
    const role = toText(k.role);
    bodies.set(
      `contact-${toInt(k.id)}`,
      [toText(k.title), role ? (M.contacts.roleLabels[role] ?? role) : null, toText(k.email), toText(k.phone)]
        .filter((part): part is string => !!part?.trim())
        .join(' · '),
    );
  }
  for (const h of hits) {
    if (h.kind !== 'file') continue;
    // A file's text is its uploaded name, then its type (the search migration's trigger).
    const at = h.body.lastIndexOf(' ');
    const type = h.body.slice(at + 1);
    const label = M.documents.typeLabels[type];
    if (label) bodies.set(`file-${h.entityId}`, at < 0 ? label : `${h.body.slice(0, at)} · ${label}`);
  }
  return bodies;
}

function groupHits(hits: Hit[], terms: string[], bodies: Map<string, string>): SearchQueryOutput['groups'] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const h of hits) {
    const results = groups.get(h.kind) ?? [];
    if (!groups.has(h.kind)) groups.set(h.kind, results);
    results.push({
      kind: h.kind,
      id: h.entityId,
      title: h.title,
      snippet: snippetOf(bodies.get(`${h.kind}-${h.entityId}`) ?? h.body, terms),
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
    terms.length
      ? findHits(
          scope.sql,
          terms,
          input.q.trim().replace(/\s+/g, ' '),
          input.limit,
          scopeFilters(input.companyId, kinds),
        )
      : [],
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.search.companyNotFound });
  return { q: input.q, terms, groups: groupHits(hits, terms, await labelledBodies(scope.sql, hits)) };
}
