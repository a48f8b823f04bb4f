import { keepPreviousData } from '@tanstack/react-query';
import { Building2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { PICKER_LIMIT, RecordPicker, type RecordKind, type RecordPickerProps } from '../../lists/RecordPicker';

/** A company's name by id (a filter from the URL, a contact's company): null while unknown. */
export function useCompanyName(id: number | null): { name: string | null; missing: boolean } {
  const company = trpc.companies.get.useQuery({ id: id ?? 0 }, { enabled: id !== null, staleTime: 60_000 });
  if (id === null) return { name: null, missing: false };
  if (company.data) return { name: company.data.name, missing: false };
  return { name: null, missing: company.isError };
}

type CompanyOption = { id: number; name: string; industry: string | null };

const companyKind: RecordKind<CompanyOption> = {
  useResults: (search) =>
    trpc.companies.list.useQuery({ search, limit: PICKER_LIMIT }, { placeholderData: keepPreviousData }),
  useName: useCompanyName,
  label: (company) => company.name,
  hint: (company) => company.industry,
  hintClassName: 'text-slate-500',
  icon: <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />,
  minWidth: 'min-w-56',
  text: { ...M.contacts.companyPicker, unknown: M.contacts.unknownCompany },
};

/** The record picker for companies, each with its industry as a hint. */
export function CompanyPicker(props: RecordPickerProps) {
  return <RecordPicker kind={companyKind} {...props} />;
}
