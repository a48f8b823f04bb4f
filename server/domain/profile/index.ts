/** The signed-in user's own account: name, e-mail and password. */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { changePasswordInput, profileUpdateInput } from '../../../shared/schemas/profile';
import { changesOf, recordActivity, staffActor } from '../../activity';
import { revokeUserApiTokens } from '../../auth/api-tokens';
import { hashPassword, verifyPassword } from '../../auth/password';
import { fieldError, isUniqueViolation } from '../../errors';
import { requireStrongPassword, tooMany, type RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';

const emailTaken = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.profile.emailTaken });
};

/** Name and e-mail. A new e-mail voids the reset links sent to the old one. */
export async function updateProfile(
  scope: Pick<StaffScope, 'app' | 'user'>,
  input: z.infer<typeof profileUpdateInput>,
) {
  const db = scope.app.database.db;
  const userId = scope.user.id;
  const emailChanged = input.email !== scope.user.email;
  if (emailChanged && (await db.user.findUnique({ where: { email: input.email }, select: { id: true } }))) emailTaken();
  return db
    .$transaction(async (tx) => {
      if (emailChanged) await tx.passwordReset.deleteMany({ where: { userId, usedAt: null } });
      const select = { id: true, firstName: true, lastName: true, email: true } as const;
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select });
      const after = await tx.user.update({
        where: { id: userId },
        data: { firstName: input.firstName, lastName: input.lastName, email: input.email },
        select,
      });
      const changes = changesOf(before, after, ['firstName', 'lastName', 'email']);
      if (changes.length > 0) {
        await recordActivity(tx, scope.user.businessId, staffActor(after), {
          entityType: 'team',
          entityId: userId,
          entityName: `${after.firstName} ${after.lastName}`.trim(),
          action: 'updated',
          changes,
        });
      }
      return after;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) emailTaken();
      throw error;
    });
}

/**
 * A new password, given the current one (throttled like a sign-in: guesses of the current password count against
 * the account). Every other session of the user and every unused reset link ends; this session stays. The user's
 * API tokens are revoked too unless revokeApiTokens is false.
 */
export async function changePassword(
  scope: Pick<StaffScope, 'app' | 'user' | 'session'> & RequestScope,
  input: z.infer<typeof changePasswordInput>,
) {
  const { user, session, app } = scope;
  const db = app.database.db;
  const attempt = await app.throttle.beginLogin(user.email, scope.ip);
  if (attempt.retryAfter > 0) tooMany(scope, attempt.retryAfter, M.auth.throttled);
  const stored = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword)))
    fieldError('currentPassword', M.profile.currentWrong);
  await app.throttle.loginSucceeded(attempt);
  const { name, slug } = session.business;
  await requireStrongPassword(
    input.newPassword,
    [user.email, user.firstName, user.lastName, name, slug],
    'newPassword',
  );
  const passwordHash = await hashPassword(input.newPassword);
  const { ended, revoked } = await db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    await tx.passwordReset.deleteMany({ where: { userId: user.id, usedAt: null } });
    // That the password changed, without any value.
    await recordActivity(tx, user.businessId, staffActor(user), {
      entityType: 'team',
      entityId: user.id,
      entityName: `${user.firstName} ${user.lastName}`.trim(),
      action: 'updated',
      changes: [{ field: 'password', from: null, to: null }],
    });
    const revoked = input.revokeApiTokens ? await revokeUserApiTokens(tx, user) : 0;
    const ended = await tx.session.deleteMany({ where: { userId: user.id, id: { not: session.sessionId } } });
    return { ended: ended.count, revoked };
  });
  return { ok: true as const, endedSessions: ended, revokedApiTokens: revoked };
}
