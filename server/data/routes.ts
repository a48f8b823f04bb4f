/**
 * The export's bytes, outside tRPC (which speaks JSON), authenticated like every procedure (Bearer token, else the
 * staff cookie):
 * - GET /api/export.zip: the whole agency (owner, 'data.export'), streamed as it is written;
 *   GET /api/export.zip?companyId=N: one client company (owner and admin, 'data.exportCompany'); another agency's
 *   or an unknown company is 404. A failure after the first byte destroys the response: never a short "valid" zip.
 *   One such stream per agency at a time, across every app process on the database (an 'export-stream' lease in
 *   AgencyLock, server/lib/agency-lock.ts): another one meanwhile is 409 (M.data.export.busy).
 * - GET /api/exports/{id}/download: a finished background export, for its requester (while they still hold the
 *   permission) or an owner; anyone else, and an unknown id, 404; not built yet 409, failed 409, expired 410.
 */
import { pipeline } from 'node:stream/promises';
import { Router, type Response } from 'express';
import { TRPCError } from '@trpc/server';
import { create as contentDisposition } from 'content-disposition';
import { M } from '../../shared/messages';
import { can, forbiddenMessage, type Permission } from '../../shared/permissions';
import { idSchema } from '../../shared/schemas/common';
import { FileNotFoundError } from '../files/storage';
import { sendError, sendRefusal } from '../rest';
import { hasNul } from '../lib/input-guards';
import { withAgencyLock } from '../lib/agency-lock';
import { twoFactorSetupRefusal, type createContextFactory } from '../trpc';
import { exportFileName, exportZip } from './export';
import { log } from '../log';

const X = M.data.export;

type Context = ReturnType<ReturnType<typeof createContextFactory>>;

/** The signed-in staff user, refused unless their role holds the permission. */
async function staffWith(ctx: Context, permission: Permission | null) {
  const session = await ctx.sessions.getStaff();
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
  if (session.twoFactorSetupNeeded) throw new TRPCError({ code: 'FORBIDDEN', message: twoFactorSetupRefusal.message });
  if (permission && !can(session.user.role, permission))
    throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(permission) });
  return session.user;
}

function zipHeaders(res: Response, fileName: string, size?: number) {
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', contentDisposition(fileName, { type: 'attachment' }));
  res.setHeader('X-Content-Type-Options', 'nosniff');
  // Private bytes: never kept by a browser or proxy, never re-encoded on the way.
  res.setHeader('Cache-Control', 'private, no-store, no-transform');
  if (size !== undefined) res.setHeader('Content-Length', String(size));
}

function failed(res: Response, error: unknown, what: string) {
  // A reader that went away (before or after the first byte) is not a server error: nobody is left to answer.
  if (res.destroyed) return;
  if (res.headersSent) {
    // Anything else is logged, and the zip stays cut short.
    log.error({ err: error }, `export: ${what} failed after the download started`);
    res.destroy();
    return;
  }
  res.removeHeader('Content-Disposition');
  sendError(res, error);
}

export function dataExportRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();

  routes.get('/api/export.zip', async (req, res) => {
    const ctx = createContext({ req, res });
    try {
      if (hasNul(req.query)) throw new TRPCError({ code: 'BAD_REQUEST', message: M.common.nulCharacter });
      const raw = req.query.companyId;
      const wantsCompany = raw !== undefined;
      const user = await staffWith(ctx, wantsCompany ? 'data.exportCompany' : 'data.export');
      const db = ctx.app.database.db;
      let companyName: string | null = null;
      let companyId: number | null = null;
      if (wantsCompany) {
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
          const zip = exportZip(ctx.app.database, ctx.app.storage, { businessId: user.businessId, companyId }, { now });
          zipHeaders(res, exportFileName(business.slug, companyName, now));
          // Every byte but the response's end: a reader going away still rejects here (and releases the lock).
          await pipeline(zip, res, { end: false });
        },
        { busy: () => new TRPCError({ code: 'CONFLICT', message: X.busy }) },
      );
      // Ended only once the lock is released, so whoever has the whole zip can start the next one at once (no 409
      // for a download that has already finished).
      res.end();
    } catch (error) {
      failed(res, error, 'download');
    }
  });

  routes.get('/api/exports/:id/download', async (req, res) => {
    const ctx = createContext({ req, res });
    try {
      const user = await staffWith(ctx, null);
      const notFound = new TRPCError({ code: 'NOT_FOUND', message: X.notFound });
      const id = idSchema.safeParse(/^\d+$/.test(req.params.id) ? req.params.id : undefined);
      if (!id.success) throw notFound;
      const row = await ctx.app.database.db.export.findFirst({
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
        row?.requestedById === user.id &&
        can(user.role, row.scope === 'company' ? 'data.exportCompany' : 'data.export');
      if (!row || !(own || can(user.role, 'data.export'))) throw notFound;
      if (row.status === 'expired' || row.expiresAt.getTime() <= Date.now()) throw new GoneError();
      if (row.status === 'failed') throw new TRPCError({ code: 'CONFLICT', message: X.failed });
      if (row.status !== 'ready' || !row.storageKey) throw new TRPCError({ code: 'CONFLICT', message: X.notReady });
      const stream = await ctx.app.storage.readStream(row.storageKey).catch((error: unknown) => {
        if (error instanceof FileNotFoundError) throw new GoneError();
        throw error;
      });
      zipHeaders(res, row.fileName, Number(row.size));
      await pipeline(stream, res);
    } catch (error) {
      if (error instanceof GoneError && !res.headersSent) {
        sendRefusal(res, 410, { message: X.expired, code: 'GONE' });
        return;
      }
      failed(res, error, 'export download');
    }
  });

  return routes;
}

/** 410: tRPC has no such code. */
class GoneError extends Error {
  constructor() {
    super(X.expired);
  }
}
