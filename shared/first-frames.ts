// The first frames the build prerenders (client/src/app/firstFrames.tsx) and the server sends (server/lib/spa-shell.ts).

/** The hub's frames: one per section, so that the frame's navigation marks the section the address opens. */
export const HUB_FRAME_PATHS = [
  '/hub',
  '/hub/companies',
  '/hub/contacts',
  '/hub/projects',
  '/hub/tasks',
  '/hub/documents',
  '/hub/resources',
  '/hub/flows',
  '/hub/messages',
  '/hub/reports',
  '/hub/activity',
  '/hub/templates',
  '/hub/account',
  // Any other address of the hub (a record area from the registry, an unknown one): no section marked.
  '/hub/*',
] as const;

/** The portal's signed-in pages with a frame of their own (the first segment after /portal/{slug}/). */
export const PORTAL_FRAME_PAGES = [
  'dashboard',
  'projects',
  'tasks',
  'files',
  'workflows',
  'resources',
  'activity',
  'messages',
  'settings',
] as const;

/** Placeholders in the portal's prerendered frames for what the server fills in per agency. */
export const FRAME_TOKENS = {
  slug: '__cf_slug__',
  name: '__cf_name__',
  initials: '__cf_initials__',
  logo: '__cf_logo__',
  loginText: '__cf_login_text__',
  firstName: '__cf_first_name__',
  /** The hub dashboard's greeting ("Good morning", …, shared/greeting.ts). */
  greeting: '__cf_greeting__',
  /** Where the portal dashboard's frame takes the screen the server rendered (client/src/app/firstScreen.tsx). */
  screen: '__cf_screen__',
  primary: '__cf_primary__',
  secondary: '__cf_secondary__',
} as const;

/** A portal page's frame with the agency's logo, or with its initials. */
type PortalFrame = { logo: string; initials: string };

export type FirstFrames = {
  /** HTML per path of HUB_FRAME_PATHS. */
  hub: Record<string, string>;
  /** The hub's dashboard (/hub) greeting the signed-in person by name, at their time of day. */
  hubGreeted?: string;
  /** HTML per page of PORTAL_FRAME_PAGES, with the agency's logo or with its initials. */
  portal: Record<string, PortalFrame & { named?: PortalFrame; screen?: PortalFrame }>;
  /** The portal's sign-in page (/portal/{slug}/login), with the agency's logo or with its initials. */
  portalSignIn?: { logo: string; initials: string };
  /** The stylesheet's rules the frames use, inlined in their pages (scripts/prerender-marketing.mjs). */
  css?: string;
};
