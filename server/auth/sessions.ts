import { SESSION } from '../../shared/constants';
import type { Database, Db } from '../db';
import { raw, sql, toDate, toInt } from '../sql';
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
  contact: { id: number; email: string; firstName: string; lastName: string; companyId: number };
  business: { id: number; name: string; slug: string };
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
export type StaffSignInMethod = 'password' | 'sso' | 'break_glass';

/** db: the client or a transaction's client (a reset's new session is written with the password). */
export async function createStaffSession(
  db: Pick<Db, 'session'>,
  userId: number,
  method: StaffSignInMethod = 'password',
) {
  const { token, id, createdAt, expiresAt } = newSession();
  await db.session.create({ data: { id, userId, createdAt, expiresAt, method } });
  return { token, expiresAt };
}

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
  const row = await database.sql.get<Record<string, unknown>>(sql`
    SELECT s."expiresAt", s."createdAt", u."id", u."email", u."firstName", u."lastName", u."role", u."businessId",
           b."name" AS "businessName", b."slug" AS "businessSlug", ${raw(TWO_FACTOR_SETUP_NEEDED_SQL)}
    FROM "Session" s JOIN "User" u ON u."id" = s."userId" JOIN "Business" b ON b."id" = u."businessId"
    WHERE s."id" = ${id}`);
  if (!row) return null;
  const expiry = sessionExpiry(toDate(row.expiresAt), toDate(row.createdAt), maxAgeMs);
  if (!expiry) {
    await database.db.session.deleteMany({ where: { id } });
    return null;
  }
  if (expiry.renewed) await database.db.session.update({ where: { id }, data: { expiresAt: expiry.expiresAt } });
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

/** previewUserId: a staff user's preview of the portal as this contact, which lasts PORTAL_PREVIEW_LIFETIME_MS. */
export async function createPortalSession(
  db: Pick<Db, 'portalSession'>,
  businessId: number,
  contactId: number,
  previewUserId: number | null = null,
) {
  const session = newSession();
  const { token, id, createdAt } = session;
  const expiresAt =
    previewUserId === null ? session.expiresAt : new Date(createdAt.getTime() + PORTAL_PREVIEW_LIFETIME_MS);
  await db.portalSession.create({ data: { id, businessId, contactId, createdAt, expiresAt, previewUserId } });
  return { token, expiresAt };
}

/**
 * The same for a portal session, whose absolute lifetime is PORTAL_SESSION_MAX_AGE_DAYS. It also ends when the contact
 * loses portal access or has no company (a portal user always belongs to a company: every portal query is scoped by it),
 * or when the agency archives that company.
 * A preview lasts PORTAL_PREVIEW_LIFETIME_MS from its start and never slides; it ends with its staff user too.
 */
export async function validatePortalSession(
  database: Database,
  token: string,
  maxAgeMs = DEFAULT_SESSION_MAX_AGE_MS,
): Promise<PortalSessionInfo | null> {
  const id = hashToken(token);
  const row = await database.sql.get<Record<string, unknown>>(sql`
    SELECT p."expiresAt", p."createdAt", p."businessId", c."id", c."email", c."firstName", c."lastName", c."companyId", c."portalAccess",
           b."name" AS "businessName", b."slug" AS "businessSlug", co."archivedAt" AS "companyArchivedAt",
           p."previewUserId", u."id" AS "previewerId", u."firstName" AS "previewerFirstName", u."lastName" AS "previewerLastName"
    FROM "PortalSession" p
    JOIN "Contact" c ON c."businessId" = p."businessId" AND c."id" = p."contactId"
    JOIN "Business" b ON b."id" = p."businessId"
    LEFT JOIN "Company" co ON co."businessId" = p."businessId" AND co."id" = c."companyId"
    LEFT JOIN "User" u ON u."id" = p."previewUserId" AND u."businessId" = p."businessId"
    WHERE p."id" = ${id}`);
  if (!row) return null;
  const isPreview = row.previewUserId != null;
  const expiry = sessionExpiry(
    toDate(row.expiresAt),
    toDate(row.createdAt),
    isPreview ? Math.min(maxAgeMs, PORTAL_PREVIEW_LIFETIME_MS) : maxAgeMs,
  );
  // A preview whose staff user is gone (removed from the team) ends with them.
  if (
    !expiry ||
    !row.portalAccess ||
    row.companyId === null ||
    row.companyArchivedAt != null ||
    (isPreview && row.previewerId == null)
  ) {
    await database.db.portalSession.deleteMany({ where: { id } });
    return null;
  }
  if (expiry.renewed) await database.db.portalSession.update({ where: { id }, data: { expiresAt: expiry.expiresAt } });
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
      companyId: toInt(row.companyId),
    },
    business: { id: businessId, name: String(row.businessName), slug: String(row.businessSlug) },
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
