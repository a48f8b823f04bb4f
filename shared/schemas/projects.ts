import { z } from 'zod';
import { CALENDAR_MIN_DATE, DOCUMENT_TYPES, PROJECT_STATUSES, TASK_PRIORITIES, TASK_STATUSES } from '../constants';
import { M } from '../messages';
import { currentProjectStatus, PROJECT_LIST_STATUS_FILTERS } from '../status';
import { idSchema, optionalText, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

/** A calendar date as the spec writes it (yyyy-mm-dd): a real day, not before 1900-01-01. */
export const dateOnlySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.projects.badDate)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, M.projects.badDate)
  .refine((v) => v >= CALENDAR_MIN_DATE, M.projects.dateTooEarly);

/** An optional date: '' and null store nothing. */
const optionalDate = z
  .union([z.literal(''), dateOnlySchema])
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * An optional amount, 0 or more: a number, or numeric text from a form's input; '' and null store nothing
 * (spec §5: "An empty number input becomes null").
 */
const optionalAmount = (max: number) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'invalid_type', expected: 'number', input: v });
        return z.NEVER;
      }
      return n;
    })
    .pipe(z.number().min(0).max(max).nullable());

/** Hours up to a million; money up to what an INTEGER column holds in cents. */
const HOURS_MAX = 1_000_000;
const BILLED_MAX = 21_474_836;

/** A project uid (Prisma's cuid): letters and digits. */
export const projectUidSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

/** Every status a project row holds (one vocabulary, shared/constants.ts PROJECT_STATUSES). */
const storedProjectStatusSchema = z.enum(PROJECT_STATUSES);

/**
 * A status a call writes: one of the vocabulary, or an older word (active, completed) that becomes its current one,
 * so a REST caller of the spec's words keeps working and nothing stores them again.
 */
const projectStatusSchema = z
  .enum(PROJECT_LIST_STATUS_FILTERS)
  .transform((v) => currentProjectStatus(v) as (typeof PROJECT_STATUSES)[number]);

/** A due date before the start date is refused (issue 29); either may be missing. */
export const datesInOrder = (start: string | null | undefined, due: string | null | undefined) =>
  !start || !due || due >= start;

/** The check on a whole payload: the issue sits on the due date, where the form shows it. */
const refineDates = (
  value: { projectStartDate?: string | null; projectCompletionDate?: string | null },
  ctx: z.RefinementCtx,
) => {
  if (!datesInOrder(value.projectStartDate, value.projectCompletionDate))
    ctx.addIssue({ code: 'custom', path: ['projectCompletionDate'], message: M.projects.dueBeforeStart });
};

/**
 * The create payload of spec §3, named so that snake_case gives the spec's keys exactly (companies_id,
 * project_contact_id, project_start_date…). totalBilled is money in the currency's units; it is stored in cents.
 */
export const projectFields = {
  // Missing and blank both read as the spec's message.
  name: z
    .string({ error: (issue) => (issue.input == null ? M.projects.nameRequired : undefined) })
    .trim()
    .min(1, M.projects.nameRequired)
    .max(200),
  description: optionalText(5000),
  status: projectStatusSchema,
  /** null: no company (the project then has no contacts). */
  companiesId: idSchema.nullish().transform((v) => v ?? null),
  /** Contacts of the project's company; the list replaces the project's contacts. */
  projectContactId: z
    .array(idSchema)
    .max(100)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]),
  projectStartDate: optionalDate,
  projectCompletionDate: optionalDate,
  totalHoursEstimated: optionalAmount(HOURS_MAX),
  totalHoursWorked: optionalAmount(HOURS_MAX),
  totalBilled: optionalAmount(BILLED_MAX),
  /**
   * Shared with the client's portal (REST visible_to_client). A project is internal until staff share it, and a
   * draft is never shown whatever this says (server/portal/visibility.ts).
   */
  visibleToClient: z.boolean(),
};

export const projectCreateInput = z
  .object({
    ...projectFields,
    status: projectFields.status.default('draft'),
    visibleToClient: projectFields.visibleToClient.default(false),
  })
  .superRefine(refineDates);
export type ProjectCreateValues = z.output<typeof projectCreateInput>;

/**
 * Only the given fields change. A new company keeps only the contacts who work there (unless a new contact list
 * is given); no company clears them. Both dates given: checked here; one given: the domain compares it with the
 * stored other one.
 */
export const projectUpdateInput = z
  .object({ id: idSchema })
  .extend(z.object(projectFields).partial().shape)
  .superRefine(refineDates);

/** The dialog's form: the same rules over plain inputs ('' for no company; numbers as typed). */
export const projectFormSchema = z
  .object({
    ...projectFields,
    companiesId: z.union([idSchema, z.literal('')]).transform((v) => (v === '' ? null : v)),
    status: storedProjectStatusSchema,
    projectContactId: z.array(idSchema).max(100),
  })
  .superRefine(refineDates);
export type ProjectForm = z.input<typeof projectFormSchema>;
export type ProjectFormOutput = z.output<typeof projectFormSchema>;

/** The projects list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const projectSorts = listSorts(
  ['name', 'status', 'dueDate', 'created'] as const,
  { name: 'asc', status: 'asc', dueDate: 'asc', created: 'desc' },
  'created',
);

export const projectListInput = z.object({
  ...sortedPageInput(projectSorts),
  /** Matches name or description. */
  search: z.string().trim().max(100).optional(),
  companyId: idSchema.optional(),
  /** A status, or the spec's `active` (every in-flight status) and `completed` (shared/status.ts maps them). */
  status: z.enum(PROJECT_LIST_STATUS_FILTERS).optional(),
  /** Also count all of the agency's projects (the counter "X of Y"). */
  withOverall: queryFlag.optional(),
  /** Leave out the projects of archived companies (the project picker offers live work only). */
  liveCompanies: queryFlag.optional(),
});

/** One project by its numeric id or its projectUid (when both are given, both must match). */
export const projectGetInput = z.object({
  id: idSchema.optional(),
  projectUid: projectUidSchema.optional(),
});

export const projectIdInput = z.object({ id: idSchema });

/** Pickers: every project of the agency, or of one company, by name. */
export const projectOptionsInput = z.object({ companyId: idSchema.optional() });

const companyRef = z.object({ id: z.number().int(), name: z.string() }).nullable();
const dateText = z.string().nullable();

/** A project as lists read it (GET /api/projects: the spec's camelCase list read, plus counts and the company). */
export const projectRowOutput = z.object({
  id: z.number().int(),
  projectUid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: storedEnum(PROJECT_STATUSES),
  companyId: z.number().int().nullable(),
  company: companyRef,
  projectContactId: z.array(z.number().int()),
  /** yyyy-mm-dd */
  projectStartDate: dateText,
  projectCompletionDate: dateText,
  totalHoursEstimated: z.number().nullable(),
  totalHoursWorked: z.number().nullable(),
  totalBilled: z.number().nullable(),
  /** Shared with the client (a draft is never shown, whatever this says). */
  visibleToClient: z.boolean(),
  taskCount: z.number().int(),
  /** Tasks done (shared/status.ts DONE_TASK_STATUSES). */
  completedTaskCount: z.number().int(),
  fileCount: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});

export const projectPageOutput = sortedPageOutput(projectRowOutput);

const projectContactOutput = z.object({
  id: z.number().int(),
  companyId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  title: z.string().nullable(),
  role: z.string().nullable(),
});

/** A task as the detail read lists it (the spec's detail read names the title `name`). */
const projectTaskOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  status: storedEnum(TASK_STATUSES),
  priority: storedEnum(TASK_PRIORITIES),
  dueDate: z.date().nullable(),
  assigneeId: z.number().int().nullable(),
  /** Hidden from the client even on a shared project. */
  internal: z.boolean(),
  createdAt: z.date(),
});

/** A file on a project (spec §3: id, name, file_type, file_size, file_url, created_at). */
const projectFileOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  fileType: storedEnum(DOCUMENT_TYPES),
  fileSize: z.number().int(),
  fileUrl: z.string(),
  createdAt: z.date(),
});

/** How many tasks and files the detail read lists (the counts are always whole). */
export const PROJECT_DETAIL_ITEMS = 100;

/**
 * One project (GET /api/projects/xano/{project_uid}, snake_case: project_uid, companies_id, created_at,
 * tasks_of_project, files_of_project): the list row, its contacts, and its first 100 tasks and files.
 */
export const projectOutput = projectRowOutput.extend({
  /** The spec's detail read names the company companies_id. */
  companiesId: z.number().int().nullable(),
  contacts: z.array(projectContactOutput),
  /** Contacts at the project's company (the Contacts tab lists them). */
  companyContactCount: z.number().int(),
  tasksOfProject: z.array(projectTaskOutput),
  filesOfProject: z.array(projectFileOutput),
});

/** Who a shared project of this company reaches: the company's contacts with portal access. */
export const projectAudienceInput = z.object({ companyId: idSchema });
export const projectAudienceOutput = z.object({ companyName: z.string(), portalContacts: z.number().int() });

export const projectOptionsOutput = z.array(z.object({ id: z.number().int(), name: z.string() }));

export const projectRemoveOutput = z.object({
  ok: z.literal(true),
  deletedTasks: z.number().int(),
  unlinkedFiles: z.number().int(),
});
