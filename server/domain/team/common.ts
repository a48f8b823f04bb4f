import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { TeamRefusal } from '../../../shared/permissions';
import type { TenantScope } from '../context';

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

/** A transaction of the tenant-scoped client. */
export type Tx = Parameters<Parameters<TenantScope['db']['$transaction']>[0]>[0];

/** The refusals of shared/permissions.ts, each with its own message. */
export function refuse(refusal: TeamRefusal, self: string): never {
  const message = refusal === 'self' ? self : refusal === 'owner' ? M.team.ownerOnly : M.permissions.forbidden;
  throw new TRPCError({ code: 'FORBIDDEN', message });
}
