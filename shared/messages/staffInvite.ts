import { PRODUCT_NAME } from '../messages-core';
import * as T from './texts';

/** /hub/invite/{token}: someone invited to the agency's staff chooses their name and password. */
export const staffInvite = {
  title: (business: string) => `Join ${business}`,
  text: (inviter: string | null, role: string) =>
    inviter
      ? `${inviter} invited you as ${role}. Choose your name and a password to finish.`
      : `You were invited as ${role}. Choose your name and a password to finish.`,
  submit: 'Join and sign in',
  submitting: 'Joining...',
  joined: T.welcomeTo,
  failed: 'Your account could not be created. Please try again.',
  invalid: 'This invite link is not valid. Ask the person who invited you for a new one.',
  used: 'This invite link has already been used. Sign in with the password you chose.',
  expired: 'This invite link has expired. Ask the person who invited you for a new one.',
  emailHasAccount: `This e-mail address already has a ${PRODUCT_NAME} account, and one address can belong to only one agency. Sign in with it, or ask the person who invited you to invite another address.`,
  problem: {
    invalid: T.inviteLinkNotValid,
    used: T.inviteLinkAlreadyUsed,
    expired: T.inviteLinkExpired,
    emailHasAccount: 'Address already has an account',
  },
  mailSubject: (business: string) => `${business} invited you to ${PRODUCT_NAME}`,
  mailText: (business: string, inviter: string, url: string) =>
    `Hi,\n\n${inviter} invited you to join ${business} on ${PRODUCT_NAME}, where the team manages its clients, projects and files.\n\nChoose your name and password here (the link works once and is valid for 7 days):\n${url}\n\nIf you did not expect this, you can ignore this e-mail.`,
} as const;
