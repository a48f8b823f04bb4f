import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { authTokenOutput, logoutOutput } from '../../shared/schemas/auth';
import {
  portalAcceptInviteInput,
  portalInviteInfoOutput,
  portalInviteInput,
  portalLoginInput,
  portalChangePasswordInput,
  portalChangePasswordOutput,
  portalMeOutput,
  portalResetCheckInput,
  portalResetCheckOutput,
  portalResetInput,
  portalResetRequestInput,
  portalResetRequestOutput,
} from '../../shared/schemas/portal-auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { createPortalSession, invalidatePortalSession } from '../auth/sessions';
import { createPortalReset, PORTAL_RESET_PREFIX, portalResetHash, portalResetPath } from '../auth/portal-access';
import { hashToken } from '../auth/tokens';
import { fieldError } from '../errors';
import { log } from '../log';
import { portalProcedure, publicProcedure, router, type Context } from '../trpc';
import { requireStrongPassword, tooMany, usableLink } from './auth';
import { contactActor, recordActivity } from '../activity';

/**
 * The throttle key of a portal sign-in: the slug and the e-mail, behind a prefix and separated by newlines, which
 * no validated e-mail contains, so it never counts against a staff sign-in of the same address (or another portal's).
 */
const portalThrottleKey = (slug: string, email: string) => `portal\n${slug}\n${email}`;

const invalidCredentials = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.portalAuth.invalidCredentials });

const inviteMessages = {
  invalid: M.portalAuth.inviteInvalid,
  used: M.portalAuth.inviteUsed,
  expired: M.portalAuth.inviteExpired,
};
const noAccess = () => new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.noAccess });

/**
 * The contact of a portal link (an invite, or a reset link: told apart by how the token is hashed), only within the
 * business of the link's slug (public procedures: the unscoped client, so the slug's business is in the where clause).
 * Refused as shared/schemas/portal-auth.ts lists, and when the contact no longer has portal access or a company.
 */
async function usablePortalLink(
  ctx: Context,
  tokenHash: string,
  slug: string,
  messages: { invalid: string; used: string; expired: string },
) {
  const link = await ctx.unscopedDb.portalInvite.findFirst({
    where: { tokenHash, business: { is: { slug } } },
    select: {
      id: true,
      businessId: true,
      contactId: true,
      expiresAt: true,
      usedAt: true,
      business: { select: { name: true, slug: true } },
      contact: { select: { email: true, firstName: true, lastName: true, portalAccess: true, companyId: true } },
    },
  });
  const usable = usableLink(link, messages);
  if (!usable.contact.portalAccess || usable.contact.companyId === null) throw noAccess();
  return usable;
}

const resetMessages = {
  invalid: M.passwordReset.invalid,
  used: M.passwordReset.used,
  expired: M.passwordReset.expired,
};
const usableInvite = (ctx: Context, input: { slug: string; token: string }) =>
  usablePortalLink(ctx, hashToken(input.token), input.slug, inviteMessages);
const usableReset = (ctx: Context, input: { slug: string; token: string }) =>
  usablePortalLink(ctx, portalResetHash(input.token), input.slug, resetMessages);

/**
 * Writes a reset link for the contact with this address at this slug, if they can sign in today (portal access, a
 * company and a password: a contact without a password is invited by the agency instead), and mails it.
 */
async function sendPortalReset(ctx: Context, slug: string, email: string) {
  const contact = await ctx.unscopedDb.contact.findFirst({
    where: {
      email,
      portalAccess: true,
      companyId: { not: null },
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
  const { token } = await createPortalReset(ctx.unscopedDb, contact.businessId, contact.id);
  const url = ctx.app.env.publicUrl + portalResetPath(contact.business.slug, token);
  await ctx.app.mailer.send({
    to: contact.email,
    subject: M.portalAuth.forgot.mailSubject(contact.business.name),
    text: M.portalAuth.forgot.mailText(contact.firstName, contact.business.name, url),
  });
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

export const portalAuthRouter = router({
  /** Wrong slug, unknown e-mail, wrong password, no password yet or no access: one answer, after one password check. */
  login: publicProcedure
    .input(portalLoginInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const attempt = await ctx.app.throttle.beginLogin(portalThrottleKey(input.slug, input.email), ctx.ip);
      if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.portalAuth.throttled);
      const contact = await ctx.unscopedDb.contact.findFirst({
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
        : (await burnPasswordCheck(input.password), false);
      if (!contact || !valid || !contact.portalAccess || contact.companyId === null) throw invalidCredentials();
      await ctx.app.throttle.loginSucceeded(attempt);
      const { companyId } = contact;
      const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
        const session = await createPortalSession(tx, contact.businessId, contact.id);
        await recordActivity(tx, contact.businessId, contactActor(contact), {
          entityType: 'portal',
          companyId,
          action: 'signed_in',
          clientVisible: true,
        });
        return session;
      });
      ctx.sessions.setSessionCookie('portal', token, expiresAt);
      return { authToken: token };
    }),

  me: portalProcedure.output(portalMeOutput).query(async ({ ctx }) => {
    const { id, email, firstName, lastName, companyId } = ctx.portalSession.contact;
    const { name, slug } = ctx.portalSession.business;
    const { preview: previewer } = ctx.portalSession;
    const preview = previewer
      ? {
          staffName: previewer.staffName,
          companyName: (await ctx.db.company.findUniqueOrThrow({ where: { id: companyId }, select: { name: true } }))
            .name,
        }
      : null;
    return { id, email, firstName, lastName, companyId, business: { name, slug }, preview };
  }),

  logout: portalProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    await invalidatePortalSession(ctx.unscopedDb, ctx.portalSession.sessionId);
    ctx.sessions.clearSessionCookie('portal');
    return { ok: true as const };
  }),

  /** Who an invite link is for, so its page can greet them; the same refusals as acceptInvite. */
  inviteInfo: publicProcedure
    .input(portalInviteInput)
    .output(portalInviteInfoOutput)
    .query(async ({ ctx, input }) => {
      const invite = await usableInvite(ctx, input);
      return { firstName: invite.contact.firstName, email: invite.contact.email, businessName: invite.business.name };
    }),

  /**
   * The contact chooses a password: in one transaction the invite is claimed (once, even for two accepts at the same
   * moment), the password set, the contact's other portal sessions ended and a new one started.
   */
  acceptInvite: publicProcedure
    .input(portalAcceptInviteInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const invite = await usableInvite(ctx, input);
      const { contact, business, businessId, contactId } = invite;
      await requireStrongPassword(input.password, [
        contact.email,
        contact.firstName,
        contact.lastName,
        business.name,
        business.slug,
      ]);
      const passwordHash = await hashPassword(input.password);
      const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
        const now = new Date();
        const claimed = await tx.portalInvite.updateMany({
          where: { id: invite.id, businessId, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) {
          // Used by a concurrent accept, expired or voided meanwhile: say which.
          usableLink(
            await tx.portalInvite.findFirst({
              where: { id: invite.id, businessId },
              select: { usedAt: true, expiresAt: true },
            }),
            inviteMessages,
            now,
          );
          throw new TRPCError({ code: 'CONFLICT', message: M.portalAuth.inviteUsed });
        }
        const updated = await tx.contact.updateMany({
          where: { businessId, id: contactId, portalAccess: true, companyId: { not: null } },
          data: { portalPasswordHash: passwordHash },
        });
        if (updated.count !== 1) throw noAccess();
        await tx.portalSession.deleteMany({ where: { businessId, contactId } });
        const name = `${contact.firstName} ${contact.lastName}`.trim();
        await recordActivity(tx, businessId, contactActor({ id: contactId, ...contact }), {
          entityType: 'contact',
          entityId: contactId,
          entityName: name,
          companyId: contact.companyId,
          action: 'invite_accepted',
          clientVisible: true,
        });
        return createPortalSession(tx, businessId, contactId);
      });
      ctx.sessions.setSessionCookie('portal', token, expiresAt);
      return { authToken: token };
    }),
  /**
   * "Forgot password?": the same reply, at about the same speed, whether or not the address can sign in at this slug
   * (the look-up, the link and the mail happen after the reply). Throttled per e-mail at this slug and per client
   * address, with the staff reset's budgets (429 alike for both kinds of address).
   */
  requestPasswordReset: publicProcedure
    .input(portalResetRequestInput)
    .output(portalResetRequestOutput)
    .mutation(async ({ ctx, input }) => {
      const wait = await ctx.app.throttle.beginPasswordReset(portalThrottleKey(input.slug, input.email), ctx.ip);
      if (wait > 0) tooMany(ctx, wait, M.passwordReset.throttled);
      const emailConfigured = ctx.app.mailer.configured;
      if (emailConfigured) {
        sendPortalReset(ctx, input.slug, input.email).catch((error: unknown) =>
          log.error({ err: error }, 'portal password reset: the link could not be sent'),
        );
      }
      return { ok: true as const, emailConfigured };
    }),

  /** Who a reset link is for, so its page can say so; the same refusals as resetPassword. */
  checkPasswordReset: publicProcedure
    .input(portalResetCheckInput)
    .output(portalResetCheckOutput)
    .query(async ({ ctx, input }) => {
      const reset = await usableReset(ctx, input);
      return { email: reset.contact.email, businessName: reset.business.name };
    }),

  /**
   * A new portal password from a reset link. One transaction: the link is claimed (once, even for two submits at the
   * same moment), the password set, every portal session and every other unused link of the contact ended, and a
   * new session started.
   */
  resetPassword: publicProcedure
    .input(portalResetInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const reset = await usableReset(ctx, input);
      const { contact, business, businessId, contactId } = reset;
      await requireStrongPassword(input.password, [
        contact.email,
        contact.firstName,
        contact.lastName,
        business.name,
        business.slug,
      ]);
      const passwordHash = await hashPassword(input.password);
      const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
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
          usableLink(
            await tx.portalInvite.findFirst({
              where: { id: reset.id, businessId },
              select: { usedAt: true, expiresAt: true },
            }),
            resetMessages,
            now,
          );
          throw new TRPCError({ code: 'CONFLICT', message: M.passwordReset.used });
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
      ctx.sessions.setSessionCookie('portal', token, expiresAt);
      return { authToken: token };
    }),

  /**
   * "Change password" in portal settings: the current password first (wrong guesses count like sign-in attempts),
   * then the portal's strength rule; the contact's other portal sessions and unused reset links end, this one stays.
   */
  changePassword: portalProcedure
    .input(portalChangePasswordInput)
    .output(portalChangePasswordOutput)
    .mutation(async ({ ctx, input }) => {
      const { contact, business, sessionId } = ctx.portalSession;
      const attempt = await ctx.app.throttle.beginLogin(portalThrottleKey(business.slug, contact.email), ctx.ip);
      if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.portalAuth.throttled);
      const stored = await ctx.db.contact.findUnique({
        where: { id: contact.id },
        select: { portalPasswordHash: true },
      });
      const valid = stored?.portalPasswordHash
        ? await verifyPassword(stored.portalPasswordHash, input.currentPassword)
        : (await burnPasswordCheck(input.currentPassword), false);
      if (!valid) fieldError('currentPassword', M.portalAuth.currentWrong);
      await ctx.app.throttle.loginSucceeded(attempt);
      await requireStrongPassword(
        input.newPassword,
        [contact.email, contact.firstName, contact.lastName, business.name, business.slug],
        'newPassword',
      );
      const passwordHash = await hashPassword(input.newPassword);
      const businessId = ctx.businessId;
      const ended = await ctx.db.$transaction(async (tx) => {
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
    }),
});
