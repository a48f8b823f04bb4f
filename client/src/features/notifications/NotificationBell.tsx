import { Bell } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { bellUnread } from '../../../../shared/messages/frames';
import { notifications as bell } from '../../../../shared/messages/texts';
import { trpc } from '../../lib/trpc';
import { Skeleton } from '../../ui/Feedback';
import { useDropdown } from '../../ui/useDropdown';

/** The catalogue's texts this first-load module shows (notifications.bell and .bellUnread, without the section). */
const N = { bell, bellUnread } as const;
/** The bell asks again every 30 s and whenever the window gets the focus back. */
const REFRESH_MS = 30_000;

/** The panel's code (the list, its rows, marking read) loads when the bell is first pointed at or opened. */
const loadPanel = () => import('./NotificationPanel');
const NotificationPanel = lazy(loadPanel);

/** The hub header's bell: unread count, and a popover with the newest notifications. */
export function NotificationBell() {
  const utils = trpc.useUtils();
  const live = { refetchInterval: REFRESH_MS, refetchOnWindowFocus: true, staleTime: 10_000 } as const;
  const count = trpc.notifications.unreadCount.useQuery(undefined, live);
  const unread = count.data?.count ?? 0;

  // A new unread notification makes the list stale too (it is asked for again when the panel shows it).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the unread count changes, on purpose
  useEffect(() => {
    if (count.data) void utils.notifications.list.invalidate();
  }, [count.data?.count]); // eslint-disable-line react-hooks/exhaustive-deps

  // The browser's own popover, under the bell's right edge (see useDropdown).
  const dropdown = useDropdown('end');
  return (
    <>
      <button
        type="button"
        {...dropdown.button}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
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
          <Suspense fallback={<ListSkeleton />}>
            <NotificationPanel unread={unread} close={dropdown.close} />
          </Suspense>
        )}
      </div>
    </>
  );
}

/** Three rows' placeholder: while the panel's code or the list loads. */
export function ListSkeleton() {
  return (
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
  );
}
