import { router } from '../trpc';
import { activityRouter } from './activity';
import { apiTokensRouter } from './api-tokens';
import { approvalsRouter, portalApprovalsRouter } from './approvals';
import { authRouter } from './auth';
import { businessRouter } from './business';
import { companiesRouter } from './companies';
import { contactsRouter } from './contacts';
import { contactCompaniesRouter, portalCompaniesRouter } from './contact-companies';
import { dashboardRouter } from './dashboard';
import { dataRouter } from './data';
import { documentsRouter } from './documents';
import { flowFieldsRouter, flowStepsRouter, flowsRouter } from './flows';
import { integrationsRouter } from './integrations';
import { messagesRouter } from './messages';
import { portalMessagesRouter } from './portal-messages';
import { liveRouter, portalLiveRouter } from './live';
import { jobsRouter, notificationsRouter, portalNotificationsRouter } from './notifications';
import { portalActivityRouter } from './portal-activity';
import { portalRouter } from './portal';
import { portalAuthRouter } from './portal-auth';
import { portalFilesRouter } from './portal-files';
import { portalFlowsRouter } from './portal-flows';
import { portalPreviewRouter } from './portal-preview';
import { profileRouter } from './profile';
import { projectsRouter } from './projects';
import { reportsRouter } from './reports';
import { resourcesRouter } from './resources';
import { portalReviewCommentsRouter, reviewCommentsRouter } from './review-comments';
import { savedViewsRouter } from './saved-views';
import { searchRouter } from './search';
import { securityRouter } from './security';
import { tasksRouter } from './tasks';
import { flowTemplatesRouter, templatesRouter } from './templates';
import { staffInviteRouter, teamRouter } from './team';
import { twoFactorRouter } from './two-factor';
import { ssoRouter } from './sso';
import { colleagueInvitesRouter, portalTeamRouter } from './client-team';

export const appRouter = router({
  activity: activityRouter,
  apiTokens: apiTokensRouter,
  approvals: approvalsRouter,
  auth: authRouter,
  business: businessRouter,
  companies: companiesRouter,
  contacts: contactsRouter,
  contactCompanies: contactCompaniesRouter,
  dashboard: dashboardRouter,
  data: dataRouter,
  documents: documentsRouter,
  flows: flowsRouter,
  flowSteps: flowStepsRouter,
  flowFields: flowFieldsRouter,
  templates: templatesRouter,
  flowTemplates: flowTemplatesRouter,
  integrations: integrationsRouter,
  jobs: jobsRouter,
  messages: messagesRouter,
  live: liveRouter,
  notifications: notificationsRouter,
  portal: portalRouter,
  portalActivity: portalActivityRouter,
  portalApprovals: portalApprovalsRouter,
  portalAuth: portalAuthRouter,
  portalCompanies: portalCompaniesRouter,
  portalNotifications: portalNotificationsRouter,
  portalTeam: portalTeamRouter,
  colleagueInvites: colleagueInvitesRouter,
  portalFiles: portalFilesRouter,
  portalFlows: portalFlowsRouter,
  portalMessages: portalMessagesRouter,
  portalLive: portalLiveRouter,
  portalPreview: portalPreviewRouter,
  portalReviewComments: portalReviewCommentsRouter,
  profile: profileRouter,
  projects: projectsRouter,
  reports: reportsRouter,
  resources: resourcesRouter,
  reviewComments: reviewCommentsRouter,
  savedViews: savedViewsRouter,
  search: searchRouter,
  security: securityRouter,
  tasks: tasksRouter,
  staffInvite: staffInviteRouter,
  team: teamRouter,
  twoFactor: twoFactorRouter,
  sso: ssoRouter,
});

export type AppRouter = typeof appRouter;
