/**
 * Password sign-in while the agency requires single sign-on: refused to everyone but an owner, whose sign-in is the
 * break-glass way in when the provider is down or misconfigured. It is always logged (a warning log line and an
 * activity entry) and e-mailed to every owner of the agency. A user the provider blocked signs in no way at all.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { recordActivity, staffActor } from '../../activity';
import type { AppScope } from '../../app-scope';
import type { StaffSignInMethod } from '../../auth/sessions';
import type { Db } from '../../db';
import { log } from '../../log';

type SignInUser = { id: number; businessId: number; role: string; blockedAt: Date | null };

/** How a right password may sign this user in: 'password', 'break_glass' (an owner while SSO is required), or refused. */
export async function passwordSignInMethod(
  db: Pick<Db, 'ssoConnection'>,
  user: SignInUser,
): Promise<StaffSignInMethod> {
  if (user.blockedAt) throw new TRPCError({ code: 'FORBIDDEN', message: M.sso.refused.blocked });
  const required = await db.ssoConnection.findFirst({
    where: { businessId: user.businessId, audience: 'staff', enabled: true, required: true },
    select: { id: true },
  });
  if (!required) return 'password';
  if (user.role !== 'owner') throw new TRPCError({ code: 'FORBIDDEN', message: M.sso.passwordOff });
  return 'break_glass';
}

/** After a break-glass session is made: the log line, the activity entry and the e-mail to every owner. */
export async function announceBreakGlass(app: Pick<AppScope, 'database' | 'mailer'>, userId: number, ip: string) {
  const db = app.database.db;
  const user = await db.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      businessId: true,
      email: true,
      firstName: true,
      lastName: true,
      business: { select: { name: true } },
    },
  });
  const name = `${user.firstName} ${user.lastName}`.trim();
  log.warn({ businessId: user.businessId, userId, ip }, 'sso: break-glass password sign-in by an owner');
  await db.$transaction((tx) =>
    recordActivity(tx, user.businessId, staffActor(user), {
      entityType: 'team',
      entityId: user.id,
      entityName: name,
      action: 'signed_in',
      changes: [{ field: 'method', from: null, to: 'break_glass' }],
    }),
  );
  const owners = await db.user.findMany({
    where: { businessId: user.businessId, role: 'owner' },
    select: { email: true },
  });
  const when = new Date().toISOString();
  for (const owner of owners) {
    await app.mailer
      .send({
        to: owner.email,
        subject: M.sso.breakGlassSubject(user.business.name),
        text: M.sso.breakGlassText(name, user.email, when, ip),
      })
      .catch((error: unknown) =>
        log.error({ err: error, businessId: user.businessId }, 'sso: break-glass e-mail failed'),
      );
  }
}
