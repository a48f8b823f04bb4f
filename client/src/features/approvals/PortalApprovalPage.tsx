import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ExternalLink, FileQuestion, MessageSquare } from 'lucide-react';
import { APPROVALS_LIVE_TOPIC } from '../../../../shared/live';
import { M } from '../../../../shared/messages';
import { APPROVAL_COMMENT_MAX } from '../../../../shared/schemas/approvals';
import { useLiveEvents } from '../../lib/live';
import { errorText, fieldIssues, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { TextareaField } from '../../ui/Field';
import { Markdown } from '../../ui/Markdown';
import { useFileViewer } from '../documents/viewer/useFileViewer';
import { viewerKind } from '../documents/viewer/types';
import { PortalNotFound, PortalPageHeader } from '../portal/PortalUi';
import { portalPath, usePortalUser } from '../portal/session';
import { ApprovalBadge, formatWhen, StepBadge } from './approvalParts';

const A = M.approvals;

/**
 * /portal/{slug}/approvals/{id}: one approval request of the client's company — the file to open, the agency's
 * message, each step — and, when it is this contact's turn, Approve or Request changes (a comment is required then;
 * comments are sanitised markdown, like messages).
 */
export default function PortalApprovalPage() {
  const user = usePortalUser();
  const params = useParams();
  const requestId = Number(params.id);
  const slug = params.slug ?? '';
  const utils = trpc.useUtils();
  const query = trpc.portalApprovals.get.useQuery({ requestId }, { enabled: Number.isInteger(requestId) });
  useLiveEvents(APPROVALS_LIVE_TOPIC, () => void utils.portalApprovals.invalidate());
  const viewer = useFileViewer();
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const decide = trpc.portalApprovals.decide.useMutation({
    onSuccess: (data) => {
      utils.portalApprovals.get.setData({ requestId }, data);
      void utils.portalApprovals.reviews.invalidate();
      setProblem(null);
      setDone(true);
    },
    onError: (error) => setProblem(fieldIssues(error)[0]?.message ?? errorText(error) ?? M.common.error),
  });
  const request = query.data;
  useDocumentTitle(`${request?.documentName ?? A.needsReview} · ${user.business.name}`);

  if (query.isError && !request) {
    return errorText(query.error) === A.notFound ? (
      <PortalNotFound
        title={A.notFound}
        text={A.needsReviewEmpty}
        to={portalPath(slug, 'dashboard')}
        label={M.portal.dashboard.title}
        Icon={FileQuestion}
      />
    ) : (
      <LoadFailed onRetry={() => void query.refetch()} />
    );
  }
  if (!request)
    return (
      <div className="space-y-4" role="status" aria-label={M.common.loading}>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </div>
    );

  const send = (decision: 'approve' | 'request_changes') =>
    decide.mutate({
      requestId,
      decision,
      comment: comment.trim() || undefined,
      versionNumber: request.versionNumber,
    });

  return (
    <>
      <PortalPageHeader title={request.documentName} subtitle={A.versionLabel(request.versionNumber)}>
        <ApprovalBadge status={request.status} overdue={request.overdue} />
      </PortalPageHeader>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <section className="space-y-3 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200">
            <p className="text-sm text-slate-600">
              {A.requestedBy(request.requestedByName, formatWhen(request.createdAt))}
              {request.dueAt && ` · ${A.due(formatWhen(request.dueAt))}`}
            </p>
            {request.message && <p className="text-sm whitespace-pre-line text-slate-800">{request.message}</p>}
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {viewerKind(request.mimeType) && (
                <Button
                  size="sm"
                  variant="secondary"
                  onClick={() =>
                    viewer.open({
                      name: request.documentName,
                      url: request.fileUrl,
                      mimeType: request.mimeType,
                      review: { documentId: request.documentId, number: request.versionNumber, portal: true },
                    })
                  }
                >
                  <MessageSquare className="size-4" aria-hidden /> {A.previewAndComment}
                </Button>
              )}
              <a
                href={request.fileUrl}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
              >
                <ExternalLink className="size-4" aria-hidden /> {A.openFile}
              </a>
            </div>
          </section>
          {viewer.viewer}

          {request.canDecide && !done ? (
            <section
              aria-label={A.reviewFile}
              className="space-y-4 rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200"
            >
              <TextareaField
                label={A.commentOptional}
                rows={4}
                maxLength={APPROVAL_COMMENT_MAX}
                value={comment}
                onChange={(e) => setComment(e.target.value)}
                error={problem ?? undefined}
              />
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" busy={decide.isPending} onClick={() => send('request_changes')}>
                  {A.requestChanges}
                </Button>
                <Button busy={decide.isPending} onClick={() => send('approve')}>
                  {A.approve}
                </Button>
              </div>
            </section>
          ) : (
            (done || request.status !== 'pending') && (
              <p
                className={
                  done || request.status === 'approved'
                    ? 'rounded-xl bg-emerald-50 p-4 text-sm text-emerald-800 ring-1 ring-emerald-600/20'
                    : 'rounded-xl bg-slate-100 p-4 text-sm text-slate-700 ring-1 ring-slate-300'
                }
                role="status"
              >
                {done ? A.decided : (A.statuses[request.status] ?? request.status)}
              </p>
            )
          )}
          {!request.canDecide && request.status === 'pending' && !done && (
            <p className="text-sm text-slate-500">{A.waitingForOthers}</p>
          )}
        </div>
        <aside className="space-y-2">
          <h2 className="text-sm font-semibold text-slate-900">{A.certificateSteps}</h2>
          <ol className="space-y-2">
            {request.steps.map((step) => (
              <li key={step.id} className="rounded-lg bg-white p-3 text-sm shadow-xs ring-1 ring-slate-200">
                <div className="flex items-center justify-between gap-2">
                  <span className="font-medium text-slate-800">{step.contact?.name ?? A.anyContact}</span>
                  <StepBadge status={step.status} />
                </div>
                {step.decidedAt && (
                  <p className="mt-1 text-xs text-slate-500">
                    {step.decidedByName} · {formatWhen(step.decidedAt)}
                  </p>
                )}
                {step.comment && <Markdown className="mt-1">{step.comment}</Markdown>}
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </>
  );
}
