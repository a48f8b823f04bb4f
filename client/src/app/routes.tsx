import { Component, type ComponentType, type ReactNode, Suspense, use } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useParams } from 'react-router-dom';
import { CORE as M } from '../../../shared/messages-core';
import { PAGE_DATA } from '../../../shared/first-screen-constants';
import { Spinner } from '../ui/Feedback';
import { sendEarly } from './earlyReplies';
import { RouteError } from './RouteError';

type PageModule = { default: ComponentType };

/** What a route carries besides its screen: its code, to load before the first render, and its early queries. */
export type RouteHandle = {
  preload: () => Promise<unknown>;
  /** Run once, on the page's first load, when the address matches (earlyReplies.ts). */
  early?: (pathname: string) => void;
};

/**
 * A route's screen, in its own chunk (each area is: marketing visitors never download the hub). Its code loads when
 * the route is first shown: the first screen's before the app renders (router.tsx), later ones during the navigation,
 * which React runs as a transition, so the screen being left stays until the next one can render.
 */
function page(load: () => Promise<PageModule>, early?: RouteHandle['early']): Pick<RouteObject, 'element' | 'handle'> {
  const screen: Screen = {
    preload: () =>
      (screen.loading ??= load().then(
        (module) => {
          screen.Loaded = module.default;
        },
        (error: unknown) => {
          // A chunk that failed to load (a new deploy, the network) is tried again on the next visit.
          screen.loading = undefined;
          throw error;
        },
      )),
  };
  const handle: RouteHandle = { preload: screen.preload, early };
  return { element: <LazyScreen screen={screen} />, handle };
}

type Screen = { preload: () => Promise<unknown>; loading?: Promise<unknown>; Loaded?: ComponentType };

/** A route's screen: at once when its code is in (always, for the first screen), else once it has loaded. */
function LazyScreen({ screen }: { screen: Screen }) {
  if (!screen.Loaded) use(screen.preload());
  const Loaded = screen.Loaded!;
  return <Loaded />;
}

/** The routes' frame: a screen that fails shows RouteError (until the address changes), one still loading a spinner. */
function RouteFrame() {
  return (
    <ErrorBoundary resetKey={useLocation().pathname}>
      <Suspense fallback={<Spinner label={M.shell.loadingApp} />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

class ErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string }> {
  state = { error: null as unknown, key: this.props.resetKey };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; key: string }) {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }
  componentDidCatch(error: unknown) {
    console.error(error);
  }
  render() {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/** /portal/{slug}: its sign-in page. */
function ToPortalLogin() {
  return <Navigate to={`/portal/${encodeURIComponent(useParams().slug ?? '')}/login`} replace />;
}

/** The client portal's addresses: a client has no staff session, so its pages never ask who is signed in to the hub. */
const isPortalPath = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/');
const sendEarlySession = sendEarly('auth.me');

// Screens at two addresses: one component, so that moving between the two keeps it (and its state) on screen.
const portalLogin = page(() => import('../features/portal/PortalLoginPage'));
const portalMessages = page(() => import('../features/portal/PortalMessagesPage'));
const messages = page(() => import('../features/messages/MessagesPage'));
const resourceForm = page(() => import('../features/resources/ResourceFormPage'));

/** The app's routes (router.tsx renders them; tests/unit/routes.test.ts walks them). */
export const routes: RouteObject[] = [
  {
    // Every screen renders inside the error boundary and the loading state of RouteFrame (below).
    element: <RouteFrame />,
    children: [
      {
        ...page(() => import('../features/marketing/MarketingLayout')),
        children: [
          { index: true, ...page(() => import('../features/marketing/LandingPage')) },
          { path: 'features', ...page(() => import('../features/marketing/FeaturesPage')) },
          { path: 'pricing', ...page(() => import('../features/marketing/PricingPage')) },
        ],
      },
      {
        // Outside the app shell: the sign-in screen paints without the data layer (see SignInPage).
        path: 'hub/login',
        ...page(() => import('../features/auth/SignInPage'), sendEarly('auth.me', 'auth.demoHint')),
      },
      // The client portal's sign-in page (spec §2.11), outside the app shell for the same reason (see PortalLoginPage):
      // at /portal/login the address is typed in, at /portal/{slug}/login it is the agency's.
      { path: 'portal/login', ...portalLogin },
      { path: 'portal/:slug/login', ...portalLogin },
      {
        // Every screen below the shell asks who is signed in, except the client portal's.
        // A hub page that holds the session's reply (server/app.ts) has nothing to ask.
        ...page(
          () => import('./AppShell'),
          (pathname) => {
            if (!isPortalPath(pathname) && !document.getElementById(PAGE_DATA.staffMe)) sendEarlySession();
          },
        ),
        children: [
          { path: 'hub/signup', ...page(() => import('../features/auth/SignUpPage')) },
          // Password reset works signed out: outside the hub's sign-in gate.
          { path: 'hub/forgot-password', ...page(() => import('../features/auth/ForgotPasswordPage')) },
          { path: 'hub/reset-password/:token', ...page(() => import('../features/auth/ResetPasswordPage')) },
          // A staff invite link: the invited person is not signed in yet (server/domain/team staffInvite).
          { path: 'hub/invite/:token', ...page(() => import('../features/account/StaffInvitePage')) },
          // The client portal (spec §2.1): its other signed-out pages, then the signed-in pages inside PortalLayout.
          { path: 'portal/forgot-password', ...page(() => import('../features/portal/PortalForgotPasswordPage')) },
          {
            path: 'portal/:slug',
            children: [
              { index: true, element: <ToPortalLogin /> },
              { path: 'invite/:token', ...page(() => import('../features/portal/PortalInvitePage')) },
              // "Forgot password?" on the portal's sign-in page, and the link it mails.
              { path: 'forgot-password', ...page(() => import('../features/portal/PortalForgotPasswordPage')) },
              { path: 'reset-password/:token', ...page(() => import('../features/portal/PortalResetPasswordPage')) },
              // A sign-in link from the e-mail (issue 32): opening it reads it, its button signs in.
              { path: 'magic/:token', ...page(() => import('../features/portal/PortalMagicLinkPage')) },
              {
                ...page(() => import('../features/portal/PortalLayout')),
                children: [
                  { path: 'dashboard', ...page(() => import('../features/portal/PortalDashboardPage')) },
                  { path: 'projects', ...page(() => import('../features/portal/PortalProjectsPage')) },
                  { path: 'projects/:id', ...page(() => import('../features/portal/PortalProjectPage')) },
                  { path: 'tasks', ...page(() => import('../features/portal/PortalTasksPage')) },
                  { path: 'files', ...page(() => import('../features/portal/PortalFilesPage')) },
                  { path: 'workflows', ...page(() => import('../features/portal/flows/PortalFlowsPage')) },
                  { path: 'workflows/:flowUid', ...page(() => import('../features/portal/flows/PortalFlowPage')) },
                  { path: 'activity', ...page(() => import('../features/portal/PortalActivityPage')) },
                  { path: 'messages', ...portalMessages },
                  { path: 'messages/:threadId', ...portalMessages },
                  { path: 'resources', ...page(() => import('../features/portal/PortalResourcesPage')) },
                  { path: 'resources/:id', ...page(() => import('../features/portal/PortalResourcePage')) },
                  { path: 'approvals/:id', ...page(() => import('../features/approvals/PortalApprovalPage')) },
                  { path: 'settings', ...page(() => import('../features/notifications/PortalSettingsPage')) },
                  // Unknown addresses inside a portal: the portal's own not-found state, not the hub's.
                  { path: '*', ...page(() => import('../features/portal/PortalNotFoundPage')) },
                ],
              },
            ],
          },
          {
            path: 'hub',
            ...page(() => import('./HubLayout')),
            children: [
              { index: true, ...page(() => import('../features/dashboard/DashboardPage')) },
              { path: 'companies', ...page(() => import('../features/companies/CompaniesPage')) },
              { path: 'companies/:companyId', ...page(() => import('../features/companies/CompanyPage')) },
              { path: 'contacts', ...page(() => import('../features/contacts/ContactsPage')) },
              { path: 'projects', ...page(() => import('../features/projects/ProjectsPage')) },
              { path: 'projects/:projectUid', ...page(() => import('../features/projects/ProjectDetailPage')) },
              { path: 'tasks', ...page(() => import('../features/tasks/TasksPage')) },
              { path: 'documents', ...page(() => import('../features/documents/DocumentsPage')) },
              { path: 'resources', ...page(() => import('../features/resources/ResourcesPage')) },
              { path: 'resources/create', ...resourceForm },
              { path: 'resources/:id/edit', ...resourceForm },
              { path: 'flows', ...page(() => import('../features/flows/FlowsPage')) },
              { path: 'flows/:flowUid', ...page(() => import('../features/flows/FlowEditorPage')) },
              { path: 'account', ...page(() => import('../features/account/AccountPage')) },
              { path: 'activity', ...page(() => import('../features/activity/ActivityPage')) },
              { path: 'reports', ...page(() => import('../features/reports/ReportsPage')) },
              { path: 'templates', ...page(() => import('../features/templates/TemplatesPage')) },
              { path: 'messages', ...messages },
              { path: 'messages/:threadId', ...messages },
              // A record area without a route here: its list page from the registry (entityIcons.ts `page`).
              { path: ':area', ...page(() => import('./AreaPage')) },
              { path: '*', ...page(() => import('./NotFoundPage')) },
            ],
          },
          // Unknown addresses outside the hub: the 404 page asks who is signed in to pick its frame.
          { path: '*', ...page(() => import('./NotFoundPage')) },
        ],
      },
    ],
  },
];
