/**
 * Background jobs on the app's own database (table "Job"): no second service to run, and a job is enqueued in the
 * same transaction as the change that causes it (the transaction's client), so it exists exactly when the change
 * does. A JobRunner in every app process claims due jobs atomically (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite:
 * one writer), runs them, retries failures with backoff, and after maxAttempts leaves them dead (the dead letter
 * the owner sees in Account → Notifications). A job whose process died while running is taken again once its
 * lease is over, so work survives restarts. While a non-transactional job runs (an export can take longer than the
 * lease), its runner renews the lease (lockedAt) every lease/3, so a live job is never taken by another runner.
 */
import type { Database } from '../db';
import type { Env } from '../env';
import type { FileStorage } from '../files/storage';
import type { Mailer } from '../mail';
import { log as appLog, withLogScope } from '../log';
import { join, sql, toInt } from '../sql';

export const JOB_KINDS = [
  'notify',
  'email',
  'digest',
  'export',
  'sweep',
  'message_email',
  'approval_reminder',
  'preview',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];

/** What enqueueJob needs of a Prisma client or transaction (tenant-scoped or not). */
export type JobWriter = {
  job: { create(args: { data: JobCreateData; select: { id: true } }): PromiseLike<{ id: number }> };
};
type JobCreateData = {
  businessId: number;
  kind: string;
  payload: string;
  dedupeKey: string | null;
  runAt?: Date;
  maxAttempts?: number;
};

export async function enqueueJob(
  db: JobWriter,
  job: {
    businessId: number;
    kind: JobKind;
    payload: Record<string, unknown>;
    dedupeKey?: string;
    runAt?: Date;
    maxAttempts?: number;
  },
): Promise<number> {
  const { id } = await db.job.create({
    data: {
      businessId: job.businessId,
      kind: job.kind,
      payload: JSON.stringify(job.payload),
      dedupeKey: job.dedupeKey ?? null,
      ...(job.runAt ? { runAt: job.runAt } : {}),
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
    },
    select: { id: true },
  });
  return id;
}

/** lockedAt: the lease this runner holds (renewed while the job runs); done/failed are written only while it matches. */
export type ClaimedJob = {
  id: number;
  businessId: number;
  kind: JobKind;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
  lockedAt: Date;
};

export type JobDeps = { database: Database; mailer: Mailer; env: Env; storage: FileStorage };
type Tx = Parameters<Parameters<Database['db']['$transaction']>[0]>[0];

/**
 * transactional: run(tx) shares one transaction with marking the job done, so its writes happen exactly once even
 * when the job is retried. Otherwise (sending mail) run() is outside any transaction and must be safe to repeat.
 */
export type JobHandler =
  | { transactional: true; run: (tx: Tx, job: ClaimedJob, deps: JobDeps) => Promise<void> }
  | { transactional: false; run: (job: ClaimedJob, deps: JobDeps) => Promise<void> };

/** Delay before the next attempt after `attempts` failures: 10 s, 40 s, 2.7 min, 10.7 min, … at most 1 hour. */
const backoffMs = (attempts: number) => Math.min(60 * 60_000, 10_000 * 4 ** Math.max(0, attempts - 1));

export type JobRunnerOptions = {
  /** How often the runner looks for due jobs; 0 = never by itself (tests call runDue/drain). */
  pollMs?: number;
  /** A running job whose lock is older than this is taken again (its process died). */
  leaseMs?: number;
  batch?: number;
  /** Where the runner's own lines go (failures, retries); by default the app's log (server/log.ts). */
  log?: (line: string, error?: unknown) => void;
  /** Claim only these agencies' jobs (tests that share one database with other test files running at once). */
  businessIds?: number[];
  /** Housekeeping run with the hourly clean-up (e.g. removing expired exports), limited to businessIds when given. */
  maintenance?: ((deps: JobDeps, now: Date, businessIds: number[] | null) => Promise<void>)[];
};

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private stopped = false;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly batch: number;
  private readonly log: (line: string, error?: unknown) => void;
  private readonly businessIds: number[] | null;
  private readonly maintenance: NonNullable<JobRunnerOptions['maintenance']>;

  constructor(
    private readonly deps: JobDeps,
    private readonly handlers: Partial<Record<JobKind, JobHandler>>,
    options: JobRunnerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60_000;
    this.batch = options.batch ?? 20;
    this.log = options.log ?? ((line, error) => appLog.warn(error === undefined ? {} : { err: error }, line));
    this.businessIds = options.businessIds ?? null;
    this.maintenance = options.maintenance ?? [];
  }

  start() {
    if (this.pollMs <= 0 || this.timer) return this;
    this.stopped = false;
    const tick = async () => {
      if (this.stopped) return;
      try {
        await this.runDue();
      } catch (error) {
        this.log(`[jobs] ${(error as Error).message}`, error);
      }
      if (!this.stopped) this.timer = setTimeout(tick, this.pollMs).unref();
    };
    this.timer = setTimeout(tick, this.pollMs).unref();
    return this;
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => {});
  }

  /** Runs one batch of due jobs; returns how many ran. One batch at a time per runner. */
  runDue(now = new Date()): Promise<number> {
    if (this.running) return this.running;
    this.running = this.runBatch(now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /**
   * Runs due jobs until none is left (jobs enqueued by jobs included): for tests and scripts. `now`: run as if it
   * were that time (e.g. past the digest hour); by default the clock at each round.
   */
  async drain(now?: Date, maxRounds = 50) {
    let total = 0;
    for (let round = 0; round < maxRounds; round++) {
      const ran = await this.runDue(now ?? new Date());
      total += ran;
      if (ran === 0) break;
    }
    return total;
  }

  private lastCleanup = 0;

  private async runBatch(now: Date): Promise<number> {
    // Finished jobs are kept a week (to look into), then deleted; at most once an hour per runner.
    if (now.getTime() - this.lastCleanup > 60 * 60_000) {
      this.lastCleanup = now.getTime();
      await this.deps.database.db.job.deleteMany({
        where: { status: 'done', finishedAt: { lt: new Date(now.getTime() - 7 * 24 * 60 * 60_000) } },
      });
      for (const task of this.maintenance) {
        await task(this.deps, now, this.businessIds).catch((error: unknown) =>
          this.log(`[jobs] clean-up failed: ${(error as Error)?.message ?? String(error)}`, error),
        );
      }
    }
    const jobs = await this.claim(now);
    // Every line logged while a job runs, however deep, names it (server/log.ts).
    for (const job of jobs) await withLogScope({ jobId: job.id, jobKind: job.kind }, () => this.runOne(job, now));
    return jobs.length;
  }

  /** Takes due jobs (and running ones whose lease is over) atomically: two runners never take the same job. */
  async claim(now: Date): Promise<ClaimedJob[]> {
    if (this.businessIds?.length === 0) return [];
    const stale = new Date(now.getTime() - this.leaseMs);
    const lock = this.deps.database.provider === 'postgresql' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
    const only = this.businessIds
      ? sql` AND "businessId" IN (${join(
          this.businessIds.map((id) => sql`${id}`),
          ', ',
        )})`
      : sql``;
    const rows = await this.deps.database.sql.all(sql`
      UPDATE "Job" SET "status" = 'running', "lockedAt" = ${now}, "attempts" = "attempts" + 1
      WHERE "id" IN (
        SELECT "id" FROM "Job"
        WHERE (("status" = 'pending' AND "runAt" <= ${now}) OR ("status" = 'running' AND "lockedAt" < ${stale}))${only}
        ORDER BY "runAt", "id" LIMIT ${this.batch} ${lock}
      )
      RETURNING "id", "businessId", "kind", "payload", "attempts", "maxAttempts"`);
    return rows
      .map((r) => ({
        id: toInt(r.id),
        businessId: toInt(r.businessId),
        kind: String(r.kind) as JobKind,
        payload: JSON.parse(String(r.payload)) as Record<string, unknown>,
        attempts: toInt(r.attempts),
        maxAttempts: toInt(r.maxAttempts),
        lockedAt: now,
      }))
      .sort((a, b) => a.id - b.id);
  }

  private async runOne(job: ClaimedJob, now: Date) {
    const db = this.deps.database.db;
    const handler = this.handlers[job.kind];
    try {
      if (!handler) throw new Error(`No handler for jobs of kind "${job.kind}".`);
      if (handler.transactional) {
        await db.$transaction(async (tx) => {
          await handler.run(tx, job, this.deps);
          await this.markDone(tx, job);
        });
      } else {
        // Transactional jobs are short and hold a write transaction (SQLite: one writer), so only these renew.
        const lease = this.renewLease(job, now);
        try {
          await handler.run(job, this.deps);
        } finally {
          await lease.stop();
        }
        await this.markDone(db, job);
      }
    } catch (error) {
      const message = (error as Error)?.message ?? String(error);
      const dead = job.attempts >= job.maxAttempts;
      await db.job.updateMany({
        where: { id: job.id, status: 'running', lockedAt: job.lockedAt },
        data: dead
          ? { status: 'dead', lockedAt: null, lastError: message.slice(0, 2000), finishedAt: new Date() }
          : {
              status: 'pending',
              lockedAt: null,
              lastError: message.slice(0, 2000),
              runAt: new Date(Math.max(now.getTime(), Date.now()) + backoffMs(job.attempts)),
            },
      });
      this.log(
        `[jobs] ${job.kind} job ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}${dead ? ', now dead' : ''}): ${message}`,
        error,
      );
    }
  }

  /**
   * Renews the job's lease every leaseMs/3 while it runs: lockedAt moves on by the time that really passed since the
   * claim (claim's `now` may be a test's clock), and job.lockedAt follows, so markDone and the failure update match
   * the renewed value. A renewal that matches nothing (the lease was lost) stops renewing; markDone then refuses.
   * stop() waits for a renewal in flight, so nothing writes lockedAt after it.
   */
  private renewLease(job: ClaimedJob, claimedAt: Date) {
    const started = Date.now();
    let inFlight: Promise<unknown> = Promise.resolve();
    const timer = setInterval(
      () => {
        inFlight = inFlight
          .then(async () => {
            const lockedAt = new Date(claimedAt.getTime() + (Date.now() - started));
            const { count } = await this.deps.database.db.job.updateMany({
              where: { id: job.id, status: 'running', lockedAt: job.lockedAt },
              data: { lockedAt },
            });
            if (count === 1) job.lockedAt = lockedAt;
            else clearInterval(timer);
          })
          .catch((error: unknown) =>
            this.log(`[jobs] lease of job ${job.id} not renewed: ${(error as Error)?.message ?? String(error)}`, error),
          );
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await inFlight;
      },
    };
  }

  /** Done only if this runner still holds the job (its lease was not taken over); otherwise the transaction rolls back. */
  private async markDone(db: Pick<Tx, 'job'>, job: ClaimedJob) {
    const { count } = await db.job.updateMany({
      where: { id: job.id, status: 'running', lockedAt: job.lockedAt },
      data: { status: 'done', lockedAt: null, finishedAt: new Date() },
    });
    if (count !== 1) throw new Error(`Job ${job.id} was taken over by another runner.`);
  }
}
