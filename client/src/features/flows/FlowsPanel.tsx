import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ListOrdered, Plus, Workflow } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { LoadMore } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, PanelSkeleton } from '../../ui/Feedback';
import { CreateFlowDialog } from './CreateFlowDialog';
import { ActiveBadge, flowPath, FlowTypeBadge, FlowTypeTile } from './flowParts';

const F = M.flows;

/** A company's flows (the company page's Flows tab), newest first, with Create Flow for this company. */
export function FlowsPanel({ companyId }: { companyId: number }) {
  const list = useInfiniteList(trpc.flows.list, { limit: LIMITS.pageSize, companyId });
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> {F.create}
    </Button>
  );

  let body: ReactNode;
  if (list.state === 'error') body = <LoadFailed onRetry={list.retry} />;
  else if (list.state === 'loading') body = <PanelSkeleton trailing="h-6 w-20 rounded-full" />;
  else if (list.state === 'empty' || list.state === 'no-match')
    body = (
      <EmptyState
        icon={<Workflow className="size-10" />}
        title={F.companyNoFlows}
        text={F.companyNoFlowsText}
        action={createButton}
      />
    );
  else
    body = (
      <div className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <ul className="divide-y divide-slate-100">
          {list.items.map((flow) => (
            <li
              key={flow.id}
              className="relative flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <FlowTypeTile type={flow.workflowType} />
                <div className="min-w-0">
                  <Link
                    to={flowPath(flow)}
                    className="block truncate rounded-sm text-sm font-medium text-slate-900 after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500 focus-visible:after:ring-inset"
                  >
                    {flow.name}
                  </Link>
                  <p className="truncate text-xs text-slate-500" title={flow.description}>
                    {flow.description}
                  </p>
                </div>
              </div>
              <div className="flex shrink-0 items-center gap-3 pl-12 sm:pl-0">
                <span className="inline-flex items-center gap-1 text-xs text-slate-500 tabular-nums">
                  <ListOrdered className="size-3.5 text-slate-400" aria-hidden /> {F.stepsCount(flow.stepCount)}
                </span>
                <FlowTypeBadge type={flow.workflowType} />
                <ActiveBadge active={flow.isActive} className="sm:w-20 sm:justify-center" />
              </div>
            </li>
          ))}
        </ul>
        <LoadMore
          hasMore={list.hasMore}
          loading={list.loadingMore}
          failed={list.loadMoreFailed}
          onLoad={list.loadMore}
          className="border-t border-slate-100 py-4"
        />
      </div>
    );

  return (
    <section aria-label={F.title}>
      {list.state === 'ready' && (
        <div className="mb-3 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-500">{F.companyFlowsCount(list.total)}</p>
          {createButton}
        </div>
      )}
      {body}
      <CreateFlowDialog open={creating} onClose={() => setCreating(false)} defaultCompanyId={companyId} />
    </section>
  );
}

/** How many flows a company has (the tab's count); null while unknown. */
export function useFlowCount(companyId: number): number | null {
  const count = trpc.flows.list.useQuery({ companyId, limit: 1 });
  return count.data?.total ?? null;
}
