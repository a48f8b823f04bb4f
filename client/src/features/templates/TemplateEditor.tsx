/**
 * The project template editor (/hub/templates): name, description and the task list, each task a row with its title,
 * days after the start, priority, description and whether it is internal; rows are added, removed and moved with
 * buttons. Saving sends the whole list (the update replaces the template's tasks, in this order). Each row's errors,
 * the form's or the server's, show under its fields.
 */
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { TASK_PRIORITIES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import {
  projectTemplateFormSchema,
  TEMPLATE_LIMITS,
  type ProjectTemplateForm,
} from '../../../../shared/schemas/templates';
import { cn } from '../../lib/cn';
import { zodResolver } from '../../lib/zodResolver';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Spinner, LoadFailed } from '../../ui/Feedback';
import { controlClass, TextareaField, TextField } from '../../ui/Field';
import { Dialog } from '../../ui/Dialog';
import { onFormError } from '../../ui/form';

const T = M.templates;
type Task = ProjectTemplateForm['tasks'][number];
const blankTask = (): Task => ({ title: '', description: '', priority: 'medium', dueOffsetDays: '', internal: false });

type Detail = {
  name: string;
  description: string | null;
  tasks: {
    title: string;
    description: string | null;
    priority: string;
    dueOffsetDays: number | null;
    internal: boolean;
  }[];
};

const formOf = (t: Detail): ProjectTemplateForm => ({
  name: t.name,
  description: t.description ?? '',
  tasks: t.tasks.map((task) => ({
    title: task.title,
    description: task.description ?? '',
    priority: (TASK_PRIORITIES as readonly string[]).includes(task.priority)
      ? (task.priority as Task['priority'])
      : 'medium',
    dueOffsetDays: task.dueOffsetDays === null ? '' : String(task.dueOffsetDays),
    internal: task.internal,
  })),
});

/** Edit a project template; `templateId` null: closed. */
export function EditTemplateDialog({ templateId, onClose }: { templateId: number | null; onClose: () => void }) {
  const open = templateId !== null;
  const detail = trpc.templates.get.useQuery({ id: templateId ?? 0 }, { enabled: open });
  const utils = trpc.useUtils();
  const save = trpc.templates.update.useMutation();
  const close = () => !save.isPending && onClose();
  return (
    <Dialog open={open} onClose={close} title={detail.data ? `${T.editTitle}: ${detail.data.name}` : T.editTitle}>
      {detail.isPending ? (
        <Spinner />
      ) : detail.isError ? (
        <LoadFailed onRetry={() => void detail.refetch()} />
      ) : (
        <TemplateForm
          key={`${detail.data.id}:${detail.dataUpdatedAt}`}
          initial={formOf(detail.data)}
          busy={save.isPending}
          onCancel={close}
          onSave={(values, onError) =>
            save.mutate(
              {
                id: detail.data.id,
                name: values.name,
                description: values.description,
                tasks: values.tasks.map((task) => ({
                  title: task.title,
                  description: task.description,
                  priority: task.priority,
                  dueOffsetDays: task.dueOffsetDays === '' ? null : Number(task.dueOffsetDays),
                  internal: task.internal,
                })),
              },
              {
                onSuccess: () => {
                  toast.success(T.editSaved);
                  void utils.templates.invalidate();
                  onClose();
                },
                onError,
              },
            )
          }
        />
      )}
    </Dialog>
  );
}

type Output = z.output<typeof projectTemplateFormSchema>;

function TemplateForm({
  initial,
  busy,
  onCancel,
  onSave,
}: {
  initial: ProjectTemplateForm;
  busy: boolean;
  onCancel: () => void;
  onSave: (values: Output, onError: (error: unknown) => void) => void;
}) {
  const form = useForm<ProjectTemplateForm, unknown, Output>({
    resolver: zodResolver(projectTemplateFormSchema),
    defaultValues: initial,
  });
  const { register, formState } = form;
  const errors = formState.errors;
  const onError = onFormError(form, projectTemplateFormSchema, ({ text, onFields }) => {
    if (!onFields) toast.error(M.common.error, { description: text ?? undefined });
  });
  const onSubmit = form.handleSubmit((values) => onSave(values, onError));
  return (
    <form onSubmit={onSubmit} noValidate>
      <div className="space-y-4">
        <TextField
          label={T.templateName}
          required
          autoComplete="off"
          maxLength={TEMPLATE_LIMITS.nameMax}
          error={errors.name?.message}
          {...register('name')}
        />
        <TextareaField
          label={T.description}
          rows={2}
          maxLength={TEMPLATE_LIMITS.descriptionMax}
          error={errors.description?.message}
          {...register('description')}
        />
        <TaskRows form={form} />
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {M.projects.cancel}
        </Button>
        <Button type="submit" busy={busy}>
          {T.save}
        </Button>
      </div>
    </form>
  );
}

type FormApi = ReturnType<typeof useForm<ProjectTemplateForm, unknown, Output>>;

/** The task rows in order, each with its fields and its move and remove buttons, and "Add task" up to the limit. */
function TaskRows({ form }: { form: FormApi }) {
  const rows = useFieldArray({ control: form.control, name: 'tasks' });
  const errors = form.formState.errors.tasks;
  const rowErrors = Array.isArray(errors) ? errors : [];
  const count = rows.fields.length;
  const iconButton =
    'grid size-8 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">
        {T.tasks} <span className="font-normal text-slate-500">({count})</span>
      </legend>
      <p className="mb-2 text-xs text-slate-500">{T.tasksHint}</p>
      {count === 0 && <p className="rounded-lg bg-slate-50 px-3 py-4 text-sm text-slate-500">{T.noTasks}</p>}
      <ol className="space-y-2">
        {rows.fields.map((row, index) => {
          const n = index + 1;
          const e = rowErrors[index];
          const id = (field: string) => `task-${row.id}-${field}`;
          return (
            <li
              key={row.id}
              className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset"
              data-testid="task-row"
            >
              {/* Its number, title and move/remove buttons; then when it is due, its priority and whether it is
                  internal; then its description. */}
              <div className="flex items-start gap-2">
                <span
                  className="mt-2 hidden size-5 shrink-0 place-items-center rounded-full bg-white sm:grid text-xs font-medium text-slate-500 ring-1 ring-slate-200"
                  aria-hidden
                >
                  {n}
                </span>
                <div className="min-w-0 flex-1">
                  <RowInput
                    label={`${T.taskTitle} — ${T.taskRow(n)}`}
                    placeholder={T.taskTitle}
                    error={e?.title?.message}
                    errorId={id('title')}
                    maxLength={TEMPLATE_LIMITS.taskTitleMax}
                    field={form.register(`tasks.${index}.title`)}
                  />
                </div>
                <div className="flex shrink-0 items-center pt-0.5">
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => rows.move(index, index - 1)}
                    disabled={index === 0}
                    aria-label={T.moveUp(n)}
                    title={T.moveUp(n)}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    onClick={() => rows.move(index, index + 1)}
                    disabled={index === count - 1}
                    aria-label={T.moveDown(n)}
                    title={T.moveDown(n)}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={cn(iconButton, 'hover:bg-red-50 hover:text-red-600')}
                    onClick={() => rows.remove(index)}
                    aria-label={T.removeTask(n)}
                    title={T.removeTask(n)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 sm:pl-7">
                <div className="flex items-center gap-2">
                  <span className="text-sm text-slate-600" aria-hidden>
                    {T.dueDays}
                  </span>
                  <div className="w-20">
                    <input
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={TEMPLATE_LIMITS.offsetMax}
                      placeholder="–"
                      aria-label={`${T.dueDays} (${T.dueDaysSuffix}) — ${T.taskRow(n)}`}
                      aria-invalid={!!e?.dueOffsetDays || undefined}
                      aria-describedby={e?.dueOffsetDays ? id('due') : undefined}
                      title={T.noDueDate}
                      className={controlClass(!!e?.dueOffsetDays)}
                      {...form.register(`tasks.${index}.dueOffsetDays`)}
                    />
                  </div>
                  <span className="text-sm whitespace-nowrap text-slate-600" aria-hidden>
                    {T.dueDaysSuffix}
                  </span>
                </div>
                <div className="w-32">
                  <select
                    aria-label={`${T.priority} — ${T.taskRow(n)}`}
                    className={controlClass(false)}
                    {...form.register(`tasks.${index}.priority`)}
                  >
                    {TASK_PRIORITIES.map((p) => (
                      <option key={p} value={p}>
                        {M.tasks.priorityLabels[p] ?? p}
                      </option>
                    ))}
                  </select>
                </div>
                <label className="flex items-center gap-2 text-sm text-slate-700" title={T.internalHint}>
                  <input
                    type="checkbox"
                    className="size-4 rounded border-slate-300 text-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500"
                    {...form.register(`tasks.${index}.internal`)}
                  />
                  {T.internal}
                  <span className="sr-only">— {T.taskRow(n)}</span>
                </label>
              </div>
              {e?.dueOffsetDays && (
                <p id={id('due')} role="alert" className="mt-1 text-xs font-medium text-red-600 sm:pl-7">
                  {e.dueOffsetDays.message}
                </p>
              )}
              <div className="mt-2 sm:pl-7">
                <RowInput
                  label={`${T.taskDescription} — ${T.taskRow(n)}`}
                  placeholder={T.taskDescription}
                  error={e?.description?.message}
                  errorId={id('description')}
                  maxLength={TEMPLATE_LIMITS.taskDescriptionMax}
                  field={form.register(`tasks.${index}.description`)}
                />
              </div>
            </li>
          );
        })}
      </ol>
      {!Array.isArray(errors) && errors?.message && (
        <p role="alert" className="mt-2 text-xs font-medium text-red-600">
          {errors.message}
        </p>
      )}
      <Button
        variant="secondary"
        size="sm"
        className="mt-3"
        disabled={count >= TEMPLATE_LIMITS.tasksMax}
        onClick={() => rows.append(blankTask(), { shouldFocus: true, focusName: `tasks.${count}.title` })}
      >
        <Plus className="size-4" aria-hidden /> {T.addTask}
      </Button>
    </fieldset>
  );
}

/** A row's text input: named by its row for screen readers, its error under it. */
function RowInput({
  label,
  placeholder,
  error,
  errorId,
  maxLength,
  field,
}: {
  label: string;
  placeholder: string;
  error: string | undefined;
  errorId: string;
  maxLength: number;
  field: UseFormRegisterReturn;
}) {
  return (
    <div className="min-w-0">
      <input
        aria-label={label}
        aria-invalid={!!error || undefined}
        aria-describedby={error ? errorId : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        autoComplete="off"
        className={controlClass(!!error)}
        {...field}
      />
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
