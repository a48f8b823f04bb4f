import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Button } from '../ui/Button';
import { Skeleton } from '../ui/Feedback';
import { M } from '../../../shared/messages';
import type { ViewMode } from './ListToolbar';

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string; srOnlyHeader?: boolean };

export function DataTable<T>({ columns, rows, rowKey, caption }: { columns: Column<T>[]; rows: T[]; rowKey: (row: T) => string | number; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn('px-4 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase', c.className)}>
                {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={rowKey(row)} className="hover:bg-slate-50">
              {columns.map((c) => (
                <td key={c.header} className={cn('px-4 py-3 whitespace-nowrap text-slate-700', c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function CardGrid({ children }: { children: ReactNode }) {
  return <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">{children}</ul>;
}

/** Placeholder cards or rows of the list's shape while the first page loads. */
export function ListSkeleton({ view, count }: { view: ViewMode; count: number }) {
  return (
    <div role="status" aria-label="Loading">
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

/** Loads the next page when the end of the list scrolls into view; the button does the same by hand. */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading) onLoad();
    }, { rootMargin: '200px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loading, onLoad]);
  if (!hasMore) return null;
  return (
    <div ref={sentinel} className="mt-6 flex justify-center">
      <Button variant="secondary" busy={loading} onClick={onLoad}>
        {M.common.loadMore}
      </Button>
    </div>
  );
}
