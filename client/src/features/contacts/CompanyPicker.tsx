import { useEffect, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Building2, Check, ChevronsUpDown, Loader2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { SEARCH_DELAY_MS } from '../../lists/useListParams';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { controlClass } from '../../ui/Field';

/** How many companies one search shows; more are found by typing (an agency may have thousands). */
const PICKER_LIMIT = 20;

export type PickerOption = { value: string; label: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A company's name by id (a filter from the URL, a contact's company): null while unknown. */
export function useCompanyName(id: number | null): { name: string | null; missing: boolean } {
  const company = trpc.companies.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 60_000 });
  if (id === null) return { name: null, missing: false };
  if (company.data) return { name: company.data.name, missing: false };
  return { name: null, missing: company.isError };
}

type CompanyPickerProps = {
  /** '' or a fixed option's value, else a company's id as text. */
  value: string;
  onChange: (value: string) => void;
  /** Shown above the companies, e.g. 'All Companies' and 'No Company'; filtered by the typed text too. */
  fixedOptions: PickerOption[];
  /** The selected company's name when the caller already knows it (saves a lookup). */
  selectedName?: string | null;
  id?: string;
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  disabled?: boolean;
  className?: string;
};

/**
 * A company choice that searches as you type (companies.list, in the database): usable with a handful of
 * companies or with thousands, by keyboard (arrows, Enter, Escape) and screen reader (a combobox).
 */
export function CompanyPicker({
  value,
  onChange,
  fixedOptions,
  selectedName,
  id,
  label,
  describedBy,
  invalid,
  disabled,
  className,
}: CompanyPickerProps) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const results = trpc.companies.list.useQuery(
    { search: search || undefined, limit: PICKER_LIMIT },
    { placeholderData: keepPreviousData },
  );

  const fixed = fixedOptions.find((o) => o.value === value);
  const selectedId = fixed || !value ? null : Number(value);
  const fromResults = results.data?.items.find((c) => c.id === selectedId)?.name;
  const looked = useCompanyName(selectedId !== null && !fromResults && !selectedName ? selectedId : null);
  const selected: PickerOption | null =
    fixed ??
    (selectedId !== null
      ? {
          value,
          label: selectedName ?? fromResults ?? looked.name ?? (looked.missing ? M.contacts.unknownCompany : ''),
        }
      : null);

  const typed = query.trim().toLowerCase();
  const shownFixed = typed ? fixedOptions.filter((o) => o.label.toLowerCase().includes(typed)) : fixedOptions;
  const companies = results.data?.items ?? [];
  const total = results.data?.total ?? 0;
  const searching = results.isFetching;

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
          className={cn(controlClass(invalid), 'pr-9')}
          displayValue={(option: PickerOption | null) => option?.label ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={M.contacts.companyPicker.placeholder}
          autoComplete="off"
          spellCheck={false}
        />
        <ComboboxButton
          aria-label={M.contacts.companyPicker.toggle}
          className="absolute inset-y-0 right-0 grid w-9 place-items-center rounded-r-lg text-slate-400 hover:text-slate-600 focus-visible:outline-none"
        >
          {searching ? (
            <Loader2 className="size-4 animate-spin" aria-hidden />
          ) : (
            <ChevronsUpDown className="size-4" aria-hidden />
          )}
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor="bottom start"
        transition
        className="z-[60] max-h-72 w-(--input-width) min-w-56 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] transition duration-100 focus:outline-none data-closed:opacity-0"
      >
        {shownFixed.map((option) => (
          <PickerItem key={`fixed-${option.value}`} option={option} muted />
        ))}
        {shownFixed.length > 0 && companies.length > 0 && (
          <div role="separator" className="mx-2 my-1 border-t border-slate-100" />
        )}
        {companies.map((company) => (
          <PickerItem
            key={company.id}
            option={{ value: String(company.id), label: company.name }}
            hint={company.industry}
          />
        ))}
        {results.isPending && (
          <div className="flex items-center gap-2 px-3 py-2 text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {M.contacts.companyPicker.loading}
          </div>
        )}
        {results.data && companies.length === 0 && shownFixed.length === 0 && (
          <div className="px-3 py-2 text-slate-500">{M.contacts.companyPicker.noMatches}</div>
        )}
        {total > companies.length && (
          <div className="mt-1 border-t border-slate-100 px-3 pt-2 pb-1 text-xs text-slate-500">
            {M.contacts.companyPicker.more(companies.length, total)}
          </div>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}

function PickerItem({ option, hint, muted }: { option: PickerOption; hint?: string | null; muted?: boolean }) {
  return (
    <ComboboxOption
      value={option}
      className="group flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
    >
      {muted ? (
        <span className="size-4 shrink-0" aria-hidden />
      ) : (
        <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
      )}
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className={cn('max-w-full shrink-0 truncate', muted && 'text-slate-600')}>{option.label}</span>
        {/* The industry gives way first when space is short. */}
        {hint && <span className="min-w-0 shrink-[100] truncate text-xs text-slate-400">{hint}</span>}
      </span>
      <Check className="invisible size-4 shrink-0 text-brand-600 group-data-selected:visible" aria-hidden />
    </ComboboxOption>
  );
}
