import { useCallback, useMemo, useRef, useState } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import { toast } from 'sonner';
import { M } from '../../../../../shared/messages';
import { errorText, trpc } from '../../../lib/trpc';
import type { FlowStepRow } from '../flowParts';
import { byOrder, type FlowKey } from './editorState';

const F = M.flows;

/**
 * The order of the steps: shown at once, saved one request at a time (the last order wins), reverted if a save
 * fails. `steps` is the list the editor shows, in that order.
 */
export function useStepOrder(flowId: number, flowKey: FlowKey, savedSteps: FlowStepRow[], refreshFlow: () => void) {
  const utils = trpc.useUtils();
  const [order, setOrder] = useState<number[] | null>(null);
  const reorderQueue = useRef<{ running: boolean; next: number[] | null }>({ running: false, next: null });
  const steps = useMemo(() => {
    const saved = [...savedSteps].sort(byOrder);
    if (!order) return saved;
    const byId = new Map(saved.map((s) => [s.id, s]));
    const placed = order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return [...placed, ...saved.filter((s) => !order.includes(s.id))];
  }, [savedSteps, order]);

  const sendOrder = useCallback(
    async (ids: number[]) => {
      const queue = reorderQueue.current;
      queue.next = ids;
      if (queue.running) return;
      queue.running = true;
      try {
        while (queue.next) {
          const stepIds = queue.next;
          queue.next = null;
          await utils.client.flowSteps.reorder.mutate({ flowId, stepIds });
          const position = new Map(stepIds.map((id, i) => [id, i + 1]));
          utils.flows.get.setData(
            flowKey,
            (f) =>
              f && {
                ...f,
                stepsOfFlow: f.stepsOfFlow
                  .map((s) => ({ ...s, stepOrder: position.get(s.id) ?? s.stepOrder }))
                  .sort(byOrder),
              },
          );
        }
        setOrder(null);
      } catch (error) {
        queue.next = null;
        setOrder(null);
        toast.error(F.reorderFailed, { description: errorText(error) ?? undefined });
        refreshFlow();
      } finally {
        queue.running = false;
      }
    },
    [utils, flowId, flowKey, refreshFlow],
  );
  const reorder = (ids: number[]) => {
    setOrder(ids);
    void sendOrder(ids);
  };
  const moveStep = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= steps.length) return;
    reorder(
      arrayMove(
        steps.map((s) => s.id),
        index,
        target,
      ),
    );
  };
  return { steps, reordering: order !== null, reorder, moveStep };
}
