import { lazy, Suspense } from 'react';
import { History } from 'lucide-react';
import { activityEmptyAgency, activityEmptyTitle, activityViewAll } from '../../../../shared/messages/frames';
import { recentActivity } from '../../../../shared/messages/texts';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { HUB_RECENT_ACTIVITY } from '../../../../shared/first-replies';
import { refetchUnlessFromPage } from '../../lib/pageReplies';
import { trpc } from '../../lib/trpc';
import { Card, FooterLink } from '../dashboard/Card';
import { ActivitySkeleton } from './ActivitySkeleton';

// The feed's rows (and the sentence rules they are written with) load beside the card's data, out of the dashboard's
// first load: until both are there the card shows the feed's own skeleton, as before.
const ActivityFeed = lazy(() => import('./ActivityFeed').then((m) => ({ default: m.ActivityFeed })));

/** The activity section's texts this first-load module shows, without the section. */
const A = {
  recentTitle: recentActivity,
  viewAll: activityViewAll,
  emptyTitle: activityEmptyTitle,
  emptyAgency: activityEmptyAgency,
} as const;

/** The dashboard's "Recent activity" card: the agency's latest entries; the owner's footer opens the whole log. */
export function RecentActivityCard({ className }: { className?: string }) {
  const { user } = useSession();
  const recent = trpc.activity.recent.useQuery(
    { limit: HUB_RECENT_ACTIVITY },
    { refetchOnMount: refetchUnlessFromPage },
  );
  return (
    <Card
      title={A.recentTitle}
      labelledBy="dash-activity"
      icon={<History className="size-4" />}
      className={className}
      footer={
        user && can(user.role, 'activity.viewAll') ? <FooterLink to="/hub/activity">{A.viewAll}</FooterLink> : undefined
      }
    >
      <Suspense
        fallback={
          <div className="">
            <ActivitySkeleton rows={5} compact />
          </div>
        }
      >
        <ActivityFeed
          compact
          label={A.recentTitle}
          entries={recent.data}
          isPending={recent.isPending}
          isError={recent.isError}
          onRetry={() => void recent.refetch()}
          empty={{ title: A.emptyTitle, text: A.emptyAgency }}
        />
      </Suspense>
    </Card>
  );
}
