import { useCallback, useEffect, useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import { Building2, ExternalLink, FolderKanban, Pencil, Plus, Users } from 'lucide-react';
import { COMPANY_STATUSES, LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { Badge, statusLabel, type Tone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Alert, EmptyState } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { ClearButton, FilterSelect, ListToolbar, ResultCount, SearchBox, ViewToggle, type ViewMode } from '../../lists/ListToolbar';
import { CardGrid, DataTable, ListSkeleton, LoadMore, type Column } from '../../lists/ListViews';
import { useDebouncedValue, useListParams } from '../../lists/useListParams';
import { CompanyDialog, type CompanyRow } from './CompanyDialog';

const statusTone: Record<string, Tone> = {
  active: 'green',
  onboarding: 'blue',
  prospect: 'purple',
  paused: 'yellow',
  'at-risk': 'orange',
  canceled: 'red',
  inactive: 'gray',
};

export const CompanyStatusBadge = ({ status }: { status: string }) => <Badge tone={statusTone[status] ?? 'gray'}>{statusLabel(status)}</Badge>;

function WebsiteLink({ url }: { url: string | null }) {
  if (!url) return <span className="text-slate-400">—</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="inline-flex max-w-full items-center gap-1 truncate text-brand-700 hover:underline">
      <span className="truncate">{url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function CompanyCard({ company, onEdit }: { company: CompanyRow; onEdit: () => void }) {
  return (
    <li className="flex flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md">
      <div className="flex items-start justify-between">
        <CompanyStatusBadge status={company.status} />
        <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`${M.companies.edit} ${company.name}`}>
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
      <h2 className="mt-3 truncate text-base font-semibold text-slate-900">{company.name}</h2>
      <p className="truncate text-sm text-slate-500">{company.industry || M.companies.noIndustry}</p>
      <div className="mt-2 min-h-5 text-sm">
        <WebsiteLink url={company.website} />
      </div>
      <div className="mt-4 flex gap-4 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <Users className="size-4 text-slate-400" aria-hidden /> {M.companies.contactsCount(company.contactCount)}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <FolderKanban className="size-4 text-slate-400" aria-hidden /> {M.companies.projectsCount(company.projectCount)}
        </span>
      </div>
    </li>
  );
}

export default function CompaniesPage() {
  const params = useListParams({ search: '', industry: '', status: '', view: 'grid' });
  const { search, industry, status, view } = params.values;
  const debouncedSearch = useDebouncedValue(search.trim());
  const [dialog, setDialog] = useState<{ open: boolean; company: CompanyRow | null }>({ open: false, company: null });

  useEffect(() => {
    document.title = 'Companies — Clientflow';
  }, []);

  const industries = trpc.companies.industries.useQuery();
  const list = trpc.companies.list.useInfiniteQuery(
    {
      limit: LIMITS.pageSize,
      search: debouncedSearch || undefined,
      industry: industry || undefined,
      status: (status || undefined) as (typeof COMPANY_STATUSES)[number] | undefined,
    },
    { getNextPageParam: (last) => last.nextCursor, placeholderData: keepPreviousData },
  );
  const companies = list.data?.pages.flatMap((p) => p.items) ?? [];
  const first = list.data?.pages[0];
  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  const openAdd = () => setDialog({ open: true, company: null });
  const openEdit = (company: CompanyRow) => setDialog({ open: true, company });

  const columns: Column<CompanyRow>[] = [
    {
      header: 'Company',
      cell: (c) => (
        <div className="flex items-center gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <Building2 className="size-4" aria-hidden />
          </span>
          <span className="font-medium text-slate-900">{c.name}</span>
        </div>
      ),
    },
    { header: 'Industry', cell: (c) => c.industry || <span className="text-slate-400">{M.companies.noIndustry}</span> },
    { header: 'Status', cell: (c) => <CompanyStatusBadge status={c.status} /> },
    { header: 'Website', cell: (c) => <WebsiteLink url={c.website} />, className: 'max-w-56' },
    { header: 'Contacts', cell: (c) => c.contactCount },
    { header: 'Projects', cell: (c) => c.projectCount },
    {
      header: 'Actions',
      className: 'text-right',
      cell: (c) => (
        <Button variant="ghost" size="sm" onClick={() => openEdit(c)} aria-label={`${M.companies.edit} ${c.name}`}>
          <Pencil className="size-4" aria-hidden /> {M.companies.edit}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={M.companies.title}
        subtitle={M.companies.subtitle}
        actions={
          <>
            <ViewToggle value={view as ViewMode} onChange={(v) => params.set('view', v)} />
            <Button onClick={openAdd}>
              <Plus className="size-4" aria-hidden /> {M.companies.add}
            </Button>
          </>
        }
      />
      <ListToolbar>
        <SearchBox value={search} onChange={(v) => params.set('search', v)} placeholder={M.companies.searchPlaceholder} label="Search companies" />
        <FilterSelect
          label="Filter by industry"
          value={industry}
          onChange={(v) => params.set('industry', v)}
          options={[{ value: '', label: M.companies.allIndustries }, ...(industries.data ?? []).map((i) => ({ value: i, label: i }))]}
        />
        <FilterSelect
          label="Filter by status"
          value={status}
          onChange={(v) => params.set('status', v)}
          options={[{ value: '', label: M.companies.allStatus }, ...COMPANY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))]}
        />
        {params.active && <ClearButton onClick={params.clear} />}
      </ListToolbar>

      {list.isError ? (
        <Alert>
          {M.common.loadFailed}{' '}
          <button type="button" className="font-medium underline" onClick={() => void list.refetch()}>
            {M.common.retry}
          </button>
        </Alert>
      ) : list.isPending ? (
        <ListSkeleton view={view as ViewMode} count={6} />
      ) : (
        <>
          <ResultCount>{M.companies.showing(first?.total ?? 0, first?.overall ?? 0)}</ResultCount>
          {companies.length === 0 ? (
            first?.overall === 0 ? (
              <EmptyState
                icon={<Building2 className="size-10" />}
                title={M.companies.emptyTitle}
                text={M.companies.emptyText}
                action={
                  <Button onClick={openAdd}>
                    <Plus className="size-4" aria-hidden /> {M.companies.add}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={M.companies.noMatchTitle} text={M.companies.noMatchText} action={<ClearButton onClick={params.clear} />} />
            )
          ) : view === 'list' ? (
            <DataTable caption={M.companies.title} columns={columns} rows={companies} rowKey={(c) => c.id} />
          ) : (
            <CardGrid>
              {companies.map((c) => (
                <CompanyCard key={c.id} company={c} onEdit={() => openEdit(c)} />
              ))}
            </CardGrid>
          )}
          <LoadMore hasMore={!!list.hasNextPage} loading={list.isFetchingNextPage} onLoad={loadMore} />
        </>
      )}
      <CompanyDialog open={dialog.open} company={dialog.company} onClose={() => setDialog((d) => ({ ...d, open: false }))} />
    </>
  );
}
