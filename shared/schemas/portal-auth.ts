import { z } from 'zod';
import { auth } from '../messages/auth';
import { portalAuth } from '../messages/portalAuth';
import { signup } from '../messages/signup';
import { emailSchema } from './auth';
import { portalPasswordSchema } from './contacts';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { auth, portalAuth, signup } as const;

/** The portal's slug as typed or taken from the route; the sign-up rules decide which slugs exist. */
const portalSlug = z.string().trim().toLowerCase().min(1, M.portalAuth.slugRequired).max(40);

/** POST /auth/portal/v1/login {slug, email, password}. Wrong slug, e-mail or password all answer the same. */
export const portalLoginInput = z.object({
  slug: portalSlug,
  email: emailSchema,
  password: z.string().min(1, M.auth.passwordRequired).max(200),
});
export type PortalLoginInput = z.input<typeof portalLoginInput>;

/** GET /auth/portal/v1/me: id, email, first_name, last_name, company_id (+ the portal's business). */
export const portalMeOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  companyId: z.number().int(),
  business: z.object({ name: z.string(), slug: z.string() }),
});

/**
 * An invite link's token as it arrives from /portal/{slug}/invite/{token}. inviteInfo and acceptInvite refuse a link
 * with a code per case, so the page can tell them apart:
 * - NOT_FOUND (404) M.portalAuth.inviteInvalid: no such token for the slug's business (or no such slug);
 * - CONFLICT (409) M.portalAuth.inviteUsed: already used (links work once);
 * - PRECONDITION_FAILED (412) M.portalAuth.inviteExpired: older than 7 days;
 * - FORBIDDEN (403) M.portalAuth.noAccess: the contact's portal access is off, or they have no company.
 */
const inviteToken = z.string().trim().min(1).max(100);

export const portalInviteInput = z.object({ slug: portalSlug, token: inviteToken });

/** Who the invite is for, so the page can greet them before they choose a password. */
export const portalInviteInfoOutput = z.object({
  firstName: z.string(),
  email: z.string(),
  businessName: z.string(),
});

export const portalAcceptInviteInput = portalInviteInput.extend({ password: portalPasswordSchema });

/** The accept page's form: the password twice. */
export const portalPasswordFormSchema = z
  .object({ password: portalPasswordSchema, confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: M.signup.passwordsDontMatch, path: ['confirmPassword'] });
export type PortalPasswordForm = z.input<typeof portalPasswordFormSchema>;
