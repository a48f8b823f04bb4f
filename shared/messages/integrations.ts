import { PRODUCT_NAME } from '../messages-core';
import * as T from './texts';

/** The account page's Integrations tab: outgoing e-mail. */
export const integrations = {
  emailTitle: T.eMail,
  emailText: 'Invites and password reset links are sent by e-mail.',
  configured: 'Configured',
  notConfigured: 'Not configured',
  configuredText: (from: string | null) => (from ? `Mail is sent over SMTP from ${from}.` : 'Mail is sent over SMTP.'),
  notConfiguredText:
    'Set SMTP_URL (and MAIL_FROM) on the server to send e-mail. Until then, invite links are shown to copy, and password reset by e-mail is unavailable.',
  sendTest: 'Send test e-mail',
  sendingTest: T.sendingBusy,
  testSent: 'Test e-mail sent',
  testSentText: (email: string) => `Check the inbox of ${email}.`,
  testFailed: 'The test e-mail could not be sent',
  testFailedText: 'The SMTP server refused it or could not be reached. Check SMTP_URL and the server log.',
  testNotConfigured: 'E-mail is not configured on this server, so nothing was sent.',
  testThrottled: 'Too many test e-mails. Please wait a few minutes and try again.',
  testSubject: `${PRODUCT_NAME} test e-mail`,
  testText: (firstName: string) =>
    `Hi ${firstName},\n\nThis is a test e-mail from ${PRODUCT_NAME}. If you can read it, outgoing e-mail works.\n`,
  membersOnly: 'Only the agency’s owner or an admin can manage integrations.',
} as const;
