import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { removeMemberRefusal, setRoleRefusal, type TeamRefusal } from '../../shared/permissions';
import { authTokenOutput } from '../../shared/schemas/auth';
import {
  staffInviteAcceptInput,
  staffInviteInfoOutput,
  staffInviteInput,
  teamInviteIdInput,
  teamInviteInput,
  teamInviteLinkOutput,
  teamInviteListOutput,
  teamListOutput,
  teamMemberIdInput,
  teamMemberOutput,
  teamOkOutput,
  teamSetRoleInput,
} from '../../shared/schemas/team';
import { hashPassword } from '../auth/password';
import { createStaffSession } from '../auth/sessions';
import { generateSessionToken, hashToken } from '../auth/tokens';
import { isUniqueViolation } from '../errors';
import { sql, TENANT, toDate, toInt, type Row } from '../sql';
import { permittedProcedure, publicProcedure, router, staffProcedure, type AppScope, type Context } from '../trpc';
import { requireStrongPassword, tooMany, usableLink } from './auth';
import { recordActivity, staffActor } from '../activity';

/** A staff invite link works once, for 7 days (like a portal invite). */
export const STAFF_INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const staffInvitePath = (token: string) => `/hub/invite/${encodeURIComponent(token)}`;

const memberSelect = { id: true, firstName: true, lastName: true, email: true, role: true, createdAt: true } as const;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.team.notFound });
};
const inviteNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.team.inviteNotFound });
};
const emailHasAccount = (): never => {
  throw new TRPCError({ code: 'CONFLICT', message: M.staffInvite.emailHasAccount });
};

/** The refusals of shared/permissions.ts, each with its own message. */
function refuse(refusal: TeamRefusal, self: string): never {
  const message = refusal === 'self' ? self : refusal === 'owner' ? M.team.ownerOnly : M.permissions.forbidden;
  throw new TRPCError({ code: 'FORBIDDEN', message });
}

type Ctx = { db: AppScope['tenantDb']; unscopedDb: Context['unscopedDb'] };
type Tx = Parameters<Parameters<AppScope['tenantDb']['$transaction']>[0]>[0];

/** Every e-mail is one account, whatever the agency (users sign in by e-mail alone). */
async function hasAccount(ctx: Pick<Ctx, 'unscopedDb'>, email: string) {
  return (await ctx.unscopedDb.user.findUnique({ where: { email }, select: { id: true } })) !== null;
}

/**
 * An invite to a member of this agency is refused (the inviter sees their own team anyway). Whether the address has an
 * account in another agency is not checked here: the answer would tell anyone who can sign up which addresses use
 * Clientflow. Such an invite is made and mailed like any other; its page tells the invited person (staffInvite.info).
 */
async function requireNotMember(ctx: Pick<Ctx, 'db'>, email: string) {
  if (await ctx.db.user.findFirst({ where: { email }, select: { id: true } })) {
    throw new TRPCError({ code: 'CONFLICT', message: M.team.alreadyMember });
  }
}

/**
 * Makes an invite link (make) within the invitation budgets of the agency and of the user (INVITES_PER_AGENCY_PER_HOUR,
 * INVITES_PER_USER_PER_HOUR; staff invites, portal invites and new links all count): past either, 429 with the minutes
 * to wait, and nothing is made or mailed. Call it after every other check, so only a link that is made spends budget;
 * when make fails, the budget comes back.
 */
export async function withinInviteBudget<T>(
  ctx: Context & { businessId: number; user: { id: number } },
  make: () => Promise<T>,
): Promise<T> {
  const { env, throttle } = ctx.app;
  const budget = { perAgency: env.INVITES_PER_AGENCY_PER_HOUR, perUser: env.INVITES_PER_USER_PER_HOUR };
  const ticket = await throttle.beginInvite(ctx.businessId, ctx.user.id, budget);
  if (ticket.retryAfter > 0) {
    const who = ticket.spent ?? 'user';
    tooMany(
      ctx,
      ticket.retryAfter,
      M.team.invitesThrottled(who, who === 'agency' ? budget.perAgency : budget.perUser, ticket.retryAfter),
    );
  }
  try {
    return await make();
  } catch (error) {
    await throttle.inviteNotMade(ticket);
    throw error;
  }
}

/**
 * Role changes and removals of one agency run one at a time, and decide on the roles as they are then: the
 * transaction first writes every owner row of the agency (a row lock on PostgreSQL; SQLite writes one at a time),
 * then re-reads who acts and who is acted on. Two owners demoting each other at the same moment cannot leave
 * the agency without one.
 */
async function lockedTeamChange<T>(
  ctx: Ctx & { user: { id: number } },
  targetId: number,
  change: (tx: Tx, actor: { id: number; role: string }, target: { id: number; role: string }) => Promise<T>,
) {
  return ctx.db.$transaction(async (tx) => {
    await tx.user.updateMany({ where: { role: 'owner' }, data: { role: 'owner' } });
    const [actor, target] = await Promise.all([
      tx.user.findUnique({ where: { id: ctx.user.id }, select: { id: true, role: true } }),
      tx.user.findUnique({ where: { id: targetId }, select: { id: true, role: true } }),
    ]);
    if (!target) return notFound();
    if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
    const result = await change(tx, actor, target);
    // Never reached with the rules above; a last guard that no change leaves the agency without an owner.
    if ((await tx.user.count({ where: { role: 'owner' } })) === 0)
      throw new TRPCError({ code: 'CONFLICT', message: M.team.lastOwner });
    return result;
  });
}

/** A fresh invite token (only its hash is stored), valid 7 days from now. */
function newInviteLink() {
  const token = generateSessionToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + STAFF_INVITE_LIFETIME_MS) };
}

/** Mails an invite's link when SMTP is set up, and answers the link (to copy when mail is not set up or failed). */
async function mailInviteLink(
  ctx: { app: AppScope; user: { firstName: string; lastName: string }; session: { business: { name: string } } },
  invite: { id: number; email: string },
  link: ReturnType<typeof newInviteLink>,
) {
  const url = ctx.app.env.publicUrl + staffInvitePath(link.token);
  const business = ctx.session.business.name;
  const outcome = await ctx.app.mailer.trySend(
    {
      to: invite.email,
      subject: M.staffInvite.mailSubject(business),
      text: M.staffInvite.mailText(business, fullName(ctx.user), url),
    },
    `the staff invite ${invite.id}`,
  );
  return {
    id: invite.id,
    email: invite.email,
    url,
    expiresAt: link.expiresAt,
    emailed: outcome === 'sent',
    emailConfigured: ctx.app.mailer.configured,
  };
}

export const teamRouter = router({
  /**
   * The agency's staff users by name (the task assignee choice, and the Team tab for everyone). Hand-written SQL:
   * every task screen asks for it, and Prisma's per-query cost was most of its time (npm run bench, "team").
   */
  list: staffProcedure.output(teamListOutput).query(async ({ ctx }) => {
    const rows = await ctx.sql.all<Row>(sql`
      SELECT "id", "firstName", "lastName", "email", "role", "createdAt" FROM "User"
      WHERE "businessId" = ${TENANT} ORDER BY "firstName", "lastName", "id"`);
    return rows.map((r) => ({
      id: toInt(r.id),
      firstName: String(r.firstName),
      lastName: String(r.lastName),
      email: String(r.email),
      role: String(r.role),
      createdAt: toDate(r.createdAt),
    }));
  }),

  /** Unused invites, newest first. */
  invites: permittedProcedure('team.manage')
    .output(teamInviteListOutput)
    .query(({ ctx }) =>
      ctx.db.staffInvite.findMany({
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
      }),
    ),

  /**
   * A one-time link to join the agency with a role, mailed to the address (the link is also answered, to copy when
   * mail is not set up or failed). An earlier unused invite to the same address stops working.
   */
  invite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteInput)
    .output(teamInviteLinkOutput)
    .mutation(async ({ ctx, input }) => {
      const refusal = setRoleRefusal(ctx.user, null, input.role);
      if (refusal) refuse(refusal, M.team.changeOwnRole);
      await requireNotMember(ctx, input.email);
      const link = newInviteLink();
      const invite = await withinInviteBudget(ctx, () =>
        ctx.db.$transaction(async (tx) => {
          await tx.staffInvite.deleteMany({ where: { email: input.email, usedAt: null } });
          const created = await tx.staffInvite.create({
            data: {
              businessId: ctx.businessId,
              email: input.email,
              role: input.role,
              tokenHash: link.tokenHash,
              expiresAt: link.expiresAt,
              invitedById: ctx.user.id,
            },
            select: { id: true, email: true },
          });
          // Who was invited with which role; never the link's token.
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
            entityType: 'team',
            entityName: input.email,
            action: 'invited',
            changes: [{ field: 'role', from: null, to: input.role }],
          });
          return created;
        }),
      );
      return mailInviteLink(ctx, invite, link);
    }),

  /** A fresh link (and mail) for an unused invite; the earlier link stops working. */
  renewInvite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteIdInput)
    .output(teamInviteLinkOutput)
    .mutation(async ({ ctx, input }) => {
      const invite = await ctx.db.staffInvite.findFirst({
        where: { id: input.inviteId, usedAt: null },
        select: { id: true, email: true, role: true },
      });
      if (!invite) return inviteNotFound();
      const refusal = setRoleRefusal(ctx.user, null, invite.role);
      if (refusal) refuse(refusal, M.team.changeOwnRole);
      await requireNotMember(ctx, invite.email);
      const link = newInviteLink();
      await withinInviteBudget(ctx, () =>
        ctx.db.$transaction(async (tx) => {
          const renewed = await tx.staffInvite.updateMany({
            where: { id: invite.id, usedAt: null },
            data: { tokenHash: link.tokenHash, expiresAt: link.expiresAt },
          });
          if (renewed.count !== 1) inviteNotFound();
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
            entityType: 'team',
            entityName: invite.email,
            action: 'invited',
            changes: [],
          });
        }),
      );
      return mailInviteLink(ctx, invite, link);
    }),

  /** The link stops working at once. */
  revokeInvite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteIdInput)
    .output(teamOkOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.$transaction(async (tx) => {
        const invite =
          (await tx.staffInvite.findFirst({
            where: { id: input.inviteId, usedAt: null },
            select: { email: true, role: true },
          })) ?? inviteNotFound();
        const revoked = await tx.staffInvite.deleteMany({ where: { id: input.inviteId, usedAt: null } });
        if (revoked.count !== 1) inviteNotFound();
        await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
          entityType: 'team',
          entityName: invite.email,
          action: 'deleted',
          changes: [{ field: 'invite', from: invite.role, to: null }],
        });
      });
      return { ok: true as const };
    }),

  setRole: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamSetRoleInput)
    .output(teamMemberOutput)
    .mutation(({ ctx, input }) =>
      lockedTeamChange(ctx, input.id, async (tx, actor, target) => {
        const refusal = setRoleRefusal(actor, target, input.role);
        if (refusal) refuse(refusal, M.team.changeOwnRole);
        await tx.user.updateMany({ where: { id: target.id }, data: { role: input.role } });
        const member = await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: memberSelect });
        if (target.role !== input.role) {
          await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
            entityType: 'team',
            entityId: target.id,
            entityName: fullName(member),
            action: 'updated',
            changes: [{ field: 'role', from: target.role, to: input.role }],
          });
        }
        return member;
      }),
    ),

  /**
   * Removes a member in one transaction: their assigned tasks become unassigned, the files and flows they added and
   * the invites they sent lose their name (those links are NO ACTION), then the user goes, with their sessions,
   * reset links and API tokens (cascade).
   */
  remove: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamMemberIdInput)
    .output(teamOkOutput)
    .mutation(({ ctx, input }) =>
      lockedTeamChange(ctx, input.id, async (tx, actor, target) => {
        const refusal = removeMemberRefusal(actor, target);
        if (refusal) refuse(refusal, M.team.removeSelf);
        const userId = target.id;
        const member = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: memberSelect });
        await tx.task.updateMany({ where: { assigneeId: userId }, data: { assigneeId: null } });
        await tx.document.updateMany({ where: { uploadedById: userId }, data: { uploadedById: null } });
        await tx.flow.updateMany({ where: { createdById: userId }, data: { createdById: null } });
        await tx.staffInvite.updateMany({ where: { invitedById: userId }, data: { invitedById: null } });
        await tx.user.deleteMany({ where: { id: userId } });
        await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
          entityType: 'team',
          entityId: userId,
          entityName: fullName(member),
          action: 'deleted',
          changes: [{ field: 'role', from: member.role, to: null }],
        });
        return { ok: true as const };
      }),
    ),
});

const inviteMessages = { invalid: M.staffInvite.invalid, used: M.staffInvite.used, expired: M.staffInvite.expired };

/** The invite of a link (public procedures: the unscoped client), refused as shared/schemas/team.ts lists. */
async function usableStaffInvite(ctx: Context, token: string) {
  const invite = await ctx.unscopedDb.staffInvite.findUnique({
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

/** /hub/invite/{token}: anyone with the link. */
export const staffInviteRouter = router({
  /**
   * Who the link is for and from, so its page can say so; the same refusals as accept. emailHasAccount: the address
   * already has an account (in another agency), so accept will refuse: the page says so instead of showing the form.
   * Only the holder of the link learns it, and each link spends the inviting agency's invitation budget.
   */
  info: publicProcedure
    .input(staffInviteInput)
    .output(staffInviteInfoOutput)
    .query(async ({ ctx, input }) => {
      const invite = await usableStaffInvite(ctx, input.token);
      return {
        email: invite.email,
        role: invite.role,
        businessName: invite.business.name,
        invitedBy: invite.invitedBy ? fullName(invite.invitedBy) : null,
        emailHasAccount: await hasAccount(ctx, invite.email),
      };
    }),

  /**
   * The invited person chooses their name and password (the sign-up rules): in one transaction the link is claimed
   * (once, even for two accepts at the same moment) and the staff user created with the invite's role; then they
   * are signed in.
   */
  accept: publicProcedure
    .input(staffInviteAcceptInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const invite = await usableStaffInvite(ctx, input.token);
      const { business, businessId, email } = invite;
      if (await hasAccount(ctx, email)) emailHasAccount();
      await requireStrongPassword(input.password, [
        email,
        input.firstName,
        input.lastName,
        business.name,
        business.slug,
      ]);
      const passwordHash = await hashPassword(input.password);
      const { token, expiresAt } = await ctx.unscopedDb
        .$transaction(async (tx) => {
          const now = new Date();
          const claimed = await tx.staffInvite.updateMany({
            where: { id: invite.id, usedAt: null, expiresAt: { gt: now } },
            data: { usedAt: now },
          });
          if (claimed.count !== 1) {
            // Used by a concurrent accept, expired or revoked meanwhile: say which.
            usableLink(
              await tx.staffInvite.findUnique({ where: { id: invite.id }, select: { usedAt: true, expiresAt: true } }),
              inviteMessages,
              now,
            );
            throw new TRPCError({ code: 'CONFLICT', message: M.staffInvite.used });
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
          return createStaffSession(tx, user.id);
        })
        .catch((error: unknown) => {
          // The address got an account between the check and the insert: the unique index decides.
          if (isUniqueViolation(error)) emailHasAccount();
          throw error;
        });
      ctx.sessions.setSessionCookie('staff', token, expiresAt);
      return { authToken: token };
    }),
});
