/**
 * Live updates as the procedures offer them: a staff stream (every event of the agency), a portal stream (the events
 * its company's clients may see: server/live/hub.ts visibleTo) and the typing indicator. Areas publish with
 * liveHub(database).publish() after their change is committed (server/live/hub.ts).
 */
import { tracked, TRPCError } from '@trpc/server';
import { LIVE, LIVE_TYPING_TOPIC } from '../../../shared/live';
import { M } from '../../../shared/messages';
import { liveHub, LiveRefused, type LiveViewer } from '../../live/hub';
import type { PortalScope, StaffScope } from '../context';

type StreamOptions = {
  lastEventId: string | null | undefined;
  signal: AbortSignal | undefined;
  /** The session read again: false once it has ended or no longer gives this viewer what it gave. */
  recheck: () => Promise<boolean>;
};

async function* stream(scope: StaffScope | PortalScope, viewer: LiveViewer, options: StreamOptions) {
  const signal = options.signal ?? new AbortController().signal;
  const hub = liveHub(scope.app.database);
  try {
    for await (const message of hub.subscribe(viewer, {
      lastEventId: options.lastEventId ? Number(options.lastEventId) : null,
      signal,
      recheck: options.recheck,
    })) {
      // Stored events carry their id (SSE `id:`), which the window sends back when it reconnects.
      yield message.id === null ? message : tracked(String(message.id), message);
    }
  } catch (error) {
    if (error instanceof LiveRefused) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.live.ended });
    throw error;
  }
}

/** Every event of the staff member's agency. */
export function staffLiveEvents(scope: StaffScope, options: StreamOptions) {
  return stream(scope, { kind: 'staff', businessId: scope.businessId, userId: scope.user.id }, options);
}

/** The events the portal user's company may see; ends as soon as the session ends or moves to another company. */
export function portalLiveEvents(scope: PortalScope, options: StreamOptions) {
  return stream(
    scope,
    { kind: 'portal', businessId: scope.businessId, companyId: scope.companyId, contactId: scope.contactId },
    options,
  );
}

/** The last typing indicator per person and conversation (bounded: cleared when it grows past this). */
const lastTyping = new Map<string, number>();
const TYPING_KEYS_MAX = 10_000;

function throttled(key: string, now = Date.now()): boolean {
  const last = lastTyping.get(key);
  if (last !== undefined && now - last < LIVE.typingEveryMs) return true;
  if (lastTyping.size >= TYPING_KEYS_MAX) lastTyping.clear();
  lastTyping.set(key, now);
  return false;
}

export type TypingInput = { channel: string; companyId?: number | null };

/**
 * A staff member is typing in a conversation: shown to staff, and to the portal users of companyId when given (a
 * company of the agency, else NOT_FOUND). Never stored; at most one per person and conversation a second (more are
 * dropped: sent false).
 */
export async function staffTyping(scope: StaffScope, input: TypingInput): Promise<{ sent: boolean }> {
  const companyId = input.companyId ?? null;
  if (companyId !== null) {
    const company = await scope.db.company.findFirst({ where: { id: companyId }, select: { id: true } });
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
  }
  if (throttled(`${scope.businessId}:u${scope.user.id}:${input.channel}`)) return { sent: false };
  await liveHub(scope.app.database).signal({
    businessId: scope.businessId,
    companyId,
    audience: companyId === null ? 'staff' : 'all',
    topic: LIVE_TYPING_TOPIC,
    data: {
      channel: input.channel,
      userId: scope.user.id,
      name: `${scope.user.firstName} ${scope.user.lastName}`.trim(),
    },
  });
  return { sent: true };
}

/** A client is typing in a conversation of their company: shown to staff and to the company's other portal users. */
export async function portalTyping(scope: PortalScope, input: { channel: string }): Promise<{ sent: boolean }> {
  if (throttled(`${scope.businessId}:c${scope.contactId}:${input.channel}`)) return { sent: false };
  const { firstName, lastName } = scope.portalSession.contact;
  await liveHub(scope.app.database).signal({
    businessId: scope.businessId,
    companyId: scope.companyId,
    audience: 'all',
    topic: LIVE_TYPING_TOPIC,
    data: { channel: input.channel, contactId: scope.contactId, name: `${firstName} ${lastName}`.trim() },
  });
  return { sent: true };
}
