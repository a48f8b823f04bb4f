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
  /** The company the session works in; null while a contact of several companies has not chosen one yet. */
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  /** How many companies this login opens: more than one shows the chooser and the switch menu. */
  companyCount: z.number().int(),
  business: z.object({ name: z.string(), slug: z.string() }),
  /**
   * A staff preview of the portal as this contact (read-only): who opens it and the contact's company, for its
   * banner; null in the contact's own session (a client never learns a staff name this way).
   */
  preview: z.object({ staffName: z.string(), companyName: z.string() }).nullable(),
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

/**
 * "Forgot password?" on the portal sign-in page: the same reply whether or not the address has portal access at that
 * slug (emailConfigured only says whether this server can send mail at all). Throttled per address and per e-mail.
 */
export const portalResetRequestInput = z.object({ slug: portalSlug, email: emailSchema });
export const portalResetRequestOutput = z.object({ ok: z.literal(true), emailConfigured: z.boolean() });

/**
 * A reset link's token as it arrives from /portal/{slug}/reset-password/{token}: refused as staff reset links are
 * (NOT_FOUND M.passwordReset.invalid, CONFLICT M.passwordReset.used, PRECONDITION_FAILED M.passwordReset.expired), and
 * FORBIDDEN M.portalAuth.noAccess when the contact's access was turned off meanwhile.
 */
export const portalResetCheckInput = z.object({ slug: portalSlug, token: inviteToken });
export const portalResetCheckOutput = z.object({ email: z.string(), businessName: z.string() });
/** A new password from a reset link: the contact's other portal sessions end and a new one starts. */
export const portalResetInput = portalResetCheckInput.extend({ password: portalPasswordSchema });

/** "Change password" in portal settings: the current password, and a new one by the same rules as the portal's. */
export const portalChangePasswordInput = z.object({
  currentPassword: z.string().min(1, M.portalAuth.currentRequired).max(200),
  newPassword: portalPasswordSchema,
});
export const portalChangePasswordFormSchema = portalChangePasswordInput
  .extend({ confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: M.signup.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type PortalChangePasswordForm = z.input<typeof portalChangePasswordFormSchema>;
/** endedSessions: how many other portal sessions of the contact were signed out. */
export const portalChangePasswordOutput = z.object({ ok: z.literal(true), endedSessions: z.number().int() });

/**
 * "Email me a sign-in link" (issue 32): the same reply whether or not the address can sign in at that slug, with or
 * without a password (emailConfigured only says whether this server can send mail at all). Throttled per address and
 * per e-mail.
 */
export const portalMagicLinkRequestInput = z.object({ slug: portalSlug, email: emailSchema });
export type PortalMagicLinkRequest = z.input<typeof portalMagicLinkRequestInput>;
export const portalMagicLinkRequestOutput = z.object({ ok: z.literal(true), emailConfigured: z.boolean() });

/**
 * A sign-in link's token as it arrives from /portal/{slug}/magic/{token}: refused as invite links are (NOT_FOUND
 * M.magicLink.invalid, CONFLICT M.magicLink.used, PRECONDITION_FAILED M.magicLink.expired, FORBIDDEN
 * M.portalAuth.noAccess / companyArchived). Reading it (checkMagicLink) never spends it; signing in does.
 */
export const portalMagicLinkInput = z.object({ slug: portalSlug, token: inviteToken });
export const portalMagicLinkInfoOutput = z.object({ email: z.string(), businessName: z.string() });
