// The app's HTML for an address, with the first screen's code announced.
//
// index.html loads only the entry; a route's own chunks would start downloading after the entry has run and the router
// has matched, one round trip later. The build writes, per first screen, the files it loads (dist/client/first-load.json,
// client/build/first-load-report.ts); this names the files of the screen an address opens, so that the browser fetches
// them all in parallel.
//
// The hub's and the portal's signed-in pages and the portal's sign-in page also come with their first frame in the root
// element (the build prerenders them, client/src/app/firstFrames.tsx): the navigation, the header, the agency's branding
// and the first screen's placeholders paint from the page's own bytes, before any script has run, and React's first
// render takes their place. Those pages name their code and stylesheet as data (PAGE_DATA.firstScreenFiles), which the
// entry asks for once the frame has painted: on a slow line the frame's bytes do not share it with 130 KB of script.
// Pages without a frame announce their code up front (`<link rel="modulepreload">`), as they paint only once it runs.
import fs from 'node:fs';
import path from 'node:path';
import { brandScale, businessInitials, HEX_COLOR, readableOn } from '../../shared/brand-colors';
import { DEFAULT_BRAND_STYLE, PAGE_DATA } from '../../shared/constants';
import { FRAME_TOKENS, type FirstFrames } from '../../shared/first-frames';

type FirstLoad = { name: string; files: string[] };

/** Which first screen an address opens (names as in client/build/first-load-report.ts FIRST_LOADS). */
function screenOf(pathname: string): string | null {
  if (/^\/hub\/login\/?$/.test(pathname)) return 'hub sign-in';
  // Signed-out pages of the hub (sign-up, password reset, invite) load neither frame.
  if (/^\/hub\/(?:signup|forgot-password|reset-password|invite)(?:\/|$)/.test(pathname)) return null;
  if (/^\/hub(?:\/|$)/.test(pathname)) return 'hub';
  if (/^\/portal\/[^/]+\/login\/?$/.test(pathname)) return 'portal sign-in';
  if (/^\/portal\/[^/]+\/(?:invite|magic)(?:\/|$)/.test(pathname)) return null;
  if (/^\/portal\/[^/]+\/.+/.test(pathname)) return 'portal';
  return null;
}

/** The slug of a portal sign-in page (/portal/{slug}/login, …/invite/…, …/magic/…), whose branding the page shows. */
export function portalSignInSlug(pathname: string): string | null {
  const match = /^\/portal\/([^/]+)\/(?:login\/?$|invite\/|magic\/)/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * Data the first screen would otherwise ask for at once, written into the page as JSON (not a script: nothing runs,
 * so the content security policy is untouched). `<` is escaped so that no value can close the element.
 */
export function withPageData(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // A function, so that "$&" or "$'" in an agency's text is not read as a replacement pattern.
  return html.replace('</head>', () => `  <script type="application/json" id="${id}">${json}</script>\n  </head>`);
}

/** The slug of a signed-in portal page (/portal/{slug}/{page}…), whose frame shows the agency's branding. */
export function portalFrameSlug(pathname: string): string | null {
  if (screenOf(pathname) !== 'portal') return null;
  try {
    return decodeURIComponent(pathname.split('/')[2]);
  } catch {
    return null;
  }
}

/** A page of the hub behind its sign-in (not the sign-in, sign-up, invite or password pages). */
export const isHubPage = (pathname: string) => screenOf(pathname) === 'hub';

/** What a portal's frame shows of its agency (the public branding reply's fields). */
type FrameBranding = { businessName: string; logo: string | null; loginText: string; style: Record<string, unknown> };

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const colorOr = (value: unknown, fallback: string) =>
  typeof value === 'string' && HEX_COLOR.test(value) ? value : fallback;
/** The brand scale as React writes it into a style attribute (PortalLayout's frame). */
const brandStyle = (primary: string) =>
  Object.entries(brandScale(primary))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');

/** A frame of the portal with the agency's name, initials or logo, colours and slug in place of the placeholders. */
function fillPortalFrame(
  frames: { logo: string; initials: string },
  slug: string,
  branding: FrameBranding,
  firstName = '',
): string {
  const primary = colorOr(branding.style.primaryColor, DEFAULT_BRAND_STYLE.primaryColor);
  const secondary = colorOr(branding.style.secondaryColor, DEFAULT_BRAND_STYLE.secondaryColor);
  const values: [string, string][] = [
    [brandStyle(FRAME_TOKENS.primary), brandStyle(primary)],
    // The sign-in page's branding side: its text in white or near-black, whichever reads on the primary colour.
    [
      `background-color:${FRAME_TOKENS.primary};color:#ffffff`,
      `background-color:${primary};color:${readableOn(primary)}`,
    ],
    [FRAME_TOKENS.primary, primary],
    [FRAME_TOKENS.secondary, secondary],
    [FRAME_TOKENS.slug, escapeHtml(encodeURIComponent(slug))],
    [FRAME_TOKENS.name, escapeHtml(branding.businessName)],
    [FRAME_TOKENS.initials, escapeHtml(businessInitials(branding.businessName))],
    [FRAME_TOKENS.logo, escapeHtml(branding.logo ?? '')],
    [FRAME_TOKENS.loginText, escapeHtml(branding.loginText)],
    [FRAME_TOKENS.firstName, escapeHtml(firstName)],
  ];
  return values.reduce(
    (html, [token, value]) => html.split(token).join(value),
    branding.logo ? frames.logo : frames.initials,
  );
}

/**
 * The app's page for an address: its first screen's code announced, and for the hub, a portal's sign-in page and a
 * signed-in portal page the first frame in the root element. `branding`: the portal's agency (null: no agency has the slug; undefined: unknown),
 * without which a portal page has no frame.
 */
export function spaShell(
  clientDir: string,
): (
  pathname: string,
  branding?: FrameBranding | null,
  firstName?: string,
  greeting?: string | null,
  screenHtml?: string | null,
) => string {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  let frames: FirstFrames = { hub: {}, portal: {} };
  try {
    frames = JSON.parse(fs.readFileSync(path.join(clientDir, 'first-frames.json'), 'utf8')) as FirstFrames;
  } catch {
    // An older build without the frames: the plain template's spinner.
  }
  let loads: FirstLoad[] = [];
  try {
    loads = JSON.parse(fs.readFileSync(path.join(clientDir, 'first-load.json'), 'utf8')) as FirstLoad[];
  } catch {
    // An older build without the report: the plain template.
  }
  const pages = new Map<string | null, string>([[null, template]]);
  const scriptsOf = new Map<string | null, string[]>();
  for (const load of loads) {
    const scripts = load.files
      .filter((file) => /^assets\/[\w.-]+\.js$/.test(file) && !template.includes(`/${file}"`))
      .map((file) => `/${file}`);
    const links = scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);
    scriptsOf.set(load.name, scripts);
    pages.set(load.name, links.length ? template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : template);
  }
  // The frame's own rules inline, and the stylesheet named with the first screen's code: the frame paints with the
  // page's first bytes, not after the stylesheet has arrived (a stylesheet anywhere in the page holds the first paint
  // back until it has loaded and been applied). The entry asks for both once the frame has painted, and the app applies
  // the stylesheet in its first render (client/src/boot.tsx appStylesheet), so React's screen never shows without its
  // rules. Without the frame's rules (an older build), the plain page with its code announced.
  const withFrame = (screen: string, frame: string) => {
    const html = template;
    const stylesheet = /\s*<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/.exec(html);
    if (!frames.css || !stylesheet)
      return (pages.get(screen) ?? template).replace(
        /<div id="root">.*<\/div>(?=\n|$)/,
        () => `<div id="root">${frame}</div>`,
      );
    const files = JSON.stringify({ scripts: scriptsOf.get(screen) ?? [], stylesheet: stylesheet[1] });
    // Functions, so that a "$&" or "$'" in an agency's name is not read as a replacement pattern.
    return html
      .replace(stylesheet[0], '')
      .replace(
        '</head>',
        () =>
          `  <style>${frames.css}</style>\n    <script type="application/json" id="${PAGE_DATA.firstScreenFiles}">${files}</script>\n  </head>`,
      )
      .replace(/<div id="root">.*<\/div>(?=\n|$)/, () => `<div id="root">${frame}</div>`);
  };
  return (pathname, branding, firstName, greeting, screenHtml) => {
    const screen = screenOf(pathname);
    const html = pages.get(screen) ?? template;
    if (screen === 'hub') {
      // The dashboard greets a signed-in person whose time of day the server knows (shared/greeting.ts).
      if (greeting && firstName !== undefined && frames.hubGreeted && /^\/hub\/?$/.test(pathname)) {
        const greeted = frames.hubGreeted
          .split(FRAME_TOKENS.greeting)
          .join(escapeHtml(greeting))
          .split(FRAME_TOKENS.firstName)
          .join(escapeHtml(firstName));
        return withFrame(screen, greeted);
      }
      const section = /^\/hub\/([^/]+)/.exec(pathname)?.[1];
      const frame = frames.hub[section ? `/hub/${section}` : '/hub'] ?? frames.hub['/hub/*'];
      return frame ? withFrame(screen, frame) : html;
    }
    if (screen === 'portal sign-in' && branding && frames.portalSignIn) {
      const slug = portalSignInSlug(pathname);
      return slug ? withFrame(screen, fillPortalFrame(frames.portalSignIn, slug, branding)) : html;
    }
    if (screen === 'portal' && branding) {
      const slug = portalFrameSlug(pathname);
      const page = frames.portal[pathname.split('/')[3]];
      // The portal dashboard the server rendered (server/lib/first-screen.ts), put in after the agency's details so
      // that nothing a client typed is read as a placeholder.
      if (screenHtml && page?.screen && slug)
        return withFrame(
          'portal',
          fillPortalFrame(page.screen, slug, branding, firstName).split(FRAME_TOKENS.screen).join(screenHtml),
        );
      const frame = firstName && page?.named ? page.named : page;
      return frame && slug ? withFrame(screen, fillPortalFrame(frame, slug, branding, firstName)) : html;
    }
    return html;
  };
}
