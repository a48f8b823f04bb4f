import * as T from './texts';

/** Portal sign-in by an e-mailed link (issue 32): the sign-in page's option, the mail, and the link's page. */
export const magicLink = {
  /** On the sign-in page, beside the password. */
  request: 'Email me a sign-in link',
  requesting: 'Sending link...',
  or: T.or,
  /** The agency signs its clients in with links only (Account → Security). */
  onlyText: 'Enter your e-mail and we will send you a link to sign in. No password needed.',
  sentTitle: T.checkYourEmail,
  sentText: (email: string) =>
    `If ${email} has access to this portal, a sign-in link is on its way. It works once and is valid for 15 minutes.`,
  useAnother: 'Use another e-mail',
  unavailable: 'Sign-in links by e-mail are not set up for this portal. Ask your contact at the agency for help.',
  throttled: 'Too many sign-in links asked for. Please try again later.',
  /** A password sign-in at an agency that allows links only (refused by the server whatever the password). */
  passwordOff: 'This portal signs you in with a link sent by e-mail, not a password. Ask for a sign-in link instead.',
  mailSubject: (business: string) => `Your sign-in link for ${business}’s client portal`,
  mailText: (firstName: string, business: string, url: string) =>
    `Hi ${firstName},\n\nHere is your link to sign in to ${business}’s client portal. It works once and is valid for 15 minutes:\n${url}\n\nIf you did not ask for it, ignore this e-mail: nobody can sign in without the link.`,
  /** /portal/{slug}/magic/{token}: opening the link shows a button, so that a mail scanner's visit does not spend it. */
  pageTitle: (business: string) => `Sign in to ${business}`,
  pageText: (email: string) => `You are signing in as ${email}.`,
  continue: 'Continue to the portal',
  continuing: T.signingInBusy,
  invalid: 'This sign-in link is not valid. Ask for a new one on the sign-in page.',
  used: 'This sign-in link has already been used. Ask for a new one on the sign-in page.',
  expired: 'This sign-in link has expired (links are valid for 15 minutes). Ask for a new one on the sign-in page.',
  backToSignIn: T.backToSignIn,
  problem: { invalid: 'Sign-in link not valid', used: 'Sign-in link already used', expired: 'Sign-in link expired' },
  failed: 'You could not be signed in with this link.',
} as const;
