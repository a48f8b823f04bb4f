import { useEffect, useMemo } from 'react';
import { DEFAULT_BRAND_STYLE, PAGE_DATA } from '../../../../shared/constants';
import type { PortalBrandingReply } from '../../../../shared/schemas/business';
import { errorCode, trpc } from '../../lib/trpc';
import { HEX_COLOR as HEX, luminance, readableOn } from '../../../../shared/brand-colors';

export { readableOn };

/** What the portal's sign-in pages show of an agency: its name, logo, login text and three colours. */
export type PortalBrand = {
  businessName: string;
  logoUrl: string | null;
  loginText: string;
  primaryColor: string;
  secondaryColor: string;
  buttonTextColor: string;
  /** The agency signs its clients in with e-mailed links only: the sign-in page shows no password. */
  magicLinkOnly?: boolean;
};

const colorOr = (value: unknown, fallback: string) => (typeof value === 'string' && HEX.test(value) ? value : fallback);

/** The public branding reply (spec §3's mixed names) as the sign-in pages use it. */
function brandFromReply(reply: PortalBrandingReply): PortalBrand {
  return {
    businessName: reply.businessName,
    logoUrl: reply.logo,
    loginText: reply.loginText,
    primaryColor: colorOr(reply.style.primaryColor, DEFAULT_BRAND_STYLE.primaryColor),
    secondaryColor: colorOr(reply.style.secondaryColor, DEFAULT_BRAND_STYLE.secondaryColor),
    buttonTextColor: colorOr(reply.style.button_text_color, DEFAULT_BRAND_STYLE.buttonTextColor),
    magicLinkOnly: reply.magicLinkOnly === true,
  };
}

/** WCAG contrast ratio of two #rrggbb colours (1 to 21). */
function contrastRatio(a: string, b: string): number {
  if (!HEX.test(a) || !HEX.test(b)) return 21;
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Normal-size text needs 4.5:1 (WCAG AA). */
const READABLE = 4.5;

/**
 * The LOGIN button's text colour: the agency's button text colour when it reads on the primary colour, else white or
 * black, whichever reads better. So the default colours (#010101 on #276398, 3.3:1) show white text (6.2:1).
 */
export function buttonInk(brand: Pick<PortalBrand, 'primaryColor' | 'buttonTextColor'>): string {
  if (contrastRatio(brand.buttonTextColor, brand.primaryColor) >= READABLE) return brand.buttonTextColor;
  return contrastRatio('#ffffff', brand.primaryColor) >= contrastRatio('#000000', brand.primaryColor)
    ? '#ffffff'
    : '#000000';
}

// Spec §2.11: branding is cached by slug in browser storage; the cached copy is shown first, then refreshed.
const cacheKey = (slug: string) => `clientflow.portalBranding.${slug.trim().toLowerCase()}`;

function readCached(slug: string): PortalBrandingReply | undefined {
  try {
    const text = window.localStorage.getItem(cacheKey(slug));
    const value = text ? (JSON.parse(text) as PortalBrandingReply) : undefined;
    return value && typeof value.businessName === 'string' && value.style ? value : undefined;
  } catch {
    return undefined;
  }
}

function writeCached(slug: string, reply: PortalBrandingReply) {
  try {
    window.localStorage.setItem(cacheKey(slug), JSON.stringify(reply));
  } catch {
    // Storage full or switched off: the page still has the fresh reply.
  }
}

function forgetCached(slug: string) {
  try {
    window.localStorage.removeItem(cacheKey(slug));
  } catch {
    // Nothing stored, or storage switched off.
  }
}

/**
 * What the server wrote into the page for this slug (server/app.ts: portal sign-in pages): the branding, null when
 * no agency has the slug, undefined when it said nothing.
 */
function readFromPage(slug: string): PortalBrandingReply | null | undefined {
  try {
    const text = document.getElementById(PAGE_DATA.portalBranding)?.textContent;
    const value = text ? (JSON.parse(text) as { slug?: unknown; branding?: PortalBrandingReply | null }) : undefined;
    if (typeof value?.slug !== 'string' || value.slug.trim().toLowerCase() !== slug.trim().toLowerCase())
      return undefined;
    if (value.branding === null) return null;
    return value.branding?.style ? value.branding : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The agency's branding for a portal slug (GET /api/business/branding/{slug}): the copy cached in this browser at
 * once, then the server's. A failure is only logged (spec §8); the page keeps the cached copy or its own look.
 * `missing`: no agency has this slug (the server said so), so there is no portal at this address.
 */
export function usePortalBrandingState(slug: string | undefined): { brand: PortalBrand | null; missing: boolean } {
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
  useEffect(() => {
    if (enabled && query.data && (query.isFetchedAfterMount || query.data === fromPage)) writeCached(slug!, query.data);
  }, [enabled, slug, query.data, query.isFetchedAfterMount, fromPage]);
  const notFound =
    missingOnPage ||
    (query.isError && (errorCode(query.error) === 'NOT_FOUND' || errorCode(query.error) === 'BAD_REQUEST'));
  useEffect(() => {
    if (enabled && notFound) forgetCached(slug!);
    // No agency at the slug is an answer (shown as such), not a failure to log.
    if (!query.error || notFound) return;
    console.error(`[portal] could not load the branding of "${slug}":`, query.error);
  }, [enabled, notFound, query.error, slug]);
  return {
    brand: enabled && query.data && !notFound ? brandFromReply(query.data) : null,
    missing: enabled && notFound,
  };
}

/** The agency's branding for a portal slug, or null (unknown yet, or no agency has the slug). */
export function usePortalBranding(slug: string | undefined): PortalBrand | null {
  return usePortalBrandingState(slug).brand;
}
