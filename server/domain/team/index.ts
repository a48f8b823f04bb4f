export {
  acceptStaffInvite,
  inviteStaff,
  listInvites,
  renewInvite,
  revokeInvite,
  STAFF_INVITE_LIFETIME_MS,
  staffInviteInfo,
} from './invites';
export { listTeam, removeMember, setRole } from './members';
