import { Fragment, lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type ToggleEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut, Menu as MenuIcon, Settings, User, X } from 'lucide-react';
import { M } from '../../../shared/messages';
import { trpc } from '../lib/trpc';
import { cn } from '../lib/cn';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Feedback';
import { useSession } from './useSession';

// Signed-in visits never download the sign-in form (and its form and validation libraries).
const SignInPage = lazy(() => import('../features/auth/SignInPage'));

type NavItem = { label: string; to: string; end?: boolean } | { label: string; children: { label: string; to: string }[] };

export const hubNav: NavItem[] = [
  { label: M.nav.dashboard, to: '/hub', end: true },
  { label: M.nav.clients, children: [{ label: M.nav.companies, to: '/hub/companies' }, { label: M.nav.contacts, to: '/hub/contacts' }] },
  { label: M.nav.work, children: [{ label: M.nav.projects, to: '/hub/projects' }, { label: M.nav.tasks, to: '/hub/tasks' }] },
  { label: M.nav.files, to: '/hub/documents' },
  { label: M.nav.resources, to: '/hub/resources' },
  { label: M.nav.flows, to: '/hub/flows' },
];

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

/**
 * A dropdown on the browser's own popover (top layer, light dismiss, Escape, focus back to its button), placed under
 * its button. The hub's frame is on every screen's first load: the native API keeps a menu library out of it.
 */
function useDropdown(align: 'start' | 'end') {
  const id = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const close = () => {
    if (panelRef.current?.matches(':popover-open')) panelRef.current.hidePopover();
  };
  useEffect(() => {
    if (!open) return;
    // A fixed-position panel would drift from its button when the window changes size.
    window.addEventListener('resize', close);
    return () => window.removeEventListener('resize', close);
  }, [open]);
  // Any navigation (a link in the panel, Back) closes it.
  const { pathname, search } = useLocation();
  useEffect(close, [pathname, search]);
  return {
    open,
    close,
    button: { ref: buttonRef, popoverTarget: id, 'aria-expanded': open },
    panel: {
      id,
      ref: panelRef,
      popover: 'auto' as const,
      onBeforeToggle: (event: ToggleEvent<HTMLDivElement>) => {
        const button = buttonRef.current;
        if (event.newState !== 'open' || !button) return;
        const rect = button.getBoundingClientRect();
        const style = event.currentTarget.style;
        style.top = `${rect.bottom + 4}px`;
        if (align === 'start') style.left = `${rect.left}px`;
        else style.right = `${document.documentElement.clientWidth - rect.right}px`;
      },
      onToggle: (event: ToggleEvent<HTMLDivElement>) => setOpen(event.newState === 'open'),
    },
  };
}

const panelClass = 'fixed inset-auto m-0 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200';

function NavGroup({ label, items }: { label: string; items: { label: string; to: string }[] }) {
  const { pathname } = useLocation();
  const dropdown = useDropdown('start');
  return (
    <>
      <button type="button" {...dropdown.button} className={cn(linkClass(items.some((c) => pathname.startsWith(c.to))), 'inline-flex items-center gap-1')}>
        {label} <ChevronDown className={cn('size-4 transition-transform', dropdown.open && 'rotate-180')} aria-hidden />
      </button>
      <div {...dropdown.panel} className={cn(panelClass, 'w-44')}>
        {items.map((child) => (
          <NavLink key={child.to} to={child.to} onClick={dropdown.close} className={({ isActive }) => cn(linkClass(isActive), 'block')}>
            {child.label}
          </NavLink>
        ))}
      </div>
    </>
  );
}

function DesktopNav() {
  return (
    <nav aria-label={M.nav.main} className="hidden items-center gap-1 lg:flex">
      {hubNav.map((item) =>
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

function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label={M.nav.main} className="border-t border-slate-200 px-4 py-3 lg:hidden">
      {hubNav.map((item) =>
        'to' in item ? (
          <NavLink key={item.label} to={item.to} end={item.end} onClick={onNavigate} className={({ isActive }) => cn(linkClass(isActive), 'block')}>
            {item.label}
          </NavLink>
        ) : (
          <Fragment key={item.label}>
            <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{item.label}</p>
            {item.children.map((child) => (
              <NavLink key={child.to} to={child.to} onClick={onNavigate} className={({ isActive }) => cn(linkClass(isActive), 'block')}>
                {child.label}
              </NavLink>
            ))}
          </Fragment>
        ),
      )}
    </nav>
  );
}

/** The section's own tabs (Clients → Companies/Contacts, Work → Projects/Tasks). */
function SubNav() {
  const { pathname } = useLocation();
  const section = hubNav.find((item) => 'children' in item && item.children.some((c) => pathname.startsWith(c.to)));
  if (!section || !('children' in section)) return null;
  return (
    <div className="border-b border-slate-200 bg-white">
      <nav aria-label={section.label} className="mx-auto flex max-w-screen-2xl gap-4 px-4 sm:px-6 lg:px-8">
        {section.children.map((child) => (
          <NavLink
            key={child.to}
            to={child.to}
            className={({ isActive }) =>
              cn('border-b-2 py-2.5 text-sm font-medium', isActive ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-500 hover:text-slate-800')
            }
          >
            {child.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}

/** Arrow keys, Home and End move between a menu's items (the ARIA menu pattern); Tab leaves and closes it. */
function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>, close: () => void) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: items.length - 1 }[event.key];
  if (next !== undefined) {
    event.preventDefault();
    items[(next + items.length) % items.length]?.focus();
  } else if (event.key === 'Tab') {
    event.preventDefault();
    close();
  }
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
  const itemClass = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
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
            <Settings className="size-4" aria-hidden /> Account
          </Link>
          <Link role="menuitem" tabIndex={-1} to="/hub/account?tab=profile" onClick={dropdown.close} className={itemClass}>
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

/** The hub's header, navigation and page area around a signed-in user's screen (also the frame of an unknown address). */
export function HubFrame({ user, children }: { user: SessionUser; children: ReactNode }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <Link to="/hub" className="rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none" aria-label={M.nav.home}>
            <Logo />
          </Link>
          <DesktopNav />
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-slate-500 sm:block">{user.business.name}</span>
            <UserMenu firstName={user.firstName} lastName={user.lastName} email={user.email} />
            <button type="button" className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden" aria-expanded={mobileOpen} aria-label={M.nav.menu} onClick={() => setMobileOpen((v) => !v)}>
              {mobileOpen ? <X className="size-5" /> : <MenuIcon className="size-5" />}
            </button>
          </div>
        </div>
        {mobileOpen && <MobileNav onNavigate={() => setMobileOpen(false)} />}
      </header>
      <SubNav />
      <main className="mx-auto max-w-screen-2xl px-4 py-8 sm:px-6 lg:px-8">{children}</main>
    </div>
  );
}

export default function HubLayout() {
  const { user, isPending, failed, retry } = useSession();
  const utils = trpc.useUtils();

  if (isPending) return <Spinner label={M.shell.loadingHub} />;
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

  return (
    <HubFrame user={user}>
      <Outlet />
    </HubFrame>
  );
}
