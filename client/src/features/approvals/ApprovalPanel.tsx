import { useState } from 'react';
import { toast } from 'sonner';
import { APPROVALS_LIVE_TOPIC } from '../../../../shared/live';
import { M } from '../../../../shared/messages';
import { useLiveEvents } from '../../lib/live';
import { errorText, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/Button';
import { Markdown } from '../../ui/Markdown';
import { ApprovalBadge, formatWhen, StepBadge } from './approvalParts';
import { RequestApprovalDialog } from './RequestApprovalDialog';

const A = M.approvals;
type Request = RouterOutputs['approvals']['forDocument']['requests'][number];

/** One request: its status, who asked and when, the due date, and each step's state and decision. */
function RequestCard({ request, current }: { request: Request; current: boolean }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const cancel = trpc.approvals.cancel.useMutation({
    onSuccess: () => {
      toast.success(A.cancelled);
      void utils.approvals.forDocument.invalidate({ documentId: request.documentId });
      void utils.documents.invalidate();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? undefined }),
  });
  const decided = request.status === 'approved' || request.status === 'changes_requested';
  return (
    <div className={`space-y-3 rounded-lg p-4 ring-1 ring-inset ${current ? 'ring-slate-300' : 'ring-slate-200'}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ApprovalBadge status={request.status} />
          {request.overdue && <ApprovalBadge status="pending" overdue />}
          <span className="text-xs text-slate-500">
            {A.versionLabel(request.versionNumber)} · {A.modes[request.mode]}
          </span>
        </div>
        <div className="flex gap-2">
          {decided && (
            <a
              className={buttonClass('secondary', 'sm')}
              href={`/api/approvals/${request.id}/certificate.pdf`}
              target="_blank"
              rel="noreferrer"
            >
              {A.certificate}
            </a>
          )}
          {request.status === 'pending' &&
            (confirming ? (
              <>
                <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
                  {A.keep}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  busy={cancel.isPending}
                  onClick={() => cancel.mutate({ id: request.id })}
                >
                  {A.cancel}
                </Button>
              </>
            ) : (
              <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
                {A.cancel}
              </Button>
            ))}
        </div>
      </div>
      {confirming && <p className="text-sm text-slate-600">{A.cancelConfirm}</p>}
      <p className="text-xs text-slate-500">
        {A.requestedBy(request.requestedByName, formatWhen(request.createdAt))}
        {request.dueAt && ` · ${A.due(formatWhen(request.dueAt))}`}
      </p>
      {request.message && <p className="text-sm whitespace-pre-line text-slate-700">{request.message}</p>}
      <ol className="space-y-2">
        {request.steps.map((step) => (
          <li key={step.id} className="rounded-md bg-slate-50 px-3 py-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium text-slate-800">
                {request.mode === 'sequence' && <span className="mr-1.5 text-slate-500">{step.position + 1}.</span>}
                {step.contact?.name ?? A.anyContact}
              </span>
              <StepBadge status={step.status} />
            </div>
            {step.decidedAt && (
              <p className="mt-1 text-xs text-slate-500">
                {step.decidedByName} · {formatWhen(step.decidedAt)}
                {step.decidedIp && ` · ${step.decidedIp}`}
              </p>
            )}
            {step.comment && <Markdown className="mt-1">{step.comment}</Markdown>}
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A file's approval panel (issue 31): its current request with each step, the request dialog, cancel, the
 * certificate of a decided request and the earlier requests. Refreshes live when a client decides.
 */
export function ApprovalPanel({ documentId, companyId }: { documentId: number; companyId: number | null }) {
  const [asking, setAsking] = useState(false);
  const utils = trpc.useUtils();
  const approvals = trpc.approvals.forDocument.useQuery({ documentId });
  useLiveEvents(APPROVALS_LIVE_TOPIC, (event) => {
    if ((event.data as { documentId?: number } | null)?.documentId === documentId) void approvals.refetch();
  });
  const data = approvals.data;
  const [latest, ...earlier] = data?.requests ?? [];
  const pending = latest?.status === 'pending';
  return (
    <section aria-labelledby={`approval-${documentId}`} className="space-y-3 border-t border-slate-100 pt-5">
      <div className="flex items-center justify-between gap-3">
        <h3 id={`approval-${documentId}`} className="text-base font-semibold text-slate-900">
          {A.panelTitle}
        </h3>
        {data && companyId !== null && (
          <Button size="sm" onClick={() => setAsking(true)} disabled={!data.sharedWithClient || pending}>
            {A.requestButton}
          </Button>
        )}
      </div>
      {data && !data.sharedWithClient && <p className="text-sm text-slate-500">{A.shareFirstHint}</p>}
      {data && !latest && data.sharedWithClient && <p className="text-sm text-slate-500">{A.noRequests}</p>}
      {latest && <RequestCard request={latest} current />}
      {earlier.length > 0 && (
        <details className="group">
          <summary className="cursor-pointer text-sm font-medium text-slate-700">
            {A.history} ({earlier.length})
          </summary>
          <div className="mt-3 space-y-3">
            {earlier.map((r) => (
              <RequestCard key={r.id} request={r} current={false} />
            ))}
          </div>
        </details>
      )}
      {companyId !== null && (
        <RequestApprovalDialog
          open={asking}
          onClose={() => setAsking(false)}
          documentId={documentId}
          companyId={companyId}
          onSent={() => {
            void utils.approvals.forDocument.invalidate({ documentId });
            void utils.documents.invalidate();
          }}
        />
      )}
    </section>
  );
}
