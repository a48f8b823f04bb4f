/**
 * Flows in the client portal (/portal/{slug}/workflows): the signed-in contact's published flows (their company's
 * and the all-companies ones), one flow with their saved answers, saving a step (answers checked against the step's
 * fields, progress advanced, one transaction) and submitting. Business, company and contact always come from the
 * portal session (portalProcedure); which flows the contact sees is the portal's rule (clientVisible.flow in
 * server/portal/visibility.ts): any other — a draft, one without steps, another company's, another agency's — is
 * NOT_FOUND, exactly like a missing one, and takes no answers. File answers are written by the upload route
 * (server/files/portal-flow-upload.ts), which stores the file as a Document of the contact's company.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import {
  fieldValueSchema,
  type portalFlowGetInput,
  type portalFlowSaveStepInput,
  type portalFlowSubmitInput,
  type PortalAnswer,
  type PortalFlowDetail,
  type PortalFlowState,
  type PortalFlowStep,
} from '../../../shared/schemas/portal-flows';
import { fieldError } from '../../errors';
import { sql, TENANT, toDate, toInt, type Row } from '../../sql';
import type { ScopedDb } from '../../tenancy';
import type { PortalScope } from '../context';
import { filesOf, readFlow } from '../flows';
import { contactActor, recordActivity } from '../../activity';
import { clientVisible, isClientVisible } from '../../portal/visibility';

/** What a portal flow's read and write work with: a portal procedure's scope, or the portal upload route's. */
export type PortalFlowScope = Pick<PortalScope, 'db' | 'sql' | 'businessId' | 'companyId' | 'contactId'>;

const flowNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.portalFlows.notFound });
};
const badRequest = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

type Submission = { id: number; status: string; currentStep: number; createdAt: Date; completedAt: Date | null };

function stateOf(submission: Submission | null, stepCount: number): PortalFlowState {
  if (!submission) return { status: 'not_started', currentStep: 0, stepCount, startedAt: null, completedAt: null };
  return {
    status: submission.status === 'completed' ? 'completed' : 'in_progress',
    currentStep: Math.min(Math.max(submission.currentStep, 1), Math.max(stepCount, 1)),
    stepCount,
    startedAt: submission.createdAt,
    completedAt: submission.completedAt,
  };
}

const submissionFromRow = (r: Row): Submission => ({
  id: toInt(r.id),
  status: String(r.status),
  currentStep: toInt(r.currentStep),
  createdAt: toDate(r.createdAt),
  completedAt: r.completedAt == null ? null : toDate(r.completedAt),
});

/**
 * The flow as the contact sees it (steps with their text and fields, each as the step shows them), their submission and
 * answers (file answers with their document); NOT_FOUND when the portal's rule does not show it to them. Every
 * portal read and write of one flow (get, saveStep, submit, the upload route) starts here.
 */
export async function readPortalFlow(
  scope: PortalFlowScope,
  key: { id?: number; flowUid?: string },
): Promise<PortalFlowDetail & { submissionId: number | null }> {
  const flow = await readFlow(scope.sql, key);
  if (!flow || !isClientVisible.flow(flow, scope.companyId)) return flowNotFound();
  const [subRow, answerRows] = await Promise.all([
    scope.sql.get(sql`SELECT "id", "status", "currentStep", "createdAt", "completedAt" FROM "FlowSubmission"
      WHERE "businessId" = ${TENANT} AND "flowId" = ${flow.id} AND "contactId" = ${scope.contactId}`),
    scope.sql.all(sql`
      SELECT a."flowFieldId", a."value" FROM "FlowSubmission" s
      JOIN "FlowAnswer" a ON a."businessId" = s."businessId" AND a."submissionId" = s."id"
      WHERE s."businessId" = ${TENANT} AND s."flowId" = ${flow.id} AND s."contactId" = ${scope.contactId}`),
  ]);
  const files = await filesOf(
    scope.sql,
    flow.stepsOfFlow.flatMap((s) => s.fieldsOfFlowStep),
    answerRows,
    scope.companyId,
  );
  const submission = subRow ? submissionFromRow(subRow) : null;
  // What a step shows (issue 29): its text (markdown, or plain for an information step) above its form fields;
  // a block the step does not show is not sent, and a field not shown takes no answer.
  const steps: PortalFlowStep[] = flow.stepsOfFlow.map((s) => ({
    id: s.id,
    stepOrder: s.stepOrder,
    stepTitle: s.stepTitle,
    stepType: s.stepType,
    content: s.hasContent ? s.content : '',
    fields: s.hasFields
      ? s.fieldsOfFlowStep.map((f) => ({
          id: f.id,
          fieldLabel: f.fieldLabel,
          fieldType: f.fieldType,
          isRequired: f.isRequired,
          choices: f.choices,
          helpText: f.helpText,
          order: f.order,
        }))
      : [],
  }));
  const answers: PortalAnswer[] = answerRows.map((r) => ({
    fieldId: toInt(r.flowFieldId),
    value: String(r.value),
    file: files.get(toInt(r.flowFieldId)) ?? null,
  }));
  return {
    id: flow.id,
    flowUid: flow.flowUid,
    name: flow.name,
    description: flow.description,
    workflowType: flow.workflowType,
    state: stateOf(submission, steps.length),
    steps,
    answers,
    submissionId: submission?.id ?? null,
  };
}

/** The contact's submission of a flow, created (in progress, on step 1) when there is none yet. */
export async function submissionFor(tx: Pick<ScopedDb, 'flowSubmission'>, scope: PortalFlowScope, flowId: number) {
  return tx.flowSubmission.upsert({
    where: { flowId_contactId: { flowId, contactId: scope.contactId } },
    create: {
      businessId: scope.businessId,
      flowId,
      contactId: scope.contactId,
      companyId: scope.companyId,
      status: 'in_progress',
      currentStep: 1,
    },
    update: {},
    select: { id: true, status: true, currentStep: true },
  });
}

/**
 * The contact's flows (the portal's rule: clientVisible.flow), newest first, each with their state. Two indexed statements: the flows (with step
 * counts) over (businessId, companyId), and the contact's submissions over (businessId, contactId).
 */
export async function listPortalFlows(scope: Pick<PortalScope, 'sql' | 'companyId' | 'contactId'>) {
  const [flows, submissions] = await Promise.all([
    scope.sql.all(sql`
    SELECT t."id", t."flowUid", t."name", t."description", t."workflowType",
      (SELECT COUNT(*) FROM "FlowStep" fs WHERE fs."businessId" = t."businessId" AND fs."flowId" = t."id") AS "stepCount"
    FROM "Flow" t WHERE ${clientVisible.flow(sql`t`, scope.companyId)}
    ORDER BY t."createdAt" DESC, t."id" DESC LIMIT 200`),
    scope.sql.all(sql`SELECT "id", "flowId", "status", "currentStep", "createdAt", "completedAt" FROM "FlowSubmission"
    WHERE "businessId" = ${TENANT} AND "contactId" = ${scope.contactId}`),
  ]);
  const byFlow = new Map(submissions.map((r) => [toInt(r.flowId), submissionFromRow(r)]));
  return flows.map((r) => ({
    id: toInt(r.id),
    flowUid: String(r.flowUid),
    name: String(r.name),
    description: String(r.description),
    workflowType: String(r.workflowType) as PortalFlowDetail['workflowType'],
    state: stateOf(byFlow.get(toInt(r.id)) ?? null, toInt(r.stepCount)),
  }));
}

export async function getPortalFlow(scope: PortalFlowScope, input: z.output<typeof portalFlowGetInput>) {
  const { submissionId: _omit, ...flow } = await readPortalFlow(scope, { flowUid: input.flowUid });
  return flow;
}

/**
 * Saves one step: every answer must be for a field of that step and pass its rules (shared/schemas/portal-flows.ts);
 * a field left out keeps its stored answer, and the required check is on what will be stored. A file answer can
 * only be kept or cleared here — the upload route is what sets it. Answers, the submission (created on the first
 * save) and its current step (the furthest reached) are written in one transaction.
 */
export async function savePortalFlowStep(scope: PortalFlowScope, input: z.output<typeof portalFlowSaveStepInput>) {
  const flow = await readPortalFlow(scope, { id: input.flowId });
  const position = flow.steps.findIndex((s) => s.id === input.stepId);
  if (position < 0) flowNotFound();
  if (flow.state.status === 'completed') badRequest(M.portalFlows.alreadySubmitted);
  const step = flow.steps[position];
  const stored = new Map(flow.answers.map((a) => [a.fieldId, a.value]));
  const given = new Map<number, string | boolean | null>();
  for (const answer of input.answers) {
    if (!step.fields.some((f) => f.id === answer.field)) badRequest(M.portalFlows.fieldNotInStep);
    given.set(answer.field, answer.value);
  }
  const writes: { fieldId: number; value: string }[] = [];
  for (const field of step.fields) {
    const value = given.has(field.id)
      ? given.get(field.id)
      : field.fieldType === 'checkbox'
        ? stored.get(field.id) === 'true'
        : (stored.get(field.id) ?? '');
    const parsed = fieldValueSchema(field).safeParse(value);
    if (!parsed.success) fieldError(`answers.${field.id}`, parsed.error.issues[0].message);
    const text = parsed.data!;
    if (field.fieldType === 'file' && text !== '' && text !== stored.get(field.id))
      fieldError(`answers.${field.id}`, M.portalFlows.fileInvalid(field.fieldLabel));
    if (given.has(field.id)) writes.push({ fieldId: field.id, value: text });
  }
  const next = Math.min(position + 2, flow.steps.length);
  await scope.db.$transaction(async (tx) => {
    const submission = await submissionFor(tx, scope, flow.id);
    if (submission.status === 'completed') badRequest(M.portalFlows.alreadySubmitted);
    if (writes.length) {
      await tx.flowAnswer.deleteMany({
        where: { submissionId: submission.id, flowFieldId: { in: writes.map((w) => w.fieldId) } },
      });
      const kept = writes.filter((w) => w.value !== '');
      if (kept.length) {
        await tx.flowAnswer.createMany({
          data: kept.map((w) => ({
            businessId: scope.businessId,
            submissionId: submission.id,
            flowFieldId: w.fieldId,
            value: w.value,
          })),
        });
      }
    }
    if (next > submission.currentStep) {
      await tx.flowSubmission.update({
        where: { id: submission.id },
        data: { currentStep: next },
        select: { id: true },
      });
    } else {
      await tx.flowSubmission.update({
        where: { id: submission.id },
        data: { updatedAt: new Date() },
        select: { id: true },
      });
    }
  });
  const { submissionId: _omit, ...saved } = await readPortalFlow(scope, { id: flow.id });
  return saved;
}

/** Completes the flow: every required field of every step answered (else 400 naming the first missing one). */
export async function submitPortalFlow(
  scope: PortalFlowScope & Pick<PortalScope, 'portalSession'>,
  input: z.output<typeof portalFlowSubmitInput>,
) {
  const flow = await readPortalFlow(scope, { id: input.flowId });
  if (flow.state.status === 'completed') badRequest(M.portalFlows.alreadySubmitted);
  const answered = new Map(flow.answers.map((a) => [a.fieldId, a]));
  for (const step of flow.steps) {
    for (const field of step.fields) {
      if (!field.isRequired) continue;
      const answer = answered.get(field.id);
      const ok =
        answer &&
        answer.value !== '' &&
        (field.fieldType !== 'checkbox' || answer.value === 'true') &&
        (field.fieldType !== 'file' || answer.file);
      if (!ok) fieldError(`answers.${field.id}`, M.portalFlows.missingField(field.fieldLabel, field.fieldType));
    }
  }
  await scope.db.$transaction(async (tx) => {
    const submission = await submissionFor(tx, scope, flow.id);
    if (submission.status === 'completed') badRequest(M.portalFlows.alreadySubmitted);
    await tx.flowSubmission.update({
      where: { id: submission.id },
      data: { status: 'completed', completedAt: new Date(), currentStep: Math.max(flow.steps.length, 1) },
      select: { id: true },
    });
    await recordActivity(tx, scope.businessId, contactActor(scope.portalSession.contact), {
      entityType: 'flow',
      entityId: flow.id,
      entityName: flow.name,
      companyId: scope.companyId,
      action: 'flow_submitted',
      clientVisible: true,
    });
  });
  const { submissionId: _omit, ...done } = await readPortalFlow(scope, { id: flow.id });
  return done;
}
