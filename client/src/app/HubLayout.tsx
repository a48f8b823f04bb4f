import { Fragment, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Menu, MenuButton, MenuItem, MenuItems, Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, LogOut, Menu as MenuIcon, Settings, User, X } from 'lucide-react';
import { M } from '../../../shared/messages';
import { trpc } from '../lib/trpc';
import { cn } from '../lib/cn';
import { Logo } from '../ui/Logo';
import { Spinner } from '../ui/Feedback';
import SignInPage from '../features/auth/SignInPage';
import { useSession } from './useSession';

type NavItem = { label: string; to: string; end?: boolean } | { label: string; children: { label: string; to: string }[] };

export const hubNav: NavItem[] = [
  { label: 'Dashboard', to: '/hub', end: true },
  { label: 'Clients', children: [{ label: 'Companies', to: '/hub/companies' }, { label: 'Contacts', to: '/hub/contacts' }] },
  { label: 'Work', children: [{ label: 'Projects', to: '/hub/projects' }, { label: 'Tasks', to: '/hub/tasks' }] },
  { label: 'Files', to: '/hub/documents' },
  { label: 'Resources', to: '/hub/resources' },
  { label: 'Flows', to: '/hub/flows' },
];

const linkClass = (active: boolean) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
    active ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
  );

function DesktopNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {hubNav.map((item) =>
        'to' in item ? (
          <NavLink key={item.label} to={item.to} end={item.end} className={({ isActive }) => linkClass(isActive)}>
            {item.label}
          </NavLink>
        ) : (
          <Popover key={item.label} className="relative">
            <PopoverButton className={cn(linkClass(item.children.some((c) => pathname.startsWith(c.to))), 'inline-flex items-center gap-1')}>
              {item.label} <ChevronDown className="size-4" aria-hidden />
            </PopoverButton>
            <PopoverPanel anchor="bottom start" className="z-40 mt-1 w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
              {({ close }) => (
                <>
                  {item.children.map((child) => (
                    <NavLink key={child.to} to={child.to} onClick={() => close()} className={({ isActive }) => cn(linkClass(isActive), 'block')}>
                      {child.label}
                    </NavLink>
                  ))}
                </>
              )}
            </PopoverPanel>
          </Popover>
        ),
      )}
    </nav>
  );
}

function MobileNav({ onNavigate }: { onNavigate: () => void }) {
  return (
    <nav aria-label="Main" className="border-t border-slate-200 px-4 py-3 lg:hidden">
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

function UserMenu({ firstName, lastName, email }: { firstName: string; lastName: string; email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.auth.logout.useMutation({
    onSettled: () => {
      queryClient.clear();
      navigate('/hub/login', { replace: true });
    },
  });
  const initials = `${firstName[0] ?? ''}${lastName[0] ?? ''}`.toUpperCase();
  const itemClass = 'flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 data-focus:bg-slate-100';
  return (
    <Menu as="div" className="relative">
      <MenuButton className="grid size-9 place-items-center rounded-full bg-brand-600 text-sm font-semibold text-white focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none" aria-label={`${initials} user menu`}>
        {initials}
      </MenuButton>
      <MenuItems anchor="bottom end" className="z-40 mt-2 w-56 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 focus:outline-none">
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium text-slate-900">
            {firstName} {lastName}
          </p>
          <p className="truncate text-xs text-slate-500">{email}</p>
        </div>
        <div className="my-1 h-px bg-slate-100" />
        <MenuItem>
          <Link to="/hub/account" className={itemClass}>
            <Settings className="size-4" aria-hidden /> Account
          </Link>
        </MenuItem>
        <MenuItem>
          <Link to="/hub/account?tab=profile" className={itemClass}>
            <User className="size-4" aria-hidden /> Profile
          </Link>
        </MenuItem>
        <MenuItem>
          <button type="button" className={itemClass} onClick={() => logout.mutate()}>
            <LogOut className="size-4" aria-hidden /> Logout
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

export default function HubLayout() {
  const { user, isPending, failed, retry } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);

  if (isPending) return <Spinner label="Loading your hub" />;
  if (failed)
    return (
      <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
        <h1 className="text-xl font-semibold text-slate-900">The hub could not be reached</h1>
        <p className="mt-2 text-sm text-slate-500">{M.common.loadFailed}</p>
        <button type="button" onClick={retry} className="mt-6 font-medium text-brand-700 underline">
          {M.common.retry}
        </button>
      </div>
    );
  if (!user) return <SignInPage />;

  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-screen-2xl items-center gap-6 px-4 sm:px-6 lg:px-8">
          <Link to="/hub" className="rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none" aria-label="Clientflow dashboard">
            <Logo />
          </Link>
          <DesktopNav />
          <div className="ml-auto flex items-center gap-3">
            <span className="hidden text-sm text-slate-500 sm:block">{user.business.name}</span>
            <UserMenu firstName={user.firstName} lastName={user.lastName} email={user.email} />
            <button type="button" className="rounded-md p-2 text-slate-600 hover:bg-slate-100 lg:hidden" aria-expanded={mobileOpen} aria-label="Menu" onClick={() => setMobileOpen((v) => !v)}>
              {mobileOpen ? <X className="size-5" /> : <MenuIcon className="size-5" />}
            </button>
          </div>
        </div>
        {mobileOpen && <MobileNav onNavigate={() => setMobileOpen(false)} />}
      </header>
      <SubNav />
      <main className="mx-auto max-w-screen-2xl px-4 py-8 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
