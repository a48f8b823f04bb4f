/**
 * The business logo's bytes, outside tRPC (which speaks JSON), beside the documents' routes (./routes.ts), declared
 * in server/http/registry.ts:
 * - POST /api/business/logo: multipart, field `file`, at most 5 MB (spec §5, §9). Streamed by multer into
 *   FileStorage under a fresh random key; the first bytes decide what it is (PNG, JPEG or GIF only: SVG and
 *   anything else is refused, whatever its name or declared type). Once the business row names the new key, the
 *   old file is removed (replaceLogo). A refused or interrupted upload leaves nothing behind.
 * - GET /api/business/logo/{businessId}/{uuid}: public (the portal's login page shows it before anyone signs in),
 *   only for the key the business currently names. Each upload gets a new address, so it may be cached for a year.
 */
import { pipeline as pipe, Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { logoPath } from '../../shared/schemas/business';
import { idSchema } from '../../shared/schemas/common';
import type { StaffScope } from '../domain/context';
import { checkMultipart, receiveFile, storageEngine, withPendingUpload, type UploadRefusals } from '../http/multipart';
import { badRequest, notFound, RouteRefusal, tooLarge } from '../http/reply';
import { replaceLogo } from '../domain/business';
import { staffActor } from '../activity';
import type { AppScope } from '../trpc';
import { removeFrom, safeFileName } from './routes';
import { FileNotFoundError } from './storage';

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
class NotAnImageError extends Error {
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

/** The upload's bytes pass through the sniffer; the stored file carries the type they were found to be. */
function sniffed(source: Readable) {
  const sniffer = imageSniffer();
  // Either side failing ends both; the storage then drops what it wrote and rejects.
  return { stream: pipe(source, sniffer.stream, () => {}), found: () => ({ imageType: sniffer.type() }) };
}

const logoRefusals: UploadRefusals = {
  notMultipart: badRequest(M.documents.notMultipart),
  badUpload: badRequest(M.documents.badUpload),
  tooLarge: tooLarge(M.account.tooLarge),
  // Any other limit multer reports reads as a form that is not the one expected.
  otherLimit: badRequest(M.documents.notMultipart),
  own: (error) => (error instanceof NotAnImageError ? badRequest(M.account.invalidType) : null),
};
const logoNotFound = notFound(M.common.unknownPath);

/** `{businessId}/{uuid}`, as FileStorage.newKey makes them. */
const LOGO_KEY = /^[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The logo is an image and nothing more: no script, no style, no frame, even if its bytes were opened as a page. */
const LOGO_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** POST /api/business/logo ('branding.manage'). */
export async function uploadLogo(scope: StaffScope, req: Request, res: Response) {
  const { storage, database } = scope.app;
  const maxBytes = LIMITS.logoMaxBytes;
  // A declared body far over the limit is refused before a byte of it is stored.
  checkMultipart(req, res, maxBytes, logoRefusals);
  // Anything that ends without the business naming the file (refused, failed) leaves no file behind.
  await withPendingUpload(
    removeFrom(storage),
    'logo: an upload not kept could not be removed from storage',
    async (pending) => {
      const file = (await receiveFile(req, res, {
        engine: storageEngine(storage, scope.businessId, maxBytes, sniffed),
        maxBytes,
        refusals: logoRefusals,
      })) as StoredLogoFile | undefined;
      if (!file) throw new RouteRefusal(badRequest(M.account.noLogoFile));
      pending.hold(file.path);
      const name = safeFileName(file.originalname ?? '');
      await replaceLogo(
        database,
        storage,
        scope.businessId,
        { key: file.path, name, mime: file.imageType },
        staffActor(scope.user),
      );
      pending.keep();
      res.status(200).json({ url: logoPath(file.path), name });
    },
  );
}

/** GET /api/business/logo/{businessId}/{uuid} (public). */
export async function logoFile({ app }: { app: AppScope }, req: Request, res: Response) {
  const key = `${req.params.businessId}/${req.params.file}`;
  const businessId = idSchema.safeParse(req.params.businessId);
  if (!businessId.success || !LOGO_KEY.test(key)) throw new RouteRefusal(logoNotFound);
  // Only the file the business names as its logo: every other stored file (documents) stays private.
  const row = await app.database.db.business.findFirst({
    where: { id: businessId.data, logoKey: key },
    select: { logoMime: true },
  });
  if (!row?.logoMime) throw new RouteRefusal(logoNotFound);
  const size = await app.storage.size(key);
  const stream =
    size === null
      ? null
      : await app.storage.readStream(key).catch((error: unknown) => {
          if (error instanceof FileNotFoundError) return null;
          throw error;
        });
  if (!stream) throw new RouteRefusal(logoNotFound);
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
}
