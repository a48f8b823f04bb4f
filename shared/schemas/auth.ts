import { z } from 'zod';
import { LIMITS } from '../constants';
import { M } from '../messages';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email(M.auth.invalidEmail));

export const loginInput = z.object({
  email: emailSchema,
  password: z.string().min(1, M.auth.passwordRequired).max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

/** Brand URL rules: lower-cased, 3–30 letters and digits. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(LIMITS.slugMin, M.signup.slugMin)
  .max(LIMITS.slugMax, M.signup.slugMax)
  .regex(/^[a-z0-9]+$/, M.signup.slugChars);

/** What typing in the Brand URL field keeps: letters and digits, lower-cased. */
export const cleanSlug = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 40);

export const signupInput = z.object({
  name: z.string().trim().min(1, M.signup.companyNameRequired).max(LIMITS.businessNameMax),
  firstName: z.string().trim().min(1, M.signup.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.signup.lastNameRequired).max(100),
  email: emailSchema,
  phone: z.string().trim().min(1, M.signup.phoneRequired).max(40),
  password: z.string().min(1, M.auth.passwordRequired).min(LIMITS.passwordMin, M.signup.passwordTooShort).max(200),
  slug: slugSchema,
});
export type SignupInput = z.infer<typeof signupInput>;

/** The sign-up form adds the confirmation field, checked on the client only. */
export const signupFormSchema = signupInput
  .extend({ confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, {
    message: M.signup.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignupForm = z.input<typeof signupFormSchema>;
