import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PortalActivityFeed } from './PortalActivityFeed';
import { PortalPageHeader } from './PortalUi';
import { usePortalUser } from './session';
import { portalListOptions } from './usePortalList';

const A = M.activity;

/** /portal/{slug}/activity: the client's feed (what the agency shared with them, and what they did), newest first. */
export default function PortalActivityPage() {
  const user = usePortalUser();
  useDocumentTitle(`${A.title} · ${user.business.name}`);
  const query = trpc.portalActivity.list.useInfiniteQuery({}, portalListOptions);
  const entries = query.data?.pages.flatMap((p) => p.items);
  return (
    <>
      <PortalPageHeader title={A.title} subtitle={A.portalSubtitle} />
      <PortalActivityFeed
        entries={entries}
        isPending={query.isPending}
        isError={query.isError && !query.isFetchNextPageError}
        onRetry={() => void query.refetch()}
        hasMore={query.hasNextPage}
        loadingMore={query.isFetchingNextPage}
        loadMoreFailed={query.isFetchNextPageError}
        onLoadMore={() => void query.fetchNextPage()}
      />
    </>
  );
}
