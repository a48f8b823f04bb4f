import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Download, ExternalLink, EyeOff, FileText, Link2, Lock, MessageSquare } from 'lucide-react';
import { messages as T } from '../../../../shared/messages/messages';
import type { z } from 'zod';
import { DOCUMENT_TYPES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import type { documentOutput } from '../../../../shared/schemas/documents';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';

/** A file as lists and dialogs read it (the shared contract, so the client never drifts). */
export type DocumentRow = z.output<typeof documentOutput>;

const D = M.documents;

export const typeLabel = (type: string) => D.typeLabels[type] ?? type;
export const typeOptions = DOCUMENT_TYPES.map((value) => ({ value, label: typeLabel(value) }));

/** The spec's list date, e.g. "Mar 04, 2026". */
export { formatDate as formatListDate } from '../../../../shared/dates';

/**
 * The spec's type colours (the dashboard's Recent Files): contract red, agreement blue, proposal green, invoice
 * purple, other grey; report amber.
 */
const typeTone: Record<string, Tone> = {
  contract: 'red',
  agreement: 'blue',
  proposal: 'green',
  invoice: 'purple',
  report: 'yellow',
  other: 'gray',
};
const iconTone: Record<string, string> = {
  contract: 'bg-red-50 text-red-600 ring-red-100',
  agreement: 'bg-sky-50 text-sky-600 ring-sky-100',
  proposal: 'bg-emerald-50 text-emerald-600 ring-emerald-100',
  invoice: 'bg-violet-50 text-violet-600 ring-violet-100',
  report: 'bg-amber-50 text-amber-600 ring-amber-100',
  other: 'bg-slate-100 text-slate-500 ring-slate-200',
};

export const TypeBadge = ({ type }: { type: string }) => (
  <Badge tone={typeTone[type] ?? 'gray'}>{typeLabel(type)}</Badge>
);

export function FileIcon({
  document,
  size = 'md',
}: {
  document: Pick<DocumentRow, 'type' | 'stored'>;
  size?: 'md' | 'lg';
}) {
  const Icon = document.stored ? FileText : Link2;
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-lg ring-1 ring-inset',
        iconTone[document.type] ?? iconTone.other,
        size === 'lg' ? 'size-11' : 'size-9',
      )}
    >
      <Icon className={size === 'lg' ? 'size-5' : 'size-4'} />
    </span>
  );
}

/**
 * The file's name as the link that opens it in a new tab: the hub's download route for an upload (PDFs and images
 * show in the browser), the address itself for a link. In a card it stretches over the whole card.
 */
export function FileLink({
  document,
  stretched,
  className,
}: {
  document: DocumentRow;
  stretched?: boolean;
  className?: string;
}) {
  return (
    <a
      href={document.url}
      target="_blank"
      rel="noopener noreferrer"
      title={document.name}
      aria-label={D.openFile(document.name)}
      className={cn(
        'block max-w-full truncate rounded-sm font-medium text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        stretched &&
          'after:absolute after:inset-0 after:rounded-xl focus-visible:ring-0 focus-visible:after:ring-2 focus-visible:after:ring-brand-500',
        className,
      )}
    >
      {document.name}
    </a>
  );
}

/**
 * What kind of file it is, under its name: the uploaded file's own name (when it differs), or the link's host;
 * then any `extra` facts (size, date…), and whether it is kept out of the portal.
 */
export function FileSubline({ document, extra = [] }: { document: DocumentRow; extra?: string[] }) {
  let detail: ReactNode = null;
  if (document.stored)
    detail = document.originalName && document.originalName !== document.name ? document.originalName : null;
  else {
    let host = document.url;
    try {
      host = new URL(document.url).host;
    } catch {
      /* keep the text */
    }
    detail = (
      <span className="inline-flex min-w-0 items-center gap-1">
        <ExternalLink className="size-3 shrink-0" aria-hidden />
        <span className="truncate">{host}</span>
      </span>
    );
  }
  const facts = extra.filter(Boolean);
  if (!detail && !facts.length && document.visibleInPortal) return null;
  return (
    <span className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-slate-500">
      {(detail || facts.length > 0) && (
        <span className="min-w-0 truncate tabular-nums">
          {detail}
          {detail && facts.length > 0 && ' · '}
          {facts.join(' · ')}
        </span>
      )}
      {!document.visibleInPortal && <InternalBadge />}
    </span>
  );
}

/**
 * Where a file attached to a message came from: "Sent in a message in <conversation>", linking to it (staff see
 * an internal note's too, marked as such). Above a stretched card link, so it stays its own link.
 */
export function SentInLink({ document, className }: { document: DocumentRow; className?: string }) {
  const origin = document.sentIn;
  if (!origin) return null;
  const Icon = origin.internal ? Lock : MessageSquare;
  return (
    <Link
      to={`/hub/messages/${origin.threadId}`}
      className={cn(
        'relative z-10 mt-0.5 inline-flex max-w-full items-center gap-1 rounded-sm text-xs text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        className,
      )}
      data-testid="file-sent-in"
    >
      <Icon className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{origin.internal ? T.sentInNote(origin.title) : T.sentInMessage(origin.title)}</span>
    </Link>
  );
}

/** Kept out of the client portal. */
function InternalBadge() {
  return (
    <span
      title={D.internalHint}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-1.5 py-px text-[11px] font-medium text-slate-600"
    >
      <EyeOff className="size-3" aria-hidden /> {D.internal}
      <span className="sr-only">: {D.internalHint}</span>
    </span>
  );
}

/** Saves an uploaded file to disk (an attachment, whatever its type); a link opens like the name does. */
export function DownloadLink({ document, compact }: { document: DocumentRow; compact?: boolean }) {
  const label = D.downloadFile(document.name);
  if (!document.stored) return null;
  return (
    <a
      href={`${document.url}?download=1`}
      download
      aria-label={label}
      title={label}
      className={buttonClass('ghost', 'sm', 'relative z-10')}
    >
      <Download className="size-4" aria-hidden />
      {!compact && D.download}
    </a>
  );
}

/** Everything that lists or counts files: lists, panels, stats, the dashboard. */
export function useInvalidateDocuments() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.documents.invalidate(), utils.dashboard.overview.invalidate(), utils.projects.invalidate()]);
}
