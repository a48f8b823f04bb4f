import { router } from '../trpc';

/** The portal's Activity list: to be built. */
export const portalActivityRouter = router({});
