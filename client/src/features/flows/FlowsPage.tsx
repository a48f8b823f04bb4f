import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowRight, Building2, Eye, ListOrdered, Pencil, Plus, Workflow } from 'lucide-react';
import { FLOW_TYPES, LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { flowListInput } from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ListFilters } from '../../lists/ListFilters';
import { FilterChips, FilterSelect, ListToolbar, SearchBox, ViewToggle } from '../../lists/ListToolbar';
import { ListResults } from '../../lists/ListResults';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters } from '../../lists/useListParams';
import { Button, buttonClass } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { CreateFlowDialog } from './CreateFlowDialog';
import { DeleteFlowDialog, FlowMenu, PublishFlowDialog, useDuplicateFlow, useUnpublishFlow } from './flowActions';
import { useLinkParam } from '../search/useLinkParam';
import { ActiveBadge, flowPath, FlowTypeBadge, FlowTypeTile, flowTypeName, type FlowRow } from './flowParts';

const F = M.flows;
const searchMaxLength = flowListInput.shape.search.unwrap().maxLength ?? undefined;
const linkClass =
  'rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** The flow's name as a link to its editor; in a card it covers the card. */
function OpenLink({ flow, stretched }: { flow: FlowRow; stretched?: boolean }) {
  return (
    <Link
      to={flowPath(flow)}
      title={flow.name}
      className={
        stretched
          ? 'block w-full truncate rounded-sm text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500'
          : 'block max-w-full truncate rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none'
      }
    >
      {flow.name}
    </Link>
  );
}

function CompanyName({ flow, className }: { flow: FlowRow; className?: string }) {
  if (!flow.companyOfFlow) return <span className={cn('text-slate-500', className)}>{F.noCompany}</span>;
  return (
    <Link
      to={`/hub/companies/${flow.companyOfFlow.id}`}
      title={flow.companyOfFlow.name}
      className={cn('relative z-10 block truncate', linkClass, className)}
    >
      {flow.companyOfFlow.name}
    </Link>
  );
}

type ActionsProps = {
  flow: FlowRow;
  onPublish: () => void;
  onUnpublish: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  duplicating: boolean;
  busy: boolean;
};

/** View and Edit (both open the editor, spec §2.8) and the ⋯ menu. */
function RowActions({ flow, ...actions }: ActionsProps) {
  return (
    <div className="relative z-10 flex items-center justify-end gap-1">
      <Link
        to={flowPath(flow)}
        className={buttonClass('ghost', 'sm')}
        aria-label={F.viewFlow(flow.name)}
        title={F.viewFlow(flow.name)}
      >
        <Eye className="size-4" aria-hidden /> <span className="hidden xl:inline">{F.view}</span>
      </Link>
      <Link
        to={flowPath(flow)}
        className={buttonClass('ghost', 'sm')}
        aria-label={F.editFlow(flow.name)}
        title={F.editFlow(flow.name)}
      >
        <Pencil className="size-4" aria-hidden /> <span className="hidden xl:inline">{F.edit}</span>
      </Link>
      <FlowMenu flow={flow} {...actions} />
    </div>
  );
}

function FlowCard({ flow, ...actions }: ActionsProps) {
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      <div className="flex items-start justify-between gap-2">
        <FlowTypeBadge type={flow.workflowType} />
        <div className="relative z-10 -mt-1 -mr-2">
          <FlowMenu flow={flow} {...actions} />
        </div>
      </div>
      <h2 className="mt-3 text-base font-semibold text-slate-900">
        <OpenLink flow={flow} stretched />
      </h2>
      <p className="flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
        <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
        <CompanyName flow={flow} className="min-w-0" />
      </p>
      <p className="mt-2 line-clamp-2 min-h-10 text-sm text-slate-600">{flow.description}</p>
      <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-100 pt-3">
        <span className="inline-flex items-center gap-1.5 text-xs text-slate-500">
          <ListOrdered className="size-3.5 text-slate-400" aria-hidden /> {F.stepsCount(flow.stepCount)}
        </span>
        <ActiveBadge active={flow.isActive} />
      </div>
      <span className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-700" aria-hidden>
        {F.edit} <ArrowRight className="size-4" />
      </span>
    </li>
  );
}

export default function FlowsPage() {
  useDocumentTitle(F.title);
  const filters = useListFilters(flowListInput, {
    search: 'search',
    filters: ['companyId', 'workflowType', 'isActive'],
    defaultView: 'list',
  });
  const list = useInfiniteList(trpc.flows.list, { limit: LIMITS.pageSize, withOverall: true, ...filters.values });
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // ?new=1 (the search palette's quick actions) opens the create dialog.
  useLinkParam('new', () => setCreating(true));
  const [toDelete, setToDelete] = useState<FlowRow | null>(null);
  const { duplicate, pendingId } = useDuplicateFlow();
  const [toPublish, setToPublish] = useState<FlowRow | null>(null);
  const { unpublish, pendingId: unpublishingId } = useUnpublishFlow();

  const filteredCompanyId = filters.values.companyId ?? null;
  const filteredCompany = useCompanyName(filteredCompanyId);
  const companyChip = filteredCompany.name ?? (filteredCompany.missing ? M.contacts.unknownCompany : '…');

  const createButton = (
    <Button onClick={() => setCreating(true)}>
      <Plus className="size-4" aria-hidden /> {F.create}
    </Button>
  );
  const actionsOf = (flow: FlowRow) => ({
    onPublish: () => setToPublish(flow),
    onUnpublish: () => unpublish(flow),
    onDuplicate: () => duplicate(flow),
    onDelete: () => setToDelete(flow),
    duplicating: pendingId === flow.id,
    busy: unpublishingId === flow.id,
  });

  const [colFlow, colCompany, colType, colSteps, colStatus, colActions] = F.columns;
  const columns: Column<FlowRow>[] = [
    {
      header: colFlow,
      cell: (flow) => (
        <div className="flex max-w-96 min-w-56 items-center gap-3">
          <FlowTypeTile type={flow.workflowType} />
          <div className="min-w-0">
            <OpenLink flow={flow} />
            <p className="truncate text-xs text-slate-500" title={flow.description}>
              {flow.description}
            </p>
            {/* Phones see the first column only (the table scrolls sideways): the type travels with the name. */}
            <FlowTypeBadge type={flow.workflowType} className="mt-1 sm:hidden" />
          </div>
        </div>
      ),
    },
    { header: colCompany, className: 'max-w-52', cell: (flow) => <CompanyName flow={flow} /> },
    { header: colType, cell: (flow) => <FlowTypeBadge type={flow.workflowType} /> },
    { header: colSteps, className: 'tabular-nums', cell: (flow) => F.stepsCount(flow.stepCount) },
    { header: colStatus, cell: (flow) => <ActiveBadge active={flow.isActive} /> },
    {
      header: colActions,
      className: 'text-right',
      srOnlyHeader: true,
      cell: (flow) => <RowActions flow={flow} {...actionsOf(flow)} />,
    },
  ];

  const chipValue = (key: string, value: string) =>
    key === 'workflowType'
      ? flowTypeName(value)
      : key === 'isActive'
        ? value === 'true'
          ? F.active
          : F.inactive
        : key === 'companyId'
          ? companyChip
          : value;

  return (
    <>
      <PageHeader
        title={F.title}
        subtitle={F.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            {createButton}
          </>
        }
      />
      <ListToolbar>
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={F.searchPlaceholder}
          label={F.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <CompanyPicker
            label={M.projects.filterCompany}
            className="md:w-56"
            value={filters.valueFor('companyId')}
            selectedName={filteredCompany.name}
            onChange={(value) => filters.set('companyId', value)}
            fixedOptions={[{ value: '', label: M.projects.allCompanies }]}
          />
          <FilterSelect
            label={F.filterType}
            value={filters.valueFor('workflowType')}
            onChange={(v) => filters.set('workflowType', v)}
            options={[
              { value: '', label: F.allTypes },
              ...FLOW_TYPES.map((t) => ({ value: t, label: flowTypeName(t) })),
            ]}
          />
          <FilterSelect
            label={F.filterStatus}
            value={filters.valueFor('isActive')}
            onChange={(v) => filters.set('isActive', v)}
            options={[
              { value: '', label: F.allStatus },
              { value: 'true', label: F.active },
              { value: 'false', label: F.inactive },
            ]}
          />
        </ListFilters>
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: F.filterNames[key],
          value: chipValue(key, value),
        }))}
        onRemove={(key) => filters.remove(key as 'search' | 'companyId' | 'workflowType' | 'isActive')}
        onClearAll={filters.clearAll}
      />
      <ListResults
        list={list}
        view={filters.view}
        count={F.showing}
        rowKey={(flow) => flow.id}
        onOpen={(flow) => navigate(flowPath(flow))}
        skeletons={5}
        empty={{ icon: <Workflow className="size-10" />, title: F.emptyTitle, text: F.emptyText, action: createButton }}
        noMatch={{ title: F.noMatchTitle, text: F.noMatchText, onClear: filters.clearAll }}
        table={{ caption: F.title, columns }}
        card={(flow) => <FlowCard flow={flow} {...actionsOf(flow)} />}
      />
      <CreateFlowDialog open={creating} onClose={() => setCreating(false)} defaultCompanyId={filteredCompanyId} />
      <DeleteFlowDialog flow={toDelete} onClose={() => setToDelete(null)} />
      <PublishFlowDialog flow={toPublish} onClose={() => setToPublish(null)} />
    </>
  );
}
