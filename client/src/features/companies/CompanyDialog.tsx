import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { DEFAULT_COMPANY_STATUS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { companyFormSchema, type CompanyForm } from '../../../../shared/schemas/companies';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { FormFields, formDefaults, formValuesOf, useSaveMutation, type FormFieldSpec } from '../../ui/form';
import { Tabs } from '../../ui/Tabs';
import { CompanyResourcesAccess } from './CompanyResourcesAccess';

export type CompanyRow = RouterOutputs['companies']['list']['items'][number];

const F = M.companies.fields;
const blank = formDefaults<CompanyForm>(companyFormSchema, { status: DEFAULT_COMPANY_STATUS });

/** The details tab, one line per field; a select and "required" follow from companyFormSchema. */
const detailFields: FormFieldSpec<CompanyForm>[] = [
  { name: 'name', label: F.name, wide: true, autoFocus: true },
  { name: 'industry', label: F.industry, placeholder: F.industryPlaceholder },
  { name: 'status', label: F.status, optionLabel: (s) => M.companies.statusLabels[s] ?? s },
  { name: 'website', label: F.website, type: 'url', placeholder: F.websitePlaceholder },
  { name: 'phone', label: F.phone, type: 'tel' },
  { name: 'address', label: F.address, wide: true },
];

/** Add or edit a company. `company` null means add. */
export function CompanyDialog({
  open,
  company,
  onClose,
}: {
  open: boolean;
  company: CompanyRow | null;
  onClose: () => void;
}) {
  const utils = trpc.useUtils();
  const form = useForm<CompanyForm>({
    resolver: zodResolver(companyFormSchema),
    defaultValues: formValuesOf(companyFormSchema, company, blank),
  });
  const [tab, setTab] = useState(0);

  // Opening for another company (or for a new one) starts from its values and tab, never from the last ones.
  const { reset } = form;
  useEffect(() => {
    if (open) {
      reset(formValuesOf(companyFormSchema, company, blank));
      setTab(0);
    }
  }, [open, company, reset]);

  const save = useSaveMutation({
    create: trpc.companies.create,
    update: trpc.companies.update,
    form,
    schema: companyFormSchema,
    messages: {
      created: { title: M.companies.created, text: M.companies.createdText },
      updated: { title: M.companies.updated, text: M.companies.updatedText },
      createFailed: (text) => M.companies.createFailed(text ?? M.common.noReply),
      updateFailed: (text) => text ?? M.companies.updateFailed,
    },
    // Lists, industries and the company page (companies.get).
    invalidate: () => void utils.companies.invalidate(),
    onSaved: onClose,
    onFieldIssues: () => setTab(0),
  });

  const onSubmit = form.handleSubmit(
    (values) => (company ? save.update({ id: company.id, ...values }) : save.create(values)),
    // The errors sit on the details tab: show it, or Update would seem to do nothing.
    () => setTab(0),
  );

  return (
    <Dialog
      open={open}
      onClose={() => !save.pending && onClose()}
      title={company ? M.companies.dialogEdit : M.companies.dialogAdd}
    >
      <form onSubmit={onSubmit} noValidate>
        <Tabs
          selectedIndex={tab}
          onChange={setTab}
          tabs={[
            {
              label: M.companies.tabDetails,
              content: (
                <div className="grid gap-4 sm:grid-cols-2">
                  <FormFields form={form} schema={companyFormSchema} fields={detailFields} />
                </div>
              ),
            },
            { label: M.companies.tabResources, content: <CompanyResourcesAccess companyId={company?.id ?? null} /> },
          ]}
        />
        <div className="mt-6 flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={save.pending}>
            {M.companies.cancel}
          </Button>
          <Button type="submit" busy={save.pending}>
            {save.pending ? M.companies.saving : company ? M.companies.submitEdit : M.companies.submitAdd}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
