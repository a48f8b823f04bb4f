import { useId, useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  format,
  formatDuration,
  intervalToDuration,
  parseISO,
  startOfMonth,
  startOfYear,
  subDays,
  subMonths,
  type Duration,
} from 'date-fns';
import { Download } from 'lucide-react';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { M } from '../../../../shared/messages';
import {
  REPORT_FIRST_DAY,
  REPORT_LAST_DAY,
  reportRange,
  reportRangeProblem,
  type ReportsOverview,
} from '../../../../shared/schemas/reports';
import { FilterChips, ListToolbar } from '../../lists/ListToolbar';
import { cn } from '../../lib/cn';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { buttonClass } from '../../ui/Button';
import { statusLabel } from '../../ui/Badge';
import { useMoney } from '../../lib/useMoney';
import { projectStatusName } from '../projects/projectParts';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { controlClass } from '../../ui/Field';
import { PageHeader } from '../../ui/PageHeader';
import { CompanyPicker, useCompanyName } from '../contacts/CompanyPicker';
import { downloadCsv, toCsv, type CsvCell } from './csv';
import { formatDate } from '../../../../shared/dates';

const R = M.reports;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const idOf = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : undefined);
const dayOf = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(parseISO(value).getTime()) ? value : undefined;
const ymd = (date: Date) => format(date, 'yyyy-MM-dd');
const outOfRange = (day: string | undefined) => !!day && (day < REPORT_FIRST_DAY || day > REPORT_LAST_DAY);

/** Presets: the viewer's own today. */
function presets(now = new Date()) {
  return [
    { label: R.presets.last30, from: ymd(subDays(now, 29)), to: ymd(now) },
    { label: R.presets.last12, from: ymd(startOfMonth(subMonths(now, 11))), to: ymd(now) },
    { label: R.presets.thisYear, from: ymd(startOfYear(now)), to: ymd(now) },
  ];
}

const FILTER_KEYS = ['from', 'to', 'companyId'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

function useReportFilters() {
  const [params, setParams] = useSearchParams();
  const raw = {
    from: dayOf(params.get('from')),
    to: dayOf(params.get('to')),
    companyId: idOf(params.get('companyId')),
  };
  const input = useMemo(
    () => ({
      ...(raw.from ? { from: raw.from } : {}),
      ...(raw.to ? { to: raw.to } : {}),
      ...(raw.companyId ? { companyId: raw.companyId } : {}),
    }),
    [raw.from, raw.to, raw.companyId],
  );
  const set = (values: Partial<Record<FilterKey, string>>) =>
    setParams(
      (p) => {
        for (const [key, value] of Object.entries(values)) {
          if (value) p.set(key, value);
          else p.delete(key);
        }
        return p;
      },
      { preventScrollReset: true, replace: true },
    );
  const clearAll = () => setParams(new URLSearchParams(), { preventScrollReset: true });
  return { raw, input, set, clearAll };
}

// ---------------------------------------------------------------- formatting

const monthLabel = (month: string) => format(parseISO(`${month}-01`), 'MMM yyyy');
const monthShort = (month: string) => format(parseISO(`${month}-01`), 'MMM');
const weekLabel = (week: string) => format(parseISO(week), 'MMM d');
const hours = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
const percent = (rate: number) => `${Math.round(rate * 100)}%`;
const noCompany = M.contacts.unknownCompany;

/** A wait's two largest units, with date-fns: "1 day 3 hours", "45 minutes"; under a minute in words. */
const UNITS = ['years', 'months', 'days', 'hours', 'minutes'] as const;
function largestUnits(seconds: number): Duration {
  const parts = intervalToDuration({ start: 0, end: Math.round(seconds) * 1000 });
  const first = UNITS.findIndex((u) => parts[u]);
  if (first < 0) return {};
  return Object.fromEntries(UNITS.slice(first, first + 2).map((u) => [u, parts[u] ?? 0]));
}
const waitLong = (seconds: number) =>
  formatDuration(largestUnits(seconds), { format: [...UNITS] }) || R.cards.underAMinute;
/** The same, short, for the bars' labels: "1d 3h". */
const waitShort = (seconds: number) => {
  const parts = largestUnits(seconds);
  return (
    UNITS.filter((u) => parts[u])
      .map((u) => `${parts[u]}${R.cards.unitShort[u]}`)
      .join(' ') || R.cards.underAMinuteShort
  );
};

// ---------------------------------------------------------------- charts

/** Two fills told apart by shape too: solid, and diagonal hatching (for the second series of a pair). */
const SERIES = [
  { fill: '#4f46e5', name: 'solid' },
  { fill: 'url(#report-hatch)', name: 'hatched' },
] as const;

function ChartDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden focusable="false">
      <defs>
        <pattern id="report-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" fill="#ccfbf1" />
          <line x1="0" y1="0" x2="0" y2="6" stroke="#0f766e" strokeWidth="3" />
        </pattern>
      </defs>
    </svg>
  );
}

type Series = { key: string; label: string };

/** A bar chart with its values written on the bars (never colour alone); one or two series. */
function Bars({
  data,
  category,
  series,
  vertical,
  format: fmt = String,
  labels = true,
}: {
  data: Record<string, unknown>[];
  category: string;
  series: Series[];
  vertical?: boolean;
  format?: (n: number) => string;
  labels?: boolean;
}) {
  const height = vertical ? Math.max(140, data.length * (series.length > 1 ? 44 : 32) + 30) : 230;
  // Values on the bars; with many bars, on the non-zero ones only (the table has every value).
  const shown = data.reduce((n, row) => n + series.filter((s) => Number(row[s.key])).length, 0);
  const showLabels = labels && shown <= 36;
  return (
    <div aria-hidden className="w-full min-w-0">
      <ResponsiveContainer width="100%" height={height}>
        <BarChart
          data={data}
          layout={vertical ? 'vertical' : 'horizontal'}
          // The chart is a picture of the table beside it: hidden from assistive technology, so nothing in it takes focus.
          accessibilityLayer={false}
          margin={{ top: 18, right: vertical ? 44 : 8, bottom: 0, left: 0 }}
          barGap={2}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" vertical={!!vertical} horizontal={!vertical} />
          {vertical ? (
            <>
              <XAxis
                type="number"
                allowDecimals={false}
                tick={{ fontSize: 12, fill: '#64748b' }}
                axisLine={false}
                tickLine={false}
              />
              <YAxis
                type="category"
                dataKey={category}
                width={110}
                tick={{ fontSize: 12, fill: '#334155' }}
                axisLine={false}
                tickLine={false}
              />
            </>
          ) : (
            <>
              <XAxis
                dataKey={category}
                tick={{ fontSize: 11, fill: '#64748b' }}
                axisLine={false}
                tickLine={false}
                interval="preserveStartEnd"
                minTickGap={8}
              />
              <YAxis
                allowDecimals={false}
                width={36}
                tick={{ fontSize: 12, fill: '#64748b' }}
                axisLine={false}
                tickLine={false}
              />
            </>
          )}
          <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(value) => fmt(Number(value))} />
          {series.map((s, i) => (
            <Bar
              key={s.key}
              dataKey={s.key}
              name={s.label}
              fill={SERIES[i % 2].fill}
              stroke={i % 2 ? '#0f766e' : undefined}
              radius={vertical ? [0, 3, 3, 0] : [3, 3, 0, 0]}
              isAnimationActive={false}
            >
              {showLabels && (
                <LabelList
                  dataKey={s.key}
                  position={vertical ? 'right' : 'top'}
                  fontSize={11}
                  fill="#334155"
                  formatter={(v: unknown) => (Number(v) ? fmt(Number(v)) : '')}
                />
              )}
            </Bar>
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

/** The chart's key: swatch (solid / hatched) and name. */
function Key({ series }: { series: Series[] }) {
  if (series.length < 2) return null;
  return (
    <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-hidden>
      {series.map((s, i) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <svg width="12" height="12" className="rounded-sm" aria-hidden="true">
            <rect width="12" height="12" fill={SERIES[i % 2].fill} stroke={i % 2 ? '#0f766e' : 'none'} />
          </svg>
          {s.label}
        </li>
      ))}
    </ul>
  );
}

// ---------------------------------------------------------------- a report card

type Column<T> = { label: string; value: (row: T) => CsvCell; show?: (row: T) => ReactNode; numeric?: boolean };

function ReportCard<T>({
  title,
  description,
  rows,
  columns,
  chart,
  empty,
  filename,
  wide,
}: {
  title: string;
  description: string;
  rows: T[];
  columns: Column<T>[];
  chart: ReactNode;
  /** Shown instead of chart and table when nothing was counted. */
  empty: string | null;
  filename: string;
  wide?: boolean;
}) {
  const id = useId();
  const onDownload = () =>
    downloadCsv(
      `${filename}.csv`,
      toCsv(
        columns.map((c) => c.label),
        rows.map((r) => columns.map((c) => c.value(r))),
      ),
    );
  return (
    <section
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      className={cn(
        'flex min-w-0 flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-5',
        wide && 'xl:col-span-2',
      )}
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id={`${id}-t`} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          <p id={`${id}-d`} className="mt-0.5 text-sm text-slate-500">
            {description}
          </p>
        </div>
        <button
          type="button"
          onClick={onDownload}
          disabled={rows.length === 0}
          className={buttonClass('secondary', 'sm', 'shrink-0')}
          aria-label={`${R.downloadCsv}: ${title}`}
        >
          <Download className="size-4" aria-hidden /> <span className="hidden sm:inline">{R.downloadCsv}</span>
          <span className="sm:hidden">CSV</span>
        </button>
      </div>
      {empty !== null ? (
        <p className="flex flex-1 items-center justify-center rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">
          {empty}
        </p>
      ) : (
        <div className={cn('grid min-w-0 gap-4', wide && 'xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]')}>
          <figure className="min-w-0">
            <figcaption className="sr-only">{`${title}. ${description}`}</figcaption>
            {chart}
          </figure>
          {/* A scroll box keyboard users can reach and scroll (it holds no control of its own). */}
          <div
            role="region"
            aria-labelledby={`${id}-t`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
            tabIndex={0}
            className="max-h-80 min-w-0 overflow-auto rounded-lg border border-slate-200 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="sticky top-0 bg-slate-50 text-left text-xs font-medium text-slate-500">
                <tr>
                  {columns.map((c) => (
                    <th
                      key={c.label}
                      scope="col"
                      className={cn('px-3 py-2 whitespace-nowrap', c.numeric && 'text-right')}
                    >
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r, i) => (
                  <tr key={i}>
                    {columns.map((c, j) =>
                      j === 0 ? (
                        <th key={c.label} scope="row" className="px-3 py-1.5 text-left font-normal text-slate-700">
                          {c.show ? c.show(r) : c.value(r)}
                        </th>
                      ) : (
                        <td
                          key={c.label}
                          className={cn('px-3 py-1.5 text-slate-700', c.numeric && 'text-right tabular-nums')}
                        >
                          {c.show ? c.show(r) : c.value(r)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

// ---------------------------------------------------------------- the page

export default function ReportsPage() {
  useDocumentTitle(R.title);
  const filters = useReportFilters();
  const { raw } = filters;
  // The server's rules, checked here first (the same functions): a day out of 1900–2200 or a range over 5 years is
  // not asked for; a 400 the server answers anyway (its today differs) is shown at the fields too.
  const badDay = { from: outOfRange(raw.from), to: outOfRange(raw.to) };
  const localProblem = badDay.from || badDay.to ? R.dateOutOfRange : reportRangeProblem(reportRange(filters.input));
  const query = trpc.reports.overview.useQuery(filters.input, {
    placeholderData: (previous) => previous,
    retry: false,
    enabled: !localProblem,
  });
  const rangeError =
    localProblem ?? (query.isError && errorCode(query.error) === 'BAD_REQUEST' ? query.error.message : null);
  const rangeErrorId = useId();
  const company = useCompanyName(raw.companyId ?? null);
  const range = query.data?.range;
  const dayLabel = (day: string) => formatDate(day);

  const chips = [
    ...(raw.from ? [{ key: 'from', name: R.from, value: dayLabel(raw.from) }] : []),
    ...(raw.to ? [{ key: 'to', name: R.to, value: dayLabel(raw.to) }] : []),
    ...(raw.companyId
      ? [{ key: 'companyId', name: R.company, value: company.name ?? (company.missing ? noCompany : '…') }]
      : []),
  ];
  const current = presets().find((p) => p.from === (raw.from ?? range?.from) && p.to === (raw.to ?? range?.to));

  const dateField = (key: 'from' | 'to', label: string) => {
    // A day out of bounds marks its own field; a range too long or reversed marks both.
    const invalid = !!rangeError && (badDay.from || badDay.to ? badDay[key] : true);
    return (
      <label className="flex min-w-0 items-center gap-2 text-sm text-slate-500">
        <span className="w-10 shrink-0 sm:w-auto">{label}</span>
        <input
          type="date"
          value={raw[key] ?? range?.[key] ?? ''}
          max={key === 'from' ? (raw.to ?? range?.to ?? REPORT_LAST_DAY) : REPORT_LAST_DAY}
          min={key === 'to' ? (raw.from ?? range?.from ?? REPORT_FIRST_DAY) : REPORT_FIRST_DAY}
          onChange={(e) => filters.set({ [key]: e.target.value })}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? rangeErrorId : undefined}
          className={cn(controlClass(invalid), 'min-w-0 sm:w-40')}
        />
      </label>
    );
  };

  return (
    <>
      <ChartDefs />
      <PageHeader title={R.title} subtitle={R.subtitle} />
      <ListToolbar>
        <CompanyPicker
          label={R.company}
          className="md:w-56"
          value={raw.companyId ? String(raw.companyId) : ''}
          selectedName={company.name}
          onChange={(v) => filters.set({ companyId: v })}
          fixedOptions={[{ value: '', label: R.allCompanies }]}
        />
        <div className="flex flex-wrap gap-1" role="group" aria-label={R.presetsLabel}>
          {presets().map((p) => (
            <button
              key={p.label}
              type="button"
              aria-pressed={current?.label === p.label}
              onClick={() => filters.set({ from: p.from, to: p.to })}
              className={cn(
                buttonClass('secondary', 'sm'),
                current?.label === p.label && 'border-indigo-300 bg-indigo-50 text-indigo-700',
              )}
            >
              {p.label}
            </button>
          ))}
        </div>
        <div className="min-w-0 md:ml-auto">
          <div className="flex flex-col gap-3 sm:flex-row">
            {dateField('from', R.from)}
            {dateField('to', R.to)}
          </div>
          {rangeError && (
            <p id={rangeErrorId} role="alert" className="mt-1.5 text-xs font-medium text-red-600 sm:max-w-[26rem]">
              {rangeError}
            </p>
          )}
        </div>
      </ListToolbar>
      <FilterChips
        chips={chips}
        onRemove={(key) => filters.set(key === 'from' || key === 'to' ? { from: '', to: '' } : { [key]: '' })}
        onClearAll={filters.clearAll}
      />
      {rangeError ? (
        <p className="rounded-lg border border-dashed border-slate-200 px-4 py-10 text-center text-sm text-slate-500">
          {rangeError}
        </p>
      ) : query.isError && !query.data ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">{query.error.message}</p>
          <LoadFailed onRetry={() => query.refetch()} />
        </div>
      ) : !query.data ? (
        <ReportsSkeleton />
      ) : (
        <div
          aria-busy={query.isFetching}
          className={cn('grid gap-4 transition-opacity xl:grid-cols-2', query.isFetching && 'opacity-60')}
        >
          {query.isError && <LoadFailed onRetry={() => query.refetch()} />}
          <Reports data={query.data} />
        </div>
      )}
    </>
  );
}

function ReportsSkeleton() {
  return (
    <div className="grid gap-4 xl:grid-cols-2" role="status" aria-label={M.common.loading}>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="mt-2 h-4 w-72 max-w-full" />
          <Skeleton className="mt-5 h-44 w-full" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="mt-2 h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

const sum = (rows: Record<string, unknown>[], ...keys: string[]) =>
  rows.reduce((n, r) => n + keys.reduce((m, k) => m + Number(r[k] ?? 0), 0), 0);

function Reports({ data }: { data: ReportsOverview }) {
  const T = R.cards;
  const { format: formatMoney } = useMoney();
  const money = (cents: number) => formatMoney(cents / 100);
  const perMonth = data.projectsPerMonth.map((m) => ({ ...m, label: monthShort(m.month) }));
  const perWeek = data.tasksCompletedPerWeek.map((w) => ({ ...w, label: weekLabel(w.week) }));
  const files = data.filesPerMonth.map((m) => ({ ...m, label: monthShort(m.month) }));
  const statusRows = data.projectsByStatus.map((s) => ({ ...s, label: projectStatusName(s.status) }));
  const clientRows = data.clientsByStatus.map((s) => ({ ...s, label: statusLabel(s.status) }));
  const overdue = data.overdueTasksByPriority.map((p) => ({ ...p, label: statusLabel(p.priority) }));
  const byCompany = data.hoursByCompany.map((c) => ({ ...c, label: c.name ?? noCompany }));
  const byProject = data.hoursByProject.map((p) => ({ ...p, label: p.name }));
  const flows = data.flows.map((f) => ({ ...f, label: f.name }));
  // Charted in hours (the axis), labelled as durations.
  const replies = data.replyTimesByCompany.map((c) => ({
    ...c,
    label: c.name,
    hours: c.medianSeconds === null ? 0 : c.medianSeconds / 3600,
  }));
  const hoursSeries = [
    { key: 'estimated', label: T.estimated },
    { key: 'worked', label: T.worked },
  ];

  return (
    <>
      <ReportCard
        title={T.projectsByStatus}
        description={T.projectsByStatusText}
        rows={statusRows}
        empty={statusRows.length ? null : T.noProjects}
        filename="projects-by-status"
        columns={[
          { label: T.status, value: (r) => r.label },
          { label: T.projects, value: (r) => r.count, numeric: true },
        ]}
        chart={<Bars data={statusRows} category="label" series={[{ key: 'count', label: T.projects }]} vertical />}
      />
      <ReportCard
        title={T.projectsPerMonth}
        description={T.projectsPerMonthText}
        rows={perMonth}
        empty={sum(perMonth, 'started', 'completed') ? null : T.noProjects}
        filename="projects-per-month"
        columns={[
          { label: T.month, value: (r) => r.month, show: (r) => monthLabel(r.month) },
          { label: T.started, value: (r) => r.started, numeric: true },
          { label: T.completed, value: (r) => r.completed, numeric: true },
        ]}
        chart={
          <>
            <Key
              series={[
                { key: 'started', label: T.started },
                { key: 'completed', label: T.completed },
              ]}
            />
            <Bars
              data={perMonth}
              category="label"
              series={[
                { key: 'started', label: T.started },
                { key: 'completed', label: T.completed },
              ]}
            />
          </>
        }
      />
      <ReportCard
        title={T.tasksPerWeek}
        description={T.tasksPerWeekText}
        rows={perWeek}
        empty={sum(perWeek, 'count') ? null : T.noTasks}
        filename="tasks-completed-per-week"
        columns={[
          { label: T.weekOf, value: (r) => r.week, show: (r) => formatDate(r.week) },
          { label: T.completedTasks, value: (r) => r.count, numeric: true },
        ]}
        chart={<Bars data={perWeek} category="label" series={[{ key: 'count', label: T.completedTasks }]} />}
      />
      <ReportCard
        title={T.overdue}
        description={T.overdueText}
        rows={overdue}
        empty={sum(overdue, 'count') ? null : T.noOverdue}
        filename="overdue-tasks"
        columns={[
          { label: T.priority, value: (r) => r.label },
          { label: T.overdueTasks, value: (r) => r.count, numeric: true },
        ]}
        chart={<Bars data={overdue} category="label" series={[{ key: 'count', label: T.overdueTasks }]} vertical />}
      />
      <ReportCard
        wide
        title={T.hoursByCompany}
        description={T.hoursByCompanyText}
        rows={byCompany}
        empty={byCompany.length ? null : T.noProjects}
        filename="hours-by-company"
        columns={[
          { label: T.company, value: (r) => r.label },
          { label: T.projects, value: (r) => r.projects, numeric: true },
          { label: T.estimated, value: (r) => r.estimated, show: (r) => hours(r.estimated), numeric: true },
          { label: T.worked, value: (r) => r.worked, show: (r) => hours(r.worked), numeric: true },
          { label: T.billed, value: (r) => r.billedCents / 100, show: (r) => money(r.billedCents), numeric: true },
        ]}
        chart={
          <>
            <Key series={hoursSeries} />
            <Bars data={byCompany} category="label" series={hoursSeries} vertical format={hours} />
          </>
        }
      />
      <ReportCard
        wide
        title={T.hoursByProject}
        description={T.hoursByProjectText}
        rows={byProject}
        empty={byProject.length ? null : T.noProjects}
        filename="hours-by-project"
        columns={[
          { label: T.project, value: (r) => r.name },
          { label: T.company, value: (r) => r.companyName ?? noCompany },
          { label: T.estimated, value: (r) => r.estimated, show: (r) => hours(r.estimated), numeric: true },
          { label: T.worked, value: (r) => r.worked, show: (r) => hours(r.worked), numeric: true },
          { label: T.billed, value: (r) => r.billedCents / 100, show: (r) => money(r.billedCents), numeric: true },
        ]}
        chart={
          <>
            <Key series={hoursSeries} />
            <Bars data={byProject} category="label" series={hoursSeries} vertical format={hours} />
          </>
        }
      />
      <ReportCard
        title={T.clientsByStatus}
        description={T.clientsByStatusText}
        rows={clientRows}
        empty={clientRows.length ? null : T.noClients}
        filename="clients-by-status"
        columns={[
          { label: T.status, value: (r) => r.label },
          { label: T.companies, value: (r) => r.count, numeric: true },
        ]}
        chart={<Bars data={clientRows} category="label" series={[{ key: 'count', label: T.companies }]} vertical />}
      />
      <ReportCard
        title={T.flows}
        description={T.flowsText}
        rows={flows}
        empty={flows.length ? null : T.noFlows}
        filename="flow-completion"
        columns={[
          { label: T.flow, value: (r) => r.name },
          { label: T.started, value: (r) => r.started, numeric: true },
          { label: T.completed, value: (r) => r.completed, numeric: true },
          { label: T.rate, value: (r) => percent(r.completionRate), numeric: true },
          {
            label: T.avgTime,
            value: (r) => r.avgHoursToComplete,
            show: (r) => (r.avgHoursToComplete === null ? '—' : `${hours(r.avgHoursToComplete)} h`),
            numeric: true,
          },
        ]}
        chart={
          <>
            <Key
              series={[
                { key: 'started', label: T.started },
                { key: 'completed', label: T.completed },
              ]}
            />
            <Bars
              data={flows}
              category="label"
              series={[
                { key: 'started', label: T.started },
                { key: 'completed', label: T.completed },
              ]}
              vertical
            />
          </>
        }
      />
      <ReportCard
        wide
        title={T.replyTimes}
        description={T.replyTimesText}
        rows={replies}
        empty={replies.length ? null : T.noReplies}
        filename="time-to-first-reply"
        columns={[
          { label: T.company, value: (r) => r.name },
          {
            label: T.medianReply,
            value: (r) => (r.medianSeconds === null ? '' : waitLong(r.medianSeconds)),
            show: (r) => (r.medianSeconds === null ? T.notYet : waitLong(r.medianSeconds)),
            numeric: true,
          },
          { label: T.answered, value: (r) => r.answered, numeric: true },
          { label: T.unanswered, value: (r) => r.unanswered, numeric: true },
        ]}
        chart={
          <Bars
            data={replies}
            category="label"
            series={[{ key: 'hours', label: T.medianReply }]}
            vertical
            format={(h) => waitShort(h * 3600)}
          />
        }
      />
      <ReportCard
        wide
        title={T.files}
        description={T.filesText}
        rows={files}
        empty={sum(files, 'uploaded', 'downloaded') ? null : T.noFiles}
        filename="file-activity"
        columns={[
          { label: T.month, value: (r) => r.month, show: (r) => monthLabel(r.month) },
          { label: T.uploaded, value: (r) => r.uploaded, numeric: true },
          { label: T.downloaded, value: (r) => r.downloaded, numeric: true },
        ]}
        chart={
          <>
            <Key
              series={[
                { key: 'uploaded', label: T.uploaded },
                { key: 'downloaded', label: T.downloaded },
              ]}
            />
            <Bars
              data={files}
              category="label"
              series={[
                { key: 'uploaded', label: T.uploaded },
                { key: 'downloaded', label: T.downloaded },
              ]}
            />
          </>
        }
      />
    </>
  );
}
