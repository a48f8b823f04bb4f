import { CheckCircle2, CircleDashed, Clock } from 'lucide-react';
import { flowInProgress, flowNotStarted, flowStepOf } from '../../../../../shared/messages/frames';
import { completed } from '../../../../../shared/messages/texts';
import type { PortalFlowState } from '../../../../../shared/schemas/portal-flows';
import { Badge } from '../../../ui/Badge';

/** The portal flows' states (portalFlows.notStarted, .inProgress, .completed, .stepOf), without the section. */
const P = { notStarted: flowNotStarted, inProgress: flowInProgress, completed, stepOf: flowStepOf } as const;

/** Not started (gray), in progress on step n of m (amber), completed (green). */
export function FlowStateBadge({ state }: { state: PortalFlowState }) {
  if (state.status === 'completed')
    return (
      <Badge tone="green" className="gap-1">
        <CheckCircle2 className="size-3.5" aria-hidden /> {P.completed}
      </Badge>
    );
  if (state.status === 'in_progress')
    return (
      <Badge tone="yellow" className="gap-1">
        <Clock className="size-3.5" aria-hidden /> {P.inProgress} · {P.stepOf(state.currentStep, state.stepCount)}
      </Badge>
    );
  return (
    <Badge tone="gray" className="gap-1">
      <CircleDashed className="size-3.5" aria-hidden /> {P.notStarted}
    </Badge>
  );
}

/** The flow type's name as staff call it. */
export const flowTypeLabel = (type: string) =>
  type === 'onboard' ? 'Onboarding' : type === 'collect' ? 'Form' : 'Information';
