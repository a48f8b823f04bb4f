import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ArrowLeft, Building2, Copy, EyeOff, FileStack, Send, Trash2 } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { DeleteFlowDialog, PublishFlowDialog, useDuplicateFlow, useUnpublishFlow } from '../flowActions';
import { SaveAsTemplateDialog } from '../../templates/TemplateDialogs';
import { ActiveBadge, FlowTypeBadge, FlowTypeTile, type FlowDetail } from '../flowParts';

const F = M.flows;

export function BackLink() {
  return (
    <Link
      to="/hub/flows"
      className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <ArrowLeft className="size-4" aria-hidden /> {F.backToFlows}
    </Link>
  );
}

/** The flow's name, type, publication state, description and company, with its actions. */
export function FlowHeader({ flow, stepCount }: { flow: FlowDetail; stepCount: number }) {
  const type = flow.workflowType;
  return (
    <header className="mt-4 mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="flex min-w-0 items-start gap-4">
        <FlowTypeTile type={type} size="lg" />
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{flow.name}</h1>
            <span className="flex items-center gap-1.5">
              <FlowTypeBadge type={type} />
              <ActiveBadge active={flow.isActive} />
            </span>
          </div>
          <p className="mt-1 max-w-3xl text-sm leading-6 break-words whitespace-pre-line text-slate-600">
            {flow.description}
          </p>
          <PublicationHint active={flow.isActive} steps={stepCount} />
          <p className="mt-1 flex min-w-0 items-center gap-1.5 text-sm text-slate-500">
            <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
            {flow.companyOfFlow ? (
              <Link
                to={`/hub/companies/${flow.companyOfFlow.id}`}
                className="truncate rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                {flow.companyOfFlow.name}
              </Link>
            ) : (
              <span>{F.noCompany}</span>
            )}
          </p>
        </div>
      </div>
      <FlowActions flow={flow} stepCount={stepCount} />
    </header>
  );
}

/** Whether clients see the flow, in words (the badge says Draft / Published). */
function PublicationHint({ active, steps }: { active: boolean; steps: number }) {
  const text = !active ? F.draftHint : steps === 0 ? F.publishedNoStepsHint : F.publishedHint;
  return (
    <p
      data-publication={active ? 'published' : 'draft'}
      className={cn('mt-2 max-w-3xl text-sm', active && steps > 0 ? 'text-emerald-700' : 'text-amber-700')}
    >
      {text}
    </p>
  );
}

/** The flow itself: publish or unpublish (issue 27), duplicate, delete; with their dialogs. */
function FlowActions({ flow, stepCount }: { flow: FlowDetail; stepCount: number }) {
  const navigate = useNavigate();
  const [publishing, setPublishing] = useState(false);
  const { unpublish, pendingId: unpublishingId } = useUnpublishFlow();
  const { duplicate, pendingId } = useDuplicateFlow();
  const [deletingFlow, setDeletingFlow] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  return (
    <>
      <div className="flex shrink-0 flex-wrap gap-2 self-start" role="group" aria-label={F.flowActions}>
        {flow.isActive ? (
          <Button variant="secondary" busy={unpublishingId === flow.id} onClick={() => unpublish(flow)}>
            {unpublishingId !== flow.id && <EyeOff className="size-4" aria-hidden />}{' '}
            {unpublishingId === flow.id ? F.unpublishing : F.unpublish}
          </Button>
        ) : (
          <Button onClick={() => setPublishing(true)}>
            <Send className="size-4" aria-hidden /> {F.publish}
          </Button>
        )}
        <Button variant="secondary" busy={pendingId === flow.id} onClick={() => duplicate(flow)}>
          {pendingId !== flow.id && <Copy className="size-4" aria-hidden />} {F.duplicate}
        </Button>
        <Button variant="secondary" onClick={() => setSavingTemplate(true)}>
          <FileStack className="size-4" aria-hidden /> {M.templates.saveAsTemplate}
        </Button>
        <Button
          variant="secondary"
          onClick={() => setDeletingFlow(true)}
          className="text-red-700! hover:bg-red-50!"
          aria-label={F.deleteFlowNamed(flow.name)}
          title={F.deleteFlowNamed(flow.name)}
        >
          <Trash2 className="size-4" aria-hidden /> <span className="hidden sm:inline">{F.delete}</span>
        </Button>
      </div>
      <PublishFlowDialog flow={publishing ? flow : null} onClose={() => setPublishing(false)} />
      <SaveAsTemplateDialog
        open={savingTemplate}
        onClose={() => setSavingTemplate(false)}
        source={{ kind: 'flow', id: flow.id, name: flow.name }}
      />
      <DeleteFlowDialog
        flow={deletingFlow ? { id: flow.id, name: flow.name, stepCount } : null}
        onClose={() => setDeletingFlow(false)}
        onDeleted={() => void navigate('/hub/flows', { replace: true })}
      />
    </>
  );
}
