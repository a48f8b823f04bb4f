import { Link, useParams } from 'react-router-dom';
import { ArrowRight, BookOpen, ClipboardList, Info, Workflow } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import type { PortalFlowListItem } from '../../../../../shared/schemas/portal-flows';
import { cn } from '../../../lib/cn';
import { trpc } from '../../../lib/trpc';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { buttonClass } from '../../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../../ui/Feedback';
import { portalPath, usePortalUser } from '../session';
import { FlowStateBadge, flowTypeLabel } from './flowState';

const P = M.portalFlows;

const typeIcon = { onboard: BookOpen, collect: ClipboardList, inform: Info } as const;

function FlowCard({ flow, slug }: { flow: PortalFlowListItem; slug: string }) {
  const Icon = typeIcon[flow.workflowType];
  const action =
    flow.state.status === 'completed' ? P.review : flow.state.status === 'in_progress' ? P.resume : P.start;
  const { status, currentStep, stepCount } = flow.state;
  const to = portalPath(slug, `workflows/${encodeURIComponent(flow.flowUid)}`);
  // Steps done: all once completed; those before the current one while in progress; none before starting.
  const percent =
    status === 'completed'
      ? 100
      : status === 'in_progress' && stepCount
        ? Math.round((Math.max(0, currentStep - 1) / stepCount) * 100)
        : 0;
  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition-shadow hover:shadow-md">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold break-words text-slate-900">
            <Link
              to={to}
              className="rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {flow.name}
            </Link>
          </h2>
          <p className="mt-0.5 text-xs text-slate-500">
            {flowTypeLabel(flow.workflowType)} · {P.stepsCount(flow.state.stepCount)}
          </p>
        </div>
      </div>
      {flow.description && <p className="mt-3 line-clamp-3 text-sm leading-6 text-slate-600">{flow.description}</p>}
      <div className="mt-auto pt-4" aria-hidden>
        <div className="h-1.5 overflow-hidden rounded-full bg-slate-100">
          <div
            className={cn(
              'h-full rounded-full transition-all',
              status === 'completed' ? 'bg-emerald-500' : 'bg-brand-600',
            )}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <FlowStateBadge state={flow.state} />
        <Link
          to={to}
          className={buttonClass(flow.state.status === 'completed' ? 'secondary' : 'primary', 'sm')}
          aria-label={`${action}: ${flow.name}`}
        >
          {action} <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
    </li>
  );
}

/** /portal/{slug}/workflows: the contact's active flows with their state. */
export default function PortalFlowsPage() {
  const slug = useParams().slug ?? '';
  const user = usePortalUser();
  useDocumentTitle(`${P.title} · ${user.business.name}`);
  const flows = trpc.portalFlows.list.useQuery();
  return (
    <>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{P.title}</h1>
        <p className="mt-1 text-sm text-slate-500">{P.intro}</p>
      </div>
      {flows.isPending ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={M.common.loading}>
          {[0, 1, 2].map((i) => (
            <li key={i} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <Skeleton className="h-10 w-10" />
              <Skeleton className="mt-4 h-5 w-2/3" />
              <Skeleton className="mt-3 h-4 w-full" />
              <Skeleton className="mt-6 h-8 w-full" />
            </li>
          ))}
        </ul>
      ) : flows.isError ? (
        <LoadFailed onRetry={() => void flows.refetch()} />
      ) : flows.data.length === 0 ? (
        <EmptyState
          icon={<Workflow className="size-8" aria-hidden />}
          title={P.empty}
          text={P.emptyText}
          action={
            <Link to={portalPath(slug, 'dashboard')} className={buttonClass('secondary', 'sm')}>
              {M.nav.dashboard}
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {flows.data.map((flow) => (
            <FlowCard key={flow.id} flow={flow} slug={slug} />
          ))}
        </ul>
      )}
    </>
  );
}
