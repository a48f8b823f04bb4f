import { router } from '../trpc';

/** The activity log (company tab, dashboard card, the owner's whole log): to be built. */
export const activityRouter = router({});
