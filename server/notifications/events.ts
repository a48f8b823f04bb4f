/**
 * Which activity entries can notify someone: a cheap test made when the entry is written, so only those enqueue a
 * fan-out job. The fan-out (./fanout.ts) decides the recipients.
 */
import type { Actor, ActivityEntry } from '../activity';

export function fansOut(actor: Actor, entry: ActivityEntry): boolean {
  const changed = (field: string) => entry.changes?.some((c) => c.field === field) ?? false;
  switch (entry.entityType) {
    case 'task':
      return (entry.action === 'created' || entry.action === 'updated') && (changed('assignee') || changed('status'));
    case 'flow':
      if (entry.action === 'flow_submitted') return actor.type === 'contact';
      // A flow given to a client company (new, or moved to it, or switched on): its contacts get an e-mail.
      return actor.type === 'staff' && entry.companyId != null && (entry.action === 'created' || changed('company') || changed('isActive'));
    case 'file':
      if (actor.type === 'contact') return entry.action === 'downloaded' || entry.action === 'uploaded';
      // A file shared with a client company: its contacts get an e-mail.
      return entry.companyId != null && (entry.action === 'created' || entry.action === 'uploaded' || changed('visibleInPortal') || changed('company'));
    case 'contact':
      return entry.action === 'invite_accepted';
    case 'team':
      return entry.action === 'invite_accepted';
    default:
      return false;
  }
}
