import type { UseFormReturn } from 'react-hook-form';
import { M } from '../../../../shared/messages';
import type { DocumentForm } from '../../../../shared/schemas/documents';
import { SelectField, TextField } from '../../ui/Field';
import { typeOptions } from './documentParts';
import { PlaceFields, type PlaceTexts } from './PlaceFields';

const D = M.documents;
const F = D.fields;
const S = D.share;

const placeTexts: PlaceTexts = {
  company: F.company,
  project: F.project,
  visible: F.visibleInPortal,
  projectNeedsCompany: D.projectNeedsCompany,
  noProject: D.noProject,
  needsCompany: S.needsCompany,
  companyChanged: S.companyChanged,
  visibleHint: F.visibleHint,
  hiddenHint: D.internalHint,
};

/**
 * The fields the upload and edit dialogs share: name, type, then company, project and whether the client portal
 * shows the file (PlaceFields).
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
  const { register, formState } = form;
  const errors = formState.errors;
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
      <PlaceFields
        form={form}
        names={{ name: 'name', visible: 'visibleInPortal' }}
        share="file"
        text={placeTexts}
        ask={place}
        companyName={companyName}
        fixedProjectId={fixedProjectId}
        projectClassName={place === 'project' ? '' : 'sm:col-span-2'}
      />
    </div>
  );
}
