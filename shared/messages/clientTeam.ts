import * as T from './texts';

/** Client teams (issue 32): client admins, their colleagues' invitations, staff approval and the agency's policy. */
export const clientTeam = {
  // Portal → Settings → Team (a client admin's).
  title: T.team,
  text: 'People of your company who can sign in to this portal. Invite a colleague, change who gets e-mails, or remove someone’s access.',
  you: T.you,
  adminBadge: T.clientAdmin,
  loadMore: T.loadMore,
  invitedBadge: T.inviteSent,
  emailsOn: 'E-mails on',
  emailsLabel: (name: string) => `E-mails for ${name}`,
  removeLabel: (name: string) => `Remove ${name} from the portal`,
  remove: T.remove,
  removeTitle: (name: string) => `Remove ${name} from the portal?`,
  removeText: (agency: string) =>
    `They can no longer sign in, and any sessions they have end now. ${agency} keeps their contact details and can give access back.`,
  guestBadge: 'Guest',
  guestHint: 'A contact of another company with access to yours. Their e-mail settings are their own.',
  removeGuestText: (agency: string) =>
    `They lose access to your company in this portal at once; their own company’s stays. ${agency} can give it back.`,
  removedGuest: (name: string) => `${name} no longer has access to your company`,
  removeConfirm: 'Remove access',
  removing: 'Removing…',
  cancel: T.cancel,
  firstName: T.firstName,
  lastName: T.lastName,
  email: T.email,
  removed: (name: string) => `${name} can no longer sign in`,
  inviteTitle: 'Invite a colleague',
  inviteText: (agency: string, selfService: boolean) =>
    selfService
      ? 'They get an e-mail with a link to choose their password.'
      : `${agency} approves each invitation, then they get an e-mail with a link to choose their password.`,
  inviteSubmit: 'Send invitation',
  inviteSubmitting: T.sendingEllipsis,
  invitePending: (name: string) => `Invitation for ${name} sent to the agency for approval`,
  inviteSent: (name: string) => `${name} was invited by e-mail`,
  pendingTitle: 'Waiting for approval',
  pendingRow: T.requestedOn,
  emptyMembers: 'Nobody else from your company has portal access yet.',
  // Refusals.
  notAdmin: 'Only a client admin of your company can do this.',
  memberNotFound: 'Person not found',
  removeSelf: 'You can’t remove yourself. Ask the agency if you want to leave the portal.',
  removeAdmin: 'Another client admin can only be removed by the agency.',
  emailKnown: (agency: string) =>
    `This e-mail address already belongs to a contact of ${agency}. Ask ${agency} to give them portal access.`,
  alreadyRequested: 'An invitation for this e-mail address is already waiting for approval.',
  tooManyPending: (max: number) =>
    `Your company has ${max} invitations waiting for approval. Wait until the agency has decided on some of them.`,
  // Staff: the company's "Invitation requests", approve or decline.
  requestsTitle: 'Invitation requests',
  requestsText: 'Client admins asked to give these colleagues portal access.',
  requestedBy: (name: string, when: string) => `Requested by ${name}, ${when}`,
  approve: T.approve,
  decline: 'Decline',
  approveOf: (name: string) => `Approve the invitation of ${name}`,
  declineOf: (name: string) => `Decline the invitation of ${name}`,
  approved: (name: string) => `${name} now has portal access and was sent an invite`,
  approvedNotMailed: (name: string) =>
    `${name} now has portal access, but the invite e-mail could not be sent: send a new invite from their contact.`,
  declined: (name: string) => `Invitation for ${name} declined`,
  requestNotFound: 'Invitation request not found',
  alreadyDecided: 'This invitation was already approved or declined.',
  invitedBy: T.invitedBy,
  // The contact dialog's switch.
  adminLabel: T.clientAdmin,
  adminText: 'Can see their company’s portal users, invite colleagues and remove them.',
  adminNeedsAccess: 'Turn on client portal access to make this contact a client admin.',
  // Account → Security (owner).
  policyTitle: 'Client teams',
  policyLabel: 'Client admins invite colleagues without approval',
  policyHint:
    'Off: each colleague a client admin invites waits for a teammate to approve it in the company’s contacts. On: they get their invite at once.',
  policyOn: 'Client admins now invite colleagues directly',
  policyOff: 'Colleague invitations now need approval',
  // The bell.
  notifyRequested: (admin: string, colleague: string) => `${admin} asked to invite ${colleague} to the portal`,
  notifyKind: 'Colleague invitations',
  notifyKindText: 'A client admin asks to give a colleague portal access.',
};
