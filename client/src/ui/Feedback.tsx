import type { ReactNode } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { CORE as M } from '../../../shared/messages-core';
import { cn } from '../lib/cn';

export function Skeleton({ className }: { className?: string }) {
  return <div className={cn('animate-pulse rounded-md bg-slate-200/80', className)} aria-hidden />;
}

export function Spinner({ label = M.common.loading }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center py-10 text-slate-500">
      <Loader2 className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
      {icon && <div className="mb-3 text-slate-500">{icon}</div>}
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      {text && <p className="mt-1 max-w-sm text-sm text-slate-500">{text}</p>}
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}

export function Alert({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      role="alert"
      className={cn(
        'flex gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700',
        className,
      )}
    >
      <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <div>{children}</div>
    </div>
  );
}

/** 'Something went wrong while loading.' with a Try again button: every list and panel says it the same way. */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert>
      {M.common.loadFailed}{' '}
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

/** The loading shape of a record page (company, project): back link, header, a row of facts, tabs, content. */
export function RecordPageSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading}>
      <Skeleton className="h-4 w-24" />
      <div className="mt-4 mb-6 flex items-start gap-4">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-4 w-48" />
        </div>
        <Skeleton className="h-10 w-36" />
      </div>
      <div className="mb-8 grid grid-cols-2 gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-3 w-16" />
            <Skeleton className="h-4 w-32" />
          </div>
        ))}
      </div>
      <Skeleton className="mb-5 h-10 w-80" />
      <Skeleton className="h-48 w-full rounded-xl" />
    </div>
  );
}
