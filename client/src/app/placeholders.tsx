// The hub's first screens as placeholders, inside the first frame (HubLayout.tsx HubFirstFrame): the dashboard's
// cards in their loading state, in their places, with the texts that do not depend on who is signed in.
import { dashboard } from '../../../shared/messages/dashboard';
import { AwaitingApprovalBox } from '../features/approvals/AwaitingApprovalBox';
import { ActiveProjectsCard, TasksOverviewCard, type QueryState } from '../features/dashboard/DashboardCards';
import { StatCards } from '../features/dashboard/StatCards';
import { DashboardGreeting } from '../features/dashboard/DashboardGreeting';
import { Skeleton } from '../ui/Feedback';

const pending: QueryState<never> = { data: undefined, isPending: true, isError: false, refetch: () => {} };

/**
 * DashboardPage while its data loads: the greeting's line (the greeting itself when the server knows it, see
 * server/lib/spa-shell.ts), the stat cards, the approvals card, the first two cards.
 */
export function DashboardPlaceholder({ greeting }: { greeting?: { greeting: string; firstName: string } }) {
  return (
    <div className="space-y-6">
      <header>
        {greeting ? (
          <DashboardGreeting {...greeting} />
        ) : (
          <div className="flex h-8 items-center">
            <Skeleton className="h-6 w-56" />
          </div>
        )}
        <p className="mt-1 text-sm text-slate-500">{dashboard.subtitle}</p>
      </header>
      <div className="space-y-6">
        <StatCards stats={undefined} isPending isError={false} onRetry={pending.refetch} />
        <AwaitingApprovalBox summary={undefined} />
        <div className="grid gap-4 lg:grid-cols-3">
          <ActiveProjectsCard query={pending} className="lg:col-span-2" />
          <TasksOverviewCard query={pending} />
        </div>
      </div>
    </div>
  );
}

/** Any other hub screen: a title's line and a list's rows. */
export function PagePlaceholder() {
  return (
    <div className="space-y-6">
      <div className="flex h-8 items-center">
        <Skeleton className="h-6 w-48" />
      </div>
      <div className="divide-y divide-slate-100 rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 px-4 py-3 sm:px-5">
            <Skeleton className="size-8 shrink-0 rounded-lg" />
            <div className="flex-1 space-y-1.5">
              <Skeleton className={i % 2 ? 'h-3.5 w-2/5' : 'h-3.5 w-3/5'} />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
