import { generateSessionToken, hashToken } from './tokens';

/** An invite link works once, for 7 days. */
const PORTAL_INVITE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** The unscoped client, the tenant-scoped one (ctx.db) or a transaction of either: only these calls are made. */
type PortalDb = {
  portalInvite: {
    deleteMany(args: { where: { businessId: number; contactId: number; usedAt: null } }): Promise<unknown>;
    create(args: {
      data: { businessId: number; contactId: number; tokenHash: string; expiresAt: Date };
    }): Promise<unknown>;
  };
  portalSession: { deleteMany(args: { where: { businessId: number; contactId: number } }): Promise<unknown> };
};

/**
 * A new one-time invite for a contact: the token goes into the link, only its SHA-256 is stored.
 * Earlier unused invites of the contact stop working, so only the newest link is ever valid.
 */
export async function createPortalInvite(db: PortalDb, businessId: number, contactId: number, now = new Date()) {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + PORTAL_INVITE_LIFETIME_MS);
  await db.portalInvite.deleteMany({ where: { businessId, contactId, usedAt: null } });
  await db.portalInvite.create({ data: { businessId, contactId, tokenHash: hashToken(token), expiresAt } });
  return { token, expiresAt };
}

export const portalInvitePath = (slug: string, token: string) =>
  `/portal/${encodeURIComponent(slug)}/invite/${encodeURIComponent(token)}`;

/**
 * Ends every portal session of a contact and voids their unused invites: access turned off, contact deleted or
 * moved to another company. Run it inside the same transaction as that change.
 */
export async function endPortalAccess(db: PortalDb, businessId: number, contactId: number) {
  await db.portalSession.deleteMany({ where: { businessId, contactId } });
  await db.portalInvite.deleteMany({ where: { businessId, contactId, usedAt: null } });
}

/**
 * Portal password resets share PortalInvite (a one-time link that lets a contact choose a password) without a schema
 * change: a reset's tokenHash carries this prefix, so an invite page never accepts a reset token nor the reverse, and
 * "Invited" (contacts.ts) counts only rows without it. A reset link works once, for 1 hour, like a staff reset.
 */
export const PORTAL_RESET_PREFIX = 'reset:';
const PORTAL_RESET_LIFETIME_MS = 60 * 60 * 1000;
export const portalResetHash = (token: string) => PORTAL_RESET_PREFIX + hashToken(token);

/** A new reset link for a contact; earlier unused ones keep working until one is used (as staff resets). */
export async function createPortalReset(db: PortalDb, businessId: number, contactId: number, now = new Date()) {
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + PORTAL_RESET_LIFETIME_MS);
  await db.portalInvite.create({ data: { businessId, contactId, tokenHash: portalResetHash(token), expiresAt } });
  return { token, expiresAt };
}

export const portalResetPath = (slug: string, token: string) =>
  `/portal/${encodeURIComponent(slug)}/reset-password/${encodeURIComponent(token)}`;
