import { useState } from 'react';
import { toast } from 'sonner';
import { M } from '../../../../../shared/messages';
import { FLOW_LIMITS } from '../../../../../shared/schemas/flows';
import { errorText, trpc } from '../../../lib/trpc';
import { FieldDialog } from '../FieldDialog';
import { ConfirmDialog, type FlowFieldRow, type FlowStepRow } from '../flowParts';

const F = M.flows;

type FieldDialogState = { open: boolean; stepId: number; field: FlowFieldRow | null; nextOrder: number };

/** The form fields of a step: the add/edit dialog, and delete with a confirmation. Each change reads the flow again. */
export function useFieldActions(refreshFlow: () => void) {
  const [fieldDialog, setFieldDialog] = useState<FieldDialogState>({
    open: false,
    stepId: 0,
    field: null,
    nextOrder: 0,
  });
  const openField = (step: FlowStepRow, field: FlowFieldRow | null) =>
    setFieldDialog({
      open: true,
      stepId: step.id,
      field,
      nextOrder: step.fieldsOfFlowStep.length
        ? Math.min(FLOW_LIMITS.orderMax, Math.max(...step.fieldsOfFlowStep.map((f) => f.order)) + 1)
        : 0,
    });
  const closeField = () => setFieldDialog((d) => ({ ...d, open: false }));

  const [fieldToDelete, setFieldToDelete] = useState<FlowFieldRow | null>(null);
  // The dialog keeps its text while it closes.
  const [lastFieldAsked, setLastFieldAsked] = useState<FlowFieldRow | null>(null);
  if (fieldToDelete && fieldToDelete !== lastFieldAsked) setLastFieldAsked(fieldToDelete);
  const removeField = trpc.flowFields.remove.useMutation({
    onSuccess: () => {
      toast.success(F.fieldDeleted);
      setFieldToDelete(null);
      refreshFlow();
    },
    onError: (error) => toast.error(F.fieldDeleteFailed, { description: errorText(error) ?? undefined }),
  });

  return { fieldDialog, openField, closeField, fieldToDelete, setFieldToDelete, lastFieldAsked, removeField };
}

export type FieldActions = ReturnType<typeof useFieldActions>;

/** The Add / Edit Form Field dialog of the editor. */
export function EditFieldDialog({ actions, onSaved }: { actions: FieldActions; onSaved: () => void }) {
  const { fieldDialog, closeField } = actions;
  return (
    <FieldDialog
      open={fieldDialog.open}
      stepId={fieldDialog.stepId}
      field={fieldDialog.field}
      nextOrder={fieldDialog.nextOrder}
      onClose={closeField}
      onSaved={onSaved}
    />
  );
}

/** Asks before a form field is deleted. */
export function DeleteFieldDialog({ actions }: { actions: FieldActions }) {
  const { fieldToDelete, lastFieldAsked, removeField, setFieldToDelete } = actions;
  return (
    <ConfirmDialog
      open={fieldToDelete !== null}
      title={F.deleteFieldTitle(lastFieldAsked?.fieldLabel ?? '')}
      text={F.deleteFieldText}
      confirmLabel={F.delete}
      busyLabel={F.deleting}
      busy={removeField.isPending}
      onConfirm={() => fieldToDelete && removeField.mutate({ id: fieldToDelete.id })}
      onClose={() => setFieldToDelete(null)}
    />
  );
}
