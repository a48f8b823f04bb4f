/**
 * Files (/hub/documents): uploads kept by the hub (bytes in server/files storage, streamed in by
 * POST /api/documents/upload and out by GET /api/documents/{id}/download, see server/files/routes.ts) and links
 * to external files (POST /api/documents, spec §7.2). Both are created by `createDocument`, the one code path.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import {
  documentDownloadPath,
  documentThumbPath,
  type documentIdInput,
  type documentListInput,
  type documentUpdateInput,
  type shareAudienceInput,
  type DocumentCreate,
  type DocumentRow,
} from '../../../shared/schemas/documents';
import { fieldError, notFoundOn } from '../../errors';
import { log } from '../../log';
import { documentSorts } from '../../../shared/schemas/documents';
import { byColumns, containsText, sortedPage, listSort, type SortSegment } from '../../lib/pagination';
import { raw, sql, TENANT, toBool, toDate, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import type { Prisma } from '../../generated/sqlite/client';
import type { StaffScope, TenantScope } from '../context';
import { shareAudience } from '../../portal/audience';
import { changesOf, recordActivity, staffActor, type Actor, type ActivityWriter } from '../../activity';
import type { ActivityChange } from '../../../shared/activity';
import { assertStorageQuota, type QuotaEnv } from '../../files/quota';
import { recordFirstVersion, versionKeysOf } from './versions';
import { messageOrigins } from '../messages/origins';
import { currentThumbHash } from '../../files/previews/columns';

/** "Recent files": created within the last 7 days (spec §2.6). */
const RECENT_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * What createDocument works with: a staff procedure's scope (documentScope) or the upload route's, inside runAsTenant.
 * actor: who the activity log names for the write; userId: the uploader.
 */
export type DocumentScope = TenantScope & { userId: number; actor: Actor };

/** What an activity entry compares of a file: its fields, and its company and project by name. */
const fileStateSelect = {
  name: true,
  type: true,
  url: true,
  storageKey: true,
  visibleInPortal: true,
  companyId: true,
  projectId: true,
  company: { select: { name: true } },
  project: { select: { name: true } },
} as const;
type FileState = Prisma.DocumentGetPayload<{ select: typeof fileStateSelect }>;
type FileTx = ActivityWriter & {
  document: {
    findUnique(args: { where: { id: number }; select: typeof fileStateSelect }): PromiseLike<FileState | null>;
  };
};

/**
 * A file's changes, old → new (the notifications read 'visibleInPortal' and 'company', by name). An uploaded file's
 * url is the download route's, not shown.
 */
function fileChanges(before: FileState | null, after: FileState): ActivityChange[] {
  const changes = changesOf(
    before,
    after,
    after.storageKey ? ['name', 'type', 'visibleInPortal'] : ['name', 'type', 'url', 'visibleInPortal'],
  );
  if ((before?.companyId ?? null) !== after.companyId)
    changes.push({ field: 'company', from: before?.company?.name ?? null, to: after.company?.name ?? null });
  if ((before?.projectId ?? null) !== after.projectId)
    changes.push({ field: 'project', from: before?.project?.name ?? null, to: after.project?.name ?? null });
  return changes;
}

/** Logs a file's creation (a link: created; an upload: uploaded) or change in the write's transaction. */
async function logFile(tx: FileTx, businessId: number, actor: Actor, id: number, before: FileState | null) {
  const after = await tx.document.findUnique({ where: { id }, select: fileStateSelect });
  if (!after) return;
  const changes = fileChanges(before, after);
  if (before && changes.length === 0) return;
  await recordActivity(tx, businessId, actor, {
    entityType: 'file',
    entityId: id,
    entityName: after.name,
    companyId: after.companyId,
    action: before ? 'updated' : after.storageKey ? 'uploaded' : 'created',
    changes,
    // Shared with the client: their portal shows it.
    clientVisible: after.visibleInPortal && after.companyId !== null,
  });
}

/** An upload already in storage, to be recorded by createDocument; sha256: of its bytes, hashed as they streamed in. */
export type StoredFile = {
  storageKey: string;
  size: number;
  mimeType: string | null;
  originalName: string;
  sha256?: string | null;
};

const columns = sql`t."id", t."name", t."type", t."url", t."size", t."companyId", t."projectId", t."uploadedById",
  t."storageKey", t."originalName", t."mimeType", t."visibleInPortal", t."version", t."createdAt"`;

/** The names shown with a file, each one indexed look-up by (businessId, id); aliases unlike the page's `p` and `t`. */
const namesOf = (d: Sql) => sql`
  (SELECT dc."name" FROM "Company" dc WHERE dc."businessId" = ${TENANT} AND dc."id" = ${d}."companyId") AS "companyName",
  (SELECT dp."name" FROM "Project" dp WHERE dp."businessId" = ${TENANT} AND dp."id" = ${d}."projectId") AS "projectName",
  (SELECT du."firstName" || ' ' || du."lastName" FROM "User" du WHERE du."businessId" = ${TENANT} AND du."id" = ${d}."uploadedById") AS "uploaderName",
  (SELECT ar."status" FROM "ApprovalRequest" ar WHERE ar."businessId" = ${TENANT} AND ar."documentId" = ${d}."id" ORDER BY ar."id" DESC LIMIT 1) AS "approvalStatus",
  ${currentThumbHash(d)}`;

const refOf = (id: unknown, name: unknown) =>
  id == null || name == null ? null : { id: toInt(id), name: String(name) };

function documentFromRow(r: Row): DocumentRow {
  const id = toInt(r.id);
  const stored = r.storageKey != null;
  return {
    id,
    name: String(r.name),
    type: String(r.type) as DocumentRow['type'],
    url: stored ? documentDownloadPath(id) : String(r.url),
    size: toInt(r.size ?? 0),
    companyId: r.companyId == null ? null : toInt(r.companyId),
    projectId: r.projectId == null ? null : toInt(r.projectId),
    company: refOf(r.companyId, r.companyName),
    project: refOf(r.projectId, r.projectName),
    uploadedBy: r.uploadedById == null ? null : toInt(r.uploadedById),
    uploadedByName: r.uploaderName == null ? null : String(r.uploaderName),
    stored,
    originalName: (r.originalName as string | null) ?? null,
    mimeType: (r.mimeType as string | null) ?? null,
    visibleInPortal: toBool(r.visibleInPortal),
    version: toInt(r.version ?? 1),
    createdAt: toDate(r.createdAt),
    sentIn: null,
    approvalStatus: r.approvalStatus == null ? null : (String(r.approvalStatus) as DocumentRow['approvalStatus']),
    thumbUrl: r.thumbHash == null ? null : documentThumbPath(id, String(r.thumbHash)),
  };
}

/** The page's files with the conversation each was sent in: one statement for the whole page. */
async function withOrigins(db: SqlRunner, rows: DocumentRow[]): Promise<DocumentRow[]> {
  const origins = await messageOrigins(
    db,
    rows.map((r) => r.id),
    { kind: 'staff' },
  );
  return rows.map((r) => ({ ...r, sentIn: origins.get(r.id) ?? null }));
}

/** One file with its names, in one statement; null when it is not the agency's. */
async function readDocument(db: SqlRunner, id: number): Promise<DocumentRow | null> {
  const row = await db.get(
    sql`SELECT ${columns}, ${namesOf(sql`t`)} FROM "Document" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`,
  );
  return row ? (await withOrigins(db, [documentFromRow(row)]))[0] : null;
}

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.notFound });
};
const companyNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.companyNotFound });
};
const projectNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.projectNotFound });
};

/**
 * Where a file goes, checked against the agency: the company must be the agency's, the project the agency's and
 * the company's (another agency's row looks exactly like a missing one: NOT_FOUND). Without a company, the
 * project's company is taken.
 */
async function placementOf(scope: DocumentScope, companyId: number | null, projectId: number | null) {
  const [company, project] = await Promise.all([
    companyId === null ? null : scope.db.company.findUnique({ where: { id: companyId }, select: { id: true } }),
    projectId === null ? null : scope.db.project.findUnique({ where: { id: projectId }, select: { companyId: true } }),
  ]);
  if (companyId !== null && !company) companyNotFound();
  if (projectId !== null) {
    if (!project) return projectNotFound();
    if (companyId === null) companyId = project.companyId;
    else if (project.companyId !== companyId) projectNotFound();
  }
  if (companyId === null) fieldError('companyId', M.documents.companyRequired);
  return { companyId, projectId };
}

/**
 * Records a file: a link to an external URL (`stored` null; the input's url and size), or an upload already
 * in storage (its key, size, type and original name; the download path becomes its url). The uploader is always
 * the signed-in user. The only way a Document row is created. quota: the storage quota an upload must fit in
 * (checked in the row's transaction; StorageQuotaError, 413, when it does not).
 */
export async function createDocument(
  scope: DocumentScope,
  input: DocumentCreate | Omit<DocumentCreate, 'url'>,
  stored: StoredFile | null,
  quota?: QuotaEnv,
): Promise<DocumentRow> {
  const where = await placementOf(scope, input.companyId ?? null, input.projectId ?? null);
  const data = {
    businessId: scope.businessId,
    ...where,
    name: input.name,
    type: input.type,
    visibleInPortal: input.visibleInPortal,
    uploadedById: scope.userId,
  };
  let id: number;
  if (stored) {
    // The url column names the download route, which needs the id: written in the same transaction.
    id = await scope.db.$transaction(async (tx) => {
      if (quota) await assertStorageQuota(tx, scope.businessId, stored.size, quota);
      const row = await tx.document.create({
        data: {
          ...data,
          url: '',
          size: stored.size,
          storageKey: stored.storageKey,
          mimeType: stored.mimeType,
          originalName: stored.originalName,
        },
        select: { id: true },
      });
      await tx.document.update({
        where: { id: row.id },
        data: { url: documentDownloadPath(row.id) },
        select: { id: true },
      });
      await recordFirstVersion(tx, scope.businessId, row.id, { sha256: stored.sha256 ?? null });
      await logFile(tx, scope.businessId, scope.actor, row.id, null);
      return row.id;
    });
  } else {
    const link = input as DocumentCreate;
    id = await scope.db.$transaction(async (tx) => {
      const row = await tx.document.create({
        data: { ...data, url: link.url, size: link.size ?? 0 },
        select: { id: true },
      });
      await recordFirstVersion(tx, scope.businessId, row.id, { sha256: null });
      await logFile(tx, scope.businessId, scope.actor, row.id, null);
      return row.id;
    });
  }
  return (await readDocument(scope.sql, id)) ?? notFound();
}

/** A staff user's scope as createDocument's: they upload, and the log names them. */
const documentScope = (scope: Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user'>): DocumentScope => ({
  db: scope.db,
  sql: scope.sql,
  businessId: scope.businessId,
  userId: scope.user.id,
  actor: staffActor(scope.user),
});

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/** Each sort over its (businessId, key, id) index. */
const documentSortSegments: Record<(typeof documentSorts.keys)[number], SortSegment[]> = {
  name: byColumns({ expr: sql`t."name"`, type: 'text' }),
  type: byColumns({ expr: sql`t."type"`, type: 'text' }),
  size: byColumns({ expr: sql`t."size"`, type: 'int' }),
  created: byColumns({ expr: sql`t."createdAt"`, type: 'date' }),
};

const documentSort = listSort(documentSorts, documentSortSegments, { column: 'createdAt', direction: 'desc' });

/** Newest first (unless another sort is asked for) over (businessId, createdAt); company, project and uploader names for the page's rows only. */
export async function listDocuments(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof documentListInput>) {
  const { search, type, companyId, projectId, approval } = input;
  const filters: Sql[] = [];
  if (search) filters.push(containsText(scope.sql, sql`t."name"`, search));
  if (type) filters.push(sql`t."type" = ${type}`);
  if (companyId !== undefined) filters.push(sql`t."companyId" = ${companyId}`);
  if (projectId === 'none') filters.push(sql`t."projectId" IS NULL`);
  else if (projectId !== undefined) filters.push(sql`t."projectId" = ${projectId}`);
  // "Awaiting approval": one probe of ApprovalRequest(businessId, documentId, status) per file read.
  if (approval === 'pending')
    filters.push(
      sql`EXISTS (SELECT 1 FROM "ApprovalRequest" ar WHERE ar."businessId" = ${TENANT} AND ar."documentId" = t."id" AND ar."status" = 'pending')`,
    );
  const exists = (table: 'Company' | 'Project', id: number | undefined) =>
    id === undefined
      ? true
      : scope.sql.get(sql`SELECT 1 AS "ok" FROM ${raw(`"${table}"`)} WHERE "businessId" = ${TENANT} AND "id" = ${id}`);
  const [company, project, page] = await Promise.all([
    exists('Company', companyId),
    exists('Project', typeof projectId === 'number' ? projectId : undefined),
    sortedPage(scope.sql, {
      table: 'Document',
      columns,
      filters,
      sort: documentSort(input),
      pageExtras: namesOf(sql`p`),
      limit: input.limit,
      cursor: input.cursor,
      withOverall: input.withOverall,
      map: documentFromRow,
    }),
  ]);
  if (!company) companyNotFound();
  if (!project) projectNotFound();
  return { ...page, items: await withOrigins(scope.sql, page.items) };
}

export async function getDocument(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof documentIdInput>) {
  return (await readDocument(scope.sql, input.id)) ?? notFound();
}

/** Links an external file (spec §7.2). */
export function createDocumentLink(scope: Writer, input: DocumentCreate) {
  return createDocument(documentScope(scope), input, null);
}

/**
 * Only the given fields change. A new company takes the file out of its project unless a project of that
 * company is given; a project must belong to the file's (new) company.
 */
export async function updateDocument(scope: Writer, input: z.output<typeof documentUpdateInput>) {
  const { id, companyId, projectId, ...fields } = input;
  const current = await scope.db.document.findUnique({ where: { id }, select: { companyId: true, projectId: true } });
  if (!current) return notFound();
  // Only a company's contacts see a file: one without a company (left over from before companies were required)
  // cannot be shared until it is given one.
  if (fields.visibleInPortal === true && (companyId ?? current.companyId) === null)
    fieldError('visibleInPortal', M.documents.shareNeedsCompany);
  const companyChanged = companyId !== undefined && companyId !== current.companyId;
  const nextProject = projectId !== undefined ? projectId : companyChanged ? null : current.projectId;
  const moved = companyChanged || nextProject !== current.projectId;
  const where = moved
    ? await placementOf(documentScope(scope), companyChanged ? companyId! : current.companyId, nextProject)
    : { companyId: current.companyId, projectId: current.projectId };
  await scope.db
    .$transaction(async (tx) => {
      const before = (await tx.document.findUnique({ where: { id }, select: fileStateSelect })) ?? notFound();
      // A client's flow upload that staff edit is theirs from now on: a newer upload to the flow field no longer
      // removes it (server/files/portal-flow-upload.ts).
      await tx.document.update({
        where: { id },
        data: { ...fields, ...where, flowSubmissionId: null, flowFieldId: null },
        select: { id: true },
      });
      await logFile(tx, scope.businessId, staffActor(scope.user), id, before);
    })
    .catch(notFoundOn(M.documents.notFound));
  return (await readDocument(scope.sql, id)) ?? notFound();
}

/** Who sharing a file with a company reaches: the share dialog's numbers (see shareAudience). */
export function documentShareAudience(
  scope: Pick<TenantScope, 'db' | 'sql'>,
  input: z.output<typeof shareAudienceInput>,
) {
  return shareAudience(scope, input);
}

/** Deletes the row, then (once that has committed) its stored bytes; a link has none. */
export async function removeDocument(scope: Writer & Pick<StaffScope, 'app'>, input: z.output<typeof documentIdInput>) {
  const removed = await scope.db
    .$transaction(async (tx) => {
      const before = (await tx.document.findUnique({ where: { id: input.id }, select: fileStateSelect })) ?? notFound();
      // Every version's bytes go with the file (read before the cascade removes the version rows).
      const versionKeys = await versionKeysOf(tx, [input.id]);
      const row = await tx.document.delete({ where: { id: input.id }, select: { storageKey: true } });
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'file',
        entityId: input.id,
        entityName: before.name,
        companyId: before.companyId,
        action: 'deleted',
        // A shared file taken away is the client's news too.
        clientVisible: before.visibleInPortal && before.companyId !== null,
      });
      return new Set([...(row.storageKey ? [row.storageKey] : []), ...versionKeys]);
    })
    .catch(notFoundOn(M.documents.notFound));
  for (const key of removed) {
    // The row is gone either way; a file left behind is logged, never an error for the user.
    await scope.app.storage
      .remove(key)
      .catch((error: unknown) =>
        log.error({ err: error, key }, 'files: a deleted file could not be removed from storage'),
      );
  }
  return { ok: true as const };
}

/** One statement over the (businessId, createdAt) index: all files, the last 7 days', and the bytes stored. */
export async function documentStats(scope: Pick<StaffScope, 'sql' | 'app'>) {
  const since = new Date(Date.now() - RECENT_MS);
  const row = await scope.sql.get<Row>(sql`
      SELECT COUNT(*) AS "total", COUNT(CASE WHEN "createdAt" >= ${since} THEN 1 END) AS "recent", COALESCE(SUM("size"), 0) AS "totalSize"
      FROM "Document" WHERE "businessId" = ${TENANT}`);
  return {
    total: toInt(row?.total ?? 0),
    recent: toInt(row?.recent ?? 0),
    totalSize: toInt(row?.totalSize ?? 0),
    maxUploadBytes: scope.app.env.MAX_UPLOAD_BYTES,
  };
}
