import { TRPCError } from '@trpc/server';
import { createTOTPKeyURI } from '@oslojs/otp';
import { renderSVG } from 'uqr';
import { M } from '../../shared/messages';
import {
  beginSetupOutput,
  disableInput,
  enableInput,
  recoveryCodesOutput,
  regenerateInput,
  setRequiredInput,
  setRequiredOutput,
  TOTP,
  twoFactorStatusOutput,
} from '../../shared/schemas/two-factor';
import { recordActivity, staffActor } from '../activity';
import { verifyPassword } from '../auth/password';
import {
  bareTotp,
  checkTotp,
  looksLikeTotp,
  newTotpSecret,
  replaceRecoveryCodes,
  secretKey,
  spendRecoveryCode,
} from '../auth/two-factor';
import { fieldError } from '../errors';
import { permittedProcedure, router, sessionProcedure, type Context } from '../trpc';
import { tooMany } from './auth';

type User = { id: number; email: string; firstName: string; lastName: string; role: string; businessId: number };

/** The change an activity entry shows: that two-factor sign-in went on or off (never a secret or a code). */
async function recordTwoFactor(
  tx: Parameters<typeof recordActivity>[0],
  user: User,
  field: string,
  from: string | null,
  to: string | null,
) {
  await recordActivity(tx, user.businessId, staffActor(user), {
    entityType: 'team',
    entityId: user.id,
    entityName: `${user.firstName} ${user.lastName}`.trim(),
    action: 'updated',
    changes: [{ field, from, to }],
  });
}

async function twoFactorOf(ctx: Context, user: User) {
  return ctx.unscopedDb.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { totpSecret: true, totpEnabledAt: true },
  });
}

/** Counts a code attempt of the user against the two-factor throttle (429 past its budget); returns the ticket. */
async function beginCodeAttempt(ctx: Context, userId: number) {
  const attempt = await ctx.app.throttle.beginTwoFactor(userId, ctx.ip);
  if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.twoFactor.throttled);
  return attempt;
}

/** An authenticator code of an enabled user, or the field error. */
async function requireTotp(ctx: Context, user: User, secret: string, code: string, field = 'code') {
  const attempt = await beginCodeAttempt(ctx, user.id);
  const result = await checkTotp(ctx.app.throttle, user.id, secret, code);
  if (result === 'used') fieldError(field, M.twoFactor.codeUsed);
  if (result === 'wrong') fieldError(field, M.twoFactor.wrongCode);
  await ctx.app.throttle.loginSucceeded(attempt);
}

/**
 * The signed-in user's own two-factor sign-in (Account → Profile). A signed-in session only, like the password: an
 * API token cannot turn it off or read a secret. status, beginSetup and enable stay open while the agency requires
 * two-factor and the user has not set it up (server/trpc.ts).
 */
export const twoFactorRouter = router({
  status: sessionProcedure.output(twoFactorStatusOutput).query(async ({ ctx }) => {
    const [user, left, business] = await Promise.all([
      twoFactorOf(ctx, ctx.user),
      ctx.unscopedDb.recoveryCode.count({ where: { businessId: ctx.businessId, userId: ctx.user.id, usedAt: null } }),
      ctx.unscopedDb.business.findUniqueOrThrow({ where: { id: ctx.businessId }, select: { requireTwoFactor: true } }),
    ]);
    const enabled = user.totpEnabledAt !== null;
    return {
      enabled,
      enabledAt: user.totpEnabledAt,
      recoveryCodesLeft: enabled ? left : 0,
      required: business.requireTwoFactor,
    };
  }),

  /** A fresh secret, pending until enable confirms it with a code; the QR code is drawn here (no QR library in the client). */
  beginSetup: sessionProcedure.output(beginSetupOutput).mutation(async ({ ctx }) => {
    const { user } = ctx;
    const secret = newTotpSecret();
    const updated = await ctx.unscopedDb.user.updateMany({
      where: { id: user.id, totpEnabledAt: null },
      data: { totpSecret: secret },
    });
    if (updated.count !== 1) throw new TRPCError({ code: 'CONFLICT', message: M.twoFactor.alreadyOn });
    const uri = createTOTPKeyURI(
      `${TOTP.issuer} (${ctx.session.business.name})`,
      user.email,
      secretKey(secret),
      TOTP.periodSeconds,
      TOTP.digits,
    );
    return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
  }),

  /** Confirms the pending secret with a code from the app: two-factor goes on and 10 recovery codes are shown once. */
  enable: sessionProcedure
    .input(enableInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => {
      const { user } = ctx;
      const current = await twoFactorOf(ctx, user);
      if (current.totpEnabledAt) throw new TRPCError({ code: 'CONFLICT', message: M.twoFactor.alreadyOn });
      if (!current.totpSecret) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notPending });
      await requireTotp(ctx, user, current.totpSecret, input.code);
      const recoveryCodes = await ctx.unscopedDb.$transaction(async (tx) => {
        // Only the secret that was checked, and only once (two confirmations racing: one wins).
        const turned = await tx.user.updateMany({
          where: { id: user.id, totpSecret: current.totpSecret, totpEnabledAt: null },
          data: { totpEnabledAt: new Date() },
        });
        if (turned.count !== 1) throw new TRPCError({ code: 'CONFLICT', message: M.twoFactor.notPending });
        await recordTwoFactor(tx, user, 'twoFactor', 'off', 'on');
        return replaceRecoveryCodes(tx, user.businessId, user.id);
      });
      return { recoveryCodes };
    }),

  /** Needs the password and a code (authenticator or recovery): a session left open on a shared computer is not enough. */
  disable: sessionProcedure
    .input(disableInput)
    .output(twoFactorStatusOutput.pick({ enabled: true }))
    .mutation(async ({ ctx, input }) => {
      const { user } = ctx;
      const passwordAttempt = await ctx.app.throttle.beginLogin(user.email, ctx.ip);
      if (passwordAttempt.retryAfter > 0) tooMany(ctx, passwordAttempt.retryAfter, M.auth.throttled);
      const stored = await ctx.unscopedDb.user.findUniqueOrThrow({
        where: { id: user.id },
        select: { passwordHash: true, totpSecret: true, totpEnabledAt: true },
      });
      if (!(await verifyPassword(stored.passwordHash, input.password)))
        fieldError('password', M.twoFactor.wrongPassword);
      await ctx.app.throttle.loginSucceeded(passwordAttempt);
      if (!stored.totpEnabledAt || !stored.totpSecret)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notOn });
      if (looksLikeTotp(input.code)) {
        await requireTotp(ctx, user, stored.totpSecret, bareTotp(input.code));
      } else {
        const attempt = await beginCodeAttempt(ctx, user.id);
        if (!(await spendRecoveryCode(ctx.unscopedDb, user.businessId, user.id, input.code)))
          fieldError('code', M.twoFactor.wrongCodeOrRecovery);
        await ctx.app.throttle.loginSucceeded(attempt);
      }
      await ctx.unscopedDb.$transaction(async (tx) => {
        await tx.user.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null } });
        await tx.recoveryCode.deleteMany({ where: { businessId: user.businessId, userId: user.id } });
        await tx.twoFactorChallenge.deleteMany({ where: { businessId: user.businessId, userId: user.id } });
        await recordTwoFactor(tx, user, 'twoFactor', 'on', 'off');
      });
      return { enabled: false };
    }),

  /** A new set of 10 recovery codes, given an authenticator code; every earlier code stops working. */
  regenerateRecoveryCodes: sessionProcedure
    .input(regenerateInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => {
      const { user } = ctx;
      const current = await twoFactorOf(ctx, user);
      if (!current.totpEnabledAt || !current.totpSecret)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notOn });
      await requireTotp(ctx, user, current.totpSecret, input.code);
      const recoveryCodes = await ctx.unscopedDb.$transaction(async (tx) => {
        await recordTwoFactor(tx, user, 'recoveryCodes', null, null);
        return replaceRecoveryCodes(tx, user.businessId, user.id);
      });
      return { recoveryCodes };
    }),

  /**
   * Owner only: require two-factor sign-in for the whole team (Account → Team). Turning it on needs the owner's own
   * two-factor first, so the switch can never lock its owner into the set-up screen.
   */
  setRequired: permittedProcedure('security.manage', { sessionOnly: true })
    .input(setRequiredInput)
    .output(setRequiredOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, businessId } = ctx;
      if (input.required && !(await twoFactorOf(ctx, user)).totpEnabledAt)
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.ownerFirst });
      await ctx.unscopedDb.$transaction(async (tx) => {
        const before = await tx.business.findUniqueOrThrow({
          where: { id: businessId },
          select: { requireTwoFactor: true, name: true },
        });
        if (before.requireTwoFactor === input.required) return;
        await tx.business.update({ where: { id: businessId }, data: { requireTwoFactor: input.required } });
        await recordActivity(tx, businessId, staffActor(user), {
          entityType: 'business',
          entityId: businessId,
          entityName: before.name,
          action: 'updated',
          changes: [
            {
              field: 'requireTwoFactor',
              from: before.requireTwoFactor ? 'on' : 'off',
              to: input.required ? 'on' : 'off',
            },
          ],
        });
      });
      return { required: input.required };
    }),
});
