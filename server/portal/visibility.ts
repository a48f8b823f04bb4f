/**
 * What a client may see: one rule per entity, decided here and nowhere else (issue 27, "Internal until shared").
 * A client is a portal session: one contact of one company of one agency. Every portal read, client e-mail, client
 * activity entry, client search result and client export asks these rules, as SQL conditions (lists, counts) or as
 * predicates over a row already read (one record, an e-mail about it). Which FIELDS of a visible record a client
 * reads is the portal's output schemas' business (shared/schemas/portal.ts and portal-flows.ts: zod strips the rest).
 *
 * - A project: of the client's company, shared by staff (visibleToClient), and never while it is a draft.
 * - A task: of a visible project, and not marked internal. A task without a project is never shown.
 * - A file: of the client's company, shared (visibleInPortal), and when it belongs to a project, that project is
 *   visible (an internal project's name never reaches the client through its files).
 * - A resource: the same, with its visibleToClient.
 * - A flow: published (isActive), for the client's company or for every client (companyId null), with at least one step.
 * - A message thread: of the client's company, and when it belongs to a project, that project is visible.
 * - A message: of a visible thread, and never an internal note (a note only staff ever see).
 * - A file's version: of a visible file, and its current version or an older one staff shared explicitly.
 * - A review comment: of a visible version, never internal, and never a reply to an internal comment.
 *
 * Aliases: each condition takes the alias its table has in the caller's statement (sql`t`) and includes the agency
 * (TENANT) and the company, so a condition alone is a whole tenancy check.
 */
import { sql, TENANT, type Sql } from '../sql';

/** The project status that is never shown to a client, whatever its visibility. */
const DRAFT_PROJECT_STATUS = 'draft';

const project = (p: Sql, companyId: number) =>
  sql`${p}."businessId" = ${TENANT} AND ${p}."companyId" = ${companyId} AND ${p}."visibleToClient" = ${true} AND ${p}."status" <> ${DRAFT_PROJECT_STATUS}`;

/** The ids of the company's visible projects (walks Project(businessId, companyId)). */
const visibleProjectIds = (companyId: number) =>
  sql`(SELECT vp."id" FROM "Project" vp WHERE ${project(sql`vp`, companyId)})`;

/** A row that may name a project (files, resources): none, or a visible one. */
const projectShownOrNone = (x: Sql, companyId: number) =>
  sql`(${x}."projectId" IS NULL OR ${x}."projectId" IN ${visibleProjectIds(companyId)})`;

const document = (d: Sql, companyId: number) =>
  sql`${d}."businessId" = ${TENANT} AND ${d}."companyId" = ${companyId} AND ${d}."visibleInPortal" = ${true} AND ${projectShownOrNone(d, companyId)}`;

export const clientVisible = {
  project,
  visibleProjectIds,
  task: (t: Sql, companyId: number) =>
    sql`${t}."businessId" = ${TENANT} AND ${t}."internal" = ${false} AND ${t}."projectId" IN ${visibleProjectIds(companyId)}`,
  document,
  resource: (r: Sql, companyId: number) =>
    sql`${r}."businessId" = ${TENANT} AND ${r}."companyId" = ${companyId} AND ${r}."visibleToClient" = ${true} AND ${projectShownOrNone(r, companyId)}`,
  flow: (f: Sql, companyId: number) =>
    sql`${f}."businessId" = ${TENANT} AND ${f}."isActive" = ${true} AND (${f}."companyId" IS NULL OR ${f}."companyId" = ${companyId})
      AND EXISTS (SELECT 1 FROM "FlowStep" vs WHERE vs."businessId" = ${TENANT} AND vs."flowId" = ${f}."id")`,
  messageThread: (t: Sql, companyId: number) =>
    sql`${t}."businessId" = ${TENANT} AND ${t}."companyId" = ${companyId} AND ${projectShownOrNone(t, companyId)}`,
  /** Of a thread already checked with messageThread: never an internal note. */
  message: (m: Sql) => sql`${m}."businessId" = ${TENANT} AND ${m}."internal" = ${false}`,
  /** A version (alias v) of file d: the file visible, and the current version or an older one shared explicitly. */
  documentVersion: (v: Sql, d: Sql, companyId: number) =>
    sql`${document(d, companyId)} AND ${v}."documentId" = ${d}."id" AND (${v}."number" = ${d}."version" OR ${v}."sharedWithClient" = ${true})`,
  /** Of a version already checked with documentVersion: never internal, nor a reply to an internal comment. */
  reviewComment: (c: Sql) =>
    sql`${c}."businessId" = ${TENANT} AND ${c}."internal" = ${false} AND ${c}."deletedAt" IS NULL
      AND (${c}."parentId" IS NULL OR NOT EXISTS (SELECT 1 FROM "ReviewComment" ic WHERE ic."businessId" = ${TENANT} AND ic."id" = ${c}."parentId" AND ic."internal" = ${true}))`,
} as const;

/** The same rules over a row already read (an e-mail or an activity entry about one record). */
type ProjectRow = { companyId: number | null; visibleToClient: boolean; status: string };
export const isClientVisible = {
  project: (p: ProjectRow, companyId: number) =>
    p.companyId === companyId && p.visibleToClient && p.status !== DRAFT_PROJECT_STATUS,
  task: (t: { internal: boolean }, project: ProjectRow | null, companyId: number) =>
    !t.internal && project !== null && isClientVisible.project(project, companyId),
  document: (
    d: { companyId: number | null; visibleInPortal: boolean },
    project: ProjectRow | null,
    companyId: number,
  ) =>
    d.companyId === companyId && d.visibleInPortal && (project === null || isClientVisible.project(project, companyId)),
  resource: (
    r: { companyId: number | null; visibleToClient: boolean },
    project: ProjectRow | null,
    companyId: number,
  ) =>
    r.companyId === companyId && r.visibleToClient && (project === null || isClientVisible.project(project, companyId)),
  flow: (f: { isActive: boolean; companyId: number | null; stepCount: number }, companyId: number) =>
    f.isActive && (f.companyId === null || f.companyId === companyId) && f.stepCount > 0,
  messageThread: (t: { companyId: number }, project: ProjectRow | null, companyId: number) =>
    t.companyId === companyId && (project === null || isClientVisible.project(project, companyId)),
  message: (m: { internal: boolean }) => !m.internal,
  reviewComment: (c: { internal: boolean; deletedAt: Date | null }, parent: { internal: boolean } | null) =>
    !c.internal && c.deletedAt === null && !parent?.internal,
} as const;
