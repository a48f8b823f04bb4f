/**
 * The two routes that carry a file's bytes, outside tRPC (which speaks JSON), declared in server/http/registry.ts:
 * - POST /api/documents/upload: multipart, streamed by multer straight into FileStorage (never whole in memory),
 *   then recorded by createDocument, the same code path as documents.create;
 * - GET /api/documents/{id}/download: the stored bytes, or a redirect to an external file's URL.
 * Both are checked like every procedure (server/http/route.ts; app.ts's Origin check covers the cookie upload), and
 * another agency's file is NOT_FOUND. A download also accepts a portal session (Bearer token or portal cookie) for
 * the files the portal's rule shows that client (clientVisible.document).
 * A new upload is internal (visibleInPortal false) unless the form says 'true'.
 */
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { create as contentDisposition } from 'content-disposition';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { idSchema } from '../../shared/schemas/common';
import { documentNameSchema, documentUploadFields } from '../../shared/schemas/documents';
import type { StaffScope } from '../domain/context';
import {
  checkMultipart,
  declaredLength,
  MULTIPART_OVERHEAD,
  receiveFile,
  refuseBody,
  storageEngine,
  withPendingUpload,
  type UploadRefusals,
} from '../http/multipart';
import { badRequest, RouteRefusal, tooLarge, type Refusal } from '../http/reply';
import type { StaffOrPortal } from '../http/route';
import { hasNul } from '../lib/input-guards';
import { createDocument, type StoredFile } from '../domain/documents';
import { addDocumentVersion, versionForDownload } from '../domain/documents/versions';
import { versionNumberSchema } from '../../shared/schemas/document-versions';
import { contactActor, recordActivity, staffActor } from '../activity';
import { sql, TENANT, toInt, type Row } from '../sql';
import { FileNotFoundError, type FileStorage } from './storage';
import { StorageQuotaError, storageRoom } from './quota';
import { clientVisible } from '../portal/visibility';
import { afterUpload } from './previews/job';

/**
 * Types a browser may show in its own tab (the list's link opens files there); any other file is sent as an
 * attachment of type application/octet-stream, so nothing uploaded can run as a page of this origin (HTML, SVG…).
 */
const INLINE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'text/plain',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
  'video/ogg',
]);

/** A downloaded file may show images and media of its own, and nothing else (no script, no form, no frame). */
const DOWNLOAD_CSP =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'none'";

const notFound: Refusal = { status: 404, message: M.documents.notFound, code: 'NOT_FOUND' };
const versionNotFound: Refusal = { status: 404, message: M.versions.notFound, code: 'NOT_FOUND' };
const tooLargeFor = (maxBytes: number) => tooLarge(M.documents.tooLarge(formatFileSize(maxBytes)));
/** Over the agency's storage quota (server/files/quota.ts): 413 naming the quota and the space used. */
const overQuota = (space: { quota: number; used: number }): Refusal => {
  const { message, code } = new StorageQuotaError(space.quota, space.used);
  return { status: 413, message, code };
};
/** How the upload preamble's refusals read for a document (and a portal flow's file: ./portal-flow-upload.ts). */
export const documentUploadRefusals = (maxBytes: number): UploadRefusals => ({
  notMultipart: badRequest(M.documents.notMultipart),
  badUpload: badRequest(M.documents.badUpload),
  tooLarge: tooLargeFor(maxBytes),
});

/**
 * The file's own name as it may be shown and sent back: the last path segment, without control and bidi-override
 * characters (a name must not fake its extension), at most 255 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

/** The part's declared type when it looks like a media type, else none. */
export const safeMimeType = (value: string | undefined) => {
  const type = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : null;
};

/** Removes a stored upload that is not kept (server/http/multipart.ts's withPendingUpload). */
export const removeFrom = (storage: FileStorage) => (key: string) => storage.remove(key);

/** A stored upload as multer hands it on: the storage key, its size and the SHA-256 hashed on the way in. */
type StoredUpload = Express.Multer.File & { sha256?: string | null };

/**
 * The preamble of both hub uploads (a new file, a new version): multipart within MAX_UPLOAD_BYTES and the storage
 * quota (refused before a byte is stored when the declared body says so), streamed into storage and hashed, held
 * by `pending` until a row names it. Resolves with the stored file (never empty, its name checked).
 */
async function receiveHubUpload(
  scope: StaffScope,
  req: Request,
  res: Response,
  pending: { hold(key: string): void },
): Promise<StoredFile & { sha256: string | null }> {
  const { storage, env } = scope.app;
  const { businessId } = scope;
  const maxBytes = env.MAX_UPLOAD_BYTES;
  const refusals = documentUploadRefusals(maxBytes);
  // A declared body far over the limit is refused before a byte of it is stored.
  checkMultipart(req, res, maxBytes, refusals);
  // With a storage quota, a full agency (or a body declaring more than the room left) is refused before a byte
  // is stored, and the stream stops at the room left; the row's transaction checks again with the file's real size.
  const declared = declaredLength(req);
  const space = await storageRoom(scope.app.database.db, businessId, env);
  if (space && (space.room === 0 || (declared !== null && declared - MULTIPART_OVERHEAD > space.room)))
    refuseBody(res, overQuota(space));
  const limit = space ? Math.min(maxBytes, space.room) : maxBytes;
  // The stream cut at the room the quota leaves (less than maxBytes): a file too large for it is over the quota.
  const sizeRefusal = space && limit < maxBytes ? overQuota(space) : refusals.tooLarge;
  const file = (await receiveFile(req, res, {
    engine: storageEngine(storage, businessId, limit),
    maxBytes: limit,
    refusals: { ...refusals, tooLarge: sizeRefusal },
  })) as StoredUpload | undefined;
  if (!file) throw new RouteRefusal(badRequest(M.documents.noFile));
  pending.hold(file.path);
  if (file.size === 0) throw new RouteRefusal(badRequest(M.documents.emptyFile));
  if (hasNul(file.originalname)) throw new RouteRefusal(badRequest(M.common.nulCharacter));
  return {
    storageKey: file.path,
    size: file.size,
    mimeType: safeMimeType(file.mimetype),
    originalName: safeFileName(file.originalname ?? ''),
    sha256: file.sha256 ?? null,
  };
}

/** POST /api/documents/upload (any staff member, as documents.create). */
export async function uploadDocument(scope: StaffScope, req: Request, res: Response) {
  // Anything that ends without a row (refused, failed) leaves no file behind.
  await withPendingUpload(
    removeFrom(scope.app.storage),
    'files: an upload not kept could not be removed from storage',
    async (pending) => {
      const stored = await receiveHubUpload(scope, req, res, pending);
      const fields = documentUploadFields.safeParse({ ...req.body });
      if (!fields.success) {
        const issues = fields.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
        throw new RouteRefusal({ status: 400, message: issues[0].message, code: 'BAD_REQUEST', issues });
      }
      if (hasNul(fields.data)) throw new RouteRefusal(badRequest(M.common.nulCharacter));
      const name = documentNameSchema.parse(fields.data.name || stored.originalName);
      const document = await createDocument(
        { ...scope, userId: scope.user.id, actor: staffActor(scope.user) },
        { ...fields.data, name, visibleInPortal: fields.data.visibleInPortal },
        stored,
        scope.app.env,
      );
      pending.keep();
      await afterUpload(scope.app.database, scope.businessId);
      res.status(201).json(document);
    },
  );
}

/**
 * POST /api/documents/{id}/versions (any staff member, as documents.update): a new version of the agency's file,
 * multipart (`file`), with the hub upload's limits, quota and refusals. Another agency's file is NOT_FOUND, checked
 * before a byte is stored; 201 with the version and the approval requests it reset.
 */
export async function uploadDocumentVersion(scope: StaffScope, req: Request, res: Response) {
  const id = idSchema.safeParse(req.params.id);
  if (!id.success) throw new RouteRefusal(notFound);
  const exists = await scope.sql.get(
    sql`SELECT 1 AS "ok" FROM "Document" WHERE "businessId" = ${TENANT} AND "id" = ${id.data}`,
  );
  if (!exists) throw new RouteRefusal(notFound);
  await withPendingUpload(
    removeFrom(scope.app.storage),
    'files: an upload not kept could not be removed from storage',
    async (pending) => {
      const stored = await receiveHubUpload(scope, req, res, pending);
      const added = await addDocumentVersion(
        { ...scope, userId: scope.user.id, actor: staffActor(scope.user) },
        id.data,
        stored,
        scope.app.env,
      );
      pending.keep();
      await afterUpload(scope.app.database, scope.businessId);
      res.status(201).json(added);
    },
  );
}

/**
 * GET /api/documents/{id}/download. Staff: any file of the agency. A portal client: only a file the portal's rule
 * shows them (their own company's, shared, and not in a project they do not see: server/portal/visibility.ts);
 * anything else is NOT_FOUND, like a missing file.
 */
export async function downloadDocument(caller: StaffOrPortal, req: Request, res: Response) {
  const { staff, portal } = caller;
  const scope = staff ?? portal;
  const id = idSchema.safeParse(req.params.id);
  if (!id.success) throw new RouteRefusal(notFound);
  const clientOnly = portal ? sql` AND ${clientVisible.document(sql`d`, portal.companyId)}` : sql``;
  const row = await scope.sql.get(sql`
    SELECT d."url", d."storageKey", d."originalName", d."name", d."mimeType", d."size" FROM "Document" d
    WHERE d."businessId" = ${TENANT} AND d."id" = ${id.data}${clientOnly}`);
  if (!row) throw new RouteRefusal(notFound);
  await sendDocumentBytes(caller, id.data, row, req, res);
}

/**
 * GET /api/documents/{id}/versions/{number}/download: one version's bytes, with the current download's headers.
 * Staff: any version of the agency's file. A portal client: the current version, or an older one staff shared
 * explicitly, of a file the portal's rule shows them; anything else is NOT_FOUND.
 */
export async function downloadDocumentVersion(caller: StaffOrPortal, req: Request, res: Response) {
  const { staff, portal } = caller;
  const scope = staff ?? portal;
  const id = idSchema.safeParse(req.params.id);
  const number = versionNumberSchema.safeParse(req.params.number);
  if (!id.success || !number.success) throw new RouteRefusal(versionNotFound);
  const row = await versionForDownload(scope.sql, id.data, number.data, portal ? portal.companyId : null);
  if (!row) throw new RouteRefusal(versionNotFound);
  await sendDocumentBytes(caller, id.data, row, req, res);
}

/** A file's (or a version's) row, authorised by the caller: its bytes, a range of them, or a link's redirect. */
async function sendDocumentBytes({ staff, portal }: StaffOrPortal, id: number, row: Row, req: Request, res: Response) {
  const scope = (staff ?? portal)!;
  // A client's download (authorised above) is logged: not a write, so no transaction to share.
  // A staff preview of the portal (portal.preview) is no client: nothing is logged.
  const client = portal && !portal.portalSession.preview ? portal.portalSession : null;
  const logDownload = client
    ? () =>
        recordActivity(scope.app.database.db, client.businessId, contactActor(client.contact), {
          entityType: 'file',
          entityId: id,
          entityName: String(row.name),
          companyId: client.contact.companyId,
          action: 'downloaded',
          clientVisible: true,
        })
    : async () => 0;

  if (row.storageKey == null) {
    // A link: the browser goes to the file itself (only http(s) addresses were ever accepted).
    const url = String(row.url);
    if (!/^https?:\/\//i.test(url)) throw new RouteRefusal(notFound);
    await logDownload();
    return res.redirect(302, url);
  }

  // One byte range (a video seeking, a download resumed) is answered 206 with just those bytes; several ranges
  // or a malformed header get the whole file, as HTTP allows; a range past the end is 416.
  const size = toInt(row.size);
  const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
  if (ranges === -1) {
    res.setHeader('Content-Range', `bytes */${size}`);
    throw new RouteRefusal({ status: 416, message: M.documents.rangeNotSatisfiable, code: 'RANGE_NOT_SATISFIABLE' });
  }
  const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
  const stream = await scope.app.storage
    .readStream(String(row.storageKey), range ?? undefined)
    .catch((error: unknown) => {
      if (error instanceof FileNotFoundError) return null;
      throw error;
    });
  if (!stream) throw new RouteRefusal({ status: 404, message: M.documents.storedFileMissing, code: 'NOT_FOUND' });
  try {
    // A client's download is logged once, not once per range a media player asks for.
    if (!range || range.start === 0) await logDownload();
  } catch (error) {
    stream.destroy();
    throw error;
  }

  const declaredType = (row.mimeType as string | null) ?? '';
  const inline = INLINE_TYPES.has(declaredType) && req.query.download === undefined;
  const fileName = safeFileName(String(row.originalName ?? row.name));
  res.status(range ? 206 : 200);
  res.setHeader(
    'Content-Type',
    inline ? (declaredType === 'text/plain' ? 'text/plain; charset=utf-8' : declaredType) : 'application/octet-stream',
  );
  res.setHeader('Accept-Ranges', 'bytes');
  if (range) res.setHeader('Content-Range', `bytes ${range.start}-${range.end}/${size}`);
  res.setHeader('Content-Length', String(range ? range.end - range.start + 1 : size));
  res.setHeader('Content-Disposition', contentDisposition(fileName, { type: inline ? 'inline' : 'attachment' }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', DOWNLOAD_CSP);
  // Private bytes: never kept by a browser or proxy; never re-encoded on the way (compression skips no-transform).
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  await pipeline(stream, res).catch((error: unknown) => {
    // A reader that goes away mid-download is not a server error.
    if (!res.destroyed) throw error;
  });
}
