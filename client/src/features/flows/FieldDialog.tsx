import { useEffect, useRef } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FLOW_FIELD_TYPES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { FLOW_LIMITS, flowFieldFormSchema, type FlowFieldForm } from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { controlClass, SelectField, TextareaField, TextField } from '../../ui/Field';
import { onFormError } from '../../ui/form';
import type { FlowFieldRow } from './flowParts';

const F = M.flows;
const L = F.fieldForm;
type FieldFormOutput = z.output<typeof flowFieldFormSchema>;

const valuesOf = (field: FlowFieldRow | null, nextOrder: number): FlowFieldForm =>
  field
    ? {
        fieldLabel: field.fieldLabel,
        fieldType: field.fieldType,
        order: field.order,
        isRequired: field.isRequired,
        helpText: field.helpText ?? '',
        choices: field.choices.length ? field.choices.map((value) => ({ value })) : [{ value: '' }],
      }
    : {
        fieldLabel: '',
        fieldType: 'text',
        order: nextOrder,
        isRequired: false,
        helpText: '',
        choices: [{ value: '' }],
      };

type FieldDialogProps = {
  open: boolean;
  /** The step the field belongs to. */
  stepId: number;
  /** null: a new field. */
  field: FlowFieldRow | null;
  /** A new field's display order: after the step's last one. */
  nextOrder: number;
  onClose: () => void;
  /** The step's fields are read again (spec §7.4: after each create, update or delete). */
  onSaved: () => void;
};

/** 'Add Form Field' (spec §2.9, §5), also the editor of an existing field. */
export function FieldDialog({ open, stepId, field, nextOrder, onClose, onSaved }: FieldDialogProps) {
  const form = useForm<FlowFieldForm, unknown, FieldFormOutput>({
    resolver: zodResolver(flowFieldFormSchema),
    defaultValues: valuesOf(field, nextOrder),
    // A label left empty says so when the field is left, not only on submit (the button waits for a label).
    mode: 'onTouched',
  });
  const { register, reset, watch, control, formState } = form;
  const errors = formState.errors;
  const choices = useFieldArray({ control, name: 'choices' });

  // Every opening starts from the field (or blank): nothing of the last one stays. A refetch of the flow while the
  // dialog is open (another field saved) never wipes what is being typed.
  const latest = useRef({ field, nextOrder });
  latest.current = { field, nextOrder };
  const target = open ? (field?.id ?? 'new') : null;
  useEffect(() => {
    if (target !== null) reset(valuesOf(latest.current.field, latest.current.nextOrder));
  }, [target, reset]);

  const done = (message: string) => {
    toast.success(message);
    onSaved();
    reset(valuesOf(null, nextOrder));
    onClose();
  };
  const failed = (message: string) =>
    onFormError(form, flowFieldFormSchema, ({ text }) => toast.error(message, { description: text ?? undefined }));
  const create = trpc.flowFields.create.useMutation({
    onSuccess: () => done(F.fieldCreated),
    onError: failed(F.fieldCreateFailed),
  });
  const update = trpc.flowFields.update.useMutation({
    onSuccess: () => done(F.fieldUpdated),
    onError: failed(F.fieldUpdateFailed),
  });
  const pending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit((values) => {
    const list = values.fieldType === 'select' ? values.choices.map((c) => c.value).filter(Boolean) : [];
    const common = {
      fieldLabel: values.fieldLabel,
      fieldType: values.fieldType,
      isRequired: values.isRequired,
      helpText: values.helpText || null,
      order: values.order,
    };
    if (field)
      // A field that stops being a select loses its choices; one that never had any keeps its options as they are.
      update.mutate({
        id: field.id,
        ...common,
        ...(values.fieldType === 'select' || field.choices.length ? { choices: list } : {}),
      });
    else create.mutate({ flowStepId: stepId, ...common, ...(values.fieldType === 'select' ? { choices: list } : {}) });
  });

  const type = watch('fieldType');
  const labelEmpty = !(watch('fieldLabel') ?? '').trim();
  const choicesError = errors.choices?.message ?? errors.choices?.root?.message;
  const close = () => !pending && onClose();

  return (
    <Dialog open={open} onClose={close} title={field ? F.editFormField : F.addFormField}>
      <form onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={L.label}
            required
            autoFocus
            autoComplete="off"
            maxLength={FLOW_LIMITS.labelMax}
            placeholder={L.labelPlaceholder}
            className="sm:col-span-2"
            error={errors.fieldLabel?.message}
            {...register('fieldLabel')}
          />
          <SelectField label={L.type} error={errors.fieldType?.message} {...register('fieldType')}>
            {FLOW_FIELD_TYPES.map((t) => (
              <option key={t} value={t}>
                {F.fieldTypeLabels[t]}
              </option>
            ))}
          </SelectField>
          <TextField
            label={L.order}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            hint={L.orderHint}
            error={errors.order?.message}
            {...register('order')}
          />
          {type === 'select' && (
            <fieldset className="sm:col-span-2" aria-describedby={choicesError ? 'field-choices-error' : undefined}>
              <legend className="mb-1.5 block text-sm font-medium text-slate-700">
                {L.choices}
                <span aria-hidden className="ml-0.5 text-red-600">
                  *
                </span>
              </legend>
              <ol className="space-y-2">
                {choices.fields.map((choice, i) => (
                  <li key={choice.id} className="flex items-center gap-2">
                    <span className="w-5 shrink-0 text-right text-xs text-slate-400 tabular-nums" aria-hidden>
                      {i + 1}.
                    </span>
                    <input
                      aria-label={L.choice(i + 1)}
                      placeholder={L.choice(i + 1)}
                      maxLength={FLOW_LIMITS.choiceMax}
                      autoComplete="off"
                      className={controlClass(!!errors.choices?.[i]?.value || !!choicesError)}
                      {...register(`choices.${i}.value`)}
                      onKeyDown={(event) => {
                        // Enter adds the next choice instead of submitting the form half-done.
                        if (event.key === 'Enter') {
                          event.preventDefault();
                          if (i === choices.fields.length - 1 && choices.fields.length < FLOW_LIMITS.choicesMax)
                            choices.append({ value: '' });
                          else form.setFocus(`choices.${i + 1}.value`);
                        }
                      }}
                    />
                    <button
                      type="button"
                      onClick={() => choices.remove(i)}
                      disabled={choices.fields.length === 1}
                      aria-label={L.removeChoice(i + 1)}
                      title={L.removeChoice(i + 1)}
                      className="grid size-9 shrink-0 place-items-center rounded-lg text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:pointer-events-none disabled:opacity-40"
                    >
                      <X className="size-4" aria-hidden />
                    </button>
                  </li>
                ))}
              </ol>
              {choicesError && (
                <p id="field-choices-error" role="alert" className="mt-1.5 text-xs font-medium text-red-600">
                  {choicesError}
                </p>
              )}
              <Button
                variant="ghost"
                size="sm"
                className="mt-2 ml-5"
                disabled={choices.fields.length >= FLOW_LIMITS.choicesMax}
                onClick={() => choices.append({ value: '' })}
              >
                <Plus className="size-4" aria-hidden /> {L.addChoice}
              </Button>
            </fieldset>
          )}
          <TextareaField
            label={L.helpText}
            rows={2}
            maxLength={FLOW_LIMITS.helpTextMax}
            placeholder={L.helpTextPlaceholder}
            className="sm:col-span-2"
            error={errors.helpText?.message}
            {...register('helpText')}
          />
          <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 sm:col-span-2">
            <input
              type="checkbox"
              className={cn(
                'mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none',
              )}
              {...register('isRequired')}
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">{L.required}</span>
              <span className="block text-xs text-slate-500">{L.requiredHint}</span>
            </span>
          </label>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {F.cancel}
          </Button>
          <Button type="submit" busy={pending} disabled={labelEmpty}>
            {pending ? F.savingField : field ? F.updateField : F.createField}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
