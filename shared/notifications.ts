/**
 * Notification kinds of staff users, their channels and defaults, shared by the server (fan-out, e-mail) and the
 * client (the bell and the preferences).
 */
import { clientTeam } from './messages/clientTeam';

export const NOTIFICATION_KINDS = [
  /** A task was assigned to me (by someone else). */
  'task_assigned',
  /** A task assigned to me changed status (by someone else). */
  'task_status',
  /** A client completed a flow. */
  'flow_completed',
  /** A client downloaded or uploaded a file. */
  'file_activity',
  /** A contact accepted their portal invite. */
  'portal_invite_accepted',
  /** Someone accepted a team invite. */
  'team_invite_accepted',
  /** A teammate mentioned me (@name) in a message. */
  'message_mention',
  /** A client wrote in a conversation: the bell at once; the e-mail when still unread after the agency's delay (server/domain/messages/email.ts). */
  'message_client',
  /** A client approved a file or requested changes to it (the request's sender; everyone when they have left). */
  'approval_decided',
  /** A client commented on a version of a file (review comments and pins). */
  'review_comment',
  /** A client admin asked to invite a colleague to the portal (issue 32): staff approve or decline it. */
  'colleague_invite',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** in_app: the bell only; email: the bell and an e-mail (or the daily digest); off: nothing. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** A kind without a saved preference uses this. File activity is frequent, so it stays in the app by default. */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, NotificationChannel> = {
  task_assigned: 'email',
  task_status: 'in_app',
  flow_completed: 'email',
  file_activity: 'in_app',
  portal_invite_accepted: 'in_app',
  team_invite_accepted: 'email',
  message_mention: 'email',
  message_client: 'email',
  approval_decided: 'email',
  review_comment: 'in_app',
  colleague_invite: 'email',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  task_assigned: { label: 'Task assigned to me', description: 'A teammate assigns a task to you.' },
  task_status: { label: 'My task changed status', description: 'Someone else moves a task assigned to you.' },
  flow_completed: { label: 'Client completed a flow', description: 'A client finishes an onboarding or intake flow.' },
  file_activity: { label: 'Client file activity', description: 'A client downloads or uploads a file.' },
  portal_invite_accepted: { label: 'Portal invite accepted', description: 'A contact sets their portal password.' },
  team_invite_accepted: { label: 'Team invite accepted', description: 'Someone joins your team from an invite.' },
  message_mention: {
    label: 'Mentioned in a message',
    description: 'A teammate mentions you (@name) in a conversation.',
  },
  message_client: {
    label: 'Client messages',
    description:
      'A client writes in a conversation: in the bell at once, by e-mail if still unread after a few minutes (the conversation’s assignee, or everyone).',
  },
  approval_decided: {
    label: 'Client approval decisions',
    description: 'A client approves a file you sent for approval, or requests changes.',
  },
  review_comment: {
    label: 'Client comments on files',
    description: 'A client comments on a version of a file, or replies to a comment.',
  },
  colleague_invite: { label: clientTeam.notifyKind, description: clientTeam.notifyKindText },
};

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In-app',
  email: 'In-app and e-mail',
  off: 'Off',
};

/** Background job states; dead = gave up after its last attempt (the dead letter, shown to the owner). */
export const JOB_STATUSES = ['pending', 'running', 'done', 'dead'] as const;
