/**
 * Several companies per client login (issue 32). A contact is one person per agency (one e-mail, one password); their
 * own company is Contact.companyId and ContactCompany rows add other companies of the same agency that the same
 * sign-in opens, at most LIMITS.companiesPerContact in all. The portal session carries the company it works in
 * (PortalSession.companyId), resolved and checked on every request by server/auth/sessions.ts, so removing a row or
 * archiving a company ends access to it at once.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/constants';
import { M } from '../../../shared/messages';
import type {
  contactCompaniesInput,
  contactCompanyInput,
  portalChooseCompanyInput,
} from '../../../shared/schemas/contact-companies';
import { portalCompaniesOf } from '../../auth/sessions';
import type { PortalScope, StaffScope, TenantScope } from '../context';
import { contactNotFound } from '../contacts/read';
import { lockRow } from '../../lib/lock-row';

const companyNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.portalCompanies.notFound });
};
const refuse = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

/** The companies a contact may sign in to, their own first, then the others by name (archived ones marked). */
export async function listContactCompanies(
  scope: Pick<TenantScope, 'db'>,
  input: z.infer<typeof contactCompaniesInput>,
) {
  const contact = await scope.db.contact.findUnique({
    where: { id: input.contactId },
    select: {
      company: { select: { id: true, name: true, archivedAt: true } },
      otherCompanies: {
        select: { company: { select: { id: true, name: true, archivedAt: true } } },
        orderBy: [{ company: { name: 'asc' } }, { companyId: 'asc' }],
      },
    },
  });
  if (!contact) return contactNotFound();
  const row = (c: { id: number; name: string; archivedAt: Date | null }, own: boolean) => ({
    companyId: c.id,
    name: c.name,
    own,
    archived: c.archivedAt !== null,
  });
  return {
    companies: [
      ...(contact.company ? [row(contact.company, true)] : []),
      ...contact.otherCompanies.map((o) => row(o.company, false)),
    ],
    max: LIMITS.companiesPerContact,
  };
}

/**
 * Gives a contact access to another live company of the agency. Another agency's (or an archived) company or contact:
 * 404. Their own company, one they already have, no own company yet or more than LIMITS.companiesPerContact in all:
 * 400, nothing written. The count and the insert share a transaction.
 */
export async function addContactCompany(
  scope: Pick<StaffScope, 'db' | 'businessId'>,
  input: z.infer<typeof contactCompanyInput>,
) {
  const { contactId, companyId } = input;
  await scope.db.$transaction(async (tx) => {
    // Two additions at once count the same companies: the contact's row is locked first (the bound holds).
    await lockRow(tx, 'Contact', scope.businessId, contactId);
    const contact = await tx.contact.findUnique({
      where: { id: contactId },
      select: { companyId: true, _count: { select: { otherCompanies: true } } },
    });
    if (!contact) return contactNotFound();
    const company = await tx.company.findFirst({ where: { id: companyId, archivedAt: null }, select: { id: true } });
    if (!company) return companyNotFound();
    if (contact.companyId === null) return refuse(M.portalCompanies.hub.noCompany);
    if (contact.companyId === companyId) return refuse(M.portalCompanies.hub.ownCompany);
    const existing = await tx.contactCompany.findFirst({
      where: { contactId, companyId },
      select: { companyId: true },
    });
    if (existing) return refuse(M.portalCompanies.hub.already);
    if (1 + contact._count.otherCompanies >= LIMITS.companiesPerContact)
      return refuse(M.portalCompanies.hub.tooMany(LIMITS.companiesPerContact));
    await tx.contactCompany.create({ data: { businessId: scope.businessId, contactId, companyId } });
  });
  return listContactCompanies(scope, { contactId });
}

/**
 * Ends a contact's access to one of their other companies (not their own: that is the contact's company field).
 * Their portal sessions in that company fall back at their next request (server/auth/sessions.ts). None such: 404.
 */
export async function removeContactCompany(
  scope: Pick<StaffScope, 'db' | 'businessId'>,
  input: z.infer<typeof contactCompanyInput>,
) {
  const { contactId, companyId } = input;
  const removed = await scope.db.contactCompany.deleteMany({ where: { contactId, companyId } });
  if (removed.count === 0) {
    const contact = await scope.db.contact.findUnique({ where: { id: contactId }, select: { id: true } });
    return contact ? companyNotFound() : contactNotFound();
  }
  return listContactCompanies(scope, { contactId });
}

/**
 * The contacts of other companies who also have access to this one (a company's contacts tab lists them, marked), by
 * name; at most LIMITS.pageSizeMax, with the total.
 */
export async function listCompanyGuestContacts(scope: Pick<TenantScope, 'db'>, input: { companyId: number }) {
  const company = await scope.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } });
  if (!company) return companyNotFound();
  const where = { companyId: input.companyId };
  const [rows, total] = await Promise.all([
    scope.db.contactCompany.findMany({
      where,
      select: {
        contact: {
          select: {
            id: true,
            firstName: true,
            lastName: true,
            email: true,
            company: { select: { id: true, name: true } },
          },
        },
      },
      orderBy: [{ contact: { firstName: 'asc' } }, { contactId: 'asc' }],
      take: LIMITS.pageSizeMax,
    }),
    scope.db.contactCompany.count({ where }),
  ]);
  return {
    contacts: rows.map(({ contact }) => ({
      id: contact.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      ownCompany: contact.company,
    })),
    total,
  };
}

/** The portal's chooser and switch menu: the session's contact's live companies, the session's one marked. */
export async function listPortalCompanies(scope: Pick<PortalScope, 'app' | 'businessId' | 'portalSession'>) {
  const { contact } = scope.portalSession;
  const companies = await portalCompaniesOf(scope.app.database.db, scope.businessId, contact.id);
  return { companies: companies.map((c) => ({ ...c, current: c.id === contact.companyId })) };
}

/**
 * Opens one of the contact's live companies in this session (the chooser, the switch menu, a mailed link's
 * ?company=). Any other id, archived or another agency's: 404, the session unchanged.
 */
export async function choosePortalCompany(
  scope: Pick<PortalScope, 'app' | 'businessId' | 'portalSession'>,
  input: z.infer<typeof portalChooseCompanyInput>,
) {
  const { contact, sessionId } = scope.portalSession;
  const companies = await portalCompaniesOf(scope.app.database.db, scope.businessId, contact.id);
  const company = companies.find((c) => c.id === input.companyId) ?? companyNotFound();
  await scope.app.database.db.portalSession.updateMany({
    where: { id: sessionId, businessId: scope.businessId },
    data: { companyId: company.id },
  });
  return { companyId: company.id, name: company.name };
}
