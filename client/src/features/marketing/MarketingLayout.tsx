import { useEffect } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigationType } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { LogoMark } from '../../ui/Logo';
import { brand, layoutContent } from './content';

const focusRing =
  'focus-visible:outline-hidden focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:ring-offset-white';

function BrandLink() {
  return (
    <Link to="/" className={`flex items-center gap-2 rounded-lg ${focusRing}`}>
      <LogoMark className="size-7 sm:size-8" />
      {/* Visually hidden only on very narrow screens; always part of the link name. */}
      <span className="text-base font-bold tracking-tight text-slate-900 max-[350px]:sr-only sm:text-lg">
        {brand.name}
      </span>
    </Link>
  );
}

/**
 * Scrolls to the top on PUSH/REPLACE navigations between marketing pages, so a
 * link in the footer does not land the visitor half-way down the next page.
 * Back/forward (POP) keeps the browser's own scroll restoration.
 */
function useScrollTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls to the top when the path changes, on purpose
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
}

/** The skip link and the sticky top bar (brand, Features, Pricing, Open Hub); the 404 page shows it to visitors too. */
export function MarketingHeader() {
  const hub = layoutContent.hubButton;
  return (
    <>
      <a
        href="#main-content"
        className="sr-only rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:outline-hidden focus:ring-2 focus:ring-brand-300"
      >
        {layoutContent.skipLink}
      </a>

      <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/85 backdrop-blur supports-[backdrop-filter]:bg-white/75">
        <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-3 sm:gap-4 sm:px-6 lg:px-8">
          <BrandLink />

          <nav aria-label={layoutContent.mainNavLabel} className="flex items-center gap-0.5 sm:gap-2">
            {layoutContent.nav.map((item) => (
              <NavLink
                key={item.to}
                to={item.to}
                className={({ isActive }) =>
                  `rounded-md px-1.5 py-2 text-sm font-medium transition-colors sm:px-3 ${focusRing} ${
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                  }`
                }
              >
                {item.label}
              </NavLink>
            ))}
            <Link
              to={hub.to}
              className={`ml-1 inline-flex items-center gap-1.5 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 sm:ml-2 sm:px-4 ${focusRing}`}
            >
              <span className="sm:hidden">{hub.shortLabel}</span>
              <span className="hidden sm:inline">{hub.label}</span>
              <ArrowRight aria-hidden="true" className="hidden size-4 sm:block" />
            </Link>
          </nav>
        </div>
      </header>
    </>
  );
}

export default function MarketingLayout() {
  useScrollTopOnNavigate();
  const year = new Date().getFullYear();

  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900">
      <MarketingHeader />

      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-hidden">
        <Outlet />
      </main>

      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div className="max-w-sm">
            <Link to="/" className={`inline-flex items-center gap-2 rounded-lg ${focusRing}`}>
              <LogoMark className="size-7" />
              <span className="text-base font-bold tracking-tight text-slate-900">{brand.name}</span>
            </Link>
            <p className="mt-3 text-sm text-slate-600">{brand.tagline}</p>
          </div>

          <nav aria-label={layoutContent.footerNavLabel}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {layoutContent.footerLinks.map((item) => (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    className={`rounded-sm text-sm font-medium text-slate-700 transition-colors hover:text-brand-700 ${focusRing} focus-visible:ring-offset-slate-50`}
                  >
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="border-t border-slate-200">
          <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-slate-600 sm:px-6 lg:px-8">
            © {year} {layoutContent.copyrightHolder}
          </p>
        </div>
      </footer>
    </div>
  );
}
