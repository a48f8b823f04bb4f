import { z } from 'zod';
import { LIMITS, STAFF_ROLES } from '../constants';
import { auth } from '../messages/auth';
import { passwordReset } from '../messages/passwordReset';
import { signup } from '../messages/signup';
import { storedEnum } from './output';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { auth, passwordReset, signup } as const;

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(M.auth.invalidEmail));

export const loginInput = z.object({
  email: emailSchema,
  password: z.string().min(1, M.auth.passwordRequired).max(200),
});

/** Brand URL rules: lower-cased, 3–30 letters and digits. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.slugMin, M.signup.slugMin)
  .max(LIMITS.slugMax, M.signup.slugMax)
  .regex(/^[a-z0-9]+$/, M.signup.slugChars);

/** What typing in the Brand URL field keeps: letters and digits, lower-cased. */
export const cleanSlug = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 40);

export const signupInput = z.object({
  name: z.string().trim().min(1, M.signup.companyNameRequired).max(LIMITS.businessNameMax),
  firstName: z.string().trim().min(1, M.signup.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.signup.lastNameRequired).max(100),
  email: emailSchema,
  phone: z.string().trim().min(1, M.signup.phoneRequired).max(40),
  password: z.string().min(1, M.auth.passwordRequired).min(LIMITS.passwordMin, M.signup.passwordTooShort).max(200),
  slug: slugSchema,
});

/** The sign-up form adds the confirmation field, checked on the client only. */
export const signupFormSchema = signupInput
  .extend({ confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: M.signup.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignupForm = z.input<typeof signupFormSchema>;

/**
 * Password strength (zxcvbn-ts: 0 = too guessable … 4 = very unguessable). The server refuses a sign-up below
 * PASSWORD_MIN_SCORE; the form's meter uses the same estimator and threshold. The dictionaries (about 1.6 MB of
 * JavaScript) load on first use, once, in their own chunk on the client.
 */
export const PASSWORD_MIN_SCORE = 3;
/**
 * The estimator's cost grows steeply with length and with l33t-looking characters (a random 64-character password
 * took ~1 s of CPU with the defaults): score only the first 64 characters, with at most 20 l33t substitutions
 * (~0.1 s at worst; the scores of l33t passwords such as "P4$$w0rd!" stay the same).
 */
const STRENGTH_MAX_LENGTH = 64;
const STRENGTH_MAX_L33T_SUBSTITUTIONS = 20;

let estimator: Promise<import('@zxcvbn-ts/core').ZxcvbnFactory> | undefined;
function loadEstimator() {
  estimator ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        translations: en.translations,
        graphs: common.adjacencyGraphs,
        dictionary: { ...common.dictionary, ...en.dictionary },
        maxLength: STRENGTH_MAX_LENGTH,
        l33tMaxSubstitutions: STRENGTH_MAX_L33T_SUBSTITUTIONS,
      }),
  );
  return estimator;
}

/** Scores a password; userInputs (name, e-mail, brand URL…), whole and word by word, count as easy to guess. */
export async function passwordStrength(password: string, userInputs: string[] = []) {
  const words = userInputs
    .flatMap((input) => [input, ...input.split(/[^\p{L}\p{N}]+/u)])
    .filter((word) => word.length >= 3);
  const { score, feedback } = (await loadEstimator()).check(password, words);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}

/** The session token API clients send as `Authorization: Bearer <authToken>` (browsers also get it as a cookie). */
export const authTokenOutput = z.object({ authToken: z.string() });
export const signupOutput = authTokenOutput.extend({ slug: z.string() });

/** The signed-in staff user and their agency. */
export const meOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: storedEnum(STAFF_ROLES),
  business: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /** The agency requires two-factor sign-in and this user has not set it up yet: the hub shows only the set-up. */
  twoFactorSetupNeeded: z.boolean(),
});

export const logoutOutput = z.object({ ok: z.literal(true) });

/** The demo account shown on the sign-in screen while it exists with its seeded password. */
export const demoHintOutput = z.object({ email: z.string(), password: z.string() }).nullable();

/** 'Forgot your password?': the reply is the same whether or not the address has an account. */
export const passwordResetRequestInput = z.object({ email: emailSchema });
/** emailConfigured: false when the server cannot send mail (the page then says to ask the agency's owner). */
export const passwordResetRequestOutput = z.object({ ok: z.literal(true), emailConfigured: z.boolean() });
export const passwordResetAvailableOutput = z.object({ available: z.boolean() });

/**
 * A reset link's token (/hub/reset-password/{token}). checkPasswordReset and resetPassword refuse a link with a code
 * per case: NOT_FOUND (404) M.passwordReset.invalid, CONFLICT (409) M.passwordReset.used (links work once, and a reset
 * voids the user's other links), PRECONDITION_FAILED (412) M.passwordReset.expired (older than 1 hour).
 */
const resetToken = z.string().trim().min(1).max(100);
export const passwordResetCheckInput = z.object({ token: resetToken });
export const passwordResetCheckOutput = z.object({ email: z.string() });

/**
 * A new password from a reset link; every session and API token of the user ends. Then, as after a login: a new
 * session, or with two-factor sign-in on a challenge for the code step (twoFactorChallengeOutput).
 */
export const passwordResetInput = z.object({
  token: resetToken,
  password: z.string().min(1, M.auth.passwordRequired).min(LIMITS.passwordMin, M.signup.passwordTooShort).max(200),
});
export const passwordResetFormSchema = z
  .object({ password: passwordResetInput.shape.password, confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: M.signup.passwordsDontMatch, path: ['confirmPassword'] });
export type PasswordResetForm = z.input<typeof passwordResetFormSchema>;
