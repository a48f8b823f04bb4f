/**
 * Background exports: data.requestExport creates an Export row (pending) and an 'export' job in one transaction;
 * the job streams the zip into FileStorage, marks the row ready and queues the e-mail to the requester (an 'email'
 * job, so a mail outage is retried without building the zip again). A failure is retried with the queue's backoff;
 * the last attempt marks the export failed. Nothing half-written stays: a failed attempt removes its object.
 * Expired exports lose their stored zip in the runner's hourly clean-up (removeExpiredExports).
 */
import { M } from '../../shared/messages';
import { enqueueJob, type ClaimedJob, type JobDeps, type JobHandler } from '../jobs/queue';
import { exportZip } from './export';

/** How long a background export can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60_000;
/** Attempts of an export job (building a big zip again and again helps nobody). */
export const EXPORT_MAX_ATTEMPTS = 3;

const X = M.data.export;

const exportHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const db = deps.database.db;
    const exportId = Number(job.payload.exportId);
    const row = await db.export.findFirst({
      where: { businessId: job.businessId, id: exportId },
      select: { id: true, status: true, companyId: true, requestedById: true, expiresAt: true },
    });
    if (row?.status !== 'pending') return; // built already, failed, or gone

    const key = deps.storage.newKey(job.businessId);
    try {
      const zip = exportZip(deps.database, deps.storage, { businessId: job.businessId, companyId: row.companyId });
      const { size } = await deps.storage.writeStream(key, zip);
      const ready = await db.$transaction(async (tx) => {
        const { count } = await tx.export.updateMany({
          where: { businessId: job.businessId, id: row.id, status: 'pending' },
          data: { status: 'ready', storageKey: key, size: BigInt(size), readyAt: new Date(), error: null },
        });
        if (count !== 1) return false;
        await mailRequester(tx, job.businessId, row, deps);
        return true;
      });
      if (!ready) await deps.storage.remove(key);
    } catch (error) {
      await deps.storage.remove(key).catch(() => {});
      if (job.attempts >= job.maxAttempts) {
        await db.export.updateMany({
          where: { businessId: job.businessId, id: row.id, status: 'pending' },
          data: { status: 'failed', error: X.failed },
        });
      }
      throw error;
    }
  },
};

type Tx = Parameters<Parameters<JobDeps['database']['db']['$transaction']>[0]>[0];

/** Queues the "your export is ready" e-mail, with the link to Account → Data. */
async function mailRequester(
  tx: Tx,
  businessId: number,
  row: { id: number; companyId: number | null; requestedById: number | null; expiresAt: Date },
  deps: JobDeps,
) {
  if (row.requestedById === null) return;
  const user = await tx.user.findFirst({
    where: { businessId, id: row.requestedById },
    select: { email: true, firstName: true },
  });
  if (!user) return;
  const business = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { name: true } });
  const company =
    row.companyId === null
      ? null
      : await tx.company.findFirst({ where: { businessId, id: row.companyId }, select: { name: true } });
  const what = company ? X.scopeCompany(company.name) : X.scopeAgency(business.name);
  const url = `${deps.env.publicUrl}/hub/account?tab=data`;
  const expires = `${row.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  await enqueueJob(tx, {
    businessId,
    kind: 'email',
    payload: { to: user.email, subject: X.readySubject(what), text: X.readyText(user.firstName, what, url, expires) },
    dedupeKey: `export-ready:${row.id}`,
  });
}

/** Ready exports past their expiry: the stored zip is removed and the row says 'expired'. A batch per clean-up. */
export async function removeExpiredExports(deps: JobDeps, now: Date, businessIds: number[] | null) {
  const db = deps.database.db;
  const expired = await db.export.findMany({
    where: { status: 'ready', expiresAt: { lte: now }, ...(businessIds ? { businessId: { in: businessIds } } : {}) },
    select: { id: true, storageKey: true },
    orderBy: { id: 'asc' },
    take: 500,
  });
  for (const row of expired) {
    if (row.storageKey) await deps.storage.remove(row.storageKey);
    await db.export.updateMany({
      where: { id: row.id, status: 'ready' },
      data: { status: 'expired', storageKey: null },
    });
  }
}

export const exportHandlers = { export: exportHandler };
