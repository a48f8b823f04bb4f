import { formatDistanceToNowStrict } from 'date-fns';
import { Bell, CheckCheck } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { notifications } from '../../../../shared/messages/notifications';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { LoadFailed } from '../../ui/Feedback';
import { ListSkeleton } from './NotificationBell';
import { formatDateTime } from '../../../../shared/dates';

const N = notifications;
const PAGE = 15;

type Notification = { id: number; title: string; link: string | null; readAt: Date | null; createdAt: Date };

/** The bell's panel (NotificationBell): the newest notifications, marking read, and more on demand. */
export default function NotificationPanel({ unread, close }: { unread: number; close: () => void }) {
  const utils = trpc.useUtils();
  // Asked for when the panel opens, and again when the window gets the focus back while it is open.
  const list = trpc.notifications.list.useInfiniteQuery(
    { limit: PAGE },
    { refetchOnWindowFocus: true, staleTime: 10_000, getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const refresh = () =>
    Promise.all([utils.notifications.unreadCount.invalidate(), utils.notifications.list.invalidate()]);
  const markRead = trpc.notifications.markRead.useMutation({ onSettled: refresh });
  const markAllRead = trpc.notifications.markAllRead.useMutation({ onSettled: refresh });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
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
          <ListSkeleton />
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
          <span className={cn('block text-sm break-words', n.readAt ? 'text-slate-600' : 'font-medium text-slate-900')}>
            {n.title}
          </span>
          <time
            dateTime={n.createdAt.toISOString()}
            title={formatDateTime(n.createdAt)}
            className="mt-0.5 block text-xs text-slate-500"
          >
            {when}
          </time>
        </span>
      </button>
    </li>
  );
}
