/**
 * Templates (issue 29): "From template" for projects and flows, "Save as template" for both, and the list's rename
 * and delete. Forms use react-hook-form with the shared zod schemas; server issues land under their fields.
 */
import { useEffect } from 'react';
import { AlertTriangle } from 'lucide-react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import {
  flowFromTemplateFormSchema,
  projectFromTemplateFormSchema,
  TEMPLATE_LIMITS,
  templateNameFormSchema,
  type FlowFromTemplateForm,
  type ProjectFromTemplateForm,
  type TemplateNameForm,
} from '../../../../shared/schemas/templates';
import { zodResolver } from '../../lib/zodResolver';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { applyServerIssues } from '../../ui/form';
import { CompanyField } from '../documents/PlaceFields';
import { useInvalidateProjectData } from '../projects/projectParts';

const T = M.templates;
const today = () => new Date().toISOString().slice(0, 10);

function Actions({ busy, onCancel, submit }: { busy: boolean; onCancel: () => void; submit: string }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {M.projects.cancel}
      </Button>
      <Button type="submit" busy={busy}>
        {submit}
      </Button>
    </div>
  );
}

/** What both "from template" forms share: the new record's name and its company ('' for none, or every client). */
type NameAndCompany = { name: string; companyId: unknown };

/** The name and company fields of both "from template" dialogs. */
function NameAndCompanyFields<F extends NameAndCompany, O>({
  form,
  nameLabel,
  companyLabel,
  noCompanyLabel,
}: {
  form: UseFormReturn<F, unknown, O>;
  nameLabel: string;
  companyLabel: string;
  noCompanyLabel: string;
}) {
  // The two forms' own types differ elsewhere; these two fields are the same in both.
  const shared = form as unknown as UseFormReturn<NameAndCompany, unknown, unknown>;
  const errors = shared.formState.errors;
  return (
    <>
      <TextField
        label={nameLabel}
        required
        autoComplete="off"
        maxLength={200}
        error={errors.name?.message}
        {...shared.register('name')}
      />
      <Controller
        control={shared.control}
        name="companyId"
        render={({ field }) => (
          <CompanyField
            label={companyLabel}
            error={errors.companyId?.message}
            value={field.value as number | '' | null}
            onChange={field.onChange}
            fixedOptions={[{ value: '', label: noCompanyLabel }]}
          />
        )}
      />
    </>
  );
}

const blankProject = (): ProjectFromTemplateForm => ({ templateId: '', name: '', companyId: '', startDate: today() });

/** New project from template: the template, a name, a company (or none) and the start date the due dates count from. */
export function ProjectFromTemplateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const templates = trpc.templates.list.useQuery(undefined, { enabled: open });
  const form = useForm<ProjectFromTemplateForm, unknown, z.output<typeof projectFromTemplateFormSchema>>({
    resolver: zodResolver(projectFromTemplateFormSchema),
    defaultValues: blankProject(),
  });
  const { register, reset, formState, watch, setValue, getValues } = form;
  const errors = formState.errors;
  const navigate = useNavigate();
  const invalidate = useInvalidateProjectData();
  useEffect(() => {
    if (open) reset(blankProject());
  }, [open, reset]);

  const chosenId = Number(watch('templateId'));
  const chosen = templates.data?.find((t) => t.id === chosenId);
  // The template's name is the project's until staff type one of their own.
  useEffect(() => {
    if (chosen && !getValues('name')) setValue('name', chosen.name);
  }, [chosen, getValues, setValue]);

  const create = trpc.templates.createProject.useMutation({
    onSuccess: (project) => {
      toast.success(T.created(project.name));
      void invalidate();
      onClose();
      void navigate(`/hub/projects/${project.projectUid}`);
    },
    onError: (error) => {
      applyServerIssues(error, form.setError, projectFromTemplateFormSchema);
      toast.error(M.common.error, { description: errorText(error) ?? undefined });
    },
  });
  const onSubmit = form.handleSubmit(({ templateId, companyId, ...values }) =>
    create.mutate({ ...values, id: templateId, companyId: companyId === '' ? null : companyId }),
  );
  const close = () => !create.isPending && onClose();

  return (
    <Dialog open={open} onClose={close} title={T.newProjectFromTemplate}>
      <form onSubmit={onSubmit} noValidate>
        <div className="space-y-4">
          <SelectField label={T.template} required error={errors.templateId?.message} {...register('templateId')}>
            <option value="">{T.chooseTemplate}</option>
            {templates.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} · {T.taskCount(t.taskCount)}
              </option>
            ))}
          </SelectField>
          {templates.data?.length === 0 && <p className="text-sm text-slate-500">{T.noTemplates}</p>}
          {chosen && (
            <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-600">
              {chosen.description && <p className="mb-1">{chosen.description}</p>}
              {chosen.flowTemplates.length > 0 && (
                <p>{T.withFlows(chosen.flowTemplates.map((f) => f.name).join(', '))}</p>
              )}
              <p className="text-xs text-slate-500">{T.draftNote}</p>
            </div>
          )}
          <NameAndCompanyFields
            form={form}
            nameLabel={T.projectName}
            companyLabel={M.projects.fields.company}
            noCompanyLabel={T.noCompany}
          />
          <TextField
            label={T.startDate}
            type="date"
            required
            error={errors.startDate?.message}
            {...register('startDate')}
          />
        </div>
        <Actions busy={create.isPending} onCancel={close} submit={T.create} />
      </form>
    </Dialog>
  );
}

/** New flow from a flow template: the template, a name and a company (or every client); it starts as a draft. */
export function FlowFromTemplateDialog({
  open,
  onClose,
  defaultCompanyId,
}: {
  open: boolean;
  onClose: () => void;
  defaultCompanyId?: number | null;
}) {
  const templates = trpc.flowTemplates.list.useQuery(undefined, { enabled: open });
  const blank = (): FlowFromTemplateForm => ({ templateId: '', name: '', companyId: defaultCompanyId ?? '' });
  const form = useForm<FlowFromTemplateForm, unknown, z.output<typeof flowFromTemplateFormSchema>>({
    resolver: zodResolver(flowFromTemplateFormSchema),
    defaultValues: blank(),
  });
  const { register, reset, formState, watch, setValue, getValues } = form;
  const errors = formState.errors;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  useEffect(() => {
    if (open) reset({ templateId: '', name: '', companyId: defaultCompanyId ?? '' });
  }, [open, reset, defaultCompanyId]);
  const chosen = templates.data?.find((t) => t.id === Number(watch('templateId')));
  useEffect(() => {
    if (chosen && !getValues('name')) setValue('name', chosen.name);
  }, [chosen, getValues, setValue]);

  const create = trpc.flowTemplates.createFlow.useMutation({
    onSuccess: (flow) => {
      toast.success(T.created(flow.name));
      void utils.flows.invalidate();
      onClose();
      void navigate(`/hub/flows/${flow.flowUid}`);
    },
    onError: (error) => {
      applyServerIssues(error, form.setError, flowFromTemplateFormSchema);
      toast.error(M.common.error, { description: errorText(error) ?? undefined });
    },
  });
  const onSubmit = form.handleSubmit(({ templateId, companyId, name }) =>
    create.mutate({ id: templateId, name, companyId: companyId === '' ? null : companyId }),
  );
  const close = () => !create.isPending && onClose();

  return (
    <Dialog open={open} onClose={close} title={T.newFlowFromTemplate}>
      <form onSubmit={onSubmit} noValidate>
        <div className="space-y-4">
          <SelectField label={T.template} required error={errors.templateId?.message} {...register('templateId')}>
            <option value="">{T.chooseTemplate}</option>
            {templates.data?.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} · {T.stepCount(t.stepCount)}
              </option>
            ))}
          </SelectField>
          {templates.data?.length === 0 && <p className="text-sm text-slate-500">{T.noFlowTemplates}</p>}
          <NameAndCompanyFields
            form={form}
            nameLabel={T.flowName}
            companyLabel={M.flows.dialogFields.company}
            noCompanyLabel={T.allCompanies}
          />
          <p className="text-xs text-slate-500">{T.draftNote}</p>
        </div>
        <Actions busy={create.isPending} onCancel={close} submit={T.create} />
      </form>
    </Dialog>
  );
}

type NameDialogProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  intro?: string;
  defaultName: string;
  submit: string;
  busy: boolean;
  onSave: (name: string, setError: ReturnType<typeof useForm<TemplateNameForm>>['setError']) => void;
};

/** One name, for Save as template and Rename. */
export function TemplateNameDialog({
  open,
  onClose,
  title,
  intro,
  defaultName,
  submit,
  busy,
  onSave,
}: NameDialogProps) {
  const form = useForm<TemplateNameForm, unknown, z.output<typeof templateNameFormSchema>>({
    resolver: zodResolver(templateNameFormSchema),
    defaultValues: { name: defaultName },
  });
  useEffect(() => {
    if (open) form.reset({ name: defaultName });
  }, [open, defaultName, form]);
  const onSubmit = form.handleSubmit(({ name }) => onSave(name, form.setError));
  const close = () => !busy && onClose();
  return (
    <Dialog open={open} onClose={close} title={title} size="md">
      <form onSubmit={onSubmit} noValidate>
        {intro && <p className="mb-4 text-sm text-slate-600">{intro}</p>}
        <TextField
          label={T.templateName}
          required
          autoFocus
          autoComplete="off"
          maxLength={TEMPLATE_LIMITS.nameMax}
          error={form.formState.errors.name?.message}
          {...form.register('name')}
        />
        <Actions busy={busy} onCancel={close} submit={submit} />
      </form>
    </Dialog>
  );
}

/** Save as template from a project page or the flow editor. */
export function SaveAsTemplateDialog({
  open,
  onClose,
  source,
}: {
  open: boolean;
  onClose: () => void;
  source: { kind: 'project' | 'flow'; id: number; name: string };
}) {
  const utils = trpc.useUtils();
  const done = (template: { name: string }) => {
    toast.success(T.saved(template.name));
    void utils.templates.invalidate();
    void utils.flowTemplates.invalidate();
    onClose();
  };
  const failed = (error: Parameters<typeof errorText>[0]) =>
    toast.error(M.common.error, { description: errorText(error) ?? undefined });
  const saveProject = trpc.templates.saveProject.useMutation({ onSuccess: done, onError: failed });
  const saveFlow = trpc.flowTemplates.saveFlow.useMutation({ onSuccess: done, onError: failed });
  return (
    <TemplateNameDialog
      open={open}
      onClose={onClose}
      title={T.saveAsTemplateTitle}
      intro={source.kind === 'project' ? T.saveAsTemplateIntro : T.saveFlowAsTemplateIntro}
      defaultName={source.name}
      submit={T.saveAsTemplate}
      busy={saveProject.isPending || saveFlow.isPending}
      onSave={(name) =>
        source.kind === 'project'
          ? saveProject.mutate({ projectId: source.id, name })
          : saveFlow.mutate({ flowId: source.id, name })
      }
    />
  );
}

/** Asks before deleting a template; what was made from it stays. */
export function DeleteTemplateDialog({
  template,
  busy,
  onClose,
  onConfirm,
}: {
  template: { name: string } | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={template !== null}
      onClose={() => !busy && onClose()}
      title={T.deleteTitle(template?.name ?? '')}
      size="md"
    >
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">{T.deleteText}</p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {M.projects.cancel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {T.delete}
        </Button>
      </div>
    </Dialog>
  );
}
