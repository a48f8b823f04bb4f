import { NavLink, Link, Outlet, useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutDashboard, LogOut, ShieldAlert } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { errorCode, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { Spinner } from '../../ui/Feedback';
import { SkipLink } from '../../ui/SkipLink';
import { BusinessMark } from './PortalBrand';
import { portalPath, sameSlug, usePortalMe, type PortalUser } from './session';

/** The portal's sections; the projects, tasks and files screens add theirs here. */
const portalNav = [{ label: M.nav.dashboard, page: 'dashboard', Icon: LayoutDashboard }];

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

function PortalHeader({ user, slug }: { user: PortalUser; slug: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = trpc.portalAuth.logout.useMutation({
    // Signed out either way (a session that already ended answers 401): forget the portal's data, back to its login.
    onSettled: () => {
      queryClient.removeQueries({ queryKey: [['portalAuth']] });
      navigate(portalPath(slug, 'login'), { replace: true });
    },
  });
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  const initials = `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}`.toUpperCase();
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:gap-6 sm:px-6 lg:px-8">
        <Link to={portalPath(slug, 'dashboard')} className="flex min-w-0 items-center gap-3 rounded-lg focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none">
          <BusinessMark name={user.business.name} className="size-9 text-sm" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-semibold text-slate-900">{user.business.name}</span>
            <span className="block text-xs text-slate-500">{M.portalAuth.portalName}</span>
          </span>
        </Link>
        <nav aria-label={M.portalAuth.nav} className="hidden items-center gap-1 md:flex">
          {portalNav.map(({ label, page, Icon }) => (
            <NavLink
              key={page}
              to={portalPath(slug, page)}
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                  isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                )
              }
            >
              <Icon className="size-4" aria-hidden /> {label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:gap-3">
          <div className="hidden text-right sm:block" title={user.email}>
            <p className="text-sm font-medium text-slate-900">{fullName}</p>
            <p className="max-w-48 truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <span aria-hidden className="grid size-9 place-items-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 ring-1 ring-slate-200">
            {initials}
          </span>
          <span className="sr-only">{M.portalAuth.account(fullName)}</span>
          <Button variant="ghost" size="sm" busy={logout.isPending} onClick={() => logout.mutate()} aria-label={M.portalAuth.signOut} className="px-2 sm:px-3">
            {!logout.isPending && <LogOut className="size-4" aria-hidden />}
            <span className="hidden sm:inline">{M.portalAuth.signOut}</span>
          </Button>
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
  const denied = errorCode(me.error) === 'UNAUTHORIZED' || errorCode(me.error) === 'FORBIDDEN' || (me.data && !sameSlug(me.data.business.slug, slug));

  if (me.isPending) return <Spinner label={M.common.loading} />;
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

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink to="portal-main" />
      <PortalHeader user={me.data} slug={slug} />
      <main id="portal-main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8 lg:py-10">
        <Outlet context={me.data} />
      </main>
      <footer className="border-t border-slate-200 bg-white">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-slate-500 sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {me.data.business.name}
        </p>
      </footer>
    </div>
  );
}
