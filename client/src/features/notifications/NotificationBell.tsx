import { formatDistanceToNowStrict } from 'date-fns';
import { Bell, CheckCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '../../../../shared/messages/notifications';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { useDropdown } from '../../ui/useDropdown';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { notifications } as const;

const N = M.notifications;
/** The bell asks again every 30 s and whenever the window gets the focus back. */
const REFRESH_MS = 30_000;
const PAGE = 15;

type Notification = { id: number; title: string; link: string | null; readAt: Date | null; createdAt: Date };

/** The hub header's bell: unread count, and a popover with the newest notifications. */
export function NotificationBell() {
  const utils = trpc.useUtils();
  const live = { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, staleTime: 10_000 } as const;
  const count = trpc.notifications.unreadCount.useQuery(undefined, live);
  // The list follows the count (see below) and the window's focus; only the count polls.
  const list = trpc.notifications.list.useInfiniteQuery({ limit: PAGE }, { refetchOnWindowFocus: true, staleTime: 10_000, getNextPageParam: (page) => page.nextCursor ?? undefined });
  const refresh = () => Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSettled: refresh });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSettled: refresh });
  const unread = count.data?.count ?? 0;

  // A new unread notification makes the list stale too.
  useEffect(() => {
    if (count.data) void utils.notifications.list.invalidate();
  }, [count.data?.count]); // eslint-disable-line react-hooks/exhaustive-deps

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  // The browser's own popover, under the bell's right edge (see useDropdown).
  const dropdown = useDropdown('end');
  const close = dropdown.close;
  return (
    <>
      <button
        type="button"
        {...dropdown.button}
        aria-label={unread ? N.bellUnread(unread) : N.bell}
        className="relative grid size-9 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none aria-expanded:bg-slate-100 aria-expanded:text-slate-900"
      >
        <Bell className="size-5" aria-hidden />
        {unread > 0 && (
          <span
            data-testid="bell-count"
            aria-hidden
            className="absolute -top-0.5 -right-0.5 grid h-4.5 min-w-4.5 place-items-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div
        {...dropdown.panel}
        className="fixed inset-auto m-0 max-h-[min(32rem,calc(100dvh-5rem))] w-[min(24rem,calc(100vw-1rem))] flex-col overflow-hidden rounded-xl bg-white p-0 shadow-lg ring-1 ring-slate-200 focus:outline-none [&:popover-open]:flex"
      >
        {dropdown.open && (
          <>
            <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
              <h2 className="text-sm font-semibold text-slate-900">{N.bell}</h2>
              <button
                type="button"
                disabled={unread === 0 || markAllRead.isPending}
                onClick={() => markAllRead.mutate()}
                className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-default disabled:text-slate-400 disabled:hover:bg-transparent"
              >
                <CheckCheck className="size-3.5" aria-hidden /> {N.markAllRead}
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto">
              {list.isPending ? (
                <ul aria-busy className="divide-y divide-slate-100">
                  {[0, 1, 2].map((i) => (
                    <li key={i} className="flex gap-3 px-4 py-3">
                      <Skeleton className="mt-1.5 size-2 rounded-full" />
                      <div className="flex-1 space-y-2">
                        <Skeleton className="h-3.5 w-4/5" />
                        <Skeleton className="h-3 w-1/4" />
                      </div>
                    </li>
                  ))}
                </ul>
              ) : list.isError ? (
                <div className="p-4">
                  <LoadFailed onRetry={() => void list.refetch()} />
                </div>
              ) : items.length === 0 ? (
                <div className="flex flex-col items-center px-6 py-10 text-center">
                  <span className="mb-3 grid size-10 place-items-center rounded-full bg-slate-100 text-slate-400">
                    <Bell className="size-5" aria-hidden />
                  </span>
                  <p className="text-sm font-semibold text-slate-900">{N.emptyTitle}</p>
                  <p className="mt-1 text-sm text-slate-500">{N.emptyText}</p>
                </div>
              ) : (
                <ul className="divide-y divide-slate-100" aria-label={N.bell}>
                  {items.map((n) => (
                    <NotificationRow
                      key={n.id}
                      notification={n}
                      onOpen={() => {
                        if (!n.readAt) markRead.mutate({ ids: [n.id] });
                        close();
                      }}
                    />
                  ))}
                </ul>
              )}
              {list.hasNextPage && (
                <div className="border-t border-slate-100 p-2 text-center">
                  <button
                    type="button"
                    onClick={() => void list.fetchNextPage()}
                    disabled={list.isFetchingNextPage}
                    className="rounded-md px-3 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                  >
                    {N.loadMore}
                  </button>
                </div>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}

function NotificationRow({ notification: n, onOpen }: { notification: Notification; onOpen: () => void }) {
  const navigate = useNavigate();
  const when = formatDistanceToNowStrict(n.createdAt, { addSuffix: true });
  return (
    <li>
      <button
        type="button"
        onClick={() => {
          onOpen();
          if (n.link) navigate(n.link);
        }}
        className={cn(
          'flex w-full gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-inset',
          !n.readAt && 'bg-brand-50/40',
        )}
      >
        <span className="mt-1.5 flex size-2 shrink-0">
          {!n.readAt && (
            <span className="size-2 rounded-full bg-brand-600">
              <span className="sr-only">{N.unread}: </span>
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1">
          <span className={cn('block text-sm break-words', n.readAt ? 'text-slate-600' : 'font-medium text-slate-900')}>{n.title}</span>
          <time dateTime={n.createdAt.toISOString()} title={n.createdAt.toLocaleString()} className="mt-0.5 block text-xs text-slate-500">
            {when}
          </time>
        </span>
      </button>
    </li>
  );
}
