import * as T from './texts';

/** Staff password reset ('Forgot your password?'). */
export const passwordReset = {
  title: 'Reset your password',
  text: T.resetRequestText,
  submit: 'Send reset link',
  submitting: T.sendingBusy,
  sentTitle: T.checkYourEmail,
  sentText: (email: string) =>
    `If an account exists for ${email}, a link to reset the password is on its way. It is valid for 1 hour.`,
  unavailable:
    'Password reset by e-mail is not set up on this server. Ask your agency’s owner to set a new password for you.',
  backToSignIn: T.backToSignIn,
  newTitle: 'Choose a new password',
  newText: (email: string) =>
    `For ${email}. You will be signed in, signed out everywhere else, and your API tokens will be revoked.`,
  /** After the new password is saved, for a user with two-factor sign-in on: the code step follows. */
  codeStepText: 'Your new password is saved. To sign in, enter a code from your authenticator app.',
  newSubmit: 'Save password and sign in',
  newSubmitting: T.savingBusy,
  invalid: 'This reset link is not valid. Request a new one.',
  used: 'This reset link has already been used. Request a new one if you need to.',
  expired: 'This reset link has expired. Request a new one.',
  requestNew: 'Request a new link',
  done: 'Your password was changed.',
  throttled: 'Too many reset requests. Please try again later.',
  problem: { invalid: 'Reset link not valid', used: 'Reset link already used', expired: 'Reset link expired' },
  failed: 'Your password could not be changed. Please try again.',
} as const;
