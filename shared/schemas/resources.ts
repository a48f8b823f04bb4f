import { z } from 'zod';
import { RESOURCE_STATUSES, RESOURCE_TYPES } from '../constants';
import { M } from '../messages';
import { RESOURCE_TYPE_FILTERS } from '../status';
import { idSchema, MAX_ID, listSorts, sortedPageInput, queryFlag } from './common';
import { sortedPageOutput, storedEnum } from './output';

const R = M.resources;

export const RESOURCE_LIMITS = {
  titleMax: 200,
  descriptionMax: 2000,
  keyMax: 100,
  valueMax: 2000,
  /** Detail rows one resource may hold (blank form rows count until they are dropped). */
  detailsMax: 50,
} as const;

export const resourcesForCompanyInput = z.object({ companyId: idSchema });
export const resourceVisibilityInput = z.object({ id: idSchema, visibleToClient: z.boolean() });

/** A company's resource as the Resources Access tab lists it. */
const companyResourceOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: storedEnum(RESOURCE_TYPES),
  status: storedEnum(RESOURCE_STATUSES),
  visibleToClient: z.boolean(),
  /** Its project, if any (the share dialog says when the client does not see that project yet). */
  projectId: z.number().int().nullable(),
});
export const companyResourcesOutput = z.array(companyResourceOutput);
export const resourceVisibilityOutput = z.object({ id: z.number().int(), visibleToClient: z.boolean() });

// ---------------------------------------------------------------- fields (spec §5)

/** Missing, blank or whitespace-only text all read as the spec's message. */
const requiredText = (message: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input == null ? message : undefined) })
    .trim()
    .min(1, message)
    .max(max);

/** A resource's own fields, as every form and call checks them. */
export const resourceFields = {
  title: requiredText(R.titleRequired, RESOURCE_LIMITS.titleMax),
  description: requiredText(R.descriptionRequired, RESOURCE_LIMITS.descriptionMax),
} as const;

/** A choice the form starts without ('' = none chosen yet): missing reads as the spec's message. */
const requiredChoice = <const V extends readonly [string, ...string[]]>(values: V, message: string) =>
  z.enum(values, { error: (issue) => (issue.input == null || issue.input === '' ? message : undefined) });

export const resourceTypeSchema = requiredChoice(RESOURCE_TYPES, R.typeRequired);
export const resourceStatusSchema = requiredChoice(RESOURCE_STATUSES, R.statusRequired);

/** Numeric text from a select or a query string reads as its number. */
const numericText = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;

/** The company (required): its id; '', null and 0 ("no company", as a picker sends it) read as 'Company is required'. */
const resourceCompanySchema = z.preprocess(
  (value) => (value === '' || value === null || value === 0 ? undefined : numericText(value)),
  z
    .number({ error: (issue) => (issue.input === undefined ? R.companyRequired : undefined) })
    .int()
    .positive()
    .max(MAX_ID),
);

/** The project (optional, one of the company's): '', null and 0 mean none. */
const resourceProjectSchema = z.preprocess(
  (value) => (value === '' || value === 0 ? null : numericText(value)),
  idSchema.nullable(),
);

// ---------------------------------------------------------------- details: key/value rows

export type ResourceDetail = { key: string; value: string };

/** A detail row's texts, as stored (detailIssues answers their limits with its own messages). */
export const resourceDetailFields = {
  key: z.string().trim().max(RESOURCE_LIMITS.keyMax),
  value: z.string().trim().max(RESOURCE_LIMITS.valueMax),
} as const;

/** Two keys are the same when they match after trimming, whatever their case ("Login URL" and "login url "). */
const detailKeyOf = (key: string) => key.trim().toLowerCase();

type DetailIssue = { index: number; field: 'key' | 'value'; message: string };

/**
 * The rules of spec §5 for detail rows, shared by the form, the tRPC input and the REST map, after trimming:
 * a blank row is dropped (not an error); a row with only a key reads 'Value is required', with only a value
 * 'Key is required'; the same key twice reads 'Duplicate keys are not allowed in resource details' (on the
 * second one).
 */
function detailIssues(rows: readonly ResourceDetail[]): DetailIssue[] {
  const issues: DetailIssue[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    if (!resourceDetailFields.key.safeParse(row.key).success)
      issues.push({ index, field: 'key', message: M.validation.tooLong(R.fields.key, RESOURCE_LIMITS.keyMax) });
    if (!resourceDetailFields.value.safeParse(row.value).success)
      issues.push({ index, field: 'value', message: M.validation.tooLong(R.fields.value, RESOURCE_LIMITS.valueMax) });
    if (!row.key && row.value) issues.push({ index, field: 'key', message: R.keyRequired });
    if (row.key && !row.value) issues.push({ index, field: 'value', message: R.valueRequired });
    if (!row.key) return;
    const key = detailKeyOf(row.key);
    if (seen.has(key)) issues.push({ index, field: 'key', message: R.duplicateKeys });
    seen.add(key);
  });
  return issues;
}

/** Rows as they are saved: trimmed, blank ones dropped (spec §5: "Rows with an empty key or value are dropped"). */
export const keptDetails = (rows: readonly ResourceDetail[]): ResourceDetail[] =>
  rows.map((r) => ({ key: r.key.trim(), value: r.value.trim() })).filter((r) => r.key && r.value);

/** The details as the spec's `value` map (the JSON preview and the REST payload), in row order. */
export const detailsToValue = (rows: readonly ResourceDetail[]): Record<string, string> =>
  Object.fromEntries(rows.map((r) => [r.key, r.value]));

/** Lengths are checked after trimming (detailIssues), so the message names the real limit. */
const detailRow = z.object({ key: z.string(), value: z.string() });

/**
 * The details as ordered rows (the form, tRPC): blank rows dropped, half-filled rows and duplicate keys refused,
 * each issue under its row (details.{i}.key / details.{i}.value).
 */
const resourceDetailsSchema = z
  .array(detailRow)
  .max(RESOURCE_LIMITS.detailsMax)
  .transform((rows, ctx) => {
    const trimmed = rows.map((r) => ({ key: r.key.trim(), value: r.value.trim() }));
    for (const issue of detailIssues(trimmed))
      ctx.addIssue({
        code: 'custom',
        path: [issue.index, issue.field],
        message: issue.message,
        input: rows[issue.index],
      });
    return keptDetails(trimmed);
  });

/**
 * The details as the spec's payload sends them (POST /resources/v1: `value`, a map of key to text). Entries with
 * an empty key or value are dropped; numbers and true/false are taken as their text; keys that are the same
 * after trimming (whatever their case) are refused as duplicates.
 */
const resourceValueSchema = z
  .record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]))
  .transform((map, ctx) => {
    const entries = Object.entries(map);
    if (entries.length > RESOURCE_LIMITS.detailsMax) {
      ctx.addIssue({
        code: 'custom',
        message: M.validation.tooManyItems(R.details, RESOURCE_LIMITS.detailsMax),
        input: map,
      });
      return z.NEVER;
    }
    const rows = keptDetails(entries.map(([key, value]) => ({ key, value: value === null ? '' : String(value) })));
    for (const issue of detailIssues(rows))
      ctx.addIssue({ code: 'custom', path: [rows[issue.index].key], message: issue.message, input: map });
    return rows;
  });

// ---------------------------------------------------------------- calls

/** `visible` is the spec's create payload name (§3); `visibleToClient` the read's, accepted too. */
const visibility = { visible: z.boolean().optional(), visibleToClient: z.boolean().optional() };
/** The details, as ordered rows (`details`) and/or as the spec's map (`value`); given, they replace all of them. */
const detailsFields = { value: resourceValueSchema.optional(), details: resourceDetailsSchema.optional() };

/**
 * Both forms given: the rows, then the map's entries, as one list (a key in both is a duplicate); neither:
 * undefined (an update leaves the details as they are).
 */
function joinedDetails(
  input: { value?: ResourceDetail[]; details?: ResourceDetail[] },
  ctx: z.RefinementCtx,
): ResourceDetail[] | undefined {
  const { value, details } = input;
  if (value === undefined || details === undefined) return details ?? value;
  const joined = [...details, ...value];
  if (joined.length > RESOURCE_LIMITS.detailsMax)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: M.validation.tooManyItems(R.details, RESOURCE_LIMITS.detailsMax),
      input,
    });
  const keys = new Set(details.map((d) => detailKeyOf(d.key)));
  for (const entry of value) {
    if (keys.has(detailKeyOf(entry.key)))
      ctx.addIssue({ code: 'custom', path: ['value', entry.key], message: R.duplicateKeys, input });
  }
  return joined;
}

/**
 * POST /resources/v1 (spec §7.3): {title, description, type, status, visible, company_id, project_id (or null),
 * value (map)}. The company must be the agency's and the project (optional) the agency's and that company's.
 */
export const resourceCreateInput = z
  .object({
    ...resourceFields,
    type: resourceTypeSchema,
    status: resourceStatusSchema,
    companyId: resourceCompanySchema,
    projectId: resourceProjectSchema.optional(),
    ...visibility,
    ...detailsFields,
  })
  .transform(({ visible, visibleToClient, value, details, projectId, ...fields }, ctx) => ({
    ...fields,
    projectId: projectId ?? null,
    // Hidden until staff choose to share it.
    visibleToClient: visibleToClient ?? visible ?? false,
    details: joinedDetails({ value, details }, ctx) ?? [],
  }));
export type ResourceCreate = z.output<typeof resourceCreateInput>;

/**
 * Only the given fields change; details given (either form) replace all of them. A new company takes the
 * resource out of its project unless a project of that company is given; null (or '') clears the project.
 */
export const resourceUpdateInput = z
  .object({
    id: idSchema,
    title: resourceFields.title.optional(),
    description: resourceFields.description.optional(),
    type: resourceTypeSchema.optional(),
    status: resourceStatusSchema.optional(),
    companyId: resourceCompanySchema.optional(),
    projectId: resourceProjectSchema.optional(),
    ...visibility,
    ...detailsFields,
  })
  .transform(({ visible, visibleToClient, value, details, ...fields }, ctx) => ({
    ...fields,
    visibleToClient: visibleToClient ?? visible,
    details: joinedDetails({ value, details }, ctx),
  }));
export type ResourceUpdate = z.output<typeof resourceUpdateInput>;

/**
 * The create and edit form (/hub/resources/create, /hub/resources/{id}/edit): the same rules over plain inputs
 * ('' for no type, status, company or project chosen yet).
 */
export const resourceFormSchema = z.object({
  ...resourceFields,
  type: resourceTypeSchema,
  status: resourceStatusSchema,
  companyId: resourceCompanySchema,
  projectId: z.union([idSchema, z.literal('')]),
  visibleToClient: z.boolean(),
  details: resourceDetailsSchema,
});
export type ResourceForm = {
  title: string;
  description: string;
  type: (typeof RESOURCE_TYPES)[number] | '';
  status: (typeof RESOURCE_STATUSES)[number] | '';
  companyId: number | '';
  projectId: number | '';
  visibleToClient: boolean;
  details: ResourceDetail[];
};
export type ResourceFormValues = z.output<typeof resourceFormSchema>;

/** The resources list's sorts (`?sort=…&order=asc|desc`); the default is the list's order before sorting existed. */
export const resourceSorts = listSorts(['title', 'created'] as const, { title: 'asc', created: 'desc' }, 'created');

export const resourceListInput = z.object({
  ...sortedPageInput(resourceSorts),
  /** Matches the title or the description. */
  search: z.string().trim().max(100).optional(),
  /** A stored type, or the route's template / guideline / tool (shared/status.ts maps them). */
  type: z.enum(RESOURCE_TYPE_FILTERS).optional(),
  status: z.enum(RESOURCE_STATUSES).optional(),
  companyId: idSchema.optional(),
  /** Also count all of the agency's resources ("Showing X of Y"). */
  withOverall: queryFlag.optional(),
});

export const resourceIdInput = z.object({ id: idSchema });

const ref = z.object({ id: z.number().int(), name: z.string() });

/** A resource as the list, the details dialog, the form and the REST paths read it (spec §3). */
export const resourceOutput = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  type: storedEnum(RESOURCE_TYPES),
  status: storedEnum(RESOURCE_STATUSES),
  visibleToClient: z.boolean(),
  companyId: z.number().int(),
  projectId: z.number().int().nullable(),
  company: ref,
  project: ref.nullable(),
  /** The spec's free map of key to text (its keys are the user's own: never renamed on the wire). */
  value: z.record(z.string(), z.string()),
  /** The same entries as ordered rows (a map's order is not kept by every client). */
  details: z.array(z.object({ key: z.string(), value: z.string() })),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type ResourceRow = z.output<typeof resourceOutput>;

export const resourcePageOutput = sortedPageOutput(resourceOutput);

export const resourceRemoveOutput = z.object({ ok: z.literal(true) });
