import type { QueryClient } from '@tanstack/react-query';
import superjson, { type SuperJSONResult } from 'superjson';
import { PAGE_DATA } from '../../../shared/first-screen-constants';
import { takePageData } from '../app/earlyReplies';
import { firstScreenShown } from './useDocumentTitle';

/** tRPC's key of a query: its path's parts, and its input if it has one (@trpc/react-query's getQueryKey, type 'query'). */
export const queryKeyOf = (path: string, input: unknown) => [
  path.split('.'),
  input === undefined ? { type: 'query' } : { input, type: 'query' },
];

/** The queries whose reply came with the page, until the first screen has been shown. */
const fromPage = new Set<string>();
// Once the first screen is up (its mounts all done), a screen shown again asks the server as usual.
void firstScreenShown.then(() => setTimeout(() => fromPage.clear()));

/**
 * The replies the server wrote into the page for its first screen (server/lib/page-replies.ts), put into the query
 * cache before the first render, so that the screen renders finished instead of with placeholders. Taken once.
 */
export function seedPageReplies(queryClient: QueryClient) {
  const data = takePageData(PAGE_DATA.replies);
  if (!data || typeof data !== 'object') return;
  let replies: unknown;
  try {
    replies = superjson.deserialize(data as SuperJSONResult);
  } catch {
    return;
  }
  if (!Array.isArray(replies)) return;
  for (const entry of replies as unknown[]) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string') continue;
    const [path, input, reply] = entry as [string, unknown, unknown];
    const queryKey = queryKeyOf(path, input);
    queryClient.setQueryData(queryKey, reply);
    const query = queryClient.getQueryCache().find({ queryKey, exact: true });
    if (query) fromPage.add(query.queryHash);
  }
}

/**
 * `refetchOnMount` of a query that a screen asks again on each visit ('always'): not on the page's first screen, whose
 * reply came with the page (however many times its parts mount before it shows).
 */
export function refetchUnlessFromPage(query: {
  queryHash: string;
  state: { dataUpdateCount: number };
}): boolean | 'always' {
  return fromPage.has(query.queryHash) && query.state.dataUpdateCount === 1 ? false : 'always';
}
