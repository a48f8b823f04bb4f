import { Fragment, type ReactNode } from 'react';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';
import { Button } from '../ui/Button';
import { EmptyState, LoadFailed } from '../ui/Feedback';
import { ResultCount } from './ListToolbar';
import {
  CardGrid,
  DataTable,
  ListSkeleton,
  LoadMore,
  PanelSkeleton,
  type Column,
  type PanelSkeletonProps,
  type TableSort,
} from './ListViews';
import type { InfiniteList } from './useInfiniteList';
import type { ViewMode } from './useListParams';
import { useReturnFocus } from './useReturnFocus';

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
  table: { caption: string; columns: Column<T>[]; sort?: TableSort };
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
  const returnFocus = useReturnFocus(list.items, rowKey);
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
        sort={table.sort}
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
    <section aria-label={table.caption} aria-busy={loading || list.refreshing} {...returnFocus}>
      <ResultCount busy={loading || list.refreshing} busyLabel={loading ? M.common.loading : M.lists.updating}>
        {loading ? null : count(list.total, list.overall)}
      </ResultCount>
      <div className={cn('transition-opacity duration-200', list.refreshing && 'opacity-60')}>{body}</div>
    </section>
  );
}

type PanelResultsProps<T> = {
  list: InfiniteList<T>;
  /** The panel's name (its section's label). */
  label: string;
  /** The count over the rows, e.g. M.companies.projectsCount. */
  count: (total: number) => string;
  /** The panel's next step (Add, Upload, Create): beside the count, and in the empty state. */
  action: ReactNode;
  /** No rows: what the tab is for. A panel has no filters, so no rows that match is the same state. */
  empty: { icon: ReactNode; title: string; text?: string };
  /** One row: an `<li>`. */
  row: (item: T) => ReactNode;
  rowKey: (item: T) => string | number;
  skeleton?: PanelSkeletonProps;
  /** The panel's dialogs. */
  children?: ReactNode;
};

/**
 * A record page's tab (a company's contacts, projects, files…): error and retry, skeleton rows, the empty state
 * with the panel's action, else the count and the action over the rows, with load-more. A panel only configures it.
 */
export function PanelResults<T>({
  list,
  label,
  count,
  action,
  empty,
  row,
  rowKey,
  skeleton,
  children,
}: PanelResultsProps<T>) {
  let body: ReactNode;
  if (list.state === 'error') body = <LoadFailed onRetry={list.retry} />;
  else if (list.state === 'loading') body = <PanelSkeleton {...skeleton} />;
  else if (list.state === 'empty' || list.state === 'no-match')
    body = <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={action} />;
  else
    body = (
      <div className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <ul className="divide-y divide-slate-100">
          {list.items.map((item) => (
            <Fragment key={rowKey(item)}>{row(item)}</Fragment>
          ))}
        </ul>
        <LoadMore
          hasMore={list.hasMore}
          loading={list.loadingMore}
          failed={list.loadMoreFailed}
          onLoad={list.loadMore}
          className="border-t border-slate-100 py-4"
        />
      </div>
    );

  return (
    <section aria-label={label}>
      {list.state === 'ready' && (
        <div className="mb-3 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-500">{count(list.total)}</p>
          {action}
        </div>
      )}
      {body}
      {children}
    </section>
  );
}
