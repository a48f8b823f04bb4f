import { router } from '../trpc';
import { apiTokensRouter } from './api-tokens';
import { authRouter } from './auth';
import { businessRouter } from './business';
import { companiesRouter } from './companies';
import { contactsRouter } from './contacts';
import { dashboardRouter } from './dashboard';
import { documentsRouter } from './documents';
import { flowFieldsRouter, flowStepsRouter, flowsRouter } from './flows';
import { integrationsRouter } from './integrations';
import { portalRouter } from './portal';
import { portalAuthRouter } from './portal-auth';
import { portalFlowsRouter } from './portal-flows';
import { profileRouter } from './profile';
import { projectsRouter } from './projects';
import { resourcesRouter } from './resources';
import { tasksRouter } from './tasks';
import { staffInviteRouter, teamRouter } from './team';

export const appRouter = router({
  apiTokens: apiTokensRouter,
  auth: authRouter,
  business: businessRouter,
  companies: companiesRouter,
  contacts: contactsRouter,
  dashboard: dashboardRouter,
  documents: documentsRouter,
  flows: flowsRouter,
  flowSteps: flowStepsRouter,
  flowFields: flowFieldsRouter,
  integrations: integrationsRouter,
  portal: portalRouter,
  portalAuth: portalAuthRouter,
  portalFlows: portalFlowsRouter,
  profile: profileRouter,
  projects: projectsRouter,
  resources: resourcesRouter,
  tasks: tasksRouter,
  staffInvite: staffInviteRouter,
  team: teamRouter,
});

export type AppRouter = typeof appRouter;
