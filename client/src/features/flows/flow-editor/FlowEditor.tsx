import { useState } from 'react';
import { M } from '../../../../../shared/messages';
import { cn } from '../../../lib/cn';
import type { FlowDetail } from '../flowParts';
import { FlowPreview } from '../FlowPreview';
import { EditorViewTabs, FlowSubmissions, type EditorView } from '../FlowSubmissions';
import { useStepSaver } from '../useStepSaver';
import { type FlowKey, useEditorRefresh } from './editorState';
import { DeleteFieldDialog, EditFieldDialog, useFieldActions } from './fieldActions';
import { BackLink, FlowHeader } from './FlowHeader';
import { DeleteStepDialog, useStepActions } from './stepActions';
import { StepsSection } from './StepsSection';
import { useStepOrder } from './useStepOrder';

const F = M.flows;

/**
 * The flow editor (spec §2.9): the flow's header and actions, then two views: the builder (the steps on the left,
 * the live preview on the right) and the clients' submissions.
 */
export function FlowEditor({ flow, flowKey }: { flow: FlowDetail; flowKey: FlowKey }) {
  const type = flow.workflowType;
  const saver = useStepSaver(flowKey, flow.stepsOfFlow);
  const { invalidateLists, refreshFlow } = useEditorRefresh(flowKey);
  const order = useStepOrder(flow.id, flowKey, saver.steps, refreshFlow);
  const stepActions = useStepActions(flowKey, saver.forget, invalidateLists);
  const fieldActions = useFieldActions(refreshFlow);
  const [view, setView] = useState<EditorView>('builder');
  const { steps } = order;

  return (
    <>
      <BackLink />
      <FlowHeader flow={flow} stepCount={steps.length} />

      <EditorViewTabs flowId={flow.id} view={view} onChange={setView} />
      {view === 'submissions' && <FlowSubmissions flowId={flow.id} />}
      <div
        className={cn(
          'grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(20rem,26rem)] xl:grid-cols-[minmax(0,1fr)_minmax(24rem,32rem)]',
          view !== 'builder' && 'hidden',
        )}
      >
        <StepsSection
          flowId={flow.id}
          type={type}
          saver={saver}
          order={order}
          stepActions={stepActions}
          fieldActions={fieldActions}
        />
        <aside className="min-w-0 lg:sticky lg:top-24" aria-label={F.previewOf(flow.name)}>
          <FlowPreview steps={steps} scrollable className="lg:max-h-[calc(100dvh-7.5rem)] lg:overflow-y-auto" />
        </aside>
      </div>

      <EditFieldDialog actions={fieldActions} onSaved={refreshFlow} />
      <DeleteStepDialog actions={stepActions} />
      <DeleteFieldDialog actions={fieldActions} />
    </>
  );
}
