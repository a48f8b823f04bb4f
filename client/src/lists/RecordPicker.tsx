import { useEffect, useState, type ReactNode } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { Check, ChevronsUpDown, Loader2 } from 'lucide-react';
import { M } from '../../../shared/messages';
import { cn } from '../lib/cn';
import { controlClass } from '../ui/Field';
import { SEARCH_DELAY_MS } from './useListParams';

/** How many records one search shows; more are found by typing (an agency may have thousands). */
export const PICKER_LIMIT = 20;

export type PickerOption = { value: string; label: string };

/** One search's reply: the first records that match, and how many match in all. */
type Results<Row> = {
  data?: { items: Row[]; total: number | null };
  isPending: boolean;
  isFetching: boolean;
};

/** What kind of record a picker chooses: a module-level constant, so its hooks are always the same ones. */
export type RecordKind<Row extends { id: number }> = {
  /** The records matching the typed text (the list procedure, searched in the database). */
  useResults: (search: string | undefined) => Results<Row>;
  /** A record's name by id, when neither the caller nor the results know it; `id` null: not asked. */
  useName: (id: number | null) => { name: string | null; missing: boolean };
  label: (row: Row) => string;
  /** Shown after the name in a lighter colour; gives way first when space is short. */
  hint: (row: Row) => string | null | undefined;
  hintClassName: string;
  icon: ReactNode;
  /** The list's minimum width. */
  minWidth: string;
  text: { placeholder: string; toggle: string; loading: string; noMatches: string; unknown: string };
};

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export type RecordPickerProps = {
  /** '' or a fixed option's value, else a record's id as text. */
  value: string;
  onChange: (value: string) => void;
  /** Shown above the records, e.g. 'All Companies' and 'No Company'; filtered by the typed text too. */
  fixedOptions?: PickerOption[];
  /** The selected record's name when the caller already knows it (saves a look-up). */
  selectedName?: string | null;
  id?: string;
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  className?: string;
};

/**
 * A record choice that searches as you type (the kind's list procedure, in the database): usable with a handful of
 * records or with thousands, by keyboard (arrows, Enter, Escape) and screen reader (a combobox).
 */
export function RecordPicker<Row extends { id: number }>({
  kind,
  value,
  onChange,
  fixedOptions = [],
  selectedName,
  id,
  label,
  describedBy,
  invalid,
  disabled,
  autoFocus,
  className,
}: RecordPickerProps & { kind: RecordKind<Row> }) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const results = kind.useResults(search || undefined);

  const fixed = fixedOptions.find((o) => o.value === value);
  const selectedId = fixed || !value ? null : Number(value);
  const fromResults = results.data?.items.find((r) => r.id === selectedId);
  const known = selectedName ?? (fromResults ? kind.label(fromResults) : undefined);
  const looked = kind.useName(selectedId !== null && !known ? selectedId : null);
  const selected: PickerOption | null =
    fixed ??
    (selectedId !== null
      ? { value, label: known || (looked.name ?? (looked.missing ? kind.text.unknown : '')) }
      : null);

  const typed = query.trim().toLowerCase();
  const shownFixed = typed ? fixedOptions.filter((o) => o.label.toLowerCase().includes(typed)) : fixedOptions;
  const rows = results.data?.items ?? [];
  const total = results.data?.total ?? 0;

  return (
    <Combobox
      value={selected}
      by="value"
      onChange={(option: PickerOption | null) => option && onChange(option.value)}
      onClose={() => setQuery('')}
      disabled={disabled}
      immediate
    >
      <div className={cn('relative', className)}>
        <ComboboxInput
          id={id}
          aria-label={label}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          autoFocus={autoFocus}
          className={cn(controlClass(invalid), 'pr-9')}
          displayValue={(option: PickerOption | null) => option?.label ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={kind.text.placeholder}
          autoComplete="off"
          spellCheck={false}
        />
        <ComboboxButton
          aria-label={kind.text.toggle}
          className="absolute inset-y-0 right-0 grid w-9 place-items-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-none"
        >
          {results.isFetching ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <ChevronsUpDown className="size-4" aria-hidden />
          )}
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        transition
        className={cn(
          'z-[60] max-h-72 w-(--input-width) overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] transition duration-100 focus:outline-none data-closed:opacity-0',
          kind.minWidth,
        )}
      >
        {shownFixed.map((option) => (
          <PickerItem key={`fixed-${option.value}`} option={option} />
        ))}
        {shownFixed.length > 0 && rows.length > 0 && (
          <div role="separator" className="mx-2 my-1 border-t border-slate-100" />
        )}
        {rows.map((row) => (
          <PickerItem
            key={row.id}
            option={{ value: String(row.id), label: kind.label(row) }}
            icon={kind.icon}
            hint={kind.hint(row)}
            hintClassName={kind.hintClassName}
          />
        ))}
        {results.isPending && (
          <div className="flex items-center gap-2 px-3 py-2 text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {kind.text.loading}
          </div>
        )}
        {results.data && rows.length === 0 && shownFixed.length === 0 && (
          <div className="px-3 py-2 text-slate-500">{kind.text.noMatches}</div>
        )}
        {total > rows.length && (
          <div className="mt-1 border-t border-slate-100 px-3 pt-2 pb-1 text-xs text-slate-500">
            {M.contacts.companyPicker.more(rows.length, total)}
          </div>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}

/** A fixed option (no icon, muted) or a record (its kind's icon and hint). */
function PickerItem({
  option,
  icon,
  hint,
  hintClassName,
}: {
  option: PickerOption;
  icon?: ReactNode;
  hint?: string | null;
  hintClassName?: string;
}) {
  return (
    <ComboboxOption
      value={option}
      className="group flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
    >
      {icon ?? <span className="size-4 shrink-0" aria-hidden />}
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className={cn('max-w-full shrink-0 truncate', !icon && 'text-slate-600')}>{option.label}</span>
        {hint && <span className={cn('min-w-0 shrink-[100] truncate text-xs', hintClassName)}>{hint}</span>}
      </span>
      <Check className="invisible size-4 shrink-0 text-brand-600 group-data-selected:visible" aria-hidden />
    </ComboboxOption>
  );
}
