/**
 * Several companies per client login (issue 32), in the hub: the contact dialog's "Also has portal access to …"
 * (staff give the contact's sign-in access to other companies of the agency, at most 30 in all, and take it away;
 * each company can be previewed as the contact), and a company's contacts tab's contacts of other companies who
 * also have access to it.
 */
import { useState } from 'react';
import { Building2, Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { CompanyPicker } from './CompanyPicker';
import { PreviewPortalButton } from './PreviewPortalButton';

const T = M.portalCompanies.hub;

type Contact = {
  id: number;
  firstName: string;
  lastName: string;
  portalAccess: boolean;
  companyOfContact: { id: number } | null;
};

export function ContactCompaniesSection({ contact }: { contact: Contact }) {
  const utils = trpc.useUtils();
  const list = trpc.contactCompanies.list.useQuery({ contactId: contact.id });
  const [picked, setPicked] = useState('');
  const onError = (error: unknown) => toast.error(M.common.error, { description: errorText(error) ?? undefined });
  const add = trpc.contactCompanies.add.useMutation({
    onSuccess: (data) => {
      utils.contactCompanies.list.setData({ contactId: contact.id }, data);
      void utils.contactCompanies.ofCompany.invalidate();
      setPicked('');
    },
    onError,
  });
  const remove = trpc.contactCompanies.remove.useMutation({
    onSuccess: (data) => {
      utils.contactCompanies.list.setData({ contactId: contact.id }, data);
      void utils.contactCompanies.ofCompany.invalidate();
    },
    onError,
  });
  if (!contact.companyOfContact) return null;
  const companies = list.data?.companies ?? [];
  const others = companies.filter((c) => !c.own);
  const full = list.data ? companies.length >= list.data.max : false;
  const pickerId = `contact-${contact.id}-add-company`;
  return (
    <section aria-labelledby={`${pickerId}-title`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`${pickerId}-title`} className="text-sm font-semibold text-slate-900">
        {T.title}
      </h3>
      <p className="mt-1 text-xs text-slate-500">{T.intro}</p>
      <ul className="mt-3 divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
        {companies.map((company) => (
          <li key={company.companyId} className="flex items-center gap-2 px-3 py-2">
            <Building2 className="size-4 shrink-0 text-slate-400" aria-hidden />
            <span className="min-w-0 flex-1 truncate text-sm text-slate-800">{company.name}</span>
            {company.own && <Badge tone="gray">{T.ownBadge}</Badge>}
            {company.archived && <Badge tone="yellow">{T.archivedBadge}</Badge>}
            {!company.archived && (
              <PreviewPortalButton contact={contact} company={{ id: company.companyId, name: company.name }} compact />
            )}
            {!company.own && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                aria-label={T.remove(company.name)}
                busy={remove.isPending && remove.variables?.companyId === company.companyId}
                onClick={() => remove.mutate({ contactId: contact.id, companyId: company.companyId })}
              >
                <X className="size-4" aria-hidden />
              </Button>
            )}
          </li>
        ))}
        {list.data && others.length === 0 && <li className="px-3 py-2 text-sm text-slate-500">{T.none}</li>}
      </ul>
      {full ? (
        <p className="mt-3 text-xs text-slate-500">{T.tooMany(list.data?.max ?? 0)}</p>
      ) : (
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <label htmlFor={pickerId} className="mb-1 block text-xs font-medium text-slate-700">
              {T.addLabel}
            </label>
            <CompanyPicker id={pickerId} value={picked} onChange={setPicked} />
          </div>
          <Button
            type="button"
            variant="secondary"
            disabled={!picked}
            busy={add.isPending}
            onClick={() => add.mutate({ contactId: contact.id, companyId: Number(picked) })}
          >
            {!add.isPending && <Plus className="size-4" aria-hidden />} {T.add}
          </Button>
        </div>
      )}
    </section>
  );
}

/** A company's contacts tab: contacts of other companies whose sign-in also opens this company, marked. */
export function CompanyGuestContacts({
  companyId,
  onOpen,
}: {
  companyId: number;
  onOpen: (contactId: number) => void;
}) {
  const guests = trpc.contactCompanies.ofCompany.useQuery({ companyId });
  if (!guests.data || guests.data.contacts.length === 0) return null;
  return (
    <section aria-label={T.otherCompanyBadge} className="mt-4 rounded-xl bg-white ring-1 ring-slate-200">
      <ul className="divide-y divide-slate-100">
        {guests.data.contacts.map((contact) => (
          <li key={contact.id}>
            <button
              type="button"
              onClick={() => onOpen(contact.id)}
              className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium text-slate-900">
                  {contact.firstName} {contact.lastName}
                </span>
                <span className="block truncate text-xs text-slate-500">
                  {contact.email}
                  {contact.ownCompany ? ` · ${contact.ownCompany.name}` : ''}
                </span>
              </span>
              <Badge tone="blue">{T.otherCompanyBadge}</Badge>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
