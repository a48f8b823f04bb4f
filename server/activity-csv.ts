/**
 * GET /api/activity.csv: the owner's activity log as a CSV download, with the same filters as activity.list (query
 * parameters entityType, actorUserId, companyId, from, to). Checked like every procedure (server/http/route.ts,
 * declared in server/http/registry.ts) and refused without the 'activity.viewAll' permission. Written page by page (keyset, 500 rows)
 * with the socket's back-pressure respected, so a long log never sits whole in memory.
 */
import { once } from 'node:events';
import type { Request, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { changeText } from '../shared/activity-format';
import { M } from '../shared/messages';
import { activityFilterShape } from '../shared/schemas/activity';
import type { StaffScope } from './domain/context';
import { activityConditions, activityRows, checkFilterRows, entryFromRow } from './domain/activity';
import { csvCell } from './lib/csv';

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

/** GET /api/activity.csv ('activity.viewAll'). */
export async function activityCsv(scope: StaffScope, req: Request, res: Response) {
  const parsed = csvQuery.safeParse(req.query);
  if (!parsed.success)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: parsed.error.issues[0]?.message ?? A.dateInvalid,
      cause: parsed.error,
    });
  const filters = parsed.data;
  const db = scope.sql;
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
}
