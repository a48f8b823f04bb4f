import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../../lib/trpc';
import type { FlowStepRow } from '../flowParts';

/** The key of the flow the editor shows (flows.get). */
export type FlowKey = { flowUid: string };

/** The steps in their saved order (step_order, then id). */
export const byOrder = (a: FlowStepRow, b: FlowStepRow) => a.stepOrder - b.stepOrder || a.id - b.id;

/** Reads the flow again after a change; the flow lists show step counts, so they are read again when steps come or go. */
export function useEditorRefresh(flowKey: FlowKey) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const invalidateLists = useCallback(
    () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const path = query.queryKey[0];
          return Array.isArray(path) && path[0] === 'flows' && path[1] === 'list';
        },
      }),
    [queryClient],
  );
  const refreshFlow = useCallback(() => void utils.flows.get.invalidate(flowKey), [utils, flowKey]);
  return { invalidateLists, refreshFlow };
}
