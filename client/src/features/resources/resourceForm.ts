import { useNavigate } from 'react-router-dom';
import type { FieldErrors, Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { resourceFormSchema, type ResourceForm, type ResourceFormValues } from '../../../../shared/schemas/resources';
import { errorStatus, fieldIssues, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useInvalidateResources, type ResourceRow } from './resourceParts';

const R = M.resources;

export const RESOURCES_LIST = '/hub/resources';

/** The create and edit form, over the form's plain values. */
export type ResourceFormApi = UseFormReturn<ResourceForm, unknown, ResourceFormValues>;

export const emptyRow = () => ({ key: '', value: '' });

/** The shared schema over the form's plain values ('' while no type, status or company is chosen: its message). */
export const formResolver = zodResolver(resourceFormSchema) as unknown as Resolver<
  ResourceForm,
  unknown,
  ResourceFormValues
>;

export function valuesOf(resource: ResourceRow | null, companyId: number | null): ResourceForm {
  if (!resource)
    return {
      title: '',
      description: '',
      type: '',
      status: '',
      companyId: companyId ?? '',
      projectId: '',
      visibleToClient: false,
      details: [emptyRow()],
    };
  return {
    title: resource.title,
    description: resource.description,
    type: resource.type,
    status: resource.status,
    companyId: resource.companyId,
    projectId: resource.projectId ?? '',
    visibleToClient: resource.visibleToClient,
    // An editable empty row when there are none: the last row is never removed.
    details: resource.details.length ? resource.details.map((d) => ({ ...d })) : [emptyRow()],
  };
}

/** Does any detail row carry the duplicate-key message (from the form's own check)? */
function hasDuplicateKeys(errors: FieldErrors<ResourceForm>) {
  const rows = errors.details;
  return Array.isArray(rows) && rows.some((row) => row?.key?.message === R.duplicateKeys);
}

/**
 * Create or update the resource, then back to the list. A refusal puts the server's issues under their fields
 * (details.{i}.key…); a duplicate key reads 'Validation Error', anything else the spec's error toast.
 */
export function useResourceSave(form: ResourceFormApi, resource: ResourceRow | null) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResources();
  const onSaved = (message: string) => {
    toast.success(message);
    void invalidate();
    navigate(RESOURCES_LIST);
  };
  const onFailed = (fallback: (text: string | null, error: unknown) => string) =>
    onFormError(form, resourceFormSchema, ({ error, text }) => {
      if (fieldIssues(error).some((i) => i.path.startsWith('details.') && i.message === R.duplicateKeys))
        return toast.error(R.validationError, { description: R.duplicateKeys });
      toast.error(M.common.error, { description: fallback(text, error) });
    });
  const create = trpc.resources.create.useMutation({
    onSuccess: () => onSaved(R.created),
    // The spec's 'Failed to create resource: {status} - {body}'.
    onError: onFailed((text, error) => R.createFailed(errorStatus(error) ?? '—', text ?? M.common.noReply)),
  });
  const update = trpc.resources.update.useMutation({
    onSuccess: () => onSaved(R.updated),
    onError: onFailed((text) => text ?? R.updateFailed),
  });

  const onSubmit = form.handleSubmit(
    (values) => {
      const payload = {
        title: values.title,
        description: values.description,
        type: values.type,
        status: values.status,
        companyId: values.companyId,
        projectId: values.projectId === '' ? null : values.projectId,
        visibleToClient: values.visibleToClient,
        // Empty rows are already dropped (resourceDetailsSchema).
        details: values.details,
      };
      if (resource) update.mutate({ id: resource.id, ...payload });
      else create.mutate(payload);
    },
    (invalid) => {
      if (hasDuplicateKeys(invalid)) toast.error(R.validationError, { description: R.duplicateKeys });
    },
  );
  return { onSubmit, pending: create.isPending || update.isPending };
}
