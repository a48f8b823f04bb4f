import { Link } from 'react-router-dom';
import { FileCheck2 } from 'lucide-react';
import { APPROVALS_LIVE_TOPIC } from '../../../../shared/live';
import { needsReview, pastDue, reviewFile } from '../../../../shared/messages/frames';
import { dueOn, versionNumber } from '../../../../shared/messages/texts';
import { useLiveEvents } from '../../lib/live';
import { trpc } from '../../lib/trpc';
import { portalPath } from '../portal/session';

/** The approvals' texts this portal first-screen module shows, without the section. */
const A = { needsReview, versionLabel: versionNumber, due: dueOn, overdue: pastDue, reviewFile } as const;

const when = (date: Date) => new Date(date).toLocaleDateString('en-US', { dateStyle: 'medium' });

/**
 * The portal dashboard's "Needs your review" (issue 31): the approval requests this contact may decide now, each
 * opening its review page. Nothing is drawn when there is none; it refreshes live when staff send or cancel one.
 */
export function NeedsReviewSection({ slug }: { slug: string }) {
  const utils = trpc.useUtils();
  const reviews = trpc.portalApprovals.reviews.useQuery();
  useLiveEvents(APPROVALS_LIVE_TOPIC, () => void utils.portalApprovals.invalidate());
  const items = reviews.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="portal-needs-review">
      <h2 id="portal-needs-review" className="mb-3 text-base font-semibold text-slate-900">
        {A.needsReview} <span className="text-slate-500">({items.length})</span>
      </h2>
      <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        {items.map((r) => (
          <li key={r.id}>
            <Link
              to={portalPath(slug, `approvals/${r.id}`)}
              className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset sm:px-5"
            >
              <span className="flex min-w-0 items-center gap-3">
                <span
                  className="grid size-9 shrink-0 place-items-center rounded-lg bg-amber-50 text-amber-700"
                  aria-hidden
                >
                  <FileCheck2 className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block truncate text-sm font-medium text-slate-900">{r.documentName}</span>
                  <span className="block text-xs text-slate-500">
                    {A.versionLabel(r.versionNumber)} · {r.requestedByName}
                    {r.dueAt && ` · ${A.due(when(r.dueAt))}`}
                  </span>
                </span>
              </span>
              <span className="flex shrink-0 items-center gap-2">
                {r.overdue && (
                  <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-600/20 ring-inset">
                    {A.overdue}
                  </span>
                )}
                <span className="text-sm font-medium text-brand-700">{A.reviewFile}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
