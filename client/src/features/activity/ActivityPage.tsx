import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { addDays, parseISO, startOfDay } from 'date-fns';
import { Download, Lock } from 'lucide-react';
import { ACTIVITY_ENTITY_LABELS } from '../../../../shared/activity';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { FilterChips, FilterSelect, ListToolbar } from '../../lists/ListToolbar';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { buttonClass } from '../../ui/Button';
import { EmptyState } from '../../ui/Feedback';
import { controlClass } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { ActivityFeed } from './ActivityFeed';
import { isKind, kindOptions } from './kinds';
import { formatDate } from '../../../../shared/dates';

const A = M.activity;
const FILTER_KEYS = ['entityType', 'actorUserId', 'companyId', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const dayOf = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(parseISO(value).getTime()) ? value : undefined;

/** The URL's filters as the procedure takes them: days are the viewer's own (local midnight to local midnight). */
function useActivityFilters() {
  const [params, setParams] = useSearchParams();
  const raw = {
    entityType: isKind(params.get('entityType')) ? params.get('entityType')! : undefined,
    actorUserId: idOf(params.get('actorUserId')),
    companyId: idOf(params.get('companyId')),
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
  };
  const input = useMemo(
    () => ({
      ...(raw.entityType ? { entityType: raw.entityType as never } : {}),
      ...(raw.actorUserId ? { actorUserId: raw.actorUserId } : {}),
      ...(raw.companyId ? { companyId: raw.companyId } : {}),
      ...(raw.from ? { from: startOfDay(parseISO(raw.from)) } : {}),
      ...(raw.to ? { to: addDays(startOfDay(parseISO(raw.to)), 1) } : {}),
    }),
    [raw.entityType, raw.actorUserId, raw.companyId, raw.from, raw.to],
  );
  const set = (key: FilterKey, value: string) =>
    setParams(
      (p) => {
        if (value) p.set(key, value);
        else p.delete(key);
        return p;
      },
      { preventScrollReset: true },
    );
  const clearAll = () => setParams(new URLSearchParams(), { preventScrollReset: true });
  return { raw, input, set, clearAll };
}

/** The CSV download's address: the same filters, dates as exact instants. */
function csvHref(input: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(input))
    query.set(key, value instanceof Date ? value.toISOString() : String(value));
  const text = query.toString();
  return `/api/activity.csv${text ? `?${text}` : ''}`;
}

export default function ActivityPage() {
  useDocumentTitle(A.title);
  const { user } = useSession();
  const allowed = !!user && can(user.role, 'activity.viewAll');
  if (!allowed) {
    return (
      <>
        <PageHeader title={A.title} />
        <EmptyState icon={<Lock className="size-10" />} title={A.ownerOnly} />
      </>
    );
  }
  return <OwnerActivity />;
}

function OwnerActivity() {
  const filters = useActivityFilters();
  const { raw } = filters;
  const list = useInfiniteList(trpc.activity.list, { limit: LIMITS.pageSize, ...filters.input });
  const team = trpc.team.list.useQuery(undefined, { staleTime: 60_000 });
  const company = useCompanyName(raw.companyId ?? null);

  const personName = (id: number) => {
    const member = team.data?.find((m) => m.id === id);
    return member ? `${member.firstName} ${member.lastName}`.trim() : '…';
  };
  const dayLabel = (day: string) => formatDate(day);
  const chipValue: Record<FilterKey, () => string> = {
    entityType: () => ACTIVITY_ENTITY_LABELS[raw.entityType as keyof typeof ACTIVITY_ENTITY_LABELS] ?? '',
    actorUserId: () => personName(raw.actorUserId!),
    companyId: () => company.name ?? (company.missing ? M.contacts.unknownCompany : '…'),
    from: () => dayLabel(raw.from!),
    to: () => dayLabel(raw.to!),
  };
  const chips = FILTER_KEYS.filter((key) => raw[key] !== undefined).map((key) => ({
    key,
    name: A.filterNames[key],
    value: chipValue[key](),
  }));
  const filtered = chips.length > 0;

  const dateField = (key: 'from' | 'to', label: string) => (
    <label className="flex min-w-0 items-center gap-2 text-sm text-slate-500 md:w-auto">
      <span className="w-10 shrink-0 md:w-auto">{label}</span>
      <input
        type="date"
        value={raw[key] ?? ''}
        max={key === 'from' ? raw.to : undefined}
        min={key === 'to' ? raw.from : undefined}
        onChange={(e) => filters.set(key, e.target.value)}
        className={cn(controlClass(), 'min-w-0 md:w-40')}
      />
    </label>
  );

  return (
    <>
      <PageHeader
        title={A.title}
        subtitle={A.pageSubtitle}
        actions={
          <a href={csvHref(filters.input)} download className={buttonClass('secondary')}>
            <Download className="size-4" aria-hidden /> {A.downloadCsv}
          </a>
        }
      />
      <ListToolbar>
        <FilterSelect
          label={A.filterNames.entityType}
          value={raw.entityType ?? ''}
          onChange={(v) => filters.set('entityType', v)}
          options={kindOptions()}
        />
        <FilterSelect
          label={A.filterNames.actorUserId}
          value={raw.actorUserId ? String(raw.actorUserId) : ''}
          onChange={(v) => filters.set('actorUserId', v)}
          options={[
            { value: '', label: A.anyone },
            ...(team.data ?? []).map((m) => ({ value: String(m.id), label: `${m.firstName} ${m.lastName}`.trim() })),
          ]}
        />
        <CompanyPicker
          label={A.filterNames.companyId}
          className="md:w-56"
          value={raw.companyId ? String(raw.companyId) : ''}
          selectedName={company.name}
          onChange={(v) => filters.set('companyId', v)}
          fixedOptions={[{ value: '', label: A.anyCompany }]}
        />
        <div className="flex flex-col gap-3 sm:flex-row md:ml-auto">
          {dateField('from', A.fromLabel)}
          {dateField('to', A.toLabel)}
        </div>
      </ListToolbar>
      <FilterChips chips={chips} onRemove={(key) => filters.set(key as FilterKey, '')} onClearAll={filters.clearAll} />
      <ActivityFeed
        label={A.title}
        entries={list.state === 'loading' || list.state === 'error' ? undefined : list.items}
        isPending={list.state === 'loading'}
        isError={list.state === 'error'}
        onRetry={list.retry}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        loadMoreFailed={list.loadMoreFailed}
        onLoadMore={list.loadMore}
        refreshing={list.refreshing}
        empty={filtered ? { title: A.noMatchTitle, text: A.noMatchText } : { title: A.emptyTitle, text: A.emptyAgency }}
      />
    </>
  );
}
