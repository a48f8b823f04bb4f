/**
 * The "approval turnaround" report: per client company, how many requests were decided (approved or changes
 * requested) in the range, and the median hours from the request to its final decision — the median computed in SQL
 * (row numbers over each company's durations, the middle one or the mean of the middle two), one statement over
 * (businessId, status, …). At most APPROVAL_TURNAROUND_MAX companies, the busiest first.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { approvalTurnaroundInput } from '../../../shared/schemas/approvals';
import { reportRange, reportRangeProblem } from '../../../shared/schemas/reports';
import { sql, TENANT, toInt, type Sql, type SqlRunner } from '../../sql';

const DAY = 24 * 60 * 60 * 1000;
const APPROVAL_TURNAROUND_MAX = 200;

const hoursBetween: Record<SqlRunner['provider'], (a: Sql, b: Sql) => Sql> = {
  sqlite: (a, b) => sql`((julianday(${b}) - julianday(${a})) * 24.0)`,
  postgresql: (a, b) => sql`(EXTRACT(EPOCH FROM (${b} - ${a})) / 3600.0)`,
};

export async function approvalTurnaround(
  scope: { sql: SqlRunner },
  input: z.output<typeof approvalTurnaroundInput>,
  now = new Date(),
) {
  const range = reportRange(input, now);
  const problem = reportRangeProblem(range);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const end = new Date(new Date(`${range.to}T00:00:00.000Z`).getTime() + DAY);
  if (
    input.companyId !== undefined &&
    !(await scope.sql.get(
      sql`SELECT 1 AS "ok" FROM "Company" WHERE "businessId" = ${TENANT} AND "id" = ${input.companyId}`,
    ))
  )
    throw new TRPCError({ code: 'NOT_FOUND', message: M.reports.companyNotFound });
  const company = input.companyId === undefined ? sql`` : sql` AND r."companyId" = ${input.companyId}`;
  const rows = await scope.sql.all(sql`
    WITH d AS (
      SELECT r."companyId" AS "companyId", ${hoursBetween[scope.sql.provider](sql`r."createdAt"`, sql`r."decidedAt"`)} AS "h"
      FROM "ApprovalRequest" r
      WHERE r."businessId" = ${TENANT} AND r."status" IN ('approved', 'changes_requested')
        AND r."decidedAt" >= ${start} AND r."decidedAt" < ${end}${company}
    ), o AS (
      SELECT d."companyId", d."h",
        ROW_NUMBER() OVER (PARTITION BY d."companyId" ORDER BY d."h") AS "rn",
        COUNT(*) OVER (PARTITION BY d."companyId") AS "n"
      FROM d
    )
    SELECT o."companyId", c."name", MAX(o."n") AS "decided", AVG(o."h") AS "median"
    FROM o JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = o."companyId"
    WHERE o."rn" IN ((o."n" + 1) / 2, (o."n" + 2) / 2)
    GROUP BY o."companyId", c."name"
    ORDER BY MAX(o."n") DESC, c."name"
    LIMIT ${APPROVAL_TURNAROUND_MAX}`);
  return {
    range,
    rows: rows.map((r) => ({
      companyId: toInt(r.companyId),
      name: String(r.name),
      decided: toInt(r.decided),
      medianHours: Math.round(Number(r.median) * 100) / 100,
    })),
  };
}
