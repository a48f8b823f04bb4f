// The constants that the first screens of every page read (the entry, the router, the sign-in pages), apart from
// ./constants.ts (which re-exports them) so that the first chunks carry these alone.

export const DEFAULT_BRAND_STYLE = {
  primaryColor: '#276398',
  secondaryColor: '#5b5b5b',
  buttonTextColor: '#010101',
} as const;

/** A cookie the app writes with the browser's IANA time zone, for the hub's greeting (shared/greeting.ts). */
export const TIME_ZONE_COOKIE = 'cf_tz';

/** Ids of the JSON the server writes into the app's HTML for the first screen (server/lib/spa-shell.ts). */
export const PAGE_DATA = {
  /** On a portal's sign-in pages: { slug, branding } (the public branding reply of that slug). */
  portalBranding: 'cf-portal-branding',
  /** On a signed-in portal page: the portalAuth.me reply of the page's own session (client/src/features/portal/session.ts). */
  portalMe: 'cf-portal-me',
  /**
   * On a dashboard (the hub's, a signed-in portal's): superjson of [path, input, reply][], the replies of the queries
   * its first screen asks (shared/first-replies.ts), for the page's own session (client/src/lib/pageReplies.ts).
   */
  replies: 'cf-replies',
  /**
   * On a page sent with its first frame: { scripts, stylesheet }, the first screen's code and the app's stylesheet,
   * which the entry asks for once the frame has painted (client/src/main.tsx).
   */
  firstScreenFiles: 'cf-first-screen',
  /** On a page of the hub: the auth.me reply of the page's own session (client/src/app/AppShell.tsx). */
  staffMe: 'cf-staff-me',
} as const;
