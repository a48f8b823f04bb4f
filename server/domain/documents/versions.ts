/**
 * File versions (issue 31). Every file has versions 1, 2, 3…; the Document row always carries the current one's bytes
 * fields (storageKey, url, mimeType, originalName, size) and its number (Document.version), so downloads, the list,
 * search and the portal read a file as before versions existed. Older versions keep their bytes (the sweep keeps every
 * key a DocumentVersion names; deleting a file removes all of them).
 *
 * - recordFirstVersion / recordMissingFirstVersions: every path that creates a Document writes its version 1 in the
 *   same transaction (hub uploads and links, clients' flow uploads, e-mailed attachments, the archive import, the seed).
 * - addDocumentVersion: a new version in one transaction (the version, the Document's mirror, the reset of pending
 *   approvals, the activity entry).
 * - listDocumentVersions / shareDocumentVersion: the history and staff's explicit sharing of an older version.
 * - portalDocumentVersions: what a client sees of a shared file's history (the older versions shared explicitly).
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { VERSIONS_LIVE_TOPIC } from '../../../shared/live';
import { M } from '../../../shared/messages';
import { documentDownloadPath } from '../../../shared/schemas/documents';
import {
  versionDownloadPath,
  type versionListInput,
  type versionShareInput,
  type VersionRow,
} from '../../../shared/schemas/document-versions';
import { recordActivity, staffActor, type Actor } from '../../activity';
import type { Database, Db } from '../../db';
import { fieldError } from '../../errors';
import { assertStorageQuota, type QuotaEnv } from '../../files/quota';
import { liveHub } from '../../live/hub';
import { log } from '../../log';
import { clientVisible } from '../../portal/visibility';
import { sql, TENANT, toBool, toDate, toInt, type Row, type SqlRunner } from '../../sql';
import { announceApproval } from '../approvals/changes';
import { resetOpenApprovals } from '../approvals/reset';
import type { StaffScope, TenantScope } from '../context';

/** What the version-1 writers need of a transaction: one raw statement. */
type RawTx = Pick<Db, '$executeRaw'>;

/** How many older versions a client's list shows at most (newest first): a bound, far above any real history. */
const PORTAL_VERSIONS_MAX = 50;

/**
 * Writes version 1 of a file just created, from its row (its bytes fields, uploader and date): `sha256` of the bytes
 * (computed while they streamed in), `uploadedByName` when the uploader is no staff user (a client's flow upload).
 * previewStatus: 'pending' when bytes are stored (the preview job's), else 'none'.
 */
export async function recordFirstVersion(
  tx: RawTx,
  businessId: number,
  documentId: number,
  options: { sha256: string | null; uploadedByName?: string | null },
) {
  await tx.$executeRaw`
    INSERT INTO "DocumentVersion" ("businessId", "documentId", "number", "storageKey", "url", "mimeType", "originalName", "size", "sha256", "uploadedById", "uploadedByName", "previewStatus", "createdAt")
    SELECT d."businessId", d."id", d."version", d."storageKey", d."url", d."mimeType", d."originalName", d."size", ${options.sha256},
      d."uploadedById",
      COALESCE(${options.uploadedByName ?? null}, (SELECT u."firstName" || ' ' || u."lastName" FROM "User" u WHERE u."businessId" = d."businessId" AND u."id" = d."uploadedById")),
      CASE WHEN d."storageKey" IS NULL THEN 'none' ELSE 'pending' END, d."createdAt"
    FROM "Document" d WHERE d."businessId" = ${businessId} AND d."id" = ${documentId}`;
}

/**
 * Writes version 1 of every file of the agency that has none (a bulk writer: the archive import, the seed), from the
 * rows as they are; `sha256` is null (the bytes were not read here). Returns how many it wrote.
 */
export async function recordMissingFirstVersions(tx: RawTx, businessId: number): Promise<number> {
  return tx.$executeRaw`
    INSERT INTO "DocumentVersion" ("businessId", "documentId", "number", "storageKey", "url", "mimeType", "originalName", "size", "uploadedById", "uploadedByName", "previewStatus", "createdAt")
    SELECT d."businessId", d."id", d."version", d."storageKey", d."url", d."mimeType", d."originalName", d."size", d."uploadedById",
      (SELECT u."firstName" || ' ' || u."lastName" FROM "User" u WHERE u."businessId" = d."businessId" AND u."id" = d."uploadedById"),
      CASE WHEN d."storageKey" IS NULL THEN 'none' ELSE 'pending' END, d."createdAt"
    FROM "Document" d WHERE d."businessId" = ${businessId}
      AND NOT EXISTS (SELECT 1 FROM "DocumentVersion" v WHERE v."documentId" = d."id")`;
}

const versionNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.versions.notFound });
};
const documentNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.notFound });
};

/**
 * Publishes a committed version change (ids only) to the hub's windows and, when the portal's file rule shows the
 * file to its company (read after the commit, the same rule as every portal read), to that company's portal windows.
 * A failure here never fails the write.
 */
async function announceVersion(
  scope: Pick<TenantScope, 'sql' | 'businessId'> & { app: { database: Database } },
  change: { documentId: number; number: number; current: number },
) {
  try {
    const doc = await scope.sql.get(
      sql`SELECT d."companyId" FROM "Document" d WHERE d."businessId" = ${TENANT} AND d."id" = ${change.documentId}`,
    );
    const companyId = doc?.companyId == null ? null : toInt(doc.companyId);
    const shown =
      companyId !== null &&
      (await scope.sql.get(
        sql`SELECT 1 AS "ok" FROM "Document" d WHERE d."id" = ${change.documentId} AND ${clientVisible.document(sql`d`, companyId)}`,
      )) !== undefined;
    await liveHub(scope.app.database).publish({
      businessId: scope.businessId,
      companyId,
      audience: shown ? 'all' : 'staff',
      topic: VERSIONS_LIVE_TOPIC,
      data: { documentId: change.documentId, number: change.number, current: change.current },
    });
  } catch (error) {
    log.warn({ err: error, documentId: change.documentId }, 'versions: publishing a live update failed');
  }
}

const versionColumns = sql`v."number", v."uploadedById", v."createdAt", v."size", v."sha256", v."originalName", v."mimeType",
  v."storageKey", v."url", v."sharedWithClient",
  COALESCE(v."uploadedByName", (SELECT u."firstName" || ' ' || u."lastName" FROM "User" u WHERE u."businessId" = v."businessId" AND u."id" = v."uploadedById")) AS "uploaderName"`;

function versionFromRow(documentId: number, current: number, r: Row): VersionRow {
  const number = toInt(r.number);
  const stored = r.storageKey != null;
  return {
    number,
    uploadedById: r.uploadedById == null ? null : toInt(r.uploadedById),
    uploadedByName: r.uploaderName == null ? null : String(r.uploaderName),
    createdAt: toDate(r.createdAt),
    size: toInt(r.size ?? 0),
    sha256: (r.sha256 as string | null) ?? null,
    originalName: (r.originalName as string | null) ?? null,
    mimeType: (r.mimeType as string | null) ?? null,
    stored,
    current: number === current,
    // The current version is shared through the file itself; the flag speaks for older ones.
    sharedWithClient: number !== current && toBool(r.sharedWithClient),
    url: stored ? versionDownloadPath(documentId, number) : String(r.url),
  };
}

/** The file's current version number, or NOT_FOUND (another agency's file looks like a missing one). */
async function currentVersionOf(db: SqlRunner, id: number): Promise<number> {
  const row = await db.get(sql`SELECT "version" FROM "Document" WHERE "businessId" = ${TENANT} AND "id" = ${id}`);
  return row ? toInt(row.version) : documentNotFound();
}

/** A file's versions, newest first, a keyset page over (documentId, number); the total on the first page. */
export async function listDocumentVersions(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof versionListInput>) {
  const current = await currentVersionOf(scope.sql, input.id);
  const after = input.cursor ? sql` AND v."number" < ${input.cursor}` : sql``;
  const [rows, count] = await Promise.all([
    scope.sql.all(sql`
      SELECT ${versionColumns} FROM "DocumentVersion" v
      WHERE v."businessId" = ${TENANT} AND v."documentId" = ${input.id}${after}
      ORDER BY v."number" DESC LIMIT ${input.limit + 1}`),
    input.cursor
      ? null
      : scope.sql.get(
          sql`SELECT COUNT(*) AS "n" FROM "DocumentVersion" v WHERE v."businessId" = ${TENANT} AND v."documentId" = ${input.id}`,
        ),
  ]);
  const items = rows.slice(0, input.limit).map((r) => versionFromRow(input.id, current, r));
  return {
    items,
    nextCursor: rows.length > input.limit ? items[items.length - 1].number : null,
    total: count ? toInt(count.n) : null,
  };
}

/** One version of the agency's file, or NOT_FOUND. */
async function readDocumentVersion(db: SqlRunner, id: number, number: number): Promise<VersionRow> {
  const current = await currentVersionOf(db, id);
  const row = await db.get(sql`
    SELECT ${versionColumns} FROM "DocumentVersion" v
    WHERE v."businessId" = ${TENANT} AND v."documentId" = ${id} AND v."number" = ${number}`);
  return row ? versionFromRow(id, current, row) : versionNotFound();
}

/**
 * Shares an older version with the client, or stops sharing it (the current version follows the file's own sharing:
 * refused with a sentence). The client reaches it only while the file itself is shared with them. A change writes a
 * staff-only activity entry in the same transaction (the client's feed has no event for it: their file's history shows
 * the version); setting what is already set writes nothing.
 */
export async function shareDocumentVersion(
  scope: Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user' | 'app'>,
  input: z.output<typeof versionShareInput>,
) {
  const current = await currentVersionOf(scope.sql, input.id);
  if (input.number === current) fieldError('number', M.versions.currentIsShared);
  const changed = await scope.db.$transaction(async (tx) => {
    const version = await tx.documentVersion.findFirst({
      where: { documentId: input.id, number: input.number },
      select: { id: true, sharedWithClient: true, document: { select: { name: true, companyId: true } } },
    });
    if (!version) return versionNotFound();
    // Conditional on the old value: of two toggles at once, one writes the entry.
    const changed = await tx.documentVersion.updateMany({
      where: { id: version.id, sharedWithClient: !input.sharedWithClient },
      data: { sharedWithClient: input.sharedWithClient },
    });
    if (changed.count === 0) return false;
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'file',
      entityId: input.id,
      entityName: version.document.name,
      companyId: version.document.companyId,
      action: input.sharedWithClient ? 'version_shared' : 'version_unshared',
      changes: [
        { field: 'version', from: null, to: input.number },
        { field: 'sharedWithClient', from: !input.sharedWithClient, to: input.sharedWithClient },
      ],
      clientVisible: false,
    });
    return true;
  });
  if (changed) void announceVersion(scope, { documentId: input.id, number: input.number, current });
  return readDocumentVersion(scope.sql, input.id, input.number);
}

/** A new version's bytes, already in storage (streamed in and hashed by the upload route). */
export type StoredVersion = {
  storageKey: string;
  size: number;
  mimeType: string | null;
  originalName: string;
  sha256: string | null;
};

/**
 * Adds a version to a file, in one transaction: the version (number = current + 1), the file's row mirroring it
 * (bytes fields and number), the reset of its pending approval requests, and an activity entry ("uploaded version N
 * of …", the client's too when the file is shared with them). Two uploads at once: the second finds the number taken
 * and is refused (409) with nothing written. A client's flow upload that gets a new version is staff's from now on
 * (the flow markers are cleared, as an edit does).
 */
export async function addDocumentVersion(
  scope: TenantScope & { userId: number; actor: Actor; app: { database: Database; env: { publicUrl: string } } },
  documentId: number,
  stored: StoredVersion,
  quota?: QuotaEnv,
): Promise<{ version: VersionRow; resetApprovalRequestIds: number[]; reaskedApprovalRequestId: number | null }> {
  const { businessId } = scope;
  const result = await scope.db.$transaction(async (tx) => {
    const doc =
      (await tx.document.findUnique({
        where: { id: documentId },
        select: { version: true, name: true, companyId: true, visibleInPortal: true },
      })) ?? documentNotFound();
    if (quota) await assertStorageQuota(tx, businessId, stored.size, quota);
    const number = doc.version + 1;
    const url = documentDownloadPath(documentId);
    // Only from the number read above: a concurrent new version moved it, and this one is refused.
    const moved = await tx.document.updateMany({
      where: { id: documentId, version: doc.version },
      data: {
        version: number,
        storageKey: stored.storageKey,
        url,
        mimeType: stored.mimeType,
        originalName: stored.originalName,
        size: stored.size,
        flowSubmissionId: null,
        flowFieldId: null,
      },
    });
    if (moved.count === 0) throw new TRPCError({ code: 'CONFLICT', message: M.versions.concurrent });
    const created = await tx.documentVersion.create({
      data: {
        businessId,
        documentId,
        number,
        storageKey: stored.storageKey,
        url,
        mimeType: stored.mimeType,
        originalName: stored.originalName,
        size: stored.size,
        sha256: stored.sha256,
        uploadedById: scope.userId,
        uploadedByName: scope.actor.name,
        previewStatus: 'pending',
      },
      select: { id: true },
    });
    const approvals = await resetOpenApprovals(tx, {
      businessId,
      documentId,
      fileName: doc.name,
      versionId: created.id,
      versionNumber: number,
      actor: scope.actor,
      publicUrl: scope.app.env.publicUrl,
    });
    await recordActivity(tx, businessId, scope.actor, {
      entityType: 'file',
      entityId: documentId,
      entityName: doc.name,
      companyId: doc.companyId,
      action: 'version_uploaded',
      changes: [{ field: 'version', from: doc.version, to: number }],
      // Shared with the client: their portal shows the new version.
      clientVisible: doc.visibleInPortal && doc.companyId !== null,
    });
    return { number, approvals, companyId: doc.companyId };
  });
  // After the commit: the open windows refetch the file, its history and (a reset) its approval requests.
  void announceVersion(scope, { documentId, number: result.number, current: result.number });
  const { resetIds, reaskedId, companyId } = result.approvals;
  if (companyId !== null) {
    for (const requestId of resetIds)
      announceApproval(scope.app, { businessId, companyId, requestId, documentId, status: 'reset' });
    if (reaskedId !== null)
      announceApproval(scope.app, { businessId, companyId, requestId: reaskedId, documentId, status: 'pending' });
  }
  return {
    version: await readDocumentVersion(scope.sql, documentId, result.number),
    resetApprovalRequestIds: resetIds,
    reaskedApprovalRequestId: reaskedId,
  };
}

/**
 * The stored keys of every version of the given files (the current one's included), for removing the bytes once the
 * rows are gone. Bounded by the files' histories, read over the (businessId, documentId, number) index.
 */
export async function versionKeysOf(
  tx: { documentVersion: { findMany(args: object): PromiseLike<{ storageKey: string | null }[]> } },
  documentIds: number[],
): Promise<string[]> {
  if (documentIds.length === 0) return [];
  const rows = await tx.documentVersion.findMany({
    where: { documentId: { in: documentIds }, storageKey: { not: null } },
    select: { storageKey: true },
  });
  return rows.map((r) => r.storageKey).filter((key): key is string => key !== null);
}

/**
 * The older versions of a file that staff shared with the client, newest first (at most PORTAL_VERSIONS_MAX), when
 * the client may see the file at all (the portal's rule); anything else is NOT_FOUND, like a missing file.
 */
export async function portalDocumentVersions(scope: Pick<TenantScope, 'sql'> & { companyId: number }, id: number) {
  const doc = await scope.sql.get(sql`
    SELECT d."version", d."name", d."mimeType", d."storageKey" FROM "Document" d
    WHERE d."id" = ${id} AND ${clientVisible.document(sql`d`, scope.companyId)}`);
  if (!doc) return documentNotFound();
  const current = toInt(doc.version);
  const file = {
    name: String(doc.name),
    version: current,
    mimeType: doc.storageKey == null ? null : ((doc.mimeType as string | null) ?? null),
    url: documentDownloadPath(id),
  };
  const rows = await scope.sql.all(sql`
    SELECT ${versionColumns} FROM "DocumentVersion" v
    WHERE v."businessId" = ${TENANT} AND v."documentId" = ${id} AND v."number" <> ${current} AND v."sharedWithClient" = ${true}
    ORDER BY v."number" DESC LIMIT ${PORTAL_VERSIONS_MAX}`);
  return {
    file,
    items: rows.map((r) => {
      const v = versionFromRow(id, current, r);
      const { number, createdAt, size, originalName, mimeType, url } = v;
      return { number, createdAt, size, originalName, mimeType, url };
    }),
  };
}

/**
 * The row a version's download reads: staff, any version of the agency's file; a portal client, the current version
 * or an older one shared explicitly, of a file the portal's rule shows them. null: nothing they may reach.
 */
export async function versionForDownload(db: SqlRunner, id: number, number: number, portalCompanyId: number | null) {
  const clientOnly =
    portalCompanyId === null ? sql`` : sql` AND ${clientVisible.documentVersion(sql`v`, sql`d`, portalCompanyId)}`;
  return db.get(sql`
    SELECT v."url", v."storageKey", v."originalName", d."name", v."mimeType", v."size" FROM "DocumentVersion" v
    JOIN "Document" d ON d."businessId" = v."businessId" AND d."id" = v."documentId"
    WHERE v."businessId" = ${TENANT} AND v."documentId" = ${id} AND v."number" = ${number}${clientOnly}`);
}
