/**
 * Live updates, shared by the server (server/live) and the windows that listen (client/src/lib/live.ts).
 * An event is a small signal that something changed, never the record itself: a window that receives one refetches
 * what it shows, through the procedures that apply the usual visibility rules.
 * No zod here: the hub's and the portal's first screens import these names (the inputs are in shared/schemas/live.ts).
 */
export const LIVE = {
  /** A topic: lower-case words joined by dots or hyphens, such as "message.created" or "typing". */
  topicPattern: /^[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){0,3}$/,
  topicMaxLength: 64,
  /** An event's data as JSON, at most this many characters (ids and a few words: never the record). */
  payloadMaxChars: 2_000,
  /** A reconnecting window is sent at most this many missed events; beyond, one "live.reset" (refetch everything). */
  catchUpMax: 500,
  /** Events are kept this long for reconnecting windows, and at most this many (the newest). */
  keepMs: 24 * 60 * 60 * 1000,
  keepCount: 100_000,
  /** A window that waits for events gets a ping this often, and reconnects after this long without a byte. */
  pingMs: 15_000,
  reconnectAfterInactivityMs: 40_000,
  /** Open streams re-check their session this often (and a portal stream before every delivery). */
  recheckMs: 30_000,
  /** The typing indicator: at most one per person and thread this often; windows show it this long. */
  typingEveryMs: 1_000,
  typingShowMs: 4_000,
} as const;

/** Sent instead of the missed events when there are too many (or they are no longer kept): refetch everything. */
export const LIVE_RESET_TOPIC = 'live.reset';
/** The first message of every stream: it is open (ephemeral; a window refetches what it shows after a reconnection). */
export const LIVE_READY_TOPIC = 'live.ready';
/** The ephemeral typing indicator (never stored). */
export const LIVE_TYPING_TOPIC = 'typing';
/** Every committed message change (server/domain/messages/changes.ts): ids only; windows refetch what it names. */
export const MESSAGES_LIVE_TOPIC = 'messages.changed';
/** An approval request created, decided or cancelled (server/domain/approvals/changes.ts): ids and its status. */
export const APPROVALS_LIVE_TOPIC = 'approvals.changed';
/** A review comment posted, resolved or reopened (server/domain/review-comments): the file, version and comment ids. */
export const REVIEW_COMMENTS_LIVE_TOPIC = 'review-comments.changed';
/** A file got a new version, or an older version was shared or unshared (server/domain/documents/versions.ts). */
export const VERSIONS_LIVE_TOPIC = 'versions.changed';

/** What a window receives for each event. id: null for ephemeral events (typing), which are not caught up. */
export type LiveMessage = {
  id: number | null;
  topic: string;
  companyId: number | null;
  data: unknown;
  at: Date;
};
