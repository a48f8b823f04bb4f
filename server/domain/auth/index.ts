/**
 * Staff sign-up, sign-in (password, then two-factor when on), sign-out and password reset. Public flows take the
 * app and the request (`PublicScope`); they answer the session's token and expiry, and the transport sets the cookie.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { RESERVED_SLUGS } from '../../../shared/constants';
import { M } from '../../../shared/messages';
import type {
  loginInput,
  passwordResetCheckInput,
  passwordResetInput,
  passwordResetRequestInput,
  signupInput,
} from '../../../shared/schemas/auth';
import { TWO_FACTOR_CHALLENGE_MS, type verifyTwoFactorInput } from '../../../shared/schemas/two-factor';
import { recordActivity, staffActor } from '../../activity';
import { revokeUserApiTokens } from '../../auth/api-tokens';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/password';
import {
  createStaffSession,
  invalidateStaffSession,
  originOf,
  type SessionOrigin,
  type StaffSignInMethod,
} from '../../auth/sessions';
import { generateSessionToken, hashToken } from '../../auth/tokens';
import { bareTotp, checkTotp, looksLikeTotp, spendRecoveryCode } from '../../auth/two-factor';
import type { Db } from '../../db';
import { DEMO } from '../../demo';
import { fieldError, isUniqueViolation } from '../../errors';
import { log } from '../../log';
import type { AppScope } from '../../trpc';
import type { StaffScope } from '../context';
import { refuseUnclaimed, requireStrongPassword, tooMany, usableLink, type RequestScope } from './rules';
import { addStarterTemplates } from '../templates/starters';
import { announceBreakGlass, passwordSignInMethod } from '../sso/break-glass';

/** A public flow: no session, the unscoped client (app.database.db) and the request (throttles, Retry-After). */
export type PublicScope = RequestScope & { app: AppScope };

/** A session just made: the transport answers its token and sets its cookie. */
export type NewSession = { token: string; expiresAt: Date };
export type SignInStep = { twoFactorRequired: true; challenge: string } | NewSession;

function conflict(message: string): never {
  throw new TRPCError({ code: 'CONFLICT', message });
}

/** The sign-in hint shows the demo account only while it exists with the seeded password. */
let demoHintCache: { at: number; value: { email: string; password: string } | null } | undefined;
export async function demoHint(scope: Pick<PublicScope, 'app'>) {
  if (demoHintCache && Date.now() - demoHintCache.at < 60_000) return demoHintCache.value;
  const user = await scope.app.database.db.user.findUnique({
    where: { email: DEMO.email },
    select: { passwordHash: true, business: { select: { slug: true } } },
  });
  const ok = !!user && user.business.slug === DEMO.slug && (await verifyPassword(user.passwordHash, DEMO.password));
  const value = ok ? { email: DEMO.email, password: DEMO.password } : null;
  demoHintCache = { at: Date.now(), value };
  return value;
}

/** A new agency and its owner, signed in. */
export async function signup(scope: PublicScope, input: z.infer<typeof signupInput>): Promise<NewSession> {
  const db = scope.app.database.db;
  const wait = await scope.app.throttle.beginSignup(scope.ip);
  if (wait > 0) tooMany(scope, wait, M.signup.throttled);
  await requireStrongPassword(input.password, [input.email, input.name, input.firstName, input.lastName, input.slug]);
  if ((RESERVED_SLUGS as readonly string[]).includes(input.slug)) conflict(M.signup.slugTaken);
  const passwordHash = await hashPassword(input.password);
  const user = await db
    .$transaction(async (tx) => {
      if (await tx.business.findUnique({ where: { slug: input.slug }, select: { id: true } }))
        conflict(M.signup.slugTaken);
      if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } }))
        conflict(M.signup.emailTaken);
      const business = await tx.business.create({
        data: { name: input.name, slug: input.slug, email: input.email, phone: input.phone },
      });
      // Every agency starts with the three starter templates (issue 29).
      await addStarterTemplates(tx, business.id);
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
  return createStaffSession(db, user.id, originOf(scope, 'password'));
}

/**
 * What a right password leads to, the same after a login and after a reset: with two-factor sign-in on, no session
 * but a challenge for auth.verifyTwoFactor (10 minutes, single use); otherwise a session. (A user whose agency
 * requires two-factor and who has not set it up gets a session limited to the set-up: server/trpc.ts.)
 * db: the client or a transaction's client (a reset writes this with the password).
 */
async function passwordAccepted(
  db: Pick<Db, 'session' | 'twoFactorChallenge'>,
  user: { id: number; businessId: number; totpEnabledAt: Date | null },
  origin: SessionOrigin,
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
  return createStaffSession(db, user.id, origin);
}

/** A session made with a password while single sign-on is required: logged and e-mailed (../sso/break-glass.ts). */
async function afterPasswordSignIn<T extends SignInStep>(
  scope: Pick<PublicScope, 'app' | 'ip'>,
  userId: number,
  method: StaffSignInMethod,
  step: T,
): Promise<T> {
  if (method === 'break_glass' && !('twoFactorRequired' in step)) await announceBreakGlass(scope.app, userId, scope.ip);
  return step;
}

/** The password step: with two-factor sign-in on, a challenge for verifyTwoFactor; otherwise a session. */
export async function login(scope: PublicScope, input: z.infer<typeof loginInput>): Promise<SignInStep> {
  const db = scope.app.database.db;
  const attempt = await scope.app.throttle.beginLogin(input.email, scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.auth.throttled);
  const user = await db.user.findUnique({
    where: { email: input.email },
    select: { id: true, businessId: true, passwordHash: true, totpEnabledAt: true, role: true, blockedAt: true },
  });
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password).then(() => false);
  if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.invalidCredentials });
  await scope.app.throttle.loginSucceeded(attempt);
  // Single sign-on required: only an owner's break-glass sign-in; a user the provider blocked: none.
  const method = await passwordSignInMethod(db, user);
  return afterPasswordSignIn(scope, user.id, method, await passwordAccepted(db, user, originOf(scope, method)));
}

/** An authenticator code or a recovery code of the challenge's user, throttled like passwords; refused otherwise. */
async function checkSecondFactor(
  scope: PublicScope,
  user: { id: number; totpSecret: string },
  businessId: number,
  input: z.infer<typeof verifyTwoFactorInput>,
) {
  const recoveryCode = input.recoveryCode?.trim();
  const code = input.code === undefined ? undefined : bareTotp(input.code);
  if (!recoveryCode && !code) fieldError('code', M.twoFactor.codeRequired);
  if (!recoveryCode && !looksLikeTotp(code!)) fieldError('code', M.twoFactor.codeFormat);
  const attempt = await scope.app.throttle.beginTwoFactor(user.id, scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.twoFactor.throttled);
  if (recoveryCode) {
    if (!(await spendRecoveryCode(scope.app.database.db, businessId, user.id, recoveryCode))) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: M.twoFactor.wrongRecoveryCode });
    }
  } else {
    const result = await checkTotp(scope.app.throttle, user.id, user.totpSecret, code!);
    if (result !== 'ok')
      throw new TRPCError({
        code: 'UNAUTHORIZED',
        message: result === 'used' ? M.twoFactor.codeUsed : M.twoFactor.wrongCode,
      });
  }
  await scope.app.throttle.loginSucceeded(attempt);
}

/**
 * The code step of a sign-in with two-factor on: the challenge of a right password and an authenticator code (or a
 * recovery code, which works once). The challenge is deleted with the session's creation, so it signs in once.
 */
export async function verifyTwoFactor(
  scope: PublicScope,
  input: z.infer<typeof verifyTwoFactorInput>,
): Promise<NewSession> {
  const db = scope.app.database.db;
  const id = hashToken(input.challenge);
  const challenge = await db.twoFactorChallenge.findUnique({
    where: { id },
    select: {
      expiresAt: true,
      businessId: true,
      user: { select: { id: true, totpSecret: true, totpEnabledAt: true, role: true, blockedAt: true } },
    },
  });
  const expired = () => new TRPCError({ code: 'UNAUTHORIZED', message: M.twoFactor.challengeExpired });
  if (
    !challenge ||
    challenge.expiresAt.getTime() <= Date.now() ||
    !challenge.user.totpEnabledAt ||
    !challenge.user.totpSecret
  ) {
    if (challenge) await db.twoFactorChallenge.deleteMany({ where: { id } });
    throw expired();
  }
  const { user, businessId } = challenge;
  await checkSecondFactor(scope, { id: user.id, totpSecret: challenge.user.totpSecret }, businessId, input);
  const method = await passwordSignInMethod(db, { ...user, businessId });
  const session = await db.$transaction(async (tx) => {
    // Claimed once: of two requests racing with the same challenge, only one starts a session.
    const claimed = await tx.twoFactorChallenge.deleteMany({ where: { id, expiresAt: { gt: new Date() } } });
    if (claimed.count !== 1) throw expired();
    return createStaffSession(tx, user.id, originOf(scope, method === 'break_glass' ? method : 'two_factor'));
  });
  return afterPasswordSignIn(scope, user.id, method, session);
}

/** Who is signed in, and whether their agency still waits for their two-factor set-up. */
export function me(scope: Pick<StaffScope, 'user' | 'session'>) {
  const { id, email, firstName, lastName, role } = scope.user;
  return {
    id,
    email,
    firstName,
    lastName,
    role,
    business: scope.session.business,
    twoFactorSetupNeeded: scope.session.twoFactorSetupNeeded,
  };
}

/** Ends the session of this request. */
export async function logout(scope: Pick<StaffScope, 'app' | 'session'>) {
  await invalidateStaffSession(scope.app.database.db, scope.session.sessionId);
  return { ok: true as const };
}

/** A reset link works once, for 1 hour. */
const PASSWORD_RESET_LIFETIME_MS = 60 * 60 * 1000;
const passwordResetPath = (token: string) => `/hub/reset-password/${encodeURIComponent(token)}`;
const resetMessages = {
  invalid: M.passwordReset.invalid,
  used: M.passwordReset.used,
  expired: M.passwordReset.expired,
};

/** The user of a reset link, or the link's refusal. */
async function usableReset(scope: Pick<PublicScope, 'app'>, token: string) {
  const reset = await scope.app.database.db.passwordReset.findUnique({
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
async function sendPasswordReset(scope: Pick<PublicScope, 'app'>, email: string) {
  const db = scope.app.database.db;
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, firstName: true } });
  if (!user) return;
  const token = generateSessionToken();
  await db.passwordReset.create({
    data: { id: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + PASSWORD_RESET_LIFETIME_MS) },
  });
  const url = scope.app.env.publicUrl + passwordResetPath(token);
  await scope.app.mailer.send({
    to: user.email,
    subject: M.mail.resetSubject,
    text: M.mail.resetText(user.firstName, url),
  });
}

/**
 * The same reply, at about the same speed, whether or not the address has an account: the look-up, the link and
 * the mail happen after the reply. Throttled per address and per e-mail (429 alike for both kinds of address).
 */
export async function requestPasswordReset(scope: PublicScope, input: z.infer<typeof passwordResetRequestInput>) {
  const wait = await scope.app.throttle.beginPasswordReset(input.email, scope.ip);
  if (wait > 0) tooMany(scope, wait, M.passwordReset.throttled);
  const emailConfigured = scope.app.mailer.configured;
  // Without mail nobody could receive the link (the page says to ask the agency's owner): none is written.
  if (emailConfigured) {
    sendPasswordReset(scope, input.email).catch((error: unknown) =>
      log.error({ err: error }, 'password reset: the link could not be sent'),
    );
  }
  return { ok: true as const, emailConfigured };
}

export async function checkPasswordReset(
  scope: Pick<PublicScope, 'app'>,
  input: z.infer<typeof passwordResetCheckInput>,
) {
  const reset = await usableReset(scope, input.token);
  return { email: reset.user.email };
}

/**
 * A new password from a reset link. One transaction: the link is claimed (once, even for two submits at the same
 * moment), the password set, every session, API token and other unused link of the user ended; then the same
 * sign-in step as a login.
 */
export async function resetPassword(
  scope: Pick<PublicScope, 'app' | 'ip' | 'req'>,
  input: z.infer<typeof passwordResetInput>,
): Promise<SignInStep> {
  const reset = await usableReset(scope, input.token);
  const { user, userId } = reset;
  await requireStrongPassword(input.password, [
    user.email,
    user.firstName,
    user.lastName,
    user.business.name,
    user.business.slug,
  ]);
  const holder = await scope.app.database.db.user.findUniqueOrThrow({
    where: { id: userId },
    select: { role: true, blockedAt: true },
  });
  const method = await passwordSignInMethod(scope.app.database.db, {
    id: userId,
    businessId: user.businessId,
    ...holder,
  });
  const passwordHash = await hashPassword(input.password);
  const step = await scope.app.database.db.$transaction(async (tx) => {
    const now = new Date();
    const claimed = await tx.passwordReset.updateMany({
      where: { id: reset.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) {
      const link = await tx.passwordReset.findUnique({
        where: { id: reset.id },
        select: { usedAt: true, expiresAt: true },
      });
      refuseUnclaimed(link, resetMessages, now);
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
    return passwordAccepted(tx, { id: userId, businessId: user.businessId, totpEnabledAt }, originOf(scope, method));
  });
  return afterPasswordSignIn(scope, userId, method, step);
}
