import { useParams } from 'react-router-dom';
import { BookOpen } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { PortalPageHeader, ResourceCard } from './PortalUi';
import { portalPath, usePortalUser } from './session';

const P = M.portal.resources;

/** /portal/{slug}/resources: the tools and information staff shared with the client's company (portal.resources). */
export default function PortalResourcesPage() {
  const user = usePortalUser();
  const slug = useParams().slug ?? '';
  useDocumentTitle(`${P.title} · ${user.business.name}`);
  const resources = trpc.portal.resources.useQuery({});
  return (
    <>
      <PortalPageHeader title={P.title} subtitle={P.subtitle} />
      {resources.isPending ? (
        <div role="status" aria-label={M.common.loading} className="grid gap-4 lg:grid-cols-2">
          {[0, 1].map((i) => (
            <div key={i} className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <div className="flex gap-3">
                <Skeleton className="size-9 rounded-lg" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-1/2" />
                  <Skeleton className="h-3.5 w-full" />
                </div>
              </div>
            </div>
          ))}
        </div>
      ) : resources.isError ? (
        <LoadFailed onRetry={() => void resources.refetch()} />
      ) : resources.data.length === 0 ? (
        <EmptyState icon={<BookOpen className="size-8" aria-hidden />} title={P.empty} text={P.emptyText} />
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {resources.data.map((r) => (
            <li key={r.id} className="min-w-0">
              <ResourceCard resource={r} to={portalPath(slug, `resources/${r.id}`)} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
