/**
 * The two routes that carry a file's bytes, outside tRPC (which speaks JSON):
 * - POST /api/documents/upload: multipart, streamed by multer straight into FileStorage (never whole in memory),
 *   then recorded by createDocument, the same code path as documents.create;
 * - GET /api/documents/{id}/download: the stored bytes, or a redirect to an external file's URL.
 * Both authenticate like every procedure (RequestSessions: Bearer token, else the staff cookie; app.ts's Origin
 * check covers the cookie upload), and another agency's file is NOT_FOUND. A download also accepts a portal session
 * (Bearer token or portal cookie) for the files the portal's rule shows that client (clientVisible.document).
 * A new upload is internal (visibleInPortal false) unless the form says 'true'.
 */
import { pipeline } from 'node:stream/promises';
import { Router, type Request, type Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { create as contentDisposition } from 'content-disposition';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { idSchema } from '../../shared/schemas/common';
import { documentNameSchema, documentUploadFields } from '../../shared/schemas/documents';
import { hasNul } from '../lib/input-guards';
import { sendError, sendRefusal } from '../rest';
import { createDocument, type StoredFile } from '../domain/documents';
import { contactActor, recordActivity, staffActor } from '../activity';
import { sql, TENANT, toInt, tenantRunner } from '../sql';
import { runAsTenant } from '../tenancy';
import { twoFactorSetupRefusal, type createContextFactory } from '../trpc';
import { FileNotFoundError, FileTooLargeError, type FileStorage } from './storage';
import { StorageQuotaError, storageRoom } from './quota';
import { log } from '../log';
import { clientVisible } from '../portal/visibility';

/** What a multipart body may add around the file itself (boundaries, part headers, the few text fields). */
export const MULTIPART_OVERHEAD = 64 * 1024;

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

type Refusal = { status: number; message: string; code: string };

function refuse(res: Response, { status, message, code }: Refusal) {
  if (res.headersSent || res.destroyed) return;
  sendRefusal(res, status, { message, code });
}

const unauthenticated: Refusal = { status: 401, message: M.auth.unauthenticated, code: 'UNAUTHORIZED' };
const notFound: Refusal = { status: 404, message: M.documents.notFound, code: 'NOT_FOUND' };
const badRequest = (message: string): Refusal => ({ status: 400, message, code: 'BAD_REQUEST' });
const tooLarge = (maxBytes: number): Refusal => ({
  status: 413,
  message: M.documents.tooLarge(formatFileSize(maxBytes)),
  code: 'PAYLOAD_TOO_LARGE',
});
/** Over the agency's storage quota (server/files/quota.ts): 413 naming the quota and the space used. */
const overQuota = (space: { quota: number; used: number }): Refusal => {
  const { message, code } = new StorageQuotaError(space.quota, space.used);
  return { status: 413, message, code };
};

/**
 * The file's own name as it may be shown and sent back: the last path segment, without control and bidi-override
 * characters (a name must not fake its extension), at most 255 characters.
 */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  return clean.slice(0, 255) || 'file';
}

/** The part's declared type when it looks like a media type, else none. */
const safeMimeType = (value: string | undefined) => {
  const type = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : null;
};

/** Multer's storage engine over FileStorage: each file streams into a fresh random key of the business. */
function storageEngine(storage: FileStorage, businessId: number, maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const key = storage.newKey(businessId);
      storage.writeStream(key, file.stream, { maxBytes }).then(
        ({ size }) => callback(null, { path: key, size }),
        (error: unknown) => callback(error),
      );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path).then(() => callback(null), callback);
    },
  };
}

/** Runs multer on the request; resolves once the file is stored (or rejects, with nothing left behind). */
export function receive(req: Request, res: Response, engine: StorageEngine, maxBytes: number): Promise<void> {
  const middleware = multer({
    storage: engine,
    // Browsers send UTF-8 file names without marking them (RFC 7578); busboy's default would read them as Latin-1.
    defParamCharset: 'utf8',
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 12,
      headerPairs: 20,
    },
  }).single('file');
  return new Promise((resolve, reject) =>
    middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );
}

/**
 * Why multer (or the storage under it) refused a body, as the client is told. quota: the agency's space when the
 * stream was cut at the room its quota leaves (less than maxBytes): a file too large for it is over the quota.
 */
function uploadRefusal(
  error: unknown,
  maxBytes: number,
  quota: { quota: number; used: number } | null = null,
): Refusal {
  const sizeRefusal = () => (quota ? overQuota(quota) : tooLarge(maxBytes));
  if (error instanceof FileTooLargeError) return sizeRefusal();
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return sizeRefusal();
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT')
      return badRequest(M.documents.notMultipart);
    return badRequest(M.documents.badUpload);
  }
  return badRequest(M.documents.badUpload);
}

export function documentFileRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();

  routes.post('/api/documents/upload', async (req, res) => {
    const ctx = createContext({ req, res });
    const { storage, env } = ctx.app;
    const maxBytes = env.MAX_UPLOAD_BYTES;
    let storedKey: string | null = null;
    /** Removes an upload that is not kept; before a refusal goes out, so whoever reads it finds nothing stored. */
    const discard = async () => {
      const key = storedKey;
      storedKey = null;
      if (key)
        await storage
          .remove(key)
          .catch((error: unknown) =>
            log.error({ err: error, key }, 'files: an upload not kept could not be removed from storage'),
          );
    };
    try {
      const session = await ctx.sessions.getStaff();
      if (!session) return refuse(res, unauthenticated);
      if (session.twoFactorSetupNeeded) return refuse(res, twoFactorSetupRefusal);
      if (!req.is('multipart/form-data')) return refuse(res, badRequest(M.documents.notMultipart));
      // A declared body far over the limit is refused before a byte of it is stored.
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
        res.setHeader('Connection', 'close');
        return refuse(res, tooLarge(maxBytes));
      }
      const businessId = session.user.businessId;
      // With a storage quota, a full agency (or a body declaring more than the room left) is refused before a byte
      // is stored, and the stream stops at the room left; createDocument checks again with the file's real size.
      const space = await storageRoom(ctx.app.database.db, businessId, env);
      if (space && (space.room === 0 || (Number.isFinite(declared) && declared - MULTIPART_OVERHEAD > space.room))) {
        res.setHeader('Connection', 'close');
        return refuse(res, overQuota(space));
      }
      const limit = space ? Math.min(maxBytes, space.room) : maxBytes;

      try {
        await receive(req, res, storageEngine(storage, businessId, limit), limit);
      } catch (error) {
        // The client went away mid-upload: the storage has already dropped the partial file; nobody to answer.
        if (res.destroyed || !res.socket || res.socket.destroyed) return;
        return refuse(res, uploadRefusal(error, maxBytes, space && limit < maxBytes ? space : null));
      }
      const file = req.file;
      if (!file) return refuse(res, badRequest(M.documents.noFile));
      storedKey = file.path;
      if (file.size === 0) return refuse(res, badRequest(M.documents.emptyFile));

      const fields = documentUploadFields.safeParse({ ...req.body });
      if (!fields.success) {
        const issues = fields.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
        return sendRefusal(res, 400, { message: issues[0].message, code: 'BAD_REQUEST', issues });
      }
      if (hasNul(fields.data) || hasNul(file.originalname)) return refuse(res, badRequest(M.common.nulCharacter));
      const originalName = safeFileName(file.originalname ?? '');
      const name = documentNameSchema.parse(fields.data.name || originalName);
      const stored: StoredFile = {
        storageKey: file.path,
        size: file.size,
        mimeType: safeMimeType(file.mimetype),
        originalName,
      };

      const scope = {
        db: ctx.app.tenantDb,
        sql: tenantRunner(ctx.app.database.sqlExecutor, businessId),
        businessId,
        userId: session.user.id,
        actor: staffActor(session.user),
      };
      const document = await runAsTenant(businessId, () =>
        createDocument(scope, { ...fields.data, name, visibleInPortal: fields.data.visibleInPortal }, stored, env),
      );
      storedKey = null;
      res.status(201).json(document);
    } catch (error) {
      await discard();
      sendError(res, error);
    } finally {
      // Anything that ended without a row (refused, failed) leaves no file behind.
      await discard();
    }
  });

  routes.get('/api/documents/:id/download', async (req, res) => {
    const ctx = createContext({ req, res });
    try {
      // Staff: any file of the agency. A portal client: only a file the portal's rule shows them (their own
      // company's, shared, and not in a project they do not see: server/portal/visibility.ts); anything else is
      // NOT_FOUND, like a missing file.
      const session = await ctx.sessions.getStaff();
      const portal = session ? null : await ctx.sessions.getPortal();
      if (!session && !portal) return refuse(res, unauthenticated);
      if (session?.twoFactorSetupNeeded) return refuse(res, twoFactorSetupRefusal);
      const id = idSchema.safeParse(req.params.id);
      if (!id.success) return refuse(res, notFound);
      const db = tenantRunner(ctx.app.database.sqlExecutor, session ? session.user.businessId : portal!.businessId);
      const clientOnly = portal ? sql` AND ${clientVisible.document(sql`d`, portal.contact.companyId)}` : sql``;
      const row = await db.get(sql`
        SELECT d."url", d."storageKey", d."originalName", d."name", d."mimeType", d."size" FROM "Document" d
        WHERE d."businessId" = ${TENANT} AND d."id" = ${id.data}${clientOnly}`);
      if (!row) return refuse(res, notFound);
      // A client's download (authorised above) is logged: not a write, so no transaction to share.
      // A staff preview of the portal (portal.preview) is no client: nothing is logged.
      const logDownload =
        portal && !portal.preview
          ? () =>
              recordActivity(ctx.app.database.db, portal.businessId, contactActor(portal.contact), {
                entityType: 'file',
                entityId: id.data,
                entityName: String(row.name),
                companyId: portal.contact.companyId,
                action: 'downloaded',
                clientVisible: true,
              })
          : async () => 0;

      if (row.storageKey == null) {
        // A link: the browser goes to the file itself (only http(s) addresses were ever accepted).
        const url = String(row.url);
        if (!/^https?:\/\//i.test(url)) return refuse(res, notFound);
        await logDownload();
        return res.redirect(302, url);
      }

      // One byte range (a video seeking, a download resumed) is answered 206 with just those bytes; several ranges
      // or a malformed header get the whole file, as HTTP allows; a range past the end is 416.
      const size = toInt(row.size);
      const ranges = req.headers.range ? req.range(size, { combine: true }) : undefined;
      if (ranges === -1) {
        res.setHeader('Content-Range', `bytes */${size}`);
        return refuse(res, { status: 416, message: M.documents.rangeNotSatisfiable, code: 'RANGE_NOT_SATISFIABLE' });
      }
      const range = Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1 ? ranges[0] : null;
      const stream = await ctx.app.storage
        .readStream(String(row.storageKey), range ?? undefined)
        .catch((error: unknown) => {
          if (error instanceof FileNotFoundError) return null;
          throw error;
        });
      if (!stream) return refuse(res, { status: 404, message: M.documents.storedFileMissing, code: 'NOT_FOUND' });
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
        inline
          ? declaredType === 'text/plain'
            ? 'text/plain; charset=utf-8'
            : declaredType
          : 'application/octet-stream',
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
    } catch (error) {
      if (res.headersSent) {
        log.error({ err: error }, 'files: download failed after it started');
        res.destroy();
        return;
      }
      sendError(res, error);
    }
  });

  return routes;
}
