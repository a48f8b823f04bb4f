import { useEffect, useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Workflow } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { buttonClass } from '../../ui/Button';
import { Alert, Skeleton } from '../../ui/Feedback';
import { FlowEditor } from './flow-editor/FlowEditor';
import { BackLink } from './flow-editor/FlowHeader';

const F = M.flows;

export default function FlowEditorPage() {
  const { flowUid = '' } = useParams();
  const flowKey = useMemo(() => ({ flowUid }), [flowUid]);
  const flow = trpc.flows.get.useQuery(flowKey, { enabled: flowUid !== '' });
  const code = errorCode(flow.error);
  // A malformed address is as missing as a deleted flow.
  const missing = flowUid === '' || code === 'NOT_FOUND' || code === 'BAD_REQUEST';
  useDocumentTitle(flow.data?.name ?? (missing ? F.notFound : F.title));

  // The spec's toast for a failed load (the page says the rest).
  const failedAt = flow.isError && !missing ? flow.errorUpdatedAt : 0;
  useEffect(() => {
    if (failedAt) toast.error(F.fetchOneFailed);
  }, [failedAt]);

  if (missing)
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Workflow className="mb-3 size-10 text-slate-400" aria-hidden />
        <h1 className="text-lg font-semibold text-slate-900">{F.notFound}</h1>
        <p className="mt-1 max-w-sm text-sm text-slate-500">{F.notFoundText}</p>
        <Link to="/hub/flows" className={buttonClass('secondary', 'md', 'mt-5')}>
          <ArrowLeft className="size-4" aria-hidden /> {F.backToFlows}
        </Link>
      </div>
    );
  if (flow.isError && !flow.data)
    return (
      <div className="space-y-4">
        <BackLink />
        <Alert>
          {F.loadFailed}{' '}
          <button
            type="button"
            className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
            onClick={() => void flow.refetch()}
          >
            {M.common.retry}
          </button>
        </Alert>
      </div>
    );
  if (!flow.data) return <EditorSkeleton />;
  return <FlowEditor key={flow.data.id} flow={flow.data} flowKey={flowKey} />;
}

function EditorSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading}>
      <Skeleton className="h-4 w-28" />
      <div className="mt-4 mb-8 flex items-start gap-4">
        <Skeleton className="size-12 rounded-xl" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-7 w-72 max-w-full" />
          <Skeleton className="h-4 w-96 max-w-full" />
          <Skeleton className="h-4 w-40" />
        </div>
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,30rem)]">
        <div className="space-y-4">
          {[0, 1].map((i) => (
            <div key={i} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
              <Skeleton className="h-6 w-1/2" />
              <Skeleton className="h-28 w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="h-80 w-full rounded-xl" />
      </div>
    </div>
  );
}
