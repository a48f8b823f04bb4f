import * as T from './texts';

/** Client portal sign-in and invite links (the portal's screens are in a later release). */
export const portalAuth = {
  loginTitle: 'Client Portal Login',
  welcome: T.welcomeTo,
  slugRequired: 'Business slug is required',
  invalidCredentials: T.invalidEmailOrPassword,
  loginFailed: 'Login failed',
  fetchUserFailed: 'Failed to fetch user data after login',
  loginError: 'An error occurred during login.',
  noToken: 'No portal authentication token found',
  accessDenied: 'Access Denied',
  goToLogin: 'Go to Login',
  throttled: T.tooManySignIns,
  inviteTitle: (business: string) => `Join ${business}’s client portal`,
  inviteText: (firstName: string) => `Hi ${firstName}, choose a password to finish setting up your access.`,
  /** The invite page's branding side: a welcome for a new client, never the login page's "welcome back" text. */
  inviteBrandText: (business: string) =>
    `Welcome! ${business} has invited you to follow your projects, tasks and files here.`,
  inviteSubmit: 'Set password and sign in',
  inviteSubmitting: 'Setting up...',
  inviteInvalid: 'This invite link is not valid. Ask your contact at the agency for a new one.',
  inviteUsed: 'This invite link has already been used. Sign in with the password you chose, or ask for a new link.',
  inviteExpired: 'This invite link has expired. Ask your contact at the agency for a new one.',
  noAccess: 'Your access to this client portal has been turned off.',
  companyArchived:
    'This client portal is closed: your agency has archived your company. Ask your contact at the agency if you need access again.',
  signedInAs: T.signedInAs,
  signOut: T.signOut,
  portalComing: 'Your projects, tasks and files will appear here.',
  /** The login form (spec §2.11: slug field only without a slug in the address, email, password, LOGIN). */
  subtitle: 'Sign in to follow your projects, tasks and files.',
  slugLabel: T.businessSlug,
  slugHint: 'The name after /portal/ in the address your agency gave you.',
  slugPlaceholder: 'youragency',
  submit: 'LOGIN',
  submitting: 'Logging in...',
  /** The branding side of the login and invite pages until the agency's branding is known. */
  portalName: 'Client Portal',
  tagline: 'Your projects, tasks and files, in one place.',
  secure: 'Private access for your agency’s clients',
  accessDeniedText: 'Sign in to this client portal to see this page.',
  /** /portal/{slug}/login for a slug no agency uses: nothing else is said about the address. */
  noPortal: 'No client portal at this address',
  noPortalText: 'Check the address your agency gave you, or enter it on the portal sign-in page.',
  toPortalLogin: 'Go to portal sign-in',
  hello: (firstName: string) => `Welcome, ${firstName}`,
  nav: 'Client portal',
  account: T.signedInAs,
  /** "Forgot password?" on the portal sign-in page, the reset link's page and its e-mail (rules as staff resets). */
  forgot: {
    link: 'Forgot password?',
    title: 'Reset your portal password',
    text: T.resetRequestText,
    sentText: (email: string) =>
      `If ${email} has access to this portal, a link to choose a new password is on its way. It works once and is valid for 1 hour.`,
    unavailable:
      'Password reset by e-mail is not set up for this portal. Ask your contact at the agency to send you a new invite.',
    newText: (email: string) => `For ${email}. You will be signed in, and signed out everywhere else.`,
    mailSubject: (business: string) => `Reset your password for ${business}’s client portal`,
    mailText: (firstName: string, business: string, url: string) =>
      `Hi ${firstName},\n\nSomeone asked to reset your password for ${business}’s client portal. Choose a new one here (the link works once and is valid for 1 hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  },
  /** "Change password" in the portal's settings. */
  changePassword: {
    title: T.changePassword,
    text: 'Enter your current password and choose a new one. Your other signed-in devices will be signed out.',
    current: T.currentPassword,
    new: T.newPassword,
    confirm: T.confirmNewPassword,
    submit: T.changePassword,
    submitting: T.changingBusy,
    done: T.passwordChanged,
    doneText: (ended: number) =>
      ended === 0
        ? 'Your new password is saved.'
        : `Your new password is saved, and ${ended} other ${ended === 1 ? 'session was' : 'sessions were'} signed out.`,
    failed: 'Your password could not be changed.',
  },
  currentRequired: 'Enter your current password.',
  currentWrong: 'The current password is not right.',
  inviteProblem: {
    invalid: T.inviteLinkNotValid,
    used: T.inviteLinkAlreadyUsed,
    expired: T.inviteLinkExpired,
    noAccess: 'Portal access turned off',
  },
} as const;
