/**
 * Which activity entries can notify someone: a cheap test made when the entry is written, so only those enqueue a
 * fan-out job. The fan-out (./fanout.ts) decides the recipients. Clients are e-mailed only about the client events
 * that mail (server/portal/client-events.ts: a file shared, a flow published), never about creating or uploading an
 * internal record; the fan-out then checks that the record is still one they may see.
 */
import type { Actor, ActivityEntry } from '../activity-entry';
import { clientMailOf } from '../portal/client-events';

/** The entry as a client event sees it (the actor's kind, what changed, whether it was shared then). */
const clientFacts = (actor: Actor, entry: ActivityEntry) => ({
  actorType: actor.type,
  entityType: entry.entityType,
  action: entry.action,
  changes: entry.changes ?? [],
  clientVisible: entry.clientVisible ?? false,
});

export function fansOut(actor: Actor, entry: ActivityEntry): boolean {
  const changed = (field: string) => entry.changes?.some((c) => c.field === field) ?? false;
  switch (entry.entityType) {
    case 'task':
      return (entry.action === 'created' || entry.action === 'updated') && (changed('assignee') || changed('status'));
    case 'flow':
      if (entry.action === 'flow_submitted') return actor.type === 'contact';
      // Published (or, published, given to another company): the contacts who now see it are asked to complete it.
      return clientMailOf(clientFacts(actor, entry)) !== null;
    case 'file':
      if (actor.type === 'contact')
        return ['downloaded', 'uploaded', 'approved', 'changes_requested', 'commented'].includes(entry.action);
      // A file shared with a client company (when written, or switched on later, or moved to it while shared).
      return entry.companyId != null && clientMailOf(clientFacts(actor, entry)) !== null;
    case 'contact':
      // A client admin's request to invite a colleague waits for staff (issue 32).
      return entry.action === 'invite_accepted' || (entry.action === 'colleague_requested' && actor.type === 'contact');
    case 'team':
      return entry.action === 'invite_accepted';
    case 'message':
      // A client's message rings the bell of the staff it concerns (internal notes are staff's own: never 'posted' by a contact).
      return actor.type === 'contact' && entry.action === 'posted';
    default:
      return false;
  }
}
