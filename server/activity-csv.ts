/**
 * GET /api/activity.csv: the owner's activity log as a CSV download, with the same filters as activity.list (query
 * parameters entityType, actorUserId, companyId, from, to). Authenticated like every procedure (Bearer token, else
 * the staff cookie) and refused without the 'activity.viewAll' permission. Written page by page (keyset, 500 rows)
 * with the socket's back-pressure respected, so a long log never sits whole in memory.
 */
import { once } from 'node:events';
import { Router, type Response } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { changeText } from '../shared/activity-format';
import { M } from '../shared/messages';
import { can, forbiddenMessage } from '../shared/permissions';
import { activityFilterShape } from '../shared/schemas/activity';
import { sendError } from './rest';
import { log } from './log';
import { activityConditions, activityRows, checkFilterRows, entryFromRow } from './domain/activity';
import { tenantRunner } from './sql';
import { hasNul } from './lib/input-guards';
import { csvCell } from './lib/csv';
import { twoFactorSetupRefusal, type createContextFactory } from './trpc';

const A = M.activity;
const CSV_PAGE = 500;

const csvQuery = z
  .object(activityFilterShape)
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: A.rangeInvalid, path: ['to'] });

export { csvCell };

const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

async function write(res: Response, text: string) {
  if (!res.write(text)) await once(res, 'drain');
}

export function activityCsvRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();
  routes.get('/api/activity.csv', async (req, res) => {
    const ctx = createContext({ req, res });
    try {
      const session = await ctx.sessions.getStaff();
      if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
      if (session.twoFactorSetupNeeded)
        throw new TRPCError({ code: 'FORBIDDEN', message: twoFactorSetupRefusal.message });
      if (!can(session.user.role, 'activity.viewAll'))
        throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage('activity.viewAll') });
      if (hasNul(req.query)) throw new TRPCError({ code: 'BAD_REQUEST', message: M.common.nulCharacter });
      const parsed = csvQuery.safeParse(req.query);
      if (!parsed.success)
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: parsed.error.issues[0]?.message ?? A.dateInvalid,
          cause: parsed.error,
        });
      const filters = parsed.data;
      const db = tenantRunner(ctx.app.database.sqlExecutor, session.user.businessId);
      await checkFilterRows(db, filters);

      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${A.csvFileName(new Date().toISOString().slice(0, 10))}"`,
      );
      res.setHeader('Cache-Control', 'no-store');
      // A byte-order mark, so spreadsheet apps read the file as UTF-8 (names, “quotes”, →).
      await write(res, `\uFEFF${csvLine(A.csvHeaders)}`);
      const where = activityConditions(filters);
      let cursor: number | null = null;
      do {
        const page = await activityRows(db, where, cursor, CSV_PAGE);
        let chunk = '';
        for (const row of page.rows) {
          const e = entryFromRow(row);
          chunk += csvLine([
            e.createdAt.toISOString(),
            e.actorName,
            e.actorType,
            e.action,
            e.entityType,
            e.entityName,
            e.companyName ?? '',
            e.changes.map((c) => changeText(e.entityType, c)).join('; '),
            e.clientVisible ? A.yes : A.no,
          ]);
        }
        if (chunk) await write(res, chunk);
        cursor = page.nextCursor;
      } while (cursor !== null && !res.destroyed);
      res.end();
    } catch (error) {
      if (res.headersSent) {
        log.error({ err: error }, 'activity CSV: failed after the download started');
        res.destroy();
        return;
      }
      sendError(res, error);
    }
  });
  return routes;
}
