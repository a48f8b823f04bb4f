import { router } from '../trpc';
import { authRouter } from './auth';
import { companiesRouter } from './companies';
import { contactsRouter } from './contacts';
import { dashboardRouter } from './dashboard';
import { documentsRouter } from './documents';
import { portalAuthRouter } from './portal-auth';
import { projectsRouter } from './projects';
import { resourcesRouter } from './resources';
import { tasksRouter } from './tasks';
import { teamRouter } from './team';

export const appRouter = router({
  auth: authRouter,
  companies: companiesRouter,
  contacts: contactsRouter,
  dashboard: dashboardRouter,
  documents: documentsRouter,
  portalAuth: portalAuthRouter,
  projects: projectsRouter,
  resources: resourcesRouter,
  tasks: tasksRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
