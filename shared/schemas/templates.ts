/**
 * Project and flow templates (issue 29). A project template is a task list with due dates as days after the
 * project's start, and the flow templates to create with it; a flow template is a flow's type, texts, steps and fields
 * as one JSON snapshot, checked by flowSnapshotSchema whenever it is written or read.
 */
import { z } from 'zod';
import { FLOW_FIELD_TYPES, FLOW_TYPES, TASK_PRIORITIES } from '../constants';
import { M } from '../messages';
import { FLOW_LIMITS } from './flows';
import { idSchema, optionalText } from './common';
import { storedEnum } from './output';
import { dateOnlySchema, projectFields } from './projects';

export const TEMPLATE_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  tasksMax: 200,
  taskTitleMax: 200,
  taskDescriptionMax: 5000,
  /** Ten years of days after the start. */
  offsetMax: 3650,
  flowsMax: 20,
  /** Templates an agency keeps, of each kind (the list has no pages). */
  perAgencyMax: 500,
  /** A flow template's stored steps as JSON text. */
  snapshotMaxChars: 2_000_000,
} as const;

const templateName = z
  .string({ error: M.templates.nameRequired })
  .trim()
  .min(1, M.templates.nameRequired)
  .max(TEMPLATE_LIMITS.nameMax);

const templateTaskSchema = z.object({
  title: z.string().trim().min(1).max(TEMPLATE_LIMITS.taskTitleMax),
  description: optionalText(TEMPLATE_LIMITS.taskDescriptionMax),
  priority: z.enum(TASK_PRIORITIES).default('medium'),
  /** Days after the project's start date; null: no due date. */
  dueOffsetDays: z
    .number()
    .int()
    .min(0, M.templates.offsetRange(TEMPLATE_LIMITS.offsetMax))
    .max(TEMPLATE_LIMITS.offsetMax, M.templates.offsetRange(TEMPLATE_LIMITS.offsetMax))
    .nullable()
    .default(null),
  internal: z.boolean().default(false),
});
export type TemplateTask = z.input<typeof templateTaskSchema>;

const templateTasks = z
  .array(templateTaskSchema)
  .max(TEMPLATE_LIMITS.tasksMax, M.templates.tooManyTasks(TEMPLATE_LIMITS.tasksMax));
const flowTemplateIds = z
  .array(idSchema)
  .max(TEMPLATE_LIMITS.flowsMax, M.templates.tooManyFlows(TEMPLATE_LIMITS.flowsMax));

export const projectTemplateCreateInput = z.object({
  name: templateName,
  description: optionalText(TEMPLATE_LIMITS.descriptionMax),
  tasks: templateTasks.default([]),
  flowTemplateIds: flowTemplateIds.default([]),
});

/** Only the given parts change; a task list replaces the template's tasks. */
export const projectTemplateUpdateInput = z.object({
  id: idSchema,
  name: templateName.optional(),
  description: optionalText(TEMPLATE_LIMITS.descriptionMax).optional(),
  tasks: templateTasks.optional(),
  flowTemplateIds: flowTemplateIds.optional(),
});

export const templateIdInput = z.object({ id: idSchema });
export const templateListInput = z.object({}).optional();

/** Save a project as a template: its tasks, each due date as days after the project's start (or creation) date. */
export const saveProjectAsTemplateInput = z.object({ projectId: idSchema, name: templateName });

/** A yyyy-mm-dd start date (required: due dates are counted from it). */
const startDate = z
  .string({ error: M.templates.startDateRequired })
  .trim()
  .min(1, M.templates.startDateRequired)
  .pipe(dateOnlySchema);

export const createProjectFromTemplateInput = z.object({
  id: idSchema,
  name: projectFields.name,
  companyId: idSchema.nullish().transform((v) => v ?? null),
  startDate,
});

/** The "From template" dialog's form ('' for no company). */
export const projectFromTemplateFormSchema = z.object({
  templateId: z.coerce.number({ error: M.templates.chooseTemplate }).int().positive(M.templates.chooseTemplate),
  name: projectFields.name,
  companyId: z.union([idSchema, z.literal('')]),
  startDate,
});
export type ProjectFromTemplateForm = z.input<typeof projectFromTemplateFormSchema>;

export const templateNameFormSchema = z.object({ name: templateName });

/** Days after the start as the editor's number input holds them: '' for no due date. */
const dueDaysText = z
  .string()
  .trim()
  .refine(
    (v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) <= TEMPLATE_LIMITS.offsetMax),
    M.templates.offsetRange(TEMPLATE_LIMITS.offsetMax),
  );

/** The template editor (/hub/templates): name, description and the task rows in order, as the inputs hold them. */
export const projectTemplateFormSchema = z.object({
  name: templateName,
  description: z.string().trim().max(TEMPLATE_LIMITS.descriptionMax),
  tasks: z
    .array(
      z.object({
        title: z.string().trim().min(1, M.templates.taskTitleRequired).max(TEMPLATE_LIMITS.taskTitleMax),
        description: z.string().trim().max(TEMPLATE_LIMITS.taskDescriptionMax),
        priority: z.enum(TASK_PRIORITIES),
        dueOffsetDays: dueDaysText,
        internal: z.boolean(),
      }),
    )
    .max(TEMPLATE_LIMITS.tasksMax, M.templates.tooManyTasks(TEMPLATE_LIMITS.tasksMax)),
});
export type ProjectTemplateForm = z.input<typeof projectTemplateFormSchema>;
export type TemplateNameForm = z.input<typeof templateNameFormSchema>;

// ── Flow templates ──────────────────────────────────────────────────────────────────────────────────────────────

const snapshotField = z.object({
  fieldLabel: z.string().trim().min(1).max(FLOW_LIMITS.labelMax),
  fieldType: z.enum(FLOW_FIELD_TYPES),
  isRequired: z.boolean().default(false),
  /** The field's options as stored (JSON text of an object; select choices inside). */
  options: z
    .string()
    .max(10_000)
    .default('{}')
    .refine((v) => {
      try {
        const parsed: unknown = JSON.parse(v);
        return !!parsed && typeof parsed === 'object' && !Array.isArray(parsed);
      } catch {
        return false;
      }
    }, M.flows.optionsInvalid),
  helpText: z.string().max(FLOW_LIMITS.helpTextMax).nullable().default(null),
  order: z.number().int().min(0).max(FLOW_LIMITS.orderMax).default(0),
});
const snapshotStep = z.object({
  stepTitle: z.string().trim().min(1).max(FLOW_LIMITS.stepTitleMax),
  content: z.string().max(FLOW_LIMITS.contentMax).default(''),
  fields: z.array(snapshotField).max(FLOW_LIMITS.fieldsMax).default([]),
});
/** A flow template's steps in order, each with its fields: what the FlowTemplate.steps column holds. */
export const flowSnapshotSchema = z.array(snapshotStep).max(FLOW_LIMITS.stepsMax);
export type FlowSnapshot = z.input<typeof flowSnapshotSchema>;

/** A snapshot as stored text (an export's steps column): within the size bound, and a snapshot when parsed. */
const snapshotTextSchema = z
  .string()
  .max(TEMPLATE_LIMITS.snapshotMaxChars)
  .refine((text) => {
    try {
      return flowSnapshotSchema.safeParse(JSON.parse(text)).success;
    } catch {
      return false;
    }
  }, M.templates.snapshotInvalid);

/**
 * The template columns of an export (server/data/format.ts checks each imported row with them): the create calls'
 * rules without their defaults.
 */
export const projectTemplateRowFields = {
  name: templateName,
  description: optionalText(TEMPLATE_LIMITS.descriptionMax),
};
export const projectTemplateTaskRowFields = {
  title: templateTaskSchema.shape.title,
  description: templateTaskSchema.shape.description,
  priority: z.enum(TASK_PRIORITIES),
  dueOffsetDays: templateTaskSchema.shape.dueOffsetDays.unwrap().unwrap(),
  position: z.number().int().min(0).max(TEMPLATE_LIMITS.tasksMax),
};
export const flowTemplateRowFields = {
  name: templateName,
  description: z.string().trim().max(FLOW_LIMITS.descriptionMax),
  workflowType: z.enum(FLOW_TYPES),
  steps: snapshotTextSchema,
};

export const flowTemplateCreateInput = z.object({
  name: templateName,
  description: z.string().trim().max(FLOW_LIMITS.descriptionMax).default(''),
  workflowType: z.enum(FLOW_TYPES),
  steps: flowSnapshotSchema.default([]),
});
export const flowTemplateUpdateInput = z.object({
  id: idSchema,
  name: templateName.optional(),
  description: z.string().trim().max(FLOW_LIMITS.descriptionMax).optional(),
  steps: flowSnapshotSchema.optional(),
});
export const saveFlowAsTemplateInput = z.object({ flowId: idSchema, name: templateName });
/** A new draft flow for one company, or (companyId null) for every client. */
export const createFlowFromTemplateInput = z.object({
  id: idSchema,
  name: z.string().trim().min(1, M.flows.requiredFields).max(FLOW_LIMITS.nameMax),
  companyId: idSchema.nullish().transform((v) => v ?? null),
});
export const flowFromTemplateFormSchema = z.object({
  templateId: z.coerce.number({ error: M.templates.chooseTemplate }).int().positive(M.templates.chooseTemplate),
  name: z.string().trim().min(1, M.flows.requiredFields).max(FLOW_LIMITS.nameMax),
  companyId: z.union([idSchema, z.literal('')]),
});
export type FlowFromTemplateForm = z.input<typeof flowFromTemplateFormSchema>;

// ── Outputs ─────────────────────────────────────────────────────────────────────────────────────────────────────

const templateRef = z.object({ id: z.number().int(), name: z.string() });

const projectTemplateOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  taskCount: z.number().int(),
  flowTemplates: z.array(templateRef),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export const projectTemplateListOutput = z.array(projectTemplateOutput);
export const projectTemplateDetailOutput = projectTemplateOutput.extend({
  tasks: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      description: z.string().nullable(),
      priority: storedEnum(TASK_PRIORITIES),
      dueOffsetDays: z.number().int().nullable(),
      internal: z.boolean(),
      position: z.number().int(),
    }),
  ),
});

const flowTemplateOutput = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  workflowType: storedEnum(FLOW_TYPES),
  stepCount: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export const flowTemplateListOutput = z.array(flowTemplateOutput);
export const flowTemplateDetailOutput = flowTemplateOutput.extend({
  steps: z.array(
    z.object({
      stepTitle: z.string(),
      content: z.string(),
      fields: z.array(
        z.object({
          fieldLabel: z.string(),
          fieldType: z.string(),
          isRequired: z.boolean(),
          options: z.string(),
          helpText: z.string().nullable(),
          order: z.number().int(),
        }),
      ),
    }),
  ),
});

export const templateRemoveOutput = z.object({ id: z.number().int() });
/** What "From template" made: the project (opened by its uid) and the draft flows. */
export const projectFromTemplateOutput = z.object({
  id: z.number().int(),
  projectUid: z.string(),
  name: z.string(),
  taskCount: z.number().int(),
  flowIds: z.array(z.number().int()),
});
export const flowFromTemplateOutput = z.object({ id: z.number().int(), flowUid: z.string(), name: z.string() });
/** "Add the starter templates": how many templates (of both kinds) were created; 0 when the agency had them all. */
export const startersAddedOutput = z.object({ added: z.number().int() });
