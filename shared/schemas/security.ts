import { z } from 'zod';
import { security } from '../messages/security';

const M = { security } as const;

/** The owner's session lifetime (Business.sessionLifetimeDays): whole days within these bounds, or null. */
export const SESSION_LIFETIME_DAYS = { min: 1, max: 90 } as const;

const lifetimeDays = z
  .number(M.security.lifetimeInvalid)
  .int(M.security.lifetimeInvalid)
  .min(SESSION_LIFETIME_DAYS.min, M.security.lifetimeInvalid)
  .max(SESSION_LIFETIME_DAYS.max, M.security.lifetimeInvalid)
  .nullable();

/**
 * GET /api/business/sign-in-policy: whether clients sign in with e-mailed links only, the agency's session lifetime
 * (null: the server's), and the server's own lifetime in days for the form's hint.
 */
export const signInPolicyOutput = z.object({
  clientMagicLinkOnly: z.boolean(),
  sessionLifetimeDays: z.number().int().nullable(),
  serverSessionLifetimeDays: z.number(),
  emailConfigured: z.boolean(),
});

/** PUT /api/business/sign-in-policy: either or both (owner only). */
export const signInPolicyInput = z.object({
  clientMagicLinkOnly: z.boolean().optional(),
  sessionLifetimeDays: lifetimeDays.optional(),
});

/** The session lifetime form: the field empty means the server's lifetime. */
export const sessionLifetimeForm = z.object({ sessionLifetimeDays: lifetimeDays });
export type SessionLifetimeForm = z.input<typeof sessionLifetimeForm>;

/** How many of a user's sessions the list shows (the newest): a user may have signed in any number of times. */
export const SESSIONS_LIST_MAX = 50;

/**
 * One of the signed-in user's sessions. key: a handle derived from the session's id (never the id or the token);
 * current: the session of this request.
 */
const staffSessionItem = z.object({
  key: z.string(),
  current: z.boolean(),
  ip: z.string(),
  userAgent: z.string(),
  method: z.string(),
  createdAt: z.date(),
  lastSeenAt: z.date().nullable(),
  expiresAt: z.date(),
});
export type StaffSessionItem = z.infer<typeof staffSessionItem>;
export const staffSessionsOutput = z.object({ items: z.array(staffSessionItem), total: z.number().int() });

/** DELETE /api/account/sessions/{key}: a session of the signed-in user (another user's key is NOT_FOUND). */
export const endSessionInput = z.object({ key: z.string().trim().min(1).max(64) });
export const endSessionOutput = z.object({ ok: z.literal(true), current: z.boolean() });
export const endOtherSessionsOutput = z.object({ ended: z.number().int() });
