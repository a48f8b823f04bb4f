import { useMemo, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { ArrowLeft, Braces, Library, Plus, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { idSchema } from '../../../../shared/schemas/common';
import {
  detailsToValue,
  keptDetails,
  RESOURCE_LIMITS,
  resourceFormSchema,
  type ResourceForm,
  type ResourceFormValues,
} from '../../../../shared/schemas/resources';
import { cn } from '../../lib/cn';
import { errorCode, errorStatus, errorText, fieldIssues, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { controlClass, RequiredMark, SelectField, TextareaField, TextField } from '../../ui/Field';
import { BackLink } from '../../ui/RecordPage';
import { PlaceFields, type PlaceTexts } from '../documents/PlaceFields';
import { statusOptions, typeOptions, useInvalidateResources, type ResourceRow } from './resourceParts';

const R = M.resources;
const F = R.fields;

/** Company → project → visible to the client, in the resource's words. */
const placeTexts: PlaceTexts = {
  company: F.company,
  project: F.project,
  visible: F.visible,
  projectNeedsCompany: R.projectNeedsCompany,
  noProject: R.noProject,
  loadingProjects: R.loadingProjects,
  noProjectsYet: R.noProjectsYet,
  projectsFailed: R.projectsFailed,
  needsCompany: R.share.needsCompany,
  companyChanged: R.share.companyChanged,
  visibleHint: R.visibleHint,
  hiddenHint: R.hiddenHint,
};
const LIST = '/hub/resources';

const emptyRow = () => ({ key: '', value: '' });

/** The shared schema over the form's plain values ('' while no type, status or company is chosen: its message). */
const formResolver = zodResolver(resourceFormSchema) as unknown as Resolver<ResourceForm, unknown, ResourceFormValues>;

function valuesOf(resource: ResourceRow | null, companyId: number | null): ResourceForm {
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

function Card({ title, text, children, id }: { title: string; text: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-500">{text}</p>
      </header>
      <div className="px-5 py-5 sm:px-6">{children}</div>
    </section>
  );
}

/** /hub/resources/create and /hub/resources/{id}/edit: one form for both. */
export default function ResourceFormPage() {
  const { id: rawId } = useParams();
  const [params] = useSearchParams();
  const editing = rawId !== undefined;
  const parsed = idSchema.safeParse(rawId);
  const id = editing && parsed.success ? parsed.data : null;
  const resource = trpc.resources.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
  const preset = idSchema.safeParse(params.get('companyId'));
  useDocumentTitle(editing ? R.editTitle : R.createTitle);

  let body: ReactNode;
  if (editing && (id === null || errorCode(resource.error) === 'NOT_FOUND'))
    body = (
      <EmptyState
        icon={<Library className="size-10" />}
        title={R.notFound}
        action={
          <Link to={LIST} className={buttonClass('secondary')}>
            <ArrowLeft className="size-4" aria-hidden /> {R.backToResources}
          </Link>
        }
      />
    );
  else if (editing && resource.isError) body = <LoadFailed onRetry={() => void resource.refetch()} />;
  else if (editing && !resource.data) body = <FormSkeleton />;
  else
    body = (
      <ResourceFormView
        key={resource.data?.id ?? 'new'}
        resource={resource.data ?? null}
        presetCompanyId={preset.success ? preset.data : null}
      />
    );

  return (
    <div className="mx-auto max-w-5xl">
      <BackLink to={LIST}>{R.backToResources}</BackLink>
      <div className="mt-4 mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{editing ? R.editTitle : R.createTitle}</h1>
        <p className="mt-1 text-sm text-slate-500">{editing ? R.editSubtitle : R.createSubtitle}</p>
      </div>
      {body}
    </div>
  );
}

function FormSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading} className="space-y-6">
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-4 rounded-xl bg-white p-6 ring-1 ring-slate-200">
          <Skeleton className="h-5 w-48" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** Does any detail row carry the duplicate-key message (from the form's own check or the server's)? */
function hasDuplicateKeys(errors: FieldErrors<ResourceForm>) {
  const rows = errors.details;
  return Array.isArray(rows) && rows.some((row) => row?.key?.message === R.duplicateKeys);
}

function ResourceFormView({
  resource,
  presetCompanyId,
}: {
  resource: ResourceRow | null;
  presetCompanyId: number | null;
}) {
  const navigate = useNavigate();
  const invalidate = useInvalidateResources();
  const defaultValues = useMemo(() => valuesOf(resource, presetCompanyId), [resource, presetCompanyId]);
  const form = useForm<ResourceForm, unknown, ResourceFormValues>({ resolver: formResolver, defaultValues });
  const { register, control, setError, formState } = form;
  const errors = formState.errors;
  const rows = useFieldArray({ control, name: 'details' });
  const companyId = useWatch({ control, name: 'companyId' });
  const details = useWatch({ control, name: 'details' });
  const preview = JSON.stringify(detailsToValue(keptDetails(details ?? [])), null, 2);

  /** The server's validation issues under their fields (details.{i}.key…); true when one named a field. */
  const showServerIssues = (error: unknown) => {
    const fields = Object.keys(resourceFormSchema.shape);
    const issues = fieldIssues(error).filter((i) => fields.includes(i.path.split('.')[0]));
    for (const issue of issues) setError(issue.path as Path<ResourceForm>, { type: 'server', message: issue.message });
    return issues;
  };
  const onSaved = (message: string) => {
    toast.success(message);
    void invalidate();
    navigate(LIST);
  };
  const onFailed = (error: unknown, fallback: string) => {
    const issues = showServerIssues(error);
    if (issues.some((i) => i.message === R.duplicateKeys))
      return toast.error(R.validationError, { description: R.duplicateKeys });
    toast.error(M.common.error, { description: fallback });
  };
  const create = trpc.resources.create.useMutation({
    onSuccess: () => onSaved(R.created),
    // The spec's 'Failed to create resource: {status} - {body}'.
    onError: (error) =>
      onFailed(error, R.createFailed(errorStatus(error) ?? '—', errorText(error) ?? M.common.noReply)),
  });
  const update = trpc.resources.update.useMutation({
    onSuccess: () => onSaved(R.updated),
    onError: (error) => onFailed(error, errorText(error) ?? R.updateFailed),
  });
  const pending = create.isPending || update.isPending;

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

  const lastRow = rows.fields.length <= 1;
  const rowErrors = Array.isArray(errors.details) ? errors.details : [];

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <Card id="resource-basic" title={R.basicInformation} text={R.basicInformationText}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={F.title}
            required
            className="sm:col-span-2"
            placeholder={R.titlePlaceholder}
            maxLength={RESOURCE_LIMITS.titleMax}
            autoComplete="off"
            error={errors.title?.message}
            {...register('title')}
          />
          <TextareaField
            label={F.description}
            required
            rows={3}
            className="sm:col-span-2"
            placeholder={R.descriptionPlaceholder}
            maxLength={RESOURCE_LIMITS.descriptionMax}
            error={errors.description?.message}
            {...register('description')}
          />
          <SelectField label={F.type} required error={errors.type?.message} {...register('type')}>
            <option value="" disabled>
              {R.chooseType}
            </option>
            {typeOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
          <SelectField label={F.status} required error={errors.status?.message} {...register('status')}>
            <option value="" disabled>
              {R.chooseStatus}
            </option>
            {statusOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        </div>
      </Card>

      <Card id="resource-assignment" title={R.assignment} text={R.assignmentText}>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlaceFields
            form={form}
            names={{ name: 'title', visible: 'visibleToClient' }}
            share="resource"
            text={placeTexts}
            companyName={resource && companyId === resource.companyId ? resource.company.name : undefined}
          />
        </div>
      </Card>

      <Card id="resource-details" title={R.addDetails} text={R.addDetailsText}>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <div
              className="mb-1.5 hidden grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.25rem] gap-2 text-sm font-medium text-slate-700 sm:grid"
              aria-hidden
            >
              <span>
                {F.key}
                <RequiredMark />
              </span>
              <span>
                {F.value}
                <RequiredMark />
              </span>
            </div>
            <ol className="space-y-3 sm:space-y-2">
              {rows.fields.map((row, index) => {
                const keyError = rowErrors[index]?.key?.message;
                const valueError = rowErrors[index]?.value?.message;
                const n = index + 1;
                return (
                  <li
                    key={row.id}
                    className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset sm:bg-transparent sm:p-0 sm:ring-0"
                    data-testid="detail-row"
                  >
                    <p className="mb-2 text-xs font-medium text-slate-500 sm:sr-only">{R.detailRow(n)}</p>
                    <div className="grid grid-cols-[minmax(0,1fr)_2.25rem] gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.25rem]">
                      <div className="min-w-0">
                        <input
                          aria-label={`${F.key} — ${R.detailRow(n)}`}
                          aria-invalid={!!keyError || undefined}
                          aria-describedby={keyError ? `detail-${row.id}-key-error` : undefined}
                          placeholder={R.keyPlaceholder}
                          maxLength={RESOURCE_LIMITS.keyMax}
                          autoComplete="off"
                          className={controlClass(!!keyError)}
                          {...register(`details.${index}.key`)}
                        />
                        {keyError && (
                          <p
                            id={`detail-${row.id}-key-error`}
                            role="alert"
                            className="mt-1 text-xs font-medium text-red-600"
                          >
                            {keyError}
                          </p>
                        )}
                      </div>
                      <div className="col-start-1 min-w-0 sm:col-start-auto">
                        <input
                          aria-label={`${F.value} — ${R.detailRow(n)}`}
                          aria-invalid={!!valueError || undefined}
                          aria-describedby={valueError ? `detail-${row.id}-value-error` : undefined}
                          placeholder={R.valuePlaceholder}
                          maxLength={RESOURCE_LIMITS.valueMax}
                          autoComplete="off"
                          className={controlClass(!!valueError)}
                          {...register(`details.${index}.value`)}
                        />
                        {valueError && (
                          <p
                            id={`detail-${row.id}-value-error`}
                            role="alert"
                            className="mt-1 text-xs font-medium text-red-600"
                          >
                            {valueError}
                          </p>
                        )}
                      </div>
                      <button
                        type="button"
                        onClick={() => rows.remove(index)}
                        disabled={lastRow}
                        aria-label={R.removeDetail(n)}
                        title={lastRow ? R.lastRowStays : R.removeDetail(n)}
                        className="col-start-2 row-span-2 row-start-1 grid size-9 place-items-center self-start rounded-lg text-slate-400 transition-colors hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent sm:col-start-auto sm:row-span-1 sm:row-start-auto"
                      >
                        <Trash2 className="size-4" aria-hidden />
                      </button>
                    </div>
                  </li>
                );
              })}
            </ol>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              disabled={rows.fields.length >= RESOURCE_LIMITS.detailsMax}
              onClick={() =>
                rows.append(emptyRow(), { shouldFocus: true, focusName: `details.${rows.fields.length}.key` })
              }
            >
              <Plus className="size-4" aria-hidden /> {R.addDetail}
            </Button>
          </div>
          <div className="min-w-0">
            <h3 className="mb-1.5 flex items-center gap-1.5 text-sm font-medium text-slate-700">
              <Braces className="size-4 text-slate-400" aria-hidden /> {R.jsonPreview}
            </h3>
            {/* A named region that keyboard users can focus to scroll it (it holds no control of its own). */}
            <pre
              role="region"
              aria-label={R.jsonPreview}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
              tabIndex={0}
              data-testid="json-preview"
              className="max-h-80 min-h-24 overflow-auto rounded-lg bg-slate-900 px-4 py-3 font-mono focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none text-xs leading-relaxed text-slate-100"
            >
              {preview}
            </pre>
            <p className="mt-1.5 text-xs text-slate-500">{R.jsonPreviewText}</p>
          </div>
        </div>
      </Card>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <Link
          to={LIST}
          className={cn(buttonClass('secondary'), pending && 'pointer-events-none opacity-60')}
          aria-disabled={pending || undefined}
        >
          {R.cancel}
        </Link>
        <Button type="submit" busy={pending}>
          {pending ? R.saving : resource ? R.submitEdit : R.submitCreate}
        </Button>
      </div>
    </form>
  );
}
