/**
 * The client portal's signed-in work areas (work-flows-account-portal.md §2.12–§2.16, §7.6): dashboard, projects,
 * one project, tasks, files and resources of the signed-in contact's own company. Every procedure is on
 * portalProcedure: the business (TENANT) and the company come from the portal session, never from input, and a
 * project of another company or agency is NOT_FOUND, like a missing one, and so is one the client may not see.
 * Which rows a client reads is decided by one rule per entity, server/portal/visibility.ts (clientVisible.*): every
 * statement here names its rows through it, counts included (a project's task and file counts count only what the
 * client sees). Statuses are the hub's, spelt the portal's way (shared/status.ts). Lists are keyset pages in
 * hand-written SQL; counts are computed for the page's rows only.
 */
import { TRPCError } from '@trpc/server';
import { LIMITS } from '../../../shared/constants';
import { M } from '../../../shared/messages';
import { documentDownloadPath, documentThumbPath } from '../../../shared/schemas/documents';
import type { z } from 'zod';
import type {
  portalFilesInput,
  portalProjectInput,
  portalProjectsInput,
  portalResourceInput,
  portalSlugInput,
  portalTasksInput,
  PortalFile,
  PortalProjectCard,
  PortalResource,
  PortalTask,
} from '../../../shared/schemas/portal';
import {
  ACTIVE_PROJECT_STATUSES,
  DONE_TASK_STATUSES,
  PENDING_TASK_STATUSES,
  PORTAL_TASK_STATUSES,
  portalProjectStatus,
  portalTaskStatus,
  storedProjectStatusesFor,
  storedTaskStatusesFor,
} from '../../../shared/status';
import { containsText, keysetPage } from '../../lib/pagination';
import { currentThumbHash } from '../../files/previews/columns';
import { clientVisible } from '../../portal/visibility';
import { join, raw, sql, TENANT, toDate, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import type { PortalScope } from '../context';
import { messageOrigins } from '../messages/origins';

/** "Recent files": created within the last 7 days (spec §9). */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;
/** The dashboard: 3 recent projects and 5 recent files (spec §9); literals, as server/domain/dashboard explains. */
const RECENT_PROJECTS = raw('3');
const RECENT_FILES = raw(String(LIMITS.recentFiles));
/** A project page lists at most this many tasks and files. */
const DETAIL_ITEMS = raw('100');

const inList = (values: readonly (string | number)[]): Sql =>
  sql`(${join(
    values.map((v) => sql`${v}`),
    ', ',
  )})`;
const dayOf = (value: unknown) => (value == null ? null : toDate(value).toISOString().slice(0, 10));
const refOf = (id: unknown, name: unknown) =>
  id == null || name == null ? null : { id: toInt(id), name: String(name) };

const projectNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.portal.projectNotFound });
};
const resourceNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.portal.resources.notFound });
};

type PortalCtx = Pick<PortalScope, 'sql' | 'companyId' | 'portalSession'>;

/** The REST path's slug must be the session's own portal (spec §6); the data never depends on it. */
export function checkSlug(ctx: PortalCtx, slug: string | undefined) {
  if (slug !== undefined && slug !== ctx.portalSession.business.slug)
    throw new TRPCError({ code: 'FORBIDDEN', message: M.portal.wrongSlug });
}

const projectColumns = sql`t."id", t."name", t."description", t."status", t."priority", t."startDate", t."completionDate", t."companyId", t."createdAt"`;

/**
 * Per-project counts of a project aliased `p`: only the tasks and files the client may see (the rule), each over the
 * (businessId, projectId) index of its table.
 */
const projectCounts = (p: Sql, companyId: number) => sql`
  (SELECT COUNT(*) FROM "Task" x WHERE x."projectId" = ${p}."id" AND ${clientVisible.task(sql`x`, companyId)}) AS "taskCount",
  (SELECT COUNT(CASE WHEN x."status" IN ${inList(DONE_TASK_STATUSES)} THEN 1 END) FROM "Task" x WHERE x."projectId" = ${p}."id" AND ${clientVisible.task(sql`x`, companyId)}) AS "completedTaskCount",
  (SELECT COUNT(*) FROM "Document" d WHERE d."projectId" = ${p}."id" AND ${clientVisible.document(sql`d`, companyId)}) AS "fileCount"`;

function projectFromRow(r: Row): PortalProjectCard {
  const taskCount = toInt(r.taskCount ?? 0);
  const completedTaskCount = toInt(r.completedTaskCount ?? 0);
  const priority = String(r.priority);
  return {
    id: toInt(r.id),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    status: portalProjectStatus(String(r.status)),
    priority: (['low', 'medium', 'high'].includes(priority) ? priority : 'medium') as PortalProjectCard['priority'],
    startDate: dayOf(r.startDate),
    endDate: dayOf(r.completionDate),
    companyId: toInt(r.companyId),
    taskCount,
    completedTaskCount,
    fileCount: toInt(r.fileCount ?? 0),
    progress: taskCount === 0 ? 0 : Math.round((completedTaskCount / taskCount) * 100),
  };
}

const fileColumns = sql`t."id", t."name", t."type", t."size", t."createdAt", t."projectId", t."companyId", t."flowSubmissionId", t."mimeType", t."storageKey", t."version"`;
/**
 * A file aliased `d`: its project's name, whether the signed-in contact uploaded it in a flow (the submission
 * it answers is theirs), over FlowSubmission's primary key, and how many older versions staff shared with the client
 * (over DocumentVersion's (businessId, documentId, number) index).
 */
const fileExtras = (d: Sql, contactId: number) =>
  sql`(SELECT fp."name" FROM "Project" fp WHERE fp."businessId" = ${TENANT} AND fp."id" = ${d}."projectId") AS "projectName",
  (SELECT COUNT(*) FROM "FlowSubmission" fs WHERE fs."id" = ${d}."flowSubmissionId" AND fs."businessId" = ${TENANT} AND fs."contactId" = ${contactId}) AS "byYou",
  (SELECT COUNT(*) FROM "DocumentVersion" fv WHERE fv."businessId" = ${TENANT} AND fv."documentId" = ${d}."id" AND fv."number" <> ${d}."version" AND fv."sharedWithClient" = ${true}) AS "sharedVersions",
  ${currentThumbHash(d)}`;

function fileFromRow(r: Row): PortalFile {
  const id = toInt(r.id);
  return {
    id,
    name: String(r.name),
    type: String(r.type),
    size: toInt(r.size ?? 0),
    createdAt: toDate(r.createdAt),
    projectId: r.projectId == null ? null : toInt(r.projectId),
    companyId: toInt(r.companyId),
    project: refOf(r.projectId, r.projectName),
    downloadUrl: documentDownloadPath(id),
    uploadedByYou: toInt(r.byYou ?? 0) > 0,
    version: toInt(r.version ?? 1),
    sharedVersions: toInt(r.sharedVersions ?? 0),
    sentIn: null,
    mimeType: r.storageKey == null ? null : ((r.mimeType as string | null) ?? null),
    thumbUrl: r.thumbHash == null ? null : documentThumbPath(id, String(r.thumbHash)),
  };
}

/**
 * The files with the conversation each was sent in, when the client may see that message (never an internal
 * note): one statement for the whole list.
 */
async function withOrigins(scope: Pick<PortalCtx, 'sql' | 'companyId'>, files: PortalFile[]): Promise<PortalFile[]> {
  const origins = await messageOrigins(
    scope.sql,
    files.map((f) => f.id),
    { kind: 'client', companyId: scope.companyId },
  );
  return files.map((f) => {
    const origin = origins.get(f.id);
    return { ...f, sentIn: origin ? { threadId: origin.threadId, title: origin.title } : null };
  });
}

const taskColumns = sql`t."id", t."title", t."description", t."status", t."priority", t."dueDate", t."createdAt", t."projectId"`;
const taskProjectName = (x: Sql) =>
  sql`(SELECT tp."name" FROM "Project" tp WHERE tp."businessId" = ${TENANT} AND tp."id" = ${x}."projectId") AS "projectName"`;

function taskFromRow(r: Row): PortalTask {
  const priority = String(r.priority);
  return {
    id: toInt(r.id),
    title: String(r.title),
    description: (r.description as string | null) ?? null,
    status: portalTaskStatus(String(r.status)),
    priority: (['low', 'medium', 'high'].includes(priority) ? priority : 'medium') as PortalTask['priority'],
    dueDate: r.dueDate == null ? null : toDate(r.dueDate),
    createdAt: toDate(r.createdAt),
    projectId: r.projectId == null ? null : toInt(r.projectId),
    project: refOf(r.projectId, r.projectName),
  };
}

/**
 * The resources the client may see (or the one of them with this id), newest first, with their details in their
 * order: two statements.
 */
async function visibleResources(db: SqlRunner, companyId: number, id?: number): Promise<PortalResource[]> {
  const rows = await db.all(sql`
    SELECT r."id", r."title", r."description", r."type", r."status", r."projectId", r."createdAt",
      (SELECT rp."name" FROM "Project" rp WHERE rp."businessId" = ${TENANT} AND rp."id" = r."projectId") AS "projectName"
    FROM "Resource" r WHERE ${clientVisible.resource(sql`r`, companyId)}${id === undefined ? sql`` : sql` AND r."id" = ${id}`}
    ORDER BY r."createdAt" DESC, r."id" DESC LIMIT ${raw(String(LIMITS.pageSizeMax))}`);
  if (!rows.length) return [];
  const ids = rows.map((r) => toInt(r.id));
  const details = await db.all(sql`
    SELECT d."resourceId", d."key", d."value" FROM "ResourceDetail" d
    WHERE d."businessId" = ${TENANT} AND d."resourceId" IN ${inList(ids)}
    ORDER BY d."resourceId", d."position"`);
  const byResource = new Map<number, { key: string; value: string }[]>(ids.map((id) => [id, []]));
  for (const d of details) byResource.get(toInt(d.resourceId))?.push({ key: String(d.key), value: String(d.value) });
  return rows.map((r) => ({
    id: toInt(r.id),
    title: String(r.title),
    description: String(r.description),
    type: String(r.type) as PortalResource['type'],
    status: String(r.status) as PortalResource['status'],
    projectId: r.projectId == null ? null : toInt(r.projectId),
    project: refOf(r.projectId, r.projectName),
    details: byResource.get(toInt(r.id)) ?? [],
    createdAt: toDate(r.createdAt),
  }));
}

/** The project must be one the client may see (else NOT_FOUND, whoever's it is and whatever keeps it hidden). */
async function requireVisibleProject(ctx: PortalCtx, id: number) {
  const row = await ctx.sql.get(
    sql`SELECT 1 AS "ok" FROM "Project" p WHERE p."id" = ${id} AND ${clientVisible.project(sql`p`, ctx.companyId)}`,
  );
  if (!row) projectNotFound();
}

/**
 * Three counts in one statement, the 3 newest projects (with counts), the 5 newest visible files, the visible
 * resources. The statuses are counted with CASE, never in the WHERE clause, so each count walks the company's rows
 * by (businessId, companyId) / (businessId, projectId) rather than every active project or pending task of the
 * agency by the status index.
 */
export async function portalDashboard(scope: PortalCtx, input: z.output<typeof portalSlugInput>) {
  checkSlug(scope, input?.slug);
  const { companyId } = scope;
  const [counts, projects, files, resources] = await Promise.all([
    scope.sql.get<Row>(sql`
    SELECT
      (SELECT COUNT(CASE WHEN p."status" IN ${inList(ACTIVE_PROJECT_STATUSES)} THEN 1 END) FROM "Project" p WHERE ${clientVisible.project(sql`p`, companyId)}) AS "activeProjects",
      (SELECT COUNT(CASE WHEN x."status" IN ${inList(PENDING_TASK_STATUSES)} THEN 1 END) FROM "Task" x WHERE ${clientVisible.task(sql`x`, companyId)}) AS "pendingTasks",
      (SELECT COUNT(*) FROM "Document" d WHERE ${clientVisible.document(sql`d`, companyId)}) AS "totalFiles"`),
    scope.sql.all<Row>(sql`
    SELECT p.*, ${projectCounts(sql`p`, companyId)} FROM (
      SELECT ${projectColumns} FROM "Project" t WHERE ${clientVisible.project(sql`t`, companyId)}
      ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${RECENT_PROJECTS}) p
    ORDER BY p."createdAt" DESC, p."id" DESC`),
    scope.sql.all<Row>(sql`
    SELECT p.*, ${fileExtras(sql`p`, scope.portalSession.contact.id)} FROM (
      SELECT ${fileColumns} FROM "Document" t WHERE ${clientVisible.document(sql`t`, companyId)}
      ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${RECENT_FILES}) p
    ORDER BY p."createdAt" DESC, p."id" DESC`),
    visibleResources(scope.sql, companyId),
  ]);
  return {
    counts: {
      activeProjects: toInt(counts?.activeProjects ?? 0),
      pendingTasks: toInt(counts?.pendingTasks ?? 0),
      totalFiles: toInt(counts?.totalFiles ?? 0),
    },
    recentProjects: projects.map(projectFromRow),
    recentFiles: await withOrigins(scope, files.map(fileFromRow)),
    resources,
  };
}

/** The projects the client may see, newest first; visible task and file counts for the page's rows only. */
export async function portalProjects(scope: PortalCtx, input: z.output<typeof portalProjectsInput>) {
  checkSlug(scope, input.slug);
  const filters: Sql[] = [clientVisible.project(sql`t`, scope.companyId)];
  if (input.search)
    filters.push(
      sql`(${containsText(scope.sql, sql`t."name"`, input.search)} OR ${containsText(scope.sql, sql`t."description"`, input.search)})`,
    );
  if (input.status) filters.push(sql`t."status" IN ${inList(storedProjectStatusesFor(input.status))}`);
  const page = await keysetPage(scope.sql, {
    table: 'Project',
    columns: projectColumns,
    filters,
    sort: { column: 'createdAt', direction: 'desc' },
    pageExtras: projectCounts(sql`p`, scope.companyId),
    limit: input.limit,
    cursor: input.cursor,
    map: projectFromRow,
  });
  return { items: page.items, nextCursor: page.nextCursor, total: page.total };
}

/**
 * One project the client may see (else NOT_FOUND): visible counts, its visible tasks and files, and its contacts
 * (name, email, phone).
 */
export async function portalProject(scope: PortalCtx, input: z.output<typeof portalProjectInput>) {
  checkSlug(scope, input.slug);
  const { companyId } = scope;
  const id = input.id;
  const [row, tasks, files, contacts] = await Promise.all([
    scope.sql.get<Row>(sql`
    SELECT ${projectColumns}, ${projectCounts(sql`t`, companyId)} FROM "Project" t
    WHERE t."id" = ${id} AND ${clientVisible.project(sql`t`, companyId)}`),
    scope.sql.all<Row>(sql`
    SELECT ${taskColumns} FROM "Task" t
    WHERE t."projectId" = ${id} AND ${clientVisible.task(sql`t`, companyId)}
    ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${DETAIL_ITEMS}`),
    scope.sql.all<Row>(sql`
    SELECT ${fileColumns}, ${fileExtras(sql`t`, scope.portalSession.contact.id)} FROM "Document" t
    WHERE t."projectId" = ${id} AND ${clientVisible.document(sql`t`, companyId)}
    ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${DETAIL_ITEMS}`),
    scope.sql.all<Row>(sql`
    SELECT k."id", k."firstName", k."lastName", k."email", k."phone", k."companyId"
    FROM "ProjectContact" pc JOIN "Contact" k ON k."businessId" = ${TENANT} AND k."id" = pc."contactId"
    WHERE pc."businessId" = ${TENANT} AND pc."projectId" = ${id} AND pc."projectId" IN ${clientVisible.visibleProjectIds(companyId)} AND k."companyId" = ${companyId}
    ORDER BY k."firstName", k."lastName", k."id"`),
  ]);
  if (!row) return projectNotFound();
  const project = projectFromRow(row);
  const ref = { id: project.id, name: project.name };
  return {
    ...project,
    tasks: tasks.map((t) => ({ ...taskFromRow(t), project: ref })),
    files: await withOrigins(
      scope,
      files.map((f) => ({ ...fileFromRow(f), project: ref })),
    ),
    contacts: contacts.map((k) => ({
      id: toInt(k.id),
      name: `${String(k.firstName)} ${String(k.lastName)}`.trim(),
      email: String(k.email),
      phone: (k.phone as string | null) ?? null,
      companyId: toInt(k.companyId),
    })),
  };
}

/** The tasks the client may see, newest first; the count of each status in one aggregate. */
export async function portalTasks(scope: PortalCtx, input: z.output<typeof portalTasksInput>) {
  checkSlug(scope, input.slug);
  const { companyId } = scope;
  const filters: Sql[] = [clientVisible.task(sql`t`, companyId)];
  if (input.projectId !== undefined) filters.push(sql`t."projectId" = ${input.projectId}`);
  if (input.search)
    filters.push(
      sql`(${containsText(scope.sql, sql`t."title"`, input.search)} OR ${containsText(scope.sql, sql`t."description"`, input.search)})`,
    );
  const countFilters = [...filters];
  if (input.status) filters.push(sql`t."status" IN ${inList(storedTaskStatusesFor(input.status))}`);
  const countOf = (status: (typeof PORTAL_TASK_STATUSES)[number]) =>
    sql`COUNT(CASE WHEN t."status" IN ${inList(storedTaskStatusesFor(status))} THEN 1 END) AS ${raw(`"${status}"`)}`;
  const [, counts, page] = await Promise.all([
    input.projectId !== undefined ? requireVisibleProject(scope, input.projectId) : null,
    scope.sql.get<Row>(sql`
    SELECT COUNT(*) AS "all", ${join(PORTAL_TASK_STATUSES.map(countOf), ', ')}
    FROM "Task" t WHERE t."businessId" = ${TENANT} AND ${join(countFilters, ' AND ')}`),
    keysetPage(scope.sql, {
      table: 'Task',
      columns: taskColumns,
      filters,
      sort: { column: 'createdAt', direction: 'desc' },
      pageExtras: taskProjectName(sql`p`),
      limit: input.limit,
      cursor: input.cursor,
      map: taskFromRow,
    }),
  ]);
  return {
    items: page.items,
    nextCursor: page.nextCursor,
    total: page.total,
    counts: {
      all: toInt(counts?.all ?? 0),
      pending: toInt(counts?.pending ?? 0),
      in_progress: toInt(counts?.in_progress ?? 0),
      completed: toInt(counts?.completed ?? 0),
      cancelled: toInt(counts?.cancelled ?? 0),
    },
  };
}

/** The files the client may see, newest first; stats (all, projects with files, last 7 days) in one statement. */
export async function portalFiles(scope: PortalCtx, input: z.output<typeof portalFilesInput>) {
  checkSlug(scope, input.slug);
  const { companyId } = scope;
  const filters: Sql[] = [clientVisible.document(sql`t`, companyId)];
  if (input.projectId !== undefined) filters.push(sql`t."projectId" = ${input.projectId}`);
  if (input.search) filters.push(containsText(scope.sql, sql`t."name"`, input.search));
  const since = new Date(Date.now() - RECENT_MS);
  const [, stats, projectOptions, page] = await Promise.all([
    input.projectId !== undefined ? requireVisibleProject(scope, input.projectId) : null,
    scope.sql.get<Row>(sql`
    SELECT COUNT(*) AS "total", COUNT(DISTINCT d."projectId") AS "projects", COUNT(CASE WHEN d."createdAt" >= ${since} THEN 1 END) AS "recent"
    FROM "Document" d WHERE ${clientVisible.document(sql`d`, companyId)}`),
    scope.sql.all<Row>(sql`
    SELECT o."id", o."name" FROM "Project" o WHERE ${clientVisible.project(sql`o`, companyId)}
    ORDER BY o."name", o."id"`),
    keysetPage(scope.sql, {
      table: 'Document',
      columns: fileColumns,
      filters,
      sort: { column: 'createdAt', direction: 'desc' },
      pageExtras: fileExtras(sql`p`, scope.portalSession.contact.id),
      limit: input.limit,
      cursor: input.cursor,
      map: fileFromRow,
    }),
  ]);
  return {
    items: await withOrigins(scope, page.items),
    nextCursor: page.nextCursor,
    total: page.total,
    stats: {
      total: toInt(stats?.total ?? 0),
      projects: toInt(stats?.projects ?? 0),
      recent: toInt(stats?.recent ?? 0),
    },
    projectOptions: projectOptions.map((r) => ({ id: toInt(r.id), name: String(r.name) })),
  };
}

/** The resources the client may see, with their key/value details. */
export async function portalResources(scope: PortalCtx, input: z.output<typeof portalSlugInput>) {
  checkSlug(scope, input?.slug);
  return visibleResources(scope.sql, scope.companyId);
}

/** One resource the client may see; NOT_FOUND for one that is missing, another company's or agency's, or not shared. */
export async function portalResource(scope: PortalCtx, input: z.output<typeof portalResourceInput>) {
  checkSlug(scope, input.slug);
  const [resource] = await visibleResources(scope.sql, scope.companyId, input.resourceId);
  return resource ?? resourceNotFound();
}
