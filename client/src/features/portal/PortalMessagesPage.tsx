/**
 * /portal/{slug}/messages: the client's conversations with the agency (their company's, and those of the projects
 * they see), newest first; /messages/{id} opens one. Without one chosen, the company's own conversation is open, so
 * a client can always write to the agency. Branded by PortalLayout.
 */
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';
import { messages as T } from '../../../../shared/messages/messages';
import { formatDateTime } from '../../../../shared/dates';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { PortalPageHeader } from './PortalUi';
import { PortalThread } from './PortalThread';
import { PortalMessageSearch } from './PortalMessageSearch';
import { portalPath, usePortalUser } from './session';
import { useDebouncedSearch } from './usePortalList';
import { SearchBox } from '../../lists/ListToolbar';
import { SEARCH_LIMITS } from '../../../../shared/schemas/search';

export default function PortalMessagesPage() {
  const user = usePortalUser();
  const slug = user.business.slug;
  useDocumentTitle(`${T.title} · ${user.business.name}`);
  const { threadId } = useParams();
  const { text, setText, search, flush } = useDebouncedSearch();
  const chosen = threadId ? Number(threadId) : null;
  const threads = trpc.portalMessages.threads.useInfiniteQuery(
    { limit: 30 },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const open = trpc.portalMessages.open.useMutation();
  const { mutate } = open;
  // Without a chosen thread, the company's own (created on first open; a preview only reads an existing one).
  useEffect(() => {
    if (!chosen && !user.preview) mutate({});
  }, [chosen, mutate, user.preview]);
  const items = threads.data?.pages.flatMap((p) => p.items) ?? [];
  const companyThreadId = open.data?.thread.id ?? items.find((t) => t.kind === 'company')?.id ?? null;
  const active = chosen ?? companyThreadId;
  // The company's own conversation is, for the client, the one with the agency.
  const activeThread = items.find((t) => t.id === active) ?? open.data?.thread;
  const activeTitle = !activeThread || activeThread.kind === 'company' ? user.business.name : activeThread.title;

  return (
    <>
      <div className={cn(chosen && 'hidden lg:block')}>
        <PortalPageHeader title={T.title} subtitle={T.portalDescription(user.business.name)} />
      </div>
      {chosen && (
        <h1 className="mb-3 text-lg font-semibold text-slate-900 lg:hidden">
          <Link to={portalPath(slug, 'messages')} className="inline-flex items-center gap-1 hover:text-brand-700">
            <ArrowLeft className="size-4" aria-hidden /> {T.title}
          </Link>
        </h1>
      )}
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <nav aria-label={T.title} className={cn('min-w-0 space-y-3', chosen && 'hidden lg:block')}>
          <SearchBox
            value={text}
            onChange={setText}
            onSubmit={flush}
            placeholder={T.portalSearch}
            label={T.portalSearch}
            maxLength={SEARCH_LIMITS.queryMax}
          />
          {search ? (
            <PortalMessageSearch slug={slug} search={search} agency={user.business.name} />
          ) : threads.isError ? (
            <LoadFailed onRetry={() => void threads.refetch()} />
          ) : threads.isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : items.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-sm text-slate-500">
              {T.portalEmptyHint(user.business.name)}
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
              {items.map((thread) => (
                <li key={thread.id}>
                  <Link
                    to={portalPath(slug, `messages/${thread.id}`)}
                    aria-current={thread.id === active ? 'page' : undefined}
                    className={cn(
                      'block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
                      thread.id === active && 'bg-brand-50',
                    )}
                  >
                    <div className="flex items-center gap-2">
                      {thread.unread > 0 && <span className="size-2 shrink-0 rounded-full bg-brand-600" aria-hidden />}
                      <span
                        className={cn(
                          'min-w-0 flex-1 truncate text-sm text-slate-900',
                          thread.unread > 0 && 'font-semibold',
                        )}
                      >
                        {thread.kind === 'company' ? T.writeToAgency(user.business.name) : thread.title}
                      </span>
                      {thread.unread > 0 && (
                        <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                          <span className="sr-only">{T.unreadCount(thread.unread)}</span>
                          <span aria-hidden>{thread.unread}</span>
                        </span>
                      )}
                    </div>
                    <p className="mt-1 truncate text-sm text-slate-600">
                      {thread.previewAuthor ? `${thread.previewAuthor}: ` : ''}
                      {thread.preview || T.deleted}
                    </p>
                    <time className="mt-0.5 block text-xs text-slate-600" dateTime={thread.lastMessageAt.toISOString()}>
                      {formatDateTime(thread.lastMessageAt)}
                    </time>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </nav>
        <section
          className="min-w-0 rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-6"
          aria-label={activeTitle}
        >
          <h2 className="mb-4 border-b border-slate-200 pb-3 text-lg font-semibold text-slate-900">{activeTitle}</h2>
          {active ? <PortalThread key={active} threadId={active} /> : <Skeleton className="h-40 w-full" />}
        </section>
      </div>
    </>
  );
}
