import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Building2, FolderKanban, Pencil, Plus, Users } from 'lucide-react';
import { COMPANY_STATUSES, LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { companyListInput, companySorts } from '../../../../shared/schemas/companies';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { ListFilters } from '../../lists/ListFilters';
import { FilterChips, FilterSelect, ListToolbar, SearchBox, ViewToggle, SortSelect } from '../../lists/ListToolbar';
import { ListResults } from '../../lists/ListResults';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { CompanyDialog, type CompanyRow } from './CompanyDialog';
import { useLinkParam } from '../search/useLinkParam';
import { CompanyStatusBadge, statusName, WebsiteLink } from './companyParts';
import { ImportCsvLink } from '../data/ImportCsvLink';

const searchMaxLength = companyListInput.shape.search.unwrap().maxLength ?? undefined;

const companyPath = (company: CompanyRow) => `/hub/companies/${company.id}`;

/** The company's name as a link to its page (a real link: middle-click, copy address); in a card it covers the card. */
function OpenLink({ company, stretched }: { company: CompanyRow; stretched?: boolean }) {
  return (
    <Link
      to={companyPath(company)}
      title={company.name}
      className={
        stretched
          ? 'block w-full truncate rounded-sm text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500'
          : 'block min-w-0 truncate rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none'
      }
    >
      {company.name}
    </Link>
  );
}

function CompanyCard({ company, onEdit }: { company: CompanyRow; onEdit: () => void }) {
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      <div className="flex items-start justify-between">
        <CompanyStatusBadge status={company.status} />
        <Button
          variant="ghost"
          size="sm"
          onClick={onEdit}
          aria-label={`${M.companies.edit} ${company.name}`}
          className="relative z-10 -mt-1 -mr-2"
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
      <h2 className="mt-3 text-base font-semibold text-slate-900">
        <OpenLink company={company} stretched />
      </h2>
      <p className="truncate text-sm text-slate-500">{company.industry || M.companies.noIndustry}</p>
      <div className="mt-2 min-h-5 min-w-0 text-sm">
        <WebsiteLink url={company.website} />
      </div>
      <div className="mt-4 flex gap-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 text-slate-400" aria-hidden /> {M.companies.contactsCount(company.contactCount)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <FolderKanban className="size-4 text-slate-400" aria-hidden />{' '}
          {M.companies.projectsCount(company.projectCount)}
        </span>
      </div>
    </li>
  );
}

export default function CompaniesPage() {
  useDocumentTitle(M.companies.title);
  const filters = useListFilters(companyListInput, { search: 'search', ...LIST_PARAMS.company });
  const sort = useListSort(companySorts);
  const list = useInfiniteList(trpc.companies.list, {
    limit: LIMITS.pageSize,
    withOverall: true,
    ...filters.values,
    ...sort.input,
  });
  const industries = trpc.companies.industries.useQuery();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<{ open: boolean; company: CompanyRow | null }>({ open: false, company: null });

  const openAdd = () => setDialog({ open: true, company: null });
  // ?new=1 (the search palette's quick actions) opens the create dialog.
  useLinkParam('new', openAdd);
  const openEdit = (company: CompanyRow) => setDialog({ open: true, company });
  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {M.companies.add}
    </Button>
  );

  const [colCompany, colIndustry, colStatus, colWebsite, colContacts, colProjects, colActions] = M.companies.columns;
  const columns: Column<CompanyRow>[] = [
    {
      header: colCompany,
      sort: 'name',
      cell: (c) => (
        <div className="flex max-w-72 items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Building2 className="size-4" aria-hidden />
          </span>
          <OpenLink company={c} />
        </div>
      ),
    },
    {
      header: colIndustry,
      cell: (c) => c.industry || <span className="text-slate-500">{M.companies.noIndustry}</span>,
    },
    { header: colStatus, sort: 'status', cell: (c) => <CompanyStatusBadge status={c.status} /> },
    { header: colWebsite, cell: (c) => <WebsiteLink url={c.website} />, className: 'max-w-56' },
    { header: colContacts, cell: (c) => c.contactCount, className: 'text-right tabular-nums' },
    { header: colProjects, cell: (c) => c.projectCount, className: 'text-right tabular-nums' },
    {
      header: colActions,
      className: 'text-right',
      cell: (c) => (
        <Button variant="ghost" size="sm" onClick={() => openEdit(c)} aria-label={`${M.companies.edit} ${c.name}`}>
          <Pencil className="size-4" aria-hidden /> {M.companies.edit}
        </Button>
      ),
    },
  ];

  const chipValue = (key: string, value: string) =>
    key === 'status' ? statusName(value) : key === 'archived' ? M.companies.viewArchived : value;
  const archivedView = filters.values.archived === true;

  return (
    <>
      <PageHeader
        title={M.companies.title}
        subtitle={M.companies.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            {addButton}
          </>
        }
      />
      <ListToolbar views="company">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={M.companies.searchPlaceholder}
          label={M.companies.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <FilterSelect
            label={M.companies.filterIndustry}
            value={filters.valueFor('industry')}
            onChange={(v) => filters.set('industry', v)}
            options={[
              { value: '', label: M.companies.allIndustries },
              ...(industries.data ?? []).map((i) => ({ value: i, label: i })),
            ]}
          />
          <FilterSelect
            label={M.companies.filterStatus}
            value={filters.valueFor('status')}
            onChange={(v) => filters.set('status', v)}
            options={[
              { value: '', label: M.companies.allStatus },
              ...COMPANY_STATUSES.map((s) => ({ value: s, label: statusName(s) })),
            ]}
          />
          {/* Archived companies are hidden everywhere else; this view finds them again. */}
          <FilterSelect
            label={M.companies.viewLabel}
            value={filters.valueFor('archived')}
            onChange={(v) => filters.set('archived', v)}
            options={[
              { value: '', label: M.companies.viewActive },
              { value: 'true', label: M.companies.viewArchived },
            ]}
          />
        </ListFilters>
        <SortSelect sorts={companySorts} sort={sort} view={filters.view} columns={columns} />
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: M.companies.filterNames[key],
          value: chipValue(key, value),
        }))}
        onRemove={(key) => filters.remove(key as 'search' | 'industry' | 'status' | 'archived')}
        onClearAll={filters.clearAll}
      />
      <ListResults
        list={list}
        view={filters.view}
        count={M.companies.showing}
        rowKey={(c) => c.id}
        onOpen={(c) => navigate(companyPath(c))}
        empty={
          archivedView
            ? {
                icon: <Building2 className="size-10" />,
                title: M.companies.archivedEmptyTitle,
                text: M.companies.archivedEmptyText,
              }
            : {
                icon: <Building2 className="size-10" />,
                title: M.companies.emptyTitle,
                text: M.companies.emptyText,
                action: (
                  <div className="flex flex-wrap justify-center gap-2">
                    {addButton}
                    <ImportCsvLink kind="companies" />
                  </div>
                ),
              }
        }
        noMatch={{ title: M.companies.noMatchTitle, text: M.companies.noMatchText, onClear: filters.clearAll }}
        table={{ caption: M.companies.title, columns, sort }}
        card={(c) => <CompanyCard company={c} onEdit={() => openEdit(c)} />}
      />
      <CompanyDialog
        open={dialog.open}
        company={dialog.company}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </>
  );
}
