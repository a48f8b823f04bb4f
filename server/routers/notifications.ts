import { router } from '../trpc';

/** The bell, preferences and background jobs: to be built. */
export const notificationsRouter = router({});
export const jobsRouter = router({});
/** The portal contact's own e-mail switch. */
export const portalNotificationsRouter = router({});
