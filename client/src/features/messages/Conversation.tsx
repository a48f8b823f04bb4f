/**
 * One conversation: its messages (newest at the bottom, "Show older messages" pages back by keyset) and the composer.
 * Shared by the hub (staff: internal notes, attachments, read receipts per client contact) and the portal (the
 * client: whether the agency has seen their message). New messages, edits and read receipts arrive live: the layout's
 * live listener (messages.changed) refetches what is on screen.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Check, CheckCheck, Lock, Paperclip, Pencil, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import { messages as T } from '../../../../shared/messages/messages';
import { formatDateTime } from '../../../../shared/dates';
import { formatFileSize } from '../../../../shared/file-size';
import {
  MESSAGE_ATTACHMENTS_MAX,
  MESSAGE_BODY_MAX,
  MESSAGE_EDIT_WINDOW_MINUTES,
} from '../../../../shared/schemas/messages';
import { LIVE_TYPING_TOPIC } from '../../../../shared/live';
import { cn } from '../../lib/cn';
import { useLiveEvents } from '../../lib/live';
import { Button } from '../../ui/Button';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { Markdown } from '../../ui/Markdown';

type ConversationMessage = {
  id: number;
  author: { kind: 'staff' | 'contact'; id: number | null; name: string };
  body: string;
  internal?: boolean;
  editedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  mine: boolean;
  attachments: { id: number; name: string; size: number; url: string }[];
};

type Reader = { kind: 'staff' | 'contact'; id: number; name: string; lastReadMessageId: number };

type Page = { items: ConversationMessage[]; nextCursor: number | null };

export type ConversationProps = {
  /** The pages loaded so far, newest page first (TanStack's infinite query). */
  pages: Page[] | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => void;
  hasOlder: boolean;
  loadOlder: () => void;
  loadingOlder: boolean;
  /** Who reads this: staff see internal notes and each contact's receipt; a client sees whether the agency has. */
  audience: 'staff' | 'client';
  /** Staff: how far each participant read. Client: the newest message the agency has read. */
  readers?: Reader[];
  agencyReadUpTo?: number;
  send: (input: { body: string; internal: boolean; attachmentIds: number[] }) => Promise<unknown>;
  edit: (messageId: number, body: string) => Promise<unknown>;
  remove: (messageId: number) => Promise<unknown>;
  /** Marks read up to the newest shown message (not in a staff preview of the portal). */
  markRead?: (messageId: number) => void;
  /** Uploads an attachment (no attach button without it). */
  upload?: AttachmentUploader;
  /** The draft's key in localStorage (one per thread). */
  draftKey: string;
  /**
   * The typing indicator: the conversation's live channel, what to call while the composer changes (the component
   * sends at most one a second; `internal`: an internal note, which clients must not hear of), and which indicators
   * are the viewer's own.
   */
  typing?: {
    channel: string;
    send: (internal: boolean) => void;
    isSelf: (who: { userId?: number; contactId?: number }) => boolean;
  };
  readOnly?: boolean;
  emptyText: string;
};

const withinEditWindow = (m: ConversationMessage) =>
  !m.deletedAt && Date.now() - new Date(m.createdAt).getTime() < MESSAGE_EDIT_WINDOW_MINUTES * 60 * 1000;

/** A file the composer has uploaded, to attach to the next message. */
export type UploadedAttachment = { id: number; name: string; size: number };
/** How a conversation uploads a file: the hub's upload route for staff, the portal's for a client. */
type AttachmentUploader = (
  file: File,
  options: { shared: boolean; onProgress: (percent: number) => void },
) => Promise<UploadedAttachment>;

/**
 * Sends one file as multipart/form-data (text fields first: the server reads them before the bytes) with
 * XMLHttpRequest, for its progress events; the session cookie authenticates it. Resolves to the stored file, or
 * rejects with the server's sentence (413 too large, 404…) or a general one.
 */
export function sendAttachment(
  url: string,
  fields: Record<string, string>,
  file: File,
  onProgress: (percent: number) => void,
): Promise<UploadedAttachment> {
  return new Promise((resolve, reject) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) =>
      onProgress(e.lengthComputable ? Math.min(100, Math.floor((e.loaded / Math.max(1, e.total)) * 100)) : 0);
    xhr.onload = () => {
      type Reply = { id?: number; name?: string; size?: number; message?: string };
      let reply: Reply | null = null;
      try {
        reply = JSON.parse(xhr.responseText) as Reply;
      } catch {
        // Not JSON (a proxy's page): the general sentence below.
      }
      if (xhr.status === 201 && reply?.id)
        return resolve({ id: reply.id, name: reply.name ?? file.name, size: reply.size ?? file.size });
      reject(new Error(reply?.message?.trim() || T.attachmentUploadFailed));
    };
    xhr.onerror = () => reject(new Error(T.attachmentUploadFailed));
    xhr.send(body);
  });
}

function useDraft(key: string) {
  const [draft, setDraft] = useState(() => {
    try {
      return localStorage.getItem(key) ?? '';
    } catch {
      return '';
    }
  });
  useEffect(() => {
    try {
      if (draft) localStorage.setItem(key, draft);
      else localStorage.removeItem(key);
    } catch {
      // Private mode: the draft lives as long as the page.
    }
  }, [key, draft]);
  return [draft, setDraft] as const;
}

function Receipt({ message, props }: { message: ConversationMessage; props: ConversationProps }) {
  if (props.audience === 'client') {
    if (!message.mine || message.deletedAt) return null;
    const seen = (props.agencyReadUpTo ?? 0) >= message.id;
    return (
      <span className="inline-flex items-center gap-1">
        {seen ? (
          <CheckCheck className="size-3.5 text-brand-600" aria-hidden />
        ) : (
          <Check className="size-3.5" aria-hidden />
        )}
        {seen ? T.seenByAgency : T.sent}
      </span>
    );
  }
  // Staff: the client contacts who have read it (staff receipts matter less; internal notes have none).
  if (message.internal || message.deletedAt) return null;
  const seenBy = (props.readers ?? []).filter(
    (r) =>
      r.kind === 'contact' &&
      r.lastReadMessageId >= message.id &&
      !(message.author.kind === 'contact' && message.author.id === r.id),
  );
  if (message.author.kind === 'contact') return null;
  return (
    <span className="inline-flex items-center gap-1">
      {seenBy.length ? (
        <CheckCheck className="size-3.5 text-brand-600" aria-hidden />
      ) : (
        <Check className="size-3.5" aria-hidden />
      )}
      {seenBy.length ? T.seenBy(seenBy.map((r) => r.name).join(', ')) : T.notSeenYet}
    </span>
  );
}

function MessageItem({ message, props }: { message: ConversationMessage; props: ConversationProps }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(message.body);
  const [busy, setBusy] = useState(false);
  const ownSide = message.mine;
  const canChange = message.mine && withinEditWindow(message) && !props.readOnly;
  const save = async () => {
    setBusy(true);
    try {
      await props.edit(message.id, text);
      setEditing(false);
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className={cn('flex', ownSide ? 'justify-end' : 'justify-start')} data-testid="message">
      <div className={cn('group max-w-[min(36rem,88%)] min-w-0')}>
        <div className={cn('mb-1 flex items-center gap-2 text-xs text-slate-500', ownSide && 'justify-end')}>
          <span className="font-medium text-slate-700">{message.mine ? T.you : message.author.name}</span>
          <time dateTime={new Date(message.createdAt).toISOString()}>{formatDateTime(message.createdAt)}</time>
          {message.editedAt && !message.deletedAt && <span>· {T.edited}</span>}
        </div>
        <div
          className={cn(
            'rounded-2xl px-4 py-2.5 text-sm break-words',
            message.deletedAt
              ? 'border border-dashed border-slate-300 bg-white text-slate-500 italic'
              : message.internal
                ? 'border border-amber-300 bg-amber-50 text-amber-950'
                : ownSide
                  ? 'bg-brand-600 text-white [&_a]:text-white'
                  : 'bg-white text-slate-800 ring-1 ring-slate-200',
          )}
        >
          {message.internal && !message.deletedAt && (
            <p className="mb-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-800">
              <Lock className="size-3" aria-hidden /> {T.internalToggle}
            </p>
          )}
          {message.deletedAt ? (
            T.deleted
          ) : editing ? (
            <div className="space-y-2">
              <label className="sr-only" htmlFor={`edit-${message.id}`}>
                {T.composerLabel}
              </label>
              <textarea
                id={`edit-${message.id}`}
                value={text}
                maxLength={MESSAGE_BODY_MAX}
                onChange={(e) => setText(e.target.value)}
                rows={3}
                className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm text-slate-900"
              />
              <div className="flex justify-end gap-2">
                <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
                  {T.cancel}
                </Button>
                <Button size="sm" busy={busy} onClick={save} disabled={!text.trim()}>
                  {T.save}
                </Button>
              </div>
            </div>
          ) : (
            <Markdown className={cn(ownSide && !message.internal && 'text-white [&_*]:text-inherit')}>
              {message.body}
            </Markdown>
          )}
          {message.attachments.length > 0 && (
            <ul className="mt-2 space-y-1">
              {message.attachments.map((file) => (
                <li key={file.id}>
                  <a
                    href={file.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={cn(
                      'inline-flex max-w-full items-center gap-1.5 rounded-md px-2 py-1 text-xs font-medium underline-offset-2 hover:underline',
                      ownSide && !message.internal ? 'bg-white/15 text-white' : 'bg-slate-100 text-slate-700',
                    )}
                  >
                    <Paperclip className="size-3.5 shrink-0" aria-hidden />
                    <span className="truncate">{file.name}</span>
                    <span className="shrink-0 opacity-75">{formatFileSize(file.size)}</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={cn('mt-1 flex items-center gap-3 text-xs text-slate-500', ownSide && 'justify-end')}>
          <Receipt message={message} props={props} />
          {canChange && !editing && (
            <>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                onClick={() => {
                  setText(message.body);
                  setEditing(true);
                }}
              >
                <Pencil className="size-3" aria-hidden /> {T.edit}
              </button>
              <button
                type="button"
                className="inline-flex items-center gap-1 rounded hover:text-red-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                onClick={() => {
                  if (!window.confirm(T.deleteConfirm)) return;
                  props.remove(message.id).catch((error: unknown) => toast.error((error as Error).message));
                }}
              >
                <Trash2 className="size-3" aria-hidden /> {T.delete}
              </button>
            </>
          )}
        </div>
      </div>
    </li>
  );
}

/** A file of the composer: uploading (percent), stored (id), or refused (error, the server's sentence). */
type PendingFile = { key: number; name: string; size: number; percent: number; id?: number; error?: string };

function AttachmentChip({ file, onRemove }: { file: PendingFile; onRemove: () => void }) {
  const busy = file.id === undefined && !file.error;
  return (
    <li
      className={cn(
        'inline-flex max-w-full flex-col rounded-md px-2 py-1 text-xs',
        file.error ? 'bg-red-50 text-red-800 ring-1 ring-red-200' : 'bg-slate-100 text-slate-700',
      )}
      data-testid="composer-attachment"
    >
      <span className="inline-flex max-w-full items-center gap-1">
        <Paperclip className="size-3 shrink-0" aria-hidden />
        <span className="truncate font-medium">{file.name}</span>
        <span className="shrink-0 tabular-nums opacity-75">{formatFileSize(file.size)}</span>
        {busy && (
          <span className="shrink-0 tabular-nums" role="status">
            <span aria-hidden>· {file.percent}%</span>
            <span className="sr-only">{T.attachmentProgress(file.name, file.percent)}</span>
          </span>
        )}
        <button
          type="button"
          aria-label={T.removeAttachment(file.name)}
          onClick={onRemove}
          className="rounded p-0.5 hover:bg-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <X className="size-3" aria-hidden />
        </button>
      </span>
      {busy && (
        <span
          className="mt-1 block h-1 w-full overflow-hidden rounded bg-slate-200"
          role="progressbar"
          aria-label={file.name}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={file.percent}
        >
          <span className="block h-full bg-brand-600 transition-[width]" style={{ width: `${file.percent}%` }} />
        </span>
      )}
      {file.error && (
        <span className="mt-0.5" role="alert">
          {file.error}
        </span>
      )}
    </li>
  );
}

function Composer({ props }: { props: ConversationProps }) {
  const [draft, setDraft] = useDraft(props.draftKey);
  const [internal, setInternal] = useState(false);
  const lastTyped = useRef(0);
  const typed = (isInternal: boolean) => {
    const now = Date.now();
    if (!props.typing || now - lastTyped.current < TYPING_SEND_MS) return;
    lastTyped.current = now;
    props.typing.send(isInternal);
  };
  const [files, setFiles] = useState<PendingFile[]>([]);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const staff = props.audience === 'staff';
  const tooLong = draft.trim().length > MESSAGE_BODY_MAX;
  const uploading = files.some((f) => f.id === undefined && !f.error);
  const ready = files.filter((f) => f.id !== undefined);

  const send = async () => {
    if (!draft.trim() || tooLong || uploading) return;
    setSending(true);
    try {
      await props.send({ body: draft, internal, attachmentIds: ready.map((f) => f.id as number) });
      setDraft('');
      setFiles([]);
      // No toast: the message appearing in the conversation is the answer (a chat does not announce each line).
    } catch (error) {
      toast.error((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  const update = (key: number, change: Partial<PendingFile>) =>
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...change } : f)));

  /** Each chosen file uploads at once, with its own progress and error; sending waits for them. */
  const attach = (list: FileList | null) => {
    const upload = props.upload;
    if (!list?.length || !upload) return;
    const room = MESSAGE_ATTACHMENTS_MAX - files.length;
    const chosen = Array.from(list);
    if (chosen.length > room) toast.error(T.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX));
    for (const file of chosen.slice(0, Math.max(0, room))) {
      const key = nextKey.current++;
      setFiles((current) => [...current, { key, name: file.name, size: file.size, percent: 0 }]);
      upload(file, { shared: !internal, onProgress: (percent) => update(key, { percent }) }).then(
        (stored) => update(key, { id: stored.id, name: stored.name, size: stored.size, percent: 100 }),
        (error: unknown) => update(key, { error: (error as Error).message || T.attachmentUploadFailed }),
      );
    }
    if (fileInput.current) fileInput.current.value = '';
  };

  return (
    <form
      className={cn(
        'rounded-xl border bg-white p-3 shadow-sm transition-colors',
        internal ? 'border-amber-400 bg-amber-50 ring-2 ring-amber-200' : 'border-slate-200',
      )}
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      {internal && (
        <p className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-amber-900" role="status">
          <Lock className="size-4" aria-hidden /> {T.internalBanner}
        </p>
      )}
      <label htmlFor={`composer-${props.draftKey}`} className="sr-only">
        {T.composerLabel}
      </label>
      <textarea
        id={`composer-${props.draftKey}`}
        value={draft}
        onChange={(e) => {
          setDraft(e.target.value);
          typed(internal);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) void send();
        }}
        rows={3}
        placeholder={internal ? T.composerPlaceholderInternal : T.composerPlaceholder}
        aria-invalid={tooLong || undefined}
        className={cn(
          'block w-full resize-y rounded-lg border-0 bg-transparent p-1 text-sm text-slate-900 placeholder:text-slate-500 focus:ring-0 focus:outline-none',
        )}
      />
      {tooLong && <p className="mt-1 text-sm text-red-700">{T.tooLong(MESSAGE_BODY_MAX)}</p>}
      {files.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={T.attachments}>
          {files.map((f) => (
            <AttachmentChip
              key={f.key}
              file={f}
              onRemove={() => setFiles((current) => current.filter((x) => x.key !== f.key))}
            />
          ))}
        </ul>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          {staff && (
            <button
              type="button"
              aria-pressed={internal}
              onClick={() => setInternal((v) => !v)}
              className={cn(
                'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium ring-1 ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                internal
                  ? 'bg-amber-400 text-amber-950 ring-amber-500'
                  : 'bg-white text-slate-700 ring-slate-300 hover:bg-amber-50',
              )}
            >
              <Lock className="size-3.5" aria-hidden /> {T.internalToggle}
            </button>
          )}
          {props.upload && (
            <>
              <input
                ref={fileInput}
                type="file"
                multiple
                hidden
                tabIndex={-1}
                aria-hidden
                id={`attach-${props.draftKey}`}
                onChange={(e) => attach(e.target.files)}
              />
              <button
                type="button"
                onClick={() => fileInput.current?.click()}
                disabled={files.length >= MESSAGE_ATTACHMENTS_MAX}
                className="inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:opacity-50"
              >
                <Paperclip className="size-3.5" aria-hidden /> {uploading ? T.attaching : T.attach}
              </button>
            </>
          )}
        </div>
        <Button type="submit" size="sm" busy={sending} disabled={!draft.trim() || tooLong || uploading}>
          {internal ? T.sendNote : T.send}
        </Button>
      </div>
    </form>
  );
}

const TYPING_SEND_MS = 1500;
const TYPING_SHOWN_MS = 4000;

/** Who else is typing in this conversation right now (names), from the live typing events of its channel. */
function useTyping(typing: ConversationProps['typing']) {
  const [names, setNames] = useState<Record<string, { name: string; until: number }>>({});
  useLiveEvents(LIVE_TYPING_TOPIC, (event) => {
    const data = event.data as { channel?: string; name?: string; userId?: number; contactId?: number } | null;
    if (!typing || !data || data.channel !== typing.channel || typing.isSelf(data)) return;
    const key = data.userId !== undefined ? `u${data.userId}` : `c${data.contactId}`;
    setNames((current) => ({ ...current, [key]: { name: data.name ?? '', until: Date.now() + TYPING_SHOWN_MS } }));
  });
  const live = Object.values(names);
  // Each indicator fades TYPING_SHOWN_MS after the last one heard.
  useEffect(() => {
    if (!live.length) return;
    const next = Math.min(...live.map((n) => n.until)) - Date.now();
    const timer = setTimeout(
      () => setNames((current) => Object.fromEntries(Object.entries(current).filter(([, n]) => n.until > Date.now()))),
      Math.max(next, 50),
    );
    return () => clearTimeout(timer);
  });
  return live.map((n) => n.name).filter(Boolean);
}

export function Conversation(props: ConversationProps) {
  const typingNames = useTyping(props.typing);
  const ordered = useMemo(
    () =>
      (props.pages ?? [])
        .flatMap((p) => p.items)
        .slice()
        .sort((x, y) => x.id - y.id),
    [props.pages],
  );
  const newest = ordered.length ? ordered[ordered.length - 1].id : 0;
  const bottom = useRef<HTMLDivElement>(null);
  const { markRead } = props;
  // Reading the conversation marks it read up to the newest message shown.
  useEffect(() => {
    if (newest && markRead) markRead(newest);
  }, [newest, markRead]);
  // A new message (sent or received) scrolls into view.
  useEffect(() => {
    if (newest) bottom.current?.scrollIntoView({ block: 'nearest' });
  }, [newest]);

  if (props.isError) return <LoadFailed onRetry={props.refetch} />;
  return (
    <div className="flex min-w-0 flex-col gap-4">
      {props.isPending ? (
        <div className="space-y-3" aria-hidden>
          <Skeleton className="h-14 w-2/3" />
          <Skeleton className="ml-auto h-14 w-1/2" />
        </div>
      ) : (
        <div>
          {props.hasOlder && (
            <div className="mb-3 text-center">
              <Button size="sm" variant="ghost" busy={props.loadingOlder} onClick={props.loadOlder}>
                {T.olderMessages}
              </Button>
            </div>
          )}
          {ordered.length === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-8 text-center text-sm text-slate-500">
              {props.emptyText}
            </p>
          ) : (
            <ol className="space-y-4" aria-label={T.title}>
              {ordered.map((message) => (
                <MessageItem key={message.id} message={message} props={props} />
              ))}
            </ol>
          )}
          <div ref={bottom} />
        </div>
      )}
      <p className="h-4 text-xs text-slate-500" aria-live="polite">
        {typingNames.length ? T.typing(typingNames) : ''}
      </p>
      {!props.readOnly && <Composer props={props} />}
    </div>
  );
}
