export {
  inviteColleague,
  portalTeam,
  portalTeamStatus,
  removeColleague,
  setColleagueNotifications,
} from './portal';
export {
  approveColleagueInvite,
  clientTeamPolicy,
  declineColleagueInvite,
  listColleagueInvites,
  setClientTeamPolicy,
} from './staff';
