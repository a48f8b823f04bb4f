import { z } from 'zod';
import { M } from '../messages';
import { signupInput } from './auth';

/** The signed-in user's own name and e-mail; an e-mail that another account uses is refused with CONFLICT (M.profile.emailTaken). */
export const profileUpdateInput = z.object({
  firstName: signupInput.shape.firstName,
  lastName: signupInput.shape.lastName,
  email: signupInput.shape.email,
});
export type ProfileForm = z.input<typeof profileUpdateInput>;
export const profileOutput = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});

/**
 * A new password: the current one is required (a wrong one answers 400 on currentPassword, M.profile.currentWrong),
 * the new one follows the sign-up rules. Every other session of the user ends; this one stays. revokeApiTokens
 * (default true): the user's personal API tokens end too.
 */
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, M.profile.currentRequired).max(200),
  newPassword: signupInput.shape.password,
  revokeApiTokens: z.boolean().default(true),
});
export const changePasswordFormSchema = changePasswordInput
  .extend({ confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: M.signup.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
/** endedSessions: how many other sessions of the user were signed out; revokedApiTokens: how many API tokens ended. */
export const changePasswordOutput = z.object({
  ok: z.literal(true),
  endedSessions: z.number().int(),
  revokedApiTokens: z.number().int(),
});
