import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';

const R = M.reports;

/**
 * The days a report may cover, and its longest range. The work and the reply grow with the range (one entry per
 * month and per week: at most 61 and 262 over 5 years), and PostgreSQL cannot go past the year 9999 (the range ends
 * at the midnight after its last day).
 */
export const REPORT_FIRST_DAY = '1900-01-01';
export const REPORT_LAST_DAY = '2200-12-31';
const REPORT_MAX_YEARS = 5;

const utcDay = (value: string) => new Date(`${value}T00:00:00.000Z`);
const ymd = (date: Date) => date.toISOString().slice(0, 10);

/** A day as the date inputs send it (yyyy-mm-dd, a UTC day, 1900–2200); empty means "not given". */
const day = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: R.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: R.dateInvalid })
    .refine((v) => !Number.isNaN(utcDay(v).getTime()) && utcDay(v).toISOString().startsWith(v), {
      error: R.dateInvalid,
    })
    .refine((v) => v >= REPORT_FIRST_DAY && v <= REPORT_LAST_DAY, { error: R.dateOutOfRange })
    .optional(),
);

/** The default range: from the first day of the month 11 months back up to today (12 calendar months, UTC). */
function defaultReportRange(now = new Date()) {
  return { from: ymd(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))), to: ymd(now) };
}

/**
 * The range a report covers: the days given, the defaults for the others; with one end given, the default other end
 * follows it when it would fall on the wrong side (from alone after today: that one day).
 */
export function reportRange(input: { from?: string; to?: string }, now = new Date()) {
  const range = {
    ...defaultReportRange(now),
    ...(input.from ? { from: input.from } : {}),
    ...(input.to ? { to: input.to } : {}),
  };
  if (input.from && !input.to && range.from > range.to) range.to = range.from;
  if (input.to && !input.from && range.from > range.to) range.from = range.to;
  return range;
}

/** Why a report cannot cover this range (a sentence for people), or null: reversed, or longer than 5 years. */
export function reportRangeProblem(range: { from: string; to: string }): string | null {
  if (range.from > range.to) return R.rangeInvalid;
  const limit = utcDay(range.from);
  limit.setUTCFullYear(limit.getUTCFullYear() + REPORT_MAX_YEARS);
  return utcDay(range.to) >= limit ? R.rangeTooLong : null;
}

/**
 * GET /api/reports: `from` and `to` are whole UTC days (both included, 1900-01-01 to 2200-12-31, at most 5 years
 * apart); without them, the last 12 months (the first day of the month 11 months back up to today). companyId
 * narrows every report to one client company. (With one end only, the server checks the filled-in range too.)
 */
export const reportsOverviewInput = z
  .object({
    from: day,
    to: day,
    companyId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional()),
  })
  .superRefine((v, ctx) => {
    const problem = v.from && v.to ? reportRangeProblem({ from: v.from, to: v.to }) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['to'] });
  });
export type ReportsOverviewInput = z.infer<typeof reportsOverviewInput>;

const count = z.number().int();
const hours = z.number();

export const reportsOverviewOutput = z.object({
  /** The range the numbers cover (the defaults filled in), as yyyy-mm-dd days, both included. */
  range: z.object({ from: z.string(), to: z.string() }),
  companyId: z.number().int().nullable(),
  /** Projects worked on in the range (started on or before its end, not completed before its start), by stored status. */
  projectsByStatus: z.array(z.object({ status: z.string(), count })),
  /** Per month of the range (yyyy-mm): projects whose startDate / completionDate falls in it. */
  projectsPerMonth: z.array(z.object({ month: z.string(), started: count, completed: count })),
  /** Per week (its Monday, yyyy-mm-dd): tasks whose status changed to completed, from the activity log. */
  tasksCompletedPerWeek: z.array(z.object({ week: z.string(), count })),
  /** Tasks due before today and neither completed nor cancelled, by priority (today's snapshot, not the range). */
  overdueTasksByPriority: z.array(z.object({ priority: z.string(), count })),
  /** Hours and billing of the range's projects per company (top 20 by hours worked). */
  hoursByCompany: z.array(
    z.object({
      companyId: z.number().int().nullable(),
      name: z.string().nullable(),
      projects: count,
      estimated: hours,
      worked: hours,
      billedCents: count,
    }),
  ),
  /** The same per project (top 20 by hours worked). */
  hoursByProject: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      companyName: z.string().nullable(),
      estimated: hours,
      worked: hours,
      billedCents: count,
    }),
  ),
  /** Client companies by status (today's snapshot). */
  clientsByStatus: z.array(z.object({ status: z.string(), count })),
  /** Per flow: submissions started in the range, how many were completed, the rate (0–1) and the average time. */
  flows: z.array(
    z.object({
      flowId: z.number().int(),
      name: z.string(),
      started: count,
      completed: count,
      completionRate: z.number(),
      avgHoursToComplete: z.number().nullable(),
    }),
  ),
  /** Per month: files uploaded (Document.createdAt) and downloaded by clients (activity log). */
  filesPerMonth: z.array(z.object({ month: z.string(), uploaded: count, downloaded: count })),
  /**
   * Per client company (the 20 slowest): the median time, in seconds, from a client's message that starts a wait to
   * the first later staff message that is not an internal note, over the waits that started in the range; how many
   * were answered, and how many are not yet (server/domain/reports: replyTimeRows says exactly what is measured).
   */
  replyTimesByCompany: z.array(
    z.object({
      companyId: z.number().int(),
      name: z.string(),
      medianSeconds: z.number().int().nullable(),
      answered: count,
      unanswered: count,
    }),
  ),
});
export type ReportsOverview = z.infer<typeof reportsOverviewOutput>;
