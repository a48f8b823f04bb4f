import { Fragment, type ReactNode } from 'react';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';
import { Button } from '../ui/Button';
import { EmptyState, LoadFailed } from '../ui/Feedback';
import { ResultCount } from './ListToolbar';
import { CardGrid, DataTable, ListSkeleton, LoadMore, type Column } from './ListViews';
import type { InfiniteList } from './useInfiniteList';
import type { ViewMode } from './useListParams';

type ListResultsProps<T> = {
  list: InfiniteList<T>;
  view: ViewMode;
  /** The count text, e.g. M.companies.showing. */
  count: (shown: number, overall: number) => string;
  /** No rows at all: what the screen is for and the next action. */
  empty: { icon?: ReactNode; title: string; text?: string; action?: ReactNode };
  /** Rows exist but none match: the way back. */
  noMatch: { title: string; text?: string; onClear: () => void };
  /** The list view. */
  table: { caption: string; columns: Column<T>[] };
  /** The grid view: one `<li>` per row. */
  card: (row: T) => ReactNode;
  rowKey: (row: T) => string | number;
  /** Opens a row (its edit dialog); rows and cards are clickable. */
  onOpen?: (row: T) => void;
  skeletons?: number;
};

/**
 * Everything under a list's toolbar: error and retry, skeletons, the count (with a spinner while new filters
 * load), empty vs no-match, the grid or table, and load-more. A list screen only configures it.
 */
export function ListResults<T>({
  list,
  view,
  count,
  empty,
  noMatch,
  table,
  card,
  rowKey,
  onOpen,
  skeletons = 6,
}: ListResultsProps<T>) {
  if (list.state === 'error') return <LoadFailed onRetry={list.retry} />;

  const loading = list.state === 'loading';
  const loadMore = (
    <LoadMore
      hasMore={list.hasMore}
      loading={list.loadingMore}
      failed={list.loadMoreFailed}
      onLoad={list.loadMore}
      className={view === 'list' ? 'border-t border-slate-100 py-4' : 'mt-6'}
    />
  );

  let body: ReactNode;
  if (loading) body = <ListSkeleton view={view} count={skeletons} />;
  else if (list.state === 'empty')
    body = <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />;
  else if (list.state === 'no-match')
    body = (
      <EmptyState
        title={noMatch.title}
        text={noMatch.text}
        action={
          <Button variant="secondary" onClick={noMatch.onClear}>
            {M.lists.clearFilters}
          </Button>
        }
      />
    );
  else if (view === 'list')
    body = (
      <DataTable
        caption={table.caption}
        columns={table.columns}
        rows={list.items}
        rowKey={rowKey}
        onOpen={onOpen}
        footer={loadMore}
      />
    );
  else
    body = (
      <>
        <CardGrid>
          {list.items.map((row) => (
            <Fragment key={rowKey(row)}>{card(row)}</Fragment>
          ))}
        </CardGrid>
        {loadMore}
      </>
    );

  return (
    <section aria-label={table.caption} aria-busy={loading || list.refreshing}>
      <ResultCount busy={loading || list.refreshing} busyLabel={loading ? M.common.loading : M.lists.updating}>
        {loading ? null : count(list.total, list.overall)}
      </ResultCount>
      <div className={cn('transition-opacity duration-200', list.refreshing && 'opacity-60')}>{body}</div>
    </section>
  );
}
