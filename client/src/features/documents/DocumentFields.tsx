import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { M } from '../../../../shared/messages';
import type { DocumentForm } from '../../../../shared/schemas/documents';
import { trpc } from '../../lib/trpc';
import { controlClass, Field, SelectField, TextField } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import { CompanyPicker } from '../contacts/CompanyPicker';
import { typeOptions } from './documentParts';
import { ShareDialog, type ShareTarget } from './ShareDialog';

const D = M.documents;
const F = D.fields;
const S = D.share;

/**
 * The fields the upload and edit dialogs share: name, type, company and project (a project of the chosen
 * company; changing the company clears it), and whether the client portal shows the file. Turning that on asks
 * once who it reaches (ShareDialog); without a company it stays off, and a shared file moved to another company is
 * internal again until shared with that one.
 * `place`: which of company and project the dialog asks for (a project page already knows both).
 * `fixedProjectId`: the project when the dialog does not ask for it (a project page); the share dialog takes its company.
 */
export function DocumentFields({
  form,
  place,
  companyName,
  autoFocusName,
  fixedProjectId,
}: {
  form: UseFormReturn<DocumentForm>;
  place: 'company-and-project' | 'project' | 'none';
  companyName?: string | null;
  autoFocusName?: boolean;
  fixedProjectId?: number | null;
}) {
  const { register, control, watch, setValue, getValues, formState } = form;
  const errors = formState.errors;
  const companyId = watch('companyId');
  const [asking, setAsking] = useState<ShareTarget | null>(null);
  const [movedOff, setMovedOff] = useState(false);
  /** Where the file goes: the form's company and project, or the page's. */
  const shareCompany = companyId !== '' ? Number(companyId) : null;
  const canShare = shareCompany !== null || !!fixedProjectId;
  const askToShare = () => {
    if (!canShare) return;
    const projectId = getValues('projectId');
    setAsking({
      name: getValues('name').trim(),
      companyId: shareCompany,
      projectId: projectId !== '' ? Number(projectId) : (fixedProjectId ?? null),
    });
  };
  const projects = trpc.projects.options.useQuery(
    { companyId: companyId === '' ? undefined : Number(companyId) },
    { enabled: companyId !== '' },
  );

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={F.name}
        required
        autoFocus={autoFocusName}
        className="sm:col-span-2"
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <SelectField label={F.type} error={errors.type?.message} {...register('type')}>
        {typeOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </SelectField>
      {place === 'company-and-project' && (
        <Field label={F.company} required error={errors.companyId?.message}>
          {({ id, describedBy, invalid }) => (
            <Controller
              control={control}
              name="companyId"
              render={({ field }) => (
                <CompanyPicker
                  id={id}
                  describedBy={describedBy}
                  invalid={invalid}
                  value={field.value === '' ? '' : String(field.value)}
                  selectedName={companyName}
                  fixedOptions={[]}
                  onChange={(value) => {
                    field.onChange(value === '' ? '' : Number(value));
                    // A project belongs to one company: a new company starts without one.
                    setValue('projectId', '');
                    // Sharing was asked about another company's contacts: ask again for this one.
                    if (getValues('visibleInPortal')) {
                      setValue('visibleInPortal', false, { shouldDirty: true });
                      setMovedOff(true);
                    }
                  }}
                />
              )}
            />
          )}
        </Field>
      )}
      {place !== 'none' && (
        <Field
          label={F.project}
          error={errors.projectId?.message}
          className={place === 'project' ? '' : 'sm:col-span-2'}
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
                    <option value="">{M.documents.projectNeedsCompany}</option>
                  ) : (
                    <>
                      <option value="">{M.documents.noProject}</option>
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
        name="visibleInPortal"
        render={({ field }) => {
          const noCompany = !canShare && !field.value;
          const hint = noCompany
            ? S.needsCompany
            : movedOff && !field.value
              ? S.companyChanged
              : field.value
                ? F.visibleHint
                : D.internalHint;
          return (
            <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset sm:col-span-2">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-800">{F.visibleInPortal}</p>
                <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
              </div>
              <Switch
                checked={field.value}
                disabled={noCompany}
                // Off at once; on only once the share dialog is confirmed.
                onChange={(on) => (on ? askToShare() : field.onChange(false))}
                label={F.visibleInPortal}
              />
            </div>
          );
        }}
      />
      <ShareDialog
        kind="file"
        target={asking}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          setValue('visibleInPortal', true, { shouldDirty: true });
          setMovedOff(false);
          setAsking(null);
        }}
      />
    </div>
  );
}
