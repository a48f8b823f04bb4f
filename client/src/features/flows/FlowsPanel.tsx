import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Globe, ListOrdered, Plus, Users, Workflow } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import type { CompanyFlowRow } from '../../../../shared/schemas/flows';
import { trpc } from '../../lib/trpc';
import { PanelResults } from '../../lists/ListResults';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CreateFlowDialog } from './CreateFlowDialog';
import { ActiveBadge, flowPath, FlowTypeBadge, FlowTypeTile } from './flowParts';

const F = M.flows;

/**
 * A company's flows (the company page's Flows tab): its own, and the flows for all companies live in its portal
 * (marked "All companies"), newest first, each with this company's progress; Create Flow for this company.
 */
export function FlowsPanel({ companyId }: { companyId: number }) {
  const list = useInfiniteList(trpc.flows.forCompany, { limit: LIMITS.pageSize, companyId });
  const [creating, setCreating] = useState(false);
  return (
    <PanelResults
      list={list}
      label={F.title}
      count={F.companyFlowsCount}
      action={
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> {F.create}
        </Button>
      }
      empty={{ icon: <Workflow className="size-10" />, title: F.companyNoFlows, text: F.companyNoFlowsText }}
      rowKey={(flow) => flow.id}
      row={(flow) => <FlowItem flow={flow} />}
    >
      <CreateFlowDialog open={creating} onClose={() => setCreating(false)} defaultCompanyId={companyId} />
    </PanelResults>
  );
}

function FlowItem({ flow }: { flow: CompanyFlowRow }) {
  const { started, completed, contacts } = flow.progress;
  return (
    <li className="relative flex flex-col gap-2 px-4 py-3 hover:bg-slate-50 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FlowTypeTile type={flow.workflowType} />
        <div className="min-w-0">
          <div className="flex min-w-0 items-center gap-2">
            <Link
              to={flowPath(flow)}
              title={flow.description || undefined}
              className="block truncate rounded-sm text-sm font-medium text-slate-900 after:absolute after:inset-0 hover:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500 focus-visible:after:ring-inset"
            >
              {flow.name}
            </Link>
            {flow.companyId === null && (
              <span title={F.forAllCompaniesTitle} className="shrink-0">
                <Badge tone="gray" className="gap-1 whitespace-nowrap">
                  <Globe className="size-3" aria-hidden /> {F.forAllCompanies}
                </Badge>
              </span>
            )}
          </div>
          <p className="truncate text-xs text-slate-500">
            <Users className="mr-1 inline size-3.5 align-[-2px] text-slate-400" aria-hidden />
            {started === 0 ? F.companyProgressNone : F.companyProgress(completed, started, contacts)}
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
  );
}

/** How many flows the company's Flows tab lists (the tab's count); null while unknown. */
export function useFlowCount(companyId: number): number | null {
  const count = trpc.flows.forCompany.useQuery({ companyId, limit: 1 });
  return count.data?.total ?? null;
}
