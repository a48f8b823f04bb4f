import { CompanyGuestContacts } from '../contacts/ContactCompanies';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  Archive,
  ArrowLeft,
  Building2,
  CalendarDays,
  Globe,
  KeyRound,
  Mail,
  MapPin,
  Pencil,
  Phone,
  Plus,
  Send,
  Users,
  X,
} from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { idSchema } from '../../../../shared/schemas/common';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PanelResults } from '../../lists/ListResults';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button, buttonClass } from '../../ui/Button';
import { LoadFailed, RecordPageSkeleton } from '../../ui/Feedback';
import { BackLink, Detail, NotSet, TabLabel, useTabParam } from '../../ui/RecordPage';
import { Tabs } from '../../ui/Tabs';
import { RecordThread } from '../messages/StaffThread';
import { messages as messagesText } from '../../../../shared/messages/messages';
import { CompanyActivity } from '../activity/CompanyActivity';
import { ProjectsPanel } from '../projects/ProjectsPanel';
import { DocumentsPanel, useDocumentCount } from '../documents/DocumentsPanel';
import { FlowsPanel, useFlowCount } from '../flows/FlowsPanel';
import { ResourcesPanel, useResourceCount } from '../resources/ResourcesPanel';
import {
  ContactAvatar,
  formatDate,
  fullName,
  PortalBadge,
  portalState,
  type ContactRow,
} from '../contacts/contactParts';
import { ContactDialog } from '../contacts/ContactDialog';
import { InviteLink, useSendInvite, type PortalInvite } from '../contacts/InviteLink';
import { PortalAccessPanel } from '../contacts/PortalSetup';
import { CompanyDialog, type CompanyRow } from './CompanyDialog';
import { InvitationRequests } from './InvitationRequests';
import { CompanyStatusBadge, WebsiteLink } from './companyParts';
import { CompanyExportButton } from '../data/CompanyExportButton';
import { Badge } from '../../ui/Badge';
import { CompanyActions } from './CompanyActions';

const C = M.companyPage;

/** One tab of the company page; `key` is its ?tab= value. Later areas (projects, files, flows) add one line each. */
type PageTab = { key: string; label: ReactNode; content: ReactNode };

export default function CompanyPage() {
  const { companyId } = useParams();
  const parsed = idSchema.safeParse(companyId);
  const id = parsed.success ? parsed.data : null;
  const company = trpc.companies.get.useQuery({ id: id ?? 0 }, { enabled: id !== null });
  const missing = id === null || errorCode(company.error) === 'NOT_FOUND';
  useDocumentTitle(company.data?.name ?? (missing ? C.notFound : M.companies.title));

  if (missing)
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Building2 className="mb-3 size-10 text-slate-400" aria-hidden />
        <h1 className="text-lg font-semibold text-slate-900">{C.notFound}</h1>
        <p className="mt-1 max-w-sm text-sm text-slate-500">{C.notFoundText}</p>
        <Link to="/hub/companies" className={buttonClass('secondary', 'md', 'mt-5')}>
          <ArrowLeft className="size-4" aria-hidden /> {C.backToCompanies}
        </Link>
      </div>
    );
  if (company.isError)
    return (
      <div className="space-y-4">
        <BackLink to="/hub/companies">{C.back}</BackLink>
        <LoadFailed onRetry={() => void company.refetch()} />
      </div>
    );
  if (!company.data) return <RecordPageSkeleton />;
  return <CompanyView company={company.data} />;
}

function CompanyView({ company }: { company: CompanyRow }) {
  const [editing, setEditing] = useState(false);
  const fileCount = useDocumentCount({ companyId: company.id });
  const flowCount = useFlowCount(company.id);
  const resourceCount = useResourceCount(company.id);

  const tabs: PageTab[] = [
    {
      key: 'contacts',
      label: <TabLabel text={C.contacts} count={company.contactCount} />,
      content: (
        <>
          <InvitationRequests companyId={company.id} />
          <CompanyContacts company={company} />
        </>
      ),
    },
    {
      key: 'projects',
      label: <TabLabel text={M.projects.title} count={company.projectCount} />,
      content: <ProjectsPanel companyId={company.id} />,
    },
    {
      key: 'files',
      label: <TabLabel text={M.documents.title} count={fileCount ?? 0} />,
      content: <DocumentsPanel companyId={company.id} />,
    },
    // The company's resources; each row's switch is the same flag as the company dialog's Resources Access tab.
    {
      key: 'resources',
      label: <TabLabel text={M.resources.title} count={resourceCount ?? 0} />,
      content: <ResourcesPanel companyId={company.id} />,
    },
    {
      key: 'flows',
      label: <TabLabel text={M.flows.title} count={flowCount ?? 0} />,
      content: <FlowsPanel companyId={company.id} />,
    },
    { key: 'messages', label: messagesText.title, content: <RecordThread companyId={company.id} /> },
    { key: 'activity', label: M.activity.title, content: <CompanyActivity companyId={company.id} /> },
  ];
  const [selected, selectTab] = useTabParam(tabs.map((t) => t.key));

  return (
    <>
      <BackLink to="/hub/companies">{C.back}</BackLink>
      <header className="mt-4 mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
            <Building2 className="size-6" aria-hidden />
          </span>
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words text-slate-900">{company.name}</h1>
              <CompanyStatusBadge status={company.status} />
              {company.archivedAt && (
                <Badge tone="gray" className="gap-1">
                  <Archive className="size-3" aria-hidden /> {M.companies.archivedBadge}
                </Badge>
              )}
            </div>
            <p className="mt-1 text-sm text-slate-500">{company.industry || M.companies.noIndustry}</p>
          </div>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2 self-start">
          <CompanyExportButton companyId={company.id} />
          <Button variant="secondary" onClick={() => setEditing(true)}>
            <Pencil className="size-4" aria-hidden /> {C.edit}
          </Button>
          <CompanyActions company={company} />
        </div>
      </header>
      {company.archivedAt && (
        <p className="mb-6 flex items-start gap-2 rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200">
          <Archive className="mt-0.5 size-4 shrink-0 text-slate-500" aria-hidden />
          {M.companies.archivedSince(formatDate(company.archivedAt))}
        </p>
      )}

      <dl className="mb-8 grid gap-px overflow-hidden rounded-xl bg-slate-200 shadow-xs ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4">
        <Detail icon={<Globe className="size-4" />} term={C.website}>
          {company.website ? <WebsiteLink url={company.website} /> : <NotSet text={C.notSet} />}
        </Detail>
        <Detail icon={<Phone className="size-4" />} term={C.phone}>
          {company.phone ? (
            <a
              href={`tel:${company.phone}`}
              className="rounded-sm text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {company.phone}
            </a>
          ) : (
            <NotSet text={C.notSet} />
          )}
        </Detail>
        <Detail icon={<MapPin className="size-4" />} term={C.address}>
          {company.address ? <span title={company.address}>{company.address}</span> : <NotSet text={C.notSet} />}
        </Detail>
        <Detail icon={<CalendarDays className="size-4" />} term={C.since}>
          {formatDate(company.createdAt)}
        </Detail>
      </dl>

      {/* The segmented tab bar keeps its natural width on wide screens; on phones it spans the page, each tab on one
          line, and scrolls sideways when they do not fit. */}
      <Tabs
        tabs={tabs}
        selectedIndex={selected}
        onChange={selectTab}
        className="[&>[role=tablist]]:overflow-x-auto [&>[role=tablist]>*]:shrink-0 [&>[role=tablist]>*]:whitespace-nowrap sm:[&>[role=tablist]]:w-fit sm:[&>[role=tablist]>*]:flex-none sm:[&>[role=tablist]>*]:px-5"
      />
      <CompanyDialog open={editing} company={company} onClose={() => setEditing(false)} />
    </>
  );
}

/** The company's people, each with where they stand with the client portal and the next step to get them in. */
function CompanyContacts({ company }: { company: CompanyRow }) {
  const list = useInfiniteList(trpc.contacts.list, { limit: LIMITS.pageSize, companyId: company.id });
  const [dialog, setDialog] = useState<{ open: boolean; contactId: number | null }>({ open: false, contactId: null });
  // "Set up access" / "Manage access": the focused portal-access panel of one contact, not the whole edit dialog.
  const [accessOf, setAccessOf] = useState<ContactRow | null>(null);
  // Links made on this page, shown under their contact until dismissed (the list has no invite state of its own).
  const [invites, setInvites] = useState<Record<number, PortalInvite>>({});
  const sendInvite = useSendInvite((invite, contactId) => setInvites((all) => ({ ...all, [contactId]: invite })));

  const openAdd = () => setDialog({ open: true, contactId: null });
  const openEdit = (contact: ContactRow) => setDialog({ open: true, contactId: contact.id });
  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {C.addContact}
    </Button>
  );

  return (
    <>
      <PanelResults
        list={list}
        label={C.contacts}
        count={M.companies.contactsCount}
        action={addButton}
        empty={{ icon: <Users className="size-10" />, title: C.noContacts, text: C.noContactsText }}
        skeleton={{ lead: 'size-9 rounded-full', lines: ['h-4 w-40', 'h-3 w-56'], trailing: 'h-6 w-24 rounded-full' }}
        rowKey={(contact) => contact.id}
        row={(contact) => (
          <ContactItem
            contact={contact}
            invite={invites[contact.id] ?? null}
            sending={sendInvite.pendingId === contact.id}
            onOpen={() => openEdit(contact)}
            onManageAccess={() => setAccessOf(contact)}
            onSendInvite={() => sendInvite.send(contact)}
            onHideInvite={() =>
              setInvites((all) => {
                const { [contact.id]: _hidden, ...rest } = all;
                return rest;
              })
            }
          />
        )}
      >
        <ContactDialog
          open={dialog.open}
          contactId={dialog.contactId}
          defaultCompanyId={company.id}
          onClose={() => setDialog((d) => ({ ...d, open: false }))}
        />
        <PortalAccessPanel contact={accessOf} onClose={() => setAccessOf(null)} />
      </PanelResults>
      <CompanyGuestContacts companyId={company.id} onOpen={(contactId) => setDialog({ open: true, contactId })} />
    </>
  );
}

type ContactItemProps = {
  contact: ContactRow;
  invite: PortalInvite | null;
  sending: boolean;
  onOpen: () => void;
  onManageAccess: () => void;
  onSendInvite: () => void;
  onHideInvite: () => void;
};

function ContactItem({
  contact,
  invite,
  sending,
  onOpen,
  onManageAccess,
  onSendInvite,
  onHideInvite,
}: ContactItemProps) {
  const name = fullName(contact);
  const state = portalState(contact, invite !== null);
  let action: ReactNode = null;
  if (state === 'none')
    action = (
      <Button variant="secondary" size="sm" onClick={onManageAccess}>
        <KeyRound className="size-4" aria-hidden /> {C.setUpAccess}
      </Button>
    );
  else if (state === 'invited')
    action = (
      <Button variant="secondary" size="sm" busy={sending} onClick={onSendInvite}>
        {!sending && <Send className="size-4" aria-hidden />}
        {sending ? M.contacts.portal.sendingInvite : M.contacts.portal.resendInvite}
      </Button>
    );
  else
    action = (
      <Button variant="ghost" size="sm" onClick={onManageAccess} aria-label={C.manageAccessOf(name)}>
        <KeyRound className="size-4" aria-hidden /> {C.manageAccess}
      </Button>
    );

  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 sm:flex-nowrap">
        <div className="flex min-w-0 flex-1 basis-60 items-center gap-3">
          <ContactAvatar contact={contact} />
          <div className="min-w-0">
            <button
              type="button"
              onClick={onOpen}
              className="block max-w-full truncate rounded-sm text-left text-sm font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {name}
            </button>
            {contact.clientAdmin && (
              <Badge tone="blue" className="mt-0.5">
                {M.clientTeam.adminBadge}
              </Badge>
            )}
            <p className="flex min-w-0 flex-col text-sm text-slate-500 sm:flex-row sm:items-center sm:gap-1.5">
              {contact.title && <span className="truncate">{contact.title}</span>}
              {contact.title && (
                <span aria-hidden className="hidden sm:inline">
                  ·
                </span>
              )}
              <a
                href={`mailto:${contact.email}`}
                className="inline-flex min-w-0 items-center gap-1 rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
              >
                <Mail className="size-3.5 shrink-0" aria-hidden />
                <span className="truncate">{contact.email}</span>
              </a>
            </p>
          </div>
        </div>
        <div
          className="flex w-full shrink-0 items-center gap-2 sm:w-auto"
          role="group"
          aria-label={C.contactActions(name)}
        >
          <PortalBadge state={state} />
          {/* A fixed slot, so the badges line up whatever the next step is. */}
          <div className="flex whitespace-nowrap sm:w-48">{action}</div>
          <Button
            variant="ghost"
            size="sm"
            onClick={onOpen}
            aria-label={M.contacts.editContact(name)}
            title={M.contacts.editContact(name)}
            className="ml-auto sm:ml-0"
          >
            <Pencil className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {invite && (
        <div className="relative mt-3 sm:ml-12">
          <InviteLink invite={invite} email={contact.email} label={C.inviteFor(name)} />
          <button
            type="button"
            onClick={onHideInvite}
            aria-label={C.dismissInvite}
            title={C.dismissInvite}
            className="absolute top-2 right-2 rounded-md p-1 text-slate-500 hover:bg-slate-200/60 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      )}
    </li>
  );
}
