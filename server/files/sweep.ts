/**
 * The sweep: what a crash (kill -9, a lost machine) leaves in the file storage and the temp folder, removed once it
 * is old enough that nothing can still be writing it.
 *
 * - Orphans: complete objects no row names. The rows that name a storage key are Document."storageKey" (uploads,
 *   flow uploads, imported files), DocumentVersion."storageKey" (every version of a file, older ones included) and
 *   DocumentVersion."thumbKey" (thumbnails, server/files/previews), Business."logoKey" and Export."storageKey"
 *   (background exports); every writer
 *   stores the object first and its row after, so an object without a row is either in flight or left by a crash.
 *   Removed once unchanged for ORPHAN_MIN_AGE_MS (an hour). An upload is a request, and Node ends a request that is
 *   not received within 5 minutes (http requestTimeout), so an hour is well past any upload; the two writers that
 *   can take longer are recognised instead: an agency with an import running (its "import" AgencyLock is live) or
 *   an export job running is not swept this time.
 * - Parts: a local `.part` file (an upload cut off mid-way) unchanged for PART_MIN_AGE_MS (a day, as the bucket's
 *   lifecycle rule). A bucket has none: an interrupted multipart upload is no object; the lifecycle rule the README
 *   asks for aborts it after a day (the S3 test server has no ListMultipartUploads to try anything else against).
 * - Import uploads: os.tmpdir()/clientflow-import-<uuid> (server/data/import-routes.ts) unchanged for a day, on each
 *   machine (the temp folder is the machine's own, not shared by the instances).
 *
 * The storage sweep runs as a 'sweep' job per agency on the job queue (server/jobs), so several instances never
 * sweep one agency at once: the pending sweep of agency N has dedupeKey "sweep:N" (unique), and a runner claims
 * it atomically (PostgreSQL: FOR UPDATE SKIP LOCKED). When it ends it hands the key to its successor, queued
 * SWEEP_INTERVAL_MS later (or SWEEP_CONTINUE_MS later with a cursor, when there was more than a run's share).
 * Work per run is bounded: pages of SWEEP_PAGE keys, at most SWEEP_MAX_PER_RUN keys, and the "is it referenced"
 * check is one SQL statement per page of keys (never every key of a table in memory).
 * Start-up pulls every agency's next sweep forward to now; a tick every SCHEDULE_TICK_MS queues one for agencies
 * that have none (new sign-ups) and revives one that died.
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../db';
import { log } from '../log';
import { join, sql } from '../sql';
import type { ClaimedJob, JobDeps, JobHandler } from '../jobs/queue';
import type { FileStorage, StoredEntry } from './storage';

/** A complete object no row names is removed once unchanged this long (see above: uploads end within 5 minutes). */
const ORPHAN_MIN_AGE_MS = 60 * 60_000;
/** An interrupted write's `.part` file, and an import's temp file, are removed once unchanged this long. */
const PART_MIN_AGE_MS = 24 * 60 * 60_000;
const TEMP_MIN_AGE_MS = 24 * 60 * 60_000;
/** Each agency's storage is swept this often (and at every start-up). */
export const SWEEP_INTERVAL_MS = 6 * 60 * 60_000;
/** Keys listed and checked at once; the most looked at per run; when more were left, the rest this much later. */
const SWEEP_PAGE = 500;
const SWEEP_MAX_PER_RUN = 5_000;
const SWEEP_CONTINUE_MS = 60_000;
/** How often each process queues missing sweeps and clears its temp folder. */
const SCHEDULE_TICK_MS = 10 * 60_000;
/** Temp files removed per tick at most. */
const TEMP_MAX_PER_TICK = 1_000;

const IMPORT_TEMP = /^clientflow-import-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const sweepDedupeKey = (businessId: number) => `sweep:${businessId}`;

export type SweepResult = { examined: number; orphans: number; parts: number; skipped: boolean; next: string | null };

/** The keys of `keys` that a row names (one statement; the list is padded to SWEEP_PAGE so it is one prepared shape). */
async function referencedKeys(database: Database, businessId: number, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const found = new Set<string>();
  for (let from = 0; from < keys.length; from += SWEEP_PAGE) {
    const slice = keys.slice(from, from + SWEEP_PAGE);
    const padded = [...slice, ...Array<string>(SWEEP_PAGE - slice.length).fill(slice[0])];
    const list = join(
      padded.map((key) => sql`${key}`),
      ', ',
    );
    // Keys are made under the row's own agency (FileStorage.newKey(businessId)): every lookup stays within it
    // (Document's and DocumentVersion's (businessId, storageKey) indexes, Export's businessId, the Business row itself).
    const rows = await database.sql.all<{ key: string }>(sql`
      SELECT "storageKey" AS "key" FROM "Document" WHERE "businessId" = ${businessId} AND "storageKey" IN (${list})
      UNION SELECT "storageKey" AS "key" FROM "DocumentVersion" WHERE "businessId" = ${businessId} AND "storageKey" IN (${list})
      UNION SELECT "thumbKey" AS "key" FROM "DocumentVersion" WHERE "businessId" = ${businessId} AND "thumbKey" IN (${list})
      UNION SELECT "storageKey" AS "key" FROM "Export" WHERE "businessId" = ${businessId} AND "storageKey" IN (${list})
      UNION SELECT "logoKey" AS "key" FROM "Business" WHERE "id" = ${businessId} AND "logoKey" IN (${list})`);
    for (const row of rows) found.add(String(row.key));
  }
  return found;
}

/** A writer of this agency that may take longer than ORPHAN_MIN_AGE_MS is at work: an import or an export. */
async function longWriterRunning(database: Database, businessId: number, now: Date): Promise<boolean> {
  const imports = await database.db.agencyLock.count({ where: { businessId, name: 'import', expiresAt: { gt: now } } });
  if (imports > 0) return true;
  return (await database.db.job.count({ where: { businessId, kind: 'export', status: 'running' } })) > 0;
}

/**
 * Sweeps one agency's prefix from `after` (a cursor of FileStorage.list), at most SWEEP_MAX_PER_RUN entries; `next`
 * is where the following run goes on (null: the end was reached).
 */
export async function sweepAgency(
  deps: { database: Database; storage: FileStorage },
  businessId: number,
  options: { after?: string | null; now?: Date; maxEntries?: number } = {},
): Promise<SweepResult> {
  const now = options.now ?? new Date();
  const maxEntries = options.maxEntries ?? SWEEP_MAX_PER_RUN;
  const result: SweepResult = { examined: 0, orphans: 0, parts: 0, skipped: false, next: null };
  if (await longWriterRunning(deps.database, businessId, now))
    return { ...result, skipped: true, next: options.after ?? null };
  const orphanBefore = now.getTime() - ORPHAN_MIN_AGE_MS;
  const partBefore = now.getTime() - PART_MIN_AGE_MS;
  const prefix = `${businessId}/`;
  let after = options.after ?? null;
  // Pages are counted too: a page of names that are not the app's (a shared bucket) lists nothing yet costs a request.
  let pages = 0;
  do {
    pages++;
    const page = await deps.storage.list(prefix, { after, limit: Math.min(SWEEP_PAGE, maxEntries - result.examined) });
    result.examined += page.entries.length;
    const old = (entry: StoredEntry, before: number) => entry.modifiedAt.getTime() <= before;
    for (const part of page.entries.filter((e) => e.partial && old(e, partBefore))) {
      await deps.storage.removePartial(part.key);
      result.parts++;
    }
    const candidates = page.entries.filter((e) => !e.partial && old(e, orphanBefore)).map((e) => e.key);
    const referenced = await referencedKeys(deps.database, businessId, candidates);
    for (const key of candidates) {
      if (referenced.has(key)) continue;
      await deps.storage.remove(key);
      result.orphans++;
    }
    after = page.next;
  } while (after !== null && result.examined < maxEntries && pages * SWEEP_PAGE < maxEntries);
  result.next = after;
  return result;
}

type Tx = Parameters<Parameters<Database['db']['$transaction']>[0]>[0];

/** Hands the agency's sweep key to the next run (this job keeps running without it). */
async function queueNextSweep(database: Database, job: ClaimedJob, runAt: Date, after: string | null) {
  const dedupeKey = sweepDedupeKey(job.businessId);
  try {
    await database.db.$transaction(async (tx: Tx) => {
      await tx.job.updateMany({ where: { id: job.id, dedupeKey }, data: { dedupeKey: null } });
      await tx.job.create({
        data: {
          businessId: job.businessId,
          kind: 'sweep',
          payload: JSON.stringify(after ? { after } : {}),
          dedupeKey,
          runAt,
        },
        select: { id: true },
      });
    });
  } catch (error) {
    // This run was a repeat (its process died after handing the key on): the next sweep is queued already.
    if ((error as { code?: string }).code !== 'P2002') throw error;
  }
}

/** The 'sweep' job: one agency's storage. A storage failure is logged and waits for the next run (never a dead job). */
export const sweepHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const now = new Date();
    const after =
      typeof job.payload.after === 'string' && job.payload.after.startsWith(`${job.businessId}/`)
        ? job.payload.after
        : null;
    let next: string | null = null;
    try {
      const result = await sweepAgency(deps, job.businessId, { after, now });
      next = result.skipped ? null : result.next;
      if (result.orphans || result.parts) {
        log.info(
          { businessId: job.businessId, orphans: result.orphans, parts: result.parts, examined: result.examined },
          `files: the sweep removed ${result.orphans} orphaned and ${result.parts} partial file(s)`,
        );
      }
    } catch (error) {
      log.warn(
        { err: error, businessId: job.businessId, storage: deps.storage.description },
        'files: the storage sweep failed; it runs again at the next interval',
      );
    }
    await queueNextSweep(
      deps.database,
      job,
      new Date(Date.now() + (next ? SWEEP_CONTINUE_MS : SWEEP_INTERVAL_MS)),
      next,
    );
  },
};

/**
 * Queues a sweep for every agency that has none (one statement, whatever the number of agencies); a dead or
 * finished one holding the key is revived. startUp: the pending ones are pulled forward to now too.
 */
export async function scheduleSweeps(
  database: Database,
  options: { now?: Date; startUp?: boolean } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  // PostgreSQL types a parameter in an INSERT's SELECT list as text unless told; SQLite takes the ISO text as it is.
  const at = database.provider === 'postgresql' ? sql`CAST(${now} AS TIMESTAMP(3))` : sql`${now}`;
  const pullForward = options.startUp
    ? sql`("Job"."status" = 'pending' AND "Job"."runAt" > excluded."runAt") OR `
    : sql``;
  return database.sql.run(sql`
    INSERT INTO "Job" ("businessId", "kind", "payload", "status", "attempts", "maxAttempts", "runAt", "dedupeKey", "createdAt")
    SELECT "id", 'sweep', '{}', 'pending', 0, 5, ${at}, 'sweep:' || "id", ${at} FROM "Business" WHERE 1 = 1
    ON CONFLICT ("dedupeKey") DO UPDATE SET "status" = 'pending', "runAt" = excluded."runAt", "attempts" = 0, "lockedAt" = NULL, "lastError" = NULL, "finishedAt" = NULL
    WHERE ${pullForward}"Job"."status" IN ('dead', 'done')`);
}

/** Removes this machine's import temp files (os.tmpdir()/clientflow-import-<uuid>) unchanged since `before`. */
export async function removeStaleImportFiles(
  options: { dir?: string; now?: Date; minAgeMs?: number } = {},
): Promise<number> {
  const dir = options.dir ?? os.tmpdir();
  const before = (options.now ?? new Date()).getTime() - (options.minAgeMs ?? TEMP_MIN_AGE_MS);
  let removed = 0;
  const handle = await fsp.opendir(dir);
  for await (const entry of handle) {
    if (removed >= TEMP_MAX_PER_TICK) break;
    if (!entry.isFile() || !IMPORT_TEMP.test(entry.name)) continue;
    const full = path.join(dir, entry.name);
    const stat = await fsp.lstat(full).catch(() => null);
    if (!stat?.isFile() || stat.mtime.getTime() > before) continue;
    await fsp.rm(full, { force: true });
    removed++;
  }
  if (removed)
    log.info({ removed, dir }, `files: removed ${removed} import temp file(s) left by an interrupted import`);
  return removed;
}

/**
 * The start-up sweep and its periodic tick, in this process: every agency's storage sweep pulled forward to now
 * (the job runners of all instances share them out), and this machine's temp folder cleared. queue: false (a process
 * that runs no jobs, JOB_POLL_MS=0) clears its temp folder only.
 */
export function startFileSweeps(database: Database, options: { queue?: boolean; tickMs?: number } = {}) {
  const tick = async (startUp: boolean) => {
    if (options.queue !== false)
      await scheduleSweeps(database, { startUp }).catch((error: unknown) =>
        log.warn({ err: error }, 'files: the storage sweeps could not be queued'),
      );
    await removeStaleImportFiles().catch((error: unknown) =>
      log.warn({ err: error }, 'files: the import temp files could not be cleared'),
    );
  };
  let running: Promise<void> = tick(true);
  const timer = setInterval(() => {
    running = running.then(() => tick(false));
  }, options.tickMs ?? SCHEDULE_TICK_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
