/**
 * /hub/messages: every conversation of the agency, unread first, with a search and filter chips (unread, waiting for
 * us, assigned to me; a company or project from ?company= / ?project=, set by their pages). /hub/messages/{id} opens
 * one beside the list on wide screens, instead of it on phones. The list refreshes live (HubLayout's MessagesLink).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ArrowLeft, Lock, MessagesSquare, Plus } from 'lucide-react';
import { messages as T } from '../../../../shared/messages/messages';
import { formatDateTime } from '../../../../shared/dates';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { SearchBox } from '../../lists/ListToolbar';
import { CompanyPicker } from '../contacts/CompanyPicker';
import { ProjectPicker } from '../tasks/ProjectPicker';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { StaffThread } from './StaffThread';
import { NewTopicDialog } from './NewTopicDialog';

const CHIPS = [
  { key: 'unread', label: T.filterUnread },
  { key: 'waiting', label: T.filterWaiting },
  { key: 'mine', label: T.filterMine },
] as const;

function useDebounced(value: string, ms = 250) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function MessagesPage() {
  useDocumentTitle(T.title);
  const { threadId } = useParams();
  const openId = threadId ? Number(threadId) : null;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get('q') ?? '');
  const search = useDebounced(text.trim());
  const [starting, setStarting] = useState(false);
  const companyId = Number(params.get('company')) || undefined;
  const projectId = Number(params.get('project')) || undefined;
  const flags = Object.fromEntries(CHIPS.map((c) => [c.key, params.get(c.key) === '1' || undefined]));
  const input = { limit: 30, search: search || undefined, companyId, projectId, ...flags };
  const list = trpc.messages.inbox.useInfiniteQuery(input, {
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = Boolean(search || companyId || projectId || CHIPS.some((c) => flags[c.key]));
  const toggle = (key: string) => {
    const next = new URLSearchParams(params);
    if (next.get(key) === '1') next.delete(key);
    else next.set(key, '1');
    setParams(next, { replace: true });
  };
  const choose = (key: 'company' | 'project', value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const query = params.toString() ? `?${params.toString()}` : '';

  return (
    <>
      <div className={cn(openId && 'hidden lg:block')}>
        <PageHeader
          title={T.title}
          subtitle={T.inboxDescription}
          actions={
            <Button onClick={() => setStarting(true)}>
              <Plus className="size-4" aria-hidden /> {T.newTopic}
            </Button>
          }
        />
      </div>
      {openId && (
        <h1 className="mb-3 text-lg font-semibold text-slate-900 lg:hidden">
          <Link to={`/hub/messages${query}`} className="inline-flex items-center gap-1 hover:text-brand-700">
            <ArrowLeft className="size-4" aria-hidden /> {T.title}
          </Link>
        </h1>
      )}
      <div className="grid gap-6 lg:grid-cols-[minmax(20rem,26rem)_1fr]">
        <div className={cn('min-w-0', openId && 'hidden lg:block')}>
          <div className="mb-3 rounded-xl bg-white p-3 shadow-xs ring-1 ring-slate-200">
            <SearchBox
              value={text}
              onChange={setText}
              label={T.searchPlaceholder}
              placeholder={T.searchPlaceholder}
              maxLength={100}
            />
            <div className="mt-3 grid gap-2 sm:grid-cols-2">
              <CompanyPicker
                label={T.filterCompany}
                value={companyId ? String(companyId) : ''}
                onChange={(value) => choose('company', value)}
                fixedOptions={[{ value: '', label: T.allCompanies }]}
              />
              <ProjectPicker
                label={T.filterProject}
                value={projectId ? String(projectId) : ''}
                onChange={(value) => choose('project', value)}
                fixedOptions={[{ value: '', label: T.allProjects }]}
              />
            </div>
            <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={T.title}>
              {CHIPS.map((chip) => (
                <button
                  key={chip.key}
                  type="button"
                  aria-pressed={Boolean(flags[chip.key])}
                  onClick={() => toggle(chip.key)}
                  className={cn(
                    'h-8 rounded-full px-3 text-sm font-medium ring-1 ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                    flags[chip.key]
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {chip.label}
                </button>
              ))}
            </div>
          </div>
          {list.isError ? (
            <LoadFailed onRetry={() => void list.refetch()} />
          ) : list.isPending ? (
            <div className="space-y-2" aria-hidden>
              {[0, 1, 2, 3].map((i) => (
                <Skeleton key={i} className="h-20 w-full" />
              ))}
            </div>
          ) : items.length === 0 ? (
            <EmptyState
              icon={<MessagesSquare className="size-8" aria-hidden />}
              title={filtered ? T.emptyFiltered : T.emptyInbox}
              text={filtered ? undefined : T.emptyInboxHint}
              action={
                !filtered && (
                  <Button onClick={() => setStarting(true)}>
                    <Plus className="size-4" aria-hidden /> {T.newTopic}
                  </Button>
                )
              }
            />
          ) : (
            <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
              {items.map((thread) => (
                <li key={thread.id}>
                  <Link
                    to={`/hub/messages/${thread.id}${query}`}
                    aria-current={thread.id === openId ? 'page' : undefined}
                    className={cn(
                      'block px-4 py-3 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-none',
                      thread.id === openId && 'bg-brand-50',
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
                        {thread.title}
                      </span>
                      <time className="shrink-0 text-xs text-slate-600" dateTime={thread.lastMessageAt.toISOString()}>
                        {formatDateTime(thread.lastMessageAt)}
                      </time>
                    </div>
                    <p className="mt-0.5 truncate text-xs text-slate-600">
                      {thread.kind === 'company' ? T.kindCompany : thread.company.name}
                      {thread.project && thread.kind !== 'project' ? ` · ${thread.project.name}` : ''}
                      {thread.assignee ? ` · ${T.assignedTo(thread.assignee.name)}` : ''}
                    </p>
                    <div className="mt-1 flex items-center gap-2">
                      <p className="min-w-0 flex-1 truncate text-sm text-slate-600">
                        {thread.previewInternal && (
                          <Lock className="mr-1 inline size-3 text-amber-700" aria-label={T.internalToggle} />
                        )}
                        {thread.previewAuthor ? `${thread.previewAuthor}: ` : ''}
                        {thread.preview || T.deleted}
                      </p>
                      {thread.waitingOnStaff && <Badge tone="yellow">{T.filterWaiting}</Badge>}
                      {thread.unread > 0 && (
                        <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                          <span className="sr-only">{T.unreadCount(thread.unread)}</span>
                          <span aria-hidden>{thread.unread}</span>
                        </span>
                      )}
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <div className="mt-3 text-center">
              <Button variant="secondary" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {T.olderMessages}
              </Button>
            </div>
          )}
        </div>
        <div className={cn('min-w-0', !openId && 'hidden lg:block')}>
          {openId ? (
            <div className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-slate-200 sm:p-6">
              <StaffThread key={openId} threadId={openId} />
            </div>
          ) : (
            <div className="grid h-full min-h-64 place-items-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-500">
              <p className="flex items-center gap-2">
                <MessagesSquare className="size-5" aria-hidden /> {T.chooseConversation}
              </p>
            </div>
          )}
        </div>
      </div>
      <NewTopicDialog
        open={starting}
        onClose={() => setStarting(false)}
        defaultCompanyId={companyId}
        onStarted={(id) => navigate(`/hub/messages/${id}`)}
      />
    </>
  );
}
