import { useMemo } from 'react';
import { errorCode, trpc } from '../../lib/trpc';
import { readCached, readFromPage, useBrandingOutcome, type PortalBrand } from './branding';

/**
 * The agency's branding for a portal slug (GET /api/business/branding/{slug}), for the portal's pages inside the app
 * shell: the copy sent with the page, or else the one cached in this browser, at once, then the server's through the
 * data layer (so that the account page's changes, which invalidate the query, show at once).
 * `missing`: no agency has this slug (the server said so), so there is no portal at this address.
 */
function usePortalBrandingState(slug: string | undefined): { brand: PortalBrand | null; missing: boolean } {
  const enabled = !!slug?.trim();
  // Sent with the page: current, so not asked for again for a minute.
  const fromPage = useMemo(() => (enabled ? readFromPage(slug!) : undefined), [enabled, slug]);
  const missingOnPage = fromPage === null;
  const query = trpc.business.branding.useQuery(
    { slug: slug ?? '' },
    {
      // The page already says that no agency has the slug: nothing to ask.
      enabled: enabled && !missingOnPage,
      initialData: enabled && !missingOnPage ? () => fromPage ?? readCached(slug!) : undefined,
      // The cached copy counts as old: it is shown, and refreshed at once.
      initialDataUpdatedAt: fromPage ? Date.now() : 0,
      staleTime: fromPage ? 60_000 : 0,
      retry: false,
    },
  );
  const notFound =
    missingOnPage ||
    (query.isError && (errorCode(query.error) === 'NOT_FOUND' || errorCode(query.error) === 'BAD_REQUEST'));
  return useBrandingOutcome(slug, {
    data: query.data,
    current: !!query.data && (query.isFetchedAfterMount || query.data === fromPage),
    notFound,
    error: query.error,
  });
}

/** The agency's branding for a portal slug, or null (unknown yet, or no agency has the slug). */
export function usePortalBranding(slug: string | undefined): PortalBrand | null {
  return usePortalBrandingState(slug).brand;
}
