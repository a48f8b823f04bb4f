import { useDeferredValue, type CSSProperties, type ReactNode } from 'react';
import { NavLink, Link, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  BookOpen,
  FileText,
  FolderKanban,
  History,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MessagesSquare,
  Settings,
  ShieldAlert,
  Workflow,
  type LucideIcon,
} from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { activity } from '../../../../shared/messages/activity';
import { settings } from '../../../../shared/messages/texts';
import { portal } from '../../../../shared/messages/portal';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import { cn } from '../../lib/cn';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { Skeleton } from '../../ui/Feedback';
import { PortalDashboardSkeleton, PortalPageHeader, RowsSkeleton } from './PortalUi';
import { SkipLink } from '../../ui/SkipLink';
import { BusinessMark } from './PortalBrand';
import { PreviewBanner } from './PreviewBanner';
import { CompanyChooser, CompanySwitcher, useCompanyFromLink } from './PortalCompanies';
import { usePortalUnread } from './usePortalUnread';
import { messagesNavBadge } from '../../../../shared/messages/frames';
import { messagesLabel } from '../../../../shared/messages/texts';
import { LiveVersions } from '../../lib/liveVersions';
import { LiveProvider, LiveStatus } from '../../lib/live';
import type { PortalBrand } from './branding';
import { usePortalBranding } from './useBranding';
import { brandScale } from '../../../../shared/brand-colors';
import { portalPath, sameSlug, usePortalMe, type PortalUser } from './session';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = {
  common: CORE.common,
  shell: CORE.shell,
  activity,
  notifications: { portalSettingsNav: settings },
  portal,
  portalAuth,
} as const;

/** sideOnly: not in the phone's bottom bar (six fit at 360 px); phones reach it from the header. */
type NavItem = { label: string; page: string; Icon: LucideIcon; sideOnly?: boolean };
const N = M.portal.nav;
/** Spec §2.1: Dashboard, Work (Projects, Tasks), Files and Flows (/portal/{slug}/workflows); then Resources. */
const portalNav: { group?: string; items: NavItem[] }[] = [
  { items: [{ label: N.dashboard, page: 'dashboard', Icon: LayoutDashboard }] },
  {
    group: N.work,
    items: [
      { label: N.projects, page: 'projects', Icon: FolderKanban },
      { label: N.tasks, page: 'tasks', Icon: ListChecks },
    ],
  },
  {
    items: [
      { label: messagesLabel, page: 'messages', Icon: MessagesSquare, sideOnly: true },
      { label: N.files, page: 'files', Icon: FileText },
      { label: N.flows, page: 'workflows', Icon: Workflow },
      { label: N.resources, page: 'resources', Icon: BookOpen },
      { label: M.activity.title, page: 'activity', Icon: History, sideOnly: true },
    ],
  },
];
const allNavItems = portalNav.flatMap((g) => g.items).filter((item) => !item.sideOnly);

/** The agency's colours on the portal's frame (shared/brand-colors.ts; the server's first frame uses the same). */
const brandVariables = (brand: PortalBrand | null): CSSProperties | undefined =>
  brand ? (brandScale(brand.primaryColor) as CSSProperties) : undefined;

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-2.5 rounded-md px-2.5 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/** How many conversations hold a message the client has not read (hidden at none). */
function UnreadBadge({ className }: { className?: string }) {
  const count = usePortalUnread();
  if (!count) return null;
  return (
    <span
      data-testid="portal-messages-badge"
      className={cn('rounded-full bg-brand-600 px-1.5 text-[11px] leading-4.5 font-semibold text-white', className)}
    >
      <span className="sr-only">{messagesNavBadge(count)}</span>
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
    </span>
  );
}

/** Wide screens: a quiet sidebar with the Work group. */
function SideNav({ slug, preview, badges = true }: { slug: string; preview: boolean; badges?: boolean }) {
  return (
    <nav
      aria-label={M.portalAuth.nav}
      // Under the sticky header (4rem), and the preview banner (2.5rem on wide screens) when there is one.
      className={cn(
        'sticky hidden w-56 shrink-0 overflow-y-auto border-r border-slate-200 bg-white px-3 py-6 lg:block',
        preview ? 'top-26 h-[calc(100dvh-6.5rem)]' : 'top-16 h-[calc(100dvh-4rem)]',
      )}
    >
      {portalNav.map((group, i) => (
        <div key={i} className={cn(i > 0 && 'mt-5')}>
          {group.group && (
            <p className="mb-1.5 px-2.5 text-[11px] font-semibold tracking-wider text-slate-500 uppercase">
              {group.group}
            </p>
          )}
          <ul className="space-y-0.5">
            {group.items.map(({ label, page, Icon }) => (
              <li key={page}>
                <NavLink to={portalPath(slug, page)} className={navLinkClass}>
                  <Icon className="size-4" aria-hidden /> {label}
                  {badges && page === 'messages' && <UnreadBadge className="ml-auto" />}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <ul className="mt-5 border-t border-slate-100 pt-5">
        <li>
          <NavLink to={portalPath(slug, 'settings')} className={navLinkClass}>
            <Settings className="size-4" aria-hidden /> {M.notifications.portalSettingsNav}
          </NavLink>
        </li>
      </ul>
    </nav>
  );
}

/** Phones and tablets: a bottom bar with every section, thumb-reachable. */
function BottomNav({ slug }: { slug: string }) {
  return (
    <nav
      aria-label={M.portalAuth.nav}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className="mx-auto grid max-w-lg grid-cols-6">
        {allNavItems.map(({ label, page, Icon }) => (
          <li key={page}>
            <NavLink
              to={portalPath(slug, page)}
              className={({ isActive }) =>
                cn(
                  'flex flex-col items-center gap-1 px-0.5 pt-2 pb-2.5 text-[11px] font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none focus-visible:ring-inset',
                  isActive ? 'text-brand-700' : 'text-slate-500 hover:text-slate-900',
                )
              }
            >
              {({ isActive }) => (
                <>
                  <span
                    className={cn(
                      'grid h-7 w-12 place-items-center rounded-full transition-colors',
                      isActive && 'bg-brand-50',
                    )}
                  >
                    <Icon className="size-5" aria-hidden />
                  </span>
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Spec §2.1: no user, or a user of another portal → "Access Denied" with a way to this portal's login. */
function AccessDenied({ slug }: { slug: string }) {
  useDocumentTitle(M.portalAuth.accessDenied);
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
          <ShieldAlert className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">{M.portalAuth.accessDenied}</h1>
        <p className="mt-2 text-sm leading-6 text-slate-500">{M.portalAuth.accessDeniedText}</p>
        <Link to={portalPath(slug, 'login')} className={buttonClass('primary', 'md', 'mt-6 w-full')}>
          {M.portalAuth.goToLogin}
        </Link>
      </div>
    </main>
  );
}

function usePortalLogout(slug: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return trpc.portalAuth.logout.useMutation({
    // Signed out either way (a session that already ended answers 401): forget the portal's data, back to its login.
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [['portalAuth']] });
      navigate(portalPath(slug, 'login'), { replace: true });
    },
  });
}

/** The header's sign-out (a staff preview is ended by the banner's "Exit preview" instead). */
function SignOutButton({ slug }: { slug: string }) {
  const logout = usePortalLogout(slug);
  return (
    <Button
      variant="ghost"
      size="sm"
      busy={logout.isPending}
      onClick={() => logout.mutate()}
      aria-label={M.portalAuth.signOut}
      className="px-2 sm:px-3"
    >
      {!logout.isPending && <LogOut className="size-4" aria-hidden />}
      <span className="hidden sm:inline">{M.portalAuth.signOut}</span>
    </Button>
  );
}

const headerLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden',
    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * The agency's mark and name, the client's name and the links phones reach from here. Without a user (the first
 * frame, while the session is asked for), the client's parts are placeholders of their size.
 */
function PortalHeader({
  user,
  slug,
  brand,
  initials: businessInitials,
}: {
  user: PortalUser | null;
  slug: string;
  brand: PortalBrand | null;
  /** The agency's initials when they cannot be taken from its name (the prerendered first frame's placeholder). */
  initials?: string;
}) {
  const businessName = user?.business.name ?? brand?.businessName;
  const fullName = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const initials = user ? `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase() : '';
  return (
    <header className="border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="flex min-h-16 flex-wrap items-center gap-x-3 px-4 sm:h-16 sm:flex-nowrap sm:gap-6 sm:px-6">
        <Link
          to={portalPath(slug, 'dashboard')}
          className="flex min-w-0 flex-1 basis-0 items-center gap-3 rounded-lg sm:flex-none sm:basis-auto focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          {/* The logo in a wide slot (up to 160×40), whatever its shape; without one, the agency's initials. */}
          {brand?.logoUrl ? (
            <img src={brand.logoUrl} alt="" className="h-10 w-auto max-w-40 shrink-0 object-contain object-left" />
          ) : (
            <BusinessMark name={businessName} initials={businessInitials} className="size-9 text-sm" />
          )}
          {/* Beside a logo, the name is for wider screens (and screen readers); the logo carries it on phones. */}
          <span className={cn('min-w-0', brand?.logoUrl && 'sr-only sm:not-sr-only')}>
            <span className="block truncate text-sm font-semibold text-slate-900">{businessName}</span>
            <span className="block text-xs text-slate-500">{M.portalAuth.portalName}</span>
          </span>
        </Link>
        {/* On phones the company menu takes a row of its own under the header's first row. */}
        {user && user.companyCount > 1 && (
          <div className="order-last basis-full pb-2 sm:order-none sm:basis-auto sm:pb-0">
            <CompanySwitcher user={user} />
          </div>
        )}
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          {user ? (
            <>
              <LiveStatus />
              <div className="hidden text-right sm:block" title={user.email}>
                <p className="text-sm font-medium text-slate-900">{fullName}</p>
                <p className="max-w-48 truncate text-xs text-slate-500">{user.email}</p>
              </div>
            </>
          ) : (
            <div aria-hidden className="hidden space-y-1.5 sm:block">
              <Skeleton className="ml-auto h-3.5 w-24" />
              <Skeleton className="h-3 w-36" />
            </div>
          )}
          <span
            aria-hidden
            className="grid size-9 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 ring-1 ring-slate-200"
          >
            {initials}
          </span>
          {user && <span className="sr-only">{M.portalAuth.account(fullName)}</span>}
          {/* The bottom bar has no room for Messages, Activity and Settings: on phones and tablets they sit here. */}
          <NavLink to={portalPath(slug, 'messages')} aria-label={messagesLabel} className={headerLinkClass}>
            <MessagesSquare className="size-4" aria-hidden />
            {user && <UnreadBadge className="absolute -top-1 -right-1" />}
          </NavLink>
          <NavLink to={portalPath(slug, 'activity')} aria-label={M.activity.title} className={headerLinkClass}>
            <History className="size-4" aria-hidden />
          </NavLink>
          <NavLink
            to={portalPath(slug, 'settings')}
            aria-label={M.notifications.portalSettingsNav}
            className={headerLinkClass}
          >
            <Settings className="size-4" aria-hidden />
          </NavLink>
          {user ? (
            !user.preview && <SignOutButton slug={slug} />
          ) : (
            <span aria-hidden className="inline-flex h-8 items-center px-3 text-slate-300">
              <LogOut className="size-4" />
              <span className="ml-1.5 hidden w-14 sm:inline-block" />
            </span>
          )}
        </div>
      </div>
    </header>
  );
}

/** Around every signed-in portal page: the agency's band and colours, the header, the side and bottom navigation. */
function PortalChrome({
  slug,
  brand,
  top,
  preview = false,
  footer,
  children,
}: {
  slug: string;
  brand: PortalBrand | null;
  /** The header, with a staff preview's banner above it. */
  top: ReactNode;
  preview?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50" style={brandVariables(brand)}>
      <SkipLink to="portal-main" />
      {/* The agency's colour as a thin band above everything: branded, but calm. */}
      <div
        aria-hidden
        className="h-1 bg-brand-600"
        style={
          brand
            ? { backgroundImage: `linear-gradient(90deg, ${brand.primaryColor}, ${brand.secondaryColor})` }
            : undefined
        }
      />
      {/* The header, and above it a staff preview's banner, stay in view. */}
      <div className="sticky top-0 z-30">{top}</div>
      <div className="flex flex-1">
        <SideNav slug={slug} preview={preview} badges={Boolean(footer)} />
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            id="portal-main"
            tabIndex={-1}
            className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-28 focus:outline-none sm:px-6 lg:px-10 lg:pt-10 lg:pb-12"
          >
            {children}
          </main>
          {footer}
        </div>
      </div>
      <BottomNav slug={slug} />
    </div>
  );
}

/**
 * The portal's first paint: its frame in the agency's colours, with its logo or initials and name, and the first
 * screen's placeholders. The server sends it as HTML (the build prerenders it, client/src/app/firstFrames.tsx), so it
 * paints before any script has run; the layout renders the same while it asks who is signed in.
 */
export function PortalFirstFrame({
  slug,
  brand,
  initials,
  dashboard,
  firstName,
  screen,
}: {
  slug: string;
  brand: PortalBrand | null;
  initials?: string;
  /** The dashboard's placeholders (its subtitle, stat cards and project cards) instead of a list's. */
  dashboard: boolean;
  /** The signed-in client's first name, when the server knows it: the dashboard's greeting, as the page has it. */
  firstName?: string;
  /** The screen itself, rendered by the server (client/src/app/firstScreen.tsx), instead of its placeholders. */
  screen?: ReactNode;
}) {
  return (
    <PortalChrome
      slug={slug}
      brand={brand}
      top={<PortalHeader user={null} slug={slug} brand={brand} initials={initials} />}
    >
      {screen ?? (
        <>
          <span role="status" className="sr-only">
            {M.common.loading}
          </span>
          {dashboard && firstName ? (
            <PortalPageHeader title={M.portalAuth.hello(firstName)} subtitle={M.portal.dashboard.subtitle} />
          ) : (
            <div className="mb-6 sm:mb-8">
              <div className="flex h-8 items-center">
                <Skeleton className="h-6 w-48" />
              </div>
              {dashboard && <p className="mt-1 text-sm text-slate-500">{M.portal.dashboard.subtitle}</p>}
            </div>
          )}
          {dashboard ? <PortalDashboardSkeleton /> : <RowsSkeleton rows={6} />}
        </>
      )}
    </PortalChrome>
  );
}

/**
 * The frame of every signed-in portal page. The session is the HttpOnly cookie; portalAuth.me says whose it is, and
 * it must belong to the portal of the address.
 */
export default function PortalLayout() {
  const slug = useParams().slug ?? '';
  const { pathname } = useLocation();
  const me = usePortalMe();
  const brand = usePortalBranding(slug);
  const switching = useCompanyFromLink(me.data);
  const logout = usePortalLogout(slug);
  const denied =
    errorCode(me.error) === 'UNAUTHORIZED' ||
    errorCode(me.error) === 'FORBIDDEN' ||
    (me.data && !sameSlug(me.data.business.slug, slug));
  // Rendered as a transition once the session is in (as the hub's, HubLayout): in slices, not one long task; at once
  // when its reply came with the page.
  const pending = useDeferredValue(me.isPending || switching, me.isPending || switching);

  // Drawn again while the session settles, the frame keeps the greeting the server's frame had.
  if (pending)
    return (
      <PortalFirstFrame
        slug={slug}
        brand={brand}
        dashboard={/\/dashboard\/?$/.test(pathname)}
        firstName={me.data && sameSlug(me.data.business.slug, slug) ? me.data.firstName : undefined}
      />
    );
  if (denied || !me.data) {
    if (!denied)
      return (
        <main role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
          <h1 className="text-xl font-semibold text-slate-900">{M.shell.somethingWrong}</h1>
          <p className="mt-2 text-sm text-slate-500">{M.common.loadFailed}</p>
          <Button variant="secondary" className="mt-6" onClick={() => void me.refetch()}>
            {M.common.retry}
          </Button>
        </main>
      );
    return <AccessDenied slug={slug} />;
  }
  // A contact of several companies chooses one before anything else.
  if (me.data.companyId === null)
    return (
      <div style={brandVariables(brand)}>
        <CompanyChooser user={me.data} brand={brand} onSignOut={() => logout.mutate()} />
      </div>
    );

  return (
    <LiveProvider audience="portal">
      <LiveVersions audience="portal" />
      <PortalChrome
        slug={slug}
        brand={brand}
        preview={Boolean(me.data.preview)}
        top={
          <>
            {me.data.preview && <PreviewBanner user={{ ...me.data, preview: me.data.preview }} />}
            <PortalHeader user={me.data} slug={slug} brand={brand} />
          </>
        }
        footer={
          <footer className="hidden border-t border-slate-200 lg:block">
            <p className="mx-auto max-w-6xl px-10 py-5 text-xs text-slate-500">
              © {new Date().getFullYear()} {me.data.business.name}
            </p>
          </footer>
        }
      >
        <Outlet context={me.data} />
      </PortalChrome>
    </LiveProvider>
  );
}
