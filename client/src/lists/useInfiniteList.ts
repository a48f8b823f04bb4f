import { useCallback, useMemo } from 'react';
import { keepPreviousData } from '@tanstack/react-query';

/** One page of a list procedure (server/lib/pagination.ts): `total` and `overall` are counted on the first page. */
type ListPage<TItem, TCursor> = {
  items: TItem[];
  /** An id, or the opaque cursor of a sorted list (server/lib/sort-cursor.ts). */
  nextCursor: TCursor | null;
  total: number | null;
  overall?: number | null;
};

type ListQueryOptions<TPage, TCursor> = {
  getNextPageParam: (lastPage: TPage) => TCursor | null | undefined;
  placeholderData: typeof keepPreviousData;
};

/** The part of a tRPC infinite query the kit reads. */
type InfiniteQueryLike<TPage> = {
  data?: { pages: TPage[] };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  hasNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
};

/** A list procedure of the tRPC client, e.g. `trpc.companies.list`. */
export type ListProcedure<TInput, TItem, TCursor = string | number> = {
  useInfiniteQuery: (
    input: TInput,
    opts: ListQueryOptions<ListPage<TItem, TCursor>, TCursor>,
  ) => InfiniteQueryLike<ListPage<TItem, TCursor>>;
};

/**
 * What a list screen shows, derived once for every list:
 * - `error`: the first page failed (retry), `loading`: no page yet (skeletons),
 * - `empty`: there are no rows at all (the next action), `no-match`: rows exist but none match (clear filters),
 * - `ready`: rows to show. `refreshing` is true while new filters load over the previous rows.
 */
export type ListState = 'error' | 'loading' | 'empty' | 'no-match' | 'ready';

export type InfiniteList<TItem> = {
  state: ListState;
  items: TItem[];
  /** Rows matching the filters, and rows overall (the spec's "Showing X of Y"). */
  total: number;
  overall: number;
  refreshing: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** The next page failed: the rows stay, the load-more button offers to try again. */
  loadMoreFailed: boolean;
  loadMore: () => void;
  retry: () => void;
};

const listQueryOptions = {
  getNextPageParam: (lastPage: { nextCursor: string | number | null }) => lastPage.nextCursor,
  // New filters keep the previous rows on screen (dimmed) instead of flashing skeletons.
  placeholderData: keepPreviousData,
};

/** Pages through a list procedure with the kit's defaults. `input` holds the filters (no cursor). */
export function useInfiniteList<TInput, TItem, TCursor extends string | number>(
  procedure: ListProcedure<TInput, TItem, TCursor>,
  input: TInput,
): InfiniteList<TItem> {
  // The cursor goes back as the procedure gave it (an id, or a sorted list's token).
  const query = procedure.useInfiniteQuery(
    input,
    listQueryOptions as ListQueryOptions<ListPage<TItem, TCursor>, TCursor>,
  );
  const { fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  const pages = query.data?.pages;
  const items = useMemo(() => pages?.flatMap((p) => p.items) ?? [], [pages]);
  const first = pages?.[0];
  const total = first?.total ?? 0;
  const overall = first?.overall ?? total;

  let state: ListState;
  if (query.isError && !query.isFetchNextPageError && !query.isFetching) state = 'error';
  else if (!pages) state = 'loading';
  else if (items.length > 0) state = 'ready';
  else state = overall === 0 ? 'empty' : 'no-match';

  return {
    state,
    items,
    total,
    overall,
    refreshing: query.isFetching && !query.isFetchingNextPage && !!pages,
    hasMore: !!query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore,
    retry,
  };
}
