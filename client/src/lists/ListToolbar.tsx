import type { ReactNode } from 'react';
import { LayoutGrid, List, Search, X } from 'lucide-react';
import { cn } from '../lib/cn';
import { controlClass } from '../ui/Field';
import { M } from '../../../shared/messages';

export type ViewMode = 'grid' | 'list';

export function ListToolbar({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-col gap-3 rounded-xl bg-white p-3 shadow-xs ring-1 ring-slate-200 md:flex-row md:items-center">{children}</div>;
}

export function SearchBox({ value, onChange, placeholder, label = 'Search' }: { value: string; onChange: (v: string) => void; placeholder: string; label?: string }) {
  return (
    <div className="relative flex-1">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <input
        type="search"
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        className={cn(controlClass(), 'pl-9')}
      />
    </div>
  );
}

export type FilterOption = { value: string; label: string };

export function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (v: string) => void; options: FilterOption[] }) {
  return (
    <select aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} className={cn(controlClass(), 'md:w-48')}>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function ClearButton({ onClick }: { onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className="inline-flex h-10 items-center gap-1 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
      <X className="size-4" aria-hidden /> {M.common.clear}
    </button>
  );
}

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (v: ViewMode) => void }) {
  const item = (mode: ViewMode, icon: ReactNode, label: string) => (
    <button
      type="button"
      aria-pressed={value === mode}
      aria-label={label}
      title={label}
      onClick={() => onChange(mode)}
      className={cn('grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none', value === mode ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-500 hover:text-slate-800')}
    >
      {icon}
    </button>
  );
  return (
    <div className="inline-flex shrink-0 gap-1 rounded-lg bg-slate-100 p-0.5" role="group" aria-label="View">
      {item('grid', <LayoutGrid className="size-4" />, 'Grid view')}
      {item('list', <List className="size-4" />, 'List view')}
    </div>
  );
}

export function ResultCount({ children }: { children: ReactNode }) {
  return (
    <p className="mb-3 text-sm text-slate-500" aria-live="polite">
      {children}
    </p>
  );
}
