import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { M } from '../../../../../shared/messages';
import type { FlowStepRow } from '../flowParts';
import { StepCard } from '../StepCard';
import type { useStepSaver } from '../useStepSaver';
import type { FieldActions } from './fieldActions';
import type { StepActions } from './stepActions';
import type { useStepOrder } from './useStepOrder';

const F = M.flows;

/** What a screen reader hears while a step is dragged (by its title, or 'Step n' while it has none). */
function reorderAnnouncements(steps: FlowStepRow[]): Announcements {
  const ids = steps.map((s) => s.id);
  const nameOf = (id: UniqueIdentifier) => {
    const i = ids.indexOf(Number(id));
    return steps[i]?.stepTitle.trim() || F.stepTitle(i + 1);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  return {
    onDragStart: ({ active }) => F.pickedUp(nameOf(active.id)),
    onDragOver: ({ active, over }) =>
      over ? F.movedTo(nameOf(active.id), positionOf(over.id), ids.length) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? F.droppedAt(nameOf(active.id), positionOf(over.id), ids.length) : F.reorderCancelled(nameOf(active.id)),
    onDragCancel: ({ active }) => F.reorderCancelled(nameOf(active.id)),
  };
}

type Props = {
  saver: ReturnType<typeof useStepSaver>;
  order: ReturnType<typeof useStepOrder>;
  stepActions: StepActions;
  fieldActions: FieldActions;
};

/** The editor's steps as a sortable list: drag by the handle (mouse, or Space then arrows) or use the move buttons. */
export function StepList({ saver, order, stepActions, fieldActions }: Props) {
  const { steps, reorder, moveStep } = order;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = steps.map((s) => s.id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    reorder(arrayMove(ids, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };
  const { openField, setFieldToDelete } = fieldActions;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: reorderAnnouncements(steps),
        screenReaderInstructions: { draggable: F.reorderInstructions },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className="mb-4 space-y-4" aria-label={F.steps}>
          {steps.map((step, index) => (
            <StepCard
              key={step.id}
              step={step}
              index={index}
              total={steps.length}
              focusTitle={stepActions.focusId === step.id}
              onFocused={stepActions.clearFocus}
              onChange={(change) => saver.edit(step.id, change)}
              onFlush={() => saver.flush(step.id)}
              onMove={(by) => moveStep(index, by)}
              onDelete={() => stepActions.setStepToDelete(step)}
              onAddField={() => openField(step, null)}
              onBlocks={(blocks) => stepActions.setBlocks(step.id, blocks)}
              blocksBusy={stepActions.blocksBusyFor(step.id)}
              onEditField={(field) => openField(step, field)}
              onDeleteField={setFieldToDelete}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
