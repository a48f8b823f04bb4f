import { Plus } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import { FLOW_LIMITS, STEP_KIND, STEP_TYPES } from '../../../../../shared/schemas/flows';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/Button';
import { FlowTypeTile, type FlowType, type StepType, stepTypeIcon } from '../flowParts';
import type { useStepSaver } from '../useStepSaver';
import type { FieldActions } from './fieldActions';
import { SaveIndicator } from './SaveIndicator';
import type { StepActions } from './stepActions';
import { StepList } from './StepList';
import type { useStepOrder } from './useStepOrder';

const F = M.flows;

/** The add-step button of each step type (spec §2.9). */
const addStepLabel: Record<StepType, string> = {
  content: F.addContentStep,
  information: F.addInformationStep,
  form: F.addFormStep,
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
        <StepList saver={saver} order={order} stepActions={stepActions} fieldActions={fieldActions} />
      )}

      <AddStepCard
        type={type}
        count={steps.length}
        adding={stepActions.createStep.isPending ? (stepActions.createStep.variables?.stepType ?? null) : null}
        reordering={order.reordering}
        onAdd={(stepType) => stepActions.createStep.mutate({ flowId, stepType })}
      />
    </section>
  );
}

type AddStepProps = {
  type: FlowType;
  count: number;
  /** The step type being added, or null. */
  adding: StepType | null;
  reordering: boolean;
  onAdd: (stepType: StepType) => void;
};

/**
 * The add-step card (spec §2.9); with no steps yet it is the page's empty state. The flow type's own step comes
 * first; the other two types are offered beside it (issue 29), and any step can take text and fields later.
 */
function AddStepCard({ type, count, adding, reordering, onAdd }: AddStepProps) {
  const stepLimit = count >= FLOW_LIMITS.stepsMax;
  const own = STEP_KIND[type];
  const busy = adding !== null;
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
      <Button
        variant={count ? 'secondary' : 'primary'}
        busy={adding === own}
        disabled={reordering || stepLimit || busy}
        onClick={() => onAdd(own)}
      >
        {adding !== own && <Plus className="size-4" aria-hidden />} {addStepLabel[own]}
      </Button>
      <p className="text-xs text-slate-500">{stepLimit ? F.tooManySteps(FLOW_LIMITS.stepsMax) : F.typeHints[type]}</p>
      {!stepLimit && (
        <div
          role="group"
          aria-label={F.addStepOfType}
          className="mt-1 flex flex-wrap items-center justify-center gap-2"
        >
          <span className="text-xs text-slate-500" aria-hidden>
            {F.addStepOfType}
          </span>
          {STEP_TYPES.filter((t) => t !== own).map((t) => {
            const Icon = stepTypeIcon[t];
            return (
              <Button
                key={t}
                variant="ghost"
                size="sm"
                busy={adding === t}
                disabled={reordering || busy}
                onClick={() => onAdd(t)}
              >
                {adding !== t && <Icon className="size-4" aria-hidden />} {addStepLabel[t]}
              </Button>
            );
          })}
        </div>
      )}
    </div>
  );
}
