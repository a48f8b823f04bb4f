/**
 * What an activity entry is made of: who acted and what the entry says. Its own module so that the writer
 * (server/activity.ts) and the fan-out test (server/notifications/events.ts) both read it without importing each other.
 */
import type { ActivityAction, ActivityChange, ActivityEntityType } from '../shared/activity';

export type Actor =
  | { type: 'staff'; userId: number; name: string }
  | { type: 'contact'; contactId: number; name: string }
  | { type: 'system'; name: string };

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** The signed-in staff user (ctx.user of a staff procedure). */
export const staffActor = (user: { id: number; firstName: string; lastName: string }): Actor => ({
  type: 'staff',
  userId: user.id,
  name: fullName(user),
});

/** The signed-in portal contact (ctx.portalSession.contact of a portal procedure). */
export const contactActor = (contact: { id: number; firstName: string; lastName: string }): Actor => ({
  type: 'contact',
  contactId: contact.id,
  name: fullName(contact),
});

export type ActivityEntry = {
  entityType: ActivityEntityType;
  entityId?: number | null;
  /** What the record was called at the time (the log outlives the record). */
  entityName?: string;
  /** The client company the entry concerns (its Activity tab and, when clientVisible, its portal). */
  companyId?: number | null;
  action: ActivityAction;
  changes?: ActivityChange[];
  /** Shown to the company's contacts in the portal: what the agency shared with them, and what they did themselves. */
  clientVisible?: boolean;
};
