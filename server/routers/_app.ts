import { router } from '../trpc';
import { authRouter } from './auth';
import { companiesRouter } from './companies';

export const appRouter = router({
  auth: authRouter,
  companies: companiesRouter,
});

export type AppRouter = typeof appRouter;
