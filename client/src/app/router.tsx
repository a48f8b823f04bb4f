import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '../ui/Feedback';
import { RouteError } from './RouteError';

// Each area is its own chunk: marketing visitors never download the hub.
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const upcoming = (name: keyof typeof import('../features/upcoming')) => async () => ({
  Component: (await import('../features/upcoming'))[name],
});

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <Spinner label="Loading Clientflow" />,
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
        lazy: page(() => import('./AppShell')),
        children: [
          { path: 'hub/login', lazy: page(() => import('../features/auth/SignInPage')) },
          { path: 'hub/signup', lazy: page(() => import('../features/auth/SignUpPage')) },
          {
            path: 'hub',
            lazy: page(() => import('./HubLayout')),
            children: [
              { index: true, lazy: page(() => import('../features/dashboard/DashboardPage')) },
              { path: 'companies', lazy: page(() => import('../features/companies/CompaniesPage')) },
              { path: 'contacts', lazy: upcoming('ContactsPage') },
              { path: 'projects', lazy: upcoming('ProjectsPage') },
              { path: 'projects/:projectUid', lazy: upcoming('ProjectsPage') },
              { path: 'tasks', lazy: upcoming('TasksPage') },
              { path: 'documents', lazy: upcoming('DocumentsPage') },
              { path: 'resources', lazy: upcoming('ResourcesPage') },
              { path: 'resources/create', lazy: upcoming('ResourcesPage') },
              { path: 'flows', lazy: upcoming('FlowsPage') },
              { path: 'flows/:flowUid', lazy: upcoming('FlowsPage') },
              { path: 'account', lazy: upcoming('AccountPage') },
              { path: '*', lazy: page(() => import('./NotFoundPage')) },
            ],
          },
        ],
      },
      { path: '*', lazy: page(() => import('./NotFoundPage')) },
    ],
  },
]);
