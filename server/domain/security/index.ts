/**
 * Account → Security (issue 32): the owner's sign-in policy (clients by e-mailed link only, the session lifetime) and
 * each staff member's own sessions (list, end one, end the others). Ending a session deletes its row, and every
 * request reads its session from the database, so the device is signed out at its next request.
 */
import { createHash } from 'node:crypto';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { SESSIONS_LIST_MAX, type endSessionInput, type signInPolicyInput } from '../../../shared/schemas/security';
import { recordActivity, staffActor } from '../../activity';
import type { StaffScope } from '../context';

type Scope = Pick<StaffScope, 'app' | 'user' | 'businessId' | 'session'>;

/** The handle a session is named by outside the server: derived from its id, so neither the id nor the token leaves. */
const keyOf = (sessionId: string) => createHash('sha256').update(`session\n${sessionId}`).digest('hex').slice(0, 32);

async function policyOf(scope: Pick<Scope, 'app' | 'businessId'>) {
  const business = await scope.app.database.db.business.findUniqueOrThrow({
    where: { id: scope.businessId },
    select: { clientMagicLinkOnly: true, sessionLifetimeDays: true },
  });
  return {
    ...business,
    serverSessionLifetimeDays: scope.app.env.SESSION_MAX_AGE_DAYS,
    emailConfigured: scope.app.mailer.configured,
  };
}

export const getSignInPolicy = (scope: Pick<Scope, 'app' | 'businessId'>) => policyOf(scope);

/**
 * The owner's changes, logged in the activity. Links only needs outgoing mail (PRECONDITION_FAILED otherwise): no
 * client could sign in without it. The lifetime counts from each session's sign-in, for staff and clients alike.
 */
export async function updateSignInPolicy(scope: Scope, input: z.infer<typeof signInPolicyInput>) {
  const { businessId, user } = scope;
  if (input.clientMagicLinkOnly && !scope.app.mailer.configured)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.security.magicOnlyNeedsMail });
  await scope.app.database.db.$transaction(async (tx) => {
    const before = await tx.business.findUniqueOrThrow({
      where: { id: businessId },
      select: { name: true, clientMagicLinkOnly: true, sessionLifetimeDays: true },
    });
    const changes: { field: string; from: string | null; to: string | null }[] = [];
    const data: { clientMagicLinkOnly?: boolean; sessionLifetimeDays?: number | null } = {};
    if (input.clientMagicLinkOnly !== undefined && input.clientMagicLinkOnly !== before.clientMagicLinkOnly) {
      data.clientMagicLinkOnly = input.clientMagicLinkOnly;
      changes.push({
        field: 'clientMagicLinkOnly',
        from: before.clientMagicLinkOnly ? 'on' : 'off',
        to: input.clientMagicLinkOnly ? 'on' : 'off',
      });
    }
    if (input.sessionLifetimeDays !== undefined && input.sessionLifetimeDays !== before.sessionLifetimeDays) {
      data.sessionLifetimeDays = input.sessionLifetimeDays;
      const days = (value: number | null) => (value === null ? null : String(value));
      changes.push({
        field: 'sessionLifetimeDays',
        from: days(before.sessionLifetimeDays),
        to: days(input.sessionLifetimeDays),
      });
    }
    if (!changes.length) return;
    await tx.business.update({ where: { id: businessId }, data, select: { id: true } });
    await recordActivity(tx, businessId, staffActor(user), {
      entityType: 'business',
      entityId: businessId,
      entityName: before.name,
      action: 'updated',
      changes,
    });
  });
  return policyOf(scope);
}

const sessionSelect = {
  id: true,
  ip: true,
  userAgent: true,
  method: true,
  createdAt: true,
  lastSeenAt: true,
  expiresAt: true,
} as const;

/**
 * The signed-in user's sessions: this one first, then the newest (SESSIONS_LIST_MAX in all), and how many there are.
 */
export async function listSessions(scope: Pick<Scope, 'app' | 'user' | 'session'>) {
  const db = scope.app.database.db;
  const { sessionId } = scope.session;
  const where = { userId: scope.user.id, expiresAt: { gt: new Date() } };
  const [current, newest, total] = await Promise.all([
    db.session.findUnique({ where: { id: sessionId }, select: sessionSelect }),
    db.session.findMany({
      where: { ...where, id: { not: sessionId } },
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: SESSIONS_LIST_MAX - 1,
      select: sessionSelect,
    }),
    db.session.count({ where }),
  ]);
  const rows = current ? [current, ...newest] : newest;
  const items = rows.map(({ id, ...row }) => ({ key: keyOf(id), current: id === sessionId, ...row }));
  return { items, total };
}

/**
 * Ends one of the user's own sessions (another user's key, or an ended one, is NOT_FOUND). current: it was this
 * request's session (the transport clears its cookie).
 */
export async function endSession(
  scope: Pick<Scope, 'app' | 'user' | 'session'>,
  input: z.infer<typeof endSessionInput>,
) {
  const db = scope.app.database.db;
  const ids = await db.session.findMany({ where: { userId: scope.user.id }, select: { id: true } });
  const match = ids.find(({ id }) => keyOf(id) === input.key);
  if (!match) throw new TRPCError({ code: 'NOT_FOUND', message: M.security.notFound });
  await db.session.deleteMany({ where: { id: match.id, userId: scope.user.id } });
  return { ok: true as const, current: match.id === scope.session.sessionId };
}

/** "Sign out other sessions": every session of the user but this request's. */
export async function endOtherSessions(scope: Pick<Scope, 'app' | 'user' | 'session'>) {
  const ended = await scope.app.database.db.session.deleteMany({
    where: { userId: scope.user.id, id: { not: scope.session.sessionId } },
  });
  return { ended: ended.count };
}
