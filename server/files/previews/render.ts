/**
 * A file's preview made from its bytes on disk (a local upload's own file, or a bucket object copied to a temp file):
 * never in a request, always in the 'preview' job (./job.ts).
 *
 * - Images (PNG, JPEG, WebP, GIF, AVIF, TIFF): a WebP thumbnail by sharp, read from the file sequentially (libvips
 *   streams the rows through the shrink, so memory follows the thumbnail and a strip of rows, not the image),
 *   with a pixel limit (a decompression bomb is refused from its header) and failOn 'error' (a corrupt file fails).
 *   The format is read from the bytes, not the declared type: an SVG or anything else named image/png is refused.
 * - PDFs: pdfjs-dist reads the page count and draws the first page on @napi-rs/canvas in a worker thread
 *   (./pdf-worker.mjs) with its own heap limit and a time limit, so a hostile PDF neither blocks the server's event
 *   loop nor takes its memory; the worker is ended when the limit passes.
 */
import { Worker } from 'node:worker_threads';
import type { Metadata, Sharp, SharpOptions } from 'sharp';

/** The longest side of a thumbnail, in pixels (twice the largest tile of the lists, for sharp screens). */
const THUMB_SIZE = 480;
/** Images larger than this many pixels are refused (a 12,000 × 8,000 photo is 96 MP). */
const MAX_IMAGE_PIXELS = 100_000_000;
/** PDFs are read whole by pdfjs: a larger one gets no preview (its download still works). */
export const MAX_PDF_BYTES = 64 * 1024 * 1024;
/** A PDF's first page has this long in the worker, and the worker this much heap. */
const PDF_TIME_LIMIT_MS = 30_000;
const PDF_HEAP_MB = 256;

const IMAGE_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif', 'heif', 'tiff']);

/** What a preview is made of, by the declared type: the bytes decide whether it really is one. */
export function previewKind(mimeType: string | null): 'image' | 'pdf' | null {
  const type = (mimeType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|jpg|pjpeg|webp|gif|avif|tiff)$/.test(type)) return 'image';
  return null;
}

/** The bytes cannot be previewed (corrupt, hostile, another format): the version's preview 'failed', logged once. */
export class PreviewError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PreviewError';
  }
}

export type Thumbnail = { webp: Buffer; width: number; height: number; pageCount: number | null };

/**
 * sharp, loaded on the first thumbnail: libvips adds tens of MB to the process, which an app that makes no thumbnail
 * should not carry. One image at a time per process, and nothing kept in libvips' operation cache between files.
 */
let loaded: Promise<(input: string, options: SharpOptions) => Sharp> | null = null;
const loadSharp = () =>
  (loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  }));

const sharpOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', sequentialRead: true } as const;

/** An image's WebP thumbnail and its own pixel size (EXIF orientation applied). */
export async function imageThumbnail(file: string): Promise<Thumbnail> {
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(file, sharpOptions).metadata();
  } catch (error) {
    throw new PreviewError(`not a readable image: ${(error as Error).message}`);
  }
  if (!meta.format || !IMAGE_FORMATS.has(meta.format)) throw new PreviewError(`not an image format: ${meta.format}`);
  // heif covers AVIF; the prebuilt libvips has no HEVC, so a HEIC photo fails below.
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width * height > MAX_IMAGE_PIXELS) throw new PreviewError(`too many pixels: ${width} × ${height}`);
  try {
    const { data } = await sharp(file, { ...sharpOptions, pages: 1 })
      .rotate()
      .resize(THUMB_SIZE, THUMB_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    const turned = (meta.orientation ?? 1) >= 5;
    return { webp: data, width: turned ? height : width, height: turned ? width : height, pageCount: null };
  } catch (error) {
    throw new PreviewError(`the image could not be decoded: ${(error as Error).message}`);
  }
}

/** The worker's file: beside this module when run from source, beside dist/server/index.mjs when built. */
const PDF_WORKER = new URL('./pdf-worker.mjs', import.meta.url);

type PdfAnswer =
  | { ok: true; pageCount: number; width: number; height: number; webp: Uint8Array | null }
  | { ok: false; message: string };

/**
 * A PDF's page count and first page's size in points, and its first page as a WebP thumbnail (null when the canvas
 * cannot draw it: the count is still known). Runs in a worker with a heap and a time limit.
 */
export function pdfPreview(file: string, options: { timeLimitMs?: number } = {}): Promise<Thumbnail> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PDF_WORKER, {
      workerData: { file, thumbSize: THUMB_SIZE },
      resourceLimits: { maxOldGenerationSizeMb: PDF_HEAP_MB },
    });
    let settled = false;
    const finish = (error: Error | null, value?: Thumbnail) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(value as Thumbnail);
    };
    const timer = setTimeout(
      () => finish(new PreviewError('the PDF took too long to read')),
      options.timeLimitMs ?? PDF_TIME_LIMIT_MS,
    );
    worker.once('message', (answer: PdfAnswer) => {
      if (!answer.ok) return finish(new PreviewError(`not a readable PDF: ${answer.message}`));
      finish(null, {
        webp: answer.webp ? Buffer.from(answer.webp) : Buffer.alloc(0),
        width: answer.width,
        height: answer.height,
        pageCount: answer.pageCount,
      });
    });
    worker.once('error', (error) => finish(new PreviewError(`the PDF could not be read: ${error.message}`)));
    worker.once('exit', (code) => finish(new PreviewError(`the PDF reader stopped (${code})`)));
  });
}
