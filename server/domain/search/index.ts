import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { hubLink } from '../../../shared/links';
import { portalReviewCommentPath, portalThreadPath } from '../../../shared/entities';
import type { z } from 'zod';
import type { portalMessageSearchInput, PortalMessageSearchResult } from '../../../shared/schemas/messages';
import {
  SEARCH_KINDS,
  searchTerms,
  type searchQueryInput,
  snippetOf,
  type SearchKind,
  type SearchQueryOutput,
  type SearchResult,
} from '../../../shared/schemas/search';
import { join, sql, TENANT, toBool, toInt, toIntOrNull, toText, type Row, type Sql, type SqlRunner } from '../../sql';
import type { PortalScope, TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';
import { threadTitle } from '../messages';
import { clientListedThread } from '../messages/portal';
import { clientVisible } from '../../portal/visibility';
import { checkSlug } from '../portal';

/**
 * Global search over SearchEntry (one row per company, contact, project, task, file, resource and flow, per
 * conversation with a subject, per message and per review comment not deleted, kept in step by the triggers of the search migrations). SQLite: the contentless FTS5 table "SearchEntry_fts", whose
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

type MessageFacts = { threadId: number; threadKind: string; title: string; author: string | null; internal: boolean };

/**
 * What a conversation's or a message's hit shows, read for the page's hits only (two statements at most): the
 * conversation's name, the message's author, and whether it is an internal note.
 */
async function messageFacts(db: SqlRunner, hits: Hit[]): Promise<Map<string, MessageFacts>> {
  const facts = new Map<string, MessageFacts>();
  const ids = (list: number[]) =>
    join(
      list.map((id) => sql`${id}`),
      ', ',
    );
  const messageIds = hits.filter((h) => h.kind === 'message').map((h) => h.entityId);
  const messages = messageIds.length
    ? await db.all(sql`
        SELECT m."id", m."threadId", m."authorName", m."internal" FROM "Message" m
        WHERE m."businessId" = ${TENANT} AND m."id" IN (${ids(messageIds)})`)
    : [];
  const threadIds = [
    ...new Set([
      ...hits.filter((h) => h.kind === 'thread').map((h) => h.entityId),
      ...messages.map((m) => toInt(m.threadId)),
    ]),
  ];
  if (!threadIds.length) return facts;
  const threads = await db.all(sql`
    SELECT t."id", t."kind", t."subject",
      (SELECT c."name" FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = t."companyId") AS "companyName",
      (SELECT p."name" FROM "Project" p WHERE p."businessId" = ${TENANT} AND p."id" = t."projectId") AS "projectName"
    FROM "MessageThread" t WHERE t."businessId" = ${TENANT} AND t."id" IN (${ids(threadIds)})`);
  const named = new Map(
    threads.map((t) => [
      toInt(t.id),
      {
        threadKind: String(t.kind),
        title: threadTitle(String(t.kind), toText(t.subject), String(t.companyName ?? ''), toText(t.projectName)),
      },
    ]),
  );
  for (const [id, thread] of named)
    facts.set(`thread-${id}`, { threadId: id, ...thread, author: null, internal: false });
  for (const m of messages) {
    const threadId = toInt(m.threadId);
    const thread = named.get(threadId);
    if (!thread) continue;
    facts.set(`message-${toInt(m.id)}`, {
      threadId,
      ...thread,
      author: String(m.authorName),
      internal: toBool(m.internal),
    });
  }
  return facts;
}

type CommentFacts = { fileName: string; author: string; internal: boolean };

/** What a review comment's hit shows, read for the page's hits only (one statement): its file's name, its author, internal. */
async function commentFacts(db: SqlRunner, hits: Hit[]): Promise<Map<number, CommentFacts>> {
  const ids = hits.filter((h) => h.kind === 'reviewComment').map((h) => h.entityId);
  if (!ids.length) return new Map();
  const rows = await db.all(sql`
    SELECT c."id", c."authorName", c."internal", d."name" FROM "ReviewComment" c
    JOIN "Document" d ON d."businessId" = c."businessId" AND d."id" = c."documentId"
    WHERE c."businessId" = ${TENANT} AND c."id" IN (${join(
      ids.map((id) => sql`${id}`),
      ', ',
    )})`);
  return new Map(
    rows.map((r) => [
      toInt(r.id),
      { fileName: String(r.name), author: String(r.authorName), internal: toBool(r.internal) },
    ]),
  );
}

function groupHits(
  hits: Hit[],
  terms: string[],
  bodies: Map<string, string>,
  messages: Map<string, MessageFacts>,
  comments: Map<number, CommentFacts>,
): SearchQueryOutput['groups'] {
  const groups = new Map<SearchKind, SearchResult[]>();
  for (const h of hits) {
    const results = groups.get(h.kind) ?? [];
    if (!groups.has(h.kind)) groups.set(h.kind, results);
    const message = messages.get(`${h.kind}-${h.entityId}`);
    const comment = h.kind === 'reviewComment' ? comments.get(h.entityId) : undefined;
    if (comment) {
      // Titled with its file's name; who wrote it leads the text.
      results.push({
        kind: h.kind,
        id: h.entityId,
        title: comment.fileName,
        snippet: `${comment.author}: ${snippetOf(h.body, terms)}`,
        link: hubLink(h.kind, h.entityId, h.ref),
        companyId: h.companyId,
        companyName: h.companyName,
        internal: comment.internal,
      });
      continue;
    }
    results.push({
      kind: h.kind,
      id: h.entityId,
      title: message?.author ? M.search.messageTitle(message.author, message.title) : (message?.title ?? h.title),
      snippet: snippetOf(bodies.get(`${h.kind}-${h.entityId}`) ?? h.body, terms),
      link: hubLink(h.kind, h.entityId, h.ref),
      companyId: h.companyId,
      // Not twice: a company's own conversation is named after the company already.
      companyName: h.kind === 'company' || message?.title === h.companyName ? null : h.companyName,
      internal: message?.internal ?? false,
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
  const [bodies, messages, comments] = await Promise.all([
    labelledBodies(scope.sql, hits),
    messageFacts(scope.sql, hits),
    commentFacts(scope.sql, hits),
  ]);
  return { q: input.q, terms, groups: groupHits(hits, terms, bodies, messages, comments) };
}

/**
 * The portal's search of the client's conversations and review comments: subjects and messages of the threads the
 * client's list shows (clientListedThread, the list's own condition), messages only when the client may read them
 * (clientVisible.message: never an internal note) and not deleted, and comments the portal's viewer shows them
 * (clientVisible.reviewComment on a version clientVisible.documentVersion shows: never internal, never on a file not
 * shared with them or on an older version not shared explicitly). The rules are ANDed into the index query, before
 * its CANDIDATES cap, so the agency's other matches never crowd the client's out and never reach this function's answer.
 */
export async function portalMessageSearch(
  scope: Pick<PortalScope, 'sql' | 'companyId' | 'portalSession'>,
  input: z.output<typeof portalMessageSearchInput>,
): Promise<{ q: string; terms: string[]; results: PortalMessageSearchResult[] }> {
  checkSlug(scope, input.slug);
  const terms = searchTerms(input.q);
  if (!terms.length) return { q: input.q, terms, results: [] };
  const listed = clientListedThread(scope.companyId, sql`vt`);
  const filters = [
    sql` AND e."companyId" = ${scope.companyId} AND ((e."kind" = 'thread' AND EXISTS (
      SELECT 1 FROM "MessageThread" vt WHERE vt."businessId" = ${TENANT} AND vt."id" = e."entityId" AND ${listed}))
    OR (e."kind" = 'message' AND EXISTS (
      SELECT 1 FROM "Message" vm JOIN "MessageThread" vt ON vt."businessId" = vm."businessId" AND vt."id" = vm."threadId"
      WHERE vm."businessId" = ${TENANT} AND vm."id" = e."entityId" AND vm."deletedAt" IS NULL AND ${clientVisible.message(sql`vm`)} AND ${listed}))
    OR (e."kind" = 'reviewComment' AND EXISTS (
      SELECT 1 FROM "ReviewComment" vc
      JOIN "DocumentVersion" vv ON vv."businessId" = vc."businessId" AND vv."id" = vc."versionId"
      JOIN "Document" vd ON vd."businessId" = vc."businessId" AND vd."id" = vc."documentId"
      WHERE vc."businessId" = ${TENANT} AND vc."id" = e."entityId" AND ${clientVisible.reviewComment(sql`vc`)}
        AND ${clientVisible.documentVersion(sql`vv`, sql`vd`, scope.companyId)})))`,
  ];
  const hits = await findHits(scope.sql, terms, input.q.trim().replace(/\s+/g, ' '), input.limit, filters);
  const [facts, comments] = await Promise.all([messageFacts(scope.sql, hits), commentFacts(scope.sql, hits)]);
  const results: PortalMessageSearchResult[] = [];
  for (const h of hits) {
    const comment = h.kind === 'reviewComment' ? comments.get(h.entityId) : undefined;
    if (comment && h.ref) {
      results.push({
        kind: 'reviewComment',
        id: h.entityId,
        threadId: null,
        title: comment.fileName,
        author: comment.author,
        snippet: snippetOf(h.body, terms),
        path: portalReviewCommentPath(h.ref, h.entityId),
      });
      continue;
    }
    const fact = facts.get(`${h.kind}-${h.entityId}`);
    if (!fact || (h.kind !== 'thread' && h.kind !== 'message')) continue;
    results.push({
      kind: h.kind,
      id: h.entityId,
      threadId: fact.threadId,
      // The company's own conversation is, for the client, the one with the agency (as their list names it).
      title: fact.threadKind === 'company' ? scope.portalSession.business.name : fact.title,
      author: fact.author,
      snippet: snippetOf(h.body, terms),
      path: portalThreadPath(fact.threadId),
    });
  }
  return { q: input.q, terms, results };
}
