import { useEffect, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { keepPreviousData } from '@tanstack/react-query';
import { Check, ChevronsUpDown, FolderKanban, Loader2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { SEARCH_DELAY_MS } from '../../lists/useListParams';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { controlClass } from '../../ui/Field';

/** How many projects one search shows; more are found by typing (an agency may have thousands). */
const PICKER_LIMIT = 20;
const P = M.tasks.projectPicker;

type Option = { value: string; label: string };

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** A project's name by id (a filter from the URL, a preset project): null while unknown. */
export function useProjectName(id: number | null, known?: string | null): { name: string | null; missing: boolean } {
  const project = trpc.projects.get.useQuery({ id: id ?? 0 }, { enabled: id !== null && !known, staleTime: 60_000 });
  if (id === null) return { name: null, missing: false };
  if (known) return { name: known, missing: false };
  if (project.data) return { name: project.data.name, missing: false };
  return { name: null, missing: project.isError };
}

type ProjectPickerProps = {
  /** '' or a fixed option's value, else a project's id as text. */
  value: string;
  onChange: (value: string) => void;
  /** Shown above the projects (e.g. 'All Projects'); filtered by the typed text too. */
  fixedOptions?: Option[];
  /** The selected project's name when the caller already knows it (saves a look-up). */
  selectedName?: string | null;
  id?: string;
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  className?: string;
  autoFocus?: boolean;
};

/**
 * A project choice that searches as you type (projects.list, in the database), with each project's company as a
 * hint: by keyboard (arrows, Enter, Escape) and screen reader (a combobox).
 */
export function ProjectPicker({
  value,
  onChange,
  fixedOptions = [],
  selectedName,
  id,
  label,
  describedBy,
  invalid,
  className,
  autoFocus,
}: ProjectPickerProps) {
  const [query, setQuery] = useState('');
  const search = useDebounced(query.trim(), SEARCH_DELAY_MS);
  const results = trpc.projects.list.useQuery(
    { search: search || undefined, limit: PICKER_LIMIT },
    { placeholderData: keepPreviousData },
  );

  const fixed = fixedOptions.find((o) => o.value === value);
  const selectedId = fixed || !value ? null : Number(value);
  const fromResults = results.data?.items.find((p) => p.id === selectedId)?.name;
  const looked = useProjectName(selectedId, selectedName ?? fromResults);
  const selected: Option | null =
    fixed ?? (selectedId !== null ? { value, label: looked.name ?? (looked.missing ? P.unknown : '') } : null);

  const typed = query.trim().toLowerCase();
  const shownFixed = typed ? fixedOptions.filter((o) => o.label.toLowerCase().includes(typed)) : fixedOptions;
  const projects = results.data?.items ?? [];
  const total = results.data?.total ?? 0;

  return (
    <Combobox
      value={selected}
      by="value"
      onChange={(option: Option | null) => option && onChange(option.value)}
      onClose={() => setQuery('')}
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
          displayValue={(option: Option | null) => option?.label ?? ''}
          onChange={(event) => setQuery(event.target.value)}
          placeholder={P.placeholder}
          autoComplete="off"
          spellCheck={false}
        />
        <ComboboxButton
          aria-label={P.toggle}
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
        className="z-[60] max-h-72 w-(--input-width) min-w-64 overflow-y-auto rounded-lg bg-white p-1 text-sm shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] transition duration-100 focus:outline-none data-closed:opacity-0"
      >
        {shownFixed.map((option) => (
          <Item key={`fixed-${option.value}`} option={option} muted />
        ))}
        {shownFixed.length > 0 && projects.length > 0 && (
          <div role="separator" className="mx-2 my-1 border-t border-slate-100" />
        )}
        {projects.map((project) => (
          <Item
            key={project.id}
            option={{ value: String(project.id), label: project.name }}
            hint={project.company?.name}
          />
        ))}
        {results.isPending && (
          <div className="flex items-center gap-2 px-3 py-2 text-slate-500">
            <Loader2 className="size-4 animate-spin" aria-hidden /> {P.loading}
          </div>
        )}
        {results.data && projects.length === 0 && shownFixed.length === 0 && (
          <div className="px-3 py-2 text-slate-500">{P.noMatches}</div>
        )}
        {total > projects.length && (
          <div className="mt-1 border-t border-slate-100 px-3 pt-2 pb-1 text-xs text-slate-500">
            {M.contacts.companyPicker.more(projects.length, total)}
          </div>
        )}
      </ComboboxOptions>
    </Combobox>
  );
}

function Item({ option, hint, muted }: { option: Option; hint?: string | null; muted?: boolean }) {
  return (
    <ComboboxOption
      value={option}
      className="group flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900"
    >
      {muted ? (
        <span className="size-4 shrink-0" aria-hidden />
      ) : (
        <FolderKanban className="size-4 shrink-0 text-slate-400" aria-hidden />
      )}
      <span className="flex min-w-0 flex-1 items-baseline gap-2">
        <span className={cn('max-w-full shrink-0 truncate', muted && 'text-slate-600')}>{option.label}</span>
        {/* The company gives way first when space is short. */}
        {hint && <span className="min-w-0 shrink-[100] truncate text-xs text-slate-500">{hint}</span>}
      </span>
      <Check className="invisible size-4 shrink-0 text-brand-600 group-data-selected:visible" aria-hidden />
    </ComboboxOption>
  );
}
