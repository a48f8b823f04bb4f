/**
 * Flows, their steps and their form fields (work-flows-account-portal.md §3, §4, §5, §7.4). One set of schemas for
 * the procedures, the REST paths (snake_case on /flows/v1, /flow_step/v1, /flow_field/v1) and the editor's forms.
 */
import { z } from 'zod';
import { FLOW_FIELD_TYPES, FLOW_TYPES } from '../constants';
import { M } from '../messages';
import { idSchema, MAX_ID, pageInput, queryFlag } from './common';
import { pageOutput, storedEnum } from './output';

export const FLOW_LIMITS = {
  nameMax: 200,
  descriptionMax: 2000,
  stepTitleMax: 200,
  /** A step's markdown or plain text. */
  contentMax: 50_000,
  /** Steps of one flow and fields of one step. */
  stepsMax: 100,
  fieldsMax: 100,
  labelMax: 200,
  helpTextMax: 500,
  choicesMax: 50,
  choiceMax: 100,
  orderMax: 10_000,
} as const;

export type FlowType = (typeof FLOW_TYPES)[number];

/**
 * The spec's three step types (§2.9: "Add Content Step", "Add Information Step", "Add Form Step"). Since issue 29 a
 * type is where a step starts: its label and icon, whether its text reads as markdown (content, form) or plain
 * text (information), and the block it always has (text, or form fields for a form step). After that either kind
 * can take the other block too: text above the fields of a form step, fields below the text of a content step.
 */
export const STEP_TYPES = ['content', 'information', 'form'] as const;
export type StepType = (typeof STEP_TYPES)[number];

/** The step type each flow type adds first (and that its steps made before issue 29 have). */
export const STEP_KIND: Record<FlowType, StepType> = {
  onboard: 'content',
  inform: 'information',
  collect: 'form',
};

/** What a step shows: its own block, plus the other one when the author added it. */
export function stepBlocks(stepType: StepType, added: { addedContent: boolean; addedFields: boolean }) {
  return {
    hasContent: stepType !== 'form' || added.addedContent,
    hasFields: stepType === 'form' || added.addedFields,
  };
}

const flowTypeSchema = z.enum(FLOW_TYPES, { error: M.flows.typeInvalid });
const flowFieldTypeSchema = z.enum(FLOW_FIELD_TYPES, { error: M.flows.fieldTypeInvalid });
export const stepTypeSchema = z.enum(STEP_TYPES, { error: M.flows.stepTypeInvalid });

/** The spec: name and description are required, whitespace counts as empty → 'Please fill in all required fields'. */
const requiredText = (max: number) =>
  z.string({ error: M.flows.requiredFields }).trim().min(1, M.flows.requiredFields).max(max);

/** The spec's company choice: optional, 0 (or null, or '') meaning no specific company. */
const flowCompanySchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(MAX_ID)
  .nullish()
  .transform((v) => (v ? v : null));

/** A flow's own fields, as the create and edit calls and the dialog check them. */
export const flowFields = {
  name: requiredText(FLOW_LIMITS.nameMax),
  description: requiredText(FLOW_LIMITS.descriptionMax),
  workflowType: flowTypeSchema,
} as const;

/** A flow's public uid (Prisma's cuid), as GET /flows/v1/?flow_uid= names it. */
export const flowUidSchema = z.string().trim().min(1).max(64);

/** true/false, also as the text a query string carries. */
const booleanParam = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

/**
 * POST /flows/v1/ (spec §7.4): {name, description, workflow_type, company_id, business_id, is_active}. The business
 * is always the session's, so business_id is ignored. A new flow is a draft (inactive) unless is_active is true, as
 * the spec's client sends it; even then clients see it only once it has a step (server/portal/visibility.ts).
 */
export const flowCreateInput = z.object({
  ...flowFields,
  companyId: flowCompanySchema,
  // business_id is not read at all (unknown keys are dropped): the business is always the session's.
  /** Published at once (the API's is_active: true); the hub never sends it: its flows start as drafts. */
  isActive: booleanParam.optional(),
});

/** The Create Flow dialog's form ('' for no company). */
export const flowFormSchema = z.object({
  ...flowFields,
  companyId: z.union([idSchema, z.literal('')]),
});
export type FlowForm = z.input<typeof flowFormSchema>;

/** Rename, describe, move to a company (0/null: none), activate or deactivate. The type is fixed once created. */
export const flowUpdateInput = z.object({
  id: idSchema,
  name: flowFields.name.optional(),
  description: flowFields.description.optional(),
  companyId: flowCompanySchema.optional(),
  isActive: booleanParam.optional(),
});

export const flowListInput = z.object({
  ...pageInput,
  /** Matches the name or the description. */
  search: z.string().trim().max(100).optional(),
  workflowType: flowTypeSchema.optional(),
  companyId: idSchema.optional(),
  isActive: booleanParam.optional(),
  /** Also count all of the agency's flows ("Showing X of Y"). */
  withOverall: queryFlag.optional(),
});

/** GET /flows/v1/?flow_uid= (spec §7.4), or by id. */
export const flowGetInput = z
  .object({
    id: idSchema.optional(),
    flowUid: flowUidSchema.optional(),
  })
  .refine((v) => v.id !== undefined || v.flowUid !== undefined, { message: M.flows.notFound, path: ['flowUid'] });

export const flowIdInput = z.object({ id: idSchema });

// ── Steps ───────────────────────────────────────────────────────────────────────────────────────────────────────

const stepTitleSchema = z.string().trim().min(1, M.flows.stepTitleRequired).max(FLOW_LIMITS.stepTitleMax);
const stepContentSchema = z.string().max(FLOW_LIMITS.contentMax);
/** A step's own texts. */
export const flowStepFields = { stepTitle: stepTitleSchema, content: stepContentSchema } as const;

/**
 * POST /flow_step/v1/ (spec §7.4): {business_id, flow_id, step_order, step_title, content}. Without step_order the step
 * goes last (highest + 1, or 1); without a title it is "Step {n}"; a new onboard step gets the placeholder content.
 */
export const flowStepCreateInput = z.object({
  flowId: idSchema,
  stepOrder: z.coerce
    .number({ error: M.flows.stepOrderInvalid })
    .int(M.flows.stepOrderInvalid)
    .min(1, M.flows.stepOrderInvalid)
    .max(FLOW_LIMITS.orderMax)
    .optional(),
  stepTitle: stepTitleSchema.optional(),
  content: stepContentSchema.optional(),
  /** The shape it starts as; without it, the step type of the flow's type (STEP_KIND). */
  stepType: stepTypeSchema.optional(),
  // business_id is not read (unknown keys are dropped): the step belongs to its flow's business, the session's.
});

/**
 * PATCH /flow_step/v1/{id}: the editor's debounced saves of a title or content, and its "Add text" / "Add field"
 * blocks: hasContent on a form step, hasFields on a content or information step (a step's own block stays).
 */
export const flowStepUpdateInput = z.object({
  id: idSchema,
  stepTitle: stepTitleSchema.optional(),
  content: stepContentSchema.optional(),
  hasContent: booleanParam.optional(),
  hasFields: booleanParam.optional(),
});

/** The flow's steps in their new order: every step of the flow exactly once (step_order becomes 1…n). */
export const flowStepReorderInput = z.object({
  flowId: idSchema,
  stepIds: z.array(idSchema).min(1).max(FLOW_LIMITS.stepsMax),
});

export const flowStepIdInput = z.object({ id: idSchema });

// ── Fields ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** A select field's choices: trimmed, non-empty, each once. */
const choicesSchema = z
  .array(z.string().trim().min(1, M.flows.choiceBlank).max(FLOW_LIMITS.choiceMax))
  .max(FLOW_LIMITS.choicesMax)
  .refine((list) => new Set(list.map((c) => c.toLowerCase())).size === list.length, M.flows.choicesDuplicate);

/**
 * The spec sends `options` as the text of an empty object. Accepted as that text or as an object; `choices` (the
 * editor's list for select fields) is stored inside it as {"choices": [...]}.
 */
const optionsSchema = z.union([z.string().max(10_000), z.record(z.string(), z.unknown())]).transform((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(value);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // falls through to the issue below
  }
  ctx.addIssue({ code: 'custom', message: M.flows.optionsInvalid });
  return z.NEVER;
});

/** The spec: order is an integer, 0 when not numeric, minimum 0. */
const fieldOrderSchema = z.preprocess((value) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.trunc(n) : 0;
}, z.number().int().min(0, M.flows.orderNegative).max(FLOW_LIMITS.orderMax));

const fieldLabelSchema = z
  .string({ error: M.flows.fieldLabelRequired })
  .trim()
  .min(1, M.flows.fieldLabelRequired)
  .max(FLOW_LIMITS.labelMax);
const helpTextSchema = z
  .string()
  .trim()
  .max(FLOW_LIMITS.helpTextMax)
  .nullish()
  .transform((v) => (v ? v : null));

/** A form field's own values (its options have their own rules: optionsSchema). */
export const flowFieldFields = {
  fieldLabel: fieldLabelSchema,
  fieldType: flowFieldTypeSchema,
  helpText: helpTextSchema,
} as const;

/**
 * POST /flow_field/v1/ (spec §7.4): {flow_step, field_label, field_type, is_required, options, help_text, order}.
 * `flow_step` is the step's id; `flowStepId` is the same under the name the rest of the API uses.
 */
export const flowFieldCreateInput = z
  .object({
    flowStepId: idSchema.optional(),
    flowStep: idSchema.optional(),
    fieldLabel: fieldLabelSchema,
    fieldType: flowFieldTypeSchema,
    isRequired: booleanParam.default(false),
    options: optionsSchema.optional(),
    choices: choicesSchema.optional(),
    helpText: helpTextSchema,
    order: fieldOrderSchema.default(0),
  })
  .transform(({ flowStep, flowStepId, ...rest }, ctx) => {
    const step = flowStepId ?? flowStep;
    if (step === undefined) {
      ctx.addIssue({ code: 'custom', message: M.flows.fieldLabelRequired, path: ['flowStepId'] });
      return z.NEVER;
    }
    return { ...rest, flowStepId: step };
  });

/** PATCH /flow_field/v1/{id}: any of the properties, sent per edit (spec §7.4). */
export const flowFieldUpdateInput = z.object({
  id: idSchema,
  fieldLabel: fieldLabelSchema.optional(),
  fieldType: flowFieldTypeSchema.optional(),
  isRequired: booleanParam.optional(),
  options: optionsSchema.optional(),
  choices: choicesSchema.optional(),
  helpText: helpTextSchema.optional(),
  order: fieldOrderSchema.optional(),
});

/** GET /flow_field/v1/?flow_step_id= */
export const flowFieldListInput = z.object({ flowStepId: idSchema });
export const flowFieldIdInput = z.object({ id: idSchema });

/** The Add/Edit Form Field dialog's form. */
export const flowFieldFormSchema = z
  .object({
    fieldLabel: fieldLabelSchema,
    fieldType: flowFieldTypeSchema,
    order: fieldOrderSchema,
    isRequired: z.boolean(),
    helpText: z.string().trim().max(FLOW_LIMITS.helpTextMax),
    choices: z.array(z.object({ value: z.string().trim().max(FLOW_LIMITS.choiceMax) })).max(FLOW_LIMITS.choicesMax),
  })
  .superRefine((form, ctx) => {
    if (form.fieldType !== 'select') return;
    const choices = form.choices.map((c) => c.value).filter(Boolean);
    if (choices.length === 0) ctx.addIssue({ code: 'custom', message: M.flows.choicesRequired, path: ['choices'] });
    else if (new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) {
      ctx.addIssue({ code: 'custom', message: M.flows.choicesDuplicate, path: ['choices'] });
    }
  });
export type FlowFieldForm = z.input<typeof flowFieldFormSchema>;

// ── Outputs ─────────────────────────────────────────────────────────────────────────────────────────────────────

const companyRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const flowFieldOutput = z.object({
  id: z.number().int(),
  /** The step's id, under the spec's name… */
  flowStep: z.number().int(),
  /** …and the API's usual one. */
  flowStepId: z.number().int(),
  fieldLabel: z.string(),
  fieldType: storedEnum(FLOW_FIELD_TYPES),
  isRequired: z.boolean(),
  /** The stored options as JSON text, as the spec sends them ("{}"). */
  options: z.string(),
  /** A select field's choices, read from the options. */
  choices: z.array(z.string()),
  helpText: z.string().nullable(),
  order: z.number().int(),
});
export type FlowFieldRow = z.output<typeof flowFieldOutput>;
export const flowFieldListOutput = z.array(flowFieldOutput);

export const flowStepOutput = z.object({
  id: z.number().int(),
  businessId: z.number().int(),
  flowId: z.number().int(),
  stepOrder: z.number().int(),
  stepTitle: z.string(),
  content: z.string(),
  /** The shape the step started as (steps made before issue 29: their flow type's). */
  stepType: storedEnum(STEP_TYPES),
  /** Whether the step shows its text… */
  hasContent: z.boolean(),
  /** …and its form fields (both: text above the fields). */
  hasFields: z.boolean(),
  /** The step's fields in display order (the spec loads them separately; the editor gets them with the flow). */
  fieldsOfFlowStep: z.array(flowFieldOutput),
  updatedAt: z.date(),
});
export type FlowStepRow = z.output<typeof flowStepOutput>;

/** A flow as the list shows it. */
export const flowOutput = z.object({
  id: z.number().int(),
  flowUid: z.string(),
  name: z.string(),
  description: z.string(),
  workflowType: storedEnum(FLOW_TYPES),
  isActive: z.boolean(),
  businessId: z.number().int(),
  companyId: z.number().int().nullable(),
  companyOfFlow: companyRef,
  stepCount: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type FlowRow = z.output<typeof flowOutput>;
export const flowPageOutput = pageOutput(flowOutput).extend({ overall: z.number().int().nullable() });

/**
 * The company page's Flows tab: the company's own flows, and the flows for all companies that are live in its
 * portal (what its contacts see), newest first.
 */
export const companyFlowsInput = z.object({ ...pageInput, companyId: idSchema });
const companyFlowOutput = flowOutput.extend({
  /**
   * The flow's submissions by the company's contacts: started (in progress or completed) and completed; contacts:
   * the company's contacts with portal access (who the flow reaches).
   */
  progress: z.object({ started: z.number().int(), completed: z.number().int(), contacts: z.number().int() }),
});
export type CompanyFlowRow = z.output<typeof companyFlowOutput>;
export const companyFlowsOutput = pageOutput(companyFlowOutput);

/** One flow with its steps (ordered by step_order) and each step's fields: the editor's single read. */
export const flowDetailOutput = flowOutput.extend({ stepsOfFlow: z.array(flowStepOutput) });
export type FlowDetail = z.output<typeof flowDetailOutput>;

export const flowRemoveOutput = z.object({ id: z.number().int() });

/** How many contacts of a flow's audience the preview names by first name (the rest are counted). */
export const PUBLISH_PREVIEW_NAMES = 5;

/**
 * Who a flow reaches once published (the Publish dialog): the contacts with portal access of its company, or of
 * every client company for a flow for all companies; their count and the first few first names (A→Z).
 */
export const flowPublishPreviewOutput = z.object({
  id: z.number().int(),
  isActive: z.boolean(),
  stepCount: z.number().int(),
  /** null: a flow for every client company. */
  company: companyRef,
  contactCount: z.number().int(),
  firstNames: z.array(z.string()),
});
export const flowStepReorderOutput = z.array(z.object({ id: z.number().int(), stepOrder: z.number().int() }));
