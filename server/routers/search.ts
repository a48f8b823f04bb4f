import { router } from '../trpc';

/** Global search (Ctrl/Cmd-K): to be built. */
export const searchRouter = router({});
