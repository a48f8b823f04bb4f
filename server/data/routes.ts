/**
 * The export's bytes, outside tRPC (which speaks JSON), checked like every procedure (server/http/route.ts; declared
 * in server/http/registry.ts):
 * - GET /api/export.zip: the whole agency (owner, 'data.export'), streamed as it is written;
 *   GET /api/export.zip?companyId=N: one client company (owner and admin, 'data.exportCompany'); another agency's
 *   or an unknown company is 404. A failure after the first byte destroys the response: never a short "valid" zip.
 *   One such stream per agency at a time, across every app process on the database (an 'export-stream' lease in
 *   AgencyLock, server/lib/agency-lock.ts): another one meanwhile is 409 (M.data.export.busy).
 * - GET /api/exports/{id}/download: a finished background export, for its requester (while they still hold the
 *   permission) or an owner; anyone else, and an unknown id, 404; not built yet 409, failed 409, expired 410.
 */
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { create as contentDisposition } from 'content-disposition';
import { M } from '../../shared/messages';
import { can } from '../../shared/permissions';
import { idSchema } from '../../shared/schemas/common';
import type { StaffScope } from '../domain/context';
import { FileNotFoundError } from '../files/storage';
import { RouteRefusal } from '../http/reply';
import { withAgencyLock } from '../lib/agency-lock';
import { exportFileName, exportZip } from './export';

const X = M.data.export;
/** 410: tRPC has no such code. */
const gone = () => new RouteRefusal({ status: 410, message: X.expired, code: 'GONE' });

function zipHeaders(res: Response, fileName: string, size?: number) {
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', contentDisposition(fileName, { type: 'attachment' }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Private bytes: never kept by a browser or proxy, never re-encoded on the way.
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  if (size !== undefined) res.setHeader('Content-Length', String(size));
}

/**
 * GET /api/export.zip[?companyId=N]: registered twice, with companyId ('data.exportCompany') and without
 * ('data.export'), so the wrapper checks the permission that applies.
 */
export async function exportZipDownload({ user, app }: StaffScope, req: Request, res: Response) {
  const raw = req.query.companyId;
  const db = app.database.db;
  let companyName: string | null = null;
  let companyId: number | null = null;
  if (raw !== undefined) {
    const id = idSchema.safeParse(typeof raw === 'string' && /^\d+$/.test(raw) ? raw : undefined);
    if (!id.success) throw new TRPCError({ code: 'BAD_REQUEST', message: X.companyInvalid });
    const company = await db.company.findFirst({
      where: { businessId: user.businessId, id: id.data },
      select: { id: true, name: true },
    });
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: X.companyNotFound });
    companyId = company.id;
    companyName = company.name;
  }
  const business = await db.business.findUniqueOrThrow({ where: { id: user.businessId }, select: { slug: true } });
  // One zip streaming per agency at a time, whichever app process serves it: the lease is renewed while the
  // stream runs and released before the response ends (or expires if this process dies). Big exports go through the
  // background job instead (data.requestExport above the thresholds).
  await withAgencyLock(
    db,
    user.businessId,
    'export-stream',
    async () => {
      const now = new Date();
      const zip = exportZip(app.database, app.storage, { businessId: user.businessId, companyId }, { now });
      zipHeaders(res, exportFileName(business.slug, companyName, now));
      // Every byte but the response's end: a reader going away still rejects here (and releases the lock).
      await pipeline(zip, res, { end: false });
    },
    { busy: () => new TRPCError({ code: 'CONFLICT', message: X.busy }) },
  );
  // Ended only once the lock is released, so whoever has the whole zip can start the next one at once (no 409
  // for a download that has already finished).
  res.end();
}

/**
 * GET /api/exports/{id}/download: any staff member may ask; the export's requester (while they hold its
 * permission) or an owner gets it, anyone else NOT_FOUND.
 */
export async function exportDownload({ user, app }: StaffScope, req: Request, res: Response) {
  const notFound = new TRPCError({ code: 'NOT_FOUND', message: X.notFound });
  const raw = req.params.id;
  const id = idSchema.safeParse(typeof raw === 'string' && /^\d+$/.test(raw) ? raw : undefined);
  if (!id.success) throw notFound;
  const row = await app.database.db.export.findFirst({
    where: { businessId: user.businessId, id: id.data },
    select: {
      requestedById: true,
      scope: true,
      status: true,
      storageKey: true,
      size: true,
      fileName: true,
      expiresAt: true,
    },
  });
  const own =
    row?.requestedById === user.id && can(user.role, row.scope === 'company' ? 'data.exportCompany' : 'data.export');
  if (!row || !(own || can(user.role, 'data.export'))) throw notFound;
  if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now()) throw gone();
  if (row.status === 'failed') throw new TRPCError({ code: 'CONFLICT', message: X.failed });
  if (row.status !== 'ready' || !row.storageKey) throw new TRPCError({ code: 'CONFLICT', message: X.notReady });
  const stream = await app.storage.readStream(row.storageKey).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) throw gone();
    throw error;
  });
  zipHeaders(res, row.fileName, Number(row.size));
  await pipeline(stream, res);
}
