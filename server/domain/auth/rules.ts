/**
 * The rules every sign-in, link and password flow shares (staff, team invites, portal): the throttle's refusal, the
 * password strength rule and the one-time link's refusals.
 */
import { TRPCError } from '@trpc/server';
import type { Response } from 'express';
import { M } from '../../../shared/messages';
import { PASSWORD_MIN_SCORE, passwordStrength } from '../../../shared/schemas/auth';
import { fieldError } from '../../errors';

/**
 * What a throttled operation needs of its request: the client's address (a throttle key) and the reply, for the
 * Retry-After header of a refusal (tRPC's ctx.res; the REST adapter calls procedures with the same context).
 */
export type RequestScope = {
  ip: string;
  res: Pick<Response, 'setHeader'>;
  /** The request's headers, where a new session notes its User-Agent (server/auth/sessions.ts originOf). */
  req?: { headers: Record<string, string | string[] | undefined> };
};

/** The throttle's refusal: 429 with the seconds to wait, in the body's message and the Retry-After header. */
export function tooMany(scope: Pick<RequestScope, 'res'>, retryAfterSeconds: number, message: string): never {
  scope.res.setHeader('Retry-After', String(retryAfterSeconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** The sign-up strength rule (also for reset, invite, profile and portal passwords); userInputs: names, e-mail, slug… of the person. */
export async function requireStrongPassword(password: string, userInputs: string[], field = 'password'): Promise<void> {
  const strength = await passwordStrength(password, userInputs);
  if (strength.score < PASSWORD_MIN_SCORE) fieldError(field, M.signup.passwordTooWeak);
}

/** The three refusals of a one-time link, each with its own message. */
export type LinkMessages = { invalid: string; used: string; expired: string };

/**
 * A one-time link (portal invite, password reset), refused unless usable: unknown → NOT_FOUND, used → CONFLICT,
 * expired → PRECONDITION_FAILED, each with its own message (shared/schemas/auth.ts and portal-auth.ts list them).
 */
export function usableLink<T extends { usedAt: Date | null; expiresAt: Date }>(
  link: T | null,
  messages: LinkMessages,
  now = new Date(),
): T {
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: messages.invalid });
  if (link.usedAt) throw new TRPCError({ code: 'CONFLICT', message: messages.used });
  if (link.expiresAt.getTime() <= now.getTime())
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: messages.expired });
  return link;
}

/**
 * A link claimed by nobody else: when the claiming update changed no row (used by a concurrent request, expired or
 * revoked meanwhile), says which from the link as it is now, else that it was used.
 */
export function refuseUnclaimed(
  link: { usedAt: Date | null; expiresAt: Date } | null,
  messages: LinkMessages,
  now: Date,
): never {
  usableLink(link, messages, now);
  throw new TRPCError({ code: 'CONFLICT', message: messages.used });
}
