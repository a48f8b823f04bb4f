import * as F from './frames';
import * as T from './texts';

/** Notifications: the bell, the e-mails, the preferences (Account → Notifications) and the portal's e-mail switch. */
export const notifications = {
  taskAssigned: (actor: string, task: string) => `${actor} assigned you “${task}”`,
  taskStatus: (actor: string, task: string, status: string) => `${actor} moved “${task}” to ${status}`,
  flowCompleted: (contact: string, flow: string) => `${contact} completed “${flow}”`,
  fileDownloaded: (contact: string, file: string) => `${contact} downloaded “${file}”`,
  fileUploaded: (contact: string, file: string) => `${contact} uploaded “${file}”`,
  portalInviteAccepted: (contact: string) => `${contact} accepted the portal invite`,
  teamInviteAccepted: (user: string) => `${user} joined your team`,
  staffMailText: (firstName: string, title: string, body: string, url: string, settingsUrl: string) =>
    `Hi ${firstName},\n\n${title}.${body ? `\n\n${body}` : ''}\n\nOpen it in Clientflow:\n${url}\n\nChoose which e-mails you get: ${settingsUrl}`,
  digestSubject: (count: number) => `Your Clientflow digest: ${count} new notification${count === 1 ? '' : 's'}`,
  digestText: (firstName: string, lines: string, settingsUrl: string) =>
    `Hi ${firstName},\n\nHere is what happened since your last digest:\n\n${lines}\n\nChoose which e-mails you get: ${settingsUrl}`,
  portalFileSubject: (business: string, file: string) => `${business} shared a file with you: ${file}`,
  portalFileText: (firstName: string, business: string, file: string, url: string) =>
    `Hi ${firstName},\n\n${business} shared “${file}” with you in your client portal:\n${url}`,
  portalFlowSubject: (business: string, flow: string) => `${business} asks you to complete: ${flow}`,
  portalFlowText: (firstName: string, business: string, flow: string, url: string) =>
    `Hi ${firstName},\n\n${business} has a new flow for you in your client portal, “${flow}”:\n${url}`,
  portalOptOut: (url: string) =>
    `You get these e-mails because you have access to the client portal. Turn them off here: ${url}`,
  notFound: 'Notification not found',
  jobNotFound: 'Job not found',
  jobNotRetryable: 'Only failed jobs can be retried',
  // The bell (hub header).
  bell: T.notifications,
  bellUnread: F.bellUnread,
  markAllRead: 'Mark all read',
  unread: 'Unread',
  emptyTitle: 'You’re all caught up',
  emptyText: 'Tasks assigned to you, client activity and accepted invites show up here.',
  loadMore: 'Show older',
  // Account → Notifications.
  tab: T.notifications,
  preferencesTitle: T.notifications,
  preferencesText: 'Choose how you hear about what happens in your agency. E-mails go to your sign-in address.',
  channelLabel: (kind: string) => `How you hear about: ${kind}`,
  digestLabel: T.dailyDigest,
  digestHelp: 'Instead of one e-mail per event, get one e-mail a day with everything new.',
  saved: 'Notification preferences saved',
  jobsTitle: 'Background jobs',
  jobsText:
    'E-mails and notifications that could not be delivered. Failed jobs are tried again by themselves; dead ones gave up and wait for you.',
  jobsEmptyTitle: 'Nothing is stuck',
  jobsEmptyText: 'Every notification and e-mail went out.',
  jobKinds: {
    notify: 'Notification fan-out',
    email: T.eMail,
    digest: T.dailyDigest,
    sweep: 'File clean-up',
    preview: 'File previews',
  } as Record<string, string>,
  jobStatus: { pending: 'Failed, will retry', dead: 'Dead' } as Record<string, string>,
  jobAttempts: (attempts: number, max: number) => `${attempts} of ${max} attempts`,
  jobNextTry: (when: string) => `next try ${when}`,
  retry: T.retry,
  retried: 'Job queued again',
  // Portal → Settings.
  portalSettingsNav: T.settings,
  portalSettingsTitle: T.settings,
  portalEmailLabel: T.eMailNotifications,
  portalEmailText: 'Get an e-mail when a file is shared with you or a new flow is waiting for you.',
  portalSaved: (on: boolean) => (on ? 'E-mail notifications turned on' : 'E-mail notifications turned off'),
} as const;
