/**
 * A flow's steps: create (at an order, later steps move down), save title and content, reorder, delete with their
 * fields. Every change locks the flow first (./rules.ts lockFlow) and is logged as the flow's update.
 */
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  FLOW_LIMITS,
  STEP_KIND,
  type FlowType,
  type StepType,
  type flowStepCreateInput,
  type flowStepIdInput,
  type flowStepReorderInput,
  type flowStepUpdateInput,
} from '../../../shared/schemas/flows';
import { changesOf } from '../../activity';
import { notFoundOn } from '../../errors';
import type { StaffScope } from '../context';
import { logFlowEdit, logStepCountChange, readFlowState, stepList } from './log';
import { readStep, stepTypeOf } from './read';
import { fail, lockFlow, stepNotFound } from './rules';

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/**
 * POST /flow_step/v1/ (spec §7.4). Without step_order the step goes last (highest + 1, or 1); at a taken order the
 * later steps move down one. Without a title it is "Step {n}"; a new onboard step starts with the placeholder.
 */
export async function createFlowStep(scope: Writer, input: z.output<typeof flowStepCreateInput>) {
  const businessId = scope.businessId;
  const id = await scope.db.$transaction(async (tx) => {
    const flow = await lockFlow(tx, input.flowId, { id: true, workflowType: true });
    const [stepsBefore, stateBefore] = await Promise.all([stepList(tx, flow.id), readFlowState(tx, flow.id)]);
    const [count, last] = await Promise.all([
      tx.flowStep.count({ where: { flowId: flow.id } }),
      tx.flowStep.findFirst({
        where: { flowId: flow.id },
        orderBy: [{ stepOrder: 'desc' }],
        select: { stepOrder: true },
      }),
    ]);
    if (count >= FLOW_LIMITS.stepsMax) fail('BAD_REQUEST', M.flows.tooManySteps(FLOW_LIMITS.stepsMax));
    const next = (last?.stepOrder ?? 0) + 1;
    const stepOrder = input.stepOrder !== undefined && input.stepOrder < next ? input.stepOrder : next;
    if (stepOrder < next) {
      await tx.flowStep.updateMany({
        where: { flowId: flow.id, stepOrder: { gte: stepOrder } },
        data: { stepOrder: { increment: 1 } },
      });
    }
    // The type chosen decides how the step starts (issue 29); the flow type's is the default.
    const stepType = input.stepType ?? STEP_KIND[flow.workflowType as FlowType];
    const content = input.content ?? (stepType === 'content' ? M.flows.onboardPlaceholder(stepOrder) : '');
    const step = await tx.flowStep.create({
      data: {
        businessId,
        flowId: flow.id,
        stepOrder,
        stepTitle: input.stepTitle ?? M.flows.stepTitle(stepOrder),
        content,
        stepType,
      },
      select: { id: true },
    });
    await logFlowEdit(tx, scope, flow.id, [{ field: 'steps', from: stepsBefore, to: await stepList(tx, flow.id) }]);
    await logStepCountChange(tx, scope, flow.id, stateBefore);
    return step.id;
  });
  return (await readStep(scope.sql, id)) ?? stepNotFound();
}

/**
 * The blocks a step update asks for, as stored columns: text on a form step (addedContent), fields on a content or
 * information step (addedFields). A step's own block cannot go, nor a form that still has fields.
 */
function blockChange(
  stepType: StepType,
  input: { hasContent?: boolean; hasFields?: boolean },
  fieldCount: number,
): { addedContent?: boolean; addedFields?: boolean } {
  const data: { addedContent?: boolean; addedFields?: boolean } = {};
  if (input.hasContent !== undefined) {
    if (stepType === 'form') data.addedContent = input.hasContent;
    else if (!input.hasContent) fail('BAD_REQUEST', M.flows.stepKeepsContent);
  }
  if (input.hasFields !== undefined) {
    if (stepType !== 'form') {
      if (!input.hasFields && fieldCount > 0) fail('BAD_REQUEST', M.flows.removeFieldsFirst);
      data.addedFields = input.hasFields;
    } else if (!input.hasFields) fail('BAD_REQUEST', M.flows.stepKeepsFields);
  }
  return data;
}

/**
 * PATCH /flow_step/v1/{id}: the editor's debounced saves of a title or content, and "Add text" / "Remove text" on
 * a form step or "Remove form" on a content step (blockChange). Content saves never change which blocks show, so a
 * late save of the text cannot bring back a text its author just removed.
 */
export async function updateFlowStep(scope: Writer, input: z.output<typeof flowStepUpdateInput>) {
  const { id, hasContent, hasFields, ...texts } = input;
  await scope.db
    .$transaction(async (tx) => {
      const select = {
        flowId: true,
        stepTitle: true,
        content: true,
        addedContent: true,
        addedFields: true,
      } as const;
      const found =
        (await tx.flowStep.findUnique({
          where: { id },
          select: {
            ...select,
            stepType: true,
            flow: { select: { workflowType: true } },
            _count: { select: { fields: true } },
          },
        })) ?? stepNotFound();
      const { stepType: stored, flow, _count, ...before } = found;
      const blocks = blockChange(
        stepTypeOf(stored, flow.workflowType as FlowType),
        { hasContent, hasFields },
        _count.fields,
      );
      const after = await tx.flowStep.update({ where: { id }, data: { ...texts, ...blocks }, select });
      const changes = changesOf(before, after, ['stepTitle', 'content', 'addedContent', 'addedFields']).map((c) =>
        c.field === 'content' ? { ...c, field: 'stepContent' } : c,
      );
      await logFlowEdit(
        tx,
        scope,
        after.flowId,
        changes.length
          ? [
              { field: 'step', from: before.stepTitle, to: after.stepTitle },
              ...changes.filter((c) => c.field !== 'stepTitle'),
            ]
          : [],
      );
    })
    .catch(notFoundOn(M.flows.stepNotFound));
  return (await readStep(scope.sql, id)) ?? stepNotFound();
}

/** Every step of the flow, in its new order: step_order becomes 1…n in one transaction. */
export async function reorderFlowSteps(scope: Writer, input: z.output<typeof flowStepReorderInput>) {
  return scope.db.$transaction(async (tx) => {
    const flow = await lockFlow(tx, input.flowId, { id: true });
    const stepsBefore = await stepList(tx, flow.id);
    const steps = await tx.flowStep.findMany({ where: { flowId: flow.id }, select: { id: true } });
    const known = new Set(steps.map((s) => s.id));
    const given = new Set(input.stepIds);
    // A step of another flow (or agency) is one this flow does not have: NOT_FOUND, revealing nothing about it.
    if (input.stepIds.some((id) => !known.has(id))) stepNotFound();
    if (given.size !== input.stepIds.length || given.size !== known.size) fail('BAD_REQUEST', M.flows.reorderMismatch);
    const order = input.stepIds.map((id, i) => ({ id, stepOrder: i + 1 }));
    for (const { id, stepOrder } of order)
      await tx.flowStep.update({ where: { id }, data: { stepOrder }, select: { id: true } });
    const stepsAfter = await stepList(tx, flow.id);
    await logFlowEdit(
      tx,
      scope,
      flow.id,
      stepsAfter === stepsBefore ? [] : [{ field: 'steps', from: stepsBefore, to: stepsAfter }],
    );
    return order;
  });
}

/** DELETE /flow_step/v1/{id}: the step and its fields go; later steps move up one so the order stays 1…n. */
export async function removeFlowStep(scope: Writer, input: z.output<typeof flowStepIdInput>) {
  await scope.db.$transaction(async (tx) => {
    const found =
      (await tx.flowStep.findUnique({ where: { id: input.id }, select: { flowId: true } })) ?? stepNotFound();
    await lockFlow(tx, found.flowId, { id: true });
    const [stepsBefore, stateBefore] = await Promise.all([stepList(tx, found.flowId), readFlowState(tx, found.flowId)]);
    // Read after the lock: a concurrent change of the same flow may have moved this step.
    const step = await tx.flowStep
      .delete({ where: { id: input.id }, select: { flowId: true, stepOrder: true } })
      .catch(notFoundOn(M.flows.stepNotFound));
    await tx.flowStep.updateMany({
      where: { flowId: step.flowId, stepOrder: { gt: step.stepOrder } },
      data: { stepOrder: { decrement: 1 } },
    });
    await logFlowEdit(tx, scope, step.flowId, [
      { field: 'steps', from: stepsBefore, to: await stepList(tx, step.flowId) },
    ]);
    await logStepCountChange(tx, scope, step.flowId, stateBefore);
  });
  return { id: input.id };
}
