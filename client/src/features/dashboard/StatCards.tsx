import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Building2, FolderKanban, ListTodo } from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { dashboard } from '../../../../shared/messages/dashboard';
import type { RouterOutputs } from '../../lib/trpc';
import { Skeleton } from '../../ui/Feedback';
import { LoadFailed } from './Card';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { common: CORE.common, dashboard } as const;

type Stats = RouterOutputs['dashboard']['stats'];

// Three across even on a phone: the numbers are the point, and three stacked cards would push everything else down.
const grid = 'grid grid-cols-3 gap-2 sm:gap-4';

function StatCard({
  label,
  value,
  icon,
  to,
  tint,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  to: string;
  tint: string;
}) {
  return (
    <Link
      to={to}
      className="group flex items-center justify-between gap-4 rounded-xl bg-white px-3 py-3 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:px-5 sm:py-4"
    >
      <div className="min-w-0">
        <p className="text-xs leading-tight font-medium text-slate-500 sm:truncate sm:text-sm">{label}</p>
        <p className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 tabular-nums sm:text-3xl">
          {value.toLocaleString()}
        </p>
      </div>
      <span className={`hidden size-10 shrink-0 place-items-center rounded-lg sm:grid ${tint}`} aria-hidden>
        {icon}
      </span>
    </Link>
  );
}

/** Active Projects, Pending Tasks, Total Clients; 3 skeleton cards while loading. */
export function StatCards({
  stats,
  isPending,
  isError,
  onRetry,
}: {
  stats: Stats | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
}) {
  if (isPending)
    return (
      <div className={grid} role="status" aria-label={M.common.loading}>
        {[0, 1, 2].map((i) => (
          <div
            key={i}
            className="flex items-center justify-between rounded-xl bg-white px-3 py-3 shadow-xs ring-1 ring-slate-200 sm:px-5 sm:py-4"
          >
            <div className="w-full space-y-2.5">
              <Skeleton className="h-3.5 w-3/4 max-w-24" />
              <Skeleton className="h-7 w-10 sm:w-14" />
            </div>
            <Skeleton className="hidden size-10 shrink-0 rounded-lg sm:block" />
          </div>
        ))}
      </div>
    );
  if (isError || !stats)
    return (
      <div className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <LoadFailed text={M.dashboard.statsFailed} onRetry={onRetry} />
      </div>
    );
  return (
    <div className={grid}>
      <StatCard
        label={M.dashboard.activeProjects}
        value={stats.activeProjects}
        to="/hub/projects"
        tint="bg-brand-50 text-brand-700"
        icon={<FolderKanban className="size-5" />}
      />
      <StatCard
        label={M.dashboard.openTasks}
        value={stats.pendingTasks}
        to="/hub/tasks"
        tint="bg-amber-50 text-amber-700"
        icon={<ListTodo className="size-5" />}
      />
      <StatCard
        label={M.dashboard.totalClients}
        value={stats.totalClients}
        to="/hub/companies"
        tint="bg-emerald-50 text-emerald-700"
        icon={<Building2 className="size-5" />}
      />
    </div>
  );
}
