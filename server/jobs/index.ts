import { exportHandlers, removeExpiredExports } from '../data/export-job';
import { approvalReminderHandler } from '../domain/approvals/reminders';
import { messageEmailHandler } from '../domain/messages/email';
import { previewHandler, schedulePreviews } from '../files/previews/job';
import { sweepHandler } from '../files/sweep';
import { removeExpiredReplyTokens } from '../inbound-mail/reply-tokens';
import { notificationHandlers } from '../notifications/fanout';
import { JobRunner, type JobDeps, type JobRunnerOptions } from './queue';

/**
 * The app's job runner with every handler, and the hourly clean-up of expired exports. 'sweep': one agency's file
 * storage cleared of crash leftovers (server/files/sweep.ts, queued at start-up by server/index.ts). Expired reply
 * addresses (server/inbound-mail/reply-tokens.ts) go with the hourly clean-up too. 'message_email': unread messages
 * e-mailed after the agency's delay (server/domain/messages/email.ts). 'approval_reminder': a pending approval's
 * approvers reminded once before its due date (server/domain/approvals/reminders.ts). 'preview': thumbnails of
 * uploaded files (server/files/previews/job.ts), queued by uploads and, with the clean-up, for agencies with pending
 * ones.
 */
export const createJobRunner = (deps: JobDeps, options?: JobRunnerOptions) =>
  new JobRunner(
    deps,
    {
      ...notificationHandlers,
      ...exportHandlers,
      sweep: sweepHandler,
      message_email: messageEmailHandler,
      approval_reminder: approvalReminderHandler,
      preview: previewHandler,
    },
    { maintenance: [removeExpiredExports, removeExpiredReplyTokens, schedulePreviews], ...options },
  );
