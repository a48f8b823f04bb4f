import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { cn } from '../lib/cn';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Feedback';
import { M } from '../../../shared/messages';
import type { ListSortState, ViewMode } from './useListParams';
import { RECORDS_ATTR } from './useReturnFocus';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  srOnlyHeader?: boolean;
  /** The list's sort key this column sorts by (its header becomes a button). */
  sort?: string;
};

/** The list's sort, for the sortable headers. */
export type TableSort = Pick<ListSortState, 'key' | 'order'> & {
  // A method, so a list's own keys ('name' | 'status') fit.
  toggle(key: string): void;
};

/** A sortable header: a button that sorts by the column (again: the other direction) and shows the direction. */
function SortHeader({ header, sortKey, sort }: { header: string; sortKey: string; sort: TableSort }) {
  const active = sort.key === sortKey;
  const Icon = !active ? ChevronsUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => sort.toggle(sortKey)}
      title={M.lists.sortHeader(header)}
      className={cn(
        '-mx-1 inline-flex items-center gap-1 rounded-sm px-1 tracking-wide uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        active && 'text-slate-900',
      )}
    >
      {header}
      <Icon className={cn('size-3.5', !active && 'text-slate-300')} aria-hidden />
    </button>
  );
}

/** A click on a row's link or button does that control's job; anywhere else it opens the row. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('a, button, input, select, textarea, label') !== null;

type DataTableProps<T> = {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string | number;
  caption: string;
  /** Clicking a row opens it; keyboard users reach the same through the row's own button. */
  onOpen?: (row: T) => void;
  /** Shown under the last row, inside the scroll box (load more). */
  footer?: ReactNode;
  /** The list's sort: columns with a `sort` key get a sortable header and `aria-sort`. */
  sort?: TableSort;
};

/**
 * The list view. The table scrolls inside its own box (sideways on narrow screens, down on long lists) so the
 * page never does, and its header stays in view. `relative` makes the box the containing block of everything
 * positioned inside it (screen-reader text, icons), so nothing escapes its clipping to widen or lengthen the page.
 */
export function DataTable<T>({ columns, rows, rowKey, caption, onOpen, footer, sort }: DataTableProps<T>) {
  return (
    <div className="relative max-h-[calc(100dvh-9rem)] overflow-auto overscroll-x-contain rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <table className="min-w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 z-20 bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                aria-sort={
                  sort && c.sort
                    ? sort.key === c.sort
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
                className={cn(
                  'border-b border-slate-200 px-4 py-3 text-left text-xs font-semibold tracking-wide whitespace-nowrap text-slate-500 uppercase',
                  c.className,
                )}
              >
                {sort && c.sort ? (
                  <SortHeader header={c.header} sortKey={c.sort} sort={sort} />
                ) : c.srOnlyHeader ? (
                  <span className="sr-only">{c.header}</span>
                ) : (
                  c.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody {...{ [RECORDS_ATTR]: '' }}>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              onClick={onOpen ? (e) => !fromControl(e) && onOpen(row) : undefined}
              className={cn('group', onOpen && 'cursor-pointer', 'hover:bg-slate-50')}
            >
              {columns.map((c) => (
                <td
                  key={c.header}
                  className={cn(
                    'border-b border-slate-100 px-4 py-3 whitespace-nowrap text-slate-700 group-last:border-b-0',
                    c.className,
                  )}
                >
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return (
    <ul {...{ [RECORDS_ATTR]: '' }} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {children}
    </ul>
  );
}

/** Placeholder cards or rows of the list's shape while the first page loads (the count's spinner says so). */
export function ListSkeleton({ view, count }: { view: ViewMode; count: number }) {
  return (
    <div aria-hidden>
      {view === 'grid' ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="space-y-3 rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <Skeleton className="h-5 w-20" />
              <Skeleton className="h-6 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          ))}
        </div>
      ) : (
        <div className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="flex items-center gap-4 px-4 py-4">
              <Skeleton className="h-4 w-1/4" />
              <Skeleton className="h-4 w-1/6" />
              <Skeleton className="h-4 w-16" />
              <Skeleton className="ml-auto h-4 w-12" />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

type LoadMoreProps = { hasMore: boolean; loading: boolean; failed?: boolean; onLoad: () => void; className?: string };

/**
 * Loads the next page when the end of the list scrolls into view (inside a scroll box too: the observer
 * clips by it); the button does the same by hand, and is the only way after a failed page.
 */
export function LoadMore({ hasMore, loading, failed, onLoad, className }: LoadMoreProps) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore || failed) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !loading) onLoad();
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, failed, onLoad]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className={cn('flex flex-col items-center gap-2', className)}>
      {failed && (
        <p role="alert" className="text-sm text-red-600">
          {M.common.loadFailed}
        </p>
      )}
      <Button variant="secondary" busy={loading} onClick={onLoad}>
        {failed ? M.common.retry : M.common.loadMore}
      </Button>
    </div>
  );
}

export type PanelSkeletonProps = {
  rows?: number;
  /** The leading tile (an icon's, an avatar's). */
  lead?: string;
  /** The widths of the two text lines. */
  lines?: [string, string];
  /** The trailing pill (a badge, a switch); null: none. */
  trailing?: string | null;
  rowClassName?: string;
};

/**
 * The loading rows of a record page's tab panel (contacts, files, projects, resources, flows): a tile, two lines and
 * a trailing pill, in the panel's own proportions.
 */
export function PanelSkeleton({
  rows = 3,
  lead = 'size-9 rounded-lg',
  lines = ['h-4 w-48', 'h-3 w-64'],
  trailing = 'h-6 w-20 rounded-full',
  rowClassName = 'py-4',
}: PanelSkeletonProps) {
  return (
    <div
      role="status"
      aria-label={M.common.loading}
      className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={cn('flex items-center gap-3 px-4', rowClassName)}>
          <Skeleton className={lead} />
          <div className="flex-1 space-y-2">
            <Skeleton className={lines[0]} />
            <Skeleton className={lines[1]} />
          </div>
          {trailing && <Skeleton className={trailing} />}
        </div>
      ))}
    </div>
  );
}
