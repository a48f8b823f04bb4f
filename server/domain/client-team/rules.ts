/** Client teams' shared rules: who is a client admin of a company, and what removing a person clears. */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { PortalScope } from '../context';
import type { Tx } from '../team/common';

/** The unscoped client, the tenant-scoped one or a transaction: only these reads are made. */
type Reader = {
  contact: {
    findFirst(args: {
      where: { id: number };
      select: { companyId: true; clientAdmin: true; portalAccess: true };
    }): Promise<{ companyId: number | null; clientAdmin: boolean; portalAccess: boolean } | null>;
  };
  contactCompany: {
    findFirst(args: {
      where: { contactId: number; companyId: number };
      select: { clientAdmin: true };
    }): Promise<{ clientAdmin: boolean } | null>;
  };
};

/**
 * The contact's admin right in a company: in their own company (Contact.companyId) Contact.clientAdmin, in another
 * company they sign in to (ContactCompany, several companies per login) that membership's clientAdmin; none elsewhere.
 */
export async function isClientAdminOf(db: Reader, contactId: number, companyId: number): Promise<boolean> {
  const contact = await db.contact.findFirst({
    where: { id: contactId },
    select: { companyId: true, clientAdmin: true, portalAccess: true },
  });
  if (!contact?.portalAccess) return false;
  if (contact.companyId === companyId) return contact.clientAdmin;
  const membership = await db.contactCompany.findFirst({
    where: { contactId, companyId },
    select: { clientAdmin: true },
  });
  return membership?.clientAdmin ?? false;
}

/** The portal session's contact is a client admin of the session's company, else 403 (read on every call). */
export async function requireClientAdmin(scope: Pick<PortalScope, 'db' | 'contactId' | 'companyId'>) {
  if (!(await isClientAdminOf(scope.db, scope.contactId, scope.companyId)))
    throw new TRPCError({ code: 'FORBIDDEN', message: M.clientTeam.notAdmin });
}

/**
 * ColleagueInvite's links to contacts and users are NO ACTION (tenant keys): whoever removes a contact or a user
 * clears them first, in the same transaction. The invite stays, with its names and status.
 */
export async function clearColleagueLinks(tx: Tx, going: { contactIds?: number[]; userId?: number }) {
  const { contactIds, userId } = going;
  if (contactIds?.length) {
    await tx.colleagueInvite.updateMany({ where: { invitedById: { in: contactIds } }, data: { invitedById: null } });
    await tx.colleagueInvite.updateMany({ where: { contactId: { in: contactIds } }, data: { contactId: null } });
  }
  if (userId !== undefined)
    await tx.colleagueInvite.updateMany({ where: { decidedById: userId }, data: { decidedById: null } });
}
