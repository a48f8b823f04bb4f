/**
 * One piece of work of a kind per agency at a time, across every app process on the database (several instances
 * behind a load balancer on one PostgreSQL, or several processes on one SQLite file): a lease row in "AgencyLock",
 * keyed by (businessId, name).
 *
 * - Acquire is one statement on both databases: INSERT … ON CONFLICT DO UPDATE … WHERE the row's lease is over,
 *   RETURNING the holder. A new row, or an expired one (its process died), becomes ours; a live one returns nothing.
 *   Two processes asking at once: the database serialises the two upserts on the key, so only one gets a row back.
 * - holder is a random token per acquisition (not per process), so two requests on the same process exclude each
 *   other too.
 * - While the work runs (a long export stream, an import), the lease is renewed every leaseMs/3, so a live holder
 *   is never taken over, and a crashed one frees the lock by itself once leaseMs has passed.
 * - Release deletes the row only while it is still ours (a lease taken over is not someone else's to delete).
 *
 * Times are the app's clock, compared as server/jobs/queue.ts compares "lockedAt": Prisma writes a DateTime as ISO
 * text with "+00:00" on SQLite (so text order is time order) and as timestamp(3) in UTC on PostgreSQL. The app
 * processes' clocks must agree to well within the lease.
 *
 * The statements go through Prisma, not the hand-written SQL connection of server/sql.ts: on SQLite that second
 * connection blocks the (synchronous) event loop for busy_timeout and then fails while a Prisma write transaction is
 * open in this process, which is exactly when an import renews its lease.
 */
import crypto from 'node:crypto';
import type { Db } from '../db';
import { log as appLog } from '../log';

/** What each lock guards; one row per agency and name at most. */
export type AgencyLockName = 'export-stream' | 'import';

const DEFAULT_LEASE_MS = 60_000;

/** The lock is held by someone else (thrown by withAgencyLock unless options.busy makes another error). */
export class AgencyLockBusyError extends Error {
  constructor(readonly lock: AgencyLockName) {
    super(`The agency's "${lock}" lock is held by another process or request.`);
    this.name = 'AgencyLockBusyError';
  }
}

/** What the lock needs of a Prisma client (the unscoped one: the lock is taken before and outside any procedure). */
export type LockDb = Pick<Db, '$queryRaw' | 'agencyLock'>;

export type AgencyLockOptions = {
  /** How long a holder that stops renewing (its process died) keeps the lock. */
  leaseMs?: number;
  /** The error to throw when the lock is held (default AgencyLockBusyError). */
  busy?: () => unknown;
  log?: (line: string) => void;
};

/**
 * Takes the lock for `holder` unless another holder's lease is still running; true when it is now ours. The lease
 * runs until now + leaseMs (a past time makes a lease that is already over: tests).
 */
export async function tryAcquireAgencyLock(
  db: LockDb,
  businessId: number,
  name: AgencyLockName,
  holder: string,
  leaseMs = DEFAULT_LEASE_MS,
  now = new Date(),
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + leaseMs);
  const rows = await db.$queryRaw<{ holder: string }[]>`
    INSERT INTO "AgencyLock" ("businessId", "name", "holder", "expiresAt") VALUES (${businessId}, ${name}, ${holder}, ${expiresAt})
    ON CONFLICT ("businessId", "name") DO UPDATE SET "holder" = excluded."holder", "expiresAt" = excluded."expiresAt"
    WHERE "AgencyLock"."expiresAt" < ${now}
    RETURNING "holder"`;
  return rows.length === 1 && rows[0].holder === holder;
}

/** Moves the lease on to now + leaseMs while `holder` still holds it; false when it was lost (taken over, or gone). */
export async function renewAgencyLock(
  db: LockDb,
  businessId: number,
  name: AgencyLockName,
  holder: string,
  leaseMs = DEFAULT_LEASE_MS,
): Promise<boolean> {
  const { count } = await db.agencyLock.updateMany({
    where: { businessId, name, holder },
    data: { expiresAt: new Date(Date.now() + leaseMs) },
  });
  return count === 1;
}

/** Lets go of the lock if `holder` still holds it. */
export async function releaseAgencyLock(
  db: LockDb,
  businessId: number,
  name: AgencyLockName,
  holder: string,
): Promise<void> {
  await db.agencyLock.deleteMany({ where: { businessId, name, holder } });
}

/**
 * Runs `work` holding the agency's lock `name`, or throws options.busy() (AgencyLockBusyError) at once when another
 * holder, in this process or any other on the database, has it. The lease is renewed while the work runs and the
 * lock released when it ends, whether it succeeds or throws.
 */
export async function withAgencyLock<T>(
  db: LockDb,
  businessId: number,
  name: AgencyLockName,
  work: () => Promise<T>,
  options: AgencyLockOptions = {},
): Promise<T> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const log = options.log ?? ((line: string) => appLog.warn(line));
  const holder = crypto.randomBytes(16).toString('hex');
  if (!(await tryAcquireAgencyLock(db, businessId, name, holder, leaseMs)))
    throw options.busy ? options.busy() : new AgencyLockBusyError(name);
  const lease = keepRenewing(db, businessId, name, holder, leaseMs, log);
  try {
    return await work();
  } finally {
    await lease.stop();
    // A release that fails leaves the row to expire by itself; it must not hide the work's own result or error.
    await releaseAgencyLock(db, businessId, name, holder).catch((error: unknown) =>
      log(
        `[lock] ${name} of agency ${businessId} not released (it expires by itself): ${(error as Error)?.message ?? String(error)}`,
      ),
    );
  }
}

/**
 * Renews every leaseMs/3 (so two renewals can fail before the lease runs out). A renewal that finds the lock no
 * longer ours stops renewing and says so. stop() waits for a renewal in flight, so nothing renews after the release.
 */
function keepRenewing(
  db: LockDb,
  businessId: number,
  name: AgencyLockName,
  holder: string,
  leaseMs: number,
  log: (line: string) => void,
) {
  let inFlight: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(
    () => {
      inFlight = inFlight
        .then(async () => {
          if (stopped) return;
          if (!(await renewAgencyLock(db, businessId, name, holder, leaseMs))) {
            clearInterval(timer);
            log(`[lock] ${name} of agency ${businessId} was lost (its lease ran out before it was renewed)`);
          }
        })
        .catch((error: unknown) =>
          log(`[lock] ${name} of agency ${businessId} not renewed: ${(error as Error)?.message ?? String(error)}`),
        );
    },
    Math.max(1, Math.floor(leaseMs / 3)),
  );
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await inFlight;
    },
  };
}
