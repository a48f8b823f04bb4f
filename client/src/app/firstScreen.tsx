// The portal dashboard's first screen as HTML, rendered by the server for each page load (server/lib/first-screen.ts)
// from the same components and the same replies the app then renders with (client/src/lib/pageReplies.ts): a client
// on a phone reads their projects in the page's first bytes, before any script has arrived. `npm run build` bundles
// this module for Node (scripts/prerender-marketing.mjs, into dist/first-screen/); React's first render in the browser
// then takes its place with the same content, so nothing moves.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { Outlet, Route, Routes, StaticRouter } from 'react-router-dom';
import superjson, { type SuperJSONResult } from 'superjson';
import { queryKeyOf } from '../lib/pageReplies';
import { trpc } from '../lib/trpc';
import PortalDashboardPage from '../features/portal/PortalDashboardPage';
import type { PortalUser } from '../features/portal/session';

type Replies = [path: string, input: unknown, reply: unknown][];

/**
 * The dashboard page's markup (what PortalLayout's <main> holds), or null when a reply it shows first is missing: the
 * frame's placeholders are sent instead, and the app asks for what is missing.
 */
export function renderPortalDashboard({
  path,
  me,
  replies,
}: {
  path: string;
  me: PortalUser;
  replies: SuperJSONResult;
}): string | null {
  const entries = superjson.deserialize<Replies>(replies);
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  for (const [procedure, input, reply] of entries) queryClient.setQueryData(queryKeyOf(procedure, input), reply);
  // The page draws its body once these three are in (PortalDashboardPage): without one, only placeholders.
  for (const procedure of ['portal.dashboard', 'portalFlows.list', 'portalApprovals.reviews'])
    if (!entries.some(([p]) => p === procedure)) return null;
  // Never called: a server render runs no effects, and every query it reads is in the cache.
  const client = trpc.createClient({ links: [] });
  return renderToString(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={path}>
          <Routes>
            <Route path="/portal/:slug" element={<Outlet context={me} />}>
              <Route path="dashboard" element={<PortalDashboardPage />} />
            </Route>
          </Routes>
        </StaticRouter>
      </QueryClientProvider>
    </trpc.Provider>,
  );
}
