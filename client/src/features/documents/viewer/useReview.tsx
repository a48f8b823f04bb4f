import { useEffect, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Check, Lock, MapPin, MessageSquareReply, Pencil, RotateCcw, Trash2, X } from 'lucide-react';
import { formatDateTime } from '../../../../../shared/dates';
import { REVIEW_COMMENTS_LIVE_TOPIC } from '../../../../../shared/live';
import { M } from '../../../../../shared/messages';
import { REVIEW_COMMENT_MAX } from '../../../../../shared/schemas/review-comments';
import { cn } from '../../../lib/cn';
import { useLiveEvents } from '../../../lib/live';
import { errorText, trpc } from '../../../lib/trpc';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Confirm } from '../../account/Confirm';
import { Markdown } from '../../../ui/Markdown';
import type { ReviewTarget, ViewerLayers } from './types';

const C = M.reviewComments;

type Pin = { number: number; page: number | null; x: number; y: number };
type Comment = {
  id: number;
  parentId: number | null;
  author: { kind: 'staff' | 'contact'; name: string };
  body: string;
  internal: boolean;
  pin: Pin | null;
  resolvedAt: Date | string | null;
  resolvedByName: string | null;
  editedAt: Date | string | null;
  createdAt: Date | string;
  mine: boolean;
};

const pinClass =
  'absolute z-10 grid size-7 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full text-xs font-bold shadow-lg ring-2 ring-white focus-visible:ring-4 focus-visible:ring-brand-400 focus-visible:outline-none';

/**
 * Review comments and pins over the viewer (issue 31): the layers (numbered pins as buttons; a click in "Add pin" mode
 * places a new one) and the side list, which is the keyboard's path (every comment, its replies, resolve and reopen).
 * Staff see internal comments in the internal notes' yellow; the portal never gets them. Refreshes live.
 */
export function useReview(
  target: ReviewTarget | null,
  kind: 'image' | 'pdf' | null,
): { layers: ViewerLayers; panel: ReactNode } | null {
  const on = target !== null;
  const portal = target?.portal ?? false;
  const input = { id: target?.documentId ?? 1, number: target?.number ?? 1 };
  const staffList = trpc.reviewComments.list.useQuery(input, { enabled: on && !portal });
  const portalList = trpc.portalReviewComments.list.useQuery(input, { enabled: on && portal });
  const list = portal ? portalList : staffList;
  const onError = (error: unknown) => toast.error(C.postFailed, { description: errorText(error) ?? undefined });
  const refetch = () => void list.refetch();
  const staffPost = trpc.reviewComments.post.useMutation({ onError });
  const portalPost = trpc.portalReviewComments.post.useMutation({ onError });
  const staffResolve = trpc.reviewComments.resolve.useMutation({ onSuccess: refetch, onError });
  const staffReopen = trpc.reviewComments.reopen.useMutation({ onSuccess: refetch, onError });
  const portalResolve = trpc.portalReviewComments.resolve.useMutation({ onSuccess: refetch, onError });
  const portalReopen = trpc.portalReviewComments.reopen.useMutation({ onSuccess: refetch, onError });
  const onEditError = (error: unknown) => toast.error(C.editFailed, { description: errorText(error) ?? undefined });
  const staffEdit = trpc.reviewComments.edit.useMutation({ onError: onEditError });
  const portalEdit = trpc.portalReviewComments.edit.useMutation({ onError: onEditError });
  const onDeleted = () => {
    toast.success(C.deleted);
    setDeleting(null);
    refetch();
  };
  const onDeleteError = (error: unknown) => toast.error(C.deleteFailed, { description: errorText(error) ?? undefined });
  const staffDelete = trpc.reviewComments.delete.useMutation({ onSuccess: onDeleted, onError: onDeleteError });
  const portalDelete = trpc.portalReviewComments.delete.useMutation({ onSuccess: onDeleted, onError: onDeleteError });
  useLiveEvents(REVIEW_COMMENTS_LIVE_TOPIC, (event) => {
    const data = event.data as { documentId?: number; number?: number } | null;
    if (on && data?.documentId === target?.documentId && data?.number === target?.number) refetch();
  });

  const [adding, setAdding] = useState(false);
  const [draftPin, setDraftPin] = useState<Omit<Pin, 'number'> | null>(null);
  const [body, setBody] = useState('');
  const [internal, setInternal] = useState(false);
  const [replyTo, setReplyTo] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (draftPin) composer.current?.focus();
  }, [draftPin]);
  // Opened on a comment (a search result): marked, and focused by its card when the card mounts. Until the person
  // presses a key or a pointer, focus stays there: the search palette's closing gives focus back to what had it
  // before (behind the viewer), and a redraw or the dialog's own first focus may move it; each is undone.
  const focus = target?.focus;
  const [pendingFocus, setPendingFocus] = useState<number | null>(focus ?? null);
  useEffect(() => {
    if (focus === undefined) return;
    setFocused(focus);
    setPendingFocus(focus);
    let pending = true;
    const end = () => {
      pending = false;
      setPendingFocus(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const card = document.getElementById(`review-comment-${focus}`);
      if (pending && card && event.target !== card) card.focus({ preventScroll: true });
    };
    document.addEventListener('keydown', end);
    document.addEventListener('pointerdown', end);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', end);
      document.removeEventListener('pointerdown', end);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [focus]);

  if (!target) return null;
  const comments: Comment[] = (list.data?.items ?? []).map((c) => ({
    ...c,
    internal: 'internal' in c && c.internal === true,
  }));
  const top = comments.filter((c) => c.parentId === null);
  const repliesOf = (id: number) => comments.filter((c) => c.parentId === id);
  // Internal pins are numbered apart from the ones the client sees (server/domain/review-comments).
  const nextPin = Math.max(0, ...comments.filter((c) => c.internal === internal).map((c) => c.pin?.number ?? 0)) + 1;
  const pending = staffPost.isPending || portalPost.isPending;

  const submit = async (text: string, parentId: number | null) => {
    const base = { id: target.documentId, number: target.number, body: text, parentId };
    const pin = parentId === null && draftPin ? draftPin : null;
    if (portal) await portalPost.mutateAsync({ ...base, pin });
    else await staffPost.mutateAsync({ ...base, pin, internal: parentId === null ? internal : false });
    refetch();
  };
  const setResolved = (id: number, resolved: boolean) => {
    const call = portal ? (resolved ? portalResolve : portalReopen) : resolved ? staffResolve : staffReopen;
    call.mutate({ commentId: id });
  };
  const saveEdit = async (id: number, text: string) => {
    if (portal) await portalEdit.mutateAsync({ commentId: id, body: text });
    else await staffEdit.mutateAsync({ commentId: id, body: text });
    setEditing(null);
    refetch();
  };
  const removing = staffDelete.isPending || portalDelete.isPending;
  const confirmDelete = () => {
    if (!deleting) return;
    if (portal) portalDelete.mutate({ commentId: deleting.id });
    else staffDelete.mutate({ commentId: deleting.id });
  };
  // The author edits; staff delete any comment, a client only their own.
  const actionsOf = (c: Comment) => ({
    editing: editing === c.id,
    onEdit: c.mine ? () => setEditing(editing === c.id ? null : c.id) : undefined,
    onSave: (text: string) => saveEdit(c.id, text),
    onDelete: c.mine || !portal ? () => setDeleting(c) : undefined,
    saving: staffEdit.isPending || portalEdit.isPending,
  });
  const showComment = (id: number) => {
    setFocused(id);
    document.getElementById(`review-comment-${id}`)?.focus();
  };

  const layers: ViewerLayers = {
    overlay: (page) => (
      <>
        {top
          .filter((c) => c.pin && (kind === 'pdf' ? c.pin.page === page : page === 1))
          .map((c) => {
            const pin = c.pin as Pin;
            return (
              <button
                key={c.id}
                type="button"
                className={cn(
                  pinClass,
                  c.internal
                    ? 'bg-amber-400 text-amber-950'
                    : c.resolvedAt
                      ? 'bg-slate-400 text-white'
                      : 'bg-brand-600 text-white',
                  focused === c.id && 'ring-4 ring-brand-300',
                )}
                style={{ left: `${pin.x * 100}%`, top: `${pin.y * 100}%` }}
                aria-label={(c.internal ? C.internalPinLabel : C.pinLabel)(pin.number, c.author.name)}
                data-testid="review-pin"
                onClick={(e) => {
                  e.stopPropagation();
                  showComment(c.id);
                }}
              >
                {pin.number}
              </button>
            );
          })}
        {draftPin && (kind === 'pdf' ? draftPin.page === page : page === 1) && (
          <span
            className={cn(pinClass, 'pointer-events-none animate-pulse bg-brand-500 text-white')}
            style={{ left: `${draftPin.x * 100}%`, top: `${draftPin.y * 100}%` }}
            aria-hidden
          >
            {nextPin}
          </span>
        )}
      </>
    ),
    onPointClick: adding
      ? (page, x, y) => {
          setDraftPin({ page: kind === 'pdf' ? page : null, x, y });
          setAdding(false);
        }
      : undefined,
  };

  const panel = (
    <aside
      aria-labelledby="review-comments-title"
      className="flex max-h-[45vh] min-h-0 flex-col border-t border-white/10 bg-white lg:max-h-none lg:w-96 lg:border-t-0 lg:border-l"
      data-testid="review-panel"
    >
      <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2.5">
        <h2 id="review-comments-title" className="text-sm font-semibold text-slate-900">
          {C.title} <span className="font-normal text-slate-500">({top.length})</span>
        </h2>
        {kind && (
          <button
            type="button"
            aria-pressed={adding}
            onClick={() => setAdding((v) => !v)}
            className={cn(
              'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
              adding ? 'bg-brand-600 text-white ring-brand-700' : 'bg-white text-slate-700 ring-slate-300',
            )}
          >
            <MapPin className="size-4" aria-hidden /> {C.addPin}
          </button>
        )}
      </div>
      {adding && (
        <p className="bg-brand-50 px-4 py-2 text-xs text-brand-800" role="status">
          {C.addingPin}
        </p>
      )}
      <ol className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {list.isError && <li className="text-sm text-red-700">{C.loadFailed}</li>}
        {list.data && top.length === 0 && <li className="text-sm text-slate-500">{C.empty}</li>}
        {top.map((c) => (
          <li key={c.id}>
            <CommentCard
              comment={c}
              focused={focused === c.id}
              autoFocus={pendingFocus === c.id}
              onResolve={(resolved) => setResolved(c.id, resolved)}
              onReply={() => setReplyTo(replyTo === c.id ? null : c.id)}
              {...actionsOf(c)}
            />
            {repliesOf(c.id).length > 0 && (
              <ol className="mt-2 ml-5 space-y-2 border-l border-slate-200 pl-3">
                {repliesOf(c.id).map((r) => (
                  <li key={r.id}>
                    <CommentCard
                      comment={r}
                      focused={focused === r.id}
                      autoFocus={pendingFocus === r.id}
                      {...actionsOf(r)}
                    />
                  </li>
                ))}
              </ol>
            )}
            {replyTo === c.id && (
              <ReplyForm
                pending={pending}
                onCancel={() => setReplyTo(null)}
                onSend={async (text) => {
                  await submit(text, c.id);
                  setReplyTo(null);
                }}
              />
            )}
          </li>
        ))}
      </ol>
      <form
        className={cn('border-t px-4 py-3', internal ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-slate-50')}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!body.trim()) return;
          await submit(body, null);
          setBody('');
          setDraftPin(null);
          setInternal(false);
        }}
      >
        {draftPin && (
          <p className="mb-2 flex items-center gap-2 text-xs font-medium text-brand-800" role="status">
            <MapPin className="size-3.5" aria-hidden /> {C.pinPlaced(nextPin)}
            <button
              type="button"
              className="ml-auto rounded p-0.5 text-slate-500 hover:text-slate-800"
              onClick={() => setDraftPin(null)}
              aria-label={C.cancel}
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </p>
        )}
        <label htmlFor="review-comment-body" className="sr-only">
          {C.placeholder}
        </label>
        <textarea
          id="review-comment-body"
          ref={composer}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          maxLength={REVIEW_COMMENT_MAX}
          rows={2}
          placeholder={C.placeholder}
          className="block w-full resize-y rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
        <div className="mt-2 flex items-center justify-between gap-2">
          {!portal ? (
            <button
              type="button"
              aria-pressed={internal}
              title={C.internalHint}
              onClick={() => setInternal((v) => !v)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                internal
                  ? 'bg-amber-400 text-amber-950 ring-amber-500'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-amber-50',
              )}
            >
              <Lock className="size-3.5" aria-hidden /> {C.internal}
            </button>
          ) : (
            <span />
          )}
          <Button type="submit" size="sm" disabled={pending || !body.trim()}>
            {C.post}
          </Button>
        </div>
      </form>
      <Dialog open={deleting !== null} onClose={() => !removing && setDeleting(null)} title={C.deleteTitle} size="md">
        <Confirm
          text={
            deleting && deleting.parentId === null && repliesOf(deleting.id).length > 0
              ? C.deleteThreadText(repliesOf(deleting.id).length)
              : C.deleteText
          }
          busy={removing}
          confirm={C.deleteConfirm}
          cancel={C.cancel}
          onCancel={() => setDeleting(null)}
          onConfirm={confirmDelete}
        />
      </Dialog>
    </aside>
  );
  return { layers, panel };
}

function CommentCard({
  comment: c,
  focused,
  autoFocus = false,
  onResolve,
  onReply,
  editing = false,
  onEdit,
  onSave,
  onDelete,
  saving = false,
}: {
  comment: Comment;
  focused: boolean;
  /** Focus this card (scrolled into view) when it mounts and while it stays set. */
  autoFocus?: boolean;
  onResolve?: (resolved: boolean) => void;
  onReply?: () => void;
  editing?: boolean;
  onEdit?: () => void;
  onSave?: (text: string) => Promise<void>;
  onDelete?: () => void;
  saving?: boolean;
}) {
  const self = useRef<HTMLElement>(null);
  useEffect(() => {
    const card = self.current;
    if (!autoFocus || !card || document.activeElement === card) return;
    card.scrollIntoView({ block: 'center' });
    card.focus({ preventScroll: true });
  });
  return (
    <article
      ref={self}
      id={`review-comment-${c.id}`}
      tabIndex={-1}
      data-testid="review-comment"
      className={cn(
        'rounded-xl px-3 py-2 text-sm focus:outline-none',
        c.internal ? 'border border-amber-300 bg-amber-50 text-amber-950' : 'bg-white ring-1 ring-slate-200',
        c.resolvedAt && 'opacity-70',
        focused && 'ring-2 ring-brand-400',
      )}
    >
      <header className="mb-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-slate-500">
        {c.pin && (
          <span
            className={cn(
              'grid size-5 place-items-center rounded-full text-[11px] font-bold',
              c.internal ? 'bg-amber-400 text-amber-950' : 'bg-brand-600 text-white',
            )}
          >
            {c.pin.number}
          </span>
        )}
        <span className="font-medium text-slate-700">{c.author.name}</span>
        <time dateTime={new Date(c.createdAt).toISOString()}>{formatDateTime(c.createdAt)}</time>
        {c.editedAt && <span>· {C.edited}</span>}
        {c.pin?.page != null && <span>· {C.pinOnPage(c.pin.page)}</span>}
        {c.internal && (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-800">
            <Lock className="size-3" aria-hidden /> {C.internal}
          </span>
        )}
      </header>
      {editing && onSave && onEdit ? (
        <TextForm
          initial={c.body}
          label={C.editLabel}
          submit={C.save}
          pending={saving}
          onCancel={onEdit}
          onSend={onSave}
          className="mt-1"
        />
      ) : (
        <Markdown>{c.body}</Markdown>
      )}
      {c.resolvedAt && c.resolvedByName && (
        <p className="mt-1 text-xs text-emerald-700">{C.resolvedBy(c.resolvedByName)}</p>
      )}
      {(onResolve || onReply || onEdit || onDelete) && !editing && (
        <div className="mt-1.5 flex flex-wrap gap-1">
          {onReply && (
            <button type="button" className={actionClass} onClick={onReply}>
              <MessageSquareReply className="size-3.5" aria-hidden /> {C.reply}
            </button>
          )}
          {onResolve && (
            <button type="button" className={actionClass} onClick={() => onResolve(!c.resolvedAt)}>
              {c.resolvedAt ? (
                <RotateCcw className="size-3.5" aria-hidden />
              ) : (
                <Check className="size-3.5" aria-hidden />
              )}
              {c.resolvedAt ? C.reopen : C.resolve}
            </button>
          )}
          {onEdit && (
            <button type="button" className={actionClass} onClick={onEdit}>
              <Pencil className="size-3.5" aria-hidden /> {C.edit}
            </button>
          )}
          {onDelete && (
            <button type="button" className={cn(actionClass, 'hover:bg-red-50 hover:text-red-700')} onClick={onDelete}>
              <Trash2 className="size-3.5" aria-hidden /> {C.delete}
            </button>
          )}
        </div>
      )}
    </article>
  );
}

const actionClass =
  'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

function ReplyForm({
  pending,
  onSend,
  onCancel,
}: {
  pending: boolean;
  onSend: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  return (
    <TextForm
      label={C.replyPlaceholder}
      placeholder={C.replyPlaceholder}
      submit={C.reply}
      pending={pending}
      onSend={onSend}
      onCancel={onCancel}
      className="mt-2 ml-5"
    />
  );
}

/** A reply, or a comment's new text: the textarea (focused), Cancel and the action. */
function TextForm({
  initial = '',
  label,
  placeholder,
  submit,
  pending,
  onSend,
  onCancel,
  className,
}: {
  initial?: string;
  label: string;
  placeholder?: string;
  submit: string;
  pending: boolean;
  onSend: (text: string) => Promise<void>;
  onCancel: () => void;
  className?: string;
}) {
  const [text, setText] = useState(initial);
  return (
    <form
      className={cn('space-y-2', className)}
      onSubmit={async (e) => {
        e.preventDefault();
        if (text.trim()) await onSend(text);
      }}
    >
      <textarea
        aria-label={label}
        // biome-ignore lint/a11y/noAutofocus: opened by its button (Reply, Edit), the text is what comes next
        autoFocus
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={REVIEW_COMMENT_MAX}
        rows={2}
        placeholder={placeholder}
        className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
      />
      <div className="flex justify-end gap-2">
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {C.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={pending || !text.trim()}>
          {submit}
        </Button>
      </div>
    </form>
  );
}
