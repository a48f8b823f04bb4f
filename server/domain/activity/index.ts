/**
 * The activity log's read side: a company's Activity tab, the dashboard's "Recent activity" card and the owner's whole
 * log (filters, CSV download in server/activity-csv.ts). Entries are written by server/activity.ts; the portal's
 * feed (../portal-activity) reads the stored changes with changesFrom.
 *
 * Newest first by (createdAt, id), keyset-paginated in hand-written SQL over the (businessId, createdAt),
 * (businessId, companyId, createdAt), (businessId, entityType, createdAt) and (businessId, actorUserId, createdAt)
 * indexes. No total is counted (a log only grows; nobody needs "Showing 20 of 48,311"). Each row's link and company
 * name are looked up for the page's rows only, one indexed (businessId, id) look-up each.
 */
import { TRPCError } from '@trpc/server';
import type { ActivityChange } from '../../../shared/activity';
import { hubLink } from '../../../shared/links';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import type {
  activityForCompanyInput,
  activityListInput,
  activityRecentInput,
  ActivityEntryRow,
  ActivityFilters,
} from '../../../shared/schemas/activity';
import {
  join,
  raw,
  sql,
  TENANT,
  toBool,
  toDate,
  toInt,
  toIntOrNull,
  type Row,
  type Sql,
  type SqlRunner,
} from '../../sql';
import type { TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';

const A = M.activity;

const activityColumns = sql`t."id", t."actorType", t."actorUserId", t."actorContactId", t."actorName", t."entityType", t."entityId", t."entityName", t."companyId", t."action", t."changes", t."clientVisible", t."createdAt"`;

/** The uid or id a record's hub link needs, when the record still exists (null: gone, or a kind without a page). */
const refOf = (p: Sql) => {
  const id = (table: string) =>
    sql`(SELECT CAST(x."id" AS TEXT) FROM ${raw(`"${table}"`)} x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")`;
  return sql`CASE ${p}."entityType"
    WHEN 'company' THEN ${id('Company')}
    WHEN 'contact' THEN ${id('Contact')}
    WHEN 'task' THEN ${id('Task')}
    WHEN 'file' THEN ${id('Document')}
    WHEN 'resource' THEN ${id('Resource')}
    WHEN 'project' THEN (SELECT x."projectUid" FROM "Project" x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")
    WHEN 'flow' THEN (SELECT x."flowUid" FROM "Flow" x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")
    WHEN 'message' THEN (SELECT CAST(x."threadId" AS TEXT) FROM "Message" x WHERE x."businessId" = ${TENANT} AND x."id" = ${p}."entityId")
    ELSE NULL END AS "ref"`;
};

const pageExtras = (p: Sql) =>
  sql`${refOf(p)}, (SELECT c."name" FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = ${p}."companyId") AS "companyName"`;

/** The stored changes (JSON text); anything unreadable shows as no changes rather than failing the page. */
export function changesFrom(value: unknown): ActivityChange[] {
  try {
    const parsed: unknown = JSON.parse(String(value ?? '[]'));
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(
        (c): c is ActivityChange =>
          typeof c === 'object' && c !== null && typeof (c as ActivityChange).field === 'string',
      )
      .map((c) => ({ field: c.field, from: c.from ?? null, to: c.to ?? null }));
  } catch {
    return [];
  }
}

export function entryFromRow(r: Row): ActivityEntryRow {
  const entityType = String(r.entityType);
  const entityId = toIntOrNull(r.entityId);
  const ref = r.ref == null ? null : String(r.ref);
  return {
    id: toInt(r.id),
    actorType: String(r.actorType) as ActivityEntryRow['actorType'],
    actorUserId: toIntOrNull(r.actorUserId),
    actorContactId: toIntOrNull(r.actorContactId),
    actorName: String(r.actorName),
    entityType,
    entityId,
    entityName: String(r.entityName ?? ''),
    companyId: toIntOrNull(r.companyId),
    companyName: r.companyName == null ? null : String(r.companyName),
    action: String(r.action),
    changes: changesFrom(r.changes),
    clientVisible: toBool(r.clientVisible),
    link: ref === null ? null : hubLink(entityType, entityId, ref),
    createdAt: toDate(r.createdAt),
  };
}

/** The WHERE conditions of the filters (each one served by an index that starts with businessId). */
export function activityConditions(filters: ActivityFilters & { clientVisible?: boolean }): Sql[] {
  const where: Sql[] = [];
  if (filters.companyId !== undefined) where.push(sql`t."companyId" = ${filters.companyId}`);
  if (filters.entityType !== undefined) where.push(sql`t."entityType" = ${filters.entityType}`);
  if (filters.actorUserId !== undefined) where.push(sql`t."actorUserId" = ${filters.actorUserId}`);
  if (filters.from) where.push(sql`t."createdAt" >= ${filters.from}`);
  if (filters.to) where.push(sql`t."createdAt" < ${filters.to}`);
  if (filters.clientVisible) where.push(sql`t."clientVisible" = ${true}`);
  return where;
}

/**
 * One page, newest first: `limit + 1` rows tell whether more follow; the cursor is the last id seen, its createdAt
 * looked up within the tenant (another agency's id finds no position and yields an empty page).
 */
export async function activityRows(
  db: SqlRunner,
  where: Sql[],
  cursor: number | null | undefined,
  limit: number,
  extras: (p: Sql) => Sql = pageExtras,
) {
  const conditions = [sql`t."businessId" = ${TENANT}`, ...where];
  if (cursor) {
    conditions.push(
      sql`(t."createdAt", t."id") < ((SELECT c."createdAt" FROM "Activity" c WHERE c."businessId" = ${TENANT} AND c."id" = ${cursor}), ${cursor})`,
    );
  }
  const rows = await db.all(sql`
    SELECT p.*, ${extras(sql`p`)} FROM (
      SELECT ${activityColumns} FROM "Activity" t WHERE ${join(conditions, ' AND ')}
      ORDER BY t."createdAt" DESC, t."id" DESC LIMIT ${limit + 1}
    ) p ORDER BY p."createdAt" DESC, p."id" DESC`);
  const page = rows.slice(0, limit);
  return { rows: page, nextCursor: rows.length > limit ? toInt(page[page.length - 1].id) : null };
}

/** NOT_FOUND unless the company (and the person, when given) are the agency's own. */
export async function checkFilterRows(db: SqlRunner, filters: { companyId?: number; actorUserId?: number }) {
  const [company, person] = await Promise.all([
    filters.companyId === undefined ? true : isOurCompany(db, filters.companyId),
    filters.actorUserId === undefined
      ? true
      : db.get(sql`SELECT 1 AS "ok" FROM "User" WHERE "businessId" = ${TENANT} AND "id" = ${filters.actorUserId}`),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: A.companyNotFound });
  if (!person) throw new TRPCError({ code: 'NOT_FOUND', message: A.personNotFound });
}

async function entryPage(db: SqlRunner, filters: ActivityFilters, cursor: number | null | undefined, limit: number) {
  const [, page] = await Promise.all([
    checkFilterRows(db, filters),
    activityRows(db, activityConditions(filters), cursor, limit),
  ]);
  return { items: page.rows.map(entryFromRow), nextCursor: page.nextCursor, total: null };
}

/** A company's Activity tab (all staff): newest first, optionally one kind. Another agency's company is NOT_FOUND. */
export function activityForCompany(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof activityForCompanyInput>) {
  return entryPage(scope.sql, { companyId: input.companyId, entityType: input.entityType }, input.cursor, input.limit);
}

/** The dashboard's "Recent activity" card (all staff): the agency's latest entries. */
export async function recentActivity(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof activityRecentInput>) {
  return (await activityRows(scope.sql, [], null, input.limit)).rows.map(entryFromRow);
}

/** The owner's whole log: kind, person, company and date-range filters. */
export function listActivity(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof activityListInput>) {
  return entryPage(scope.sql, input, input.cursor, input.limit);
}
