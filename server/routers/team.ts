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
import {
  acceptStaffInvite,
  inviteStaff,
  listInvites,
  listTeam,
  removeMember,
  renewInvite,
  revokeInvite,
  setRole,
  staffInviteInfo,
} from '../domain/team';
import { permittedProcedure, publicProcedure, router, staffProcedure } from '../trpc';

export const teamRouter = router({
  /**
   * The agency's staff users by name (the task assignee choice, and the Team tab for everyone). Hand-written SQL:
   * every task screen asks for it, and Prisma's per-query cost was most of its time (npm run bench, "team").
   */
  list: staffProcedure.output(teamListOutput).query(({ ctx }) => listTeam(ctx)),

  /** Unused invites, newest first. */
  invites: permittedProcedure('team.manage')
    .output(teamInviteListOutput)
    .query(({ ctx }) => listInvites(ctx)),

  /**
   * A one-time link to join the agency with a role, mailed to the address (the link is also answered, to copy when
   * mail is not set up or failed). An earlier unused invite to the same address stops working.
   */
  invite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteInput)
    .output(teamInviteLinkOutput)
    .mutation(({ ctx, input }) => inviteStaff(ctx, input)),

  /** A fresh link (and mail) for an unused invite; the earlier link stops working. */
  renewInvite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteIdInput)
    .output(teamInviteLinkOutput)
    .mutation(({ ctx, input }) => renewInvite(ctx, input)),

  /** The link stops working at once. */
  revokeInvite: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamInviteIdInput)
    .output(teamOkOutput)
    .mutation(({ ctx, input }) => revokeInvite(ctx, input)),

  setRole: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamSetRoleInput)
    .output(teamMemberOutput)
    .mutation(({ ctx, input }) => setRole(ctx, input)),

  /**
   * Removes a member in one transaction: their assigned tasks become unassigned, the files and flows they added and
   * the invites they sent lose their name (those links are NO ACTION), then the user goes, with their sessions,
   * reset links and API tokens (cascade).
   */
  remove: permittedProcedure('team.manage', { sessionOnly: true })
    .input(teamMemberIdInput)
    .output(teamOkOutput)
    .mutation(({ ctx, input }) => removeMember(ctx, input)),
});

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
    .query(({ ctx, input }) => staffInviteInfo(ctx, input)),

  /**
   * The invited person chooses their name and password (the sign-up rules): in one transaction the link is claimed
   * (once, even for two accepts at the same moment) and the staff user created with the invite's role; then they
   * are signed in.
   */
  accept: publicProcedure
    .input(staffInviteAcceptInput)
    .output(authTokenOutput)
    .mutation(async ({ ctx, input }) => {
      const { token, expiresAt } = await acceptStaffInvite(ctx, input);
      ctx.sessions.setSessionCookie('staff', token, expiresAt);
      return { authToken: token };
    }),
});
