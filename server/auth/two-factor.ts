/**
 * Two-factor sign-in: TOTP (RFC 6238, via @oslojs/otp) and one-time recovery codes (only their SHA-256 is stored).
 * The secret is stored base32 in User.totpSecret; User.totpEnabledAt marks it confirmed.
 */
import { generateHOTP } from '@oslojs/otp';
import {
  decodeBase32IgnorePadding,
  encodeBase32LowerCaseNoPadding,
  encodeBase32UpperCaseNoPadding,
} from '@oslojs/encoding';
import { timingSafeEqual } from 'node:crypto';
import { normaliseRecoveryCode, RECOVERY_CODE_COUNT, TOTP } from '../../shared/schemas/two-factor';
import type { Db } from '../db';
import type { LoginThrottle } from './throttle';
import { hashToken } from './tokens';

/** 20 random bytes (160 bits, RFC 4226's recommendation), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
}

export const secretKey = (secret: string) => decodeBase32IgnorePadding(secret);

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The time step a code belongs to (the current one, or one step either side for a phone's clock drift), or null.
 * Computed here rather than with verifyTOTPWithGracePeriod so the matched step can be claimed once.
 */
function matchingStep(secret: string, code: string, now = Date.now()): bigint | null {
  const key = secretKey(secret);
  const current = BigInt(Math.floor(now / 1000 / TOTP.periodSeconds));
  for (const step of [current, current - 1n, current + 1n]) {
    if (sameText(generateHOTP(key, step, TOTP.digits), code)) return step;
  }
  return null;
}

/** How long a used step is remembered: the steps accepted around it have passed by then. */
const STEP_MEMORY_MS = 4 * TOTP.periodSeconds * 1000;

/**
 * 'ok' when the code is right for the secret and its time step was not used yet by this user (a code seen over a
 * shoulder or replayed from a log does not work a second time); 'used' when it was; 'wrong' otherwise.
 */
export async function checkTotp(
  throttle: LoginThrottle,
  userId: number,
  secret: string,
  code: string,
): Promise<'ok' | 'used' | 'wrong'> {
  const step = matchingStep(secret, code);
  if (step === null) return 'wrong';
  return (await throttle.claimOnce('totp-step', `${userId}:${step}`, STEP_MEMORY_MS)) ? 'ok' : 'used';
}

/** Ten codes like "k3f9q-7mzx2" (50 bits each), and the hashes to store. */
function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(8))).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => hashToken(code)) };
}

/** Replaces a user's recovery codes with a fresh set (inside the caller's transaction); the plain codes, shown once. */
export async function replaceRecoveryCodes(
  tx: Pick<Db, 'recoveryCode'>,
  businessId: number,
  userId: number,
): Promise<string[]> {
  const { codes, hashes } = newRecoveryCodes();
  await tx.recoveryCode.deleteMany({ where: { businessId, userId } });
  await tx.recoveryCode.createMany({ data: hashes.map((codeHash) => ({ businessId, userId, codeHash })) });
  return codes;
}

/** Spends a recovery code: true once per code (a conditional update, so two racing uses cannot both succeed). */
export async function spendRecoveryCode(
  db: Pick<Db, 'recoveryCode'>,
  businessId: number,
  userId: number,
  typed: string,
): Promise<boolean> {
  const codeHash = hashToken(normaliseRecoveryCode(typed));
  const spent = await db.recoveryCode.updateMany({
    where: { businessId, userId, codeHash, usedAt: null },
    data: { usedAt: new Date() },
  });
  return spent.count === 1;
}

/** A 6-digit code (spaces ignored) or else a recovery code. */
export const looksLikeTotp = (value: string) => /^\d{6}$/.test(value.replace(/[\s-]/g, ''));
export const bareTotp = (value: string) => value.replace(/[\s-]/g, '');
