import type { CSSProperties } from 'react';
import { NavLink, Link, Outlet, useNavigate, useParams } from 'react-router-dom';
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
import { notifications } from '../../../../shared/messages/notifications';
import { portal } from '../../../../shared/messages/portal';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import { cn } from '../../lib/cn';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Feedback';
import { SkipLink } from '../../ui/SkipLink';
import { BusinessMark } from './PortalBrand';
import { PreviewBanner } from './PreviewBanner';
import { CompanyChooser, CompanySwitcher, useCompanyFromLink } from './PortalCompanies';
import { usePortalUnread } from './usePortalUnread';
import { messages as messagesText } from '../../../../shared/messages/messages';
import { LiveVersions } from '../../lib/liveVersions';
import { LiveProvider, LiveStatus } from '../../lib/live';
import { readableOn, usePortalBranding, type PortalBrand } from './branding';
import { portalPath, sameSlug, usePortalMe, type PortalUser } from './session';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { common: CORE.common, shell: CORE.shell, activity, notifications, portal, portalAuth } as const;

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
      { label: messagesText.title, page: 'messages', Icon: MessagesSquare, sideOnly: true },
      { label: N.files, page: 'files', Icon: FileText },
      { label: N.flows, page: 'workflows', Icon: Workflow },
      { label: N.resources, page: 'resources', Icon: BookOpen },
      { label: M.activity.title, page: 'activity', Icon: History, sideOnly: true },
    ],
  },
];
const allNavItems = portalNav.flatMap((g) => g.items).filter((item) => !item.sideOnly);

/**
 * The agency's primary colour as the shell's brand scale (Tailwind's --color-brand-* variables): navigation,
 * buttons, progress and focus rings take the agency's colour. A light primary is darkened where text sits on it.
 */
function brandVariables(brand: PortalBrand | null): CSSProperties | undefined {
  if (!brand) return undefined;
  const c = brand.primaryColor;
  const strong = readableOn(c) === '#ffffff' ? c : `color-mix(in oklab, ${c} 55%, black)`;
  return {
    '--color-brand-50': `color-mix(in oklab, ${c} 8%, white)`,
    '--color-brand-100': `color-mix(in oklab, ${c} 16%, white)`,
    '--color-brand-200': `color-mix(in oklab, ${c} 30%, white)`,
    '--color-brand-500': `color-mix(in oklab, ${c} 85%, white)`,
    '--color-brand-600': strong,
    '--color-brand-700': `color-mix(in oklab, ${strong} 85%, black)`,
    '--color-brand-800': `color-mix(in oklab, ${strong} 70%, black)`,
  } as CSSProperties;
}

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
      <span className="sr-only">{messagesText.navBadge(count)}</span>
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
    </span>
  );
}

/** Wide screens: a quiet sidebar with the Work group. */
function SideNav({ slug, preview }: { slug: string; preview: boolean }) {
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
                  {page === 'messages' && <UnreadBadge className="ml-auto" />}
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

function PortalHeader({ user, slug, brand }: { user: PortalUser; slug: string; brand: PortalBrand | null }) {
  const logout = usePortalLogout(slug);
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
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
            <BusinessMark name={user.business.name} className="size-9 text-sm" />
          )}
          {/* Beside a logo, the name is for wider screens (and screen readers); the logo carries it on phones. */}
          <span className={cn('min-w-0', brand?.logoUrl && 'sr-only sm:not-sr-only')}>
            <span className="block truncate text-sm font-semibold text-slate-900">{user.business.name}</span>
            <span className="block text-xs text-slate-500">{M.portalAuth.portalName}</span>
          </span>
        </Link>
        {/* On phones the company menu takes a row of its own under the header's first row. */}
        {user.companyCount > 1 && (
          <div className="order-last basis-full pb-2 sm:order-none sm:basis-auto sm:pb-0">
            <CompanySwitcher user={user} />
          </div>
        )}
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <LiveStatus />
          <div className="hidden text-right sm:block" title={user.email}>
            <p className="text-sm font-medium text-slate-900">{fullName}</p>
            <p className="max-w-48 truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <span
            aria-hidden
            className="grid size-9 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 ring-1 ring-slate-200"
          >
            {initials}
          </span>
          <span className="sr-only">{M.portalAuth.account(fullName)}</span>
          {/* The bottom bar has no room for Messages, Activity and Settings: on phones and tablets they sit here. */}
          <NavLink
            to={portalPath(slug, 'messages')}
            aria-label={messagesText.title}
            className={({ isActive }) =>
              cn(
                'relative grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <MessagesSquare className="size-4" aria-hidden />
            <UnreadBadge className="absolute -top-1 -right-1" />
          </NavLink>
          <NavLink
            to={portalPath(slug, 'activity')}
            aria-label={M.activity.title}
            className={({ isActive }) =>
              cn(
                'grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <History className="size-4" aria-hidden />
          </NavLink>
          <NavLink
            to={portalPath(slug, 'settings')}
            aria-label={M.notifications.portalSettingsNav}
            className={({ isActive }) =>
              cn(
                'grid size-9 place-items-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none lg:hidden',
                isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-900',
              )
            }
          >
            <Settings className="size-4" aria-hidden />
          </NavLink>
          {/* A staff preview is ended by the banner's "Exit preview". */}
          {!user.preview && (
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
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The frame of every signed-in portal page. The session is the HttpOnly cookie; portalAuth.me says whose it is, and
 * it must belong to the portal of the address.
 */
export default function PortalLayout() {
  const slug = useParams().slug ?? '';
  const me = usePortalMe();
  const brand = usePortalBranding(slug);
  const switching = useCompanyFromLink(me.data);
  const logout = usePortalLogout(slug);
  const denied =
    errorCode(me.error) === 'UNAUTHORIZED' ||
    errorCode(me.error) === 'FORBIDDEN' ||
    (me.data && !sameSlug(me.data.business.slug, slug));

  if (me.isPending || switching) return <Spinner label={M.common.loading} />;
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
        <div className="sticky top-0 z-30">
          {me.data.preview && <PreviewBanner user={{ ...me.data, preview: me.data.preview }} />}
          <PortalHeader user={me.data} slug={slug} brand={brand} />
        </div>
        <div className="flex flex-1">
          <SideNav slug={slug} preview={Boolean(me.data.preview)} />
          <div className="flex min-w-0 flex-1 flex-col">
            <main
              id="portal-main"
              tabIndex={-1}
              className="mx-auto w-full max-w-6xl flex-1 px-4 pt-6 pb-28 focus:outline-none sm:px-6 lg:px-10 lg:pt-10 lg:pb-12"
            >
              <Outlet context={me.data} />
            </main>
            <footer className="hidden border-t border-slate-200 lg:block">
              <p className="mx-auto max-w-6xl px-10 py-5 text-xs text-slate-500">
                © {new Date().getFullYear()} {me.data.business.name}
              </p>
            </footer>
          </div>
        </div>
        <BottomNav slug={slug} />
      </div>
    </LiveProvider>
  );
}
