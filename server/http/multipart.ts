/**
 * The one multipart preamble of the upload routes (documents, logo, portal flow files, imports): a multipart body
 * whose declared length is within the limit (refused before a byte is stored), multer with the same limits (one
 * file, field `file`, a few small text fields), multer's and the storage's failures as the route's refusals, and an
 * upload that is not kept removed before the reply goes out.
 */
import os from 'node:os';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline as pipe, Transform, type Readable } from 'node:stream';
import type { Request, Response } from 'express';
import multer, { MulterError, type StorageEngine } from 'multer';
import { FileTooLargeError, type FileStorage } from '../files/storage';
import { log } from '../log';
import { ClientGone, RouteRefusal, type Refusal } from './reply';

/** What a multipart body may add around the file itself (boundaries, part headers, the few text fields). */
export const MULTIPART_OVERHEAD = 64 * 1024;

/** How a route words each refusal of the preamble. */
export type UploadRefusals = {
  /** Not multipart, a file under another field name, or more than one file. */
  notMultipart: Refusal;
  /** A body multer could not read, or a storage failure. */
  badUpload: Refusal;
  /** Over the size limit (declared, or once the stream reaches it). */
  tooLarge: Refusal;
  /** Multer's other limits (too many fields or parts…); badUpload unless said. */
  otherLimit?: Refusal;
  /** The route's own stream errors (e.g. not an image), looked at first. */
  own?: (error: unknown) => Refusal | null;
};

/** The request's declared Content-Length, or null. */
export function declaredLength(req: Request): number | null {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) ? declared : null;
}

/**
 * Refuses (throws) a body the server will not store. A 413 for a body of unknown or large size closes the connection
 * rather than reading the rest of it. A small one (no more than a form's own overhead: a full agency's one-page PDF)
 * is left to Node, which reads and drops it once the refusal has gone out: a client still sending it then reads the
 * refusal, instead of a broken pipe when the server closes under it.
 */
export function refuseBody(res: Response, refusal: Refusal): never {
  const declared = declaredLength(res.req);
  if (refusal.status === 413 && (declared === null || declared > MULTIPART_OVERHEAD))
    res.setHeader('Connection', 'close');
  throw new RouteRefusal(refusal);
}

/** Before a byte is stored: a multipart body, and a declared length within maxBytes (plus the form around it). */
export function checkMultipart(req: Request, res: Response, maxBytes: number, refusals: UploadRefusals) {
  if (!req.is('multipart/form-data')) throw new RouteRefusal(refusals.notMultipart);
  const declared = declaredLength(req);
  if (declared !== null && declared > maxBytes + MULTIPART_OVERHEAD) refuseBody(res, refusals.tooLarge);
}

function refusalOf(error: unknown, refusals: UploadRefusals): Refusal {
  const own = refusals.own?.(error);
  if (own) return own;
  if (error instanceof FileTooLargeError) return refusals.tooLarge;
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return refusals.tooLarge;
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT') return refusals.notMultipart;
    return refusals.otherLimit ?? refusals.badUpload;
  }
  return refusals.badUpload;
}

/**
 * Runs multer on the request into `engine`: resolves to the file (undefined: none was sent) once it is stored;
 * a refused body throws its refusal (a RouteRefusal), with nothing left behind.
 */
export async function receiveFile(
  req: Request,
  res: Response,
  options: { engine: StorageEngine; maxBytes: number; fieldSize?: number; refusals: UploadRefusals },
): Promise<Express.Multer.File | undefined> {
  const middleware = multer({
    storage: options.engine,
    // Browsers send UTF-8 file names without marking them (RFC 7578); busboy's default would read them as Latin-1.
    defParamCharset: 'utf8',
    limits: {
      fileSize: options.maxBytes,
      files: 1,
      fields: 10,
      fieldSize: options.fieldSize ?? 1024,
      fieldNameSize: 100,
      parts: 12,
      headerPairs: 20,
    },
  }).single('file');
  try {
    await new Promise<void>((resolve, reject) =>
      middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    if (res.destroyed || !res.socket || res.socket.destroyed) throw new ClientGone();
    throw new RouteRefusal(refusalOf(error, options.refusals));
  }
  return req.file;
}

/** A pass-through that hashes what goes by (SHA-256, hex once the stream has ended): the bytes are read once. */
function sha256Through() {
  const hash = createHash('sha256');
  let digest: string | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      digest = hash.digest('hex');
      callback();
    },
  });
  return { stream, digest: () => digest };
}

/**
 * Multer's storage engine over FileStorage: each file streams into a fresh random key of the business, hashed on the
 * way (the file's `sha256`, hex: its version's checksum); `through` may pass it through a check first and add what it
 * found to the file (either side failing ends both).
 */
export function storageEngine(
  storage: FileStorage,
  businessId: number,
  maxBytes: number,
  through?: (source: Readable) => { stream: Readable; found: () => object },
): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const key = storage.newKey(businessId);
      const checked = through?.(file.stream);
      const source = checked?.stream ?? file.stream;
      const hashed = sha256Through();
      // Either side failing ends both; the storage then drops what it wrote and rejects.
      storage
        .writeStream(
          key,
          pipe(source, hashed.stream, () => {}),
          { maxBytes },
        )
        .then(
          ({ size }) => callback(null, { path: key, size, ...{ sha256: hashed.digest() }, ...checked?.found() }),
          (error: unknown) => callback(error),
        );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path).then(() => callback(null), callback);
    },
  };
}

/** Multer into a temporary file of its own (random name under the system's temp folder, never the upload folder). */
export const tempFileEngine = (prefix: string): StorageEngine =>
  multer.diskStorage({
    destination: os.tmpdir(),
    filename: (_req, _file, cb) => cb(null, `${prefix}${randomUUID()}`),
  });

/**
 * An upload the route has not kept yet (a storage key or a temporary file): `work` names it with hold() once
 * stored and keep() once a row names it; anything else (refused, failed) is removed when `work` ends, before the
 * reply goes out, so whoever reads the refusal finds nothing stored.
 */
export async function withPendingUpload<T>(
  remove: (key: string) => Promise<unknown>,
  failure: string,
  work: (pending: { hold(key: string): void; keep(): void }) => Promise<T>,
): Promise<T> {
  let held: string | null = null;
  try {
    return await work({
      hold: (key) => {
        held = key;
      },
      keep: () => {
        held = null;
      },
    });
  } finally {
    const key = held as string | null;
    if (key) await remove(key).catch((error: unknown) => log.error({ err: error, key }, failure));
  }
}
