import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  AlignLeft,
  ArrowDown,
  ArrowUp,
  CalendarDays,
  FileText,
  GripVertical,
  ListChecks,
  Paperclip,
  Pencil,
  Plus,
  SquareCheck,
  Trash2,
  Type,
  X,
  type LucideIcon,
} from 'lucide-react';
import { M } from '../../../../shared/messages';
import { FLOW_LIMITS } from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { controlClass, RequiredMark } from '../../ui/Field';
import { Markdown } from '../../ui/Markdown';
import { type FlowFieldRow, type FlowStepRow, stepTypeIcon } from './flowParts';

const F = M.flows;

const fieldIcon: Record<string, LucideIcon> = {
  text: Type,
  textarea: AlignLeft,
  file: Paperclip,
  select: ListChecks,
  checkbox: SquareCheck,
  date: CalendarDays,
};

const iconButton =
  'grid size-8 shrink-0 place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-30';

export type StepCardProps = {
  step: FlowStepRow;
  index: number;
  total: number;
  /** Focus the title once (a step just added). */
  focusTitle: boolean;
  onFocused: () => void;
  onChange: (change: { stepTitle?: string; content?: string }) => void;
  /** A field of the step lost focus: save now. */
  onFlush: () => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onAddField: () => void;
  /** Shows or hides the step's other block (issue 29): text on a form step, the form of a content step. */
  onBlocks: (blocks: { hasContent?: boolean; hasFields?: boolean }) => void;
  /** A block change of this step is being saved. */
  blocksBusy: boolean;
  onEditField: (field: FlowFieldRow) => void;
  onDeleteField: (field: FlowFieldRow) => void;
};

/**
 * One step in the editor: its handle (drag, or Space then arrows), number, editable title, move and delete buttons,
 * then what the step shows, in the portal's order: its text (markdown, or plain text for an information step) above
 * its form fields, with "Add text" / "Add Field" for the block it does not have yet. Typing is saved by the page
 * (useStepSaver).
 */
export function StepCard(props: StepCardProps) {
  const { step, index, total, focusTitle, onFocused, onChange, onFlush, onMove, onDelete } = props;
  const sortable = useSortable({ id: step.id });
  const titleRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const titleError = `${titleId}-error`;
  const titleEmpty = step.stepTitle.trim() === '';
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  /** Moves the step; the focus stays on its move buttons (the card's node moved, which drops the focus). */
  const move = (by: -1 | 1) => {
    onMove(by);
    const to = index + by;
    const next = by === -1 ? (to === 0 ? downRef : upRef) : to === total - 1 ? upRef : downRef;
    requestAnimationFrame(() => next.current?.focus());
  };
  const name = step.stepTitle.trim() || F.stepTitle(index + 1);

  useEffect(() => {
    if (!focusTitle) return;
    titleRef.current?.focus();
    titleRef.current?.select();
    titleRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    onFocused();
  }, [focusTitle, onFocused]);

  return (
    <li
      ref={sortable.setNodeRef}
      style={{ transform: CSS.Translate.toString(sortable.transform), transition: sortable.transition }}
      data-step-card={step.id}
      className={cn(
        'relative rounded-xl bg-white shadow-xs ring-1 ring-slate-200',
        sortable.isDragging && 'z-20 shadow-lg ring-2 ring-brand-400',
      )}
    >
      <div className="flex items-center gap-1.5 border-b border-slate-100 py-2 pr-2 pl-1.5 sm:gap-2 sm:pl-2">
        <button
          type="button"
          ref={sortable.setActivatorNodeRef}
          {...sortable.attributes}
          {...sortable.listeners}
          aria-label={F.dragStep(name)}
          title={F.dragStep(name)}
          className={cn(iconButton, 'cursor-grab touch-none active:cursor-grabbing')}
        >
          <GripVertical className="size-4" aria-hidden />
        </button>
        <span
          className="grid size-6 shrink-0 place-items-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 tabular-nums"
          aria-hidden
        >
          {index + 1}
        </span>
        <StepTypeMark stepType={step.stepType} />
        <div className="min-w-0 flex-1">
          <label htmlFor={titleId} className="sr-only">
            {F.stepTitleLabel(index + 1)}
          </label>
          <input
            ref={titleRef}
            id={titleId}
            value={step.stepTitle}
            maxLength={FLOW_LIMITS.stepTitleMax}
            onChange={(e) => onChange({ stepTitle: e.target.value })}
            onBlur={onFlush}
            autoComplete="off"
            aria-invalid={titleEmpty || undefined}
            aria-describedby={titleEmpty ? titleError : undefined}
            placeholder={F.stepTitle(index + 1)}
            className={cn(
              'block w-full truncate rounded-md border bg-transparent px-2 py-1 text-[0.95rem] font-semibold text-slate-900 placeholder:font-normal placeholder:text-slate-400 focus:ring-2 focus:outline-none',
              titleEmpty
                ? 'border-red-300 focus:border-red-500 focus:ring-red-200'
                : 'border-transparent hover:border-slate-200 focus:border-brand-500 focus:ring-brand-100',
            )}
          />
        </div>
        <div className="flex shrink-0 items-center">
          <button
            ref={upRef}
            type="button"
            className={iconButton}
            onClick={() => move(-1)}
            disabled={index === 0}
            aria-label={F.moveUp(name)}
            title={F.moveUp(name)}
          >
            <ArrowUp className="size-4" aria-hidden />
          </button>
          <button
            ref={downRef}
            type="button"
            className={iconButton}
            onClick={() => move(1)}
            disabled={index === total - 1}
            aria-label={F.moveDown(name)}
            title={F.moveDown(name)}
          >
            <ArrowDown className="size-4" aria-hidden />
          </button>
          <button
            type="button"
            className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
            onClick={onDelete}
            aria-label={F.deleteStepNamed(name)}
            title={F.deleteStepNamed(name)}
          >
            <Trash2 className="size-4" aria-hidden />
          </button>
        </div>
      </div>
      {titleEmpty && (
        <p id={titleError} role="alert" className="px-4 pt-2 text-xs font-medium text-red-600 sm:pl-[4.5rem]">
          {F.stepTitleRequired}
        </p>
      )}
      <StepBody {...props} name={name} />
    </li>
  );
}

/** The step type's icon, named for screen readers (issue 29: the type a step was added as). */
function StepTypeMark({ stepType }: { stepType: FlowStepRow['stepType'] }) {
  const Icon = stepTypeIcon[stepType];
  const label = F.stepTypeLabels[stepType];
  return (
    <span role="img" aria-label={label} title={label} data-step-type={stepType} className="shrink-0 text-slate-400">
      <Icon className="size-4" aria-hidden />
    </span>
  );
}

/**
 * The step's blocks: the text above the fields. The block a step lacks is one button away: "Add Field" beside a
 * content step's text, "Add text" beside a form step's Add Field.
 */
function StepBody(props: StepCardProps & { name: string }) {
  const { step, index, name, onChange, onFlush, onBlocks, onAddField, blocksBusy } = props;
  // After a block is added or removed, the focus goes where the author works next (the new text, or the button back).
  const [focusNext, setFocusNext] = useState<'text' | 'addText' | 'addForm' | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const addTextRef = useRef<HTMLButtonElement>(null);
  const addFormRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target =
      focusNext === 'text' && step.hasContent
        ? textRef.current
        : focusNext === 'addText' && !step.hasContent
          ? addTextRef.current
          : focusNext === 'addForm' && !step.hasFields
            ? addFormRef.current
            : null;
    if (!target) return;
    target.focus();
    setFocusNext(null);
  }, [focusNext, step.hasContent, step.hasFields]);

  return (
    <div
      className="space-y-4 p-4"
      data-step-blocks={[step.hasContent && 'text', step.hasFields && 'fields'].filter(Boolean).join(' ')}
    >
      {step.hasContent && (
        <ContentEditor
          step={step}
          index={index}
          textRef={textRef}
          onChange={(content) => onChange({ content })}
          onFlush={onFlush}
          action={
            step.stepType === 'form' ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onFlush();
                  onBlocks({ hasContent: false });
                  setFocusNext('addText');
                }}
                disabled={blocksBusy}
                aria-label={F.removeTextNamed(name)}
                title={F.removeTextNamed(name)}
              >
                <X className="size-4" aria-hidden /> {F.removeText}
              </Button>
            ) : !step.hasFields ? (
              <Button ref={addFormRef} variant="ghost" size="sm" onClick={onAddField}>
                <Plus className="size-4" aria-hidden /> {F.addField}
              </Button>
            ) : null
          }
        />
      )}
      {step.hasFields && (
        <StepFields
          {...props}
          extra={
            !step.hasContent ? (
              <Button
                ref={addTextRef}
                variant="ghost"
                size="sm"
                busy={blocksBusy}
                onClick={() => {
                  onBlocks({ hasContent: true });
                  setFocusNext('text');
                }}
              >
                {!blocksBusy && <FileText className="size-4" aria-hidden />} {F.addText}
              </Button>
            ) : step.stepType !== 'form' && step.fieldsOfFlowStep.length === 0 ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  onBlocks({ hasFields: false });
                  setFocusNext('addForm');
                }}
                disabled={blocksBusy}
                aria-label={F.removeFormNamed(name)}
                title={F.removeFormNamed(name)}
              >
                <X className="size-4" aria-hidden /> {F.removeForm}
              </Button>
            ) : null
          }
        />
      )}
    </div>
  );
}

type ContentEditorProps = {
  step: FlowStepRow;
  index: number;
  textRef: React.Ref<HTMLTextAreaElement>;
  onChange: (content: string) => void;
  onFlush: () => void;
  /** The block button beside the label: "Remove text" (a form step's added text) or "Add Field" (a content step). */
  action: ReactNode;
};

/** Markdown with a Write/Preview switch (plain text for an information step). The textarea grows with its text. */
function ContentEditor({ step, index, textRef, onChange, onFlush, action }: ContentEditorProps) {
  const [mode, setMode] = useState<'write' | 'preview'>('write');
  const id = useId();
  const hintId = `${id}-hint`;
  const markdown = step.stepType !== 'information';
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
        <label htmlFor={id} className="mr-auto text-xs font-medium text-slate-500">
          {F.contentLabel(index + 1)}
        </label>
        {markdown && (
          <div className="inline-flex shrink-0 rounded-lg bg-slate-100 p-0.5">
            {(['write', 'preview'] as const).map((m) => (
              <button
                key={m}
                type="button"
                aria-pressed={mode === m}
                onClick={() => setMode(m)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                  mode === m ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                )}
              >
                {m === 'write' ? F.write : F.preview}
              </button>
            ))}
          </div>
        )}
        {action}
      </div>
      {markdown && mode === 'preview' ? (
        <div className="min-h-32 rounded-lg border border-slate-200 bg-slate-50/50 px-3 py-2.5" data-step-preview>
          <Markdown shiftHeadings={2} empty={<p className="text-sm text-slate-500 italic">{F.contentPlaceholder}</p>}>
            {step.content}
          </Markdown>
        </div>
      ) : (
        <>
          <textarea
            ref={textRef}
            id={id}
            value={step.content}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onFlush}
            maxLength={FLOW_LIMITS.contentMax}
            placeholder={markdown ? F.contentPlaceholder : F.informPlaceholder}
            aria-describedby={markdown ? hintId : undefined}
            spellCheck
            className={cn(
              controlClass(),
              'field-sizing-content max-h-[32rem] min-h-32 resize-y leading-6',
              markdown && 'font-mono text-[0.8125rem]',
            )}
          />
          {markdown && (
            <p id={hintId} className="mt-1.5 text-xs text-slate-500">
              {F.markdownHint}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The step's form fields, each with its type, required mark and help text, and Add Field; beside it "Add text" (a
 * step without text) or "Remove form" (a content step's form with no field left).
 */
function StepFields({
  step,
  name,
  onAddField,
  onEditField,
  onDeleteField,
  extra,
}: StepCardProps & { name: string; extra: ReactNode }) {
  const fields = step.fieldsOfFlowStep;
  return (
    <div data-step-fields>
      {fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
          {F.noFields}
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200" aria-label={F.fieldsOf(name)}>
          {fields.map((field) => {
            const Icon = fieldIcon[field.fieldType] ?? Type;
            return (
              <li key={field.id} className="flex items-start gap-3 px-3 py-2.5" data-field-row={field.id}>
                <span className="mt-0.5 grid size-7 shrink-0 place-items-center rounded-md bg-slate-100 text-slate-500">
                  <Icon className="size-3.5" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                    <span className="min-w-0 text-sm font-medium break-words text-slate-900">
                      {field.fieldLabel}
                      {field.isRequired && <RequiredMark />}
                    </span>
                    <span className="text-xs text-slate-500">{F.fieldTypeLabels[field.fieldType]}</span>
                  </p>
                  {field.fieldType === 'select' && field.choices.length > 0 && (
                    <p className="truncate text-xs text-slate-500">{field.choices.join(' · ')}</p>
                  )}
                  {field.helpText && <p className="text-xs break-words text-slate-500">{field.helpText}</p>}
                </div>
                <div className="-my-0.5 flex shrink-0 items-center">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => onEditField(field)}
                    aria-label={F.editField(field.fieldLabel)}
                    title={F.editField(field.fieldLabel)}
                  >
                    <Pencil className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
                    onClick={() => onDeleteField(field)}
                    aria-label={F.deleteField(field.fieldLabel)}
                    title={F.deleteField(field.fieldLabel)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onAddField} disabled={fields.length >= FLOW_LIMITS.fieldsMax}>
          <Plus className="size-4" aria-hidden /> {F.addField}
        </Button>
        {extra}
      </div>
    </div>
  );
}
