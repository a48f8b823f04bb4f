import { useState } from 'react';
import { Controller, useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { trpc } from '../../lib/trpc';
import { controlClass, Field } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { CompanyPicker } from '../contacts/CompanyPicker';
import type { PickerOption } from '../../lists/RecordPicker';
import { ShareDialog, type ShareTarget } from './ShareDialog';

/** A form's company as the picker edits it: '' while none, else its id. */
type CompanyValue = number | '' | null | undefined;

type CompanyFieldProps = {
  label: string;
  required?: boolean;
  error?: string;
  value: CompanyValue;
  onChange: (value: number | '') => void;
  onBlur?: () => void;
  fixedOptions?: PickerOption[];
  selectedName?: string | null;
};

/** A form's company: the record picker in a labelled field. */
export function CompanyField({
  label,
  required,
  error,
  value,
  onChange,
  fixedOptions,
  selectedName,
}: CompanyFieldProps) {
  return (
    <Field label={label} required={required} error={error}>
      {({ id, describedBy, invalid }) => (
        <CompanyPicker
          id={id}
          describedBy={describedBy}
          invalid={invalid}
          value={value === '' || value == null ? '' : String(value)}
          selectedName={selectedName}
          fixedOptions={fixedOptions ?? []}
          onChange={(picked) => onChange(picked === '' ? '' : Number(picked))}
        />
      )}
    </Field>
  );
}

/** The texts of one record kind's place fields (files and resources word them differently). */
export type PlaceTexts = {
  company: string;
  project: string;
  visible: string;
  projectNeedsCompany: string;
  noProject: string;
  /** Shown in the project list while the company's projects load; none: the list is only disabled. */
  loadingProjects?: string;
  /** The project field's hint when the company has none yet. */
  noProjectsYet?: string;
  projectsFailed?: string;
  /** The switch's hint: no company to share with, the company changed, shared, internal. */
  needsCompany: string;
  companyChanged: string;
  visibleHint: string;
  hiddenHint: string;
};

type PlaceFieldsProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** The form's fields: the record's name, and whether the client portal shows it. */
  names: { name: Path<T>; visible: Path<T> };
  share: 'file' | 'resource';
  text: PlaceTexts;
  /** Which of company and project the form asks for (a project page already knows both). */
  ask?: 'company-and-project' | 'project' | 'none';
  /** The selected company's name when the caller knows it. */
  companyName?: string | null;
  /** The project when the form does not ask for it (a project page); the share dialog takes its company. */
  fixedProjectId?: number | null;
  projectClassName?: string;
};

/**
 * Company → project → client visibility, as the file and resource forms ask them: a project of the chosen company
 * (changing the company clears it), and a switch that asks once who the record reaches (ShareDialog) before it
 * turns on; without a company it stays off, and a shared record moved to another company is internal again until
 * shared with that one. Rendered into the form's two-column grid.
 */
export function PlaceFields<T extends FieldValues>({
  form: typedForm,
  names,
  share,
  text,
  ask = 'company-and-project',
  companyName,
  fixedProjectId,
  projectClassName,
}: PlaceFieldsProps<T>) {
  // The form's own fields are generic; these three are read by name.
  const form = typedForm as unknown as UseFormReturn<Record<string, unknown>>;
  const { control, setValue, getValues, formState } = form;
  const errors = formState.errors as Record<string, { message?: string } | undefined>;
  const visible: string = names.visible;
  const nameField: string = names.name;
  const companyId = useWatch({ control, name: 'companyId' }) as number | '';
  const [asking, setAsking] = useState<ShareTarget | null>(null);
  const [movedOff, setMovedOff] = useState(false);
  const shareCompany = companyId !== '' ? Number(companyId) : null;
  const canShare = shareCompany !== null || !!fixedProjectId;
  const projects = trpc.projects.options.useQuery(
    { companyId: companyId === '' ? undefined : Number(companyId) },
    { enabled: companyId !== '' },
  );

  const askToShare = () => {
    if (!canShare) return;
    const projectId = getValues('projectId') as number | '';
    setAsking({
      name: String(getValues(nameField)).trim(),
      companyId: shareCompany,
      projectId: projectId !== '' ? Number(projectId) : (fixedProjectId ?? null),
    });
  };

  return (
    <>
      {ask === 'company-and-project' && (
        <Controller
          control={control}
          name="companyId"
          render={({ field }) => (
            <CompanyField
              label={text.company}
              required
              error={errors.companyId?.message}
              value={field.value as CompanyValue}
              selectedName={companyName}
              onChange={(value) => {
                field.onChange(value);
                // A project belongs to one company: a new company starts without one.
                setValue('projectId', '');
                // Sharing was asked about another company's contacts: ask again for this one.
                if (getValues(visible)) {
                  setValue(visible, false, { shouldDirty: true });
                  setMovedOff(true);
                }
              }}
            />
          )}
        />
      )}
      {ask !== 'none' && (
        <Field
          label={text.project}
          error={errors.projectId?.message ?? (projects.isError ? text.projectsFailed : undefined)}
          hint={companyId !== '' && projects.data?.length === 0 ? text.noProjectsYet : undefined}
          className={projectClassName}
        >
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="projectId"
              render={({ field }) => (
                <select
                  id={id}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  className={controlClass(invalid)}
                  disabled={companyId === '' || projects.isLoading}
                  value={String(field.value)}
                  onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
                  onBlur={field.onBlur}
                >
                  {companyId === '' ? (
                    <option value="">{text.projectNeedsCompany}</option>
                  ) : projects.isLoading && text.loadingProjects ? (
                    <option value={String(field.value)}>{text.loadingProjects}</option>
                  ) : (
                    <>
                      <option value="">{text.noProject}</option>
                      {projects.data?.map((p) => (
                        <option key={p.id} value={String(p.id)}>
                          {p.name}
                        </option>
                      ))}
                    </>
                  )}
                </select>
              )}
            />
          )}
        </Field>
      )}
      <Controller
        control={control}
        name={visible}
        render={({ field }) => {
          const on = field.value === true;
          const noCompany = !canShare && !on;
          const hint = noCompany
            ? text.needsCompany
            : movedOff && !on
              ? text.companyChanged
              : on
                ? text.visibleHint
                : text.hiddenHint;
          return (
            <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset sm:col-span-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-800">{text.visible}</p>
                <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
              </div>
              <Switch
                checked={on}
                disabled={noCompany}
                // Off at once; on only once the share dialog is confirmed.
                onChange={(next) => (next ? askToShare() : field.onChange(false))}
                label={text.visible}
              />
            </div>
          );
        }}
      />
      <ShareDialog
        kind={share}
        target={asking}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setValue(visible, true, { shouldDirty: true });
          setMovedOff(false);
          setAsking(null);
        }}
      />
    </>
  );
}
