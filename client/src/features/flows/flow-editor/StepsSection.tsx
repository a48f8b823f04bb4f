import { Plus } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import { FLOW_LIMITS } from '../../../../../shared/schemas/flows';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { FlowTypeTile, type FlowType } from '../flowParts';
import type { useStepSaver } from '../useStepSaver';
import type { FieldActions } from './fieldActions';
import { SaveIndicator } from './SaveIndicator';
import type { StepActions } from './stepActions';
import { StepList } from './StepList';
import type { useStepOrder } from './useStepOrder';

const F = M.flows;

/** The add-step button of each flow type (spec §2.9). */
const addStepLabel: Record<FlowType, string> = {
  onboard: F.addContentStep,
  inform: F.addInformationStep,
  collect: F.addFormStep,
};

type Props = {
  flowId: number;
  type: FlowType;
  saver: ReturnType<typeof useStepSaver>;
  order: ReturnType<typeof useStepOrder>;
  stepActions: StepActions;
  fieldActions: FieldActions;
};

/** The builder's left column: the steps with their count and save state, then the add-step card. */
export function StepsSection({ flowId, type, saver, order, stepActions, fieldActions }: Props) {
  const { steps } = order;
  return (
    <section aria-labelledby="flow-steps-heading" className="min-w-0">
      <div className="mb-3 flex min-h-8 items-center justify-between gap-3">
        <h2 id="flow-steps-heading" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {F.steps}
          {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the count badge names its number; axe accepts it and the e2e tests read it */}
          <span
            className="rounded-full bg-slate-200/80 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums"
            aria-label={F.stepsCount(steps.length)}
          >
            {steps.length}
          </span>
        </h2>
        <SaveIndicator state={saver.state} onRetry={saver.retry} />
      </div>

      {steps.length > 0 && (
        <StepList type={type} saver={saver} order={order} stepActions={stepActions} fieldActions={fieldActions} />
      )}

      <AddStepCard
        type={type}
        count={steps.length}
        busy={stepActions.createStep.isPending}
        reordering={order.reordering}
        onAdd={() => stepActions.createStep.mutate({ flowId })}
      />
    </section>
  );
}

type AddStepProps = { type: FlowType; count: number; busy: boolean; reordering: boolean; onAdd: () => void };

/** The add-step card (spec §2.9); with no steps yet it is the page's empty state. */
function AddStepCard({ type, count, busy, reordering, onAdd }: AddStepProps) {
  const stepLimit = count >= FLOW_LIMITS.stepsMax;
  return (
    <div
      className={cn(
        'flex flex-col items-center gap-2 rounded-xl border-2 border-dashed px-6 text-center',
        count ? 'border-slate-200 bg-slate-50/60 py-6' : 'border-slate-300 bg-white py-12',
      )}
    >
      {count === 0 && (
        <>
          <FlowTypeTile type={type} />
          <p className="mt-1 text-sm font-semibold text-slate-900">{F.noSteps}</p>
          <p className="mb-3 max-w-sm text-sm text-slate-500">{F.noStepsText}</p>
        </>
      )}
      <Button variant={count ? 'secondary' : 'primary'} busy={busy} disabled={reordering || stepLimit} onClick={onAdd}>
        {!busy && <Plus className="size-4" aria-hidden />} {addStepLabel[type]}
      </Button>
      <p className="text-xs text-slate-500">{stepLimit ? F.tooManySteps(FLOW_LIMITS.stepsMax) : F.typeHints[type]}</p>
    </div>
  );
}
