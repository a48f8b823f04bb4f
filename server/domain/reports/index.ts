/**
 * Reports (/hub/reports): SQL aggregates over the tenant's `sql`, one aggregate statement per report, never rows loaded to be
 * counted. Dates: `from`/`to` are whole UTC days; SQLite holds ISO text ("2026-01-31T09:00:00.000+00:00"), which
 * date()/strftime() read, and PostgreSQL timestamp(3) in UTC, which to_char/date_trunc read as is. Months are
 * "yyyy-mm", weeks their Monday ("yyyy-mm-dd"), both in UTC; the empty months and weeks of the range are filled in
 * here (a few dozen entries, not table rows).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import {
  reportRange,
  reportRangeProblem,
  type ReportsOverview,
  type ReportsOverviewInput,
} from '../../../shared/schemas/reports';
import { CLIENT_COMPANY_STATUSES, PENDING_TASK_STATUSES, PRIORITY_ORDER } from '../../../shared/status';
import { join, raw, sql, TENANT, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import type { TenantScope } from '../context';
import { isOurCompany } from '../companies/ours';

const DAY = 86_400_000;
const TOP = raw('20');

const inList = (values: readonly string[]): Sql =>
  sql`(${join(
    values.map((v) => sql`${v}`),
    ', ',
  )})`;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const num = (value: unknown) => (value == null ? 0 : Number(value));
const round1 = (value: number) => Math.round(value * 10) / 10;

type Dialect = {
  month: (column: Sql) => Sql;
  week: (column: Sql) => Sql;
  hoursBetween: (start: Sql, end: Sql) => Sql;
  secondsBetween: (start: Sql, end: Sql) => Sql;
};

const DIALECTS: Record<SqlRunner['provider'], Dialect> = {
  sqlite: {
    month: (c) => sql`strftime('%Y-%m', ${c})`,
    // Back 6 days, then forward to the next Monday (the same day when it is one): the week's Monday.
    week: (c) => sql`date(${c}, '-6 days', 'weekday 1')`,
    hoursBetween: (a, b) => sql`((julianday(${b}) - julianday(${a})) * 24.0)`,
    secondsBetween: (a, b) => sql`ROUND((julianday(${b}) - julianday(${a})) * 86400.0)`,
  },
  postgresql: {
    month: (c) => sql`to_char(${c}, 'YYYY-MM')`,
    week: (c) => sql`to_char(date_trunc('week', ${c}), 'YYYY-MM-DD')`,
    hoursBetween: (a, b) => sql`(EXTRACT(EPOCH FROM (${b} - ${a})) / 3600.0)`,
    secondsBetween: (a, b) => sql`ROUND(EXTRACT(EPOCH FROM (${b} - ${a})))`,
  },
};

function monthsOf(from: Date, to: Date) {
  const months: string[] = [];
  for (
    let d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), 1));
    d <= to;
    d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
  ) {
    months.push(dayOf(d).slice(0, 7));
  }
  return months;
}

function weeksOf(from: Date, to: Date) {
  const weeks: string[] = [];
  const monday = new Date(from.getTime() - ((from.getUTCDay() + 6) % 7) * DAY);
  for (let d = monday; d <= to; d = new Date(d.getTime() + 7 * DAY)) weeks.push(dayOf(d));
  return weeks;
}

/** The days a report covers: the range asked (defaults filled in), its first and last day, and today. */
type Window = {
  range: ReportsOverview['range'];
  start: Date;
  lastDay: Date;
  /** Exclusive. */
  end: Date;
  today: Date;
  companyId: number | null;
};

function reportWindow(input: ReportsOverviewInput, now: Date): Window {
  const range = reportRange(input, now);
  // The input schema checks a range given whole; one given end is checked here with the other filled in (from
  // 1900-01-01 alone would otherwise reach today). Bounded, so are the months and weeks below (61 and 262 at most).
  const problem = reportRangeProblem(range);
  if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: problem });
  const start = new Date(`${range.from}T00:00:00.000Z`);
  const lastDay = new Date(`${range.to}T00:00:00.000Z`);
  const end = new Date(lastDay.getTime() + DAY);
  const today = new Date(`${dayOf(now)}T00:00:00.000Z`);
  return { range, start, lastDay, end, today, companyId: input.companyId ?? null };
}

/**
 * The median time to the agency's first reply, per client company (one statement, the median taken in SQL).
 *
 * What is measured: waiting periods. One starts at a client's message (authorKind 'contact'; clients never write
 * internal notes) whose thread has no earlier message a client sees, or whose previous such message is staff's: a
 * client's follow-ups while already waiting do not restart the clock. It ends at the first later message of staff in
 * the same thread that is not an internal note (a note between staff answers nobody). "Earlier" and "later" are the
 * thread's own order (message ids, as the conversation shows them). A deleted message counts as sent: it was there to
 * read when it was sent. A period belongs to the range when its client's message was written in it (the reply may
 * come after the range); one with no reply yet is counted as unanswered and has no duration.
 * Per company: the median of its answered periods' durations in whole seconds (the middle one, or the mean of the
 * two middle ones), how many were answered and how many are not; the 20 slowest medians first, then the companies
 * with only unanswered periods. Reads Message(businessId, authorKind, createdAt) for the range's client messages and
 * Message(businessId, threadId, id) for the message before and the reply after each.
 */
function replyTimeRows(db: SqlRunner, { start, end, companyId }: Window) {
  const d = DIALECTS[db.provider];
  const ofCompany = companyId === null ? sql`` : sql` AND t."companyId" = ${companyId}`;
  const visibleToClient = (alias: string) =>
    sql`${raw(alias)}."businessId" = ${TENANT} AND ${raw(alias)}."threadId" = m."threadId" AND ${raw(alias)}."internal" = ${false}`;
  return db.all<Row>(sql`
    WITH "starts" AS (
      SELECT t."companyId", m."threadId", m."id", m."createdAt" FROM "Message" m
      JOIN "MessageThread" t ON t."businessId" = ${TENANT} AND t."id" = m."threadId"${ofCompany}
      WHERE m."businessId" = ${TENANT} AND m."authorKind" = 'contact' AND m."internal" = ${false}
        AND m."createdAt" >= ${start} AND m."createdAt" < ${end}
        AND COALESCE((SELECT p."authorKind" FROM "Message" p WHERE ${visibleToClient('p')} AND p."id" < m."id"
                      ORDER BY p."id" DESC LIMIT 1), 'staff') = 'staff'
    ), "periods" AS (
      SELECT m."companyId", m."createdAt" AS "askedAt",
        (SELECT r."createdAt" FROM "Message" r WHERE ${visibleToClient('r')} AND r."id" > m."id" AND r."authorKind" = 'staff'
         ORDER BY r."id" LIMIT 1) AS "repliedAt"
      FROM "starts" m
    ), "ranked" AS (
      SELECT "companyId", ${d.secondsBetween(sql`"askedAt"`, sql`"repliedAt"`)} AS "seconds",
        ROW_NUMBER() OVER (PARTITION BY "companyId" ORDER BY ${d.secondsBetween(sql`"askedAt"`, sql`"repliedAt"`)}) AS "rn",
        COUNT(*) OVER (PARTITION BY "companyId") AS "n"
      FROM "periods" WHERE "repliedAt" IS NOT NULL
    ), "medians" AS (
      SELECT "companyId", AVG("seconds") AS "median", MAX("n") AS "answered" FROM "ranked"
      WHERE "rn" IN (("n" + 1) / 2, ("n" + 2) / 2) GROUP BY "companyId"
    ), "waiting" AS (
      SELECT "companyId", COUNT(*) AS "unanswered" FROM "periods" WHERE "repliedAt" IS NULL GROUP BY "companyId"
    ), "companies" AS (SELECT DISTINCT "companyId" FROM "periods")
    SELECT c."id" AS "companyId", c."name", md."median", COALESCE(md."answered", 0) AS "answered",
      COALESCE(w."unanswered", 0) AS "unanswered"
    FROM "companies" x
    JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = x."companyId"
    LEFT JOIN "medians" md ON md."companyId" = x."companyId"
    LEFT JOIN "waiting" w ON w."companyId" = x."companyId"
    ORDER BY (CASE WHEN md."median" IS NULL THEN 1 ELSE 0 END), md."median" DESC, c."name", c."id" LIMIT ${TOP}`);
}

/** Nine of the aggregate statements of the reports, run side by side (the tenth: replyTimeRows). */
function reportRows(db: SqlRunner, { start, end, today, companyId }: Window) {
  const d = DIALECTS[db.provider];
  const byCompany = (alias: string) =>
    companyId === null ? sql`` : sql` AND ${raw(alias)}."companyId" = ${companyId}`;
  const taskCompany =
    companyId === null
      ? sql``
      : sql`JOIN "Project" p ON p."businessId" = ${TENANT} AND p."id" = t."projectId" AND p."companyId" = ${companyId}`;

  // "Projects in the range": worked on during it — started (startDate, else createdAt) before its end and not
  // completed before its start. The status and hours reports read this set.
  const projectsInRange = sql`p."businessId" = ${TENANT}${byCompany('p')}
    AND COALESCE(p."startDate", p."createdAt") < ${end} AND (p."completionDate" IS NULL OR p."completionDate" >= ${start})`;

  return Promise.all([
    db.all<Row>(
      sql`SELECT p."status", COUNT(*) AS "n" FROM "Project" p WHERE ${projectsInRange} GROUP BY p."status" ORDER BY "n" DESC, p."status"`,
    ),
    // Started / completed per month: the projects' own startDate and completionDate (what the project form sets;
    // the activity log only knows status changes since issue 12, older projects would be missing).
    db.all<Row>(sql`
      SELECT 's' AS "kind", ${d.month(sql`p."startDate"`)} AS "month", COUNT(*) AS "n" FROM "Project" p
      WHERE p."businessId" = ${TENANT}${byCompany('p')} AND p."startDate" >= ${start} AND p."startDate" < ${end} GROUP BY 2
      UNION ALL
      SELECT 'c' AS "kind", ${d.month(sql`p."completionDate"`)} AS "month", COUNT(*) AS "n" FROM "Project" p
      WHERE p."businessId" = ${TENANT}${byCompany('p')} AND p."completionDate" >= ${start} AND p."completionDate" < ${end} GROUP BY 2`),
    // Tasks completed per week: Task.completedAt (set when a task becomes completed, cleared when it leaves that
    // status), read from the covering index Task(businessId, completedAt); the company through the task's project.
    db.all<Row>(sql`
      SELECT ${d.week(sql`t."completedAt"`)} AS "week", COUNT(*) AS "n" FROM "Task" t
      ${taskCompany}
      WHERE t."businessId" = ${TENANT} AND t."completedAt" >= ${start} AND t."completedAt" < ${end}
      GROUP BY 1`),
    // Overdue today (not the range), one row: a count per priority over Task(businessId, status, dueDate) (a GROUP
    // BY priority would walk Task(businessId, priority) over the whole agency instead); the company through the
    // task's project.
    db.all<Row>(sql`
      SELECT ${join(
        PRIORITY_ORDER.map(
          (priority) => sql`COUNT(CASE WHEN t."priority" = ${priority} THEN 1 END) AS ${raw(`"${priority}"`)}`,
        ),
        ', ',
      )} FROM "Task" t
      ${taskCompany}
      WHERE t."businessId" = ${TENANT} AND t."status" IN ${inList(PENDING_TASK_STATUSES)} AND t."dueDate" < ${today}`),
    db.all<Row>(sql`
      SELECT p."companyId", c."name", COUNT(*) AS "projects", SUM(p."totalHoursEstimated") AS "estimated", SUM(p."totalHoursWorked") AS "worked",
             SUM(p."totalBilledCents") AS "billed"
      FROM "Project" p LEFT JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = p."companyId"
      WHERE ${projectsInRange}
      GROUP BY p."companyId", c."name"
      ORDER BY COALESCE(SUM(p."totalHoursWorked"), 0) DESC, COALESCE(SUM(p."totalHoursEstimated"), 0) DESC, c."name" LIMIT ${TOP}`),
    db.all<Row>(sql`
      SELECT p."id", p."name", c."name" AS "companyName", p."totalHoursEstimated" AS "estimated", p."totalHoursWorked" AS "worked", p."totalBilledCents" AS "billed"
      FROM "Project" p LEFT JOIN "Company" c ON c."businessId" = ${TENANT} AND c."id" = p."companyId"
      WHERE ${projectsInRange}
      ORDER BY COALESCE(p."totalHoursWorked", 0) DESC, COALESCE(p."totalHoursEstimated", 0) DESC, p."id" LIMIT ${TOP}`),
    db.all<Row>(sql`
      SELECT c."status", COUNT(*) AS "n" FROM "Company" c
      WHERE c."businessId" = ${TENANT} AND c."status" IN ${inList(CLIENT_COMPANY_STATUSES)}${companyId === null ? sql` AND c."archivedAt" IS NULL` : sql` AND c."id" = ${companyId}`}
      GROUP BY c."status" ORDER BY "n" DESC, c."status"`),
    // Flows: submissions started (created) in the range per flow, FlowSubmission(businessId, flowId).
    db.all<Row>(sql`
      SELECT s."flowId", f."name", COUNT(*) AS "started", COUNT(s."completedAt") AS "completed",
             AVG(CASE WHEN s."completedAt" IS NOT NULL THEN ${d.hoursBetween(sql`s."createdAt"`, sql`s."completedAt"`)} END) AS "avgHours"
      FROM "FlowSubmission" s JOIN "Flow" f ON f."businessId" = ${TENANT} AND f."id" = s."flowId"
      WHERE s."businessId" = ${TENANT}${byCompany('s')} AND s."createdAt" >= ${start} AND s."createdAt" < ${end}
      GROUP BY s."flowId", f."name" ORDER BY COUNT(*) DESC, f."name"`),
    // Uploads: Document(businessId, createdAt); client downloads: Activity(businessId, entityType, createdAt).
    db.all<Row>(sql`
      SELECT 'u' AS "kind", ${d.month(sql`x."createdAt"`)} AS "month", COUNT(*) AS "n" FROM "Document" x
      WHERE x."businessId" = ${TENANT}${byCompany('x')} AND x."createdAt" >= ${start} AND x."createdAt" < ${end} GROUP BY 2
      UNION ALL
      SELECT 'd' AS "kind", ${d.month(sql`a."createdAt"`)} AS "month", COUNT(*) AS "n" FROM "Activity" a
      WHERE a."businessId" = ${TENANT} AND a."entityType" = 'file' AND a."createdAt" >= ${start} AND a."createdAt" < ${end}
        AND a."action" = 'downloaded' AND a."actorType" = 'contact'${byCompany('a')} GROUP BY 2`),
  ]);
}

/** Every report of /hub/reports in one call: ten aggregate statements run side by side, the empty months and weeks filled in. */
export async function reportsOverview(
  scope: Pick<TenantScope, 'sql'>,
  input: ReportsOverviewInput,
  now = new Date(),
): Promise<ReportsOverview> {
  const window = reportWindow(input, now);
  const { range, start, lastDay, companyId } = window;
  if (companyId !== null) {
    const company = await isOurCompany(scope.sql, companyId);
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.reports.companyNotFound });
  }
  const [[byStatus, perMonth, perWeek, overdue, hoursCompany, hoursProject, clients, flows, files], replies] =
    await Promise.all([reportRows(scope.sql, window), replyTimeRows(scope.sql, window)]);

  const months = monthsOf(start, lastDay);
  const countOf = (rows: Row[], kind: string, month: string) =>
    toInt(rows.find((r) => r.kind === kind && r.month === month)?.n ?? 0);
  const weekCounts = new Map(perWeek.map((r) => [String(r.week), toInt(r.n)]));

  return {
    range,
    companyId,
    projectsByStatus: byStatus.map((r) => ({ status: String(r.status), count: toInt(r.n) })),
    projectsPerMonth: months.map((month) => ({
      month,
      started: countOf(perMonth, 's', month),
      completed: countOf(perMonth, 'c', month),
    })),
    tasksCompletedPerWeek: weeksOf(start, lastDay).map((week) => ({ week, count: weekCounts.get(week) ?? 0 })),
    overdueTasksByPriority: PRIORITY_ORDER.map((priority) => ({ priority, count: toInt(num(overdue[0]?.[priority])) })),
    hoursByCompany: hoursCompany.map((r) => ({
      companyId: r.companyId == null ? null : toInt(r.companyId),
      name: r.name == null ? null : String(r.name),
      projects: toInt(r.projects),
      estimated: round1(num(r.estimated)),
      worked: round1(num(r.worked)),
      billedCents: toInt(num(r.billed)),
    })),
    hoursByProject: hoursProject.map((r) => ({
      id: toInt(r.id),
      name: String(r.name),
      companyName: r.companyName == null ? null : String(r.companyName),
      estimated: round1(num(r.estimated)),
      worked: round1(num(r.worked)),
      billedCents: toInt(num(r.billed)),
    })),
    clientsByStatus: clients.map((r) => ({ status: String(r.status), count: toInt(r.n) })),
    flows: flows.map((r) => {
      const started = toInt(r.started);
      const completed = toInt(r.completed);
      return {
        flowId: toInt(r.flowId),
        name: String(r.name),
        started,
        completed,
        completionRate: started === 0 ? 0 : Math.round((completed / started) * 1000) / 1000,
        avgHoursToComplete: r.avgHours == null ? null : round1(Number(r.avgHours)),
      };
    }),
    filesPerMonth: months.map((month) => ({
      month,
      uploaded: countOf(files, 'u', month),
      downloaded: countOf(files, 'd', month),
    })),
    replyTimesByCompany: replies.map((r) => ({
      companyId: toInt(r.companyId),
      name: String(r.name),
      medianSeconds: r.median == null ? null : Math.round(Number(r.median)),
      answered: toInt(r.answered),
      unanswered: toInt(r.unanswered),
    })),
  };
}
