import { type ReactNode, useEffect, useId, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { CALENDAR_MIN_DATE, PROJECT_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { projectFormSchema, type ProjectForm, type ProjectFormOutput } from '../../../../shared/schemas/projects';
import { cn } from '../../lib/cn';
import { useMoney } from '../../lib/useMoney';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Skeleton } from '../../ui/Feedback';
import { Field, SelectField, TextareaField, TextField } from '../../ui/Field';
import { useSaveMutation } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { CompanyPicker } from '../contacts/CompanyPicker';
import { ContactAvatar, fullName } from '../contacts/contactParts';
import { projectStatusName, useInvalidateProjectData, type ProjectRow } from './projectParts';
import { ProjectShareDialog, type ProjectShareTarget } from './ProjectShare';

const F = M.projects.fields;

/** How many of a company's contacts the picker lists (a project's people are a handful of a company's). */
const CONTACTS_LIMIT = 100;

const blank = (companyId?: number | null): ProjectForm => ({
  name: '',
  description: '',
  status: 'draft',
  companiesId: companyId ?? '',
  projectContactId: [],
  projectStartDate: '',
  projectCompletionDate: '',
  totalHoursEstimated: '',
  totalHoursWorked: '',
  totalBilled: '',
  // Internal until shared (issue 27).
  visibleToClient: false,
});

/** A stored project as the form's plain values (empty → ''). */
const valuesOf = (p: ProjectRow): ProjectForm => ({
  name: p.name,
  description: p.description ?? '',
  status: p.status as ProjectForm['status'],
  companiesId: p.companyId ?? '',
  projectContactId: p.projectContactId,
  projectStartDate: p.projectStartDate ?? '',
  projectCompletionDate: p.projectCompletionDate ?? '',
  totalHoursEstimated: p.totalHoursEstimated ?? '',
  totalHoursWorked: p.totalHoursWorked ?? '',
  // Money reads with its cents ("16875.00").
  totalBilled: p.totalBilled === null ? '' : p.totalBilled.toFixed(2),
  visibleToClient: p.visibleToClient,
});

type ProjectDialogProps = {
  open: boolean;
  /** null: a new project. */
  project: ProjectRow | null;
  /** A new project's company (the company page's Add Project). */
  defaultCompanyId?: number | null;
  onClose: () => void;
};

/** 'Add Project' and 'Edit Project' (spec §2.3, §5, §8). */
export function ProjectDialog({ open, project, defaultCompanyId, onClose }: ProjectDialogProps) {
  const form = useForm<ProjectForm, unknown, ProjectFormOutput>({
    resolver: zodResolver(projectFormSchema),
    defaultValues: blank(defaultCompanyId),
  });
  const { reset, register, control, watch, setValue } = form;
  const errors = form.formState.errors;
  const money = useMoney();

  // Opening for another project (or a new one) starts from its values, never from the last ones. A refetch of the
  // same project while the dialog is open (window focus, a save elsewhere) never wipes what is being typed.
  const [readyFor, setReadyFor] = useState<number | 'new' | null>(null);
  const target = project ? project.id : 'new';
  useEffect(() => {
    if (!open) setReadyFor(null);
    else if (readyFor !== target) {
      reset(project ? valuesOf(project) : blank(defaultCompanyId));
      setReadyFor(target);
    }
  }, [open, target, readyFor, project, defaultCompanyId, reset]);

  const invalidate = useInvalidateProjectData();
  const save = useSaveMutation({
    create: trpc.projects.create,
    update: trpc.projects.update,
    form: form as unknown as UseFormReturn<ProjectForm>,
    schema: projectFormSchema,
    messages: {
      created: { title: M.projects.created, text: M.projects.createdText },
      updated: { title: M.projects.updated, text: M.projects.updatedText },
      // The spec: the server's message, else the fallback.
      createFailed: (text) => text ?? M.projects.createFailed,
      updateFailed: (text) => text ?? M.projects.updateFailed,
    },
    invalidate: () => void invalidate(),
    onSaved: onClose,
  });

  const onSubmit = form.handleSubmit((values) => {
    if (project) save.update({ id: project.id, ...values });
    else save.create(values);
  });

  const companyValue = watch('companiesId');
  const companyId = companyValue === '' || companyValue == null ? null : Number(companyValue);
  const close = () => !save.pending && onClose();
  // "Visible to client" turns on only once the share question is confirmed.
  const [askShare, setAskShare] = useState<ProjectShareTarget | null>(null);
  const visible = watch('visibleToClient');
  const status = watch('status');
  const V = M.projects.visibility;
  const visibilityHint =
    companyId === null ? V.noCompanyHint : !visible ? V.internalHint : status === 'draft' ? V.draftHint : V.sharedHint;

  return (
    <Dialog open={open} onClose={close} title={project ? M.projects.dialogEdit : M.projects.dialogAdd}>
      <form onSubmit={onSubmit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={F.name}
            required
            autoFocus
            autoComplete="off"
            className="sm:col-span-2"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextareaField
            label={F.description}
            rows={3}
            className="sm:col-span-2"
            error={errors.description?.message}
            {...register('description')}
          />
          <Field label={F.company} error={errors.companiesId?.message}>
            {({ id, describedBy, invalid }) => (
              <Controller
                control={control}
                name="companiesId"
                render={({ field }) => (
                  <CompanyPicker
                    id={id}
                    describedBy={describedBy}
                    invalid={invalid}
                    value={field.value === '' || field.value == null ? '' : String(field.value)}
                    onChange={(value) => {
                      if (value === String(field.value ?? '')) return;
                      field.onChange(value === '' ? '' : Number(value));
                      // Project contacts work at the project's company: a new company starts with none.
                      setValue('projectContactId', [], { shouldDirty: true });
                      // Another company is another audience: sharing is asked again.
                      setValue('visibleToClient', false, { shouldDirty: true });
                    }}
                    fixedOptions={[{ value: '', label: M.projects.noCompany }]}
                  />
                )}
              />
            )}
          </Field>
          <SelectField label={F.status} error={errors.status?.message} {...register('status')}>
            {PROJECT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {projectStatusName(s)}
              </option>
            ))}
          </SelectField>
          <Controller
            control={control}
            name="projectContactId"
            render={({ field }) => (
              <ContactChoice
                companyId={companyId}
                value={(field.value ?? []) as number[]}
                onChange={field.onChange}
                error={errors.projectContactId?.message}
              />
            )}
          />
          <TextField
            label={F.startDate}
            type="date"
            min={CALENDAR_MIN_DATE}
            max="9999-12-31"
            error={errors.projectStartDate?.message}
            {...register('projectStartDate')}
          />
          <TextField
            label={F.completionDate}
            type="date"
            min={CALENDAR_MIN_DATE}
            max="9999-12-31"
            error={errors.projectCompletionDate?.message}
            {...register('projectCompletionDate')}
          />
          <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-200 ring-inset sm:col-span-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-800">{F.visibleToClient}</p>
              <p className="mt-0.5 text-xs text-slate-500">{visibilityHint}</p>
            </div>
            <Controller
              control={control}
              name="visibleToClient"
              render={({ field }) => (
                <Switch
                  checked={!!field.value}
                  disabled={companyId === null && !field.value}
                  label={F.visibleToClient}
                  onChange={(on) =>
                    on && companyId !== null
                      ? setAskShare({ name: watch('name').trim(), companyId, status: watch('status') })
                      : field.onChange(false)
                  }
                />
              )}
            />
          </div>
          <div className="grid gap-4 sm:col-span-2 sm:grid-cols-3">
            <TextField
              label={F.hoursEstimated}
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              error={errors.totalHoursEstimated?.message}
              {...register('totalHoursEstimated')}
            />
            <TextField
              label={F.hoursWorked}
              type="number"
              inputMode="decimal"
              step={0.1}
              min={0}
              error={errors.totalHoursWorked?.message}
              {...register('totalHoursWorked')}
            />
            <TextField
              label={F.billedIn(money.currency)}
              type="number"
              inputMode="decimal"
              step={0.01}
              min={0}
              error={errors.totalBilled?.message}
              {...register('totalBilled')}
            />
          </div>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={save.pending}>
            {M.projects.cancel}
          </Button>
          <Button type="submit" busy={save.pending}>
            {save.pending ? M.projects.saving : project ? M.projects.submitEdit : M.projects.submitAdd}
          </Button>
        </div>
      </form>
      <ProjectShareDialog
        target={askShare}
        onConfirm={() => {
          setValue('visibleToClient', true, { shouldDirty: true });
          setAskShare(null);
        }}
        onClose={() => setAskShare(null)}
      />
    </Dialog>
  );
}

type ContactChoiceProps = {
  companyId: number | null;
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
};

/** The project's contacts: a checkbox per contact of the chosen company (a keyboard and screen-reader friendly multi-select). */
function ContactChoice({ companyId, value, onChange, error }: ContactChoiceProps) {
  const legendId = useId();
  const errorId = useId();
  const contacts = trpc.contacts.list.useQuery(
    { companyId: companyId ?? 0, limit: CONTACTS_LIMIT },
    { enabled: companyId !== null },
  );
  const chosen = new Set(value);
  const toggle = (id: number) => onChange(chosen.has(id) ? value.filter((v) => v !== id) : [...value, id]);

  let body: ReactNode;
  if (companyId === null) body = <p className="px-3 py-3 text-sm text-slate-500">{M.projects.contactsNeedCompany}</p>;
  else if (!contacts.data)
    body = (
      <div className="space-y-2 px-3 py-3" aria-hidden>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-5 w-40" />
      </div>
    );
  else if (contacts.data.items.length === 0)
    body = <p className="px-3 py-3 text-sm text-slate-500">{M.projects.contactsNone}</p>;
  else
    body = (
      <ul className="max-h-44 divide-y divide-slate-100 overflow-y-auto">
        {contacts.data.items.map((c) => {
          const on = chosen.has(c.id);
          return (
            <li key={c.id}>
              <label
                className={cn(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm hover:bg-slate-50',
                  on && 'bg-brand-50/60 hover:bg-brand-50',
                )}
              >
                <input
                  type="checkbox"
                  checked={on}
                  onChange={() => toggle(c.id)}
                  aria-describedby={error ? errorId : undefined}
                  className="size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none"
                />
                <ContactAvatar contact={c} size="sm" />
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{fullName(c)}</span>
                  <span className="block truncate text-xs text-slate-500">{c.title || c.email}</span>
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    );

  return (
    <fieldset className="space-y-1.5 sm:col-span-2" aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {M.projects.fields.contacts}
        {value.length > 0 && (
          <span className="ml-2 text-xs font-normal text-slate-500">{M.projects.contactsChosen(value.length)}</span>
        )}
      </legend>
      <div
        className={cn(
          'overflow-hidden rounded-lg border bg-white shadow-xs',
          error ? 'border-red-400' : 'border-slate-300',
        )}
      >
        {body}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
