import { MESSAGES_LIVE_TOPIC } from '../../../shared/live';
import type { Database } from '../../db';
import { liveHub } from '../../live/hub';
import { defineLiveTopic } from '../../live/topics';
import { log } from '../../log';

/**
 * What a message write changed, handed to `announce` once it has committed: the one place it is published to the
 * open hub and portal windows (server/live), and where in-process listeners hear of it. `internal`
 * says whether a client may ever hear of it: an internal note's change must reach staff connections only.
 */
export type MessageChange =
  | { type: 'thread.created'; businessId: number; threadId: number; companyId: number; internal: false }
  | {
      type: 'message.posted' | 'message.edited' | 'message.deleted';
      businessId: number;
      threadId: number;
      companyId: number;
      messageId: number;
      internal: boolean;
    }
  | {
      type: 'thread.read';
      businessId: number;
      threadId: number;
      companyId: number;
      reader: { kind: 'staff' | 'contact'; id: number };
      lastReadMessageId: number;
      internal: false;
    }
  | { type: 'thread.assigned'; businessId: number; threadId: number; companyId: number; internal: true };

type Listener = (change: MessageChange) => void;
const listeners = new Set<Listener>();

/** What announce needs of the app: its database, whose live hub carries the change to open windows. */
export type Announcer = { database: Database };

// Belt and braces: an internal change is published to staff windows only; were one ever published to 'all', a portal
// window still drops it.
defineLiveTopic(MESSAGES_LIVE_TOPIC, {
  clientVisible: (event) => (event.data as { internal?: boolean } | null)?.internal !== true,
});

/** Subscribes to committed message changes (tests, the e-mail bridge); returns the unsubscribe. */
export function onMessageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by every message write after its transaction committed: publishes it to the open hub windows (and, unless
 * it is internal, to the company's portal windows) as ids only, and tells in-process listeners. A failure here never
 * fails the write: the windows catch up on their next read.
 */
export function announce(app: Announcer, change: MessageChange): void {
  const { type, businessId, companyId, threadId, internal } = change;
  const data: Record<string, unknown> = { type, threadId, internal };
  if ('messageId' in change) data.messageId = change.messageId;
  if (change.type === 'thread.read') {
    data.reader = change.reader;
    data.lastReadMessageId = change.lastReadMessageId;
  }
  liveHub(app.database)
    .publish({ businessId, companyId, audience: internal ? 'staff' : 'all', topic: MESSAGES_LIVE_TOPIC, data })
    .catch((error: unknown) => log.warn({ err: error, type, threadId }, 'messages: publishing a live update failed'));
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // A listener's own problem (a closed connection…) is not the writer's.
    }
  }
}
