import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import superjson from 'superjson';
import { apiFetch, errorCode, trpc } from '../lib/trpc';
import { firstScreenShown } from '../lib/useDocumentTitle';
import { seedPageReplies } from '../lib/pageReplies';

// Toasts answer what someone did, never the first screen: their library loads once the first screen is shown and
// the browser is idle (a toast raised before that waits in sonner's queue and shows when the Toaster mounts).
// Validation messages for forms are configured by client/src/lib/zodResolver.ts, with the first form.
const Toasts = lazy(() => import('../ui/Toasts'));

function useAfterFirstScreen() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancelled = false;
    void firstScreenShown.then(() => {
      const go = () => !cancelled && setReady(true);
      if ('requestIdleCallback' in window) requestIdleCallback(go, { timeout: 1500 });
      else setTimeout(go, 300);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return ready;
}

export function Providers({ children }: { children: ReactNode }) {
  // The spec's query defaults: data never goes stale, no refetch on focus, no retries; mutations invalidate what they change.
  const [queryClient] = useState(() => {
    // A session that expired (or was signed out elsewhere) answers 401: re-check who is signed in,
    // so the hub shows the sign-in screen instead of failing lists. The two auth calls answer 401 by design.
    const onError = (error: unknown) => {
      const path = (error as { data?: { path?: string } }).data?.path;
      if (errorCode(error) === 'UNAUTHORIZED' && path !== 'auth.me' && path !== 'auth.login') {
        void client.invalidateQueries({ queryKey: [['auth', 'me']] });
      }
    };
    const client: QueryClient = new QueryClient({
      queryCache: new QueryCache({ onError }),
      mutationCache: new MutationCache({ onError }),
      defaultOptions: {
        queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
        mutations: { retry: false },
      },
    });
    seedPageReplies(client);
    return client;
  });
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [
        splitLink({
          // Live updates (client/src/lib/live.tsx) over server-sent events; everything else batched.
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/trpc', transformer: superjson }),
          // The server refuses batches of more than 10 calls (server/app.ts maxBatchSize): a screen that asks more splits them.
          false: httpBatchLink({ url: '/trpc', transformer: superjson, fetch: apiFetch, maxItems: 10 }),
        }),
      ],
    }),
  );
  const toasts = useAfterFirstScreen();
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        {toasts && (
          <Suspense fallback={null}>
            <Toasts />
          </Suspense>
        )}
      </QueryClientProvider>
    </trpc.Provider>
  );
}
