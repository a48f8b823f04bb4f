import { z } from 'zod';
import { M } from '../messages';

/** Authenticator codes: 6 digits, every 30 seconds (what every authenticator app shows by default). */
export const TOTP = { digits: 6, periodSeconds: 30, issuer: 'Clientflow' } as const;
/** A fresh set of recovery codes has this many. */
export const RECOVERY_CODE_COUNT = 10;
/** A sign-in's second step must follow the password within this time. */
export const TWO_FACTOR_CHALLENGE_MS = 10 * 60 * 1000;

/** Spaces and dashes people type between the digits are ignored. */
const totpCodeSchema = z
  .string()
  .max(20, M.twoFactor.codeFormat)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, M.twoFactor.codeFormat));

/** A recovery code as typed: case and spaces do not matter (shared/… normaliseRecoveryCode). */
const recoveryCodeSchema = z.string().trim().min(1, M.twoFactor.codeRequired).max(40, M.twoFactor.wrongRecoveryCode);

/** "ABCDE-12345 " → "abcde-12345": how a recovery code is hashed and compared. */
export const normaliseRecoveryCode = (value: string) => {
  const bare = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  return bare.length === 10 ? `${bare.slice(0, 5)}-${bare.slice(5)}` : bare;
};

export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  enabledAt: z.date().nullable(),
  recoveryCodesLeft: z.number().int(),
  /** The agency requires two-factor sign-in for everyone. */
  required: z.boolean(),
});

export const beginSetupOutput = z.object({ secret: z.string(), uri: z.string(), qrSvg: z.string() });
export const enableInput = z.object({ code: totpCodeSchema });
export const recoveryCodesOutput = z.object({ recoveryCodes: z.array(z.string()) });
export const disableInput = z.object({
  password: z.string().min(1, M.auth.passwordRequired).max(200),
  code: recoveryCodeSchema,
});
export const regenerateInput = z.object({ code: totpCodeSchema });
export const setRequiredInput = z.object({ required: z.boolean() });
export const setRequiredOutput = z.object({ required: z.boolean() });

/** Sign-in's second step: the challenge from auth.login and either an authenticator code or a recovery code. */
export const verifyTwoFactorInput = z.object({
  challenge: z.string().min(1).max(200),
  code: z.string().max(20).optional(),
  recoveryCode: z.string().max(40).optional(),
});

/** What a right password answers when the user has two-factor sign-in on: no session yet, a challenge for the code step. */
export const twoFactorChallengeOutput = z.object({ twoFactorRequired: z.literal(true), challenge: z.string() });
