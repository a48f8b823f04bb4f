import { type ReactNode, useId } from 'react';
import { Eye, Upload } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { controlClass, RequiredMark } from '../../ui/Field';
import { Markdown } from '../../ui/Markdown';
import type { FlowFieldRow, FlowStepRow } from './flowParts';

const F = M.flows;

/**
 * The live preview (spec §2.9): numbered step titles, then the step as the client will see it: its text, as rendered
 * markdown (or plain text with its line breaks for an information step), above the form's controls, disabled, with
 * the required asterisk and help text. It follows every keystroke of the editor.
 * `scrollable`: the caller caps its height, so it is a tab stop (named by its heading) that the arrow keys scroll.
 */
export function FlowPreview({
  steps,
  scrollable = false,
  className,
}: {
  steps: FlowStepRow[];
  scrollable?: boolean;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      tabIndex={scrollable ? 0 : undefined}
      className={cn(
        'overflow-hidden rounded-xl bg-white shadow-xs ring-1 ring-slate-200',
        scrollable && 'focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        className,
      )}
    >
      <header className="flex items-center gap-2 border-b border-slate-200 bg-slate-50/80 px-4 py-3">
        <Eye className="size-4 text-slate-400" aria-hidden />
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {F.livePreview}
        </h2>
      </header>
      {steps.length === 0 ? (
        <p className="px-6 py-12 text-center text-sm text-slate-500">{F.noStepsPreview}</p>
      ) : (
        <ol className="divide-y divide-slate-100" data-flow-preview>
          {steps.map((step, i) => (
            <li key={step.id} className="px-5 py-5">
              <div className="flex items-start gap-3">
                <span
                  className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-600 text-xs font-semibold text-white tabular-nums"
                  aria-hidden
                >
                  {i + 1}
                </span>
                <h3 className="min-w-0 pt-px text-[0.95rem] font-semibold break-words text-slate-900">
                  <span className="sr-only">{i + 1}. </span>
                  {step.stepTitle.trim() || F.stepTitle(i + 1)}
                </h3>
              </div>
              <div className="mt-3 pl-9">
                <StepBody step={step} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A step's text above its form (issue 29: a step may show both). */
function StepBody({ step }: { step: FlowStepRow }) {
  return (
    <div className="space-y-4">
      {step.hasContent && <StepText step={step} />}
      {step.hasFields &&
        (step.fieldsOfFlowStep.length === 0 ? (
          <p className="text-sm text-slate-500 italic">{F.noFields}</p>
        ) : (
          <div className="space-y-4">
            {step.fieldsOfFlowStep.map((field) => (
              <PreviewField key={field.id} field={field} />
            ))}
          </div>
        ))}
    </div>
  );
}

function StepText({ step }: { step: FlowStepRow }) {
  if (step.stepType !== 'information')
    return (
      <Markdown shiftHeadings={2} empty={<Placeholder />}>
        {step.content}
      </Markdown>
    );
  return step.content.trim() ? (
    <p className="text-sm leading-6 break-words whitespace-pre-line text-slate-700">{step.content}</p>
  ) : (
    <Placeholder />
  );
}

function Placeholder() {
  return <p className="text-sm text-slate-500 italic">{F.contentPlaceholder}</p>;
}

/** One form field as the client will fill it in, disabled here. */
function PreviewField({ field }: { field: FlowFieldRow }) {
  const id = useId();
  const helpId = field.helpText ? `${id}-help` : undefined;
  const label = (
    <>
      {field.fieldLabel}
      {field.isRequired && <RequiredMark />}
    </>
  );
  const help = field.helpText && (
    <p id={helpId} className="text-xs text-slate-500">
      {field.helpText}
    </p>
  );

  if (field.fieldType === 'checkbox')
    return (
      <div className="space-y-1">
        <label htmlFor={id} className="flex items-start gap-2 text-sm font-medium text-slate-700">
          <input
            id={id}
            type="checkbox"
            disabled
            aria-describedby={helpId}
            className="mt-0.5 size-4 rounded accent-brand-600"
          />
          <span>{label}</span>
        </label>
        {help && <div className="pl-6">{help}</div>}
      </div>
    );

  let control: ReactNode;
  if (field.fieldType === 'textarea')
    control = <textarea id={id} disabled rows={3} aria-describedby={helpId} className={controlClass()} />;
  else if (field.fieldType === 'select')
    control = (
      <select id={id} disabled aria-describedby={helpId} className={controlClass()} defaultValue="">
        <option value="">{F.selectPlaceholder}</option>
        {field.choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    );
  else if (field.fieldType === 'file')
    control = (
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 px-3 py-2.5">
        <Upload className="size-4 shrink-0 text-slate-400" aria-hidden />
        <input
          id={id}
          type="file"
          disabled
          aria-describedby={helpId}
          className="min-w-0 flex-1 text-sm text-slate-500 file:mr-3 file:rounded-md file:border-0 file:bg-white file:px-2.5 file:py-1 file:text-sm file:font-medium file:text-slate-600 file:ring-1 file:ring-slate-300"
        />
      </div>
    );
  else
    control = (
      <input
        id={id}
        type={field.fieldType === 'date' ? 'date' : 'text'}
        disabled
        aria-describedby={helpId}
        className={controlClass()}
      />
    );

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {control}
      {help}
      {field.fieldType === 'select' && field.choices.length > 0 && (
        <ul className="flex flex-wrap gap-1.5 pt-0.5" aria-label={M.flows.fieldForm.choices}>
          {field.choices.map((choice) => (
            <li key={choice} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
              {choice}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
