/**
 * The portal's sign-in, invite links, password reset and password change. Public flows take the app and the request
 * (`PublicScope`) and work within the business of the link's or form's slug; they answer the new session's token and
 * expiry, and the transport sets the cookie.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type {
  portalAcceptInviteInput,
  portalChangePasswordInput,
  portalInviteInput,
  portalLoginInput,
  portalResetCheckInput,
  portalResetInput,
  portalResetRequestInput,
} from '../../../shared/schemas/portal-auth';
import { contactActor, recordActivity } from '../../activity';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/password';
import { createPortalReset, PORTAL_RESET_PREFIX, portalResetHash, portalResetPath } from '../../auth/portal-access';
import { createPortalSession, invalidatePortalSession, portalCompaniesOf } from '../../auth/sessions';
import { hashToken } from '../../auth/tokens';
import { fieldError } from '../../errors';
import { log } from '../../log';
import type { PublicScope, NewSession } from '../auth';
import {
  refuseUnclaimed,
  requireStrongPassword,
  tooMany,
  usableLink,
  type LinkMessages,
  type RequestScope,
} from '../auth/rules';
import type { PortalScope } from '../context';

/**
 * The throttle key of a portal sign-in: the slug and the e-mail, behind a prefix and separated by newlines, which
 * no validated e-mail contains, so it never counts against a staff sign-in of the same address (or another portal's).
 */
export const portalThrottleKey = (slug: string, email: string) => `portal\n${slug}\n${email}`;

const invalidCredentials = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.portalAuth.invalidCredentials });

const inviteMessages = {
  invalid: M.portalAuth.inviteInvalid,
  used: M.portalAuth.inviteUsed,
  expired: M.portalAuth.inviteExpired,
};
const resetMessages = {
  invalid: M.passwordReset.invalid,
  used: M.passwordReset.used,
  expired: M.passwordReset.expired,
};
const noAccess = () => new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.noAccess });
/** The contact's company is archived: its portal is closed (told only to someone who proved the password or link). */
const companyArchived = () => new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.companyArchived });

/**
 * The contact's own company is archived and they have no other live one (ContactCompany): their portal is closed.
 * A contact of several companies signs in while one of them is live.
 */
async function requireLiveCompany(db: Parameters<typeof portalCompaniesOf>[0], businessId: number, contactId: number) {
  if ((await portalCompaniesOf(db, businessId, contactId)).length === 0) throw companyArchived();
}

/**
 * The contact of a portal link (an invite, or a reset link: told apart by how the token is hashed), only within the
 * business of the link's slug (no session: the unscoped client, so the slug's business is in the where clause).
 * Refused as shared/schemas/portal-auth.ts lists, and when the contact no longer has portal access or a company.
 */
async function usablePortalLink(
  scope: Pick<PublicScope, 'app'>,
  tokenHash: string,
  slug: string,
  messages: LinkMessages,
) {
  const link = await scope.app.database.db.portalInvite.findFirst({
    where: { tokenHash, business: { is: { slug } } },
    select: {
      id: true,
      businessId: true,
      contactId: true,
      expiresAt: true,
      usedAt: true,
      business: { select: { name: true, slug: true } },
      contact: {
        select: {
          email: true,
          firstName: true,
          lastName: true,
          portalAccess: true,
          companyId: true,
        },
      },
    },
  });
  const usable = usableLink(link, messages);
  if (!usable.contact.portalAccess || usable.contact.companyId === null) throw noAccess();
  await requireLiveCompany(scope.app.database.db, usable.businessId, usable.contactId);
  return usable;
}

type PortalLink = Awaited<ReturnType<typeof usablePortalLink>>;

const usableInvite = (scope: Pick<PublicScope, 'app'>, input: { slug: string; token: string }) =>
  usablePortalLink(scope, hashToken(input.token), input.slug, inviteMessages);
const usableReset = (scope: Pick<PublicScope, 'app'>, input: { slug: string; token: string }) =>
  usablePortalLink(scope, portalResetHash(input.token), input.slug, resetMessages);

/** The portal's strength rule for the contact of a link: their e-mail, names and agency count as easy to guess. */
async function newPasswordHash({ contact, business }: PortalLink, password: string) {
  await requireStrongPassword(password, [
    contact.email,
    contact.firstName,
    contact.lastName,
    business.name,
    business.slug,
  ]);
  return hashPassword(password);
}

/** That a contact's portal password changed (staff audit only, never a value). */
function logPasswordChange(
  tx: Parameters<typeof recordActivity>[0],
  businessId: number,
  contact: { id: number; firstName: string; lastName: string; companyId: number | null },
) {
  return recordActivity(tx, businessId, contactActor(contact), {
    entityType: 'contact',
    entityId: contact.id,
    entityName: `${contact.firstName} ${contact.lastName}`.trim(),
    companyId: contact.companyId,
    action: 'updated',
    changes: [{ field: 'portalPassword', from: null, to: null }],
  });
}

/**
 * Wrong slug, unknown e-mail, wrong password, no password yet or no access: one answer, after one password check.
 * An agency that signs its clients in with e-mailed links only (Business.clientMagicLinkOnly) refuses every password
 * first, whoever asks (the policy is no secret: the sign-in page shows it).
 */
export async function portalLogin(scope: PublicScope, input: z.infer<typeof portalLoginInput>): Promise<NewSession> {
  const db = scope.app.database.db;
  const policy = await db.business.findUnique({ where: { slug: input.slug }, select: { clientMagicLinkOnly: true } });
  if (policy?.clientMagicLinkOnly) throw new TRPCError({ code: 'FORBIDDEN', message: M.magicLink.passwordOff });
  const attempt = await scope.app.throttle.beginLogin(portalThrottleKey(input.slug, input.email), scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.portalAuth.throttled);
  const contact = await db.contact.findFirst({
    where: { email: input.email, business: { is: { slug: input.slug } } },
    select: {
      id: true,
      businessId: true,
      companyId: true,
      portalAccess: true,
      portalPasswordHash: true,
      firstName: true,
      lastName: true,
    },
  });
  const passwordHash = contact?.portalPasswordHash;
  const valid = passwordHash
    ? await verifyPassword(passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!contact || !valid || !contact.portalAccess || contact.companyId === null) throw invalidCredentials();
  await requireLiveCompany(db, contact.businessId, contact.id);
  await scope.app.throttle.loginSucceeded(attempt);
  const { companyId } = contact;
  return db.$transaction((tx) => startPortalSession(tx, contact.businessId, { ...contact, companyId }));
}

/**
 * Every sign-in of a contact ends here (password, single sign-on…): the portal session and its "signed in" entry,
 * in the caller's transaction.
 */
export async function startPortalSession(
  tx: Parameters<typeof createPortalSession>[0] & Parameters<typeof recordActivity>[0],
  businessId: number,
  contact: { id: number; firstName: string; lastName: string; companyId: number },
): Promise<NewSession> {
  const session = await createPortalSession(tx, businessId, contact.id);
  await recordActivity(tx, businessId, contactActor(contact), {
    entityType: 'portal',
    companyId: contact.companyId,
    action: 'signed_in',
    clientVisible: true,
  });
  return session;
}

/** The signed-in contact, their agency, and for a staff preview who previews which company. */
export async function portalMe(scope: Pick<PortalScope, 'db' | 'portalSession'>) {
  const { id, email, firstName, lastName, companyId } = scope.portalSession.contact;
  const { name, slug } = scope.portalSession.business;
  const { preview: previewer, needsCompany, companyCount } = scope.portalSession;
  const companyName = needsCompany
    ? null
    : (await scope.db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } })).name;
  const preview = previewer && companyName !== null ? { staffName: previewer.staffName, companyName } : null;
  return {
    id,
    email,
    firstName,
    lastName,
    companyId: needsCompany ? null : companyId,
    companyName,
    companyCount,
    business: { name, slug },
    preview,
  };
}

/** Ends the portal session of this request. */
export async function portalLogout(scope: Pick<PortalScope, 'app' | 'portalSession'>) {
  await invalidatePortalSession(scope.app.database.db, scope.portalSession.sessionId);
  return { ok: true as const };
}

/** Who an invite link is for, so its page can greet them; the same refusals as acceptInvite. */
export async function portalInviteInfo(scope: Pick<PublicScope, 'app'>, input: z.infer<typeof portalInviteInput>) {
  const invite = await usableInvite(scope, input);
  return { firstName: invite.contact.firstName, email: invite.contact.email, businessName: invite.business.name };
}

/**
 * The contact chooses a password: in one transaction the invite is claimed (once, even for two accepts at the same
 * moment), the password set, the contact's other portal sessions ended and a new one started.
 */
export async function acceptPortalInvite(
  scope: Pick<PublicScope, 'app'>,
  input: z.infer<typeof portalAcceptInviteInput>,
): Promise<NewSession> {
  const invite = await usableInvite(scope, input);
  const { contact, businessId, contactId } = invite;
  const passwordHash = await newPasswordHash(invite, input.password);
  return scope.app.database.db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.portalInvite.updateMany({
      where: { id: invite.id, businessId, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      // Used by a concurrent accept, expired or voided meanwhile: say which.
      const link = await tx.portalInvite.findFirst({
        where: { id: invite.id, businessId },
        select: { usedAt: true, expiresAt: true },
      });
      refuseUnclaimed(link, inviteMessages, now);
    }
    const updated = await tx.contact.updateMany({
      where: { businessId, id: contactId, portalAccess: true, companyId: { not: null } },
      data: { portalPasswordHash: passwordHash },
    });
    if (updated.count !== 1) throw noAccess();
    await tx.portalSession.deleteMany({ where: { businessId, contactId } });
    await recordActivity(tx, businessId, contactActor({ id: contactId, ...contact }), {
      entityType: 'contact',
      entityId: contactId,
      entityName: `${contact.firstName} ${contact.lastName}`.trim(),
      companyId: contact.companyId,
      action: 'invite_accepted',
      clientVisible: true,
    });
    return createPortalSession(tx, businessId, contactId);
  });
}

/**
 * Writes a reset link for the contact with this address at this slug, if they can sign in today (portal access, a
 * live company and a password: a contact without a password is invited by the agency instead), and mails it.
 */
async function sendPortalReset(scope: Pick<PublicScope, 'app'>, slug: string, email: string) {
  const db = scope.app.database.db;
  const contact = await db.contact.findFirst({
    where: {
      email,
      portalAccess: true,
      companyId: { not: null },
      OR: [
        { company: { is: { archivedAt: null } } },
        { otherCompanies: { some: { company: { is: { archivedAt: null } } } } },
      ],
      portalPasswordHash: { not: null },
      business: { is: { slug } },
    },
    select: {
      id: true,
      businessId: true,
      email: true,
      firstName: true,
      business: { select: { name: true, slug: true } },
    },
  });
  if (!contact) return;
  const { token } = await createPortalReset(db, contact.businessId, contact.id);
  const url = scope.app.env.publicUrl + portalResetPath(contact.business.slug, token);
  await scope.app.mailer.send({
    to: contact.email,
    subject: M.portalAuth.forgot.mailSubject(contact.business.name),
    text: M.portalAuth.forgot.mailText(contact.firstName, contact.business.name, url),
  });
}

/**
 * "Forgot password?": the same reply, at about the same speed, whether or not the address can sign in at this slug
 * (the look-up, the link and the mail happen after the reply). Throttled per e-mail at this slug and per client
 * address, with the staff reset's budgets (429 alike for both kinds of address).
 */
export async function requestPortalReset(scope: PublicScope, input: z.infer<typeof portalResetRequestInput>) {
  const wait = await scope.app.throttle.beginPasswordReset(portalThrottleKey(input.slug, input.email), scope.ip);
  if (wait > 0) tooMany(scope, wait, M.passwordReset.throttled);
  const emailConfigured = scope.app.mailer.configured;
  if (emailConfigured) {
    sendPortalReset(scope, input.slug, input.email).catch((error: unknown) =>
      log.error({ err: error }, 'portal password reset: the link could not be sent'),
    );
  }
  return { ok: true as const, emailConfigured };
}

/** Who a reset link is for, so its page can say so; the same refusals as resetPassword. */
export async function checkPortalReset(scope: Pick<PublicScope, 'app'>, input: z.infer<typeof portalResetCheckInput>) {
  const reset = await usableReset(scope, input);
  return { email: reset.contact.email, businessName: reset.business.name };
}

/**
 * A new portal password from a reset link. One transaction: the link is claimed (once, even for two submits at the
 * same moment), the password set, every portal session and every other unused link of the contact ended, and a
 * new session started.
 */
export async function resetPortalPassword(
  scope: Pick<PublicScope, 'app'>,
  input: z.infer<typeof portalResetInput>,
): Promise<NewSession> {
  const reset = await usableReset(scope, input);
  const { contact, businessId, contactId } = reset;
  const passwordHash = await newPasswordHash(reset, input.password);
  return scope.app.database.db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.portalInvite.updateMany({
      where: {
        id: reset.id,
        businessId,
        tokenHash: { startsWith: PORTAL_RESET_PREFIX },
        usedAt: null,
        expiresAt: { gt: now },
      },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      const link = await tx.portalInvite.findFirst({
        where: { id: reset.id, businessId },
        select: { usedAt: true, expiresAt: true },
      });
      refuseUnclaimed(link, resetMessages, now);
    }
    const updated = await tx.contact.updateMany({
      where: { businessId, id: contactId, portalAccess: true, companyId: { not: null } },
      data: { portalPasswordHash: passwordHash },
    });
    if (updated.count !== 1) throw noAccess();
    await tx.portalSession.deleteMany({ where: { businessId, contactId } });
    await tx.portalInvite.deleteMany({ where: { businessId, contactId, usedAt: null } });
    await logPasswordChange(tx, businessId, { id: contactId, ...contact });
    return createPortalSession(tx, businessId, contactId);
  });
}

/**
 * "Change password" in portal settings: the current password first (wrong guesses count like sign-in attempts),
 * then the portal's strength rule; the contact's other portal sessions and unused reset links end, this one stays.
 */
export async function changePortalPassword(
  scope: Pick<PortalScope, 'app' | 'db' | 'businessId' | 'portalSession'> & RequestScope,
  input: z.infer<typeof portalChangePasswordInput>,
) {
  const { contact, business, sessionId } = scope.portalSession;
  const attempt = await scope.app.throttle.beginLogin(portalThrottleKey(business.slug, contact.email), scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.portalAuth.throttled);
  const stored = await scope.db.contact.findUnique({ where: { id: contact.id }, select: { portalPasswordHash: true } });
  const valid = stored?.portalPasswordHash
    ? await verifyPassword(stored.portalPasswordHash, input.currentPassword)
    : await burnPasswordCheck(input.currentPassword).then(() => false);
  if (!valid) fieldError('currentPassword', M.portalAuth.currentWrong);
  await scope.app.throttle.loginSucceeded(attempt);
  await requireStrongPassword(
    input.newPassword,
    [contact.email, contact.firstName, contact.lastName, business.name, business.slug],
    'newPassword',
  );
  const passwordHash = await hashPassword(input.newPassword);
  const businessId = scope.businessId;
  const ended = await scope.db.$transaction(async (tx) => {
    await tx.contact.update({
      where: { id: contact.id },
      data: { portalPasswordHash: passwordHash },
      select: { id: true },
    });
    await tx.portalInvite.deleteMany({
      where: { businessId, contactId: contact.id, usedAt: null, tokenHash: { startsWith: PORTAL_RESET_PREFIX } },
    });
    await logPasswordChange(tx, businessId, contact);
    return tx.portalSession.deleteMany({ where: { businessId, contactId: contact.id, id: { not: sessionId } } });
  });
  return { ok: true as const, endedSessions: ended.count };
}
