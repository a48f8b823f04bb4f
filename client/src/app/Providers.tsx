import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { Toaster } from 'sonner';
import { trpc } from '../lib/trpc';

export function Providers({ children }: { children: ReactNode }) {
  // The spec's query defaults: data never goes stale, no refetch on focus, no retries; mutations invalidate what they change.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { staleTime: Infinity, refetchOnWindowFocus: false, retry: false },
          mutations: { retry: false },
        },
      }),
  );
  const [trpcClient] = useState(() =>
    trpc.createClient({
      links: [httpBatchLink({ url: '/trpc', transformer: superjson, fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
    }),
  );
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        {children}
        <Toaster position="bottom-right" visibleToasts={1} duration={5000} hotkey={['F8']} swipeDirections={['right']} richColors closeButton />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
