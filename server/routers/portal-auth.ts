import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { authTokenOutput, logoutOutput } from '../../shared/schemas/auth';
import {
  portalAcceptInviteInput,
  portalInviteInfoOutput,
  portalInviteInput,
  portalLoginInput,
  portalMeOutput,
} from '../../shared/schemas/portal-auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { createPortalSession, invalidatePortalSession } from '../auth/sessions';
import { hashToken } from '../auth/tokens';
import { portalProcedure, publicProcedure, router, type Context } from '../trpc';
import { requireStrongPassword, tooMany, usableLink } from './auth';
import { contactActor, recordActivity } from '../activity';

/**
 * The throttle key of a portal sign-in: the slug and the e-mail, behind a prefix and separated by newlines, which
 * no validated e-mail contains, so it never counts against a staff sign-in of the same address (or another portal's).
 */
const portalThrottleKey = (slug: string, email: string) => `portal\n${slug}\n${email}`;

const invalidCredentials = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.portalAuth.invalidCredentials });

const inviteMessages = { invalid: M.portalAuth.inviteInvalid, used: M.portalAuth.inviteUsed, expired: M.portalAuth.inviteExpired };
const noAccess = () => new TRPCError({ code: 'FORBIDDEN', message: M.portalAuth.noAccess });

/**
 * The invite of a link, only within the business of the link's slug (public procedure: the unscoped client, so the
 * slug's business is in the where clause). Refused as shared/schemas/portal-auth.ts lists.
 */
async function usableInvite(ctx: Context, input: { slug: string; token: string }) {
  const invite = await ctx.unscopedDb.portalInvite.findFirst({
    where: { tokenHash: hashToken(input.token), business: { is: { slug: input.slug } } },
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
  const usable = usableLink(invite, inviteMessages);
  if (!usable.contact.portalAccess || usable.contact.companyId === null) throw noAccess();
  return usable;
}

export const portalAuthRouter = router({
  /** Wrong slug, unknown e-mail, wrong password, no password yet or no access: one answer, after one password check. */
  login: publicProcedure.input(portalLoginInput).output(authTokenOutput).mutation(async ({ ctx, input }) => {
    const attempt = await ctx.app.throttle.beginLogin(portalThrottleKey(input.slug, input.email), ctx.ip);
    if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.portalAuth.throttled);
    const contact = await ctx.unscopedDb.contact.findFirst({
      where: { email: input.email, business: { is: { slug: input.slug } } },
      select: { id: true, businessId: true, companyId: true, portalAccess: true, portalPasswordHash: true, firstName: true, lastName: true },
    });
    const passwordHash = contact?.portalPasswordHash;
    const valid = passwordHash ? await verifyPassword(passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!contact || !valid || !contact.portalAccess || contact.companyId === null) throw invalidCredentials();
    await ctx.app.throttle.loginSucceeded(attempt);
    const { companyId } = contact;
    const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
      const session = await createPortalSession(tx, contact.businessId, contact.id);
      await recordActivity(tx, contact.businessId, contactActor(contact), { entityType: 'portal', companyId, action: 'signed_in', clientVisible: true });
      return session;
    });
    ctx.sessions.setSessionCookie('portal', token, expiresAt);
    return { authToken: token };
  }),

  me: portalProcedure.output(portalMeOutput).query(({ ctx }) => {
    const { id, email, firstName, lastName, companyId } = ctx.portalSession.contact;
    const { name, slug } = ctx.portalSession.business;
    return { id, email, firstName, lastName, companyId, business: { name, slug } };
  }),

  logout: portalProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    await invalidatePortalSession(ctx.unscopedDb, ctx.portalSession.sessionId);
    ctx.sessions.clearSessionCookie('portal');
    return { ok: true as const };
  }),

  /** Who an invite link is for, so its page can greet them; the same refusals as acceptInvite. */
  inviteInfo: publicProcedure.input(portalInviteInput).output(portalInviteInfoOutput).query(async ({ ctx, input }) => {
    const invite = await usableInvite(ctx, input);
    return { firstName: invite.contact.firstName, email: invite.contact.email, businessName: invite.business.name };
  }),

  /**
   * The contact chooses a password: in one transaction the invite is claimed (once, even for two accepts at the same
   * moment), the password set, the contact's other portal sessions ended and a new one started.
   */
  acceptInvite: publicProcedure.input(portalAcceptInviteInput).output(authTokenOutput).mutation(async ({ ctx, input }) => {
    const invite = await usableInvite(ctx, input);
    const { contact, business, businessId, contactId } = invite;
    await requireStrongPassword(input.password, [contact.email, contact.firstName, contact.lastName, business.name, business.slug]);
    const passwordHash = await hashPassword(input.password);
    const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.portalInvite.updateMany({
        where: { id: invite.id, businessId, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) {
        // Used by a concurrent accept, expired or voided meanwhile: say which.
        usableLink(await tx.portalInvite.findFirst({ where: { id: invite.id, businessId }, select: { usedAt: true, expiresAt: true } }), inviteMessages, now);
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
});
