/**
 * Approval requests (issue 31): staff ask a client company's contacts to approve the current version of a shared
 * file — one contact, any contact with portal access, or several in order — and the portal's contacts decide.
 * Staff `approvals.*` and the portal's `portalApprovals.*` take and answer these; the portal's outputs carry no
 * staff-only field (the decision's address stays in the hub and on the certificate).
 */
import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';
import { storedEnum } from './output';
import { reportsOverviewInput } from './reports';

const A = M.approvals;

export const APPROVAL_MODES = ['one', 'any', 'sequence'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'changes_requested', 'reset', 'cancelled'] as const;
export const APPROVAL_STEP_STATUSES = ['waiting', 'pending', 'approved', 'changes_requested', 'reset'] as const;
const APPROVAL_DECISIONS = ['approve', 'request_changes'] as const;

export const APPROVAL_MESSAGE_MAX = 2_000;
export const APPROVAL_COMMENT_MAX = 5_000;
/** A sequence names 2 to 10 contacts. */
const APPROVAL_SEQUENCE_MIN = 2;
export const APPROVAL_SEQUENCE_MAX = 10;
/** Reminders go out this long before the due date (once per request). */
export const APPROVAL_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** A file's history shows at most this many requests (the newest). */
export const APPROVAL_HISTORY_MAX = 20;
/** The portal's "Needs your review" shows at most this many. */
export const APPROVAL_REVIEW_MAX = 50;

const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, message).optional(),
  );

/** The request dialog's fields (react-hook-form) and approvals.create's input, checked alike. */
const approvalFields = {
  mode: z.enum(APPROVAL_MODES),
  /** one: exactly one; sequence: 2–10 in order; any: none (every contact of the company with portal access). */
  contactIds: z.array(idSchema).max(APPROVAL_SEQUENCE_MAX).default([]),
  dueAt: z.coerce.date().nullish(),
  message: optionalText(APPROVAL_MESSAGE_MAX, A.messageTooLong(APPROVAL_MESSAGE_MAX)),
};

type ContactsCheck = { mode: ApprovalMode; contactIds: number[] };
/** The contacts a mode takes, as field issues. */
export function approvalContactsProblem(v: ContactsCheck): string | null {
  if (new Set(v.contactIds).size !== v.contactIds.length) return A.duplicateContacts;
  if (v.mode === 'one')
    return v.contactIds.length === 0 ? A.contactRequired : v.contactIds.length > 1 ? A.oneContactOnly : null;
  if (v.mode === 'sequence')
    return v.contactIds.length < APPROVAL_SEQUENCE_MIN || v.contactIds.length > APPROVAL_SEQUENCE_MAX
      ? A.sequenceContacts(APPROVAL_SEQUENCE_MIN, APPROVAL_SEQUENCE_MAX)
      : null;
  return v.contactIds.length ? A.anyTakesNoContacts : null;
}

export const approvalCreateInput = z.object({ documentId: idSchema, ...approvalFields }).superRefine((v, ctx) => {
  const problem = approvalContactsProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['contactIds'] });
});

export const approvalIdInput = z.object({ id: idSchema });
export const approvalDocumentInput = z.object({ documentId: idSchema });

const stepOutput = z.object({
  id: z.number().int(),
  position: z.number().int(),
  status: storedEnum(APPROVAL_STEP_STATUSES),
  /** The contact a step is for; null: any contact of the company (mode any). */
  contact: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.date().nullable(),
  comment: z.string().nullable(),
});

const requestBase = {
  id: z.number().int(),
  documentId: z.number().int(),
  documentName: z.string(),
  companyId: z.number().int(),
  mode: storedEnum(APPROVAL_MODES),
  status: storedEnum(APPROVAL_STATUSES),
  message: z.string().nullable(),
  dueAt: z.date().nullable(),
  /** Pending and past its due date. */
  overdue: z.boolean(),
  versionNumber: z.number().int(),
  versionSha256: z.string().nullable(),
  requestedByName: z.string(),
  createdAt: z.date(),
  decidedAt: z.date().nullable(),
};

/** A request as the hub reads it: every step with the decision's address. */
export const approvalOutput = z.object({
  ...requestBase,
  remindedAt: z.date().nullable(),
  steps: z.array(stepOutput.extend({ decidedIp: z.string().nullable(), versionSha256: z.string().nullable() })),
});
export type ApprovalRow = z.output<typeof approvalOutput>;

/** A file's approvals: the current version and its requests, newest first (at most APPROVAL_HISTORY_MAX). */
export const documentApprovalsOutput = z.object({
  documentId: z.number().int(),
  versionNumber: z.number().int(),
  sharedWithClient: z.boolean(),
  requests: z.array(approvalOutput),
});

/** The dashboard's card: pending requests, and those past their due date. */
export const approvalSummaryOutput = z.object({ pending: z.number().int(), overdue: z.number().int() });

/** The report: per client company, the median hours from request to final decision of the range's decided requests. */
export const approvalTurnaroundInput = reportsOverviewInput;
export const approvalTurnaroundOutput = z.object({
  range: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(
    z.object({
      companyId: z.number().int(),
      name: z.string(),
      decided: z.number().int(),
      medianHours: z.number(),
    }),
  ),
});

// ---- Portal ----

const slug = z.string().trim().toLowerCase().min(1).max(100).optional();

/** What a client reads of a request: no address, no reminder. mine: the step this contact may decide now. */
export const portalApprovalOutput = z.object({
  ...requestBase,
  fileUrl: z.string(),
  mimeType: z.string().nullable(),
  canDecide: z.boolean(),
  steps: z.array(stepOutput),
});
export type PortalApprovalRow = z.output<typeof portalApprovalOutput>;

export const portalReviewsInput = z.object({ slug }).optional();
export const portalReviewsOutput = z.object({ items: z.array(portalApprovalOutput) });
export const portalApprovalInput = z.object({ requestId: idSchema, slug });

/** A decision: approve, or request changes with a comment (required then), about the version the client saw. */
export const portalDecideInput = z
  .object({
    requestId: idSchema,
    decision: z.enum(APPROVAL_DECISIONS),
    comment: optionalText(APPROVAL_COMMENT_MAX, A.commentTooLong(APPROVAL_COMMENT_MAX)),
    /** The version number the client reviewed; a newer current version refuses the decision. */
    versionNumber: z.coerce.number().int().positive().optional(),
    slug,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'request_changes' && !v.comment)
      ctx.addIssue({ code: 'custom', message: A.commentRequired, path: ['comment'] });
  });
