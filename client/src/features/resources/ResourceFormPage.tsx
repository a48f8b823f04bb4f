import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useForm, useWatch } from 'react-hook-form';
import { ArrowLeft, Library } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { idSchema } from '../../../../shared/schemas/common';
import {
  RESOURCE_LIMITS,
  resourceFormSchema,
  type ResourceForm,
  type ResourceFormValues,
} from '../../../../shared/schemas/resources';
import { cn } from '../../lib/cn';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { FormFields, type FormFieldSpec } from '../../ui/form';
import { BackLink } from '../../ui/RecordPage';
import { PlaceFields, type PlaceTexts } from '../documents/PlaceFields';
import { ResourceDetailsEditor } from './ResourceDetailsEditor';
import { formResolver, RESOURCES_LIST, useResourceSave, valuesOf } from './resourceForm';
import { statusLabel, typeLabel, type ResourceRow } from './resourceParts';

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

/** Basic Information: what the resource is. */
const basicFields: FormFieldSpec<ResourceForm>[] = [
  {
    name: 'title',
    label: F.title,
    wide: true,
    placeholder: R.titlePlaceholder,
    maxLength: RESOURCE_LIMITS.titleMax,
    autoComplete: 'off',
  },
  {
    name: 'description',
    label: F.description,
    wide: true,
    rows: 3,
    placeholder: R.descriptionPlaceholder,
    maxLength: RESOURCE_LIMITS.descriptionMax,
  },
  { name: 'type', label: F.type, prompt: R.chooseType, optionLabel: typeLabel },
  { name: 'status', label: F.status, prompt: R.chooseStatus, optionLabel: statusLabel },
];

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
          <Link to={RESOURCES_LIST} className={buttonClass('secondary')}>
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
      <BackLink to={RESOURCES_LIST}>{R.backToResources}</BackLink>
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

function ResourceFormView({
  resource,
  presetCompanyId,
}: {
  resource: ResourceRow | null;
  presetCompanyId: number | null;
}) {
  const defaultValues = useMemo(() => valuesOf(resource, presetCompanyId), [resource, presetCompanyId]);
  const form = useForm<ResourceForm, unknown, ResourceFormValues>({ resolver: formResolver, defaultValues });
  const save = useResourceSave(form, resource);
  const companyId = useWatch({ control: form.control, name: 'companyId' });

  return (
    <form onSubmit={save.onSubmit} noValidate className="space-y-6">
      <Card id="resource-basic" title={R.basicInformation} text={R.basicInformationText}>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormFields form={form} schema={resourceFormSchema} fields={basicFields} />
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
        <ResourceDetailsEditor form={form} />
      </Card>

      <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <Link
          to={RESOURCES_LIST}
          className={cn(buttonClass('secondary'), save.pending && 'pointer-events-none opacity-60')}
          aria-disabled={save.pending || undefined}
        >
          {R.cancel}
        </Link>
        <Button type="submit" busy={save.pending}>
          {save.pending ? R.saving : resource ? R.submitEdit : R.submitCreate}
        </Button>
      </div>
    </form>
  );
}
