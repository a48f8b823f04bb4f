import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import {
  Bell,
  Building2,
  DatabaseBackup,
  Palette,
  Plug,
  ShieldCheck,
  UserRound,
  Users,
  type LucideProps,
} from 'lucide-react';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { PageHeader } from '../../ui/PageHeader';
import { AccountLoadFailed, FormCardSkeleton } from './accountParts';
import { BrandStyleForm } from './BrandStyleForm';
import { BusinessInfoForm } from './BusinessInfoForm';
import { MessageEmailForm } from './MessageEmailForm';
import { IntegrationsPanel } from './IntegrationsPanel';
import { ProfilePanel } from './ProfilePanel';
import { SecurityPanel } from './SecurityPanel';
import { TeamPanel } from './TeamPanel';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { DataPanel } from '../data/DataPanel';

const A = M.account;

type TabKey = keyof typeof A.tabs;
type AccountTab = { key: TabKey; Icon: ComponentType<LucideProps>; content: ReactNode };

/** Wide enough for the sections to stand as a column beside the content (Tailwind's lg). */
function useWide() {
  const query = '(min-width: 1024px)';
  const [wide, setWide] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const onChange = () => setWide(list.matches);
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/**
 * /hub/account (spec §2.10): tabs business, branding, integrations, and the team and profile tabs; `?tab=` names the
 * open one (the user menu's Profile opens ?tab=profile). Every staff member reads the business and its branding;
 * only roles with the permission may change them (shared/permissions.ts; the server enforces the same).
 */
export default function AccountPage() {
  useDocumentTitle(A.title);
  const { user } = useSession();
  const role = user?.role ?? 'member';
  const business = trpc.business.get.useQuery(undefined, { retry: 1 });
  const [params, setParams] = useSearchParams();
  const wide = useWide();

  const businessContent = business.data ? (
    <>
      <BusinessInfoForm business={business.data} canEdit={can(role, 'account.manage')} />
      <MessageEmailForm business={business.data} canEdit={can(role, 'account.manage')} />
    </>
  ) : business.isError ? (
    <AccountLoadFailed onRetry={() => void business.refetch()} />
  ) : (
    <FormCardSkeleton rows={6} />
  );
  const brandingContent = business.data ? (
    <BrandStyleForm business={business.data} canEdit={can(role, 'branding.manage')} />
  ) : business.isError ? (
    <AccountLoadFailed onRetry={() => void business.refetch()} />
  ) : (
    <FormCardSkeleton rows={5} preview />
  );

  const tabs: AccountTab[] = [
    { key: 'business', Icon: Building2, content: businessContent },
    { key: 'branding', Icon: Palette, content: brandingContent },
    { key: 'integrations', Icon: Plug, content: <IntegrationsPanel /> },
    { key: 'team', Icon: Users, content: <TeamPanel /> },
    { key: 'profile', Icon: UserRound, content: <ProfilePanel /> },
    { key: 'notifications', Icon: Bell, content: <NotificationsPanel /> },
    { key: 'security', Icon: ShieldCheck, content: <SecurityPanel /> },
  ];
  // Export and import: only for those who may do one of them (the e-mail of a finished export links to ?tab=data).
  if (can(role, 'data.exportCompany') || can(role, 'data.import'))
    tabs.push({ key: 'data', Icon: DatabaseBackup, content: <DataPanel /> });
  const selected = Math.max(
    0,
    tabs.findIndex((t) => t.key === params.get('tab')),
  );
  // On phones the tab row scrolls sideways: keep the open tab in sight (e.g. ?tab=notifications from an e-mail).
  const tabList = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the open tab changes, reading the tab list through its ref
  useEffect(() => {
    const list = tabList.current;
    const tab = list?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!list || !tab || list.scrollWidth <= list.clientWidth) return;
    const left = tab.getBoundingClientRect().left - list.getBoundingClientRect().left;
    if (left < 0 || left + tab.offsetWidth > list.clientWidth) list.scrollLeft += left - 16;
  }, [selected]);
  const select = (index: number) =>
    setParams(
      (p) => {
        if (index === 0) p.delete('tab');
        else p.set('tab', tabs[index].key);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <PageHeader title={A.title} subtitle={A.subtitle} />
      <TabGroup
        selectedIndex={selected}
        onChange={select}
        vertical={wide}
        className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8"
      >
        <TabList
          ref={tabList}
          aria-label={A.sections}
          className="-mx-4 mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 sm:-mx-6 sm:px-6 lg:sticky lg:top-24 lg:mx-0 lg:mb-0 lg:flex-col lg:overflow-visible lg:border-b-0 lg:px-0"
        >
          {tabs.map(({ key, Icon }) => (
            <Tab
              key={key}
              className={({ selected: active }) =>
                cn(
                  'flex shrink-0 items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:rounded-lg lg:border-b-0 lg:py-2',
                  active
                    ? 'border-brand-600 text-brand-700 lg:bg-white lg:shadow-xs lg:ring-1 lg:ring-slate-200'
                    : 'border-transparent text-slate-600 hover:text-slate-900 lg:hover:bg-slate-100',
                )
              }
            >
              <Icon className="size-4 shrink-0" aria-hidden />
              {A.tabs[key]}
            </Tab>
          ))}
        </TabList>
        <TabPanels>
          {tabs.map(({ key, content }) => (
            // Hidden panels stay mounted (unsaved form values survive a tab switch) but take no room.
            <TabPanel key={key} unmount={false} tabIndex={-1} className="min-w-0 focus:outline-none">
              {content}
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </>
  );
}
