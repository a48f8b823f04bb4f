/**
 * The activity log: every write in the hub and every client action in the portal records who, what, when and the
 * changed fields (old → new), append-only, in the same transaction as the change (pass the transaction's client).
 * An entry that can notify someone also enqueues the fan-out job in that transaction (server/notifications), so a
 * rolled-back change leaves neither an entry nor a notification, and a committed one always gets both.
 */
import type { ActivityChange, ActorType } from '../shared/activity';
import { enqueueJob, type JobWriter } from './jobs/queue';
import { fansOut } from './notifications/events';
import type { Actor, ActivityEntry } from './activity-entry';

// Who acts and what an entry holds live in ./activity-entry.ts, which server/notifications reads without this module.
export { contactActor, staffActor, type Actor, type ActivityEntry } from './activity-entry';

/** What recordActivity needs of a Prisma client or transaction (tenant-scoped or not). */
export type ActivityWriter = JobWriter & {
  activity: { create(args: { data: ActivityCreateData; select: { id: true } }): PromiseLike<{ id: number }> };
};

type ActivityCreateData = {
  businessId: number;
  actorType: ActorType;
  actorUserId: number | null;
  actorContactId: number | null;
  actorName: string;
  entityType: string;
  entityId: number | null;
  entityName: string;
  companyId: number | null;
  action: string;
  changes: string;
  clientVisible: boolean;
};

/** Writes one entry (and its fan-out job when it can notify someone). Returns the entry's id. */
export async function recordActivity(
  db: ActivityWriter,
  businessId: number,
  actor: Actor,
  entry: ActivityEntry,
): Promise<number> {
  const { id } = await db.activity.create({
    data: {
      businessId,
      actorType: actor.type,
      actorUserId: actor.type === 'staff' ? actor.userId : null,
      actorContactId: actor.type === 'contact' ? actor.contactId : null,
      actorName: actor.name,
      entityType: entry.entityType,
      entityId: entry.entityId ?? null,
      entityName: entry.entityName ?? '',
      companyId: entry.companyId ?? null,
      action: entry.action,
      changes: JSON.stringify(entry.changes ?? []),
      clientVisible: entry.clientVisible ?? false,
    },
    select: { id: true },
  });
  if (fansOut(actor, entry)) {
    await enqueueJob(db, { businessId, kind: 'notify', payload: { activityId: id }, dedupeKey: `notify:${id}` });
  }
  return id;
}

/** The longest text value an entry keeps (descriptions, step content): longer ones end in "…". */
const MAX_SHOWN_TEXT = 300;

/** A text cut to MAX_SHOWN_TEXT characters with "…". */
const clipText = (text: string) => (text.length > MAX_SHOWN_TEXT ? `${text.slice(0, MAX_SHOWN_TEXT - 1)}…` : text);

/** A value as the log shows it: dates as ISO text (a day when at midnight UTC), undefined as null, long text clipped. */
function shown(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'string') return clipText(value);
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
  }
  return value;
}

const comparable = (value: unknown) =>
  value === undefined ? null : value instanceof Date ? value.toISOString() : value;

/**
 * The fields that differ between before and after, old → new. `fields` lists what to compare; a field missing
 * from `after` did not change (a partial update).
 */
export function changesOf<T extends Record<string, unknown>>(
  before: T | null,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
): ActivityChange[] {
  const changes: ActivityChange[] = [];
  for (const field of fields) {
    if (!(field in after)) continue;
    const from = before?.[field];
    const to = after[field];
    // Compared in full (two long texts may differ past the clipped part), shown clipped.
    if (JSON.stringify(comparable(from)) !== JSON.stringify(comparable(to)))
      changes.push({ field, from: shown(from), to: shown(to) });
  }
  return changes;
}
