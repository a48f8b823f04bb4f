/**
 * Staff invites: the owner's list and links (mailed when SMTP is set up, answered to copy either way), and the
 * public side of a link (/hub/invite/{token}): who it is for, and accepting it.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { setRoleRefusal } from '../../../shared/permissions';
import type {
  staffInviteAcceptInput,
  staffInviteInput,
  teamInviteIdInput,
  teamInviteInput,
} from '../../../shared/schemas/team';
import { recordActivity, staffActor } from '../../activity';
import { hashPassword } from '../../auth/password';
import { createStaffSession, originOf } from '../../auth/sessions';
import { generateSessionToken, hashToken } from '../../auth/tokens';
import { isUniqueViolation } from '../../errors';
import type { AppScope } from '../../trpc';
import type { NewSession } from '../auth';
import { refuseUnclaimed, requireStrongPassword, usableLink, type RequestScope } from '../auth/rules';
import type { StaffScope } from '../context';
import { withinInviteBudget } from './budget';
import { fullName, refuse } from './common';

/** A staff invite link works once, for 7 days (like a portal invite). */
export const STAFF_INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const staffInvitePath = (token: string) => `/hub/invite/${encodeURIComponent(token)}`;

/** Who invites: the session's agency and user, and the reply (a spent budget's Retry-After). */
type Inviter = Pick<StaffScope, 'app' | 'db' | 'businessId' | 'user' | 'session'> & Pick<RequestScope, 'res'>;

const inviteNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.team.inviteNotFound });
};
const emailHasAccount = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.staffInvite.emailHasAccount });
};

/** Every e-mail is one account, whatever the agency (users sign in by e-mail alone). */
async function hasAccount(scope: { app: AppScope }, email: string) {
  return (await scope.app.database.db.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}

/**
 * An invite to a member of this agency is refused (the inviter sees their own team anyway). Whether the address has an
 * account in another agency is not checked here: the answer would tell anyone who can sign up which addresses use
 * Clientflow. Such an invite is made and mailed like any other; its page tells the invited person (staffInvite.info).
 */
async function requireNotMember(scope: Pick<StaffScope, 'db'>, email: string) {
  if (await scope.db.user.findFirst({ where: { email }, select: { id: true } })) {
    throw new TRPCError({ code: 'CONFLICT', message: M.team.alreadyMember });
  }
}

/** A fresh invite token (only its hash is stored), valid 7 days from now. */
function newInviteLink() {
  const token = generateSessionToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + STAFF_INVITE_LIFETIME_MS) };
}

/** Mails an invite's link when SMTP is set up, and answers the link (to copy when mail is not set up or failed). */
async function mailInviteLink(
  scope: Pick<StaffScope, 'app' | 'user' | 'session'>,
  invite: { id: number; email: string },
  link: ReturnType<typeof newInviteLink>,
) {
  const url = scope.app.env.publicUrl + staffInvitePath(link.token);
  const business = scope.session.business.name;
  const outcome = await scope.app.mailer.trySend(
    {
      to: invite.email,
      subject: M.staffInvite.mailSubject(business),
      text: M.staffInvite.mailText(business, fullName(scope.user), url),
    },
    `the staff invite ${invite.id}`,
  );
  return {
    id: invite.id,
    email: invite.email,
    url,
    expiresAt: link.expiresAt,
    emailed: outcome === 'sent',
    emailConfigured: scope.app.mailer.configured,
  };
}

/** Unused invites, newest first. */
export function listInvites(scope: Pick<StaffScope, 'db'>) {
  return scope.db.staffInvite.findMany({
    where: { usedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: 200,
    select: {
      id: true,
      email: true,
      role: true,
      expiresAt: true,
      createdAt: true,
      invitedBy: { select: { id: true, firstName: true, lastName: true } },
    },
  });
}

/**
 * A one-time link to join the agency with a role, mailed to the address (the link is also answered). An earlier
 * unused invite to the same address stops working.
 */
export async function inviteStaff(scope: Inviter, input: z.infer<typeof teamInviteInput>) {
  const refusal = setRoleRefusal(scope.user, null, input.role);
  if (refusal) refuse(refusal, M.team.changeOwnRole);
  await requireNotMember(scope, input.email);
  const link = newInviteLink();
  const invite = await withinInviteBudget(scope, () =>
    scope.db.$transaction(async (tx) => {
      await tx.staffInvite.deleteMany({ where: { email: input.email, usedAt: null } });
      const created = await tx.staffInvite.create({
        data: {
          businessId: scope.businessId,
          email: input.email,
          role: input.role,
          tokenHash: link.tokenHash,
          expiresAt: link.expiresAt,
          invitedById: scope.user.id,
        },
        select: { id: true, email: true },
      });
      // Who was invited with which role; never the link's token.
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'team',
        entityName: input.email,
        action: 'invited',
        changes: [{ field: 'role', from: null, to: input.role }],
      });
      return created;
    }),
  );
  return mailInviteLink(scope, invite, link);
}

/** A fresh link (and mail) for an unused invite; the earlier link stops working. */
export async function renewInvite(scope: Inviter, input: z.infer<typeof teamInviteIdInput>) {
  const invite = await scope.db.staffInvite.findFirst({
    where: { id: input.inviteId, usedAt: null },
    select: { id: true, email: true, role: true },
  });
  if (!invite) return inviteNotFound();
  const refusal = setRoleRefusal(scope.user, null, invite.role);
  if (refusal) refuse(refusal, M.team.changeOwnRole);
  await requireNotMember(scope, invite.email);
  const link = newInviteLink();
  await withinInviteBudget(scope, () =>
    scope.db.$transaction(async (tx) => {
      const renewed = await tx.staffInvite.updateMany({
        where: { id: invite.id, usedAt: null },
        data: { tokenHash: link.tokenHash, expiresAt: link.expiresAt },
      });
      if (renewed.count !== 1) inviteNotFound();
      await recordActivity(tx, scope.businessId, staffActor(scope.user), {
        entityType: 'team',
        entityName: invite.email,
        action: 'invited',
        changes: [],
      });
    }),
  );
  return mailInviteLink(scope, invite, link);
}

/** The link stops working at once. */
export async function revokeInvite(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>,
  input: z.infer<typeof teamInviteIdInput>,
) {
  await scope.db.$transaction(async (tx) => {
    const invite =
      (await tx.staffInvite.findFirst({
        where: { id: input.inviteId, usedAt: null },
        select: { email: true, role: true },
      })) ?? inviteNotFound();
    const revoked = await tx.staffInvite.deleteMany({ where: { id: input.inviteId, usedAt: null } });
    if (revoked.count !== 1) inviteNotFound();
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'team',
      entityName: invite.email,
      action: 'deleted',
      changes: [{ field: 'invite', from: invite.role, to: null }],
    });
  });
  return { ok: true as const };
}

const inviteMessages = { invalid: M.staffInvite.invalid, used: M.staffInvite.used, expired: M.staffInvite.expired };

/** The invite of a link (no session: the unscoped client), refused as shared/schemas/team.ts lists. */
async function usableStaffInvite(scope: { app: AppScope }, token: string) {
  const invite = await scope.app.database.db.staffInvite.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      businessId: true,
      email: true,
      role: true,
      usedAt: true,
      expiresAt: true,
      business: { select: { name: true, slug: true } },
      invitedBy: { select: { firstName: true, lastName: true } },
    },
  });
  return usableLink(invite, inviteMessages);
}

/**
 * Who the link is for and from, so its page can say so; the same refusals as accept. emailHasAccount: the address
 * already has an account (in another agency), so accept will refuse.
 */
export async function staffInviteInfo(scope: { app: AppScope }, input: z.infer<typeof staffInviteInput>) {
  const invite = await usableStaffInvite(scope, input.token);
  return {
    email: invite.email,
    role: invite.role,
    businessName: invite.business.name,
    invitedBy: invite.invitedBy ? fullName(invite.invitedBy) : null,
    emailHasAccount: await hasAccount(scope, invite.email),
  };
}

/**
 * The invited person chooses their name and password (the sign-up rules): in one transaction the link is claimed
 * (once, even for two accepts at the same moment) and the staff user created with the invite's role; then they
 * are signed in (the transport sets the cookie).
 */
export async function acceptStaffInvite(
  scope: { app: AppScope } & Pick<RequestScope, 'ip' | 'req'>,
  input: z.infer<typeof staffInviteAcceptInput>,
): Promise<NewSession> {
  const invite = await usableStaffInvite(scope, input.token);
  const { business, businessId, email } = invite;
  if (await hasAccount(scope, email)) emailHasAccount();
  await requireStrongPassword(input.password, [email, input.firstName, input.lastName, business.name, business.slug]);
  const passwordHash = await hashPassword(input.password);
  return scope.app.database.db
    .$transaction(async (tx) => {
      const now = new Date();
      const claimed = await tx.staffInvite.updateMany({
        where: { id: invite.id, usedAt: null, expiresAt: { gt: now } },
        data: { usedAt: now },
      });
      if (claimed.count !== 1) {
        // Used by a concurrent accept, expired or revoked meanwhile: say which.
        const link = await tx.staffInvite.findUnique({
          where: { id: invite.id },
          select: { usedAt: true, expiresAt: true },
        });
        refuseUnclaimed(link, inviteMessages, now);
      }
      const user = await tx.user.create({
        data: {
          businessId,
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          role: invite.role,
        },
        select: { id: true, firstName: true, lastName: true },
      });
      await recordActivity(tx, businessId, staffActor(user), {
        entityType: 'team',
        entityId: user.id,
        entityName: fullName(user),
        action: 'invite_accepted',
        changes: [{ field: 'role', from: null, to: invite.role }],
      });
      return createStaffSession(tx, user.id, originOf(scope, 'password'));
    })
    .catch((error: unknown) => {
      // The address got an account between the check and the insert: the unique index decides.
      if (isUniqueViolation(error)) emailHasAccount();
      throw error;
    });
}
