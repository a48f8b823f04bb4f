import * as T from './texts';

/** Account → Security (issue 32): the owner's sign-in policy for clients and sessions, and each person's sessions. */
export const security = {
  policyTitle: 'Client sign-in and sessions',
  policyText: 'How your clients sign in to the portal, and how long anyone stays signed in.',
  magicOnlyLabel: 'Clients sign in with e-mailed links only',
  magicOnlyHint:
    'The portal sign-in page asks only for an e-mail and sends a single-use link (valid 15 minutes). Client passwords stop working.',
  magicOnlyOn: 'Clients now sign in with e-mailed links only',
  magicOnlyOff: 'Clients can sign in with a password again',
  magicOnlyNeedsMail: 'Set up outgoing e-mail (SMTP_URL) first: without it, no client could receive a sign-in link.',
  lifetimeLabel: 'Session lifetime (days)',
  lifetimeHint: (serverDays: number) =>
    `How long a sign-in lasts, for your team and your clients, counted from sign-in (1 to 90 days). Leave empty for the server’s setting (${serverDays} days). A shorter lifetime also ends older sessions.`,
  lifetimeInvalid: 'Enter a whole number of days from 1 to 90, or leave it empty.',
  lifetimeSaved: 'Session lifetime saved',
  save: T.saveChanges,
  saving: T.savingBusy,
  /** Every staff member's own sessions. */
  sessionsTitle: 'Your sessions',
  sessionsText: 'Where you are signed in. End a session you do not recognise; it is signed out at once.',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  deviceOn: T.xOnY,
  signedIn: (when: string) => `Signed in ${when}`,
  lastActive: (when: string) => `Last active ${when}`,
  ipAddress: (ip: string) => `IP ${ip}`,
  method: {
    password: T.password,
    two_factor: 'Password and two-factor code',
    sso: 'Single sign-on',
    break_glass: 'Break-glass owner sign-in',
  } as Record<string, string>,
  end: 'End session',
  endThis: 'Sign out here',
  endConfirm: 'End this session? That device is signed out at once.',
  endThisConfirm: 'Sign out of this device now?',
  ended: 'Session ended',
  endOthers: 'Sign out other sessions',
  endOthersConfirm: 'Sign out every other session of yours? Those devices are signed out at once.',
  endedOthers: (n: number) => (n === 1 ? '1 other session was signed out' : `${n} other sessions were signed out`),
  noOthers: 'No other session is signed in.',
  notFound: 'That session has already ended.',
  cancel: T.cancel,
  showing: (shown: number, total: number) => `Showing the ${shown} most recent of ${total} sessions`,
} as const;
