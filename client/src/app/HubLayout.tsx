import { lazy, Suspense, useDeferredValue, useId, useRef, type ReactNode } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  ChartColumn,
  ChevronDown,
  Ellipsis,
  History,
  LayoutDashboard,
  LogOut,
  MessagesSquare,
  Settings,
  User,
  type LucideIcon,
} from 'lucide-react';
import { CORE } from '../../../shared/messages-core';
import { areas as areaTexts } from '../../../shared/messages/areas';
import { nav } from '../../../shared/messages/nav';
import { activityTitle, messagesNavBadge, reportsTitle } from '../../../shared/messages/frames';
import { messagesLabel } from '../../../shared/messages/texts';
import { MESSAGES_LIVE_TOPIC } from '../../../shared/live';
import { LiveVersions } from '../lib/liveVersions';
import { LiveProvider, LiveStatus, useLiveEvents } from '../lib/live';
import { trpc } from '../lib/trpc';
import { cn } from '../lib/cn';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Feedback';
import { SkipLink } from '../ui/SkipLink';
import { useSession } from './useSession';
import { can, type Permission } from '../../../shared/permissions';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { SearchButton } from '../features/search/SearchButton';
import { menuPanelClass as panelClass, onMenuKeyDown, useDropdown } from '../ui/useDropdown';
import { ENTITIES, type EntityDef, type RecordKind } from '../../../shared/entities';
import { ENTITY_ICONS } from './entityIcons';
import { DashboardPlaceholder, PagePlaceholder } from './placeholders';
import { greetingAt } from '../../../shared/greeting';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { common: CORE.common, shell: CORE.shell, nav } as const;

// Signed-in visits never download the sign-in form (and its form and validation libraries).
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const TwoFactorSetupPage = lazy(() => import('../features/account/TwoFactorSetupPage'));

/** `permission`: shown only to roles that have it (shared/permissions.ts; the server refuses the others anyway). */
type NavItem =
  | { label: string; to: string; end?: boolean; permission?: Permission }
  | { label: string; children: { label: string; to: string }[] };

const areas = Object.entries(ENTITIES) as [RecordKind, EntityDef][];
const areaItem = ([kind, entity]: [RecordKind, EntityDef]) => ({ label: areaTexts[kind].label, to: entity.path });
const GROUP_LABELS = { clients: M.nav.clients, work: M.nav.work } as const;

/** The dashboard, the record areas (shared/entities.ts; a group where the first of its areas stands), then the rest. */
const hubNav: NavItem[] = [
  { label: M.nav.dashboard, to: '/hub', end: true },
  ...areas.flatMap((area): NavItem[] => {
    const group = area[1].nav.group;
    if (!group) return [areaItem(area)];
    const members = areas.filter(([, other]) => other.nav.group === group);
    return members[0] === area ? [{ label: GROUP_LABELS[group], children: members.map(areaItem) }] : [];
  }),
  { label: reportsTitle, to: '/hub/reports' },
  { label: activityTitle, to: '/hub/activity', permission: 'activity.viewAll' },
];

/** Under this route (a list and its detail pages: /hub/companies and /hub/companies/12). */
const isUnder = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/** Focuses a menu's first or last item. */
function focusMenuItem(menu: HTMLElement | null, which: 'first' | 'last') {
  const items = menu?.querySelectorAll<HTMLElement>('[role="menuitem"]');
  items?.[which === 'first' ? 0 : items.length - 1]?.focus();
}

/**
 * A top-navigation group (Clients, Work) as an ARIA menu button: Enter, Space or Arrow Down open it on its first
 * item, Arrow Up on its last; inside, the arrows, Home and End move, Escape closes it and Tab leaves it.
 */
function NavGroup({ label, items }: { label: string; items: { label: string; to: string }[] }) {
  const { pathname } = useLocation();
  const dropdown = useDropdown('start');
  const buttonId = useId();
  // Where the focus goes when the menu opens: a pointer leaves it on the button, keys put it in the menu.
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  return (
    <>
      <button
        type="button"
        id={buttonId}
        {...dropdown.button}
        aria-haspopup="menu"
        // A click from the keyboard (Enter, Space) has no pointer position: detail 0.
        onClick={(event) => (focusOnOpen.current = event.detail === 0 ? 'first' : null)}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          const which = event.key === 'ArrowDown' ? 'first' : 'last';
          if (dropdown.open) focusMenuItem(dropdown.panelRef.current, which);
          else {
            focusOnOpen.current = which;
            dropdown.show();
          }
        }}
        className={cn(linkClass(items.some((c) => isUnder(pathname, c.to))), 'inline-flex items-center gap-1')}
      >
        {label} <ChevronDown className={cn('size-4 transition-transform', dropdown.open && 'rotate-180')} aria-hidden />
      </button>
      <div
        {...dropdown.panel}
        role="menu"
        aria-labelledby={buttonId}
        onToggle={(event) => {
          dropdown.panel.onToggle(event);
          if (event.newState === 'open' && focusOnOpen.current) focusMenuItem(event.currentTarget, focusOnOpen.current);
          focusOnOpen.current = null;
        }}
        onKeyDown={(event) => onMenuKeyDown(event, dropdown.close)}
        className={cn(panelClass, 'w-44')}
      >
        {items.map((child) => (
          <NavLink
            key={child.to}
            to={child.to}
            role="menuitem"
            tabIndex={-1}
            onClick={dropdown.close}
            className={({ isActive }) => cn(linkClass(isActive), 'block focus:bg-slate-100 focus:text-slate-900')}
          >
            {child.label}
          </NavLink>
        ))}
      </div>
    </>
  );
}

function DesktopNav({ role }: { role: string }) {
  return (
    <nav aria-label={M.nav.main} className="hidden items-center gap-1 lg:flex">
      {hubNav
        .filter((item) => !('permission' in item && item.permission) || can(role, item.permission))
        .map((item) =>
          'to' in item ? (
            <NavLink key={item.label} to={item.to} end={item.end} className={({ isActive }) => linkClass(isActive)}>
              {item.label}
            </NavLink>
          ) : (
            <NavGroup key={item.label} label={item.label} items={item.children} />
          ),
        )}
    </nav>
  );
}

/** The phone's bottom bar: the most used routes, and More for the rest. */
const areaRoute = ([kind, entity]: [string, EntityDef]) => {
  const icons = ENTITY_ICONS[kind as RecordKind];
  return { label: areaTexts[kind as RecordKind].label, to: entity.path, Icon: icons.nav ?? icons.kind };
};
const bottomBar: { label: string; to: string; Icon: LucideIcon; end?: boolean }[] = [
  { label: M.nav.dashboard, to: '/hub', Icon: LayoutDashboard, end: true },
  ...Object.entries(ENTITIES)
    .filter(([, entity]) => entity.nav.bottomBar)
    .map(areaRoute),
];
const moreRoutes: { label: string; to: string; Icon: LucideIcon; permission?: Permission }[] = [
  ...Object.entries(ENTITIES)
    .filter(([, entity]) => !entity.nav.bottomBar)
    .map(areaRoute),
  { label: reportsTitle, to: '/hub/reports', Icon: ChartColumn },
  { label: activityTitle, to: '/hub/activity', Icon: History, permission: 'activity.viewAll' },
  { label: M.nav.account, to: '/hub/account', Icon: Settings },
];

const barItemClass = (active: boolean) =>
  cn(
    'group flex h-16 w-full flex-col items-center justify-center gap-1 text-[11px] font-medium focus-visible:outline-none',
    active ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800',
  );
/** The icon's pill: filled when its route is open, ringed when focused from the keyboard. */
const barIconClass = (active: boolean) =>
  cn(
    'grid h-7 w-12 place-items-center rounded-full transition-colors group-focus-visible:ring-2 group-focus-visible:ring-brand-500',
    active ? 'bg-brand-100/70' : 'group-hover:bg-slate-100',
  );

function BottomBar({ role }: { role: string }) {
  const { pathname } = useLocation();
  const more = useDropdown('sheet');
  const routes = moreRoutes.filter((route) => !route.permission || can(role, route.permission));
  const moreActive = routes.some((route) => isUnder(pathname, route.to));
  return (
    <nav
      aria-label={M.nav.bottomBar}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-5">
        {bottomBar.map(({ label, to, Icon, end }) => (
          <li key={to}>
            <NavLink to={to} end={end} className={({ isActive }) => barItemClass(isActive)}>
              {({ isActive }) => (
                <>
                  <span className={barIconClass(isActive)}>
                    <Icon className="size-5" aria-hidden />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" {...more.button} className={barItemClass(moreActive || more.open)}>
            <span className={barIconClass(moreActive)}>
              <Ellipsis className="size-5" aria-hidden />
            </span>
            {M.nav.more}
          </button>
        </li>
      </ul>
      <div
        {...more.panel}
        className="fixed inset-auto inset-x-2 bottom-[calc(4.5rem+env(safe-area-inset-bottom))] mx-auto my-0 w-auto max-w-lg rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/20"
      >
        <ul className="grid grid-cols-2 gap-1">
          {routes.map(({ label, to, Icon }) => (
            <li key={to}>
              <NavLink
                to={to}
                onClick={more.close}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-xl px-3 py-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-100',
                  )
                }
              >
                <Icon className="size-5 shrink-0" aria-hidden /> {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </nav>
  );
}

/** The section's own tabs (Clients → Companies/Contacts, Work → Projects/Tasks). */
function SubNav() {
  const { pathname } = useLocation();
  const section = hubNav.find((item) => 'children' in item && item.children.some((c) => isUnder(pathname, c.to)));
  if (!section || !('children' in section)) return null;
  return (
    <div className="border-b border-slate-200 bg-white">
      <nav aria-label={section.label} className="mx-auto flex max-w-screen-2xl gap-4 px-4 sm:px-6 lg:px-8">
        {section.children.map((child) => (
          <NavLink
            key={child.to}
            to={child.to}
            className={({ isActive }) =>
              cn(
                'border-b-2 py-2.5 text-sm font-medium',
                isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800',
              )
            }
          >
            {child.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

function UserMenu({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const dropdown = useDropdown('end');
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      queryClient.clear();
      navigate('/hub/login', { replace: true });
    },
  });
  const initials = `${firstName[0] ?? ''}${lastName[0] ?? ''}`.toUpperCase();
  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  return (
    <>
      <button
        type="button"
        {...dropdown.button}
        aria-haspopup="menu"
        className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none"
        aria-label={`${initials} user menu`}
      >
        {initials}
      </button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a native popover panel; its keys are the menu's, handled for its items */}
      <div
        {...dropdown.panel}
        onToggle={(event) => {
          dropdown.panel.onToggle(event);
          // Opening a menu puts the focus on its first item.
          if (event.newState === 'open') event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
        onKeyDown={(event) => onMenuKeyDown(event, dropdown.close)}
        className={cn(panelClass, 'w-56')}
      >
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium text-slate-900">
            {firstName} {lastName}
          </p>
          <p className="truncate text-xs text-slate-500">{email}</p>
        </div>
        <div className="my-1 h-px bg-slate-100" />
        <div role="menu" aria-label={`${initials} user menu`}>
          <Link role="menuitem" tabIndex={-1} to="/hub/account" onClick={dropdown.close} className={itemClass}>
            <Settings className="size-4" aria-hidden /> {M.nav.account}
          </Link>
          <Link
            role="menuitem"
            tabIndex={-1}
            to="/hub/account?tab=profile"
            onClick={dropdown.close}
            className={itemClass}
          >
            <User className="size-4" aria-hidden /> Profile
          </Link>
          <button
            role="menuitem"
            tabIndex={-1}
            type="button"
            className={itemClass}
            onClick={() => {
              dropdown.close();
              logout.mutate();
            }}
          >
            <LogOut className="size-4" aria-hidden /> Logout
          </button>
        </div>
      </div>
    </>
  );
}

type SessionUser = NonNullable<ReturnType<typeof useSession>['user']>;

/**
 * The header's way to /hub/messages, with how many conversations hold something unread (one statement). Always
 * mounted in the hub, it also carries message changes live to whatever messages screen is open: a change refetches
 * the inbox, the open conversation and this count.
 */
function MessagesLink() {
  const utils = trpc.useUtils();
  useLiveEvents(MESSAGES_LIVE_TOPIC, () => void utils.messages.invalidate());
  const unread = trpc.messages.unread.useQuery(undefined, { refetchOnWindowFocus: true });
  const count = unread.data?.threads ?? 0;
  return (
    <NavLink
      to="/hub/messages"
      aria-label={count ? messagesNavBadge(count) : messagesLabel}
      className={({ isActive }) =>
        cn(
          'relative grid size-9 place-items-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          isActive && 'bg-brand-50 text-brand-700',
        )
      }
    >
      <MessagesSquare className="size-5" aria-hidden />
      {count > 0 && (
        <span
          data-testid="messages-badge"
          className="absolute -top-0.5 -right-0.5 grid min-w-4.5 place-items-center rounded-full bg-brand-600 px-1 text-[10px] leading-4.5 font-semibold text-white"
          aria-hidden
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}

/** The header's controls as placeholders of their size, until the session says whose they are. */
function ActionsPlaceholder() {
  return (
    <>
      <span className="hidden h-4 w-28 animate-pulse rounded-md bg-slate-200/80 sm:block" />
      <span className="h-9 w-8 rounded-lg ring-1 ring-slate-200 lg:w-56" />
      <span className="size-9 animate-pulse rounded-full bg-slate-100" />
      <span className="size-9 animate-pulse rounded-full bg-slate-100" />
      <span className="size-9 animate-pulse rounded-full bg-slate-200/80" />
    </>
  );
}

/**
 * The hub's header, navigation and page area around a signed-in user's screen (also the frame of an unknown
 * address). Without a user (the session is being asked for), its controls are placeholders: the first frame.
 */
export function HubFrame({ user, children }: { user: SessionUser | null; children: ReactNode }) {
  // The first frame shows every section; the session then drops those the user's role may not open.
  const role = user?.role ?? 'owner';
  return (
    <div className="min-h-screen">
      <SkipLink to="main-content" />
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <Link
            to="/hub"
            className="rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            aria-label={M.nav.home}
          >
            <Logo />
          </Link>
          <DesktopNav role={role} />
          <div className="ml-auto flex min-w-0 items-center gap-3" aria-hidden={user ? undefined : true}>
            {user ? (
              <>
                <LiveStatus />
                <span className="hidden truncate text-sm text-slate-500 sm:block">{user.business.name}</span>
                <SearchButton />
                <MessagesLink />
                <NotificationBell />
                <UserMenu firstName={user.firstName} lastName={user.lastName} email={user.email} />
              </>
            ) : (
              <ActionsPlaceholder />
            )}
          </div>
        </div>
      </header>
      <SubNav />
      {/* On phones the bottom bar covers the last 4 rem (and the home indicator's area): the page ends above it. */}
      <main
        id="main-content"
        tabIndex={-1}
        className="mx-auto max-w-screen-2xl px-4 pt-8 pb-[calc(6rem+env(safe-area-inset-bottom))] focus:outline-none sm:px-6 lg:px-8 lg:pb-8"
      >
        {children}
      </main>
      <BottomBar role={role} />
    </div>
  );
}

/**
 * The hub's first paint: its frame and the first screen's placeholders. The server sends it as HTML (the build
 * prerenders it, client/src/app/firstFrames.tsx), so it paints before any script has run; the hub renders the same
 * while it asks who is signed in, so React's first render takes its place without a change.
 */
export function HubFirstFrame({ greeting }: { greeting?: { greeting: string; firstName: string } }) {
  const { pathname } = useLocation();
  return (
    <HubFrame user={null}>
      <span role="status" className="sr-only">
        {M.shell.loadingHub}
      </span>
      {/^\/hub\/?$/.test(pathname) ? <DashboardPlaceholder greeting={greeting} /> : <PagePlaceholder />}
    </HubFrame>
  );
}

export default function HubLayout() {
  const { user, isPending, failed, retry } = useSession();
  // A session reply that arrives through the query cache is rendered by React in one go: the whole hub in one long
  // task on a slow phone. Deferred, the hub is rendered as a transition instead, in slices between which the browser
  // stays responsive, while the first frame stays on screen. A reply that came with the page is there at once: the
  // first render (itself a transition, client/src/boot.tsx) is then the hub, without drawing the frame again first.
  const pending = useDeferredValue(isPending, isPending);
  const utils = trpc.useUtils();

  // The frame the server sent greets a known user on the dashboard; drawn again, it keeps the greeting.
  if (pending)
    return (
      <HubFirstFrame
        greeting={user ? { greeting: greetingAt(new Date().getHours()), firstName: user.firstName } : undefined}
      />
    );
  if (failed)
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-xl font-semibold text-slate-900">{M.shell.hubUnreachable}</h1>
        <p className="mt-2 text-sm text-slate-500">{M.common.loadFailed}</p>
        <button type="button" onClick={retry} className="mt-6 font-medium text-brand-700 underline">
          {M.common.retry}
        </button>
      </div>
    );
  if (!user)
    return (
      <Suspense fallback={<Spinner label={M.shell.loadingHub} />}>
        {/* Signed in here, the hub shows the address that was asked for. */}
        <SignInPage onSignedIn={() => utils.invalidate()} />
      </Suspense>
    );

  // The agency requires two-factor sign-in and this user has none yet: only the set-up (the server refuses the rest).
  if (user.twoFactorSetupNeeded)
    return (
      <Suspense fallback={<Spinner label={M.shell.loadingHub} />}>
        <TwoFactorSetupPage />
      </Suspense>
    );

  return (
    <LiveProvider audience="staff">
      <LiveVersions audience="staff" />
      <HubFrame user={user}>
        <Outlet />
      </HubFrame>
    </LiveProvider>
  );
}
