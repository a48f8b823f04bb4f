import { ssoEmailFirst, ssoSignInWith } from './texts-core';
import * as T from './texts';

/**
 * Single sign-on with an OpenID Connect provider (issue 32): Account → Security's two sections (the team, the
 * agency's clients), the sign-in buttons, the refusal pages of /auth/oidc/... and the break-glass e-mail.
 */
export const sso = {
  staffTitle: 'Single sign-on for your team',
  staffIntro:
    'Let your team sign in with your identity provider (Google Workspace, Microsoft Entra, Okta, Keycloak, Authentik…) through OpenID Connect.',
  clientTitle: 'Single sign-on for your clients',
  clientIntro:
    'Let your clients’ people sign in to the portal with their own identity provider. They are matched to their contact by verified e-mail.',
  notSet: 'Not set up',
  on: T.on,
  off: T.off,
  setUp: 'Set up single sign-on',
  edit: T.edit,
  remove: T.remove,
  removeConfirm:
    'Remove this single sign-on connection? People who only signed in with it will need a password or a link.',
  removed: 'Single sign-on connection removed',
  saved: 'Single sign-on settings saved',
  issuerLabel: 'Issuer URL',
  issuerHint: 'The provider’s address; its /.well-known/openid-configuration is read when you save.',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretKept: 'Stored encrypted. Leave empty to keep the current secret.',
  clientSecretHint: 'Stored encrypted and never shown again.',
  domainsLabel: 'Allowed e-mail domains',
  domainsHint:
    'Comma-separated, e.g. agency.example, agency.co.uk. Only verified addresses of these domains may sign in.',
  defaultRoleLabel: 'Role of people created on first sign-in',
  autoCreateLabel: 'Create unknown people of an allowed domain as contacts of',
  autoCreateNone: 'Nobody: only existing contacts with portal access',
  enabledLabel: 'Show the sign-in button',
  requiredLabel: 'Require single sign-on',
  requiredHint:
    'Password sign-in is off for the team. An owner can still sign in with a password in an emergency: it is logged and e-mailed to every owner.',
  redirectLabel: 'Redirect URL to register at your provider',
  copy: T.copy,
  copied: T.copied,
  save: T.saveChanges,
  cancel: T.cancel,
  test: 'Test connection',
  testHint: 'Opens your provider in a new tab: sign in there, then come back here.',
  testWaiting: 'Waiting for the provider… sign in in the new tab.',
  testOk: 'The provider signed you in. This is what it sent:',
  testFailed: 'The test was refused:',
  testPopupBlocked: 'Your browser blocked the new tab. Allow pop-ups for this site and try again.',
  blockedTitle: 'Blocked by the provider',
  blockedHint:
    'The provider refused these people on their last sign-in. Unblock someone once the provider lets them in again.',
  unblock: 'Unblock',
  unblocked: 'Unblocked',
  loadFailed: 'Could not load the single sign-on settings.',
  // Sign-in pages.
  signInWith: ssoSignInWith,
  providerFallback: 'SSO',
  or: T.or,
  emailFirst: ssoEmailFirst,
  passwordOff: 'Your team signs in with single sign-on.',
  // Validation and refusals.
  issuerInvalid: 'Enter the provider’s issuer URL, starting with https://',
  discoveryFailed: (reason: string) =>
    `The provider could not be reached at this issuer URL, or its answer was not an OpenID Connect configuration (${reason}).`,
  secretRequired: 'Enter the client secret.',
  clientIdRequired: 'Enter the client ID.',
  domainInvalid: (domain: string) => `“${domain}” is not an e-mail domain.`,
  domainsRequired: 'Enter at least one allowed e-mail domain.',
  tooManyDomains: 'At most 50 domains.',
  companyNotFound: 'That company does not exist.',
  notConfigured: 'Single sign-on is not set up.',
  testNotFound: 'That test is over or unknown. Start a new one.',
  secretUnreadable:
    'The stored client secret cannot be read with this server’s key (SECRET_KEY changed?). Enter it again.',
  // The refusal pages (GET /auth/oidc/callback and its portal twin) and their log lines.
  pageTitle: 'Sign-in refused',
  backToSignIn: 'Back to sign-in',
  testDoneTitle: 'Test finished',
  testDoneText: 'You can close this tab and go back to Account → Security to read the result.',
  refused: {
    unavailable: 'Single sign-on is not available here.',
    busy: 'Too many sign-ins are under way for this agency. Wait a few minutes, then start again.',
    noAccount: 'No account of this agency uses that e-mail address. Ask your agency to invite you.',
    state: 'This sign-in link is not valid (unknown or already used state). Start again from the sign-in page.',
    expired: 'This sign-in took too long. Start again from the sign-in page.',
    provider: (error: string) => `Your identity provider refused the sign-in (${error}).`,
    token: (reason: string) => `The provider’s answer could not be trusted (${reason}).`,
    unverified: 'Your identity provider has not verified your e-mail address.',
    noEmail: 'Your identity provider did not send an e-mail address.',
    domain: 'Your e-mail address is not of a domain allowed to sign in here.',
    blocked: 'Your account is blocked: your identity provider refused you. Ask your agency’s owner.',
    subjectTaken: 'Another account already signs in with this identity.',
    noPortalAccess: 'You have no access to this client portal. Ask the agency to invite you.',
  },
  // Break-glass: an owner's password sign-in while single sign-on is required.
  breakGlassSubject: (agency: string) => `Emergency password sign-in to ${agency}`,
  breakGlassText: (who: string, email: string, when: string, ip: string) =>
    `${who} (${email}) signed in with a password at ${when} from ${ip}, although your team signs in with single sign-on.\n\nIf this was not expected, change that owner's password and review the activity log.`,
};
