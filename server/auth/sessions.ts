import { SESSION } from '../../shared/constants';
import type { Db } from '../db';
import { generateSessionToken, hashToken } from './tokens';

export type StaffSession = {
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
  user: { id: number; email: string; firstName: string; lastName: string; role: string; businessId: number };
  business: { id: number; name: string; slug: string };
};

export type PortalSessionInfo = {
  sessionId: string;
  expiresAt: Date;
  renewed: boolean;
  businessId: number;
  contact: { id: number; email: string; firstName: string; lastName: string; companyId: number | null };
  business: { id: number; name: string; slug: string };
};

const newExpiry = () => new Date(Date.now() + SESSION.lifetimeMs);

/** A fresh token, the id it is stored under (its hash) and its expiry. */
function newSession() {
  const token = generateSessionToken();
  return { token, id: hashToken(token), expiresAt: newExpiry() };
}

/** Lucia's sliding window: with less than 15 of its 30 days left, a session gets a fresh 30 days. */
function slidExpiry(expiresAt: Date): Date | null {
  return expiresAt.getTime() - Date.now() < SESSION.renewWithinMs ? newExpiry() : null;
}

export async function createStaffSession(db: Db, userId: number) {
  const { token, id, expiresAt } = newSession();
  await db.session.create({ data: { id, userId, expiresAt } });
  return { token, expiresAt };
}

/** Looks the token's hash up; deletes it when expired; extends it when less than half its life remains. */
export async function validateStaffSession(db: Db, token: string): Promise<StaffSession | null> {
  const id = hashToken(token);
  const row = await db.session.findUnique({
    where: { id },
    include: {
      user: {
        select: {
          id: true,
          email: true,
          firstName: true,
          lastName: true,
          role: true,
          businessId: true,
          business: { select: { id: true, name: true, slug: true } },
        },
      },
    },
  });
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now()) {
    await db.session.deleteMany({ where: { id } });
    return null;
  }
  const slid = slidExpiry(row.expiresAt);
  if (slid) await db.session.update({ where: { id }, data: { expiresAt: slid } });
  const { business, ...user } = row.user;
  return { sessionId: id, expiresAt: slid ?? row.expiresAt, renewed: !!slid, user, business };
}

export async function invalidateStaffSession(db: Db, sessionId: string) {
  await db.session.deleteMany({ where: { id: sessionId } });
}

export async function createPortalSession(db: Db, businessId: number, contactId: number) {
  const { token, id, expiresAt } = newSession();
  await db.portalSession.create({ data: { id, businessId, contactId, expiresAt } });
  return { token, expiresAt };
}

/** A portal session also ends when the contact loses portal access. */
export async function validatePortalSession(db: Db, token: string): Promise<PortalSessionInfo | null> {
  const id = hashToken(token);
  const row = await db.portalSession.findUnique({
    where: { id },
    include: {
      contact: { select: { id: true, email: true, firstName: true, lastName: true, companyId: true, portalAccess: true } },
      business: { select: { id: true, name: true, slug: true } },
    },
  });
  if (!row) return null;
  if (row.expiresAt.getTime() <= Date.now() || !row.contact.portalAccess) {
    await db.portalSession.deleteMany({ where: { id } });
    return null;
  }
  const slid = slidExpiry(row.expiresAt);
  if (slid) await db.portalSession.update({ where: { id }, data: { expiresAt: slid } });
  const { portalAccess: _, ...contact } = row.contact;
  return { sessionId: id, expiresAt: slid ?? row.expiresAt, renewed: !!slid, businessId: row.businessId, contact, business: row.business };
}

export async function invalidatePortalSession(db: Db, sessionId: string) {
  await db.portalSession.deleteMany({ where: { id: sessionId } });
}
