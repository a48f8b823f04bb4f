import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router-dom';
import { CORE as M } from '../../../shared/messages-core';
import { PAGE_DATA } from '../../../shared/first-screen-constants';
import { Spinner } from '../ui/Feedback';
import { sendEarly } from './earlyReplies';
import { RouteError } from './RouteError';

type PageModule = { default: ComponentType };

// Each area is its own chunk: marketing visitors never download the hub.
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/** The client portal's addresses: a client has no staff session, so its pages never ask who is signed in to the hub. */
const isPortalPath = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/');
const sendEarlySession = sendEarly('auth.me');

/** The app's routes (router.tsx makes the browser router of them; tests/unit/routes.test.ts walks them). */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner label={M.shell.loadingApp} />,
    children: [
      {
        lazy: page(() => import('../features/marketing/MarketingLayout')),
        children: [
          { index: true, lazy: page(() => import('../features/marketing/LandingPage')) },
          { path: 'features', lazy: page(() => import('../features/marketing/FeaturesPage')) },
          { path: 'pricing', lazy: page(() => import('../features/marketing/PricingPage')) },
        ],
      },
      {
        // Outside the app shell: the sign-in screen paints without the data layer (see SignInPage).
        path: 'hub/login',
        loader: sendEarly('auth.me', 'auth.demoHint'),
        shouldRevalidate: () => false,
        lazy: page(() => import('../features/auth/SignInPage')),
      },
      // The client portal's sign-in page (spec §2.11), outside the app shell for the same reason (see PortalLoginPage):
      // at /portal/login the address is typed in, at /portal/{slug}/login it is the agency's.
      { path: 'portal/login', lazy: page(() => import('../features/portal/PortalLoginPage')) },
      { path: 'portal/:slug/login', lazy: page(() => import('../features/portal/PortalLoginPage')) },
      {
        // Every screen below the shell asks who is signed in, except the client portal's.
        lazy: page(() => import('./AppShell')),
        // A hub page that holds the session's reply (server/app.ts) has nothing to ask.
        loader: ({ request }) =>
          isPortalPath(new URL(request.url).pathname) || document.getElementById(PAGE_DATA.staffMe)
            ? null
            : sendEarlySession(),
        shouldRevalidate: () => false,
        children: [
          { path: 'hub/signup', lazy: page(() => import('../features/auth/SignUpPage')) },
          // Password reset works signed out: outside the hub's sign-in gate.
          { path: 'hub/forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
          { path: 'hub/reset-password/:token', lazy: page(() => import('../features/auth/ResetPasswordPage')) },
          // A staff invite link: the invited person is not signed in yet (server/domain/team staffInvite).
          { path: 'hub/invite/:token', lazy: page(() => import('../features/account/StaffInvitePage')) },
          // The client portal (spec §2.1): its other signed-out pages, then the signed-in pages inside PortalLayout.
          { path: 'portal/forgot-password', lazy: page(() => import('../features/portal/PortalForgotPasswordPage')) },
          {
            path: 'portal/:slug',
            children: [
              // A redirect with an element, so that the first render (before the loader's redirect lands) matches a leaf
              // that renders something (React Router warns about a leaf route without one).
              {
                index: true,
                loader: ({ params }) => redirect(`/portal/${encodeURIComponent(params.slug ?? '')}/login`),
                Component: () => null,
              },
              { path: 'invite/:token', lazy: page(() => import('../features/portal/PortalInvitePage')) },
              // "Forgot password?" on the portal's sign-in page, and the link it mails.
              { path: 'forgot-password', lazy: page(() => import('../features/portal/PortalForgotPasswordPage')) },
              { path: 'reset-password/:token', lazy: page(() => import('../features/portal/PortalResetPasswordPage')) },
              // A sign-in link from the e-mail (issue 32): opening it reads it, its button signs in.
              { path: 'magic/:token', lazy: page(() => import('../features/portal/PortalMagicLinkPage')) },
              {
                lazy: page(() => import('../features/portal/PortalLayout')),
                children: [
                  { path: 'dashboard', lazy: page(() => import('../features/portal/PortalDashboardPage')) },
                  { path: 'projects', lazy: page(() => import('../features/portal/PortalProjectsPage')) },
                  { path: 'projects/:id', lazy: page(() => import('../features/portal/PortalProjectPage')) },
                  { path: 'tasks', lazy: page(() => import('../features/portal/PortalTasksPage')) },
                  { path: 'files', lazy: page(() => import('../features/portal/PortalFilesPage')) },
                  { path: 'workflows', lazy: page(() => import('../features/portal/flows/PortalFlowsPage')) },
                  { path: 'workflows/:flowUid', lazy: page(() => import('../features/portal/flows/PortalFlowPage')) },
                  { path: 'activity', lazy: page(() => import('../features/portal/PortalActivityPage')) },
                  { path: 'messages', lazy: page(() => import('../features/portal/PortalMessagesPage')) },
                  { path: 'messages/:threadId', lazy: page(() => import('../features/portal/PortalMessagesPage')) },
                  { path: 'resources', lazy: page(() => import('../features/portal/PortalResourcesPage')) },
                  { path: 'resources/:id', lazy: page(() => import('../features/portal/PortalResourcePage')) },
                  { path: 'approvals/:id', lazy: page(() => import('../features/approvals/PortalApprovalPage')) },
                  { path: 'settings', lazy: page(() => import('../features/notifications/PortalSettingsPage')) },
                  // Unknown addresses inside a portal: the portal's own not-found state, not the hub's.
                  { path: '*', lazy: page(() => import('../features/portal/PortalNotFoundPage')) },
                ],
              },
            ],
          },
          {
            path: 'hub',
            lazy: page(() => import('./HubLayout')),
            children: [
              { index: true, lazy: page(() => import('../features/dashboard/DashboardPage')) },
              { path: 'companies', lazy: page(() => import('../features/companies/CompaniesPage')) },
              { path: 'companies/:companyId', lazy: page(() => import('../features/companies/CompanyPage')) },
              { path: 'contacts', lazy: page(() => import('../features/contacts/ContactsPage')) },
              { path: 'projects', lazy: page(() => import('../features/projects/ProjectsPage')) },
              { path: 'projects/:projectUid', lazy: page(() => import('../features/projects/ProjectDetailPage')) },
              { path: 'tasks', lazy: page(() => import('../features/tasks/TasksPage')) },
              { path: 'documents', lazy: page(() => import('../features/documents/DocumentsPage')) },
              { path: 'resources', lazy: page(() => import('../features/resources/ResourcesPage')) },
              { path: 'resources/create', lazy: page(() => import('../features/resources/ResourceFormPage')) },
              { path: 'resources/:id/edit', lazy: page(() => import('../features/resources/ResourceFormPage')) },
              { path: 'flows', lazy: page(() => import('../features/flows/FlowsPage')) },
              { path: 'flows/:flowUid', lazy: page(() => import('../features/flows/FlowEditorPage')) },
              { path: 'account', lazy: page(() => import('../features/account/AccountPage')) },
              { path: 'activity', lazy: page(() => import('../features/activity/ActivityPage')) },
              { path: 'reports', lazy: page(() => import('../features/reports/ReportsPage')) },
              { path: 'templates', lazy: page(() => import('../features/templates/TemplatesPage')) },
              { path: 'messages', lazy: page(() => import('../features/messages/MessagesPage')) },
              { path: 'messages/:threadId', lazy: page(() => import('../features/messages/MessagesPage')) },
              // A record area without a route here: its list page from the registry (entityIcons.ts `page`).
              { path: ':area', lazy: page(() => import('./AreaPage')) },
              { path: '*', lazy: page(() => import('./NotFoundPage')) },
            ],
          },
          // Unknown addresses outside the hub: the 404 page asks who is signed in to pick its frame.
          { path: '*', lazy: page(() => import('./NotFoundPage')) },
        ],
      },
    ],
  },
];
