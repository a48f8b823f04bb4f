import { z } from 'zod';
import {
  authTokenOutput,
  demoHintOutput,
  loginInput,
  logoutOutput,
  meOutput,
  passwordResetAvailableOutput,
  passwordResetCheckInput,
  passwordResetCheckOutput,
  passwordResetInput,
  passwordResetRequestInput,
  passwordResetRequestOutput,
  signupInput,
  signupOutput,
} from '../../shared/schemas/auth';
import { twoFactorChallengeOutput, verifyTwoFactorInput } from '../../shared/schemas/two-factor';
import {
  checkPasswordReset,
  demoHint,
  login,
  logout,
  me,
  requestPasswordReset,
  resetPassword,
  signup,
  verifyTwoFactor,
  type NewSession,
  type SignInStep,
} from '../domain/auth';
import { publicProcedure, router, sessionProcedure, staffProcedure, type Context } from '../trpc';

/** The session's cookie is the transport's part of a sign-in: set here, the token answered too. */
function signedIn(ctx: Context, session: NewSession) {
  ctx.sessions.setSessionCookie('staff', session.token, session.expiresAt);
  return { authToken: session.token };
}

/** The reply to a sign-in step: the challenge, or the session's token (and its cookie). */
const answerSignIn = (ctx: Context, step: SignInStep) =>
  'twoFactorRequired' in step ? { twoFactorRequired: true as const, challenge: step.challenge } : signedIn(ctx, step);

export const authRouter = router({
  signup: publicProcedure
    .input(signupInput)
    .output(signupOutput)
    .mutation(async ({ ctx, input }) => ({ ...signedIn(ctx, await signup(ctx, input)), slug: input.slug })),

  /**
   * The password step. With two-factor sign-in on, a right password starts no session: it answers a challenge for
   * auth.verifyTwoFactor (10 minutes, single use); otherwise the session as before.
   */
  login: publicProcedure
    .input(loginInput)
    .output(z.union([authTokenOutput, twoFactorChallengeOutput]))
    .mutation(async ({ ctx, input }) => answerSignIn(ctx, await login(ctx, input))),

  /**
   * The code step of a sign-in with two-factor on: the challenge of a right password and an authenticator code (or a
   * recovery code, which works once). Code guesses are throttled per user and per address like passwords; the
   * challenge is deleted with the session's creation, so it signs in once.
   */
  verifyTwoFactor: publicProcedure
    .input(verifyTwoFactorInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => signedIn(ctx, await verifyTwoFactor(ctx, input))),

  me: staffProcedure.output(meOutput).query(({ ctx }) => me(ctx)),

  /** Ends the session of this request; an API token has none (it is revoked instead): FORBIDDEN. */
  logout: sessionProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    const done = await logout(ctx);
    ctx.sessions.clearSessionCookie('staff');
    return done;
  }),

  demoHint: publicProcedure.output(demoHintOutput).query(({ ctx }) => demoHint(ctx)),

  /** Whether 'Forgot your password?' can work: it needs outgoing mail. */
  passwordResetAvailable: publicProcedure
    .output(passwordResetAvailableOutput)
    .query(({ ctx }) => ({ available: ctx.app.mailer.configured })),

  /**
   * The same reply, at about the same speed, whether or not the address has an account: the look-up, the link and
   * the mail happen after the reply. Throttled per address and per e-mail (429 alike for both kinds of address).
   */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInput)
    .output(passwordResetRequestOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx, input)),

  checkPasswordReset: publicProcedure
    .input(passwordResetCheckInput)
    .output(passwordResetCheckOutput)
    .query(({ ctx, input }) => checkPasswordReset(ctx, input)),

  /**
   * A new password from a reset link. One transaction: the link is claimed (once, even for two submits at the same
   * moment), the password set, every session, API token and other unused link of the user ended; then the same
   * sign-in step as a login: with two-factor sign-in on, a challenge for auth.verifyTwoFactor (the mailbox alone
   * does not sign in), otherwise a new session.
   */
  resetPassword: publicProcedure
    .input(passwordResetInput)
    .output(z.union([authTokenOutput, twoFactorChallengeOutput]))
    .mutation(async ({ ctx, input }) => answerSignIn(ctx, await resetPassword(ctx, input))),
});
