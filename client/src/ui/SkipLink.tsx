import { nav } from '../../../shared/messages/nav';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { nav } as const;

/** The first stop of the Tab key, shown only when focused: past the navigation, straight to the page's main region. */
export function SkipLink({ to }: { to: string }) {
  return (
    <a
      href={`#${to}`}
      // Focus, not the address: a #fragment would become a history entry of the router.
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(to)?.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2.5 focus:text-sm focus:font-medium focus:text-brand-700 focus:shadow-lg focus:ring-2 focus:ring-brand-500 focus:outline-none"
    >
      {M.nav.skipToContent}
    </a>
  );
}
