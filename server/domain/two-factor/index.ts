/**
 * The signed-in user's own two-factor sign-in (Account → Profile), and the owner's switch that requires it of the
 * whole team. Reads and writes go through the unscoped client (app.database.db): the user row is not tenant-owned.
 */
import { TRPCError } from '@trpc/server';
import { createTOTPKeyURI } from '@oslojs/otp';
import { renderSVG } from 'uqr';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  TOTP,
  type disableInput,
  type enableInput,
  type regenerateInput,
  type setRequiredInput,
} from '../../../shared/schemas/two-factor';
import { recordActivity, staffActor } from '../../activity';
import { verifyPassword } from '../../auth/password';
import {
  bareTotp,
  checkTotp,
  looksLikeTotp,
  newTotpSecret,
  replaceRecoveryCodes,
  secretKey,
  spendRecoveryCode,
} from '../../auth/two-factor';
import { fieldError } from '../../errors';
import { tooMany, type RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';

type Scope = Pick<StaffScope, 'app' | 'user'>;
type User = StaffScope['user'];

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

function twoFactorOf(scope: Scope) {
  return scope.app.database.db.user.findUniqueOrThrow({
    where: { id: scope.user.id },
    select: { totpSecret: true, totpEnabledAt: true },
  });
}

/** Counts a code attempt of the user against the two-factor throttle (429 past its budget); returns the ticket. */
async function beginCodeAttempt(scope: Scope & RequestScope) {
  const attempt = await scope.app.throttle.beginTwoFactor(scope.user.id, scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.twoFactor.throttled);
  return attempt;
}

/** An authenticator code of an enabled user, or the field error. */
async function requireTotp(scope: Scope & RequestScope, secret: string, code: string, field = 'code') {
  const attempt = await beginCodeAttempt(scope);
  const result = await checkTotp(scope.app.throttle, scope.user.id, secret, code);
  if (result === 'used') fieldError(field, M.twoFactor.codeUsed);
  if (result === 'wrong') fieldError(field, M.twoFactor.wrongCode);
  await scope.app.throttle.loginSucceeded(attempt);
}

export async function twoFactorStatus(scope: Scope & Pick<StaffScope, 'businessId'>) {
  const db = scope.app.database.db;
  const [user, left, business] = await Promise.all([
    twoFactorOf(scope),
    db.recoveryCode.count({ where: { businessId: scope.businessId, userId: scope.user.id, usedAt: null } }),
    db.business.findUniqueOrThrow({ where: { id: scope.businessId }, select: { requireTwoFactor: true } }),
  ]);
  const enabled = user.totpEnabledAt !== null;
  return {
    enabled,
    enabledAt: user.totpEnabledAt,
    recoveryCodesLeft: enabled ? left : 0,
    required: business.requireTwoFactor,
  };
}

/** A fresh secret, pending until enable confirms it with a code; the QR code is drawn here (no QR library in the client). */
export async function beginSetup(scope: Scope & Pick<StaffScope, 'session'>) {
  const { user } = scope;
  const secret = newTotpSecret();
  const updated = await scope.app.database.db.user.updateMany({
    where: { id: user.id, totpEnabledAt: null },
    data: { totpSecret: secret },
  });
  if (updated.count !== 1) throw new TRPCError({ code: 'CONFLICT', message: M.twoFactor.alreadyOn });
  const uri = createTOTPKeyURI(
    `${TOTP.issuer} (${scope.session.business.name})`,
    user.email,
    secretKey(secret),
    TOTP.periodSeconds,
    TOTP.digits,
  );
  return { secret, uri, qrSvg: renderSVG(uri, { border: 2 }) };
}

/** Confirms the pending secret with a code from the app: two-factor goes on and 10 recovery codes are shown once. */
export async function enableTwoFactor(scope: Scope & RequestScope, input: z.infer<typeof enableInput>) {
  const { user } = scope;
  const current = await twoFactorOf(scope);
  if (current.totpEnabledAt) throw new TRPCError({ code: 'CONFLICT', message: M.twoFactor.alreadyOn });
  if (!current.totpSecret) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notPending });
  await requireTotp(scope, current.totpSecret, input.code);
  const recoveryCodes = await scope.app.database.db.$transaction(async (tx) => {
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
}

/** Needs the password and a code (authenticator or recovery): a session left open on a shared computer is not enough. */
export async function disableTwoFactor(scope: Scope & RequestScope, input: z.infer<typeof disableInput>) {
  const { user, app } = scope;
  const db = app.database.db;
  const passwordAttempt = await app.throttle.beginLogin(user.email, scope.ip);
  if (passwordAttempt.retryAfter > 0) tooMany(scope, passwordAttempt.retryAfter, M.auth.throttled);
  const stored = await db.user.findUniqueOrThrow({
    where: { id: user.id },
    select: { passwordHash: true, totpSecret: true, totpEnabledAt: true },
  });
  if (!(await verifyPassword(stored.passwordHash, input.password))) fieldError('password', M.twoFactor.wrongPassword);
  await app.throttle.loginSucceeded(passwordAttempt);
  if (!stored.totpEnabledAt || !stored.totpSecret)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notOn });
  if (looksLikeTotp(input.code)) {
    await requireTotp(scope, stored.totpSecret, bareTotp(input.code));
  } else {
    const attempt = await beginCodeAttempt(scope);
    if (!(await spendRecoveryCode(db, user.businessId, user.id, input.code)))
      fieldError('code', M.twoFactor.wrongCodeOrRecovery);
    await app.throttle.loginSucceeded(attempt);
  }
  await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { totpSecret: null, totpEnabledAt: null } });
    await tx.recoveryCode.deleteMany({ where: { businessId: user.businessId, userId: user.id } });
    await tx.twoFactorChallenge.deleteMany({ where: { businessId: user.businessId, userId: user.id } });
    await recordTwoFactor(tx, user, 'twoFactor', 'on', 'off');
  });
  return { enabled: false };
}

/** A new set of 10 recovery codes, given an authenticator code; every earlier code stops working. */
export async function regenerateRecoveryCodes(scope: Scope & RequestScope, input: z.infer<typeof regenerateInput>) {
  const { user } = scope;
  const current = await twoFactorOf(scope);
  if (!current.totpEnabledAt || !current.totpSecret)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.notOn });
  await requireTotp(scope, current.totpSecret, input.code);
  const recoveryCodes = await scope.app.database.db.$transaction(async (tx) => {
    await recordTwoFactor(tx, user, 'recoveryCodes', null, null);
    return replaceRecoveryCodes(tx, user.businessId, user.id);
  });
  return { recoveryCodes };
}

/**
 * Owner only: require two-factor sign-in for the whole team. Turning it on needs the owner's own two-factor first,
 * so the switch can never lock its owner into the set-up screen.
 */
export async function setTwoFactorRequired(
  scope: Scope & Pick<StaffScope, 'businessId'>,
  input: z.infer<typeof setRequiredInput>,
) {
  const { user, businessId } = scope;
  if (input.required && !(await twoFactorOf(scope)).totpEnabledAt)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.twoFactor.ownerFirst });
  await scope.app.database.db.$transaction(async (tx) => {
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
        { field: 'requireTwoFactor', from: before.requireTwoFactor ? 'on' : 'off', to: input.required ? 'on' : 'off' },
      ],
    });
  });
  return { required: input.required };
}
