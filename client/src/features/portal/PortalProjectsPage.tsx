import { useParams } from 'react-router-dom';
import { FolderKanban } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { LoadMore } from '../../lists/ListViews';
import { EmptyState, LoadFailed } from '../../ui/Feedback';
import { CardsSkeleton, PortalPageHeader, ProjectCard } from './PortalUi';
import { usePortalUser } from './session';

const P = M.portal.projects;

/** /portal/{slug}/projects (spec §2.13): the company's projects as cards, newest first, paged. */
export default function PortalProjectsPage() {
  const user = usePortalUser();
  const slug = useParams().slug ?? '';
  useDocumentTitle(`${P.title} · ${user.business.name}`);
  const list = useInfiniteList(trpc.portal.projects, {});
  return (
    <>
      <PortalPageHeader title={P.title} subtitle={P.subtitle} />
      {list.state === 'error' ? (
        <LoadFailed onRetry={list.retry} />
      ) : list.state === 'loading' ? (
        <CardsSkeleton cards={4} />
      ) : list.items.length === 0 ? (
        <EmptyState icon={<FolderKanban className="size-8" aria-hidden />} title={P.empty} text={P.emptyText} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {list.items.map((p) => (
              <ProjectCard key={p.id} project={p} slug={slug} />
            ))}
          </div>
          <LoadMore
            className="mt-6"
            hasMore={list.hasMore}
            loading={list.loadingMore}
            failed={list.loadMoreFailed}
            onLoad={list.loadMore}
          />
        </>
      )}
    </>
  );
}
