import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ListChecks } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { PORTAL_TASK_STATUSES, type PortalTaskStatus } from '../../../../shared/status';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { FilterSelect, ListToolbar, SearchBox } from '../../lists/ListToolbar';
import { LoadMore } from '../../lists/ListViews';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { ListBox, listDate, PortalPageHeader, PriorityBadge, RowsSkeleton, TaskStatusBadge } from './PortalUi';
import { portalPath, usePortalUser } from './session';
import { portalListOptions, useDebouncedSearch } from './usePortalList';

const T = M.portal.tasks;
const DOT: Record<PortalTaskStatus, string> = {
  pending: 'bg-amber-400',
  in_progress: 'bg-sky-500',
  completed: 'bg-emerald-500',
  cancelled: 'bg-slate-400',
};

/** /portal/{slug}/tasks (spec §2.15): search, status filter, a count card per status, the list. */
export default function PortalTasksPage() {
  const user = usePortalUser();
  const slug = useParams().slug ?? '';
  useDocumentTitle(`${T.title} · ${user.business.name}`);
  const { text, setText, search, flush } = useDebouncedSearch();
  const [status, setStatus] = useState<PortalTaskStatus | ''>('');
  const input = useMemo(() => ({ search: search || undefined, status: status || undefined }), [search, status]);
  const query = trpc.portal.tasks.useInfiniteQuery(input, portalListOptions);
  const pages = query.data?.pages;
  const items = pages?.flatMap((p) => p.items) ?? [];
  const counts = pages?.[0]?.counts;
  const filtered = !!search || !!status;
  const clear = () => {
    setText('');
    setStatus('');
  };

  return (
    <>
      <PortalPageHeader title={T.title} subtitle={T.subtitle} />
      <section aria-label={T.byStatus} className="mb-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {PORTAL_TASK_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            aria-pressed={status === s}
            onClick={() => setStatus(status === s ? '' : s)}
            className={cn(
              'rounded-xl bg-white p-4 text-left shadow-xs ring-1 transition focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              status === s ? 'ring-2 ring-brand-600' : 'ring-slate-200 hover:ring-slate-300',
            )}
          >
            <span className="flex items-center gap-2 text-sm font-medium text-slate-600">
              <span className={cn('size-2 rounded-full', DOT[s])} aria-hidden /> {M.portal.status[s]}
            </span>
            {counts ? (
              <span className="mt-1 block text-2xl font-semibold text-slate-900 tabular-nums">{counts[s]}</span>
            ) : (
              <Skeleton className="mt-2 h-7 w-10" />
            )}
          </button>
        ))}
      </section>

      <ListToolbar>
        <SearchBox
          value={text}
          onChange={setText}
          onSubmit={flush}
          placeholder={T.search}
          label={T.search}
          maxLength={100}
        />
        <FilterSelect
          label={T.statusFilter}
          value={status}
          onChange={(v) => setStatus(v as PortalTaskStatus | '')}
          options={[
            { value: '', label: T.all },
            ...PORTAL_TASK_STATUSES.map((s) => ({ value: s, label: M.portal.status[s] })),
          ]}
        />
      </ListToolbar>

      {query.isError && !pages ? (
        <LoadFailed onRetry={() => void query.refetch()} />
      ) : !pages ? (
        <RowsSkeleton rows={5} />
      ) : items.length === 0 ? (
        filtered ? (
          <EmptyState
            title={T.noMatch}
            text={T.noMatchText}
            action={
              <Button variant="secondary" onClick={clear}>
                {M.lists.clearFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<ListChecks className="size-8" aria-hidden />} title={T.empty} text={T.emptyText} />
        )
      ) : (
        <div className={cn('transition-opacity', query.isFetching && !query.isFetchingNextPage && 'opacity-60')}>
          <ListBox>
            {items.map((t) => (
              <li key={t.id} className="flex flex-col gap-2 px-4 py-3.5 sm:flex-row sm:items-center sm:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="text-sm font-medium text-slate-900">{t.title}</p>
                  <p className="mt-0.5 truncate text-xs text-slate-500">
                    {t.project ? (
                      <Link
                        to={portalPath(slug, `projects/${t.project.id}`)}
                        className="hover:text-slate-900 hover:underline"
                      >
                        {t.project.name}
                      </Link>
                    ) : null}
                    {t.project && t.dueDate ? ' · ' : null}
                    {t.dueDate ? T.due(listDate(t.dueDate)) : null}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <PriorityBadge priority={t.priority} />
                  <TaskStatusBadge status={t.status} />
                </div>
              </li>
            ))}
          </ListBox>
          <LoadMore
            className="mt-6"
            hasMore={!!query.hasNextPage}
            loading={query.isFetchingNextPage}
            failed={query.isFetchNextPageError}
            onLoad={() => void query.fetchNextPage()}
          />
        </div>
      )}
    </>
  );
}
