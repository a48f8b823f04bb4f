/**
 * What a message write changed, handed to `announce` once it has committed: the one place where live updates
 * (issue 30's event bus and SSE subscriptions) will publish, and where the e-mail bridge can listen. `internal`
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

/** Subscribes to committed message changes (live updates, tests); returns the unsubscribe. */
export function onMessageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by every message write after its transaction committed; a listener's failure never fails the write. */
export function announce(change: MessageChange): void {
  for (const listener of listeners) {
    try {
      listener(change);
    } catch {
      // A listener's own problem (a closed connection…) is not the writer's.
    }
  }
}
