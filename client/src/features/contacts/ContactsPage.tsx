import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Building2, Mail, Pencil, Phone, Plus, Trash2, Users } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { contactListInput, contactSorts } from '../../../../shared/schemas/contacts';
import { idSchema } from '../../../../shared/schemas/common';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { PageHeader } from '../../ui/PageHeader';
import { ListFilters } from '../../lists/ListFilters';
import { FilterChips, ListToolbar, SearchBox, ViewToggle, SortSelect } from '../../lists/ListToolbar';
import { ListResults } from '../../lists/ListResults';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { CompanyPicker, useCompanyName } from './CompanyPicker';
import { ContactAvatar, fullName, PortalBadge, portalState, type ContactRow } from './contactParts';
import { ContactDialog } from './ContactDialog';
import { useLinkParam } from '../search/useLinkParam';
import { DeleteContactDialog } from './DeleteContactDialog';
import { PreviewPortalButton } from './PreviewPortalButton';
import { ImportCsvLink } from '../data/ImportCsvLink';

const searchMaxLength = contactListInput.shape.search.unwrap().maxLength ?? undefined;
const linkClass =
  'relative z-10 inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

/** The contact's name as the button that opens them; in a card it stretches over the whole card. */
function OpenButton({ contact, onOpen, stretched }: { contact: ContactRow; onOpen: () => void; stretched?: boolean }) {
  const name = fullName(contact);
  return (
    <button
      type="button"
      onClick={onOpen}
      title={name}
      className={
        stretched
          ? 'block w-full truncate rounded-sm text-left after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500'
          : 'block max-w-full truncate rounded-sm text-left font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none'
      }
    >
      {name}
    </button>
  );
}

function CompanyLink({ contact }: { contact: ContactRow }) {
  const company = contact.companyOfContact;
  if (!company) return <span className="text-slate-500">{M.contacts.noCompanyText}</span>;
  return (
    <Link to={`/hub/companies/${company.id}`} className={linkClass} title={company.name}>
      <span className="truncate">{company.name}</span>
    </Link>
  );
}

function ContactCard({ contact, onOpen }: { contact: ContactRow; onOpen: () => void }) {
  const name = fullName(contact);
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      <div className="flex items-start gap-3">
        <ContactAvatar contact={contact} size="lg" />
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold text-slate-900">
            <OpenButton contact={contact} onOpen={onOpen} stretched />
          </h2>
          <p className="truncate text-sm text-slate-500">{contact.title || M.contacts.noTitle}</p>
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-sm text-slate-600">
            <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
            <CompanyLink contact={contact} />
          </p>
        </div>
        <PreviewPortalButton contact={contact} compact />
        <Button
          variant="ghost"
          size="sm"
          onClick={onOpen}
          aria-label={M.contacts.editContact(name)}
          className="relative z-10 -mt-1 -mr-2 shrink-0"
        >
          <Pencil className="size-4" aria-hidden />
        </Button>
      </div>
      <div className="mt-4 space-y-1.5 border-t border-slate-100 pt-3 text-sm text-slate-600">
        <a
          href={`mailto:${contact.email}`}
          className={linkClass}
          aria-label={M.contacts.emailContact(name)}
          title={contact.email}
        >
          <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{contact.email}</span>
        </a>
        {contact.phone && (
          <div>
            <a href={`tel:${contact.phone}`} className={linkClass} aria-label={M.contacts.callContact(name)}>
              <Phone className="size-4 shrink-0 text-slate-400" aria-hidden />
              <span className="truncate">{contact.phone}</span>
            </a>
          </div>
        )}
      </div>
      {contact.portalAccess && (
        <div className="mt-auto pt-3">
          <PortalBadge state={portalState(contact)} />
        </div>
      )}
    </li>
  );
}

export default function ContactsPage() {
  useDocumentTitle(M.contacts.title);
  const filters = useListFilters(contactListInput, { search: 'search', ...LIST_PARAMS.contact });
  const sort = useListSort(contactSorts);
  const list = useInfiniteList(trpc.contacts.list, {
    limit: LIMITS.pageSize,
    withOverall: true,
    ...filters.values,
    ...sort.input,
  });
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  const [toDelete, setToDelete] = useState<ContactRow | null>(null);

  const openAdd = () => setDialog({ open: true, contactId: null });
  // ?new=1 (the search palette's quick actions) opens the create dialog.
  useLinkParam('new', openAdd);
  const openEdit = (contact: { id: number }) => setDialog({ open: true, contactId: contact.id });

  // ?contact={id} (links from the dashboard and company page) opens that contact once, then leaves the address.
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const linked = params.get('contact');
  useEffect(() => {
    if (linked === null) return;
    const id = idSchema.safeParse(linked);
    if (id.success) setDialog({ open: true, contactId: id.data });
    const rest = new URLSearchParams(window.location.search);
    rest.delete('contact');
    void navigate({ search: rest.size ? `?${rest}` : '' }, { replace: true, preventScrollReset: true });
  }, [linked, navigate]);

  const companyFilter = filters.values.companyId;
  const filteredCompanyId = typeof companyFilter === 'number' ? companyFilter : null;
  const filteredCompany = useCompanyName(filteredCompanyId);
  const companyChip =
    companyFilter === 'none'
      ? M.contacts.noCompany
      : (filteredCompany.name ?? (filteredCompany.missing ? M.contacts.unknownCompany : '…'));

  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {M.contacts.add}
    </Button>
  );

  const [colContact, colEmail, colPhone, colCompany, colTitle, colActions] = M.contacts.columns;
  const columns: Column<ContactRow>[] = [
    {
      header: colContact,
      sort: 'name',
      cell: (c) => (
        <div className="flex max-w-72 min-w-44 items-center gap-3">
          <ContactAvatar contact={c} />
          <div className="min-w-0">
            <OpenButton contact={c} onOpen={() => openEdit(c)} />
            {c.portalAccess && <PortalBadge state={portalState(c)} className="mt-0.5" />}
          </div>
        </div>
      ),
    },
    {
      header: colEmail,
      className: 'max-w-64',
      cell: (c) => (
        <a href={`mailto:${c.email}`} className={linkClass} title={c.email}>
          <span className="truncate">{c.email}</span>
        </a>
      ),
    },
    {
      header: colPhone,
      cell: (c) =>
        c.phone ? (
          <a href={`tel:${c.phone}`} className={linkClass}>
            {c.phone}
          </a>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    { header: colCompany, sort: 'company', className: 'max-w-56', cell: (c) => <CompanyLink contact={c} /> },
    {
      header: colTitle,
      className: 'max-w-56 truncate',
      cell: (c) => c.title || <span className="text-slate-500">—</span>,
    },
    {
      header: colActions,
      className: 'text-right',
      cell: (c) => (
        <div className="flex justify-end gap-1">
          <PreviewPortalButton contact={c} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => openEdit(c)}
            aria-label={M.contacts.editContact(fullName(c))}
          >
            <Pencil className="size-4" aria-hidden /> {M.contacts.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setToDelete(c)}
            aria-label={M.contacts.deleteContact(fullName(c))}
            title={M.contacts.deleteContact(fullName(c))}
            className="text-slate-500! hover:bg-red-50 hover:text-red-600!"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={M.contacts.title}
        subtitle={M.contacts.subtitle}
        actions={
          <>
            <ViewToggle value={filters.view} onChange={filters.setView} />
            {addButton}
          </>
        }
      />
      <ListToolbar views="contact">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={M.contacts.searchPlaceholder}
          label={M.contacts.searchLabel}
        />
        <ListFilters active={filters.filterCount}>
          <CompanyPicker
            label={M.contacts.filterCompany}
            className="md:w-64"
            value={filters.valueFor('companyId')}
            selectedName={filteredCompany.name}
            onChange={(value) => filters.set('companyId', value)}
            fixedOptions={[
              { value: '', label: M.contacts.allCompanies },
              { value: 'none', label: M.contacts.noCompany },
            ]}
          />
        </ListFilters>
        <SortSelect sorts={contactSorts} sort={sort} view={filters.view} columns={columns} />
      </ListToolbar>
      <FilterChips
        chips={filters.active.map(({ key, value }) => ({
          key,
          name: M.contacts.filterNames[key],
          value: key === 'companyId' ? companyChip : value,
        }))}
        onRemove={(key) => filters.remove(key as 'search' | 'companyId')}
        onClearAll={filters.clearAll}
      />
      <ListResults
        list={list}
        view={filters.view}
        count={M.contacts.showing}
        rowKey={(c) => c.id}
        onOpen={openEdit}
        empty={{
          icon: <Users className="size-10" />,
          title: M.contacts.emptyTitle,
          text: M.contacts.emptyText,
          action: (
            <div className="flex flex-wrap justify-center gap-2">
              {addButton}
              <ImportCsvLink kind="contacts" />
            </div>
          ),
        }}
        noMatch={{ title: M.contacts.noMatchTitle, text: M.contacts.noMatchText, onClear: filters.clearAll }}
        table={{ caption: M.contacts.title, columns, sort }}
        card={(c) => <ContactCard contact={c} onOpen={() => openEdit(c)} />}
      />
      <ContactDialog
        open={dialog.open}
        contactId={dialog.contactId}
        defaultCompanyId={filteredCompanyId}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteContactDialog contact={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
