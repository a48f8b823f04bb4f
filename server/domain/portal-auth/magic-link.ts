/**
 * Portal sign-in by an e-mailed link (issue 32). The link is single use, valid 15 minutes, and only its token's
 * SHA-256 is stored (PortalMagicLink.id). Asking for one answers the same whether or not the address can sign in
 * (the look-up and the mail happen after the reply), and is throttled per e-mail at the slug and per client address.
 * A contact with portal access signs in this way with or without a password. Opening the link's page reads it
 * (checkPortalMagicLink) and only its button spends it (consumePortalMagicLink, a POST), so a mail scanner that
 * follows links does not burn it.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { portalMagicLinkInput, portalMagicLinkRequestInput } from '../../../shared/schemas/portal-auth';
import { contactActor, recordActivity } from '../../activity';
import { createPortalSession } from '../../auth/sessions';
import { generateSessionToken, hashToken } from '../../auth/tokens';
import { log } from '../../log';
import type { NewSession, PublicScope } from '../auth';
import { refuseUnclaimed, tooMany, usableLink } from '../auth/rules';
import { portalThrottleKey } from './index';

/** A sign-in link works once, for 15 minutes. */
const MAGIC_LINK_LIFETIME_MS = 15 * 60 * 1000;

const portalMagicLinkPath = (slug: string, token: string) =>
  `/portal/${encodeURIComponent(slug)}/magic/${encodeURIComponent(token)}`;

const linkMessages = { invalid: M.magicLink.invalid, used: M.magicLink.used, expired: M.magicLink.expired };

/**
 * Writes a link for the contact with this address at this slug if they can use the portal today (portal access on, a
 * company that is not archived; a password or not), and mails it with the agency's name.
 */
async function sendMagicLink(scope: Pick<PublicScope, 'app'>, slug: string, email: string) {
  const db = scope.app.database.db;
  const contact = await db.contact.findFirst({
    where: {
      email,
      portalAccess: true,
      companyId: { not: null },
      company: { is: { archivedAt: null } },
      business: { is: { slug } },
    },
    select: { id: true, businessId: true, email: true, firstName: true, business: { select: { name: true } } },
  });
  if (!contact) return;
  const token = generateSessionToken();
  const now = Date.now();
  await db.portalMagicLink.create({
    data: {
      id: hashToken(token),
      businessId: contact.businessId,
      contactId: contact.id,
      createdAt: new Date(now),
      expiresAt: new Date(now + MAGIC_LINK_LIFETIME_MS),
    },
  });
  // The contact's expired links count for nothing: cleared on the way, so their rows stay few (the throttle bounds new ones).
  await db.portalMagicLink.deleteMany({
    where: { businessId: contact.businessId, contactId: contact.id, expiresAt: { lt: new Date(now) } },
  });
  const url = scope.app.env.publicUrl + portalMagicLinkPath(slug, token);
  await scope.app.mailer.send({
    to: contact.email,
    subject: M.magicLink.mailSubject(contact.business.name),
    text: M.magicLink.mailText(contact.firstName, contact.business.name, url),
  });
}

/** "Email me a sign-in link": the same reply, at about the same speed, for any address. */
export async function requestPortalMagicLink(scope: PublicScope, input: z.infer<typeof portalMagicLinkRequestInput>) {
  const wait = await scope.app.throttle.beginMagicLink(portalThrottleKey(input.slug, input.email), scope.ip);
  if (wait > 0) tooMany(scope, wait, M.magicLink.throttled);
  const emailConfigured = scope.app.mailer.configured;
  // Without mail nobody could receive the link (the page says to ask the agency): none is written.
  if (emailConfigured) {
    sendMagicLink(scope, input.slug, input.email).catch((error: unknown) =>
      log.error({ err: error }, 'portal sign-in link: the link could not be sent'),
    );
  }
  return { ok: true as const, emailConfigured };
}

/**
 * The link of this token within the business of the slug, refused unless usable; and refused when the contact has
 * lost portal access or their company is archived meanwhile.
 */
async function usableMagicLink(scope: Pick<PublicScope, 'app'>, input: z.infer<typeof portalMagicLinkInput>) {
  const link = await scope.app.database.db.portalMagicLink.findFirst({
    where: { id: hashToken(input.token), business: { is: { slug: input.slug } } },
    select: {
      id: true,
      businessId: true,
      contactId: true,
      expiresAt: true,
      usedAt: true,
      business: { select: { name: true } },
      contact: {
        select: {
          email: true,
          firstName: true,
          lastName: true,
          portalAccess: true,
          companyId: true,
          company: { select: { archivedAt: true } },
        },
      },
    },
  });
  const usable = usableLink(link, linkMessages);
  const { contact } = usable;
  if (!contact.portalAccess || contact.companyId === null)
    throw new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.noAccess });
  if (contact.company?.archivedAt) throw new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.companyArchived });
  return { ...usable, contact: { ...contact, companyId: contact.companyId } };
}

/** Whom a link signs in, so its page can say so before the button; reading never spends it. */
export async function checkPortalMagicLink(
  scope: Pick<PublicScope, 'app'>,
  input: z.infer<typeof portalMagicLinkInput>,
) {
  const link = await usableMagicLink(scope, input);
  return { email: link.contact.email, businessName: link.business.name };
}

/**
 * Signs in with a link: in one transaction it is claimed (once, even for two requests at the same moment), the
 * contact's other unused links are voided, and a portal session starts, as a password sign-in's.
 */
export async function consumePortalMagicLink(
  scope: Pick<PublicScope, 'app'>,
  input: z.infer<typeof portalMagicLinkInput>,
): Promise<NewSession> {
  const link = await usableMagicLink(scope, input);
  const { businessId, contactId, contact } = link;
  return scope.app.database.db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.portalMagicLink.updateMany({
      where: { id: link.id, businessId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      const current = await tx.portalMagicLink.findFirst({
        where: { id: link.id, businessId },
        select: { usedAt: true, expiresAt: true },
      });
      refuseUnclaimed(current, linkMessages, now);
    }
    await tx.portalMagicLink.deleteMany({ where: { businessId, contactId, usedAt: null } });
    const session = await createPortalSession(tx, businessId, contactId);
    await recordActivity(tx, businessId, contactActor({ id: contactId, ...contact }), {
      entityType: 'portal',
      companyId: contact.companyId,
      action: 'signed_in',
      clientVisible: true,
    });
    return session;
  });
}
