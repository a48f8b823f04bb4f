import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Lock, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import {
  DEFAULT_TASK_PRIORITY,
  DEFAULT_TASK_STATUS,
  MIN_DUE_DATE,
  taskFormSchema,
} from '../../../../shared/schemas/tasks';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Field, SelectField, TextareaField, TextField } from '../../ui/Field';
import { useSaveMutation } from '../../ui/form';
import { DeleteTaskDialog } from './DeleteTaskDialog';
import { ProjectPicker } from './ProjectPicker';
import { fullName, priorityName, statusName, useInvalidateTaskData, type TaskRow } from './taskParts';

const T = M.tasks;
const F = T.fields;

type FormInput = z.input<typeof taskFormSchema>;
type FormOutput = z.output<typeof taskFormSchema>;

/** The form's values for a task, or a new task's defaults (priority medium, status pending). */
const valuesOf = (task: TaskRow | null, projectId: number | null | undefined): FormInput => ({
  title: task?.title ?? '',
  description: task?.description ?? '',
  projectId: task ? (task.projectId ?? '') : (projectId ?? ''),
  status: (task?.status as FormInput['status']) ?? DEFAULT_TASK_STATUS,
  priority: (task?.priority as FormInput['priority']) ?? DEFAULT_TASK_PRIORITY,
  dueDate: task?.dueDate ?? '',
  assigneeId: task?.assignedTo != null ? String(task.assignedTo) : '',
  internal: task?.internal ?? false,
});

export type TaskDialogProps = {
  open: boolean;
  /** null: a new task. */
  task: TaskRow | null;
  /** A new task's project (the project page's Add Task, the list filtered by a project). */
  defaultProjectId?: number | null;
  onClose: () => void;
};

/** Add or edit a task: title, description, project, status, priority, due date and assignee; delete with a confirmation. */
export function TaskDialog({ open, task, defaultProjectId, onClose }: TaskDialogProps) {
  const editing = task !== null;
  const team = trpc.team.list.useQuery(undefined, { enabled: open, staleTime: 60_000 });
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: valuesOf(task, defaultProjectId),
  });
  const { reset, register } = form;
  const [confirmDelete, setConfirmDelete] = useState(false);

  // The form takes the task's values each time the dialog opens (or opens on another task).
  const shownFor = useRef<TaskRow | null | undefined>(undefined);
  useEffect(() => {
    if (!open) {
      shownFor.current = undefined;
      return;
    }
    if (shownFor.current === task) return;
    shownFor.current = task;
    reset(valuesOf(task, defaultProjectId));
  }, [open, task, defaultProjectId, reset]);

  const invalidate = useInvalidateTaskData();
  const save = useSaveMutation({
    create: trpc.tasks.create,
    update: trpc.tasks.update,
    form: form as unknown as UseFormReturn<FormInput>,
    schema: taskFormSchema,
    // A project or assignee the agency no longer has comes back as NOT_FOUND: shown under its field too.
    fieldFor: ({ text }) =>
      text === T.projectNotFound
        ? { field: 'projectId', message: text }
        : text === T.assigneeNotFound
          ? { field: 'assigneeId', message: text }
          : null,
    messages: {
      created: { title: T.created, text: '' },
      updated: { title: T.updated, text: T.updatedText },
      createFailed: (text) => text ?? T.createFailed,
      updateFailed: (text) => text ?? T.updateFailed,
    },
    invalidate: () => void invalidate(),
    onSaved: onClose,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (task) save.update({ id: task.id, ...values });
    else save.create(values);
  });

  const close = () => !save.pending && onClose();
  const errors = form.formState.errors;
  const members = team.data ?? [];
  // A stored assignee the team list does not name (still loading, or unknown): the spec's "User {value}".
  const storedAssignee = task?.assignedTo ?? null;
  const assigneeMissing = storedAssignee !== null && !members.some((m) => m.id === storedAssignee);

  return (
    <Dialog open={open} onClose={close} title={editing ? T.dialogEdit : T.dialogAdd}>
      <form onSubmit={onSubmit} noValidate>
        <div className="grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
          <TextField
            label={F.title}
            required
            autoFocus
            autoComplete="off"
            placeholder={F.titlePlaceholder}
            error={errors.title?.message}
            className="col-span-2"
            {...register('title')}
          />
          <TextareaField
            label={F.description}
            rows={3}
            placeholder={F.descriptionPlaceholder}
            error={errors.description?.message}
            className="col-span-2"
            {...register('description')}
          />
          <Field label={F.project} required error={errors.projectId?.message} className="col-span-2">
            {({ id, describedBy, invalid }) => (
              <Controller
                control={form.control}
                name="projectId"
                render={({ field }) => {
                  const value = field.value === '' || field.value == null ? '' : String(field.value);
                  return (
                    <ProjectPicker
                      id={id}
                      describedBy={describedBy}
                      invalid={invalid}
                      value={value}
                      selectedName={
                        task && task.projectId !== null && String(task.projectId) === value
                          ? task.project?.name
                          : undefined
                      }
                      onChange={(v) => field.onChange(v === '' ? '' : Number(v))}
                    />
                  );
                }}
              />
            )}
          </Field>
          <SelectField label={F.status} error={errors.status?.message} {...register('status')}>
            {TASK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusName(s)}
              </option>
            ))}
          </SelectField>
          <SelectField label={F.priority} error={errors.priority?.message} {...register('priority')}>
            {TASK_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {priorityName(p)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={F.dueDate}
            type="date"
            min={MIN_DUE_DATE}
            max="9999-12-31"
            error={errors.dueDate?.message}
            {...register('dueDate')}
          />
          <SelectField label={F.assignee} error={errors.assigneeId?.message} {...register('assigneeId')}>
            <option value="">{T.unassigned}</option>
            {assigneeMissing && (
              <option value={String(storedAssignee)}>
                {task?.assignee ? fullName(task.assignee) : T.userValue(storedAssignee)}
              </option>
            )}
            {members.map((m) => (
              <option key={m.id} value={String(m.id)}>
                {fullName(m)}
              </option>
            ))}
          </SelectField>
          <label className="col-span-2 flex cursor-pointer items-start gap-3 rounded-lg px-1 py-1 text-sm text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none"
              {...register('internal')}
            />
            <span className="inline-flex items-center gap-1.5 font-medium">
              <Lock className="size-3.5 text-slate-500" aria-hidden /> {F.internal}
            </span>
          </label>
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
          {task && (
            <Button
              variant="ghost"
              onClick={() => setConfirmDelete(true)}
              disabled={save.pending}
              className="text-red-600! hover:bg-red-50 hover:text-red-700! sm:mr-auto"
            >
              <Trash2 className="size-4" aria-hidden /> {T.delete}
            </Button>
          )}
          <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
            <Button variant="secondary" onClick={onClose} disabled={save.pending}>
              {T.cancel}
            </Button>
            <Button type="submit" busy={save.pending}>
              {save.pending ? (editing ? T.updating : T.creating) : editing ? T.submitEdit : T.submitAdd}
            </Button>
          </div>
        </div>
      </form>
      <DeleteTaskDialog
        task={confirmDelete && task ? task : null}
        onClose={() => setConfirmDelete(false)}
        onDeleted={onClose}
      />
    </Dialog>
  );
}
