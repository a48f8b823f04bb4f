/**
 * A conversation in the hub: its header (title, company, project, assignee) and the shared Conversation with the
 * staff's powers (internal notes, attachments, read receipts per client contact). Opened by id (the inbox) or by a
 * company or project (their Messages tab: the thread is created when first opened).
 */
import { useCallback, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Building2, FolderKanban } from 'lucide-react';
import { messages as T } from '../../../../shared/messages/messages';
import { errorCode, trpc, type RouterOutputs } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { useSession } from '../../app/useSession';
import { Conversation, sendAttachment } from './Conversation';

type Detail = RouterOutputs['messages']['thread'];

const PAGE = 30;

export function StaffThread({ threadId, showHeader = true }: { threadId: number; showHeader?: boolean }) {
  const utils = trpc.useUtils();
  const detail = trpc.messages.thread.useQuery({ threadId });
  const pages = trpc.messages.messages.useInfiniteQuery(
    { threadId, limit: PAGE },
    { getNextPageParam: (last) => last.nextCursor },
  );
  const team = trpc.team.list.useQuery(undefined, { staleTime: 60_000 });
  const refresh = () => {
    void utils.messages.messages.invalidate({ threadId });
    void utils.messages.thread.invalidate({ threadId });
    void utils.messages.inbox.invalidate();
    void utils.messages.unread.invalidate();
  };
  const post = trpc.messages.post.useMutation({ onSuccess: refresh });
  const edit = trpc.messages.edit.useMutation({ onSuccess: refresh });
  const remove = trpc.messages.delete.useMutation({ onSuccess: refresh });
  const assign = trpc.messages.assign.useMutation({ onSuccess: refresh });
  const typing = trpc.live.typing.useMutation();
  const me = useSession().user;
  const read = trpc.messages.markRead.useMutation({
    onSuccess: () => {
      void utils.messages.unread.invalidate();
      void utils.messages.inbox.invalidate();
    },
  });
  const readMutate = read.mutate;
  const markRead = useCallback((messageId: number) => readMutate({ threadId, messageId }), [readMutate, threadId]);

  if (detail.isError)
    return errorCode(detail.error) === 'NOT_FOUND' ? (
      <p className="text-sm text-slate-500">{T.threadNotFound}</p>
    ) : (
      <LoadFailed onRetry={() => void detail.refetch()} />
    );
  const thread = detail.data?.thread;
  return (
    <section className="min-w-0" aria-label={thread?.title ?? T.title}>
      {showHeader && (
        <header className="mb-4 flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 pb-4">
          {thread ? <ThreadTitle thread={thread} /> : <Skeleton className="h-10 w-64" />}
          {thread && (
            <label className="flex items-center gap-2 text-sm text-slate-600">
              {T.assign}
              <select
                value={thread.assignee?.id ?? ''}
                onChange={(e) =>
                  assign.mutate({ threadId, assigneeId: e.target.value ? Number(e.target.value) : null })
                }
                className="h-8 rounded-lg border border-slate-300 bg-white px-2 text-sm"
              >
                <option value="">{T.unassigned}</option>
                {(team.data ?? []).map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.firstName} {member.lastName}
                  </option>
                ))}
              </select>
            </label>
          )}
        </header>
      )}
      <Conversation
        pages={pages.data?.pages}
        isPending={pages.isPending}
        isError={pages.isError}
        refetch={() => void pages.refetch()}
        hasOlder={pages.hasNextPage}
        loadOlder={() => void pages.fetchNextPage()}
        loadingOlder={pages.isFetchingNextPage}
        audience="staff"
        readers={detail.data?.readers}
        send={(input) => post.mutateAsync({ threadId, ...input })}
        edit={(messageId, body) => edit.mutateAsync({ messageId, body })}
        remove={(messageId) => remove.mutateAsync({ messageId })}
        markRead={markRead}
        upload={
          thread
            ? (file, options) =>
                sendAttachment(
                  '/api/documents/upload',
                  {
                    companyId: String(thread.company.id),
                    ...(thread.project ? { projectId: String(thread.project.id) } : {}),
                    type: 'other',
                    // Internal until the message is sent to the client (a note's files stay internal).
                    visibleInPortal: String(options.shared),
                  },
                  file,
                  options.onProgress,
                )
            : undefined
        }
        draftKey={`cf-draft-thread-${threadId}`}
        typing={{
          channel: `thread:${threadId}`,
          // Writing an internal note shows to staff only: the client must not even hear that something is written.
          send: (internal) =>
            typing.mutate({ channel: `thread:${threadId}`, companyId: internal ? null : (thread?.company.id ?? null) }),
          isSelf: (who) => who.userId === me?.id,
        }}
        emptyText={T.noMessagesHint}
      />
    </section>
  );
}

function ThreadTitle({ thread }: { thread: Detail['thread'] }) {
  return (
    <div className="min-w-0">
      <h2 className="truncate text-lg font-semibold text-slate-900">{thread.title}</h2>
      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
        <Link
          to={`/hub/companies/${thread.company.id}`}
          className="inline-flex items-center gap-1 hover:text-slate-900"
        >
          <Building2 className="size-3.5" aria-hidden /> {thread.company.name}
        </Link>
        {thread.project && (
          <span className="inline-flex items-center gap-1">
            <FolderKanban className="size-3.5" aria-hidden /> {thread.project.name}
          </span>
        )}
        {thread.waitingOnStaff && <Badge tone="yellow">{T.filterWaiting}</Badge>}
      </p>
    </div>
  );
}

/** A company's or project's Messages tab: opens (and on first visit creates) its conversation. */
export function RecordThread({ companyId, projectId }: { companyId?: number; projectId?: number }) {
  const company = trpc.messages.companyThread.useMutation();
  const project = trpc.messages.projectThread.useMutation();
  const openCompany = company.mutate;
  const openProject = project.mutate;
  const opened = projectId ? project : company;
  const open = useCallback(() => {
    if (projectId) openProject({ projectId });
    else if (companyId) openCompany({ companyId });
  }, [companyId, projectId, openCompany, openProject]);
  useEffect(open, [open]);
  if (opened.isError) return <LoadFailed onRetry={open} />;
  if (!opened.data) return <Skeleton className="h-40 w-full" />;
  return <StaffThread threadId={opened.data.thread.id} showHeader={false} />;
}
