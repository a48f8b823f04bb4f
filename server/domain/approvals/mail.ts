/**
 * The approvers' e-mails: a new request (to whoever may decide now: the contact, every contact of the company with
 * portal access, or a sequence's current step), the next step of a sequence, and the reminder before the due date.
 * Each is an 'email' job enqueued in the write's transaction (so it exists exactly when the change does), once per
 * request, contact and reason (dedupeKey). Like every portal e-mail, only to contacts with portal access who keep
 * e-mails on (Contact.notifyByEmail), and never to an archived company's contacts.
 */
import { portalLink } from '../../portal/links';
import { M } from '../../../shared/messages';
import type { Db } from '../../db';
import { enqueueJob } from '../../jobs/queue';

type MailTx = Pick<Db, 'contact' | 'job'>;
export type MailReason = 'request' | 'next' | 'reminder';

const dayText = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

export async function mailApprovers(
  tx: MailTx,
  input: {
    businessId: number;
    business: { name: string; slug: string };
    publicUrl: string;
    request: { id: number; companyId: number; message: string | null; dueAt: Date | null };
    fileName: string;
    /** The contacts of the step that may decide now; null: any contact of the company (mode any). */
    contactIds: number[] | null;
    reason: MailReason;
  },
): Promise<number> {
  const { businessId, business, request } = input;
  const contacts = await tx.contact.findMany({
    where: {
      businessId,
      // The request's company's contacts, and contacts of other companies who also have access to it (ContactCompany).
      companyId: { not: null },
      OR: [
        { companyId: request.companyId, company: { is: { archivedAt: null } } },
        { otherCompanies: { some: { companyId: request.companyId, company: { is: { archivedAt: null } } } } },
      ],
      ...(input.contactIds ? { id: { in: input.contactIds } } : {}),
      portalAccess: true,
      notifyByEmail: true,
    },
    select: { id: true, email: true, firstName: true },
  });
  const url = portalLink(input.publicUrl, business.slug, `approvals/${request.id}`, request.companyId);
  const optOut = M.notifications.portalOptOut(`${input.publicUrl}/portal/${business.slug}/settings`);
  for (const contact of contacts) {
    const reminder = input.reason === 'reminder';
    await enqueueJob(tx, {
      businessId,
      kind: 'email',
      payload: {
        to: contact.email,
        subject: reminder
          ? M.approvals.reminderSubject(business.name, input.fileName)
          : M.approvals.requestSubject(business.name, input.fileName),
        text: `${
          reminder && request.dueAt
            ? M.approvals.reminderText(contact.firstName, business.name, input.fileName, dayText(request.dueAt), url)
            : M.approvals.requestText(
                contact.firstName,
                business.name,
                input.fileName,
                request.message,
                request.dueAt ? dayText(request.dueAt) : null,
                url,
              )
        }\n\n${optOut}`,
      },
      dedupeKey: `approval-mail:${request.id}:${contact.id}:${input.reason}`,
    });
  }
  return contacts.length;
}
