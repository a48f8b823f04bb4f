import type { ReactNode } from 'react';
import { LayoutGrid, List, Loader2, Search, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { controlClass } from '../ui/Field';
import { M } from '../../../shared/messages';
import { SORT_KINDS, SORT_ORDERS, type ListSorts, type SortKey } from '../../../shared/schemas/common';
import type { SavedViewList } from '../../../shared/saved-views';
import { SavedViewsMenu } from './SavedViews';
import type { ListSortState, ViewMode } from './useListParams';

export type { ViewMode } from './useListParams';

/**
 * The list's toolbar. `views`: the record list whose saved views its Views menu offers (shared/saved-views.ts);
 * `rowFrom`: the width from which its controls sit in one row (the tasks list has more of them).
 */
export function ListToolbar({
  children,
  views,
  rowFrom = 'md',
}: {
  children: ReactNode;
  views?: SavedViewList;
  rowFrom?: 'md' | 'xl';
}) {
  return (
    <div
      className={cn(
        'mb-4 flex flex-col gap-3 rounded-xl bg-white p-3 shadow-xs ring-1 ring-slate-200',
        rowFrom === 'md' ? 'md:flex-row md:items-center' : 'xl:flex-row xl:items-center',
      )}
    >
      {views && <SavedViewsMenu list={views} />}
      {children}
    </div>
  );
}

type SearchBoxProps = {
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  onSubmit?: () => void;
  placeholder: string;
  label: string;
  maxLength?: number;
};

/** The list's search field. Its text lives in the caller's state, so fast typing is never overwritten. */
export function SearchBox({ value, onChange, onBlur, onSubmit, placeholder, label, maxLength }: SearchBoxProps) {
  return (
    <div className="relative min-w-0 flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        type="search"
        aria-label={label}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSubmit?.();
        }}
        placeholder={placeholder}
        autoComplete="off"
        className={cn(controlClass(), 'pl-9')}
      />
    </div>
  );
}

export type FilterOption = { value: string; label: string };

export function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: FilterOption[];
}) {
  return (
    <select
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={cn(controlClass(), 'md:w-48')}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** One button of the view toggle. */
export type ViewOption<V extends string> = { mode: V; icon: ReactNode; label: string };

export const gridView: ViewOption<'grid'> = {
  mode: 'grid',
  icon: <LayoutGrid className="size-4" aria-hidden />,
  label: M.lists.gridView,
};
export const listView: ViewOption<'list'> = {
  mode: 'list',
  icon: <List className="size-4" aria-hidden />,
  label: M.lists.listView,
};

/** Grid or list (a screen with more views, like the tasks board, passes its own `options`). */
export function ViewToggle<V extends string = ViewMode>({
  value,
  onChange,
  options = [gridView, listView] as ViewOption<V>[],
}: {
  value: V;
  onChange: (v: V) => void;
  options?: ViewOption<V>[];
}) {
  return (
    <div className="inline-flex shrink-0 gap-1 rounded-lg bg-slate-100 p-0.5" role="group" aria-label={M.lists.view}>
      {options.map(({ mode, icon, label }) => (
        <button
          key={mode}
          type="button"
          aria-pressed={value === mode}
          aria-label={label}
          title={label}
          onClick={() => onChange(mode)}
          className={cn(
            'grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            value === mode ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-500 hover:text-slate-800',
          )}
        >
          {icon}
        </button>
      ))}
    </div>
  );
}

export type FilterChip = { key: string; name: string; value: string };

/** The active search and filters, each with its own clear button, and Clear all. */
export function FilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (key: string) => void;
  onClearAll: () => void;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{M.lists.activeFilters}</h2>
      <ul className="contents">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-brand-50 py-1 pr-1 pl-3 text-sm text-brand-800 ring-1 ring-brand-200 ring-inset"
          >
            <span className="truncate">
              <span className="font-medium">{chip.name}:</span> {chip.value}
            </span>
            <button
              type="button"
              onClick={() => onRemove(chip.key)}
              aria-label={M.lists.removeFilter(chip.name, chip.value)}
              title={M.lists.removeFilter(chip.name, chip.value)}
              className="grid size-6 shrink-0 place-items-center rounded-full text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <X className="size-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClearAll}
        className="inline-flex h-8 items-center rounded-lg px-2.5 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {M.lists.clearAll}
      </button>
    </div>
  );
}

/** "Showing X of Y …", with a spinner while new filters load. */
export function ResultCount({
  children,
  busy,
  busyLabel = M.lists.updating,
}: {
  children: ReactNode;
  busy?: boolean;
  busyLabel?: string;
}) {
  return (
    <div className="mb-3 flex min-h-5 items-center gap-2 text-sm text-slate-500">
      <p aria-live="polite">{children}</p>
      {busy && (
        <span role="status" className="inline-flex items-center">
          <Loader2 className="size-4 animate-spin text-brand-600" aria-hidden />
          <span className="sr-only">{busyLabel}</span>
        </span>
      )}
    </div>
  );
}

/**
 * The sort control: every key in both directions, e.g. "Due date (soonest first)". Shown in grid view and on
 * phones; in list view on wider screens the column headers sort (`hideInList`).
 */
export function SortSelect<K extends SortKey>({
  sorts,
  sort,
  view,
  columns = [],
}: {
  sorts: ListSorts<K>;
  sort: ListSortState<K>;
  view: string;
  /** The list view's columns: on wide screens their headers sort, so the control hides when they offer every sort. */
  columns?: readonly { sort?: string }[];
}) {
  const headerSorts = new Set(columns.map((c) => c.sort));
  const headersSortAll = sorts.keys.every((key) => headerSorts.has(key));
  const options = sorts.keys.flatMap((key) =>
    SORT_ORDERS.map((order) => ({
      value: `${key}.${order}`,
      label: M.lists.sortOption(M.lists.sortNames[key], M.lists.directions[SORT_KINDS[key]][order]),
    })),
  );
  return (
    <select
      aria-label={M.lists.sortBy}
      value={`${sort.key}.${sort.order}`}
      onChange={(e) => {
        const [key, order] = e.target.value.split('.') as [K, (typeof SORT_ORDERS)[number]];
        sort.set(key, order);
      }}
      className={cn(controlClass(), 'md:w-56', view === 'list' && headersSortAll && 'md:hidden')}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
