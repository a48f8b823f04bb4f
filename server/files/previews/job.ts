/**
 * The 'preview' job: one agency's versions whose preview is pending (DocumentVersion.previewStatus), a bounded batch
 * per run, each made into a thumbnail (./render.ts) stored beside the file, and its SHA-256 filled in when an old
 * file has none. Never in a request.
 *
 * One job per agency at a time, like the sweep: the pending or running preview job of agency N holds dedupeKey
 * "preview:N". An upload calls queuePreviews after its row is written (one INSERT … ON CONFLICT, which never fails and
 * revives a finished or dead job); a run hands the key on when it ends and queues its successor when pending
 * versions are left (more than a batch, or versions uploaded while it ran: clearing the key waits for the upload's
 * statement on the same row, so the count after it sees that version). Start-up and the hourly clean-up queue one
 * for every agency with pending versions (the migration's old files, an upload whose process died before queuing).
 * Cheaper than polling: nothing runs while nothing is uploaded, and the queue's claim shares the work between
 * instances, with retries and the dead letter for a storage that is down.
 *
 * Outcomes per version: 'ready' (thumbnail stored; thumbHash = the first 16 hex digits of its SHA-256, in its URL),
 * 'none' (no preview for this type, a link, a PDF too large to read), 'failed' (corrupt or hostile bytes, or the
 * stored file is missing: logged once, and the run goes on). A storage error (bucket unreachable) fails the job, which
 * is retried with backoff.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db';
import { log } from '../../log';
import { join, sql } from '../../sql';
import type { ClaimedJob, JobDeps, JobHandler } from '../../jobs/queue';
import { FileNotFoundError, LocalFileStorage, type FileStorage } from '../storage';
import { imageThumbnail, MAX_PDF_BYTES, pdfPreview, PreviewError, previewKind, type Thumbnail } from './render';

/** Versions one run takes at most; the rest go to its successor. */
const PREVIEW_BATCH = 10;

const dedupeKey = (businessId: number) => `preview:${businessId}`;

/**
 * The thumbnail's key, derived from the file's: same agency, a UUID made from the file's key, so a repeated run
 * writes the same object (never a second one) and the key keeps the only shape FileStorage accepts.
 */
export function thumbKeyOf(storageKey: string): string {
  const [businessId] = storageKey.split('/');
  const h = createHash('sha256').update(`thumbnail:${storageKey}`).digest('hex');
  return `${businessId}/${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** The content hash in a thumbnail's URL. */
const thumbHashOf = (webp: Buffer) => createHash('sha256').update(webp).digest('hex').slice(0, 16);

// PostgreSQL types a parameter in an INSERT's SELECT list as text unless told; SQLite takes the ISO text as it is.
const timestamp = (database: Database, at: Date) =>
  database.provider === 'postgresql' ? sql`CAST(${at} AS TIMESTAMP(3))` : sql`${at}`;

const revive = sql`ON CONFLICT ("dedupeKey") DO UPDATE SET "status" = 'pending', "runAt" = excluded."runAt", "attempts" = 0, "lockedAt" = NULL, "lastError" = NULL, "finishedAt" = NULL
    WHERE "Job"."status" IN ('dead', 'done')`;

/** Queues the agency's preview job unless one is pending or running (called after an upload's row is written). */
export async function queuePreviews(database: Database, businessId: number, now = new Date()): Promise<void> {
  const at = timestamp(database, now);
  await database.sql.run(sql`
    INSERT INTO "Job" ("businessId", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "dedupeKey", "createdAt")
    VALUES (${businessId}, 'preview', '{}', 'pending', 0, 5, ${at}, ${dedupeKey(businessId)}, ${at})
    ${revive}`);
}

/** queuePreviews after an upload's row is written: a failure is logged, and the hourly clean-up queues it later. */
export const afterUpload = (database: Database, businessId: number) =>
  queuePreviews(database, businessId).catch((error: unknown) =>
    log.warn({ err: error, businessId }, 'previews: the preview job could not be queued; the hourly clean-up will'),
  );

/** Queues a preview job for every agency with pending versions (start-up and the hourly clean-up), one statement. */
export async function schedulePreviews(deps: Pick<JobDeps, 'database'>, now: Date, businessIds: number[] | null) {
  const { database } = deps;
  if (businessIds?.length === 0) return;
  const only = businessIds
    ? sql` AND "businessId" IN (${join(
        businessIds.map((id) => sql`${id}`),
        ', ',
      )})`
    : sql``;
  const at = timestamp(database, now);
  await database.sql.run(sql`
    INSERT INTO "Job" ("businessId", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "dedupeKey", "createdAt")
    SELECT b."businessId", 'preview', '{}', 'pending', 0, 5, ${at}, 'preview:' || b."businessId", ${at}
    FROM (SELECT DISTINCT "businessId" FROM "DocumentVersion" WHERE "previewStatus" = 'pending'${only}) b WHERE 1 = 1
    ${revive}`);
}

type PendingVersion = {
  id: number;
  businessId: number;
  storageKey: string | null;
  mimeType: string | null;
  size: number;
  sha256: string | null;
};

type Outcome = {
  previewStatus: 'ready' | 'none' | 'failed';
  sha256?: string;
  thumbKey?: string;
  thumbHash?: string;
  width?: number;
  height?: number;
  pageCount?: number;
};

/** Hashes what goes through. */
function hasher() {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/**
 * The version's bytes as a file on this machine, and their SHA-256 when asked: a local upload's own file (read once
 * for the hash), or a bucket object streamed to a temp file (hashed on the way). cleanup() removes a temp file.
 */
async function localCopy(storage: FileStorage, key: string, withHash: boolean, withFile: boolean) {
  if (storage instanceof LocalFileStorage) {
    const file = storage.pathOf(key);
    let sha256: string | null = null;
    if (withHash) {
      const h = hasher();
      await pipeline(await storage.readStream(key), h.stream, async (source: AsyncIterable<Buffer>) => {
        for await (const _ of source);
      });
      sha256 = h.digest();
    } else await fsp.access(file).catch(() => Promise.reject(new FileNotFoundError(key)));
    return { file, sha256, cleanup: async () => {} };
  }
  const h = hasher();
  const source = await storage.readStream(key);
  if (!withFile) {
    await pipeline(source, h.stream, async (s: AsyncIterable<Buffer>) => {
      for await (const _ of s);
    });
    return { file: null, sha256: h.digest(), cleanup: async () => {} };
  }
  const temp = path.join(os.tmpdir(), `clientflow-preview-${randomUUID()}`);
  const cleanup = () => fsp.rm(temp, { force: true });
  try {
    await pipeline(source, h.stream, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await cleanup();
    throw error;
  }
  return { file: temp, sha256: withHash ? h.digest() : null, cleanup };
}

/** One version's preview (and hash). Throws only what should fail the job (storage errors). */
async function previewVersion(deps: Pick<JobDeps, 'storage'>, version: PendingVersion): Promise<Outcome> {
  if (!version.storageKey) return { previewStatus: 'none' };
  const kind = previewKind(version.mimeType);
  const tooLarge = kind === 'pdf' && version.size > MAX_PDF_BYTES;
  const withFile = kind !== null && !tooLarge;
  const withHash = version.sha256 === null;
  if (!withFile && !withHash) return { previewStatus: 'none' };
  let copy: Awaited<ReturnType<typeof localCopy>>;
  try {
    copy = await localCopy(deps.storage, version.storageKey, withHash, withFile);
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
    log.warn({ versionId: version.id, businessId: version.businessId }, 'previews: the stored file is missing');
    return { previewStatus: 'failed' };
  }
  const hashed = copy.sha256 ? { sha256: copy.sha256 } : {};
  try {
    if (!withFile || !copy.file) return { previewStatus: 'none', ...hashed };
    let thumbnail: Thumbnail;
    try {
      thumbnail = kind === 'image' ? await imageThumbnail(copy.file) : await pdfPreview(copy.file);
    } catch (error) {
      if (!(error instanceof PreviewError)) throw error;
      log.warn(
        { versionId: version.id, businessId: version.businessId, mimeType: version.mimeType, reason: error.message },
        'previews: no preview for a file that could not be read',
      );
      return { previewStatus: 'failed', ...hashed };
    }
    const sizes = {
      width: thumbnail.width,
      height: thumbnail.height,
      ...(thumbnail.pageCount !== null ? { pageCount: thumbnail.pageCount } : {}),
    };
    // A PDF without a canvas to draw on: its page count and size, no picture.
    if (thumbnail.webp.length === 0) return { previewStatus: 'ready', ...hashed, ...sizes };
    const thumbKey = thumbKeyOf(version.storageKey);
    await deps.storage.writeStream(thumbKey, Readable.from([thumbnail.webp]));
    return { previewStatus: 'ready', ...hashed, ...sizes, thumbKey, thumbHash: thumbHashOf(thumbnail.webp) };
  } finally {
    await copy.cleanup();
  }
}

/** Hands the agency's key on, then queues the next run when pending versions are left. */
async function handOver(database: Database, job: ClaimedJob) {
  const key = dedupeKey(job.businessId);
  await database.db.job.updateMany({ where: { id: job.id, dedupeKey: key }, data: { dedupeKey: null } });
  const left = await database.db.documentVersion.findFirst({
    where: { businessId: job.businessId, previewStatus: 'pending' },
    select: { id: true },
  });
  if (left) await queuePreviews(database, job.businessId);
}

export const previewHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const db = deps.database.db;
    const versions = await db.documentVersion.findMany({
      where: { businessId: job.businessId, previewStatus: 'pending' },
      orderBy: { id: 'asc' },
      take: PREVIEW_BATCH,
      select: { id: true, businessId: true, storageKey: true, mimeType: true, size: true, sha256: true },
    });
    for (const version of versions) {
      const outcome = await previewVersion(deps, version);
      // Only a version still pending takes it (written once, whoever else looked at it).
      await db.documentVersion.updateMany({
        where: { id: version.id, businessId: job.businessId, previewStatus: 'pending' },
        data: outcome,
      });
    }
    await handOver(deps.database, job);
  },
};
