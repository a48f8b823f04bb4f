/**
 * Data export (Account → Data, the company page): whole-agency and one-company exports. Small ones download at once
 * (GET /api/export.zip, server/data/routes.ts streams the zip); large ones are built by a background job into
 * FileStorage and the requester is e-mailed when ready (server/data/export-job.ts). "Large": more rows than
 * EXPORT_INLINE_MAX_ROWS or more stored bytes than EXPORT_INLINE_MAX_BYTES, estimated with SQL counts and a SUM.
 * Imports are multipart uploads: POST /api/imports (server/data/).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { ExportItem, ExportRequestOutput } from '../../../shared/schemas/data';
import { EXPORT_MAX_ATTEMPTS, EXPORT_TTL_MS } from '../../data/export-job';
import { estimateExport, exportFileName } from '../../data/export';
import { enqueueJob } from '../../jobs/queue';
import { storageQuota, storageUsed } from '../../files/quota';
import type { StaffScope } from '../context';

const X = M.data.export;
/** The exports list shows the caller's latest ones. */
const LIST_LIMIT = 20;

type Caller = Pick<StaffScope, 'user' | 'businessId' | 'app'>;

/** Downloads at once under the thresholds; otherwise an Export row and its job, created together. */
async function requestExport(
  scope: Caller,
  company: { id: number; name: string } | null,
): Promise<ExportRequestOutput> {
  const { businessId, user } = scope;
  const db = scope.app.database.db;
  const companyId = company?.id ?? null;
  const estimate = await estimateExport(db, { businessId, companyId });
  const env = scope.app.env;
  if (estimate.rows <= env.EXPORT_INLINE_MAX_ROWS && estimate.bytes <= env.EXPORT_INLINE_MAX_BYTES) {
    return { mode: 'download', url: companyId === null ? '/api/export.zip' : `/api/export.zip?companyId=${companyId}` };
  }
  // The same export still being built for this user is not started twice.
  const pending = await db.export.findFirst({
    where: {
      businessId,
      requestedById: user.id,
      scope: companyId === null ? 'agency' : 'company',
      companyId,
      status: 'pending',
      expiresAt: { gt: new Date() },
    },
    select: { id: true },
    orderBy: { id: 'desc' },
  });
  if (pending) return { mode: 'background', exportId: pending.id, email: user.email };
  const business = await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { slug: true } });
  const now = new Date();
  const exportId = await db.$transaction(async (tx) => {
    const row = await tx.export.create({
      data: {
        businessId,
        requestedById: user.id,
        scope: companyId === null ? 'agency' : 'company',
        companyId,
        fileName: exportFileName(business.slug, company?.name ?? null, now),
        expiresAt: new Date(now.getTime() + EXPORT_TTL_MS),
      },
      select: { id: true },
    });
    await enqueueJob(tx, {
      businessId,
      kind: 'export',
      payload: { exportId: row.id },
      dedupeKey: `export:${row.id}`,
      maxAttempts: EXPORT_MAX_ATTEMPTS,
    });
    return row.id;
  });
  return { mode: 'background', exportId, email: user.email };
}

/**
 * The space the agency's stored files take, and the quota (Account → Data's Storage block). Any staff member: the
 * Files page already shows everyone the bytes stored.
 */
export async function storageUsage(scope: Pick<StaffScope, 'db' | 'businessId' | 'app'>) {
  return { usedBytes: await storageUsed(scope.db, scope.businessId), quotaBytes: storageQuota(scope.app.env) };
}

/** The whole agency. */
export const requestAgencyExport = (scope: Caller) => requestExport(scope, null);

/** One client company of the agency. */
export async function requestCompanyExport(scope: Caller & Pick<StaffScope, 'db'>, input: { companyId: number }) {
  const company = await scope.db.company.findFirst({
    where: { id: input.companyId },
    select: { id: true, name: true },
  });
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: X.companyNotFound });
  return requestExport(scope, company);
}

/** The caller's own background exports, newest first (an expired one says so, whatever its row's status). */
export async function listExports(scope: Pick<StaffScope, 'db' | 'user'>) {
  const rows = await scope.db.export.findMany({
    where: { requestedById: scope.user.id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: LIST_LIMIT,
    select: {
      id: true,
      scope: true,
      companyId: true,
      status: true,
      fileName: true,
      size: true,
      error: true,
      createdAt: true,
      readyAt: true,
      expiresAt: true,
    },
  });
  const companyIds = [...new Set(rows.map((r) => r.companyId).filter((id): id is number => id !== null))];
  const companies = companyIds.length
    ? await scope.db.company.findMany({ where: { id: { in: companyIds } }, select: { id: true, name: true } })
    : [];
  const names = new Map(companies.map((c) => [c.id, c.name]));
  const now = Date.now();
  const items = rows.map((r): ExportItem => {
    const expired = r.status === 'expired' || (r.status === 'ready' && r.expiresAt.getTime() <= now);
    const status = expired ? 'expired' : (r.status as ExportItem['status']);
    return {
      id: r.id,
      scope: r.scope === 'company' ? 'company' : 'agency',
      companyId: r.companyId,
      companyName: r.companyId === null ? null : (names.get(r.companyId) ?? null),
      status,
      fileName: r.fileName,
      size: Number(r.size),
      error: r.error,
      createdAt: r.createdAt,
      readyAt: r.readyAt,
      expiresAt: r.expiresAt,
      downloadUrl: status === 'ready' ? `/api/exports/${r.id}/download` : null,
    };
  });
  return { items };
}
