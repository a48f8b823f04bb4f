import {
  jobIdInput,
  jobListInput,
  jobOutput,
  jobPageOutput,
  markReadInput,
  markReadOutput,
  notificationListInput,
  notificationPageOutput,
  portalNotificationsInput,
  portalNotificationsOutput,
  preferencesOutput,
  unreadCountOutput,
  updatePreferencesInput,
} from '../../shared/schemas/notifications';
import {
  listFailedJobs,
  listNotifications,
  markAllRead,
  markRead,
  notificationPreferences,
  portalNotifications,
  retryJob,
  unreadCount,
  updateNotificationPreferences,
  updatePortalNotifications,
} from '../domain/notifications';
import { permittedProcedure, portalProcedure, router, staffProcedure } from '../trpc';

/** The bell: only the caller's own notifications, ever (another user's id answers NOT_FOUND). */
export const notificationsRouter = router({
  list: staffProcedure
    .input(notificationListInput)
    .output(notificationPageOutput)
    .query(({ ctx, input }) => listNotifications(ctx, input)),

  unreadCount: staffProcedure.output(unreadCountOutput).query(({ ctx }) => unreadCount(ctx)),

  markRead: staffProcedure
    .input(markReadInput)
    .output(markReadOutput)
    .mutation(({ ctx, input }) => markRead(ctx, input)),

  markAllRead: staffProcedure.output(markReadOutput).mutation(({ ctx }) => markAllRead(ctx)),

  preferences: staffProcedure.output(preferencesOutput).query(({ ctx }) => notificationPreferences(ctx)),

  updatePreferences: staffProcedure
    .input(updatePreferencesInput)
    .output(preferencesOutput)
    .mutation(({ ctx, input }) => updateNotificationPreferences(ctx, input)),
});

/** Background jobs that failed, for the owner (jobs.manage), and retrying one. */
export const jobsRouter = router({
  list: permittedProcedure('jobs.manage')
    .input(jobListInput)
    .output(jobPageOutput)
    .query(({ ctx, input }) => listFailedJobs(ctx, input)),

  /** A dead job gets a fresh set of attempts, a failed one runs now; done or running jobs are refused (409). */
  retry: permittedProcedure('jobs.manage')
    .input(jobIdInput)
    .output(jobOutput)
    .mutation(({ ctx, input }) => retryJob(ctx, input)),
});

/** The portal contact's own e-mail switch (Contact.notifyByEmail): files shared with their company, flows given to it. */
export const portalNotificationsRouter = router({
  get: portalProcedure.output(portalNotificationsOutput).query(({ ctx }) => portalNotifications(ctx)),
  update: portalProcedure
    .input(portalNotificationsInput)
    .output(portalNotificationsOutput)
    .mutation(({ ctx, input }) => updatePortalNotifications(ctx, input)),
});
