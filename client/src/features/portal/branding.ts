import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_BRAND_STYLE, PAGE_DATA } from '../../../../shared/first-screen-constants';
import type { PortalBrandingReply } from '../../../../shared/schemas/business';
import { plainQuery } from '../../lib/plainQuery';
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

export function readCached(slug: string): PortalBrandingReply | undefined {
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
export function readFromPage(slug: string): PortalBrandingReply | null | undefined {
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

/** What a branding hook has from its source: the data layer's query, or a plain GET on the sign-in page. */
export type BrandingSource = {
  data: PortalBrandingReply | undefined;
  /** The data is the server's (asked after mount, or sent with the page), not the copy cached in this browser. */
  current: boolean;
  /** The server said that no agency has the slug. */
  notFound: boolean;
  error: unknown;
};

/**
 * The branding hooks' shared part: the copy in this browser kept current (spec §2.11), a failure only logged
 * (spec §8), and the brand or "no portal at this address" for the page.
 */
export function useBrandingOutcome(slug: string | undefined, source: BrandingSource) {
  const enabled = !!slug?.trim();
  const { data, current, notFound, error } = source;
  useEffect(() => {
    if (enabled && data && current && !notFound) writeCached(slug!, data);
  }, [enabled, slug, data, current, notFound]);
  useEffect(() => {
    if (enabled && notFound) forgetCached(slug!);
    // No agency at the slug is an answer (shown as such), not a failure to log.
    if (!error || notFound) return;
    console.error(`[portal] could not load the branding of "${slug}":`, error);
  }, [enabled, notFound, error, slug]);
  return {
    brand: enabled && data && !notFound ? brandFromReply(data) : null,
    missing: enabled && notFound,
  };
}

/**
 * The branding of the portal sign-in page, which paints before the data layer has loaded: the copy sent with the page
 * (server/app.ts) or else the one cached in this browser at once, then the server's, asked with a plain GET
 * (client/src/lib/plainQuery.ts). The pages inside the app shell use usePortalBrandingState (./useBranding.ts).
 */
export function useSignInBranding(slug: string | undefined): { brand: PortalBrand | null; missing: boolean } {
  const key = slug?.trim() ? slug.trim().toLowerCase() : '';
  const fromPage = useMemo(() => (key ? readFromPage(key) : undefined), [key]);
  const [asked, setAsked] = useState<{ key: string; source: BrandingSource } | null>(null);
  useEffect(() => {
    // The page already says what the server knows: nothing to ask.
    if (!key || fromPage !== undefined) return;
    let live = true;
    plainQuery('business.branding', { slug: key }).then(
      ({ ok, value, code }) => {
        if (!live) return;
        const notFound = code === 'NOT_FOUND' || code === 'BAD_REQUEST';
        const data = ok ? (value as PortalBrandingReply) : undefined;
        const error = ok || notFound ? null : new Error(code ?? 'the branding reply could not be read');
        setAsked({ key, source: { data, current: ok, notFound, error } });
      },
      (error: unknown) =>
        live && setAsked({ key, source: { data: undefined, current: false, notFound: false, error } }),
    );
    return () => {
      live = false;
    };
  }, [key, fromPage]);
  const source: BrandingSource =
    fromPage !== undefined
      ? { data: fromPage ?? undefined, current: true, notFound: fromPage === null, error: null }
      : asked?.key === key
        ? { ...asked.source, data: asked.source.data ?? (asked.source.notFound ? undefined : readCached(key)) }
        : { data: key ? readCached(key) : undefined, current: false, notFound: false, error: null };
  return useBrandingOutcome(slug, source);
}
