import { router } from '../trpc';
import { authRouter } from './auth';
import { companiesRouter } from './companies';
import { contactsRouter } from './contacts';
import { dashboardRouter } from './dashboard';
import { portalAuthRouter } from './portal-auth';
import { resourcesRouter } from './resources';

export const appRouter = router({
  auth: authRouter,
  companies: companiesRouter,
  contacts: contactsRouter,
  dashboard: dashboardRouter,
  portalAuth: portalAuthRouter,
  resources: resourcesRouter,
});

export type AppRouter = typeof appRouter;
