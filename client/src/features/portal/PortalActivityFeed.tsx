import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  BookOpen,
  CheckCircle2,
  ClipboardList,
  Download,
  FileText,
  FolderKanban,
  History,
  ListChecks,
  Loader2,
  LogIn,
  Upload,
  UserPlus,
} from 'lucide-react';
import type { ClientEventKind } from '../../../../shared/activity';
import { CORE } from '../../../../shared/messages-core';
import { activity } from '../../../../shared/messages/activity';
import type { PortalActivityEntryRow } from '../../../../shared/schemas/activity';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed } from '../../ui/Feedback';
import { ActivitySkeleton } from '../activity/ActivitySkeleton';
import { relativeTime } from '../dashboard/format';
import { portalPath } from './session';
import { formatDateTime } from '../../../../shared/dates';

/** The catalogue's sections this module shows. */
const M = { common: CORE.common, activity } as const;
const A = M.activity;

const ICONS: Record<ClientEventKind, ReactNode> = {
  file_shared: <FileText className="size-4" aria-hidden />,
  file_uploaded: <Upload className="size-4" aria-hidden />,
  file_downloaded: <Download className="size-4" aria-hidden />,
  resource_shared: <BookOpen className="size-4" aria-hidden />,
  project_shared: <FolderKanban className="size-4" aria-hidden />,
  project_status: <FolderKanban className="size-4" aria-hidden />,
  task_added: <ListChecks className="size-4" aria-hidden />,
  task_status: <ListChecks className="size-4" aria-hidden />,
  flow_published: <ClipboardList className="size-4" aria-hidden />,
  flow_submitted: <CheckCircle2 className="size-4" aria-hidden />,
  signed_in: <LogIn className="size-4" aria-hidden />,
  joined: <UserPlus className="size-4" aria-hidden />,
};

/** One event: its icon, its sentence (a link to the record's portal page when it has one), and when. */
function PortalActivityItem({
  entry,
  slug,
  compact,
}: {
  entry: PortalActivityEntryRow;
  slug: string;
  compact?: boolean;
}) {
  return (
    <li className={compact ? 'flex gap-3 px-4 py-3 sm:px-5' : 'flex gap-3 px-4 py-3.5 sm:px-5'}>
      <span aria-hidden className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
        {ICONS[entry.kind]}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-5 break-words text-slate-800">
          {entry.path ? (
            <Link
              to={portalPath(slug, entry.path)}
              className="rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {entry.text}
            </Link>
          ) : (
            entry.text
          )}
        </p>
        <p className="mt-1 text-xs text-slate-500">
          <time dateTime={entry.createdAt.toISOString()} title={formatDateTime(entry.createdAt)}>
            {relativeTime(entry.createdAt)}
          </time>
        </p>
      </div>
    </li>
  );
}

type Props = {
  entries: PortalActivityEntryRow[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadMoreFailed?: boolean;
  onLoadMore?: () => void;
  /** Inside the dashboard: fewer skeleton rows, a short empty line. */
  compact?: boolean;
};

/** The client's feed: skeletons, failed, empty, or the events newest first with "Load more". */
export function PortalActivityFeed({
  entries,
  isPending,
  isError,
  onRetry,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  compact,
}: Props) {
  const slug = useParams().slug ?? '';
  const frame = 'rounded-xl bg-white shadow-xs ring-1 ring-slate-200';
  if (isError && !entries?.length) return <LoadFailed onRetry={onRetry} />;
  if (isPending || !entries) {
    return (
      <div className={frame}>
        <ActivitySkeleton rows={compact ? 3 : 6} compact />
      </div>
    );
  }
  if (!entries.length) {
    return compact ? (
      <div className={`${frame} flex flex-col items-center gap-2 px-5 py-6 text-center`}>
        <History className="size-7 text-slate-300" aria-hidden />
        <p className="text-sm text-slate-500">{A.portalEmpty}</p>
      </div>
    ) : (
      <EmptyState icon={<History className="size-10" />} title={A.emptyTitle} text={A.portalEmpty} />
    );
  }
  return (
    <div className={frame}>
      <ul aria-label={A.title} className="divide-y divide-slate-100">
        {entries.map((entry) => (
          <PortalActivityItem key={entry.id} entry={entry} slug={slug} compact={compact} />
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
