import { lazy, Suspense, useState } from 'react';
import { CORE } from '../../../../shared/messages-core';
import { dashboard } from '../../../../shared/messages/dashboard';
import { useSession } from '../../app/useSession';
import { refetchUnlessFromPage } from '../../lib/pageReplies';
import { trpc } from '../../lib/trpc';
import { cn } from '../../lib/cn';
import { BELOW_FOLD } from '../../ui/belowFold';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import {
  ActiveProjectsCard,
  RecentCompaniesCard,
  RecentContactsCard,
  RecentFilesCard,
  TasksOverviewCard,
} from './DashboardCards';
import { GettingStarted } from './GettingStarted';
import { ImportCsvLink } from '../data/ImportCsvLink';
import { can } from '../../../../shared/permissions';
import { greetingAt } from '../../../../shared/greeting';
import { RecentActivityCard } from '../activity/RecentActivityCard';
import { StatCards } from './StatCards';
import { AwaitingApprovalCard } from '../approvals/AwaitingApprovalCard';
import { DashboardGreeting } from './DashboardGreeting';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { shell: CORE.shell, dashboard } as const;

// The dialogs (and their form libraries) load when first wanted: a hover or focus on an Add button starts the download.
const loadCompanyDialog = () => import('../companies/CompanyDialog');
const loadContactDialog = () => import('../contacts/ContactDialog');
const CompanyDialog = lazy(() => loadCompanyDialog().then((m) => ({ default: m.CompanyDialog })));
const ContactDialog = lazy(() => loadContactDialog().then((m) => ({ default: m.ContactDialog })));
const preload = (load: () => Promise<unknown>) => () => void load().catch(() => {});

type ContactDialogState = { open: boolean; contactId: number | null; defaultCompanyId: number | null };

export default function DashboardPage() {
  const { user } = useSession();
  useDocumentTitle(M.shell.titles.dashboard);
  const utils = trpc.useUtils();
  // The dashboard sums up every other screen, whose saves do not know about it: cached numbers show at once and are
  // refreshed on each visit.
  const stats = trpc.dashboard.stats.useQuery(undefined, { refetchOnMount: refetchUnlessFromPage });
  const overview = trpc.dashboard.overview.useQuery(undefined, { refetchOnMount: refetchUnlessFromPage });

  // A dialog is mounted from its first opening on, so it can play its closing transition.
  const [companyDialog, setCompanyDialog] = useState<{ open: boolean; mounted: boolean }>({
    open: false,
    mounted: false,
  });
  const [contactDialog, setContactDialog] = useState<ContactDialogState & { mounted: boolean }>({
    open: false,
    mounted: false,
    contactId: null,
    defaultCompanyId: null,
  });

  const refresh = () => void utils.dashboard.invalidate();
  const openAddCompany = () => setCompanyDialog({ open: true, mounted: true });
  const openContact = (contactId: number | null) =>
    setContactDialog({
      open: true,
      mounted: true,
      contactId,
      // "Add a contact at that company": a new contact starts at the newest company.
      defaultCompanyId: contactId === null ? (overview.data?.recentCompanies[0]?.id ?? null) : null,
    });

  const checklist = overview.data?.checklist;
  const showChecklist = checklist && !Object.values(checklist).every(Boolean);
  // The overview decides whether the getting-started checklist shows, above everything else: until it is in, every
  // card stays a placeholder, so the checklist never pushes numbers the user is already reading down the page. The
  // body is then drawn afresh (its key), its placeholders replaced rather than moved.
  const waiting = overview.isPending;
  const overviewState = {
    data: overview.data,
    isPending: overview.isPending,
    isError: overview.isError,
    refetch: () => void overview.refetch(),
  };
  const statsState = {
    data: stats.data,
    isPending: stats.isPending || waiting,
    isError: stats.isError,
    refetch: () => void stats.refetch(),
  };

  return (
    <div className="space-y-6">
      <header>
        <DashboardGreeting greeting={greetingAt(new Date().getHours())} firstName={user?.firstName ?? ''} />
        <p className="mt-1 text-sm text-slate-500">{M.dashboard.subtitle}</p>
      </header>

      <div key={waiting ? 'loading' : 'loaded'} className="space-y-6">
        {showChecklist && (
          <GettingStarted
            checklist={checklist}
            onAddCompany={openAddCompany}
            onAddContact={() => openContact(null)}
            onCompanyIntent={preload(loadCompanyDialog)}
            onContactIntent={preload(loadContactDialog)}
            importAction={
              user && can(user.role, 'data.import') ? <ImportCsvLink kind="companies" size="sm" /> : undefined
            }
          />
        )}

        <StatCards
          stats={stats.data}
          isPending={statsState.isPending}
          isError={stats.isError}
          onRetry={statsState.refetch}
        />

        <AwaitingApprovalCard />

        <div className="grid gap-4 lg:grid-cols-3">
          <ActiveProjectsCard query={overviewState} className="lg:col-span-2" />
          <TasksOverviewCard query={statsState} />
        </div>

        <div className={cn('grid gap-4 lg:grid-cols-3', BELOW_FOLD)}>
          <RecentFilesCard query={overviewState} />
          <RecentCompaniesCard query={overviewState} onAdd={openAddCompany} onIntent={preload(loadCompanyDialog)} />
          <RecentContactsCard
            query={overviewState}
            onAdd={() => openContact(null)}
            onOpen={openContact}
            onIntent={preload(loadContactDialog)}
          />
        </div>

        <RecentActivityCard className={BELOW_FOLD} />
      </div>

      {companyDialog.mounted && (
        <Suspense fallback={null}>
          <CompanyDialog
            open={companyDialog.open}
            company={null}
            onClose={() => {
              setCompanyDialog((d) => ({ ...d, open: false }));
              refresh();
            }}
          />
        </Suspense>
      )}
      {contactDialog.mounted && (
        <Suspense fallback={null}>
          <ContactDialog
            open={contactDialog.open}
            contactId={contactDialog.contactId}
            defaultCompanyId={contactDialog.defaultCompanyId}
            onClose={() => {
              setContactDialog((d) => ({ ...d, open: false }));
              refresh();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
