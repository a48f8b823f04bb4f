import { router } from '../trpc';

/** Two-factor sign-in (TOTP + recovery codes): to be built. */
export const twoFactorRouter = router({});
