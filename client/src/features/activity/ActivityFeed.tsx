import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { History, Loader2 } from 'lucide-react';
import type { ActivityChange } from '../../../../shared/activity';
import { changeText, initialsOf, sentenceParts } from '../../../../shared/activity-format';
import { CORE } from '../../../../shared/messages-core';
import { activity } from '../../../../shared/messages/activity';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed } from '../../ui/Feedback';
import { ActivitySkeleton } from './ActivitySkeleton';
import { relativeTime } from '../dashboard/format';
import { formatDateTime } from '../../../../shared/dates';

/** The catalogue's sections this module shows (not all of shared/messages.ts). */
const M = { common: CORE.common, activity } as const;

const A = M.activity;

/** What the feed shows of an entry: the hub's rows and the portal's share these fields. */
type FeedEntry = {
  id: number;
  actorType: string;
  actorName: string;
  entityType: string;
  entityName: string;
  action: string;
  changes: ActivityChange[];
  createdAt: Date;
  /** Where the record opens (hub only; null when it no longer exists). */
  link?: string | null;
  /** The client company, when the feed spans companies. */
  companyName?: string | null;
  /** Done by the signed-in portal client ("You …"). */
  mine?: boolean;
};

/** Changes shown under an entry before "and N more changes"; values longer than this many characters are cut. */
const MAX_CHANGES = 3;
const MAX_VALUE = 60;

const avatarTone: Record<string, string> = {
  staff: 'bg-brand-100 text-brand-800',
  contact: 'bg-amber-100 text-amber-800',
  system: 'bg-slate-100 text-slate-600',
};

function ActorAvatar({ entry, compact }: { entry: FeedEntry; compact?: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-full font-semibold',
        compact ? 'size-8 text-xs' : 'size-9 text-sm',
        avatarTone[entry.actorType] ?? avatarTone.system,
      )}
    >
      {initialsOf(entry.mine ? entry.actorName : entry.actorName || A.system)}
    </span>
  );
}

/** "Ada Lovelace changed task “Homepage”", the name a link while the record exists. */
function Sentence({ entry }: { entry: FeedEntry }) {
  const { verb, name } = sentenceParts(entry);
  const actor = entry.mine ? A.you : entry.actorName || A.system;
  const quoted = name && `“${name}”`;
  return (
    <p className="text-sm leading-5 text-slate-600">
      <span className="font-medium text-slate-900">{actor}</span> {verb}
      {quoted && ' '}
      {quoted &&
        (entry.link ? (
          <Link
            to={entry.link}
            className="rounded-sm font-medium break-words text-slate-900 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {quoted}
          </Link>
        ) : (
          <span className="font-medium break-words text-slate-900">{quoted}</span>
        ))}
    </p>
  );
}

function Changes({ entry }: { entry: FeedEntry }) {
  if (!entry.changes.length || entry.action === 'created') return null;
  const shown = entry.changes.slice(0, MAX_CHANGES);
  const more = entry.changes.length - shown.length;
  return (
    <ul className="mt-1 space-y-0.5 text-xs text-slate-500">
      {shown.map((change, i) => {
        const full = changeText(entry.entityType, change);
        const text = changeText(entry.entityType, change, MAX_VALUE);
        const colon = text.indexOf(': ');
        return (
          <li key={i} className="break-words" title={full === text ? undefined : full}>
            <span className="font-medium text-slate-600">{text.slice(0, colon + 1)}</span>
            {text.slice(colon + 1)}
          </li>
        );
      })}
      {more > 0 && <li>{A.moreChanges(more)}</li>}
    </ul>
  );
}

function ActivityItem({
  entry,
  compact,
  showCompany = true,
}: {
  entry: FeedEntry;
  compact?: boolean;
  showCompany?: boolean;
}) {
  // A company's own entries need not repeat its name.
  const company = showCompany && entry.entityType !== 'company' ? entry.companyName : null;
  return (
    <li className={cn('flex gap-3', compact ? 'px-4 py-3 sm:px-5' : 'px-4 py-3.5 sm:px-5')}>
      <ActorAvatar entry={entry} compact={compact} />
      <div className="min-w-0 flex-1">
        <Sentence entry={entry} />
        {!compact && <Changes entry={entry} />}
        <p className="mt-1 flex min-w-0 items-center gap-1.5 text-xs text-slate-500">
          <time dateTime={entry.createdAt.toISOString()} title={formatDateTime(entry.createdAt)} className="shrink-0">
            {relativeTime(entry.createdAt)}
          </time>
          {company && (
            <>
              <span aria-hidden>·</span>
              <span className="truncate">{company}</span>
            </>
          )}
        </p>
      </div>
    </li>
  );
}

type FeedProps = {
  entries: FeedEntry[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMoreFailed?: boolean;
  onLoadMore?: () => void;
  /** New filters load over the previous rows (dimmed). */
  refreshing?: boolean;
  empty: { title: string; text?: string; action?: ReactNode };
  /** Inside a card: no frame of its own, no changes, smaller rows. */
  compact?: boolean;
  skeletons?: number;
  label: string;
  /** Each entry's client company under it (off on a company's own tab). */
  showCompany?: boolean;
};

/** The one activity list: skeletons, failed, empty, or the entries newest first with "Load more". */
export function ActivityFeed({
  entries,
  isPending,
  isError,
  onRetry,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  refreshing,
  empty,
  compact,
  skeletons,
  label,
  showCompany,
}: FeedProps) {
  const frame = compact ? '' : 'rounded-xl bg-white shadow-xs ring-1 ring-slate-200';
  if (isError && !entries?.length) return <LoadFailed onRetry={onRetry} />;
  if (isPending || !entries) {
    return (
      <div className={frame}>
        <ActivitySkeleton rows={skeletons ?? (compact ? 5 : 6)} compact={compact} />
      </div>
    );
  }
  if (!entries.length) {
    return compact ? (
      <div className="flex min-h-28 flex-col items-center justify-center gap-2 px-5 py-8 text-center">
        <History className="size-8 text-slate-300" aria-hidden />
        <p className="text-sm text-slate-500">{empty.text ?? empty.title}</p>
      </div>
    ) : (
      <EmptyState icon={<History className="size-10" />} title={empty.title} text={empty.text} action={empty.action} />
    );
  }
  return (
    <div className={cn(frame, 'transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing || undefined}>
      <ul aria-label={label} className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <ActivityItem key={entry.id} entry={entry} compact={compact} showCompany={showCompany} />
        ))}
      </ul>
      {(hasMore || loadMoreFailed) && onLoadMore && (
        <div className="flex justify-center border-t border-slate-100 px-4 py-3">
          <Button variant="secondary" size="sm" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore && <Loader2 className="size-4 animate-spin" aria-hidden />}
            {loadMoreFailed ? M.common.retry : A.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
