import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ActivityFeed } from '../activity/ActivityFeed';
import { PortalPageHeader } from './PortalUi';
import { usePortalUser } from './session';
import { portalListOptions } from './usePortalList';

const A = M.activity;

/** /portal/{slug}/activity: what the agency shared with the client's company and what its people did, newest first. */
export default function PortalActivityPage() {
  const user = usePortalUser();
  useDocumentTitle(`${A.title} · ${user.business.name}`);
  const query = trpc.portalActivity.list.useInfiniteQuery({}, portalListOptions);
  const entries = query.data?.pages.flatMap((p) => p.items);
  return (
    <>
      <PortalPageHeader title={A.title} subtitle={A.portalSubtitle} />
      <ActivityFeed
        label={A.title}
        entries={entries}
        isPending={query.isPending}
        isError={query.isError && !query.isFetchNextPageError}
        onRetry={() => void query.refetch()}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMoreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
        empty={{ title: A.emptyTitle, text: A.portalEmpty }}
      />
    </>
  );
}
