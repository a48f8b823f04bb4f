/**
 * Flows in the client portal (/portal/{slug}/workflows): a contact walks an active flow of their company (or of all
 * companies) step by step; collect steps are forms whose answers are saved per step and submitted at the end.
 * The value rules of one form field live here once (fieldValueSchema): the server checks every saved answer with
 * them, and the portal's react-hook-form builds its zod schema from the same function.
 */
import { z } from 'zod';
import { FLOW_FIELD_TYPES, FLOW_TYPES } from '../constants';
import { M } from '../messages';
import { idSchema } from './common';
import { STEP_TYPES } from './flows';
import { storedEnum } from './output';

const PORTAL_FLOW_LIMITS = {
  textMax: 500,
  textareaMax: 10_000,
  answersMax: 100,
} as const;

/** What a form field needs to check a value: the shape both the server's field rows and the portal's fields have. */
export type AnswerField = {
  id: number;
  fieldLabel: string;
  fieldType: (typeof FLOW_FIELD_TYPES)[number];
  isRequired: boolean;
  choices: string[];
};

/** One answer as the form holds it: text ('' when empty), a checkbox's boolean, a file field's document id as text. */
export type AnswerValue = string | boolean;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** yyyy-mm-dd naming a real calendar day. */
function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The rules of one field's value, as a zod schema whose output is the stored text ('' = no answer; a checkbox
 * stores 'true' or 'false'). Messages name the field.
 */
export function fieldValueSchema(field: AnswerField): z.ZodType<string, AnswerValue | null | undefined> {
  const P = M.portalFlows;
  const label = field.fieldLabel;
  if (field.fieldType === 'checkbox') {
    return z
      .union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true'), z.null(), z.undefined()], {
        error: P.checkboxInvalid(label),
      })
      .transform((v) => v === true)
      .refine((v) => !field.isRequired || v, P.checkboxRequired(label))
      .transform((v) => (v ? 'true' : 'false')) as z.ZodType<string, AnswerValue | null | undefined>;
  }
  const max = field.fieldType === 'textarea' ? PORTAL_FLOW_LIMITS.textareaMax : PORTAL_FLOW_LIMITS.textMax;
  return z
    .union([z.string({ error: P.textInvalid(label) }), z.null(), z.undefined()], { error: P.textInvalid(label) })
    .transform((v) => (v ?? '').trim())
    .superRefine((v, ctx) => {
      if (v === '') {
        if (field.isRequired) ctx.addIssue({ code: 'custom', message: P.required(label, field.fieldType) });
        return;
      }
      if (v.length > max) ctx.addIssue({ code: 'custom', message: P.tooLong(label, max) });
      else if (field.fieldType === 'select' && !field.choices.includes(v))
        ctx.addIssue({ code: 'custom', message: P.notAChoice(label) });
      else if (field.fieldType === 'date' && !isCalendarDate(v))
        ctx.addIssue({ code: 'custom', message: P.badDate(label) });
      else if (field.fieldType === 'file' && !/^[1-9]\d{0,9}$/.test(v))
        ctx.addIssue({ code: 'custom', message: P.fileInvalid(label) });
    }) as z.ZodType<string, AnswerValue | null | undefined>;
}

/** The form name of a field's control (react-hook-form keys cannot be bare numbers). */
export const answerKey = (fieldId: number) => `f${fieldId}`;

/** The portal's zod schema for one step's form, built from its fields. */
export function stepFormSchema(fields: AnswerField[]) {
  return z.object(Object.fromEntries(fields.map((f) => [answerKey(f.id), fieldValueSchema(f)])));
}

// ── Inputs ──────────────────────────────────────────────────────────────────────────────────────────────────────

export const portalFlowGetInput = z.object({ flowUid: z.string().trim().min(1).max(64) });

/** One step's answers: each of its fields at most once (a field left out keeps no answer). */
export const portalFlowSaveStepInput = z.object({
  flowId: idSchema,
  stepId: idSchema,
  answers: z
    .array(
      z.object({
        field: idSchema,
        value: z.union([z.string().max(PORTAL_FLOW_LIMITS.textareaMax * 2), z.boolean(), z.null()]),
      }),
    )
    .max(PORTAL_FLOW_LIMITS.answersMax)
    .default([]),
});

export const portalFlowSubmitInput = z.object({ flowId: idSchema });

/** The multipart fields of POST /api/portal/flows/upload (besides the file). */
export const portalFlowUploadFields = z.object({ flowId: idSchema, fieldId: idSchema });

// ── Outputs ─────────────────────────────────────────────────────────────────────────────────────────────────────

const SUBMISSION_STATUSES = ['in_progress', 'completed'] as const;
/** A stored submission's status. */
export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
/** A stored answer's text: the longest any field takes (a textarea's); fieldValueSchema holds each field to its own. */
export const storedAnswerSchema = z.string().max(PORTAL_FLOW_LIMITS.textareaMax);

/** A contact's state in a flow: not started (no submission), in progress on step n of m, or completed. */
const portalFlowStateOutput = z.object({
  status: z.enum(['not_started', 'in_progress', 'completed']),
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  startedAt: z.date().nullable(),
  completedAt: z.date().nullable(),
});
export type PortalFlowState = z.output<typeof portalFlowStateOutput>;

const portalFlowListItem = z.object({
  id: z.number().int(),
  flowUid: z.string(),
  name: z.string(),
  description: z.string(),
  workflowType: storedEnum(FLOW_TYPES),
  state: portalFlowStateOutput,
});
export type PortalFlowListItem = z.output<typeof portalFlowListItem>;
export const portalFlowListOutput = z.array(portalFlowListItem);

const portalFlowFieldOutput = z.object({
  id: z.number().int(),
  fieldLabel: z.string(),
  fieldType: storedEnum(FLOW_FIELD_TYPES),
  isRequired: z.boolean(),
  choices: z.array(z.string()),
  helpText: z.string().nullable(),
  order: z.number().int(),
});
export type PortalFlowField = z.output<typeof portalFlowFieldOutput>;

const portalFlowStepOutput = z.object({
  id: z.number().int(),
  stepOrder: z.number().int(),
  stepTitle: z.string(),
  /** content, information (plain text) or form (issue 29: any of them may show text above form fields). */
  stepType: storedEnum(STEP_TYPES),
  /** The step's text ('' when it shows none): markdown, or plain text for an information step. */
  content: z.string(),
  /** The step's form fields (none: read and continue). */
  fields: z.array(portalFlowFieldOutput),
});
export type PortalFlowStep = z.output<typeof portalFlowStepOutput>;

/** A file answer's document (the contact's own upload). */
const answerFileOutput = z.object({ id: z.number().int(), name: z.string(), size: z.number().int() });

const portalAnswerOutput = z.object({
  fieldId: z.number().int(),
  value: z.string(),
  file: answerFileOutput.nullable(),
});
export type PortalAnswer = z.output<typeof portalAnswerOutput>;

export const portalFlowDetailOutput = portalFlowListItem.extend({
  steps: z.array(portalFlowStepOutput),
  answers: z.array(portalAnswerOutput),
});
export type PortalFlowDetail = z.output<typeof portalFlowDetailOutput>;

// ── Staff: a flow's submissions ─────────────────────────────────────────────────────────────────────────────────

export const flowSubmissionsInput = z.object({ flowId: idSchema });

const flowSubmissionAnswerOutput = z.object({
  fieldId: z.number().int(),
  fieldLabel: z.string(),
  fieldType: storedEnum(FLOW_FIELD_TYPES),
  stepTitle: z.string(),
  value: z.string(),
  /** A file answer's document, with the staff download path; null when the file was deleted since. */
  file: answerFileOutput.extend({ url: z.string() }).nullable(),
});

const flowSubmissionOutput = z.object({
  id: z.number().int(),
  contact: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: storedEnum(SUBMISSION_STATUSES),
  currentStep: z.number().int(),
  stepCount: z.number().int(),
  startedAt: z.date(),
  updatedAt: z.date(),
  completedAt: z.date().nullable(),
  answers: z.array(flowSubmissionAnswerOutput),
});
export type FlowSubmissionRow = z.output<typeof flowSubmissionOutput>;
export const flowSubmissionsOutput = z.object({ items: z.array(flowSubmissionOutput), total: z.number().int() });
