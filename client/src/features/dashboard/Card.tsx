import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertCircle } from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { cn } from '../../lib/cn';
import { Skeleton } from '../../ui/Feedback';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { common: CORE.common } as const;

/** A dashboard card: a titled panel whose footer (a "View all" link) sits at the bottom however short the list. */
export function Card({
  title,
  icon,
  action,
  footer,
  className,
  children,
  labelledBy,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  footer?: ReactNode;
  className?: string;
  children: ReactNode;
  labelledBy: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={cn('flex min-w-0 flex-col rounded-xl bg-white shadow-xs ring-1 ring-slate-200', className)}
    >
      <header className="flex min-h-13 items-center justify-between gap-3 border-b border-slate-100 px-4 py-2.5 sm:px-5">
        <h2 id={labelledBy} className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900">
          {icon && (
            <span className="text-slate-400" aria-hidden>
              {icon}
            </span>
          )}
          <span className="truncate">{title}</span>
        </h2>
        {action}
      </header>
      <div className="flex-1">{children}</div>
      {footer && <footer className="border-t border-slate-100 px-4 py-2.5 sm:px-5">{footer}</footer>}
    </section>
  );
}

/** The footer's "View all …  →" link. */
export function FooterLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-sm text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      {children}
    </Link>
  );
}

/** Skeleton rows while a list loads (the spec: 5 rows). */
export function SkeletonRows({ rows = 5, label, badge = true }: { rows?: number; label: string; badge?: boolean }) {
  return (
    <ul role="status" aria-label={label} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5">
          <Skeleton className="size-8 shrink-0 rounded-lg" />
          <div className="flex-1 space-y-1.5">
            <Skeleton className={cn('h-3.5', i % 2 ? 'w-2/5' : 'w-3/5')} />
            <Skeleton className="h-3 w-1/4" />
          </div>
          {badge && <Skeleton className="h-5 w-16 rounded-full" />}
        </li>
      ))}
    </ul>
  );
}

/** A list's empty state, quiet and small: the card's title already says what is missing. */
export function EmptyRow({ icon, text, action }: { icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className="flex h-full min-h-28 flex-col items-center justify-center gap-2 px-5 py-6 text-center sm:min-h-40 sm:py-8">
      <span className="text-slate-300" aria-hidden>
        {icon}
      </span>
      <p className="text-sm text-slate-500">{text}</p>
      {action}
    </div>
  );
}

/** A failed load inside a card: says so and offers another try (an empty state here would say something untrue). */
export function LoadFailed({ onRetry, text = M.common.loadFailed }: { onRetry: () => void; text?: string }) {
  return (
    <div
      role="alert"
      className="flex h-full min-h-28 flex-col items-center justify-center gap-2 px-5 py-6 text-center sm:min-h-40 sm:py-8"
    >
      <AlertCircle className="size-5 text-red-500" aria-hidden />
      <p className="max-w-xs text-sm text-slate-600">{text}</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        {M.common.retry}
      </button>
    </div>
  );
}

/** Rows of a card's list; each row's link or button is its own focus stop. */
export const rowClass = 'flex min-w-0 items-center gap-3 px-4 py-2.5 sm:px-5';
export const rowLinkClass =
  'group flex min-w-0 items-center gap-3 px-4 py-2.5 transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset sm:px-5';
