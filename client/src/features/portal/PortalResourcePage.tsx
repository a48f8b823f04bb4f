import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, FileQuestion } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoadFailed, RecordPageSkeleton } from '../../ui/Feedback';
import { PortalNotFound, ResourceCard } from './PortalUi';
import { portalPath, usePortalUser } from './session';

const P = M.portal.resources;

/** /portal/{slug}/resources/{id}: one shared resource; one that is missing or not shared is "Resource not found". */
export default function PortalResourcePage() {
  const user = usePortalUser();
  const { slug = '', id = '' } = useParams();
  const resourceId = Number(id);
  const valid = Number.isInteger(resourceId) && resourceId > 0 && resourceId <= 2_147_483_647;
  const query = trpc.portal.resource.useQuery({ resourceId }, { enabled: valid, retry: false });
  useDocumentTitle(`${query.data?.title ?? P.title} · ${user.business.name}`);

  if (!valid || errorCode(query.error) === 'NOT_FOUND' || errorCode(query.error) === 'BAD_REQUEST')
    return (
      <PortalNotFound
        title={P.notFound}
        text={P.notFoundText}
        to={portalPath(slug, 'resources')}
        label={P.backToResources}
        Icon={FileQuestion}
      />
    );
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (query.isPending) return <RecordPageSkeleton />;
  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to={portalPath(slug, 'resources')}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
      >
        <ArrowLeft className="size-4" aria-hidden /> {P.backToResources}
      </Link>
      <h1 className="sr-only">{query.data.title}</h1>
      <div className="mt-4">
        <ResourceCard resource={query.data} />
      </div>
    </div>
  );
}
