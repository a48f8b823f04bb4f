// The app's HTML for an address, with the first screen's code announced up front.
//
// index.html preloads only what the entry imports; a route's own chunks would start downloading after the entry has
// run and the router has matched, one round trip later. The build writes, per first screen, the files it loads
// (dist/client/first-load.json, client/build/first-load-report.ts); this adds `<link rel="modulepreload">` for the
// files of the screen an address opens, so the browser fetches them in parallel with the entry.
import fs from 'node:fs';
import path from 'node:path';

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

export function spaShell(clientDir: string): (pathname: string) => string {
  const template = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  let loads: FirstLoad[] = [];
  try {
    loads = JSON.parse(fs.readFileSync(path.join(clientDir, 'first-load.json'), 'utf8')) as FirstLoad[];
  } catch {
    // An older build without the report: the plain template.
  }
  const pages = new Map<string | null, string>([[null, template]]);
  for (const load of loads) {
    const links = load.files
      .filter((file) => /^assets\/[\w.-]+\.js$/.test(file) && !template.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    pages.set(load.name, links.length ? template.replace('</head>', `  ${links.join('\n    ')}\n  </head>`) : template);
  }
  return (pathname) => pages.get(screenOf(pathname)) ?? template;
}
