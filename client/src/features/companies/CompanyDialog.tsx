import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { toast } from 'sonner';
import { COMPANY_STATUSES, DEFAULT_COMPANY_STATUS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { companyFormSchema, type CompanyForm } from '../../../../shared/schemas/companies';
import { cn } from '../../lib/cn';
import { fieldIssues, trpc, type RouterOutputs } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextField } from '../../ui/Field';
import { statusLabel } from '../../ui/Badge';
import { CompanyResourcesAccess } from './CompanyResourcesAccess';

export type CompanyRow = RouterOutputs['companies']['list']['items'][number];

const blank: CompanyForm = { name: '', industry: '', website: '', address: '', phone: '', status: DEFAULT_COMPANY_STATUS };
const formFields = ['name', 'industry', 'website', 'address', 'phone', 'status'] as const;

const toForm = (company: CompanyRow | null): CompanyForm =>
  company
    ? {
        name: company.name,
        industry: company.industry ?? '',
        website: company.website ?? '',
        address: company.address ?? '',
        phone: company.phone ?? '',
        status: company.status as CompanyForm['status'],
      }
    : blank;

const tabClass = ({ selected }: { selected: boolean }) =>
  cn(
    'flex-1 rounded-md px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
    selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

/** Add or edit a company. `company` null means add. */
export function CompanyDialog({ open, company, onClose }: { open: boolean; company: CompanyRow | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<CompanyForm>({ resolver: zodResolver(companyFormSchema), defaultValues: toForm(company) });
  const { register, handleSubmit, formState, reset, setError } = form;

  const [tab, setTab] = useState(0);

  // Opening for another company (or for a new one) starts from its values and tab, never from the last ones.
  useEffect(() => {
    if (open) {
      reset(toForm(company));
      setTab(0);
    }
  }, [open, company, reset]);

  const done = () => {
    void utils.companies.list.invalidate();
    void utils.companies.industries.invalidate();
    onClose();
  };
  /** Puts the server's field messages under their fields; true when there were any. */
  const showServerIssues = (error: unknown) => {
    const issues = fieldIssues(error).filter((i) => (formFields as readonly string[]).includes(i.path));
    for (const issue of issues) setError(issue.path as (typeof formFields)[number], { message: issue.message });
    return issues.length > 0;
  };
  const create = trpc.companies.create.useMutation({
    onSuccess: () => {
      toast.success(M.companies.created, { description: M.companies.createdText });
      done();
    },
    onError: (error) => {
      if (showServerIssues(error)) setTab(0);
      toast.error(M.common.error, { description: M.companies.createFailed(error.message) });
    },
  });
  const update = trpc.companies.update.useMutation({
    onSuccess: () => {
      toast.success(M.companies.updated, { description: M.companies.updatedText });
      done();
    },
    onError: (error) => {
      if (showServerIssues(error)) setTab(0);
      toast.error(M.common.error, { description: error.message || M.companies.updateFailed });
    },
  });
  const pending = create.isPending || update.isPending;

  const onSubmit = handleSubmit(
    (values) => {
      if (company) update.mutate({ id: company.id, ...values });
      else create.mutate(values);
    },
    // The errors sit on the details tab: show it, or Update would seem to do nothing.
    () => setTab(0),
  );

  const errors = formState.errors;
  return (
    <Dialog open={open} onClose={() => !pending && onClose()} title={company ? M.companies.dialogEdit : M.companies.dialogAdd}>
      <form onSubmit={onSubmit} noValidate>
        <TabGroup selectedIndex={tab} onChange={setTab}>
          <TabList className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
            <Tab className={tabClass}>{M.companies.tabDetails}</Tab>
            <Tab className={tabClass}>{M.companies.tabResources}</Tab>
          </TabList>
          <TabPanels>
            <TabPanel unmount={false} className="grid gap-4 sm:grid-cols-2 focus:outline-none">
              <TextField label="Company name" className="sm:col-span-2" autoFocus required error={errors.name?.message} {...register('name')} />
              <TextField label="Industry" placeholder="e.g. Marketing" error={errors.industry?.message} {...register('industry')} />
              <SelectField label="Status" error={errors.status?.message} {...register('status')}>
                {COMPANY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </SelectField>
              <TextField label="Website" type="url" placeholder="https://example.com" error={errors.website?.message} {...register('website')} />
              <TextField label="Phone" type="tel" error={errors.phone?.message} {...register('phone')} />
              <TextField label="Address" className="sm:col-span-2" error={errors.address?.message} {...register('address')} />
            </TabPanel>
            <TabPanel className="focus:outline-none">
              <CompanyResourcesAccess companyId={company?.id ?? null} />
            </TabPanel>
          </TabPanels>
        </TabGroup>
        <div className="mt-6 flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {M.companies.cancel}
          </Button>
          <Button type="submit" busy={pending}>
            {pending ? M.companies.saving : company ? M.companies.submitEdit : M.companies.submitAdd}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
