// Statuses, types, limits and defaults from the spec, shared by server and client.
// What the first screens read (the entry, the router, the sign-in pages) is in ./first-screen-constants.ts, so that
// their chunks do not carry every constant here; re-exported for everything else.
export { DEFAULT_BRAND_STYLE, PAGE_DATA, TIME_ZONE_COOKIE } from './first-screen-constants';

export const COMPANY_STATUSES = ['prospect', 'onboarding', 'active', 'canceled', 'paused', 'at-risk'] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number];
/** Badge styling also knows 'inactive'. */
export const COMPANY_BADGE_STATUSES = [...COMPANY_STATUSES, 'inactive'] as const;
/** The create form's default; the stored schema's default is 'active'. */
export const DEFAULT_COMPANY_STATUS: CompanyStatus = 'prospect';

export const CONTACT_ROLES = ['executive', 'manager', 'contributor'] as const;

/**
 * The one vocabulary of project statuses (issue 29): the forms offer these, the list filter, badges, imports and the
 * portal name them with the same words (shared/status.ts). Migration 20261127034255 moved the list filter's older
 * stored words onto these (active → in-progress, completed → complete); on-hold is a form choice now.
 */
export const PROJECT_STATUSES = [
  'draft',
  'waiting',
  'approval',
  'in-progress',
  'at-risk',
  'on-hold',
  'complete',
] as const;
/** The REST list filter's words of the spec (§2.3), still accepted: active is a group, completed means complete. */
export const PROJECT_FILTER_STATUSES = ['draft', 'active', 'completed', 'on-hold'] as const;
/** The calendar's lower bound (spec §9): earlier dates are refused and disabled. */
export const CALENDAR_MIN_DATE = '1900-01-01';
export const TASK_STATUSES = ['pending', 'in-progress', 'completed', 'cancelled'] as const;
export const TASK_PRIORITIES = ['low', 'medium', 'high'] as const;
export const DOCUMENT_TYPES = ['contract', 'agreement', 'proposal', 'invoice', 'report', 'other'] as const;
export const RESOURCE_TYPES = ['information', 'tool'] as const;
export const RESOURCE_STATUSES = ['active', 'live', 'pending', 'planned', 'beta', 'deprecated'] as const;
export const FLOW_TYPES = ['onboard', 'collect', 'inform'] as const;
export const FLOW_FIELD_TYPES = ['text', 'textarea', 'file', 'select', 'checkbox', 'date'] as const;
export const STAFF_ROLES = ['owner', 'admin', 'member'] as const;

/** The portal login page's text until the agency sets its own (the Business.loginText default in prisma/schema.prisma). */
export const DEFAULT_LOGIN_TEXT = 'Sign in to follow your projects, tasks and files.';

export const LIMITS = {
  slugMin: 3,
  slugMax: 30,
  businessNameMax: 100,
  loginTextMax: 200,
  logoMaxBytes: 5 * 1024 * 1024,
  passwordMin: 8,
  /** Page size of list screens; the server caps any request at pageSizeMax. */
  pageSize: 24,
  pageSizeMax: 100,
  dashboardProjects: 5,
  recentFiles: 5,
  /** Companies one client login opens (its own and ContactCompany rows), as in Assembly. */
  companiesPerContact: 30,
} as const;

export const SESSION = {
  /** Sliding expiry: a session lives 30 days and is renewed when less than 15 remain. */
  lifetimeMs: 30 * 24 * 60 * 60 * 1000,
  renewWithinMs: 15 * 24 * 60 * 60 * 1000,
  staffCookie: 'cf_session',
  portalCookie: 'cf_portal',
} as const;

export const LOGIN_THROTTLE = {
  maxFailures: 10,
  windowMs: 15 * 60 * 1000,
} as const;

/** Slugs that would collide with fixed routes such as /portal/login. */
export const RESERVED_SLUGS = [
  'login',
  'logout',
  'api',
  'hub',
  'portal',
  'admin',
  'www',
  'app',
  'assets',
  'static',
] as const;
