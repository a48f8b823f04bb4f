import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { Alert, Skeleton } from '../../ui/Feedback';

const A = M.account;

/** One settings form on the account page: a titled card, its fields, and a footer with its actions. */
export function SettingsCard({
  title,
  text,
  children,
  footer,
  actions,
  className,
}: {
  title: string;
  text?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** Beside the title (e.g. the preview toggle). */
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <section aria-label={title} className={cn('rounded-xl bg-white shadow-xs ring-1 ring-slate-200', className)}>
      <header className="flex items-start justify-between gap-4 border-b border-slate-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 className="text-base font-semibold text-slate-900">{title}</h2>
          {text && <p className="mt-1 text-sm text-slate-500">{text}</p>}
        </div>
        {actions && <div className="shrink-0">{actions}</div>}
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
      {footer && (
        <footer className="flex flex-wrap items-center justify-end gap-3 rounded-b-xl border-t border-slate-100 bg-slate-50/70 px-5 py-3 sm:px-6">
          {footer}
        </footer>
      )}
    </section>
  );
}

/** Shown above a form the signed-in member may read but not change. */
export function ReadOnlyNotice() {
  return (
    <p className="mb-5 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
      <Lock className="size-4 shrink-0" aria-hidden /> {A.readOnly}
    </p>
  );
}

/** Spec §2.10: "Unable to load account information. Please try again later.", with a retry. */
export function AccountLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      {A.loadFailed}{' '}
      <button
        type="button"
        className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
        onClick={onRetry}
      >
        {M.common.retry}
      </button>
    </Alert>
  );
}

/** The loading shape of a settings card (and of the brand preview beside it). */
export function FormCardSkeleton({ rows, preview }: { rows: number; preview?: boolean }) {
  return (
    <div
      role="status"
      aria-label={M.common.loading}
      className={cn('grid gap-6', preview && 'xl:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]')}
    >
      <div className="rounded-xl bg-white p-6 shadow-xs ring-1 ring-slate-200">
        <Skeleton className="h-5 w-48" />
        <Skeleton className="mt-2 h-4 w-72 max-w-full" />
        <div className="mt-6 grid gap-5 sm:grid-cols-2">
          {Array.from({ length: rows }, (_, i) => (
            <div key={i} className={cn('space-y-2', i === 0 && 'sm:col-span-2')}>
              <Skeleton className="h-4 w-28" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
        </div>
      </div>
      {preview && <Skeleton className="hidden h-96 w-full rounded-xl xl:block" />}
    </div>
  );
}
