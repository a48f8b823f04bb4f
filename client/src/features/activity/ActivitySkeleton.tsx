import { CORE } from '../../../../shared/messages-core';
import { cn } from '../../lib/cn';
import { Skeleton } from '../../ui/Feedback';

/**
 * The activity feed's rows while they load: its own module, so that the dashboards' cards show it without loading the
 * feed itself (ActivityFeed.tsx and the sentence rules of shared/activity-format.ts), which the hub's card loads
 * beside its data and the portal's feed does not need.
 */
export function ActivitySkeleton({ rows = 5, compact }: { rows?: number; compact?: boolean }) {
  return (
    <ul role="status" aria-label={CORE.common.loading} className="divide-y divide-slate-100">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className={cn('flex gap-3', compact ? 'px-4 py-3 sm:px-5' : 'px-4 py-3.5 sm:px-5')}>
          <Skeleton className={cn('shrink-0 rounded-full', compact ? 'size-8' : 'size-9')} />
          <div className="flex-1 space-y-2 pt-0.5">
            <Skeleton className={cn('h-3.5', i % 2 ? 'w-1/2' : 'w-3/4')} />
            <Skeleton className="h-3 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}
