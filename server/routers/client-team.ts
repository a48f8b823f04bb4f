/** Client teams (issue 32): the portal's Team section (a client admin's) and staff's invitation requests and policy. */
import {
  clientTeamPolicyInput,
  clientTeamPolicyOutput,
  colleagueInviteDecisionOutput,
  colleagueInviteIdInput,
  colleagueInviteListInput,
  colleagueInviteListOutput,
  portalTeamInput,
  portalTeamInviteInput,
  portalTeamInviteOutput,
  portalTeamMemberInput,
  portalTeamNotificationsInput,
  portalTeamOkOutput,
  portalTeamOutput,
  portalTeamStatusOutput,
} from '../../shared/schemas/client-team';
import {
  approveColleagueInvite,
  clientTeamPolicy,
  declineColleagueInvite,
  inviteColleague,
  listColleagueInvites,
  portalTeam,
  portalTeamStatus,
  removeColleague,
  setClientTeamPolicy,
  setColleagueNotifications,
} from '../domain/client-team';
import { permittedProcedure, portalProcedure, router, staffProcedure } from '../trpc';

/** Every call but `status` needs the session's contact to be a client admin of the session's company (else 403). */
export const portalTeamRouter = router({
  status: portalProcedure.output(portalTeamStatusOutput).query(({ ctx }) => portalTeamStatus(ctx)),
  members: portalProcedure
    .input(portalTeamInput)
    .output(portalTeamOutput)
    .query(({ ctx, input }) => portalTeam(ctx, input)),
  invite: portalProcedure
    .input(portalTeamInviteInput)
    .output(portalTeamInviteOutput)
    .mutation(({ ctx, input }) => inviteColleague(ctx, input)),
  remove: portalProcedure
    .input(portalTeamMemberInput)
    .output(portalTeamOkOutput)
    .mutation(({ ctx, input }) => removeColleague(ctx, input)),
  setNotifications: portalProcedure
    .input(portalTeamNotificationsInput)
    .output(portalTeamOkOutput)
    .mutation(({ ctx, input }) => setColleagueNotifications(ctx, input)),
});

/** Any staff member decides on requests (day-to-day client work); the self-service switch is the owner's. */
export const colleagueInvitesRouter = router({
  list: staffProcedure
    .input(colleagueInviteListInput)
    .output(colleagueInviteListOutput)
    .query(({ ctx, input }) => listColleagueInvites(ctx, input)),
  approve: staffProcedure
    .input(colleagueInviteIdInput)
    .output(colleagueInviteDecisionOutput)
    .mutation(({ ctx, input }) => approveColleagueInvite(ctx, input)),
  decline: staffProcedure
    .input(colleagueInviteIdInput)
    .output(colleagueInviteDecisionOutput)
    .mutation(({ ctx, input }) => declineColleagueInvite(ctx, input)),
  policy: staffProcedure.output(clientTeamPolicyOutput).query(({ ctx }) => clientTeamPolicy(ctx)),
  setPolicy: permittedProcedure('security.manage')
    .input(clientTeamPolicyInput)
    .output(clientTeamPolicyOutput)
    .mutation(({ ctx, input }) => setClientTeamPolicy(ctx, input)),
});
