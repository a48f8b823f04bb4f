export { withinInviteBudget } from './budget';
export {
  acceptStaffInvite,
  inviteStaff,
  listInvites,
  renewInvite,
  revokeInvite,
  STAFF_INVITE_LIFETIME_MS,
  staffInviteInfo,
  staffInvitePath,
} from './invites';
export { listTeam, removeMember, setRole } from './members';
