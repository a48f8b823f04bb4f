/**
 * Live updates: one hub per database connection of a process (liveHub(database)).
 *
 * publish() stores a small event (LiveEvent) and wakes the hub; the hub reads the new rows ONCE (id > its cursor)
 * and hands each to the open streams of that business in memory, so one event costs one query per instance whatever
 * the number of windows. On PostgreSQL the other instances are woken by NOTIFY clientflow_live '<id>' on their one
 * LISTEN connection each; on SQLite events stay in the process. A stream that reconnects with the last id it saw reads
 * what it missed from the table (the same rows, bounded by LIVE.catchUpMax; beyond, one "live.reset").
 *
 * Order: publishes on PostgreSQL take a transaction-level advisory lock, so ids are committed in the order they are
 * given and a cursor never skips a row that commits late (SQLite has one writer anyway).
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { LIVE, LIVE_READY_TOPIC, LIVE_RESET_TOPIC, type LiveMessage } from '../../shared/live';
import type { Database } from '../db';
import { log } from '../log';
import { sql, toDate, toInt, toIntOrNull } from '../sql';
import { visibleToClient } from './topics';

type LiveAudience = 'staff' | 'all';

/** What an area publishes: which agency, whose portal users may see it (companyId + audience 'all'), and a signal. */
export type LivePublish = {
  businessId: number;
  /** The client company the event concerns; null: the whole agency. */
  companyId?: number | null;
  /** staff: hub windows only; all: also the portal windows of companyId's contacts (of every company when null). */
  audience: LiveAudience;
  topic: string;
  /** Ids and a few words, as JSON of at most LIVE.payloadMaxChars characters; never the record itself. */
  data?: Record<string, unknown>;
};

/** Who a stream belongs to. */
export type LiveViewer =
  | { kind: 'staff'; businessId: number; userId: number }
  | { kind: 'portal'; businessId: number; companyId: number; contactId: number };

type HubEvent = LiveMessage & { businessId: number; audience: LiveAudience };

const LIVE_CHANNEL = 'clientflow_live';
/** The advisory lock that orders publishes on PostgreSQL (any constant; "clientflow live" in ASCII, cut to 63 bits). */
const PUBLISH_LOCK = 7_236_828_152_389_120;
/** Run the prune after this many publishes of this process (and when the hub starts). */
const PRUNE_EVERY = 500;
const READ_BATCH = 500;
/** A stream that falls this far behind (a window that stopped reading) is sent one "live.reset" instead. */
const QUEUE_MAX = 1_000;

export class LiveRefused extends Error {}

/** Whether a viewer may see an event: staff see their agency's; a portal user only 'all' events of their company. */
function visibleTo(viewer: LiveViewer, event: HubEvent): boolean {
  if (event.businessId !== viewer.businessId) return false;
  if (viewer.kind === 'staff') return true;
  if (event.audience !== 'all') return false;
  if (event.companyId !== null && event.companyId !== viewer.companyId) return false;
  return visibleToClient(event, viewer);
}

function payloadOf(data: Record<string, unknown> | undefined): string {
  const text = JSON.stringify(data ?? {});
  if (text.length > LIVE.payloadMaxChars)
    throw new LiveRefused(`A live event carries at most ${LIVE.payloadMaxChars} characters of data (${text.length}).`);
  return text;
}

function rowToEvent(row: Record<string, unknown>): HubEvent {
  let data: unknown = {};
  try {
    data = JSON.parse(String(row.payload));
  } catch {
    /* a payload we wrote ourselves; never fails */
  }
  return {
    id: toInt(row.id),
    businessId: toInt(row.businessId),
    companyId: toIntOrNull(row.companyId),
    audience: row.audience === 'all' ? 'all' : 'staff',
    topic: String(row.topic),
    data,
    at: toDate(row.createdAt),
  };
}

const COLUMNS = sql`"id", "businessId", "companyId", "audience", "topic", "payload", "createdAt"`;

/** One open stream: events for it queue here until its generator takes them. */
class Subscriber {
  queue: LiveMessage[] = [];
  overflowed = false;
  /** The periodic re-check found the session ended: the stream stops. */
  ended = false;
  private wake: (() => void) | null = null;
  constructor(
    readonly viewer: LiveViewer,
    /** Re-reads the session: false when it has ended, lost portal access, or moved to another company. */
    readonly recheck: () => Promise<boolean>,
  ) {}
  push(message: LiveMessage) {
    if (this.queue.length >= QUEUE_MAX) this.overflowed = true;
    else this.queue.push(message);
    this.notify();
  }
  notify() {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
  waitForEvents(signal: AbortSignal): Promise<void> {
    if (this.queue.length || this.overflowed || this.ended || signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }
}

export class LiveHub {
  /** Open streams by business. */
  private readonly streams = new Map<number, Set<Subscriber>>();
  private count = 0;
  /** Every row with an id up to this one has been handed to the streams open at that moment. */
  private cursor = 0;
  /** No stream was open: the cursor is re-read before the next stream opens. */
  private stale = true;
  private pumping: Promise<void> | null = null;
  private pumpAgain = false;
  private publishes = 0;
  private listener: PgListener | null = null;
  private recheckTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Streams between their request and their registration (waiting for the LISTEN connection or the cursor). */
  private pending = 0;
  private idleTimer: NodeJS.Timeout | null = null;
  /** Tells this process's signals from the other instances' in a NOTIFY. */
  private readonly instance = randomUUID().slice(0, 8);
  /** Tests and the bench: 'delivered' (count of streams an event was handed to). */
  readonly events = new EventEmitter();

  constructor(private readonly database: Database) {}

  get openStreams() {
    return this.count;
  }

  /** Stores the event and wakes every stream that may see it, here and (PostgreSQL) on every other instance. */
  async publish(event: LivePublish): Promise<number> {
    const payload = payloadOf(event.data);
    if (!LIVE.topicPattern.test(event.topic) || event.topic.length > LIVE.topicMaxLength)
      throw new LiveRefused(`"${event.topic}" is not a live topic (lower-case words joined by dots).`);
    const companyId = event.companyId ?? null;
    const now = new Date();
    let id: number;
    if (this.database.provider === 'postgresql') {
      id = await this.database.db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`SELECT pg_advisory_xact_lock(${PUBLISH_LOCK})`);
        const rows = await tx.$queryRawUnsafe<{ id: number }[]>(
          `INSERT INTO "LiveEvent" ("businessId", "companyId", "audience", "topic", "payload", "createdAt")
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING "id"`,
          event.businessId,
          companyId,
          event.audience,
          event.topic,
          payload,
          now,
        );
        const inserted = toInt(rows[0].id);
        await tx.$executeRawUnsafe(`SELECT pg_notify('${LIVE_CHANNEL}', $1)`, String(inserted));
        return inserted;
      });
    } else {
      const row = await this.database.sql.get<{ id: unknown }>(sql`
        INSERT INTO "LiveEvent" ("businessId", "companyId", "audience", "topic", "payload", "createdAt")
        VALUES (${event.businessId}, ${companyId}, ${event.audience}, ${event.topic}, ${payload}, ${now})
        RETURNING "id"`);
      id = toInt(row?.id);
    }
    this.wakeUp(id);
    if (++this.publishes % PRUNE_EVERY === 0) void this.prune();
    return id;
  }

  /**
   * An ephemeral event (a typing indicator): handed to the open streams now, never stored or caught up. On PostgreSQL
   * it reaches the other instances in the NOTIFY itself.
   */
  async signal(event: LivePublish): Promise<void> {
    const message: HubEvent = {
      id: null,
      businessId: event.businessId,
      companyId: event.companyId ?? null,
      audience: event.audience,
      topic: event.topic,
      data: JSON.parse(payloadOf(event.data)),
      at: new Date(),
    };
    this.dispatch(message);
    if (this.database.provider === 'postgresql')
      await this.database.db.$executeRawUnsafe(
        `SELECT pg_notify('${LIVE_CHANNEL}', $1)`,
        `e:${this.instance}:${JSON.stringify(message)}`,
      );
  }

  /**
   * A stream of the events the viewer may see, from after lastEventId (what a reconnecting window saw last) or from
   * now. Ends (LiveRefused) as soon as the session is found ended; ends quietly when `signal` aborts.
   */
  async *subscribe(
    viewer: LiveViewer,
    options: { lastEventId: number | null; signal: AbortSignal; recheck: () => Promise<boolean> },
  ): AsyncGenerator<LiveMessage> {
    const { signal } = options;
    this.pending++;
    let wasStale = false;
    try {
      // Listening before the cursor is read: whatever commits after that read wakes this instance.
      await this.listening();
      wasStale = this.stale;
      if (wasStale) await this.resetCursor();
    } finally {
      this.pending--;
    }
    const subscriber = new Subscriber(viewer, options.recheck);
    // Registered and the cursor read in one synchronous step: rows up to `from` are caught up below, later ones come
    // through the pump.
    this.add(subscriber);
    const from = this.cursor;
    // Published while the cursor was being read, when no stream was open to wake the pump: read now.
    if (wasStale) this.wakeUp();
    const onAbort = () => subscriber.notify();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      yield { id: null, topic: LIVE_READY_TOPIC, companyId: null, data: {}, at: new Date() };
      let last = options.lastEventId ?? from;
      if (options.lastEventId !== null && options.lastEventId < from) {
        const missed = await this.missed(viewer, options.lastEventId, from);
        if (missed === 'reset') yield this.reset(from);
        else {
          if (missed.length && !(await this.stillAllowed(subscriber))) throw new LiveRefused('session ended');
          for (const event of missed) yield event;
        }
        last = from;
      }
      while (!signal.aborted) {
        await subscriber.waitForEvents(signal);
        if (signal.aborted) break;
        if (subscriber.ended) throw new LiveRefused('session ended');
        if (subscriber.overflowed) {
          subscriber.overflowed = false;
          subscriber.queue = [];
          yield this.reset(this.cursor);
          continue;
        }
        const batch = subscriber.queue;
        subscriber.queue = [];
        if (!(await this.stillAllowed(subscriber))) throw new LiveRefused('session ended');
        for (const event of batch) {
          // A stored event at or before what the window has (it came in the catch-up) is not sent twice.
          if (event.id !== null && event.id <= last) continue;
          if (event.id !== null) last = event.id;
          yield event;
        }
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.remove(subscriber);
    }
  }

  /**
   * Every stream re-reads its session before each delivery (one indexed look-up per batch of events, not per event),
   * so a client who lost portal access or moved company, and a staff member removed from the team or signed out,
   * receive nothing more and their stream ends; the periodic re-check (LIVE.recheckMs) ends idle ones.
   */
  private async stillAllowed(subscriber: Subscriber): Promise<boolean> {
    return subscriber.recheck();
  }

  private reset(id: number): LiveMessage {
    return { id, topic: LIVE_RESET_TOPIC, companyId: null, data: {}, at: new Date() };
  }

  /** The stored events after `after` up to `until` that the viewer may see; 'reset' when too many or pruned. */
  private async missed(viewer: LiveViewer, after: number, until: number): Promise<LiveMessage[] | 'reset'> {
    const oldest = await this.database.sql.get<{ id: unknown }>(sql`SELECT MIN("id") AS "id" FROM "LiveEvent"`);
    // The rows after `after` were pruned already (ids have no other gaps in practice): the window must refetch.
    if (oldest?.id != null && toInt(oldest.id) > after + 1) return 'reset';
    const portal =
      viewer.kind === 'portal'
        ? sql` AND "audience" = 'all' AND ("companyId" IS NULL OR "companyId" = ${viewer.companyId})`
        : sql``;
    const rows = await this.database.sql.all(sql`
      SELECT ${COLUMNS} FROM "LiveEvent"
      WHERE "businessId" = ${viewer.businessId} AND "id" > ${after} AND "id" <= ${until}${portal}
      ORDER BY "id" LIMIT ${LIVE.catchUpMax + 1}`);
    if (rows.length > LIVE.catchUpMax) return 'reset';
    return rows.map(rowToEvent).filter((event) => visibleTo(viewer, event));
  }

  private add(subscriber: Subscriber) {
    const { businessId } = subscriber.viewer;
    let set = this.streams.get(businessId);
    if (!set) this.streams.set(businessId, (set = new Set()));
    set.add(subscriber);
    this.count++;
    if (this.count === 1) this.startBackground();
  }

  private remove(subscriber: Subscriber) {
    const set = this.streams.get(subscriber.viewer.businessId);
    if (!set?.delete(subscriber)) return;
    if (set.size === 0) this.streams.delete(subscriber.viewer.businessId);
    this.count--;
    if (this.count === 0) this.stopBackground();
  }

  /** PostgreSQL: the LISTEN connection is up (waited for at most a few seconds: a stream still opens without it). */
  private async listening() {
    if (this.database.provider !== 'postgresql' || this.stopped) return;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.listener ??= new PgListener(this.database, (payload) => this.onNotification(payload));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.listener.ready,
      new Promise((resolve) => {
        timer = setTimeout(resolve, 5_000);
      }),
    ]);
    clearTimeout(timer);
  }

  private startBackground() {
    if (this.stopped) return;
    this.recheckTimer ??= setInterval(() => void this.recheckAll(), LIVE.recheckMs);
    this.recheckTimer.unref();
  }

  /**
   * No stream left: the cursor is re-read when the next one opens; the timer goes, and the LISTEN connection after a
   * quiet while (a window that reloads comes back at once).
   */
  private stopBackground() {
    this.stale = true;
    if (this.recheckTimer) clearInterval(this.recheckTimer);
    this.recheckTimer = null;
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.count === 0 && this.pending === 0) this.closeListener();
    }, 10_000);
    this.idleTimer.unref();
  }

  private closeListener() {
    const listener = this.listener;
    this.listener = null;
    void listener?.close();
  }

  private async resetCursor() {
    const row = await this.database.sql.get<{ id: unknown }>(sql`SELECT MAX("id") AS "id" FROM "LiveEvent"`);
    const max = row?.id == null ? 0 : toInt(row.id);
    if (max > this.cursor) this.cursor = max;
    this.stale = false;
  }

  private onNotification(payload: string) {
    if (payload.startsWith('e:')) {
      // e:<instance>:<event>; our own signals were handed out when they were sent.
      const [, instance] = payload.split(':', 2);
      if (instance === this.instance) return;
      try {
        const event = JSON.parse(payload.slice(3 + instance.length)) as HubEvent;
        this.dispatch({ ...event, at: new Date(event.at) });
      } catch {
        /* not ours */
      }
      return;
    }
    const id = Number(payload);
    // Our own publishes (and anything already read) need no query.
    if (Number.isSafeInteger(id) && id <= this.cursor) return;
    this.wakeUp(Number.isSafeInteger(id) ? id : Number.MAX_SAFE_INTEGER);
  }

  /** Reads every row after the cursor (one query per batch, whatever the number of streams) and hands them out. */
  wakeUp(id = Number.MAX_SAFE_INTEGER) {
    if (this.count === 0 || this.stale || id <= this.cursor) return;
    if (this.pumping) {
      this.pumpAgain = true;
      return;
    }
    this.pumping = this.pump()
      .catch((error: unknown) => log.warn({ err: error }, 'live: reading new events failed'))
      .finally(() => {
        this.pumping = null;
        if (this.pumpAgain) {
          this.pumpAgain = false;
          this.wakeUp();
        }
      });
  }

  private async pump() {
    for (;;) {
      this.pumpAgain = false;
      const after = this.cursor;
      const rows = await this.database.sql.all(sql`
        SELECT ${COLUMNS} FROM "LiveEvent" WHERE "id" > ${after} ORDER BY "id" LIMIT ${READ_BATCH}`);
      if (this.cursor !== after) continue;
      for (const row of rows) this.dispatch(rowToEvent(row));
      if (rows.length) this.cursor = toInt(rows[rows.length - 1].id);
      if (rows.length < READ_BATCH && !this.pumpAgain) return;
    }
  }

  private dispatch(event: HubEvent) {
    const set = this.streams.get(event.businessId);
    let delivered = 0;
    if (set) {
      const message: LiveMessage = {
        id: event.id,
        topic: event.topic,
        companyId: event.companyId,
        data: event.data,
        at: event.at,
      };
      for (const subscriber of set) {
        if (!visibleTo(subscriber.viewer, event)) continue;
        subscriber.push(message);
        delivered++;
      }
    }
    this.events.emit('delivered', { id: event.id, topic: event.topic, streams: delivered });
  }

  /** Every open stream re-reads its session now and then (a few at a time); an ended one stops at once. */
  private async recheckAll() {
    const all = [...this.streams.values()].flatMap((set) => [...set]);
    for (let i = 0; i < all.length; i += 8) {
      await Promise.all(
        all.slice(i, i + 8).map(async (subscriber) => {
          const ok = await subscriber.recheck().catch(() => true);
          if (!ok) {
            subscriber.queue = [];
            subscriber.ended = true;
            subscriber.notify();
          }
        }),
      );
    }
  }

  /** Drops events older than LIVE.keepMs, and all but the newest LIVE.keepCount. */
  async prune(now = Date.now()) {
    try {
      await this.database.sql.run(sql`DELETE FROM "LiveEvent" WHERE "createdAt" < ${new Date(now - LIVE.keepMs)}`);
      const newest = await this.database.sql.get<{ id: unknown }>(sql`SELECT MAX("id") AS "id" FROM "LiveEvent"`);
      if (newest?.id != null)
        await this.database.sql.run(sql`DELETE FROM "LiveEvent" WHERE "id" <= ${toInt(newest.id) - LIVE.keepCount}`);
    } catch (error) {
      log.warn({ err: error }, 'live: pruning old events failed');
    }
  }

  /** Ends the LISTEN connection (the database closes). Open streams end with their requests. */
  async stop() {
    this.stopped = true;
    this.stopBackground();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.closeListener();
  }
}

/**
 * The one LISTEN connection of an instance (PostgreSQL), outside the pool. When the server ends it (a restart, a
 * failover), it connects again after a pause and the hub reads whatever came in between.
 */
class PgListener {
  private client: pg.Client | null = null;
  private closed = false;
  private retryMs = 500;
  private timer: NodeJS.Timeout | null = null;
  /** Resolves once LISTEN has succeeded (the first time). */
  readonly ready: Promise<void>;
  private resolveReady!: () => void;

  constructor(
    private readonly database: Database,
    private readonly onPayload: (payload: string) => void,
    private readonly onReconnect: () => void = () => onPayload(String(Number.MAX_SAFE_INTEGER)),
  ) {
    this.ready = new Promise((resolve) => {
      this.resolveReady = resolve;
    });
    void this.connect(false);
  }

  private async connect(again: boolean) {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.database.pool?.options.connectionString });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) this.onPayload(message.payload);
    });
    client.on('error', (err: Error & { code?: string }) => {
      log.warn({ code: err.code, message: err.message }, 'live: the LISTEN connection failed');
      this.retry(client);
    });
    client.on('end', () => this.retry(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
      this.retryMs = 500;
      this.resolveReady();
      // Anything published while we were not listening is read now.
      if (again) this.onReconnect();
    } catch (error) {
      log.warn({ err: error }, 'live: could not LISTEN; trying again');
      this.retry(client);
    }
  }

  private retry(client: pg.Client) {
    if (this.closed || this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    void client.end().catch(() => {});
    this.timer = setTimeout(() => void this.connect(true), this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 30_000);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}

const hubs = new WeakMap<Database, LiveHub>();

/** The hub of this database in this process (the app, the job runner and the inbound mail share it). */
export function liveHub(database: Database): LiveHub {
  let hub = hubs.get(database);
  if (!hub) {
    const created = new LiveHub(database);
    hub = created;
    hubs.set(database, hub);
    // The database's close ends the hub's LISTEN connection too.
    const close = database.close;
    database.close = async () => {
      await created.stop();
      await close();
    };
    void hub.prune();
  }
  return hub;
}
