import { useState } from 'react';
import { Library, X } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { resourceListInput, resourceSorts } from '../../../../shared/schemas/resources';
import { RESOURCE_TYPE_FILTER_MATCHES, type ResourceTypeFilter } from '../../../../shared/status';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ListResults } from '../../lists/ListResults';
import {
  FilterChips,
  FilterSelect,
  ListToolbar,
  SearchBox,
  ViewToggle,
  type FilterOption,
  SortSelect,
} from '../../lists/ListToolbar';
import { ListFilters } from '../../lists/ListFilters';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { Button } from '../../ui/Button';
import { Alert } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { ResourceCard } from './ResourceCard';
import { ResourceDetailsDialog } from './ResourceDetailsDialog';
import { useLinkedRecord } from '../search/useLinkedRecord';
import {
  CompanyName,
  CreateResourceLink,
  formatListDate,
  ResourceIcon,
  StatusBadge,
  statusLabel,
  statusOptions,
  typeLabel,
  typeOptions,
  TypeBadge,
  VisibilityTag,
  type ResourceRow,
} from './resourceParts';

const R = M.resources;
const searchMaxLength = resourceListInput.shape.search.unwrap().maxLength ?? undefined;

type FilterKey = 'search' | 'type' | 'status' | 'companyId';

/** The type filter's label: a stored type, or one of the route's words with the stored type it matches. */
function typeFilterLabel(value: string) {
  const stored = RESOURCE_TYPE_FILTER_MATCHES[value as ResourceTypeFilter]?.[0];
  return stored && stored !== value ? R.typeFilterLabel(typeLabel(value), typeLabel(stored)) : typeLabel(value);
}

export default function ResourcesPage() {
  useDocumentTitle(R.title);
  // Grid is the default view of resources (spec §9).
  const filters = useListFilters(resourceListInput, { search: 'search', ...LIST_PARAMS.resource });
  const sort = useListSort(resourceSorts);
  const list = useInfiniteList(trpc.resources.list, {
    limit: LIMITS.pageSize,
    withOverall: true,
    ...filters.values,
    ...sort.input,
  });
  const [open, setOpen] = useState<ResourceRow | null>(null);
  // ?resource={id} (search, notifications, the activity log) opens that resource.
  const utils = trpc.useUtils();
  useLinkedRecord('resource', (id) => utils.resources.get.fetch({ id }), setOpen);

  const companyId = filters.values.companyId ?? null;
  const company = useCompanyName(companyId);
  const type = filters.valueFor('type');

  const chipValue = (key: FilterKey, value: string) => {
    if (key === 'type') return typeFilterLabel(value);
    if (key === 'status') return statusLabel(value);
    if (key === 'companyId') return company.name ?? (company.missing ? R.unknownCompany : '…');
    return value;
  };

  const [colResource, colType, colStatus, colCompany, colDetails, colVisibility, colCreated] = R.columns;
  const columns: Column<ResourceRow>[] = [
    {
      header: colResource,
      sort: 'title',
      cell: (r) => (
        <div className="flex max-w-96 min-w-56 items-center gap-3">
          <ResourceIcon type={r.type} />
          <div className="min-w-0">
            <button
              type="button"
              onClick={() => setOpen(r)}
              title={r.title}
              className="block max-w-full truncate rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {r.title}
            </button>
            <p className="truncate text-xs text-slate-500" title={r.description}>
              {r.description}
            </p>
          </div>
        </div>
      ),
    },
    { header: colType, cell: (r) => <TypeBadge type={r.type} /> },
    { header: colStatus, cell: (r) => <StatusBadge status={r.status} /> },
    { header: colCompany, className: 'max-w-52', cell: (r) => <CompanyName resource={r} /> },
    {
      header: colDetails,
      className: 'tabular-nums',
      cell: (r) => <span className={r.details.length ? '' : 'text-slate-500'}>{R.detailCount(r.details.length)}</span>,
    },
    { header: colVisibility, cell: (r) => <VisibilityTag visible={r.visibleToClient} /> },
    { header: colCreated, sort: 'created', className: 'tabular-nums', cell: (r) => formatListDate(r.createdAt) },
  ];

  const typeChoices: FilterOption[] = [{ value: '', label: R.allTypes }, ...typeOptions];
  // A route word (template, guideline) stays choosable while it is the filter.
  if (type && !typeOptions.some((o) => o.value === type))
    typeChoices.push({ value: type, label: typeFilterLabel(type) });

  return (
    <>
      <PageHeader
        title={R.title}
        subtitle={R.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            <CreateResourceLink companyId={companyId} />
          </>
        }
      />
      <ListToolbar views="resource">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={R.searchPlaceholder}
          label={R.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <FilterSelect
            label={R.filterType}
            value={type}
            onChange={(value) => filters.set('type', value)}
            options={typeChoices}
          />
          <FilterSelect
            label={R.filterStatus}
            value={filters.valueFor('status')}
            onChange={(value) => filters.set('status', value)}
            options={[{ value: '', label: R.allStatuses }, ...statusOptions]}
          />
          <CompanyPicker
            label={R.filterCompany}
            className="md:w-56"
            value={filters.valueFor('companyId')}
            selectedName={company.name}
            onChange={(value) => filters.set('companyId', value)}
            fixedOptions={[{ value: '', label: R.allCompanies }]}
          />
          {filters.active.length > 0 && (
            <Button variant="ghost" onClick={filters.clearAll} className="shrink-0">
              <X className="size-4" aria-hidden /> {M.common.clear}
            </Button>
          )}
        </ListFilters>
        <SortSelect sorts={resourceSorts} sort={sort} view={filters.view} columns={columns} />
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: R.filterNames[key],
          value: chipValue(key as FilterKey, value),
        }))}
        onRemove={(key) => filters.remove(key as FilterKey)}
        onClearAll={filters.clearAll}
      />
      {list.state === 'error' ? (
        <Alert>
          {R.fetchFailed}.{' '}
          <button
            type="button"
            className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
            onClick={list.retry}
          >
            {M.common.retry}
          </button>
        </Alert>
      ) : (
        <ListResults
          list={list}
          view={filters.view}
          count={R.showing}
          rowKey={(r) => r.id}
          onOpen={setOpen}
          skeletons={6}
          empty={{
            icon: <Library className="size-10" />,
            title: R.emptyTitle,
            text: R.emptyText,
            action: <CreateResourceLink />,
          }}
          noMatch={{ title: R.noMatchTitle, text: R.noMatchText, onClear: filters.clearAll }}
          table={{ caption: R.title, columns, sort }}
          card={(r) => <ResourceCard resource={r} onOpen={() => setOpen(r)} />}
        />
      )}
      <ResourceDetailsDialog resource={open} onClose={() => setOpen(null)} />
    </>
  );
}
