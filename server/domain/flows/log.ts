/**
 * A flow's activity entries: its creation and changes (step and field edits as the flow's updates), and its
 * publication — 'published' when clients start to see it (server/notifications asks them to complete it),
 * 'unpublished' when they stop. Each is written in the write's transaction.
 */
import type { ActivityChange } from '../../../shared/activity';
import { changesOf, recordActivity, staffActor, type ActivityWriter } from '../../activity';
import type { Prisma } from '../../generated/sqlite/client';
import { isClientVisible } from '../../portal/visibility';
import type { StaffScope } from '../context';

/**
 * What an activity entry compares of a flow: its fields and its company by name, and its step count (whether
 * clients see it: server/portal/visibility.ts).
 */
const flowStateSelect = {
  name: true,
  description: true,
  workflowType: true,
  isActive: true,
  companyId: true,
  company: { select: { name: true } },
  _count: { select: { steps: true } },
} as const;
type FlowStateRow = Prisma.FlowGetPayload<{ select: typeof flowStateSelect }>;
export type FlowState = Omit<FlowStateRow, '_count'> & { stepCount: number };
export type LogTx = ActivityWriter & {
  flow: {
    findUnique(args: { where: { id: number }; select: typeof flowStateSelect }): PromiseLike<FlowStateRow | null>;
  };
  flowStep: {
    findMany(args: {
      where: { flowId: number };
      orderBy: { stepOrder: 'asc' };
      select: { stepTitle: true };
    }): PromiseLike<{ stepTitle: string }[]>;
  };
};
type StaffCtx = Pick<StaffScope, 'businessId' | 'user'>;

export async function readFlowState(tx: LogTx, id: number): Promise<FlowState | null> {
  const row = await tx.flow.findUnique({ where: { id }, select: flowStateSelect });
  if (!row) return null;
  const { _count, ...state } = row;
  return { ...state, stepCount: _count.steps };
}

/**
 * Whether some client sees the flow: the portal's rule (published, with a step) for the flow's own company, or for
 * any company when it is for all of them.
 */
export const shownToClients = (flow: FlowState) => isClientVisible.flow(flow, flow.companyId ?? 0);

/**
 * Records that a write published or unpublished a flow, in its transaction: 'published' when clients start to see
 * it (the Publish button, an API switching it on once it has a step, or the first step of a flow already switched
 * on), client-visible when it reaches a company (server/notifications asks its contacts to complete it);
 * 'unpublished' when it is switched off or clients stop seeing it (staff only). true when an entry was written.
 */
export async function logPublication(
  tx: LogTx,
  ctx: StaffCtx,
  flowId: number,
  before: FlowState,
  after: FlowState,
): Promise<boolean> {
  const wasShown = shownToClients(before);
  const isShown = shownToClients(after);
  const action =
    !wasShown && isShown
      ? 'published'
      : (before.isActive && !after.isActive) || (wasShown && !isShown)
        ? 'unpublished'
        : null;
  if (!action) return false;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'flow',
    entityId: flowId,
    entityName: after.name,
    companyId: after.companyId,
    action,
    clientVisible: action === 'published' && after.companyId !== null,
  });
  return true;
}

/** The flow's step titles in order, as one change value ("Welcome, Details, Sign"). */
export const stepList = async (tx: LogTx, flowId: number) =>
  (await tx.flowStep.findMany({ where: { flowId }, orderBy: { stepOrder: 'asc' }, select: { stepTitle: true } }))
    .map((s) => s.stepTitle)
    .join(', ') || null;

function flowChanges(before: FlowState | null, after: FlowState, withActive = true): ActivityChange[] {
  const changes = changesOf(
    before,
    after,
    withActive ? ['name', 'description', 'workflowType', 'isActive'] : ['name', 'description', 'workflowType'],
  );
  if ((before?.companyId ?? null) !== after.companyId)
    changes.push({ field: 'company', from: before?.company?.name ?? null, to: after.company?.name ?? null });
  return changes;
}

/**
 * Logs a change of a flow (its own fields, or `extra` describing a step or field edit) in the write's transaction;
 * nothing when nothing changed. Shown in the portal of the flow's company only while its clients see the flow.
 * `withActive` false: the switch itself went into a 'published' / 'unpublished' entry (logPublication).
 */
export async function logFlow(
  tx: LogTx,
  ctx: StaffCtx,
  flowId: number,
  before: FlowState | null,
  extra: ActivityChange[] = [],
  withActive = true,
) {
  const after = await readFlowState(tx, flowId);
  if (!after) return;
  const changes = [...flowChanges(before, after, withActive), ...extra];
  if (before && changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'flow',
    entityId: flowId,
    entityName: after.name,
    companyId: after.companyId,
    action: before ? 'updated' : 'created',
    changes,
    clientVisible: shownToClients(after) && after.companyId !== null,
  });
}

/**
 * A flow's step or field edit: an 'updated' entry of the flow with the given changes (none: no entry). A change
 * whose from equals its to names what was edited ('step': its title, 'field': its label) rather than a change.
 */
export async function logFlowEdit(tx: LogTx, ctx: StaffCtx, flowId: number, changes: ActivityChange[]) {
  if (changes.length === 0) return;
  const flow = await readFlowState(tx, flowId);
  if (!flow) return;
  await logFlow(tx, ctx, flowId, flow, changes);
}

/** After a step was added or deleted: 'published' / 'unpublished' when that changed whether clients see the flow. */
export async function logStepCountChange(tx: LogTx, ctx: StaffCtx, flowId: number, before: FlowState | null) {
  const after = await readFlowState(tx, flowId);
  if (before && after) await logPublication(tx, ctx, flowId, before, after);
}

export const fieldStateSelect = {
  fieldLabel: true,
  fieldType: true,
  isRequired: true,
  options: true,
  helpText: true,
  order: true,
  step: { select: { flowId: true, stepTitle: true } },
} as const;
export const FIELD_LOGGED = ['fieldLabel', 'fieldType', 'isRequired', 'options', 'helpText', 'order'] as const;
