/** A step's form fields: the list, create, update (only the given properties) and delete, logged as the flow's update. */
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  FLOW_LIMITS,
  type FlowType,
  type flowFieldCreateInput,
  type flowFieldIdInput,
  type flowFieldListInput,
  type flowFieldUpdateInput,
} from '../../../shared/schemas/flows';
import { changesOf } from '../../activity';
import { notFoundOn } from '../../errors';
import { sql, TENANT } from '../../sql';
import type { StaffScope, TenantScope } from '../context';
import { FIELD_LOGGED, fieldStateSelect, logFlowEdit } from './log';
import { readField, readFields, stepTypeOf } from './read';
import { fail, fieldNotFound, optionsText, stepNotFound } from './rules';

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/** GET /flow_field/v1/?flow_step_id= : the step's fields in display order. */
export async function listFlowFields(
  scope: Pick<TenantScope, 'db' | 'sql'>,
  input: z.output<typeof flowFieldListInput>,
) {
  const [step, fields] = await Promise.all([
    scope.sql.get(sql`SELECT 1 AS "ok" FROM "FlowStep" WHERE "businessId" = ${TENANT} AND "id" = ${input.flowStepId}`),
    readFields(scope.sql, input.flowStepId),
  ]);
  return step ? fields : stepNotFound();
}

/** POST /flow_field/v1/ (spec §7.4). */
export async function createFlowField(scope: Writer, input: z.output<typeof flowFieldCreateInput>) {
  const id = await scope.db.$transaction(async (tx) => {
    const step = await tx.flowStep.findUnique({
      where: { id: input.flowStepId },
      select: {
        id: true,
        flowId: true,
        stepTitle: true,
        stepType: true,
        addedFields: true,
        flow: { select: { workflowType: true } },
      },
    });
    if (!step) return stepNotFound();
    if ((await tx.flowField.count({ where: { flowStepId: step.id } })) >= FLOW_LIMITS.fieldsMax) {
      fail('BAD_REQUEST', M.flows.tooManyFields(FLOW_LIMITS.fieldsMax));
    }
    // A field added to a content or information step gives it a form below its text (issue 29).
    const addsForm = !step.addedFields && stepTypeOf(step.stepType, step.flow.workflowType as FlowType) !== 'form';
    if (addsForm)
      await tx.flowStep.update({ where: { id: step.id }, data: { addedFields: true }, select: { id: true } });
    const field = await tx.flowField.create({
      data: {
        businessId: scope.businessId,
        flowStepId: step.id,
        fieldLabel: input.fieldLabel,
        fieldType: input.fieldType,
        isRequired: input.isRequired,
        options: optionsText(input.options, input.choices),
        helpText: input.helpText,
        order: input.order,
      },
      select: { id: true },
    });
    await logFlowEdit(tx, scope, step.flowId, [
      { field: 'step', from: step.stepTitle, to: step.stepTitle },
      ...(addsForm ? [{ field: 'addedFields', from: false, to: true }] : []),
      { field: 'field', from: null, to: input.fieldLabel },
    ]);
    return field.id;
  });
  return (await readField(scope.sql, id)) ?? fieldNotFound();
}

/** PATCH /flow_field/v1/{id}: only the given properties change (spec §7.4 sends one per edit). */
export async function updateFlowField(scope: Writer, input: z.output<typeof flowFieldUpdateInput>) {
  const { id, options, choices, ...data } = input;
  const current =
    (await scope.db.flowField.findUnique({ where: { id }, select: { options: true } })) ?? fieldNotFound();
  const nextOptions =
    options !== undefined || choices !== undefined ? optionsText(options, choices, current.options) : undefined;
  await scope.db
    .$transaction(async (tx) => {
      const before = (await tx.flowField.findUnique({ where: { id }, select: fieldStateSelect })) ?? fieldNotFound();
      const after = await tx.flowField.update({
        where: { id },
        data: { ...data, ...(nextOptions !== undefined ? { options: nextOptions } : {}) },
        select: fieldStateSelect,
      });
      const changes = changesOf(before, after, FIELD_LOGGED);
      if (changes.length) {
        await logFlowEdit(tx, scope, after.step.flowId, [
          { field: 'step', from: after.step.stepTitle, to: after.step.stepTitle },
          { field: 'field', from: before.fieldLabel, to: after.fieldLabel },
          ...changes.filter((c) => c.field !== 'fieldLabel'),
        ]);
      }
    })
    .catch(notFoundOn(M.flows.fieldNotFound));
  return (await readField(scope.sql, id)) ?? fieldNotFound();
}

export async function removeFlowField(scope: Writer, input: z.output<typeof flowFieldIdInput>) {
  await scope.db
    .$transaction(async (tx) => {
      const before =
        (await tx.flowField.findUnique({ where: { id: input.id }, select: fieldStateSelect })) ?? fieldNotFound();
      await tx.flowField.delete({ where: { id: input.id }, select: { id: true } });
      await logFlowEdit(tx, scope, before.step.flowId, [
        { field: 'step', from: before.step.stepTitle, to: before.step.stepTitle },
        { field: 'field', from: before.fieldLabel, to: null },
      ]);
    })
    .catch(notFoundOn(M.flows.fieldNotFound));
  return { id: input.id };
}
