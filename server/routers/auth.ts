import { TRPCError } from '@trpc/server';
import { RESERVED_SLUGS } from '../../shared/constants';
import { M } from '../../shared/messages';
import {
  authTokenOutput,
  demoHintOutput,
  loginInput,
  logoutOutput,
  meOutput,
  PASSWORD_MIN_SCORE,
  passwordResetAvailableOutput,
  passwordResetCheckInput,
  passwordResetCheckOutput,
  passwordResetInput,
  passwordResetRequestInput,
  passwordResetRequestOutput,
  passwordStrength,
  signupInput,
  signupOutput,
} from '../../shared/schemas/auth';
import { revokeUserApiTokens } from '../auth/api-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { createStaffSession, invalidateStaffSession } from '../auth/sessions';
import { generateSessionToken, hashToken } from '../auth/tokens';
import type { Db } from '../db';
import { DEMO } from '../demo';
import { fieldError, isUniqueViolation } from '../errors';
import { log } from '../log';
import { publicProcedure, router, sessionProcedure, staffProcedure, type Context } from '../trpc';
import { recordActivity, staffActor } from '../activity';
import { z } from 'zod';
import {
  TWO_FACTOR_CHALLENGE_MS,
  twoFactorChallengeOutput,
  verifyTwoFactorInput,
} from '../../shared/schemas/two-factor';
import { bareTotp, checkTotp, looksLikeTotp, spendRecoveryCode } from '../auth/two-factor';

/** The sign-in hint shows the demo account only while it exists with the seeded password. */
let demoHintCache: { at: number; value: { email: string; password: string } | null } | undefined;
async function demoHint(ctx: Context) {
  if (demoHintCache && Date.now() - demoHintCache.at < 60_000) return demoHintCache.value;
  const user = await ctx.unscopedDb.user.findUnique({
    where: { email: DEMO.email },
    select: { passwordHash: true, business: { select: { slug: true } } },
  });
  const ok = !!user && user.business.slug === DEMO.slug && (await verifyPassword(user.passwordHash, DEMO.password));
  const value = ok ? { email: DEMO.email, password: DEMO.password } : null;
  demoHintCache = { at: Date.now(), value };
  return value;
}

function conflict(message: string): never {
  throw new TRPCError({ code: 'CONFLICT', message });
}

export function tooMany(ctx: Context, retryAfterSeconds: number, message: string): never {
  ctx.res.setHeader('Retry-After', String(retryAfterSeconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** The sign-up strength rule (also for reset, invite, profile and portal passwords); userInputs: names, e-mail, slug… of the person. */
export async function requireStrongPassword(password: string, userInputs: string[], field = 'password'): Promise<void> {
  const strength = await passwordStrength(password, userInputs);
  if (strength.score < PASSWORD_MIN_SCORE) fieldError(field, M.signup.passwordTooWeak);
}

/**
 * A one-time link (portal invite, password reset), refused unless usable: unknown → NOT_FOUND, used → CONFLICT,
 * expired → PRECONDITION_FAILED, each with its own message (shared/schemas/auth.ts and portal-auth.ts list them).
 */
export function usableLink<T extends { usedAt: Date | null; expiresAt: Date }>(
  link: T | null,
  messages: { invalid: string; used: string; expired: string },
  now = new Date(),
): T {
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: messages.invalid });
  if (link.usedAt) throw new TRPCError({ code: 'CONFLICT', message: messages.used });
  if (link.expiresAt.getTime() <= now.getTime())
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: messages.expired });
  return link;
}

/** A reset link works once, for 1 hour. */
export const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const passwordResetPath = (token: string) => `/hub/reset-password/${encodeURIComponent(token)}`;
const resetMessages = {
  invalid: M.passwordReset.invalid,
  used: M.passwordReset.used,
  expired: M.passwordReset.expired,
};

/** The user of a reset link, or the link's refusal. */
async function usableReset(ctx: Context, token: string) {
  const reset = await ctx.unscopedDb.passwordReset.findUnique({
    where: { id: hashToken(token) },
    select: {
      id: true,
      userId: true,
      usedAt: true,
      expiresAt: true,
      user: {
        select: {
          email: true,
          firstName: true,
          lastName: true,
          businessId: true,
          business: { select: { name: true, slug: true } },
        },
      },
    },
  });
  return usableLink(reset, resetMessages);
}

/** Writes a reset link for the address's account, if there is one, and mails it. */
async function sendPasswordReset(ctx: Context, email: string) {
  const user = await ctx.unscopedDb.user.findUnique({
    where: { email },
    select: { id: true, email: true, firstName: true },
  });
  if (!user) return;
  const token = generateSessionToken();
  await ctx.unscopedDb.passwordReset.create({
    data: { id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS) },
  });
  const url = ctx.app.env.publicUrl + passwordResetPath(token);
  await ctx.app.mailer.send({
    to: user.email,
    subject: M.mail.resetSubject,
    text: M.mail.resetText(user.firstName, url),
  });
}

type SignInStep = { twoFactorRequired: true; challenge: string } | { token: string; expiresAt: Date };

/**
 * What a right password leads to, the same after a login and after a reset: with two-factor sign-in on, no session
 * but a challenge for auth.verifyTwoFactor (10 minutes, single use); otherwise a session. (A user whose agency
 * requires two-factor and who has not set it up gets a session limited to the set-up: server/trpc.ts.)
 * db: the client or a transaction's client (a reset writes this with the password).
 */
async function passwordAccepted(
  db: Pick<Db, 'session' | 'twoFactorChallenge'>,
  user: { id: number; businessId: number; totpEnabledAt: Date | null },
): Promise<SignInStep> {
  if (user.totpEnabledAt) {
    const challenge = generateSessionToken();
    await db.twoFactorChallenge.create({
      data: {
        id: hashToken(challenge),
        businessId: user.businessId,
        userId: user.id,
        expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_MS),
      },
    });
    return { twoFactorRequired: true, challenge };
  }
  return createStaffSession(db, user.id);
}

/** The reply to a sign-in step: the challenge, or the session's token (and its cookie). */
function answerSignIn(ctx: Context, step: SignInStep) {
  if ('twoFactorRequired' in step) return { twoFactorRequired: true as const, challenge: step.challenge };
  ctx.sessions.setSessionCookie('staff', step.token, step.expiresAt);
  return { authToken: step.token };
}

export const authRouter = router({
  signup: publicProcedure
    .input(signupInput)
    .output(signupOutput)
    .mutation(async ({ ctx, input }) => {
      const wait = await ctx.app.throttle.beginSignup(ctx.ip);
      if (wait > 0) tooMany(ctx, wait, M.signup.throttled);
      await requireStrongPassword(input.password, [
        input.email,
        input.name,
        input.firstName,
        input.lastName,
        input.slug,
      ]);
      if ((RESERVED_SLUGS as readonly string[]).includes(input.slug)) conflict(M.signup.slugTaken);
      const passwordHash = await hashPassword(input.password);
      const user = await ctx.unscopedDb
        .$transaction(async (tx) => {
          if (await tx.business.findUnique({ where: { slug: input.slug }, select: { id: true } }))
            conflict(M.signup.slugTaken);
          if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } }))
            conflict(M.signup.emailTaken);
          const business = await tx.business.create({
            data: { name: input.name, slug: input.slug, email: input.email, phone: input.phone },
          });
          return tx.user.create({
            data: {
              businessId: business.id,
              email: input.email,
              firstName: input.firstName,
              lastName: input.lastName,
              passwordHash,
              role: 'owner',
            },
            select: { id: true },
          });
        })
        .catch((error: unknown) => {
          // Two sign-ups racing for the same slug or email: the unique index decides.
          const target = isUniqueViolation(error);
          if (target) conflict(target.some((t) => /slug/i.test(t)) ? M.signup.slugTaken : M.signup.emailTaken);
          throw error;
        });
      const { token, expiresAt } = await createStaffSession(ctx.unscopedDb, user.id);
      ctx.sessions.setSessionCookie('staff', token, expiresAt);
      return { authToken: token, slug: input.slug };
    }),

  /**
   * The password step. With two-factor sign-in on, a right password starts no session: it answers a challenge for
   * auth.verifyTwoFactor (10 minutes, single use); otherwise the session as before.
   */
  login: publicProcedure
    .input(loginInput)
    .output(z.union([authTokenOutput, twoFactorChallengeOutput]))
    .mutation(async ({ ctx, input }) => {
      const attempt = await ctx.app.throttle.beginLogin(input.email, ctx.ip);
      if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.auth.throttled);
      const user = await ctx.unscopedDb.user.findUnique({
        where: { email: input.email },
        select: { id: true, businessId: true, passwordHash: true, totpEnabledAt: true },
      });
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await burnPasswordCheck(input.password), false);
      if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.invalidCredentials });
      await ctx.app.throttle.loginSucceeded(attempt);
      return answerSignIn(ctx, await passwordAccepted(ctx.unscopedDb, user));
    }),

  /**
   * The code step of a sign-in with two-factor on: the challenge of a right password and an authenticator code (or a
   * recovery code, which works once). Code guesses are throttled per user and per address like passwords; the
   * challenge is deleted with the session's creation, so it signs in once.
   */
  verifyTwoFactor: publicProcedure
    .input(verifyTwoFactorInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const id = hashToken(input.challenge);
      const challenge = await ctx.unscopedDb.twoFactorChallenge.findUnique({
        where: { id },
        select: {
          expiresAt: true,
          businessId: true,
          user: { select: { id: true, totpSecret: true, totpEnabledAt: true } },
        },
      });
      const expired = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.twoFactor.challengeExpired });
      if (
        !challenge ||
        challenge.expiresAt.getTime() <= Date.now() ||
        !challenge.user.totpEnabledAt ||
        !challenge.user.totpSecret
      ) {
        if (challenge) await ctx.unscopedDb.twoFactorChallenge.deleteMany({ where: { id } });
        throw expired();
      }
      const { user, businessId } = challenge;
      const recoveryCode = input.recoveryCode?.trim();
      const code = input.code === undefined ? undefined : bareTotp(input.code);
      if (!recoveryCode && !code) fieldError('code', M.twoFactor.codeRequired);
      if (!recoveryCode && !looksLikeTotp(code!)) fieldError('code', M.twoFactor.codeFormat);
      const attempt = await ctx.app.throttle.beginTwoFactor(user.id, ctx.ip);
      if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.twoFactor.throttled);
      if (recoveryCode) {
        if (!(await spendRecoveryCode(ctx.unscopedDb, businessId, user.id, recoveryCode))) {
          throw new TRPCError({ code: 'UNAUTHORIZED', message: M.twoFactor.wrongRecoveryCode });
        }
      } else {
        const result = await checkTotp(ctx.app.throttle, user.id, user.totpSecret!, code!);
        if (result !== 'ok')
          throw new TRPCError({
            code: 'UNAUTHORIZED',
            message: result === 'used' ? M.twoFactor.codeUsed : M.twoFactor.wrongCode,
          });
      }
      await ctx.app.throttle.loginSucceeded(attempt);
      const { token, expiresAt } = await ctx.unscopedDb.$transaction(async (tx) => {
        // Claimed once: of two requests racing with the same challenge, only one starts a session.
        const claimed = await tx.twoFactorChallenge.deleteMany({ where: { id, expiresAt: { gt: new Date() } } });
        if (claimed.count !== 1) throw expired();
        return createStaffSession(tx, user.id);
      });
      ctx.sessions.setSessionCookie('staff', token, expiresAt);
      return { authToken: token };
    }),

  me: staffProcedure.output(meOutput).query(({ ctx }) => {
    const { id, email, firstName, lastName, role } = ctx.user;
    return {
      id,
      email,
      firstName,
      lastName,
      role,
      business: ctx.session.business,
      twoFactorSetupNeeded: ctx.session.twoFactorSetupNeeded,
    };
  }),

  /** Ends the session of this request; an API token has none (it is revoked instead): FORBIDDEN. */
  logout: sessionProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    await invalidateStaffSession(ctx.unscopedDb, ctx.session.sessionId);
    ctx.sessions.clearSessionCookie('staff');
    return { ok: true as const };
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
    .mutation(async ({ ctx, input }) => {
      const wait = await ctx.app.throttle.beginPasswordReset(input.email, ctx.ip);
      if (wait > 0) tooMany(ctx, wait, M.passwordReset.throttled);
      const emailConfigured = ctx.app.mailer.configured;
      // Without mail nobody could receive the link (the page says to ask the agency's owner): none is written.
      if (emailConfigured) {
        sendPasswordReset(ctx, input.email).catch((error: unknown) =>
          log.error({ err: error }, 'password reset: the link could not be sent'),
        );
      }
      return { ok: true as const, emailConfigured };
    }),

  checkPasswordReset: publicProcedure
    .input(passwordResetCheckInput)
    .output(passwordResetCheckOutput)
    .query(async ({ ctx, input }) => {
      const reset = await usableReset(ctx, input.token);
      return { email: reset.user.email };
    }),

  /**
   * A new password from a reset link. One transaction: the link is claimed (once, even for two submits at the same
   * moment), the password set, every session, API token and other unused link of the user ended; then the same
   * sign-in step as a login: with two-factor sign-in on, a challenge for auth.verifyTwoFactor (the mailbox alone
   * does not sign in), otherwise a new session.
   */
  resetPassword: publicProcedure
    .input(passwordResetInput)
    .output(z.union([authTokenOutput, twoFactorChallengeOutput]))
    .mutation(async ({ ctx, input }) => {
      const reset = await usableReset(ctx, input.token);
      const { user, userId } = reset;
      await requireStrongPassword(input.password, [
        user.email,
        user.firstName,
        user.lastName,
        user.business.name,
        user.business.slug,
      ]);
      const passwordHash = await hashPassword(input.password);
      const step = await ctx.unscopedDb.$transaction(async (tx) => {
        const now = new Date();
        const claimed = await tx.passwordReset.updateMany({
          where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
          data: { usedAt: now },
        });
        if (claimed.count !== 1) {
          usableLink(
            await tx.passwordReset.findUnique({ where: { id: reset.id }, select: { usedAt: true, expiresAt: true } }),
            resetMessages,
            now,
          );
          throw new TRPCError({ code: 'CONFLICT', message: M.passwordReset.used });
        }
        const { totpEnabledAt } = await tx.user.update({
          where: { id: userId },
          data: { passwordHash },
          select: { totpEnabledAt: true },
        });
        await tx.session.deleteMany({ where: { userId } });
        await tx.passwordReset.deleteMany({ where: { userId, usedAt: null } });
        // That the password changed, without any value.
        await recordActivity(tx, user.businessId, staffActor({ id: userId, ...user }), {
          entityType: 'team',
          entityId: userId,
          entityName: `${user.firstName} ${user.lastName}`.trim(),
          action: 'updated',
          changes: [{ field: 'password', from: null, to: null }],
        });
        // A token made with a stolen session must not outlive the recovery.
        await revokeUserApiTokens(tx, { id: userId, ...user });
        return passwordAccepted(tx, { id: userId, businessId: user.businessId, totpEnabledAt });
      });
      return answerSignIn(ctx, step);
    }),
});
