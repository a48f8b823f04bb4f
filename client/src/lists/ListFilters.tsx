import { useId, useState, type ReactNode } from 'react';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import { cn } from '../lib/cn';
import { M } from '../../../shared/messages';

/**
 * A list's filter controls. On wide screens they sit in the toolbar's row as they are; on phones they fold behind a
 * "Filters (N)" button so the list, not the panel, fills the first screen (the active filters stay in sight as
 * chips under the toolbar).
 */
export function ListFilters({
  active,
  children,
  className,
}: {
  active: number;
  children: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 items-center justify-between gap-2 rounded-lg px-3 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none md:hidden"
      >
        <span className="inline-flex items-center gap-2">
          <SlidersHorizontal className="size-4 text-slate-500" aria-hidden />
          {M.lists.filters(active)}
        </span>
        <ChevronDown className={cn('size-4 text-slate-500 transition-transform', open && 'rotate-180')} aria-hidden />
      </button>
      <div id={panelId} className={cn(open ? 'flex flex-col gap-3' : 'hidden', 'md:contents', className)}>
        {children}
      </div>
    </>
  );
}
