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
  portalMagicLinkInfoOutput,
  portalMagicLinkInput,
  portalMagicLinkRequestInput,
  portalMagicLinkRequestOutput,
} from '../../shared/schemas/portal-auth';
import type { NewSession } from '../domain/auth';
import {
  acceptPortalInvite,
  changePortalPassword,
  checkPortalReset,
  portalInviteInfo,
  portalLogin,
  portalLogout,
  portalMe,
  requestPortalReset,
  resetPortalPassword,
} from '../domain/portal-auth';
import { checkPortalMagicLink, consumePortalMagicLink, requestPortalMagicLink } from '../domain/portal-auth/magic-link';
import { portalProcedure, publicProcedure, router, type Context } from '../trpc';

/** The session's cookie is the transport's part of a sign-in: set here, the token answered too. */
function signedIn(ctx: Context, session: NewSession) {
  ctx.sessions.setSessionCookie('portal', session.token, session.expiresAt);
  return { authToken: session.token };
}

export const portalAuthRouter = router({
  /** Wrong slug, unknown e-mail, wrong password, no password yet or no access: one answer, after one password check. */
  login: publicProcedure
    .input(portalLoginInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await portalLogin(ctx, input))),

  me: portalProcedure.output(portalMeOutput).query(({ ctx }) => portalMe(ctx)),

  logout: portalProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    const done = await portalLogout(ctx);
    ctx.sessions.clearSessionCookie('portal');
    return done;
  }),

  /** Who an invite link is for, so its page can greet them; the same refusals as acceptInvite. */
  inviteInfo: publicProcedure
    .input(portalInviteInput)
    .output(portalInviteInfoOutput)
    .query(({ ctx, input }) => portalInviteInfo(ctx, input)),

  /**
   * The contact chooses a password: in one transaction the invite is claimed (once, even for two accepts at the same
   * moment), the password set, the contact's other portal sessions ended and a new one started.
   */
  acceptInvite: publicProcedure
    .input(portalAcceptInviteInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await acceptPortalInvite(ctx, input))),
  /**
   * "Forgot password?": the same reply, at about the same speed, whether or not the address can sign in at this slug
   * (the look-up, the link and the mail happen after the reply). Throttled per e-mail at this slug and per client
   * address, with the staff reset's budgets (429 alike for both kinds of address).
   */
  requestPasswordReset: publicProcedure
    .input(portalResetRequestInput)
    .output(portalResetRequestOutput)
    .mutation(({ ctx, input }) => requestPortalReset(ctx, input)),

  /** Who a reset link is for, so its page can say so; the same refusals as resetPassword. */
  checkPasswordReset: publicProcedure
    .input(portalResetCheckInput)
    .output(portalResetCheckOutput)
    .query(({ ctx, input }) => checkPortalReset(ctx, input)),

  /**
   * A new portal password from a reset link. One transaction: the link is claimed (once, even for two submits at the
   * same moment), the password set, every portal session and every other unused link of the contact ended, and a
   * new session started.
   */
  resetPassword: publicProcedure
    .input(portalResetInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await resetPortalPassword(ctx, input))),

  /**
   * "Change password" in portal settings: the current password first (wrong guesses count like sign-in attempts),
   * then the portal's strength rule; the contact's other portal sessions and unused reset links end, this one stays.
   */
  changePassword: portalProcedure
    .input(portalChangePasswordInput)
    .output(portalChangePasswordOutput)
    .mutation(({ ctx, input }) => changePortalPassword(ctx, input)),

  /**
   * "Email me a sign-in link": the same reply whether or not the address can sign in at this slug (with or without a
   * password); throttled per e-mail at the slug and per client address (issue 32).
   */
  requestMagicLink: publicProcedure
    .input(portalMagicLinkRequestInput)
    .output(portalMagicLinkRequestOutput)
    .mutation(({ ctx, input }) => requestPortalMagicLink(ctx, input)),

  /** Whom a sign-in link is for, if it still works; reading never spends it (a mail scanner may open the page). */
  checkMagicLink: publicProcedure
    .input(portalMagicLinkInput)
    .output(portalMagicLinkInfoOutput)
    .query(({ ctx, input }) => checkPortalMagicLink(ctx, input)),

  /** Signs in with a sign-in link: it works once, within 15 minutes. */
  consumeMagicLink: publicProcedure
    .input(portalMagicLinkInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await consumePortalMagicLink(ctx, input))),
});
