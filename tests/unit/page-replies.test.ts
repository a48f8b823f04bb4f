import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The first screen's showing, under the test's control (useDocumentTitle resolves it in the app).
const shown = vi.hoisted(() => {
  let show = () => {};
  const promise = new Promise<void>((resolve) => {
    show = resolve;
  });
  return { promise, show: () => show() };
});
vi.mock('../../client/src/lib/useDocumentTitle', () => ({ firstScreenShown: shown.promise }));
import { queryKeyOf, refetchUnlessFromPage, seedPageReplies } from '../../client/src/lib/pageReplies';
import { trpc } from '../../client/src/lib/trpc';
import { FIRST_REPLIES, HUB_RECENT_ACTIVITY } from '../../shared/first-replies';
import { PAGE_DATA } from '../../shared/first-screen-constants';

/** A page holding one JSON element, as server/lib/spa-shell.ts withPageData writes it. */
function pageWith(id: string, json: string) {
  let element: { textContent: string; remove: () => void } | null = {
    textContent: json,
    remove: () => (element = null),
  };
  (globalThis as { document?: unknown }).document = {
    getElementById: (wanted: string) => (wanted === id ? element : null),
  };
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document;
});

describe('replies that come with the page', () => {
  it('are cached under the keys the screens’ queries read', () => {
    expect(queryKeyOf('dashboard.stats', undefined)).toEqual(getQueryKey(trpc.dashboard.stats, undefined, 'query'));
    expect(queryKeyOf('activity.recent', { limit: HUB_RECENT_ACTIVITY })).toEqual(
      getQueryKey(trpc.activity.recent, { limit: HUB_RECENT_ACTIVITY }, 'query'),
    );
    // Every path of the registry is a query of the router (a typo would cache a reply nobody reads).
    for (const [path] of [...FIRST_REPLIES.hubDashboard, ...FIRST_REPLIES.portalDashboard]) {
      const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], trpc);
      expect(getQueryKey(procedure as typeof trpc.dashboard.stats, undefined, 'query')[0]).toEqual(path.split('.'));
    }
  });

  it('seed the cache once, and a screen that refreshes on each visit does not ask again on the first', async () => {
    const stats = { companies: 3 };
    pageWith(PAGE_DATA.replies, JSON.stringify(superjson.serialize([['dashboard.stats', undefined, stats]])));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    seedPageReplies(client);
    const key = queryKeyOf('dashboard.stats', undefined);
    expect(client.getQueryData(key)).toEqual(stats);
    let asked = 0;
    const observe = () =>
      new QueryObserver(client, {
        queryKey: key,
        queryFn: async () => ({ companies: ++asked + 3 }),
        refetchOnMount: refetchUnlessFromPage,
      }).subscribe(() => {});
    // The first screen's mounts (twice, as while its code loads) read the page's reply.
    observe()();
    observe()();
    expect(asked).toBe(0);
    // Once the first screen is shown, a later visit asks again as 'always' would, refreshed or not.
    shown.show();
    await shown.promise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    observe()();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(asked).toBe(1);
    // Taken once: a second seed finds nothing.
    const other = new QueryClient();
    seedPageReplies(other);
    expect(other.getQueryData(key)).toBeUndefined();
  });

  it('ignore a page whose replies are not what the server writes', () => {
    for (const json of [
      'not json',
      '{"json":5}',
      JSON.stringify(superjson.serialize([[5, null, 1]])),
      JSON.stringify(superjson.serialize([5, null, 'dashboard.stats'])),
    ]) {
      pageWith(PAGE_DATA.replies, json);
      const client = new QueryClient();
      expect(() => seedPageReplies(client)).not.toThrow();
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
