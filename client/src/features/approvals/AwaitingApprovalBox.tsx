import { Link } from 'react-router-dom';
import { FileCheck2 } from 'lucide-react';
import { approvalsOverdue, awaitingApproval } from '../../../../shared/messages/frames';
import { Skeleton } from '../../ui/Feedback';

/**
 * The dashboard's "Awaiting approval" box, linking to the files' filter: pending requests and the overdue among them,
 * or (summary undefined) its loading state, which the hub's first frame shows too (app/placeholders.tsx).
 */
export function AwaitingApprovalBox({ summary }: { summary: { pending: number; overdue: number } | undefined }) {
  return (
    <Link
      to="/hub/documents?approval=pending"
      className="flex items-center justify-between gap-4 rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:px-5 sm:py-4"
    >
      <div className="flex min-w-0 items-center gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-700" aria-hidden>
          <FileCheck2 className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{awaitingApproval}</p>
          {summary ? (
            <p className="text-2xl font-semibold tracking-tight text-slate-900 tabular-nums">{summary.pending}</p>
          ) : (
            <Skeleton className="mt-1 h-7 w-10" />
          )}
        </div>
      </div>
      {summary && (
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-medium ring-1 ring-inset ${
            summary.overdue > 0
              ? 'bg-red-50 text-red-700 ring-red-600/20'
              : 'bg-slate-50 text-slate-600 ring-slate-500/20'
          }`}
        >
          {approvalsOverdue(summary.overdue)}
        </span>
      )}
    </Link>
  );
}
