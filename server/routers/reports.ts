import { router } from '../trpc';

/** Reports (/hub/reports): to be built. */
export const reportsRouter = router({});
