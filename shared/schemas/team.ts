import { z } from 'zod';
import { STAFF_ROLES } from '../constants';
import { M } from '../messages';
import { emailSchema, signupInput } from './auth';
import { idSchema } from './common';
import { storedEnum } from './output';

/** owner | admin | member (shared/permissions.ts says what each may do). */
export const staffRoleSchema = z.enum(STAFF_ROLES, { error: M.team.roleInvalid });

/**
 * The agency's staff users by name (team.list, GET /api/team): the task assignee choice and the Team tab. Small by
 * nature (an agency's staff), so one unpaginated list.
 */
export const teamMemberOutput = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: storedEnum(STAFF_ROLES),
  createdAt: z.date(),
});
export const teamListOutput = z.array(teamMemberOutput);

/** A member named by id; another agency's user answers NOT_FOUND (M.team.notFound). */
export const teamMemberIdInput = z.object({ id: idSchema });
export const teamSetRoleInput = z.object({ id: idSchema, role: staffRoleSchema });
export const teamOkOutput = z.object({ ok: z.literal(true) });

/**
 * Invite someone by e-mail. A member of the agency is refused with CONFLICT (M.team.alreadyMember); an address with
 * an account in another agency is invited like any other (nothing tells the inviter it exists): its invite page says so.
 * Past the agency's or the user's invitation budget: TOO_MANY_REQUESTS (M.team.invitesThrottled).
 */
export const teamInviteInput = z.object({ email: emailSchema, role: staffRoleSchema });
export type TeamInviteForm = z.input<typeof teamInviteInput>;

/**
 * A fresh one-time link (valid 7 days): url is shown once, with a copy button; only its hash is stored. emailed: the
 * SMTP server accepted the mail; false with emailConfigured false: no SMTP settings; with true: the server refused.
 */
export const teamInviteLinkOutput = z.object({
  id: z.number().int(),
  email: z.string(),
  url: z.string(),
  expiresAt: z.date(),
  emailed: z.boolean(),
  emailConfigured: z.boolean(),
});

/** Unused invites, newest first (expired ones too, until revoked or renewed). */
export const teamInviteListOutput = z.array(
  z.object({
    id: z.number().int(),
    email: z.string(),
    role: storedEnum(STAFF_ROLES),
    expiresAt: z.date(),
    createdAt: z.date(),
    /** null once the inviting user has been removed. */
    invitedBy: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  }),
);
export const teamInviteIdInput = z.object({ inviteId: idSchema });

/**
 * A staff invite link's token (/hub/invite/{token}). info and accept refuse a link with a code per case:
 * NOT_FOUND (404) M.staffInvite.invalid, CONFLICT (409) M.staffInvite.used, PRECONDITION_FAILED (412)
 * M.staffInvite.expired. When the address has an account (in another agency, or got one meanwhile) info answers
 * emailHasAccount true, and accept refuses with CONFLICT M.staffInvite.emailHasAccount and creates nothing.
 */
const inviteToken = z.string().trim().min(1).max(100);
export const staffInviteInput = z.object({ token: inviteToken });
export const staffInviteInfoOutput = z.object({
  email: z.string(),
  role: storedEnum(STAFF_ROLES),
  businessName: z.string(),
  /** The inviting user's name, null once they have been removed. */
  invitedBy: z.string().nullable(),
  /** The address already has a Clientflow account (one address, one agency): the link cannot be accepted. */
  emailHasAccount: z.boolean(),
});

/** The new staff user's name and password, with the sign-up rules. */
export const staffInviteAcceptInput = staffInviteInput.extend({
  firstName: signupInput.shape.firstName,
  lastName: signupInput.shape.lastName,
  password: signupInput.shape.password,
});
export const staffInviteFormSchema = staffInviteAcceptInput
  .omit({ token: true })
  .extend({ confirmPassword: z.string().min(1, M.signup.confirmRequired) })
  .refine((v) => v.password === v.confirmPassword, { message: M.signup.passwordsDontMatch, path: ['confirmPassword'] });
export type StaffInviteForm = z.input<typeof staffInviteFormSchema>;
