/** A colleague's invitation taking effect: the contact made with portal access, the one-step invite link, the entry. */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { recordActivity, type Actor } from '../../activity';
import { createPortalInvite } from '../../auth/portal-access';
import { isUniqueViolation } from '../../errors';
import type { Tx } from '../team/common';

export type InviteRow = { id: number; companyId: number; email: string; firstName: string; lastName: string };

export const colleagueName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The refusal for an e-mail address the agency already has as a contact: never which company it belongs to. */
export const emailKnown = (agencyName: string): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.emailKnown(agencyName) });
};

/** Two approvals (or a staff save) racing for the same e-mail: the (businessId, email) unique index decides. */
export function conflictOnEmail(agencyName: string) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)?.some((t) => /email/i.test(t))) emailKnown(agencyName);
    throw error;
  };
}

/**
 * In the caller's transaction: the contact in the invitation's company with portal access, the invitation approved
 * (decidedById: the staff member, or null when the agency lets client admins invite directly), a one-step invite link
 * and the activity entry. The caller mails the link once the transaction has committed.
 */
export async function admitColleague(
  tx: Tx,
  businessId: number,
  actor: Actor,
  invite: InviteRow,
  decidedById: number | null,
) {
  const contact = await tx.contact.create({
    data: {
      businessId,
      companyId: invite.companyId,
      firstName: invite.firstName,
      lastName: invite.lastName,
      email: invite.email,
      portalAccess: true,
    },
    select: { id: true },
  });
  const decided = await tx.colleagueInvite.updateMany({
    where: { id: invite.id, status: 'pending' },
    data: { status: 'approved', contactId: contact.id, decidedById, decidedAt: new Date() },
  });
  if (decided.count === 0) throw new TRPCError({ code: 'CONFLICT', message: M.clientTeam.alreadyDecided });
  const link = await createPortalInvite(tx, businessId, contact.id);
  await recordActivity(tx, businessId, actor, {
    entityType: 'contact',
    entityId: contact.id,
    entityName: colleagueName(invite),
    companyId: invite.companyId,
    action: 'colleague_approved',
  });
  return { contact: { ...invite, id: contact.id }, link };
}
