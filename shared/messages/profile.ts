import * as T from './texts';

/** The account page's Profile tab: the signed-in user's own name, e-mail and password. */
export const profile = {
  detailsTitle: 'Your details',
  detailsText: 'Your name appears on tasks and files; you sign in with this e-mail address.',
  firstName: T.firstNameTitle,
  lastName: T.lastNameTitle,
  email: T.email,
  save: T.saveChanges,
  saving: T.savingBusy,
  saved: 'Profile updated',
  saveFailed: 'Failed to update your profile',
  passwordTitle: T.password,
  passwordText:
    'Changing it signs you out on every other device and browser, and revokes your API tokens unless you untick the box below. A password reset by e-mail always revokes them.',
  revokeApiTokens: 'Also revoke my API tokens',
  revokeApiTokensHint: 'Scripts and tools that use them stop working until you create new tokens.',
  newPasswordHint: 'At least 8 characters. A few unrelated words make a strong one.',
  currentPassword: T.currentPassword,
  newPassword: T.newPassword,
  confirmPassword: T.confirmNewPassword,
  changePassword: T.changePassword,
  changing: T.changingBusy,
  passwordChanged: T.passwordChanged,
  passwordChangedText: (revoked: number) =>
    `You are still signed in here; every other session has ended${revoked > 0 ? `, and ${revoked} API ${revoked === 1 ? 'token was' : 'tokens were'} revoked` : ''}.`,
  passwordFailed: 'Failed to change your password',
  currentRequired: 'Current password is required',
  currentWrong: 'The current password is not correct.',
  emailTaken: 'That e-mail address already has a Clientflow account.',
  roleLine: (role: string, business: string) => `${role} at ${business}`,
} as const;
