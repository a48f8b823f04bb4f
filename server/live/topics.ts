/**
 * What a portal user may see of a live event, beyond the hub's own rule (their agency, audience 'all', their company
 * or the whole agency): one optional rule per topic, written by the area that publishes it (e.g. messages: never an
 * internal note). The rule runs in memory for each portal stream an event could reach, so it must not query.
 */
import { LIVE_TYPING_TOPIC } from '../../shared/live';

type ClientRule = (
  event: { topic: string; companyId: number | null; data: unknown },
  viewer: { companyId: number; contactId: number },
) => boolean;

const rules = new Map<string, ClientRule>();

/** @public (the areas that publish) Registers the client rule of a topic (once, when the area's module loads). */
export function defineLiveTopic(topic: string, rule: { clientVisible: ClientRule }) {
  if (rules.has(topic)) throw new Error(`The live topic "${topic}" is defined twice.`);
  rules.set(topic, rule.clientVisible);
}

export function visibleToClient(
  event: { topic: string; companyId: number | null; data: unknown },
  viewer: { kind: 'portal'; companyId: number; contactId: number },
): boolean {
  const rule = rules.get(event.topic);
  return rule ? rule(event, viewer) : true;
}

// A client never sees their own typing indicator come back.
defineLiveTopic(LIVE_TYPING_TOPIC, {
  clientVisible: (event, viewer) => (event.data as { contactId?: number } | null)?.contactId !== viewer.contactId,
});
