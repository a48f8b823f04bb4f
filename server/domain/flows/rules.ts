/** What every flow operation shares: its errors, the company check, a select field's options, the flow's lock. */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { notFoundOn } from '../../errors';
import type { ScopedDb } from '../../tenancy';
import type { TenantScope } from '../context';

export const fail = (code: 'NOT_FOUND' | 'BAD_REQUEST', message: string): never => {
  throw new TRPCError({ code, message });
};
export const flowNotFound = () => fail('NOT_FOUND', M.flows.notFound);
export const stepNotFound = () => fail('NOT_FOUND', M.flows.stepNotFound);
export const fieldNotFound = () => fail('NOT_FOUND', M.flows.fieldNotFound);

/** A flow's company must be the agency's (another agency's looks exactly like a missing one). */
export async function checkCompany(ctx: Pick<TenantScope, 'db'>, companyId: number | null | undefined) {
  if (companyId == null) return;
  const company = await ctx.db.company.findUnique({ where: { id: companyId }, select: { id: true } });
  if (!company) fail('NOT_FOUND', M.flows.companyNotFound);
}

/** The stored options text: the given options (object or text), with the editor's choices inside. */
export function optionsText(
  options: Record<string, unknown> | undefined,
  choices: string[] | undefined,
  current = '{}',
): string {
  let base: Record<string, unknown> = options ?? {};
  if (!options) {
    try {
      base = JSON.parse(current) as Record<string, unknown>;
    } catch {
      base = {};
    }
  }
  return JSON.stringify(choices !== undefined ? { ...base, choices } : base);
}

/**
 * The flow of a step change, NOT_FOUND when it is not the agency's. A real UPDATE (updatedAt set explicitly): its row
 * lock makes every other step change of the same flow wait until this transaction ends, so on PostgreSQL two steps
 * added at once never take the same step_order, and a delete or reorder never renumbers from a stale order.
 * (SQLite runs one write transaction at a time anyway.)
 */
export function lockFlow<S extends { id: true; workflowType?: true }>(tx: FlowTx, id: number, select: S) {
  return tx.flow.update({ where: { id }, data: { updatedAt: new Date() }, select }).catch(notFoundOn(M.flows.notFound));
}
type FlowTx = Pick<ScopedDb, 'flow'>;
