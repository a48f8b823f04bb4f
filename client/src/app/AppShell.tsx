import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useQueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import { trpc } from '../lib/trpc';
import { Providers } from './Providers';
import { takeEarlyReplies, takePageData } from './earlyReplies';
import { PAGE_DATA } from '../../../shared/first-screen-constants';

/** A reply the router sent early, read as tRPC's client would (a reply it cannot read falls back to the client). */
async function readEarlyReply(reply: Promise<Response>, fallback: () => Promise<unknown>) {
  let body: { result?: { data: never }; error?: never } | undefined;
  try {
    body = await (await reply).json();
  } catch {
    return fallback();
  }
  if (body?.result) return superjson.deserialize(body.result.data);
  if (body?.error) throw TRPCClientError.from({ ...body, error: superjson.deserialize(body.error) });
  return fallback();
}

/**
 * Seeds the session query (every screen here asks who is signed in) with the reply the router sent with the page's
 * first load, before the screens' code had arrived. Once, during the shell's first render (as TanStack Query's
 * usePrefetchQuery does), so the query exists before the first screen below asks for it.
 */
function EarlySession() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  useState(() => {
    const reply = takeEarlyReplies(['auth.me']).get('auth.me');
    const options = utils.auth.me.queryOptions();
    // A page of the hub arrives with the session's reply (server/app.ts): taken once (a later sign-in in this window
    // asks the server).
    const fromPage = takePageData(PAGE_DATA.staffMe);
    if (fromPage && !queryClient.getQueryState(options.queryKey)) {
      queryClient.setQueryData(options.queryKey, fromPage as never);
      return;
    }
    if (!reply || queryClient.getQueryState(options.queryKey)) return;
    const viaClient = options.queryFn as (context: QueryFunctionContext) => Promise<unknown>;
    void queryClient.prefetchQuery({
      queryKey: options.queryKey,
      queryFn: (context) => readEarlyReply(reply, () => viaClient(context)),
    });
  });
  return null;
}

/** Data and toast providers for the hub and sign-up screens; marketing pages and the sign-in screen never load them. */
export default function AppShell() {
  return (
    <Providers>
      <EarlySession />
      <Outlet />
    </Providers>
  );
}
