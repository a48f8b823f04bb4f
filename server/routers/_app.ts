import { router } from '../trpc';
import { authRouter } from './auth';
import { companiesRouter } from './companies';
import { resourcesRouter } from './resources';

export const appRouter = router({
  auth: authRouter,
  companies: companiesRouter,
  resources: resourcesRouter,
});

export type AppRouter = typeof appRouter;
