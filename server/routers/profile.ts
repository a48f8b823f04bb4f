import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  changePasswordInput,
  changePasswordOutput,
  profileOutput,
  profileUpdateInput,
} from '../../shared/schemas/profile';
import { revokeUserApiTokens } from '../auth/api-tokens';
import { hashPassword, verifyPassword } from '../auth/password';
import { fieldError, isUniqueViolation } from '../errors';
import { router, sessionProcedure } from '../trpc';
import { requireStrongPassword, tooMany } from './auth';
import { changesOf, recordActivity, staffActor } from '../activity';

const emailTaken = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.profile.emailTaken });
};

/** The signed-in user's own account. A signed-in session only: an API token cannot change the e-mail or password it belongs to. */
export const profileRouter = router({
  /** Name and e-mail. A new e-mail voids the reset links sent to the old one. */
  update: sessionProcedure
    .input(profileUpdateInput)
    .output(profileOutput)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      const emailChanged = input.email !== ctx.user.email;
      if (
        emailChanged &&
        (await ctx.unscopedDb.user.findUnique({ where: { email: input.email }, select: { id: true } }))
      )
        emailTaken();
      return ctx.unscopedDb
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
            await recordActivity(tx, ctx.user.businessId, staffActor(after), {
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
    }),

  /**
   * A new password, given the current one (throttled like a sign-in: guesses of the current password count against
   * the account). Every other session of the user and every unused reset link ends; this session stays. The user's
   * API tokens are revoked too unless revokeApiTokens is false (the dialog's switch, on by default).
   */
  changePassword: sessionProcedure
    .input(changePasswordInput)
    .output(changePasswordOutput)
    .mutation(async ({ ctx, input }) => {
      const { user, session } = ctx;
      const attempt = await ctx.app.throttle.beginLogin(user.email, ctx.ip);
      if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.auth.throttled);
      const stored = await ctx.unscopedDb.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
      if (!stored || !(await verifyPassword(stored.passwordHash, input.currentPassword)))
        fieldError('currentPassword', M.profile.currentWrong);
      await ctx.app.throttle.loginSucceeded(attempt);
      const { name, slug } = session.business;
      await requireStrongPassword(
        input.newPassword,
        [user.email, user.firstName, user.lastName, name, slug],
        'newPassword',
      );
      const passwordHash = await hashPassword(input.newPassword);
      const { ended, revoked } = await ctx.unscopedDb.$transaction(async (tx) => {
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
    }),
});
