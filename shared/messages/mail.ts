/** Outgoing e-mail. */
export const mail = {
  inviteSubject: (business: string) => `${business} invited you to their client portal`,
  inviteText: (firstName: string, business: string, url: string) =>
    `Hi ${firstName},\n\n${business} has given you access to their client portal, where you can follow your projects, tasks and files.\n\nChoose your password here (the link works once and is valid for 7 days):\n${url}\n\nIf you did not expect this, you can ignore this e-mail.`,
  resetSubject: 'Reset your Clientflow password',
  resetText: (firstName: string, url: string) =>
    `Hi ${firstName},\n\nSomeone asked to reset the password of your Clientflow account. Choose a new one here (the link works once and is valid for 1 hour):\n${url}\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
  notConfigured: 'E-mail is not configured (SMTP_URL): the message was logged instead of sent.',
  /** What the sender of a refused e-mail reply reads (the SMTP answer, quoted in their bounce). */
  inbound: {
    notReplyAddress: 'This address takes replies to Clientflow e-mails only.',
    oneRecipient: 'Send this reply to one reply address at a time.',
    unknownAddress: 'This reply address is not known. Reply from the client portal instead.',
    expiredAddress: 'This reply address has expired. Reply to a newer e-mail, or from the client portal.',
    wrongSender: 'This reply address belongs to another sender: reply from the address the e-mail was sent to.',
    tooLarge: (limit: string) => `This reply is larger than the upload limit of ${limit}.`,
    empty: 'This reply is empty: write your message above the quoted text.',
    unreadable: 'This message could not be read.',
    notTaken: 'Replies by e-mail are not taken right now. Please try again later.',
    notSaved: 'This reply could not be saved. Please try again later.',
  },
} as const;
