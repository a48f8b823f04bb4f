import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';

const R = M.reports;

/** A day as the date inputs send it (yyyy-mm-dd, a UTC day); empty means "not given". */
const day = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: R.dateInvalid })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: R.dateInvalid })
    .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00.000Z`).getTime()) && new Date(`${v}T00:00:00.000Z`).toISOString().startsWith(v), {
      error: R.dateInvalid,
    })
    .optional(),
);

/**
 * GET /api/reports: `from` and `to` are whole UTC days (both included); without them, the last 12 months (the first
 * day of the month 11 months back up to today). companyId narrows every report to one client company.
 */
export const reportsOverviewInput = z
  .object({
    from: day,
    to: day,
    companyId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema.optional()),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: R.rangeInvalid, path: ['to'] });
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
    z.object({ companyId: z.number().int().nullable(), name: z.string().nullable(), projects: count, estimated: hours, worked: hours, billedCents: count }),
  ),
  /** The same per project (top 20 by hours worked). */
  hoursByProject: z.array(
    z.object({ id: z.number().int(), name: z.string(), companyName: z.string().nullable(), estimated: hours, worked: hours, billedCents: count }),
  ),
  /** Client companies by status (today's snapshot). */
  clientsByStatus: z.array(z.object({ status: z.string(), count })),
  /** Per flow: submissions started in the range, how many were completed, the rate (0–1) and the average time. */
  flows: z.array(
    z.object({ flowId: z.number().int(), name: z.string(), started: count, completed: count, completionRate: z.number(), avgHoursToComplete: z.number().nullable() }),
  ),
  /** Per month: files uploaded (Document.createdAt) and downloaded by clients (activity log). */
  filesPerMonth: z.array(z.object({ month: z.string(), uploaded: count, downloaded: count })),
});
export type ReportsOverview = z.infer<typeof reportsOverviewOutput>;
