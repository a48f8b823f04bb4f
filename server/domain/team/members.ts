/** The agency's staff users: the list, role changes and removals. */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { removeMemberRefusal, setRoleRefusal } from '../../../shared/permissions';
import type { teamMemberIdInput, teamSetRoleInput } from '../../../shared/schemas/team';
import { recordActivity, staffActor } from '../../activity';
import { sql, TENANT, toDate, toInt, type Row } from '../../sql';
import type { StaffScope, TenantScope } from '../context';
import { fullName, refuse, type Tx } from './common';
import { clearColleagueLinks } from '../client-team/rules';

const memberSelect = { id: true, firstName: true, lastName: true, email: true, role: true, createdAt: true } as const;

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.team.notFound });
};

/**
 * The agency's staff users by name (the task assignee choice, and the Team tab for everyone). Hand-written SQL:
 * every task screen asks for it, and Prisma's per-query cost was most of its time (npm run bench, "team").
 */
export async function listTeam(scope: Pick<TenantScope, 'sql'>) {
  const rows = await scope.sql.all<Row>(sql`
    SELECT "id", "firstName", "lastName", "email", "role", "createdAt" FROM "User"
    WHERE "businessId" = ${TENANT} ORDER BY "firstName", "lastName", "id"`);
  return rows.map((r) => ({
    id: toInt(r.id),
    firstName: String(r.firstName),
    lastName: String(r.lastName),
    email: String(r.email),
    role: String(r.role),
    createdAt: toDate(r.createdAt),
  }));
}

/**
 * Role changes and removals of one agency run one at a time, and decide on the roles as they are then: the
 * transaction first writes every owner row of the agency (a row lock on PostgreSQL; SQLite writes one at a time),
 * then re-reads who acts and who is acted on. Two owners demoting each other at the same moment cannot leave
 * the agency without one.
 */
async function lockedTeamChange<T>(
  scope: Pick<StaffScope, 'db' | 'user'>,
  targetId: number,
  change: (tx: Tx, actor: { id: number; role: string }, target: { id: number; role: string }) => Promise<T>,
) {
  return scope.db.$transaction(async (tx) => {
    await tx.user.updateMany({ where: { role: 'owner' }, data: { role: 'owner' } });
    const [actor, target] = await Promise.all([
      tx.user.findUnique({ where: { id: scope.user.id }, select: { id: true, role: true } }),
      tx.user.findUnique({ where: { id: targetId }, select: { id: true, role: true } }),
    ]);
    if (!target) return notFound();
    if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
    const result = await change(tx, actor, target);
    // Never reached with the rules above; a last guard that no change leaves the agency without an owner.
    if ((await tx.user.count({ where: { role: 'owner' } })) === 0)
      throw new TRPCError({ code: 'CONFLICT', message: M.team.lastOwner });
    return result;
  });
}

export function setRole(
  scope: Pick<StaffScope, 'db' | 'user' | 'businessId'>,
  input: z.infer<typeof teamSetRoleInput>,
) {
  return lockedTeamChange(scope, input.id, async (tx, actor, target) => {
    const refusal = setRoleRefusal(actor, target, input.role);
    if (refusal) refuse(refusal, M.team.changeOwnRole);
    await tx.user.updateMany({ where: { id: target.id }, data: { role: input.role } });
    const member = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: memberSelect });
    if (target.role !== input.role) {
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'team',
        entityId: target.id,
        entityName: fullName(member),
        action: 'updated',
        changes: [{ field: 'role', from: target.role, to: input.role }],
      });
    }
    return member;
  });
}

/**
 * Removes a member in one transaction: their assigned tasks become unassigned, the files and flows they added and
 * the invites they sent lose their name (those links are NO ACTION), then the user goes, with their sessions,
 * reset links and API tokens (cascade).
 */
export function removeMember(
  scope: Pick<StaffScope, 'db' | 'user' | 'businessId'>,
  input: z.infer<typeof teamMemberIdInput>,
) {
  return lockedTeamChange(scope, input.id, async (tx, actor, target) => {
    const refusal = removeMemberRefusal(actor, target);
    if (refusal) refuse(refusal, M.team.removeSelf);
    const userId = target.id;
    const member = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: memberSelect });
    await tx.task.updateMany({ where: { assigneeId: userId }, data: { assigneeId: null } });
    await tx.document.updateMany({ where: { uploadedById: userId }, data: { uploadedById: null } });
    // Versions and review comments keep the name they had (uploadedByName, authorName).
    await tx.documentVersion.updateMany({ where: { uploadedById: userId }, data: { uploadedById: null } });
    await tx.reviewComment.updateMany({ where: { authorUserId: userId }, data: { authorUserId: null } });
    await tx.flow.updateMany({ where: { createdById: userId }, data: { createdById: null } });
    await tx.staffInvite.updateMany({ where: { invitedById: userId }, data: { invitedById: null } });
    // Their messages stay, under the name they had (authorName); their conversations lose the creator and assignee.
    await tx.message.updateMany({ where: { authorUserId: userId }, data: { authorUserId: null } });
    await tx.messageThread.updateMany({ where: { createdById: userId }, data: { createdById: null } });
    // Approval requests keep the sender's name (requestedByName).
    await tx.approvalRequest.updateMany({ where: { requestedById: userId }, data: { requestedById: null } });
    await tx.messageThread.updateMany({ where: { assigneeId: userId }, data: { assigneeId: null } });
    // Colleague invitations they decided keep their status and date (issue 32).
    await clearColleagueLinks(tx, { userId });
    await tx.user.deleteMany({ where: { id: userId } });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'team',
      entityId: userId,
      entityName: fullName(member),
      action: 'deleted',
      changes: [{ field: 'role', from: member.role, to: null }],
    });
    return { ok: true as const };
  });
}
