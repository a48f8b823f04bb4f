/** Outgoing e-mail. */
export const mail = {
  inviteSubject: (business: string) => `${business} invited you to their client portal`,
  inviteText: (firstName: string, business: string, url: string) =>
    `Hi ${firstName},\n\n${business} has given you access to their client portal, where you can follow your projects, tasks and files.\n\nChoose your password here (the link works once and is valid for 7 days):\n${url}\n\nIf you did not expect this, you can ignore this e-mail.`,
  resetSubject: 'Reset your Clientflow password',
  resetText: (firstName: string, url: string) =>
    `Hi ${firstName},\n\nSomeone asked to reset the password of your Clientflow account. Choose a new one here (the link works once and is valid for 1 hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  notConfigured: 'E-mail is not configured (SMTP_URL): the message was logged instead of sent.',
} as const;
