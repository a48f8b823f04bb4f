/**
 * Live updates (server/live): what reaches whom, catching up after a dropped connection, a revoked client losing the
 * stream, the typing indicator and the bounds. Streams are read as an API client reads them (tests/support/live.ts).
 * "Never receives" is shown by order, not by waiting: the forbidden events are published first, then one the reader
 * may see; once that one has arrived, the others would have too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE, LIVE_READY_TOPIC, LIVE_RESET_TOPIC, LIVE_TYPING_TOPIC, type LiveMessage } from '../../shared/live';
import { M } from '../../shared/messages';
import { createPortalSession } from '../../server/auth/sessions';
import { endLiveStreams } from '../../server/app';
import { liveHub, type LivePublish } from '../../server/live/hub';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { addStaff } from '../support/staff';
import { openLiveStream, type LiveStream } from '../support/live';
import { addApiToken } from '../support/staff';
import { refusal, trpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
/** A second portal client of agency A, at another company than a.portal. */
let other: { contactId: number; companyId: number; token: string };
const open: LiveStream[] = [];

beforeAll(async () => {
  app = await startApp(undefined, { env: { LIVE_CONNECTIONS_PER_SESSION: '4' } });
  ({ a, b } = await twoAgencies(app));
  const companyId = a.companies[1].id;
  const contact = await app.database.db.contact.create({
    data: {
      businessId: a.businessId,
      companyId,
      firstName: 'Olive',
      lastName: 'Other',
      email: `olive-${Date.now()}@client.test`,
      portalAccess: true,
    },
  });
  const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
  other = { contactId: contact.id, companyId, token };
});
afterAll(async () => {
  for (const stream of open) stream.close();
  await app.close();
});

const hub = () => liveHub(app.database);
const publish = (event: Partial<LivePublish> & { topic: string }) =>
  hub().publish({ businessId: a.businessId, audience: 'all', ...event });
const byTopic = (topic: string) => (m: LiveMessage) => m.topic === topic;
const topics = (stream: LiveStream) => stream.messages.map((m) => m.topic).filter((t) => t !== LIVE_READY_TOPIC);

async function staffStream(options: { lastEventId?: string; lastEventIdHeader?: string } = {}) {
  const stream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token }, options);
  open.push(stream);
  await stream.next(byTopic(LIVE_READY_TOPIC));
  return stream;
}
async function portalStream(token = a.portal.token, options: { lastEventId?: string } = {}) {
  const stream = await openLiveStream(app.baseUrl, 'portalLive.events', { portalCookie: token }, options);
  open.push(stream);
  await stream.next(byTopic(LIVE_READY_TOPIC));
  return stream;
}

describe('live.events (staff)', () => {
  it('answers with server-sent events, not buffered or cached', async () => {
    const stream = await staffStream();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    stream.close();
  });

  it("receives every event of the agency, staff-only and any company's, with its id, and none of another agency", async () => {
    const stream = await staffStream();
    await hub().publish({ businessId: b.businessId, audience: 'all', topic: 'test.other-agency' });
    const staffOnly = await publish({ audience: 'staff', topic: 'test.staff-only', data: { n: 1 } });
    await publish({ companyId: a.companies[2].id, topic: 'test.company' });
    const got = await stream.next(byTopic('test.company'));
    expect(got.companyId).toBe(a.companies[2].id);
    expect(topics(stream)).toEqual(['test.staff-only', 'test.company']);
    expect(stream.messages.find(byTopic('test.staff-only'))).toMatchObject({
      id: staffOnly,
      eventId: String(staffOnly),
      data: { n: 1 },
    });
    stream.close();
  });

  it('refuses a request without a session, and a portal session, with 401', async () => {
    for (const credentials of [{ token: 'nope' }, { token: a.portal.token }, { portalCookie: a.portal.token }]) {
      const stream = await openLiveStream(app.baseUrl, 'live.events', credentials);
      expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect(stream.messages).toEqual([]);
    }
  });
  it('ends at once, delivering nothing more, when the staff member is removed from the team', async () => {
    const mate = await addStaff(app, a, 'member', 'Gone');
    const stream = await openLiveStream(app.baseUrl, 'live.events', { token: mate.token });
    open.push(stream);
    await stream.next(byTopic(LIVE_READY_TOPIC));
    await publish({ topic: 'test.before-removal' });
    await stream.next(byTopic('test.before-removal'));
    await trpcClient(app.baseUrl, { token: a.token }).team.remove.mutate({ id: mate.id });
    await publish({ topic: 'test.after-removal' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, message: M.live.ended });
    expect(topics(stream)).toEqual(['test.before-removal']);
  });
});

describe('live.events with a personal API token (as the OpenAPI document describes it)', () => {
  it('opens with the token as Bearer, sends connected then live.ready, each event with its id, and resumes after the last id', async () => {
    const { token } = await addApiToken(app, a.businessId, a.userId, 'Live script');
    const stream = await openLiveStream(app.baseUrl, 'live.events', { token });
    open.push(stream);
    await stream.next(byTopic(LIVE_READY_TOPIC));
    expect(stream.status).toBe(200);
    expect(stream.frames[0].event).toBe('connected');
    const first = await publish({ topic: 'test.token-one', data: { n: 1 } });
    const got = await stream.next(byTopic('test.token-one'));
    expect(got).toMatchObject({
      id: first,
      topic: 'test.token-one',
      companyId: null,
      data: { n: 1 },
      at: expect.any(Date),
    });
    const frame = stream.frames.find((f) => f.id === String(first))!;
    expect(JSON.parse(frame.data)).toMatchObject({ json: { id: first, topic: 'test.token-one' } });
    stream.close();

    const missed = await publish({ topic: 'test.token-two' });
    const resumed = await openLiveStream(app.baseUrl, 'live.events', { token }, { lastEventIdHeader: String(first) });
    open.push(resumed);
    expect((await resumed.next(byTopic('test.token-two'))).id).toBe(missed);
    expect(topics(resumed)).toEqual(['test.token-two']);
    resumed.close();
  });

  it('is refused on the portal stream (401), and once revoked on the staff one', async () => {
    const { id, token } = await addApiToken(app, a.businessId, a.userId, 'Revoked script');
    const portal = await openLiveStream(app.baseUrl, 'portalLive.events', { token });
    expect(await portal.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    await app.database.db.apiToken.delete({ where: { id } });
    const revoked = await openLiveStream(app.baseUrl, 'live.events', { token });
    expect(await revoked.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
  });
});

describe('portalLive.events (a client of company A)', () => {
  it("receives its company's and the agency-wide client events, never staff-only ones, another company's or another agency's", async () => {
    const stream = await portalStream();
    await publish({ audience: 'staff', companyId: a.portal.companyId, topic: 'test.staff-only' });
    await publish({ audience: 'staff', topic: 'test.staff-agency-wide' });
    await publish({ companyId: other.companyId, topic: 'test.other-company' });
    await hub().publish({ businessId: b.businessId, audience: 'all', topic: 'test.other-agency' });
    await hub().publish({
      businessId: b.businessId,
      companyId: a.portal.companyId,
      audience: 'all',
      topic: 'test.b-same-id',
    });
    await publish({ topic: 'test.agency-wide' });
    await publish({ companyId: a.portal.companyId, topic: 'test.own-company' });
    await stream.next(byTopic('test.own-company'));
    expect(topics(stream)).toEqual(['test.agency-wide', 'test.own-company']);
    stream.close();
  });

  it('refuses a staff session with 401', async () => {
    for (const credentials of [{ token: a.token }, { staffCookie: a.token }]) {
      const stream = await openLiveStream(app.baseUrl, 'portalLive.events', credentials);
      expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    }
  });

  it('ends at once, delivering nothing more, when the client loses portal access', async () => {
    const contact = await app.database.db.contact.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        firstName: 'Rene',
        lastName: 'Revoked',
        email: `rene-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const stream = await portalStream(token);
    await publish({ companyId: a.portal.companyId, topic: 'test.before' });
    await stream.next(byTopic('test.before'));
    await app.database.db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    await publish({ companyId: a.portal.companyId, topic: 'test.after-revoke' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401, message: M.live.ended });
    expect(topics(stream)).toEqual(['test.before']);
  });

  it('ends at once when the client is moved to another company', async () => {
    const contact = await app.database.db.contact.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        firstName: 'Mo',
        lastName: 'Moved',
        email: `mo-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const stream = await portalStream(token);
    await app.database.db.contact.update({ where: { id: contact.id }, data: { companyId: other.companyId } });
    await publish({ companyId: other.companyId, topic: 'test.new-company' });
    await publish({ companyId: a.portal.companyId, topic: 'test.old-company' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(topics(stream)).toEqual([]);
  });

  it('ends when the client signs out', async () => {
    const contact = await app.database.db.contact.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        firstName: 'Sig',
        lastName: 'Out',
        email: `sig-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const stream = await portalStream(token);
    await trpcClient(app.baseUrl, { token }).portalAuth.logout.mutate();
    await publish({ companyId: a.portal.companyId, topic: 'test.after-sign-out' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(topics(stream)).toEqual([]);
  });
});

describe('catching up after a dropped connection', () => {
  it('a stream reopened with the last id it saw gets every event it missed, in order, once', async () => {
    const first = await staffStream();
    const seen = await publish({ topic: 'test.seen' });
    await first.next(byTopic('test.seen'));
    first.close();
    await hub().publish({ businessId: b.businessId, audience: 'all', topic: 'test.other-agency' });
    const missed = [
      await publish({ topic: 'test.missed-1' }),
      await publish({ audience: 'staff', topic: 'test.missed-2' }),
      await publish({ companyId: other.companyId, topic: 'test.missed-3' }),
    ];
    const resumed = await staffStream({ lastEventId: String(seen) });
    await publish({ topic: 'test.live-again' });
    await resumed.next(byTopic('test.live-again'));
    expect(topics(resumed)).toEqual(['test.missed-1', 'test.missed-2', 'test.missed-3', 'test.live-again']);
    expect(
      resumed.messages
        .filter((m) => m.id !== null)
        .map((m) => m.id)
        .slice(0, 3),
    ).toEqual(missed);
    resumed.close();
  });

  it("takes the browser's Last-Event-ID header the same way", async () => {
    const seen = await publish({ topic: 'test.seen' });
    await publish({ topic: 'test.missed' });
    const resumed = await staffStream({ lastEventIdHeader: String(seen) });
    await resumed.next(byTopic('test.missed'));
    resumed.close();
  });

  it("a client's catch-up holds only what the client may see", async () => {
    const seen = await publish({ companyId: a.portal.companyId, topic: 'test.seen' });
    await publish({ audience: 'staff', companyId: a.portal.companyId, topic: 'test.staff-only' });
    await publish({ companyId: other.companyId, topic: 'test.other-company' });
    await publish({ companyId: a.portal.companyId, topic: 'test.missed' });
    const resumed = await portalStream(a.portal.token, { lastEventId: String(seen) });
    await publish({ companyId: a.portal.companyId, topic: 'test.live' });
    await resumed.next(byTopic('test.live'));
    expect(topics(resumed)).toEqual(['test.missed', 'test.live']);
    resumed.close();
  });

  it(`sends one "${LIVE_RESET_TOPIC}" instead of more than ${LIVE.catchUpMax} missed events`, async () => {
    const seen = await publish({ audience: 'staff', topic: 'test.seen' });
    for (let i = 0; i <= LIVE.catchUpMax; i++) await publish({ audience: 'staff', topic: 'test.flood' });
    const resumed = await staffStream({ lastEventId: String(seen) });
    await publish({ topic: 'test.after' });
    await resumed.next(byTopic('test.after'));
    expect(topics(resumed)).toEqual([LIVE_RESET_TOPIC, 'test.after']);
    resumed.close();
  });
});

describe('a stopping instance', () => {
  it('cuts its open streams (no "return": the windows reconnect elsewhere), so it can close', async () => {
    const stream = await staffStream();
    endLiveStreams(app.http);
    expect(await stream.ended).toBeNull();
    expect(stream.frames.map((f) => f.event)).not.toContain('return');
  });
});

describe('live.typing and portalLive.typing', () => {
  it("shows a staff member's typing to staff and to that company's clients only, at most once a second", async () => {
    const staff = await staffStream();
    const client = await portalStream();
    const otherClient = await portalStream(other.token);
    const api = trpcClient(app.baseUrl, { token: a.token });
    expect(await api.live.typing.mutate({ channel: 'thread:1', companyId: a.portal.companyId })).toEqual({
      sent: true,
    });
    expect(await api.live.typing.mutate({ channel: 'thread:1', companyId: a.portal.companyId })).toEqual({
      sent: false,
    });
    const seen = await client.next(byTopic(LIVE_TYPING_TOPIC));
    expect(seen).toMatchObject({ id: null, data: { channel: 'thread:1', userId: a.userId } });
    await staff.next(byTopic(LIVE_TYPING_TOPIC));
    // Not stored: nothing to catch up.
    expect(await app.database.db.liveEvent.count({ where: { topic: LIVE_TYPING_TOPIC } })).toBe(0);
    await publish({ companyId: other.companyId, topic: 'test.marker' });
    await otherClient.next(byTopic('test.marker'));
    expect(topics(otherClient)).toEqual(['test.marker']);
    for (const s of [staff, client, otherClient]) s.close();
  });

  it("shows a client's typing to staff, not back to that client", async () => {
    const staff = await staffStream();
    const client = await portalStream();
    const api = trpcClient(app.baseUrl, { token: a.portal.token });
    expect(await api.portalLive.typing.mutate({ channel: 'thread:2' })).toEqual({ sent: true });
    expect(await staff.next(byTopic(LIVE_TYPING_TOPIC))).toMatchObject({
      companyId: a.portal.companyId,
      data: { channel: 'thread:2', contactId: a.portal.contactId },
    });
    await publish({ companyId: a.portal.companyId, topic: 'test.marker' });
    await client.next(byTopic('test.marker'));
    expect(topics(client)).toEqual(['test.marker']);
    staff.close();
    client.close();
  });

  it("answers NOT_FOUND for another agency's company and refuses a malformed channel", async () => {
    const api = trpcClient(app.baseUrl, { token: a.token });
    const foreign = await api.live.typing.mutate({ channel: 'thread:3', companyId: b.companies[0].id }).catch(refusal);
    expect(foreign).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
    const bad = await api.live.typing.mutate({ channel: 'x'.repeat(101) }).catch(refusal);
    expect(bad).toEqual({ code: 'BAD_REQUEST', httpStatus: 400 });
  });
});

describe('bounds', () => {
  it('refuses more open streams per session than LIVE_CONNECTIONS_PER_SESSION with a 429 and a sentence', async () => {
    const streams = [];
    for (let i = 0; i < 4; i++) streams.push(await staffStream());
    const refused = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.ended).toMatchObject({ httpStatus: 429, message: M.live.tooManyConnections(4) });
    for (const s of streams) s.close();
    // Closed streams give their places back.
    await expect
      .poll(async () => {
        const again = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
        again.close();
        return again.status;
      })
      .toBe(200);
  });

  it('refuses an event whose data is larger than the bound, storing nothing', async () => {
    const before = await app.database.db.liveEvent.count();
    await expect(publish({ topic: 'test.big', data: { text: 'x'.repeat(LIVE.payloadMaxChars) } })).rejects.toThrow(
      /at most 2000 characters/,
    );
    expect(await app.database.db.liveEvent.count()).toBe(before);
  });

  it('refuses a topic that is not lower-case words joined by dots, storing nothing', async () => {
    const before = await app.database.db.liveEvent.count();
    for (const topic of ['', 'Message.Created', 'message..created', 'x'.repeat(65), 'a b'])
      await expect(publish({ topic })).rejects.toThrow(/is not a live topic/);
    expect(await app.database.db.liveEvent.count()).toBe(before);
  });

  it('prunes events older than the retention', async () => {
    const old = await publish({ topic: 'test.old' });
    await hub().prune(Date.now() + LIVE.keepMs + 60_000);
    expect(await app.database.db.liveEvent.findUnique({ where: { id: old } })).toBeNull();
  });
});
