import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft } from 'lucide-react';

/** The parts a record's page (company, project, a resource's form) is made of: back link, facts row, tab labels. */

/** "← Back to …" above a record's page. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden /> {children}
    </Link>
  );
}

/** One fact of the record's facts row (a `<dl>`): icon and term above, the value truncated to one line. */
export function Detail({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="min-w-0 bg-white px-4 py-3">
      <dt className="flex items-center gap-1.5 text-xs font-medium tracking-wide text-slate-500 uppercase">
        <span className="text-slate-400" aria-hidden>
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-1 min-w-0 truncate text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** A fact with no value ('Not set'), in the one grey that reads on white (slate-500: 4.8:1). */
export function NotSet({ text }: { text: string }) {
  return <span className="text-slate-500">{text}</span>;
}

/** A tab's name with how many records it holds. */
export function TabLabel({ text, count }: { text: string; count: number }) {
  return (
    <span className="inline-flex items-center gap-2">
      {text}
      <span className="rounded-full bg-slate-200/80 px-1.5 text-xs font-medium text-slate-600 tabular-nums">
        {count}
      </span>
    </span>
  );
}

/**
 * The selected tab as ?tab={key} (none for the first tab), replaced in place without scrolling: a reload or a
 * shared link opens the same tab.
 */
export function useTabParam(keys: string[]): [selected: number, select: (index: number) => void] {
  const [params, setParams] = useSearchParams();
  const selected = Math.max(0, keys.indexOf(params.get('tab') ?? ''));
  const select = (index: number) =>
    setParams(
      (p) => {
        if (index === 0) p.delete('tab');
        else p.set('tab', keys[index]);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
  return [selected, select];
}
