import { useLocation } from 'react-router-dom';
import { M } from '../../../shared/messages';
import { MarketingHeader } from '../features/marketing/MarketingLayout';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import { Spinner } from '../ui/Feedback';
import { HubFrame } from './HubLayout';
import { NotFoundMessage } from './RouteError';
import { useSession } from './useSession';

/**
 * Unknown addresses. A signed-in user gets the hub's frame (its own route inside the hub, HubFrame elsewhere) and a
 * way back to the dashboard; a signed-out visitor gets the marketing site's header and a way home.
 */
export default function NotFoundPage() {
  useDocumentTitle(M.shell.titles.notFound);
  const { pathname } = useLocation();
  const { user, isPending } = useSession();
  const inHub = pathname === '/hub' || pathname.startsWith('/hub/');

  if (inHub) return <NotFoundMessage to="/hub" label={M.shell.backToDashboard} />;
  if (isPending) return <Spinner label={M.shell.loadingApp} />;
  if (user)
    return (
      <HubFrame user={user}>
        <NotFoundMessage to="/hub" label={M.shell.backToDashboard} />
      </HubFrame>
    );
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <MarketingHeader />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-hidden">
        <NotFoundMessage to="/" label={M.shell.backToHome} />
      </main>
    </div>
  );
}
