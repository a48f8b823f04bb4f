/**
 * The business logo's bytes, outside tRPC (which speaks JSON), beside the documents' routes (./routes.ts):
 * - POST /api/business/logo: multipart, field `file`, at most 5 MB (spec §5, §9). Streamed by multer into
 *   FileStorage under a fresh random key; the first bytes decide what it is (PNG, JPEG or GIF only: SVG and
 *   anything else is refused, whatever its name or declared type). Once the business row names the new key, the
 *   old file is removed (replaceLogo). A refused or interrupted upload leaves nothing behind.
 * - GET /api/business/logo/{businessId}/{uuid}: public (the portal's login page shows it before anyone signs in),
 *   only for the key the business currently names. Each upload gets a new address, so it may be cached for a year.
 */
import { pipeline as pipe } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import { Router, type Request, type Response } from 'express';
import { MulterError, type StorageEngine } from 'multer';
import { LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { logoPath } from '../../shared/schemas/business';
import { idSchema } from '../../shared/schemas/common';
import { sendError, sendRefusal } from '../rest';
import { replaceLogo } from '../domain/business';
import { staffActor } from '../activity';
import { twoFactorSetupRefusal, type createContextFactory } from '../trpc';
import { MULTIPART_OVERHEAD, receive, safeFileName } from './routes';
import { FileNotFoundError, FileTooLargeError, type FileStorage } from './storage';
import { log } from '../log';

export type ImageType = 'image/png' | 'image/jpeg' | 'image/gif';

/** Enough leading bytes to tell the three accepted formats apart (PNG's signature is the longest). */
const SNIFF_BYTES = 8;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** What a file's first bytes say it is: PNG, JPEG or GIF (87a/89a); null for anything else (SVG, HTML, WebP, text…). */
export function imageTypeOf(head: Buffer): ImageType | null {
  if (head.length >= PNG.length && head.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (head.length >= JPEG.length && head.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  const gif = head.subarray(0, 6).toString('latin1');
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'image/gif';
  return null;
}

/** The bytes are not a PNG, JPEG or GIF image. */
export class NotAnImageError extends Error {
  constructor() {
    super(M.account.invalidType);
    this.name = 'NotAnImageError';
  }
}

/** Passes the bytes through, and fails the pipeline as soon as the first ones show it is not an accepted image. */
function imageSniffer() {
  let head = Buffer.alloc(0);
  let type: ImageType | null | undefined;
  const decide = () => (type = imageTypeOf(head));
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (type === undefined) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
        if (head.length >= SNIFF_BYTES && !decide()) return callback(new NotAnImageError());
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (type === undefined && !decide()) return callback(new NotAnImageError());
      callback();
    },
  });
  return { stream, type: () => type ?? null };
}

/** A stored logo as multer hands it on (req.file): the storage key and the type its bytes were found to be. */
type StoredLogoFile = Express.Multer.File & { path: string; imageType: ImageType };

/** Multer's storage engine: the file streams through the sniffer into a fresh random key of the business. */
function logoEngine(storage: FileStorage, businessId: number, maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const key = storage.newKey(businessId);
      const sniffer = imageSniffer();
      // Either side failing ends both; the storage then drops what it wrote and rejects.
      const source = pipe(file.stream, sniffer.stream, () => {});
      storage.writeStream(key, source, { maxBytes }).then(
        ({ size }) => callback(null, { path: key, size, imageType: sniffer.type() } as Partial<StoredLogoFile>),
        (error: unknown) => callback(error),
      );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path).then(() => callback(null), callback);
    },
  };
}

type Refusal = { status: number; message: string; code: string };

function refuse(res: Response, { status, message, code }: Refusal) {
  if (res.headersSent || res.destroyed) return;
  sendRefusal(res, status, { message, code });
}

const badRequest = (message: string): Refusal => ({ status: 400, message, code: 'BAD_REQUEST' });
const tooLarge: Refusal = { status: 413, message: M.account.tooLarge, code: 'PAYLOAD_TOO_LARGE' };
const notFound: Refusal = { status: 404, message: M.common.unknownPath, code: 'NOT_FOUND' };

function uploadRefusal(error: unknown): Refusal {
  if (error instanceof NotAnImageError) return badRequest(M.account.invalidType);
  if (error instanceof FileTooLargeError) return tooLarge;
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge;
    return badRequest(M.documents.notMultipart);
  }
  return badRequest(M.documents.badUpload);
}

/** `{businessId}/{uuid}`, as FileStorage.newKey makes them. */
const LOGO_KEY = /^[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The logo is an image and nothing more: no script, no style, no frame, even if its bytes were opened as a page. */
const LOGO_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

export function businessLogoRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();

  routes.post('/api/business/logo', async (req: Request, res: Response) => {
    const ctx = createContext({ req, res });
    const { storage, database } = ctx.app;
    const maxBytes = LIMITS.logoMaxBytes;
    let storedKey: string | null = null;
    try {
      const session = await ctx.sessions.getStaff();
      if (!session) return refuse(res, { status: 401, message: M.auth.unauthenticated, code: 'UNAUTHORIZED' });
      if (session.twoFactorSetupNeeded) return refuse(res, twoFactorSetupRefusal);
      if (!can(session.user.role, 'branding.manage'))
        return refuse(res, { status: 403, message: M.permissions.forbidden, code: 'FORBIDDEN' });
      if (!req.is('multipart/form-data')) return refuse(res, badRequest(M.documents.notMultipart));
      // A declared body far over the limit is refused before a byte of it is stored.
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
        res.setHeader('Connection', 'close');
        return refuse(res, tooLarge);
      }
      const businessId = session.user.businessId;
      try {
        await receive(req, res, logoEngine(storage, businessId, maxBytes), maxBytes);
      } catch (error) {
        // The client went away mid-upload: the storage has already dropped the partial file; nobody to answer.
        if (res.destroyed || !res.socket || res.socket.destroyed) return;
        return refuse(res, uploadRefusal(error));
      }
      const file = req.file as StoredLogoFile | undefined;
      if (!file) return refuse(res, badRequest(M.account.noLogoFile));
      storedKey = file.path;

      const name = safeFileName(file.originalname ?? '');
      await replaceLogo(
        database,
        storage,
        businessId,
        { key: file.path, name, mime: file.imageType },
        staffActor(session.user),
      );
      storedKey = null;
      res.status(200).json({ url: logoPath(file.path), name });
    } catch (error) {
      sendError(res, error);
    } finally {
      // Anything that ended without the business naming the file (refused, failed) leaves no file behind.
      if (storedKey)
        await storage
          .remove(storedKey)
          .catch((error) =>
            log.error({ err: error, key: storedKey }, 'logo: an upload not kept could not be removed from storage'),
          );
    }
  });

  routes.get('/api/business/logo/:businessId/:file', async (req: Request, res: Response) => {
    const ctx = createContext({ req, res });
    try {
      const key = `${req.params.businessId}/${req.params.file}`;
      const businessId = idSchema.safeParse(req.params.businessId);
      if (!businessId.success || !LOGO_KEY.test(key)) return refuse(res, notFound);
      // Only the file the business names as its logo: every other stored file (documents) stays private.
      const row = await ctx.app.database.db.business.findFirst({
        where: { id: businessId.data, logoKey: key },
        select: { logoMime: true },
      });
      if (!row?.logoMime) return refuse(res, notFound);
      const size = await ctx.app.storage.size(key);
      const stream =
        size === null
          ? null
          : await ctx.app.storage.readStream(key).catch((error: unknown) => {
              if (error instanceof FileNotFoundError) return null;
              throw error;
            });
      if (!stream) return refuse(res, notFound);
      res.status(200);
      res.setHeader('Content-Type', row.logoMime);
      res.setHeader('Content-Length', String(size));
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('Content-Security-Policy', LOGO_CSP);
      // A new logo gets a new address: this one's bytes never change.
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      await pipeline(stream, res).catch((error: unknown) => {
        if (!res.destroyed) throw error;
      });
    } catch (error) {
      if (res.headersSent) {
        log.error({ err: error }, 'logo: read failed after the reply started');
        res.destroy();
        return;
      }
      sendError(res, error);
    }
  });

  return routes;
}
