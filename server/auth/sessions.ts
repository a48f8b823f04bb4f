import { SESSION } from '../../shared/constants';
import type { Database, Db } from '../db';
import { raw, sql, toDate, toInt, toDateOrNull } from '../sql';
import { generateSessionToken, hashToken } from './tokens';

export type StaffSession = {
  /** The session row's id (its token's hash); '' for an API token, which is no session. */
  sessionId: string;
  /** Set when the request came with a personal API token (server/auth/api-tokens.ts) instead of a session. */
  apiTokenId: number | null;
  expiresAt: Date;
  renewed: boolean;
  user: { id: number; email: string; firstName: string; lastName: string; role: string; businessId: number };
  business: { id: number; name: string; slug: string };
  /** The agency requires two-factor sign-in and this user has not set it up: only the set-up is allowed (server/trpc.ts). */
  twoFactorSetupNeeded: boolean;
};

/** The SQL column both staff look-ups (session, API token) read: required by the agency and not on for the user. */
export const TWO_FACTOR_SETUP_NEEDED_SQL = `CASE WHEN b."requireTwoFactor" AND u."totpEnabledAt" IS NULL THEN 1 ELSE 0 END AS "twoFactorSetupNeeded"`;
/** SQLite answers 1, PostgreSQL 1 (an int either way; Number() also covers a bigint or a string). */
export const isSetupNeeded = (value: unknown) => Number(value) === 1;

export type PortalSessionInfo = {
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
  businessId: number;
  /**
   * companyId: the company the session works in (the contact's own or one of their ContactCompany rows), resolved and
   * checked on every request; 0 while the contact still has to choose one (no row has id 0, so nothing is ever read).
   */
  contact: { id: number; email: string; firstName: string; lastName: string; companyId: number };
  business: { id: number; name: string; slug: string };
  /** The contact has several live companies and has not chosen one yet: only the choice is allowed (server/trpc.ts). */
  needsCompany: boolean;
  /** How many live companies the contact may sign in to (their own and ContactCompany rows, none archived). */
  companyCount: number;
  /**
   * A staff user's read-only look at the portal as this contact ("Preview as this contact", server/domain/portal-preview):
   * who previews; null for the contact's own session. server/trpc.ts refuses every portal write to it.
   */
  preview: { userId: number; staffName: string } | null;
};

/** A preview session's absolute lifetime: it never slides, whatever PORTAL_SESSION_MAX_AGE_DAYS says. */
export const PORTAL_PREVIEW_LIFETIME_MS = 60 * 60 * 1000;

const DAY_MS = 24 * 60 * 60 * 1000;
/** The absolute lifetime when none is given (SESSION_MAX_AGE_DAYS and PORTAL_SESSION_MAX_AGE_DAYS default to it too). */
const DEFAULT_SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** A setting in days (decimals allowed) as milliseconds. */
export const daysToMs = (days: number) => Math.round(days * DAY_MS);

/**
 * How a staff session began, for the user's list of sessions (Account → Security): the client's address, its
 * User-Agent (cut to USER_AGENT_MAX_LENGTH: a header is any length) and the sign-in method (password, two_factor;
 * single sign-on adds sso and break_glass).
 */
export type SessionOrigin = { ip: string; userAgent: string; method: string };
export const USER_AGENT_MAX_LENGTH = 400;
/** A session's lastSeenAt is written at most this often, not on every request. */
const LAST_SEEN_EVERY_MS = 60_000;

/** The origin of a session started by this request (a tRPC context or anything holding the request). */
export function originOf(
  scope: { ip: string; req?: { headers: Record<string, string | string[] | undefined> } },
  method: string,
): SessionOrigin {
  const agent = scope.req?.headers['user-agent'];
  return {
    // An IPv4 client as IPv4 ("::ffff:203.0.113.7" is how a dual-stack socket reports it).
    ip: scope.ip.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1').slice(0, 64),
    userAgent: (Array.isArray(agent) ? agent[0] : (agent ?? '')).slice(0, USER_AGENT_MAX_LENGTH),
    method,
  };
}

/**
 * The absolute lifetime of an agency's sessions: the owner's choice (Business.sessionLifetimeDays, Account →
 * Security) when set, else the server's setting. Read with the session on every request, so a shorter lifetime also
 * ends sessions already older than it.
 */
const lifetimeOf = (businessDays: unknown, serverMaxAgeMs: number) =>
  businessDays === null || businessDays === undefined ? serverMaxAgeMs : daysToMs(Number(businessDays));

/** A fresh token, the id it is stored under (its hash), its start and its expiry. */
function newSession() {
  const token = generateSessionToken();
  const createdAt = new Date();
  return { token, id: hashToken(token), createdAt, expiresAt: new Date(createdAt.getTime() + SESSION.lifetimeMs) };
}

/**
 * A session's expiry at this request, or null when it has ended. Two limits: Lucia's sliding window (with less than
 * 15 of its 30 days left, a session gets a fresh 30 days) and the absolute lifetime counted from sign-in (maxAgeMs),
 * past which sign-in is asked again whatever the activity. The expiry never slides past that limit, so the cookie
 * ends with it too. renewed: the expiry changed (to be stored and sent in a fresh cookie).
 */
function sessionExpiry(
  expiresAt: Date,
  createdAt: Date,
  maxAgeMs: number,
  now = Date.now(),
): { expiresAt: Date; renewed: boolean } | null {
  const limit = createdAt.getTime() + maxAgeMs;
  // Not a number (an unreadable start) counts as ended.
  if (!(expiresAt.getTime() > now && limit > now)) return null;
  const slid = expiresAt.getTime() - now < SESSION.renewWithinMs ? now + SESSION.lifetimeMs : expiresAt.getTime();
  const next = Math.min(slid, limit);
  return next === expiresAt.getTime() ? { expiresAt, renewed: false } : { expiresAt: new Date(next), renewed: true };
}

/** How a staff session was made (Session.method): the active-sessions list shows it. */
export type StaffSignInMethod = 'password' | 'two_factor' | 'sso' | 'break_glass';

/**
 * db: the client or a transaction's client (a reset's new session is written with the password). origin: where the
 * sign-in came from (none for sessions made outside a request, such as tests'); lastSeenAt starts at sign-in.
 */
export async function createStaffSession(db: Pick<Db, 'session'>, userId: number, origin?: SessionOrigin) {
  const { token, id, createdAt, expiresAt } = newSession();
  await db.session.create({ data: { id, userId, createdAt, expiresAt, lastSeenAt: createdAt, ...origin } });
  return { token, expiresAt };
}

/**
 * The one statement that reads a staff session (by the token's hash) with its user and agency: on every request.
 * Exported for the bench's floor (scripts/bench/baseline.ts), which authenticates with the app's own statements.
 */
export const staffSessionStatement = (id: string) => sql`
  SELECT s."expiresAt", s."createdAt", s."lastSeenAt", u."id", u."email", u."firstName", u."lastName", u."role",
         u."businessId", b."name" AS "businessName", b."slug" AS "businessSlug",
         b."sessionLifetimeDays", ${raw(TWO_FACTOR_SETUP_NEEDED_SQL)}
  FROM "Session" s JOIN "User" u ON u."id" = s."userId" JOIN "Business" b ON b."id" = u."businessId"
  WHERE s."id" = ${id}`;

/**
 * Looks the token's hash up; deletes it when expired or older than maxAgeMs (SESSION_MAX_AGE_DAYS); extends it when
 * less than half its life remains (never past that age).
 */
export async function validateStaffSession(
  database: Database,
  token: string,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
): Promise<StaffSession | null> {
  const id = hashToken(token);
  // One indexed statement for session + user + business: this runs on every request.
  const row = await database.sql.get<Record<string, unknown>>(staffSessionStatement(id));
  if (!row) return null;
  const now = Date.now();
  const expiry = sessionExpiry(
    toDate(row.expiresAt),
    toDate(row.createdAt),
    lifetimeOf(row.sessionLifetimeDays, maxAgeMs),
    now,
  );
  if (!expiry) {
    await database.db.session.deleteMany({ where: { id } });
    return null;
  }
  // "Last active" in the list of sessions: written at most once a minute (with a renewal when there is one).
  const lastSeenAt = toDateOrNull(row.lastSeenAt);
  const touch = !lastSeenAt || !(now - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS);
  if (expiry.renewed || touch)
    await database.db.session.updateMany({
      where: { id },
      data: {
        ...(expiry.renewed ? { expiresAt: expiry.expiresAt } : {}),
        ...(touch ? { lastSeenAt: new Date(now) } : {}),
      },
    });
  const businessId = toInt(row.businessId);
  return {
    sessionId: id,
    apiTokenId: null,
    ...expiry,
    user: {
      id: toInt(row.id),
      email: String(row.email),
      firstName: String(row.firstName),
      lastName: String(row.lastName),
      role: String(row.role),
      businessId,
    },
    business: { id: businessId, name: String(row.businessName), slug: String(row.businessSlug) },
    twoFactorSetupNeeded: isSetupNeeded(row.twoFactorSetupNeeded),
  };
}

export async function invalidateStaffSession(db: Db, sessionId: string) {
  await db.session.deleteMany({ where: { id: sessionId } });
}

/** PortalSession.companyId of a session whose contact has several companies and must choose one first. */
const COMPANY_UNCHOSEN = 0;

/** The live companies a contact may sign in to: their own and their ContactCompany rows, none archived; by name. */
export async function portalCompaniesOf(
  db: Pick<Db, 'company'>,
  businessId: number,
  contactId: number,
): Promise<{ id: number; name: string }[]> {
  return db.company.findMany({
    where: {
      businessId,
      archivedAt: null,
      OR: [{ contacts: { some: { id: contactId } } }, { otherContacts: { some: { contactId } } }],
    },
    select: { id: true, name: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });
}

/**
 * A new portal session. Every way in (password, invite, reset, magic link, SSO, a staff preview) ends here, so this
 * is where the company is chosen: `companyId` when given (a preview of one company, a link that names one: checked by
 * the caller), else the only live company, else none yet (COMPANY_UNCHOSEN: the portal asks "Choose a company").
 * previewUserId: a staff user's preview of the portal as this contact, which lasts PORTAL_PREVIEW_LIFETIME_MS.
 */
export async function createPortalSession(
  db: Pick<Db, 'portalSession' | 'company'>,
  businessId: number,
  contactId: number,
  previewUserId: number | null = null,
  companyId: number | null = null,
) {
  const session = newSession();
  const { token, id, createdAt } = session;
  const expiresAt =
    previewUserId === null ? session.expiresAt : new Date(createdAt.getTime() + PORTAL_PREVIEW_LIFETIME_MS);
  let chosen = companyId;
  if (chosen === null) {
    const companies = await portalCompaniesOf(db, businessId, contactId);
    chosen = companies.length === 1 ? companies[0].id : COMPANY_UNCHOSEN;
  }
  await db.portalSession.create({
    data: { id, businessId, contactId, createdAt, expiresAt, previewUserId, companyId: chosen },
  });
  return { token, expiresAt };
}

/** The live companies of the session's contact, as SQL over the aliases p (PortalSession) and c (Contact). */
// Both are driven by the contact's own company and their ContactCompany rows (primary keys), never by the agency's
// companies: their cost does not grow with how many companies the agency has. The contact's live other companies:
const LIVE_OTHER_COMPANIES = `FROM "ContactCompany" m
  JOIN "Company" mk ON mk."businessId" = m."businessId" AND mk."id" = m."companyId"
  WHERE m."contactId" = c."id" AND mk."archivedAt" IS NULL`;
// A company k that is one of the contact's, live:
const LIVE_COMPANY_OF_CONTACT = `k."businessId" = p."businessId" AND k."archivedAt" IS NULL AND k."id" IN (
  SELECT c."companyId" UNION ALL SELECT m."companyId" FROM "ContactCompany" m WHERE m."contactId" = c."id")`;

/**
 * The one statement that reads a portal session (by the token's hash) with its contact, agency, company and preview.
 * firstCompanyId is read only when the session's company is gone (activeCompanyId null): not looked up otherwise.
 */
export const portalSessionStatement = (id: string) => sql`
  SELECT p."expiresAt", p."createdAt", p."businessId", c."id", c."email", c."firstName", c."lastName", c."companyId", c."portalAccess",
         b."name" AS "businessName", b."slug" AS "businessSlug", b."sessionLifetimeDays",
         p."companyId" AS "chosenCompanyId", k."id" AS "activeCompanyId",
         (CASE WHEN o."id" IS NULL THEN 0 ELSE 1 END) + (SELECT COUNT(*) ${raw(LIVE_OTHER_COMPANIES)}) AS "companyCount",
         CASE WHEN k."id" IS NULL THEN COALESCE(o."id", (SELECT MIN(m."companyId") ${raw(LIVE_OTHER_COMPANIES)})) END AS "firstCompanyId",
         p."previewUserId", u."id" AS "previewerId", u."firstName" AS "previewerFirstName", u."lastName" AS "previewerLastName"
  FROM "PortalSession" p
  JOIN "Contact" c ON c."businessId" = p."businessId" AND c."id" = p."contactId"
  JOIN "Business" b ON b."id" = p."businessId"
  LEFT JOIN "Company" o ON o."businessId" = p."businessId" AND o."id" = c."companyId" AND o."archivedAt" IS NULL
  LEFT JOIN "Company" k ON k."id" = COALESCE(p."companyId", c."companyId") AND ${raw(LIVE_COMPANY_OF_CONTACT)}
  LEFT JOIN "User" u ON u."id" = p."previewUserId" AND u."businessId" = p."businessId"
  WHERE p."id" = ${id}`;

/**
 * The same for a portal session, whose absolute lifetime is PORTAL_SESSION_MAX_AGE_DAYS. It also ends when the contact
 * loses portal access or has no company (a portal user always belongs to a company: every portal query is scoped by it),
 * or when the agency archives it and the contact has no other live company.
 * The session's company (PortalSession.companyId; null: the contact's own) is resolved in the same statement, with the
 * contact's membership and the company's archive state: a removed membership or an archived company ends access to it
 * at once. The session then moves to the only live company left, or asks the contact to choose (needsCompany).
 * A preview lasts PORTAL_PREVIEW_LIFETIME_MS from its start and never slides; it ends with its staff user too.
 */
export async function validatePortalSession(
  database: Database,
  token: string,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
): Promise<PortalSessionInfo | null> {
  const id = hashToken(token);
  const row = await database.sql.get<Record<string, unknown>>(portalSessionStatement(id));
  if (!row) return null;
  const isPreview = row.previewUserId != null;
  const lifetimeMs = lifetimeOf(row.sessionLifetimeDays, maxAgeMs);
  const expiry = sessionExpiry(
    toDate(row.expiresAt),
    toDate(row.createdAt),
    isPreview ? Math.min(lifetimeMs, PORTAL_PREVIEW_LIFETIME_MS) : lifetimeMs,
  );
  // A preview whose staff user is gone (removed from the team) ends with them. firstCompanyId is the live company
  // when there is only one (the own company if live, else the one other).
  const companyCount = toInt(row.companyCount);
  if (
    !expiry ||
    !row.portalAccess ||
    row.companyId === null ||
    companyCount === 0 ||
    (isPreview && row.previewerId == null)
  ) {
    await database.db.portalSession.deleteMany({ where: { id } });
    return null;
  }
  let companyId = row.activeCompanyId == null ? COMPANY_UNCHOSEN : toInt(row.activeCompanyId);
  // The chosen company is gone (membership removed, company archived): the only one left, else ask again.
  const fallback = companyId === COMPANY_UNCHOSEN && companyCount === 1 ? toInt(row.firstCompanyId) : COMPANY_UNCHOSEN;
  const moved =
    companyId === COMPANY_UNCHOSEN && (row.chosenCompanyId === null || toInt(row.chosenCompanyId) !== fallback);
  if (companyId === COMPANY_UNCHOSEN) companyId = fallback;
  if (expiry.renewed || moved)
    await database.db.portalSession.update({
      where: { id },
      data: { expiresAt: expiry.expiresAt, ...(moved ? { companyId } : {}) },
    });
  const businessId = toInt(row.businessId);
  return {
    sessionId: id,
    ...expiry,
    businessId,
    contact: {
      id: toInt(row.id),
      email: String(row.email),
      firstName: String(row.firstName),
      lastName: String(row.lastName),
      companyId,
    },
    business: { id: businessId, name: String(row.businessName), slug: String(row.businessSlug) },
    needsCompany: companyId === COMPANY_UNCHOSEN,
    companyCount,
    preview: isPreview
      ? {
          userId: toInt(row.previewerId),
          staffName: `${String(row.previewerFirstName ?? '')} ${String(row.previewerLastName ?? '')}`.trim(),
        }
      : null,
  };
}

export async function invalidatePortalSession(db: Db, sessionId: string) {
  await db.portalSession.deleteMany({ where: { id: sessionId } });
}
