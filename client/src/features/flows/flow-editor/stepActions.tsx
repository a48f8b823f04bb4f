import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { M } from '../../../../../shared/messages';
import { errorText, trpc } from '../../../lib/trpc';
import { ConfirmDialog, type FlowStepRow } from '../flowParts';
import { byOrder, type FlowKey } from './editorState';

const F = M.flows;

/** Adding a step (its title then takes the focus), deleting one after a confirmation, and its text and form blocks. */
export function useStepActions(flowKey: FlowKey, forget: (stepId: number) => void, invalidateLists: () => void) {
  const utils = trpc.useUtils();
  const [focusId, setFocusId] = useState<number | null>(null);
  const clearFocus = useCallback(() => setFocusId(null), []);
  const createStep = trpc.flowSteps.create.useMutation({
    onSuccess: (step) => {
      toast.success(F.stepCreated);
      utils.flows.get.setData(flowKey, (f) =>
        f && !f.stepsOfFlow.some((s) => s.id === step.id)
          ? { ...f, stepCount: f.stepCount + 1, stepsOfFlow: [...f.stepsOfFlow, step] }
          : f,
      );
      setFocusId(step.id);
      invalidateLists();
    },
    onError: (error) => toast.error(F.stepCreateFailed, { description: errorText(error) ?? undefined }),
  });

  const [stepToDelete, setStepToDelete] = useState<FlowStepRow | null>(null);
  // The dialog keeps its text while it closes.
  const [lastStepAsked, setLastStepAsked] = useState<FlowStepRow | null>(null);
  if (stepToDelete && stepToDelete !== lastStepAsked) setLastStepAsked(stepToDelete);
  const removeStep = trpc.flowSteps.remove.useMutation({
    onSuccess: ({ id }) => {
      forget(id);
      utils.flows.get.setData(flowKey, (f) => {
        if (!f) return f;
        const left = f.stepsOfFlow.filter((s) => s.id !== id).sort(byOrder);
        return { ...f, stepCount: left.length, stepsOfFlow: left.map((s, i) => ({ ...s, stepOrder: i + 1 })) };
      });
      toast.success(F.stepDeleted);
      setStepToDelete(null);
      invalidateLists();
    },
    onError: (error) => toast.error(F.stepDeleteFailed, { description: errorText(error) ?? undefined }),
  });

  // "Add text" on a form step, "Remove text", "Remove form" (issue 29): the step's blocks, as the server now has them.
  const blocks = trpc.flowSteps.update.useMutation({
    onSuccess: (step) =>
      utils.flows.get.setData(
        flowKey,
        (f) =>
          f && {
            ...f,
            stepsOfFlow: f.stepsOfFlow.map((s) =>
              s.id === step.id ? { ...s, hasContent: step.hasContent, hasFields: step.hasFields } : s,
            ),
          },
      ),
    onError: (error) => toast.error(F.blockFailed, { description: errorText(error) ?? undefined }),
  });
  const setBlocks = (stepId: number, change: { hasContent?: boolean; hasFields?: boolean }) =>
    blocks.mutate({ id: stepId, ...change });
  const blocksBusyFor = (stepId: number) => blocks.isPending && blocks.variables?.id === stepId;

  return {
    focusId,
    clearFocus,
    createStep,
    stepToDelete,
    setStepToDelete,
    lastStepAsked,
    removeStep,
    setBlocks,
    blocksBusyFor,
  };
}

export type StepActions = ReturnType<typeof useStepActions>;

/** Asks before a step (and its fields) is deleted. */
export function DeleteStepDialog({ actions }: { actions: StepActions }) {
  const { stepToDelete, lastStepAsked, removeStep, setStepToDelete } = actions;
  return (
    <ConfirmDialog
      open={stepToDelete !== null}
      title={F.deleteStepTitle(lastStepAsked?.stepTitle.trim() || F.deleteStep)}
      text={F.deleteStepText(lastStepAsked?.fieldsOfFlowStep.length ?? 0)}
      confirmLabel={F.delete}
      busyLabel={F.deleting}
      busy={removeStep.isPending}
      onConfirm={() => stepToDelete && removeStep.mutate({ id: stepToDelete.id })}
      onClose={() => setStepToDelete(null)}
    />
  );
}
