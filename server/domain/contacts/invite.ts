/** Portal invites of a contact: the link made in a transaction (with its activity entry), then mailed. */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { contactIdInput } from '../../../shared/schemas/contacts';
import { recordActivity, staffActor } from '../../activity';
import { createPortalInvite, portalInvitePath } from '../../auth/portal-access';
import { log } from '../../log';
import type { RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';
import { withinInviteBudget } from '../team/budget';
import type { Tx } from '../team/common';
import { contactNotFound } from './read';

/** Who invites: the session's agency and user, and the reply (a spent budget's Retry-After). */
export type InviteScope = Pick<StaffScope, 'app' | 'db' | 'businessId' | 'user' | 'session'> &
  Pick<RequestScope, 'res'>;
export type Invitee = { id: number; email: string; firstName: string; lastName: string; companyId: number | null };

/** How long sendInvite waits for the SMTP server before answering the link with emailed: false. */
const INVITE_MAIL_TIMEOUT_MS = 10_000;

/** A new invite link for the contact (earlier unused ones stop working) and its activity entry, in the caller's transaction. */
export async function inviteInTx(tx: Tx, scope: Pick<StaffScope, 'businessId' | 'user'>, contact: Invitee) {
  const invite = await createPortalInvite(tx, scope.businessId, contact.id);
  // Who was invited, never the link's token.
  await recordActivity(tx, scope.businessId, staffActor(scope.user), {
    entityType: 'contact',
    entityId: contact.id,
    entityName: `${contact.firstName} ${contact.lastName}`.trim(),
    companyId: contact.companyId,
    action: 'invited',
  });
  return invite;
}

/** Mails a made invite link; the link is answered either way (emailed false: no SMTP, or it refused / did not answer). */
export async function mailInvite(
  scope: Pick<StaffScope, 'app'> & { session: { business: { name: string; slug: string } } },
  contact: Invitee,
  invite: { token: string; expiresAt: Date },
) {
  const { business } = scope.session;
  const url = scope.app.env.publicUrl + portalInvitePath(business.slug, invite.token);
  let emailed = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const sending = scope.app.mailer.send({
      to: contact.email,
      subject: M.mail.inviteSubject(business.name),
      text: M.mail.inviteText(contact.firstName, business.name, url),
    });
    // An unreachable SMTP host would hold the request for minutes (nodemailer's connection timeout).
    const tooSlow = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer from the SMTP server within ${INVITE_MAIL_TIMEOUT_MS} ms`)),
        INVITE_MAIL_TIMEOUT_MS,
      );
    });
    sending.catch(() => {}); // a late failure after the timeout is already reported below
    emailed = await Promise.race([sending, tooSlow]);
  } catch (error) {
    // SMTP down or refusing: the link still works, and staff are told to send it themselves.
    log.warn({ err: error, contactId: contact.id }, 'mail: the portal invite could not be sent');
  } finally {
    clearTimeout(timer);
  }
  return { url, expiresAt: invite.expiresAt, emailed, emailConfigured: scope.app.mailer.configured };
}

/**
 * A new one-time invite link (7 days; earlier unused links stop working), e-mailed to the contact when the
 * server can send mail. The link is answered either way, so staff can copy it. It spends the agency's and the
 * user's invitation budget (shared with staff invites): past either, 429 and no link is made.
 */
export async function sendContactInvite(scope: InviteScope, input: z.infer<typeof contactIdInput>) {
  const contact = await scope.db.contact.findUnique({
    where: { id: input.id },
    select: { id: true, email: true, firstName: true, lastName: true, companyId: true, portalAccess: true },
  });
  if (!contact) return contactNotFound();
  if (!contact.portalAccess || contact.companyId === null) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.contacts.portal.inviteSaveFirst });
  }
  const invite = await withinInviteBudget(scope, () => scope.db.$transaction((tx) => inviteInTx(tx, scope, contact)));
  return mailInvite(scope, contact, invite);
}
