import { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../constants';
import { M } from '../messages';
import { idSchema, MAX_ID, optionalText, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

const T = M.tasks;

export const DEFAULT_TASK_STATUS = 'pending' satisfies (typeof TASK_STATUSES)[number];
export const DEFAULT_TASK_PRIORITY = 'medium' satisfies (typeof TASK_PRIORITIES)[number];

/** The calendar's lower bound (spec §9); a due date is a day, stored as that day's UTC midnight. */
export const MIN_DUE_DATE = '1900-01-01';
const MAX_DUE_DATE = '9999-12-31';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** 'yyyy-mm-dd' for a real calendar day, else null. */
function calendarDay(text: string): string | null {
  const m = DAY.exec(text);
  if (!m) return null;
  const date = new Date(`${text}T00:00:00.000Z`);
  // Date rolls 2030-02-30 over to March: a real day reads back the same.
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : null;
}

/**
 * The due date as the spec's form sends it ('yyyy-mm-dd') or as an ISO timestamp, whose day is the date part as
 * written (so a browser's local midnight never moves the task to the day before); '' or null: no due date.
 * Answers the day as 'yyyy-mm-dd' (the server stores its UTC midnight).
 */
const dueDateSchema = z
  .union([z.string().trim().max(40), z.date()])
  .nullish()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    let day: string | null;
    if (value instanceof Date) day = Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
    else
      day =
        calendarDay(value) ??
        (ISO_DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)) ? calendarDay(value.slice(0, 10)) : null);
    if (day === null) {
      ctx.issues.push({ code: 'custom', message: T.dueDateInvalid, input: value });
      return z.NEVER;
    }
    if (day < MIN_DUE_DATE || day > MAX_DUE_DATE) {
      ctx.issues.push({ code: 'custom', message: T.dueDateTooEarly, input: value });
      return z.NEVER;
    }
    return day;
  });

/**
 * A staff user of the agency, as the spec's payload names them (`assignedTo`): their id as a number or as numeric
 * text; '' or null: nobody. Another agency's user, or no such user, is refused with NOT_FOUND by the server.
 */
const assigneeSchema = z
  .union([z.number(), z.string().trim().max(12)])
  .nullish()
  .transform((value, ctx): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null || value === '') return null;
    const id = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID) {
      ctx.issues.push({ code: 'custom', message: T.assigneeInvalid, input: value });
      return z.NEVER;
    }
    return id;
  });

/** The project every task belongs to: a project id of the agency (required on create). */
const projectIdSchema = z.coerce
  .number({ error: T.projectRequired })
  .int(T.projectRequired)
  .positive(T.projectRequired)
  .max(MAX_ID, T.projectRequired);

export const taskFields = {
  title: z.string({ error: T.titleRequired }).trim().min(1, T.titleRequired).max(200),
  description: optionalText(5000),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  projectId: projectIdSchema,
  dueDate: dueDateSchema,
  /** The staff user the task is assigned to (stored as Task.assigneeId). */
  assigneeId: assigneeSchema,
  /** The spec's name for the same choice (`POST /api/tasks {…, assignedTo}`); assigneeId wins when both are sent. */
  assignedTo: assigneeSchema,
  /** Hidden from the client even on a shared project (server/portal/visibility.ts). */
  internal: z.boolean(),
};

/** One assignee from either name: assigneeId when given, else assignedTo (undefined: unchanged / nobody). */
function oneAssignee<T extends { assigneeId?: number | null; assignedTo?: number | null }>({
  assigneeId,
  assignedTo,
  ...rest
}: T) {
  return { ...rest, assigneeId: assigneeId !== undefined ? assigneeId : assignedTo } as Omit<
    T,
    'assignedTo' | 'assigneeId'
  > & { assigneeId?: number | null };
}

/** POST /api/tasks {title, description, status, priority, projectId, assignedTo, dueDate}: priority medium and status pending by default. */
export const taskCreateInput = z
  .object({
    ...taskFields,
    status: taskFields.status.default(DEFAULT_TASK_STATUS),
    priority: taskFields.priority.default(DEFAULT_TASK_PRIORITY),
    internal: taskFields.internal.default(false),
  })
  .transform(oneAssignee);

/** Only the given fields change; null (or '') clears the description, due date and assignee. */
export const taskUpdateInput = z
  .object({ id: idSchema })
  .extend(z.object(taskFields).partial().shape)
  .transform(oneAssignee);

/** The one-click status change (a row's checkbox or menu, a board card moved to another column). */
export const taskStatusInput = z.object({ id: idSchema, status: z.enum(TASK_STATUSES) });

export const taskIdInput = z.object({ id: idSchema });

/** The dialog's form: the same rules as plain inputs ('' for no due date, no assignee; the project picker's id). */
export const taskFormSchema = z.object({
  title: taskFields.title,
  description: taskFields.description,
  /** '' (nothing chosen yet) fails like a missing project. */
  projectId: projectIdSchema,
  status: taskFields.status,
  priority: taskFields.priority,
  dueDate: dueDateSchema,
  assigneeId: assigneeSchema,
  internal: taskFields.internal,
});

/** The assignee filter: a staff user's id, or 'none' for unassigned tasks. */
const taskAssigneeFilter = z.union([z.literal('none'), idSchema]);

/** The tasks list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const taskSorts = listSorts(
  ['dueDate', 'priority', 'status', 'created'] as const,
  { dueDate: 'asc', priority: 'desc', status: 'asc', created: 'desc' },
  'created',
);

export const taskListInput = z.object({
  ...sortedPageInput(taskSorts),
  /** Matches title or description. */
  search: z.string().trim().max(100).optional(),
  projectId: idSchema.optional(),
  status: z.enum(TASK_STATUSES).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  assigneeId: taskAssigneeFilter.optional(),
  /** Also count all of the agency's tasks ("Showing X of Y tasks"). */
  withOverall: queryFlag.optional(),
});
export type TaskListInput = z.input<typeof taskListInput>;

/** A task as every procedure answers it (the list row, the created and updated task). */
export const taskOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  status: storedEnum(TASK_STATUSES),
  priority: storedEnum(TASK_PRIORITIES),
  /** The due day, 'yyyy-mm-dd'. */
  dueDate: z.string().nullable(),
  projectId: z.number().int().nullable(),
  project: z.object({ id: z.number().int(), name: z.string(), projectUid: z.string() }).nullable(),
  /** The assignee's user id (the spec's assignedTo). */
  assignedTo: z.number().int().nullable(),
  assignee: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  /** Hidden from the client even on a shared project. */
  internal: z.boolean(),
  createdAt: z.date(),
});

/** overall: every task of the agency, whatever the filters (first page only). */
export const taskPageOutput = sortedPageOutput(taskOutput);

export const taskRemoveOutput = z.object({ ok: z.literal(true) });
