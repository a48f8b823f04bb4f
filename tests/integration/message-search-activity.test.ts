/**
 * Messages in global search, the activity log and notifications: staff search finds a message and an internal note
 * (marked), the portal's search finds only what its conversations list lets the client read (never an internal note,
 * another company's message or a deleted one), posting writes an entry naming the conversation (an internal note's is
 * staff-only and never in the client's feed), and the bell follows each person's preferences.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import type { SearchQueryOutput } from '../../shared/schemas/search';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { trpcClient, type TrpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let client: TrpcClient;
let companyId: number;
let threadId: number;

let counter = 0;
/** A word nobody else in the test uses, so each test sees only its own rows. */
const word = (stem: string) => `${stem}${(counter++).toString(36)}q`;

beforeAll(async () => {
  app = await startApp({ signupsPerAddress: 100_000 });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  client = trpcClient(app.baseUrl, { token: a.portal.token });
  companyId = a.portal.companyId;
  threadId = (await staff.messages.companyThread.mutate({ companyId })).thread.id;
});
afterAll(() => app?.close());

const hubSearch = (q: string, as: TrpcClient = staff) =>
  as.search.query.query({ q } as never) as Promise<SearchQueryOutput>;
const hubResults = async (q: string, as: TrpcClient = staff) =>
  (await hubSearch(q, as)).groups.flatMap((g) => g.results);
const portalSearch = (q: string) => client.portalMessages.search.query({ q });

describe('hub search', () => {
  it('finds a message by its text and an internal note, marked, each opening its conversation', async () => {
    const pub = word('pelican');
    const secret = word('pelican');
    const posted = await staff.messages.post.mutate({ threadId, body: `The ${pub} proofs are ready` });
    const note = await staff.messages.post.mutate({
      threadId,
      body: `Margin ${secret} stays internal`,
      internal: true,
    });
    const [found] = await hubResults(pub);
    expect(found).toMatchObject({
      kind: 'message',
      id: posted.id,
      internal: false,
      link: `/hub/messages/${threadId}`,
      companyId,
    });
    expect(found.title).toContain(a.companies[0].name);
    expect(found.snippet).toContain(pub);
    const [internal] = await hubResults(secret);
    expect(internal).toMatchObject({ kind: 'message', id: note.id, internal: true, link: `/hub/messages/${threadId}` });
    // Another agency's staff never find them.
    const otherStaff = trpcClient(app.baseUrl, { token: b.token });
    expect(await hubResults(pub, otherStaff)).toEqual([]);
  });

  it('finds a conversation by its subject, and an edited message by its new text only', async () => {
    const subject = word('heron');
    const topic = await staff.messages.startTopic.mutate({ companyId, subject: `${subject} launch` });
    const hits = await hubResults(subject);
    expect(hits).toContainEqual(
      expect.objectContaining({ kind: 'thread', id: topic.thread.id, link: `/hub/messages/${topic.thread.id}` }),
    );
    const before = word('ibis');
    const after = word('ibis');
    const message = await staff.messages.post.mutate({ threadId, body: `Draft ${before}` });
    await staff.messages.edit.mutate({ messageId: message.id, body: `Final ${after}` });
    expect(await hubResults(before)).toEqual([]);
    expect((await hubResults(after)).map((r) => r.id)).toEqual([message.id]);
  });

  it('keeps a deleted message out of search', async () => {
    const gone = word('osprey');
    const message = await staff.messages.post.mutate({ threadId, body: `Soon ${gone}` });
    expect(await hubResults(gone)).toHaveLength(1);
    await staff.messages.delete.mutate({ messageId: message.id });
    expect(await hubResults(gone)).toEqual([]);
  });
});

describe('portal search', () => {
  it("finds the client's visible message and opens its conversation in the portal", async () => {
    const text = word('puffin');
    const posted = await staff.messages.post.mutate({ threadId, body: `Your ${text} invoice is attached` });
    const reply = await client.portalMessages.post.mutate({ threadId, body: `Thanks for the ${text}` });
    const found = await portalSearch(text);
    expect(found.results.map((r) => r.id).sort()).toEqual([posted.id, reply.id].sort());
    expect(found.results[0]).toMatchObject({
      kind: 'message',
      threadId,
      path: `messages/${threadId}`,
      // The company's own conversation is, for the client, the one with the agency.
      title: a.name,
    });
    expect(found.results.find((r) => r.id === posted.id)?.snippet).toContain(text);
  });

  it('never finds an internal note, another company’s message or a deleted one', async () => {
    const text = word('kestrel');
    const note = await staff.messages.post.mutate({ threadId, body: `${text} margin is 40%`, internal: true });
    const otherThread = (await staff.messages.companyThread.mutate({ companyId: a.companies[1].id })).thread.id;
    await staff.messages.post.mutate({ threadId: otherThread, body: `${text} for the other company` });
    const deleted = await staff.messages.post.mutate({ threadId, body: `${text} sent by mistake` });
    await staff.messages.delete.mutate({ messageId: deleted.id });
    // Staff find the note and the other company's message; the deleted one is gone for everyone.
    expect((await hubResults(text)).map((r) => r.id)).toContain(note.id);
    expect(await hubResults(text)).toHaveLength(2);

    const found = await portalSearch(text);
    expect(found.results).toEqual([]);
    const answer = JSON.stringify(found);
    expect(answer).not.toContain('margin');
    expect(answer).not.toContain('other company');
    // A public message beside them is found (the search works; only the rule keeps the rest out).
    const visible = await staff.messages.post.mutate({ threadId, body: `${text} schedule` });
    expect((await portalSearch(text)).results.map((r) => r.id)).toEqual([visible.id]);
  });

  it("never finds a project conversation's messages while the project is hidden, nor its subject", async () => {
    const text = word('plover');
    const hidden = await app.database.db.project.create({
      data: { businessId: a.businessId, companyId, name: 'Hidden rebrand', status: 'in-progress' },
    });
    const thread = await staff.messages.projectThread.mutate({ projectId: hidden.id });
    await staff.messages.post.mutate({ threadId: thread.thread.id, body: `${text} concepts` });
    const topic = word('plover');
    // A topic holding only an internal note is not in the client's list, so not in their search either.
    const noted = await staff.messages.startTopic.mutate({ companyId, subject: topic });
    await staff.messages.post.mutate({ threadId: noted.thread.id, body: 'Only a note', internal: true });
    expect((await hubResults(text)).length).toBe(1);
    expect((await portalSearch(text)).results).toEqual([]);
    expect((await portalSearch(topic)).results).toEqual([]);
  });

  it('finds a topic by its subject once it holds a message the client can read', async () => {
    const subject = word('avocet');
    const topic = await staff.messages.startTopic.mutate({ companyId, subject: `${subject} review` });
    expect((await portalSearch(subject)).results).toEqual([]);
    await staff.messages.post.mutate({ threadId: topic.thread.id, body: 'Hello' });
    const found = await portalSearch(subject);
    expect(found.results).toEqual([
      expect.objectContaining({ kind: 'thread', id: topic.thread.id, path: `messages/${topic.thread.id}` }),
    ]);
  });

  it('answers nothing for blank text and refuses text over 200 characters with a sentence', async () => {
    expect(await portalSearch('  ')).toEqual({ q: '  ', terms: [], results: [] });
    await expect(portalSearch('x'.repeat(201))).rejects.toThrow(M.search.queryTooLong(200));
  });

  it('bounds the answer: at most `limit` results of each kind', async () => {
    const text = word('tern');
    for (let i = 0; i < 4; i++) await staff.messages.post.mutate({ threadId, body: `${text} number ${i}` });
    const found = await client.portalMessages.search.query({ q: text, limit: 2 });
    expect(found.results).toHaveLength(2);
  });
});

describe('activity', () => {
  it('records who wrote in which conversation, linking to it, without the text', async () => {
    const text = word('curlew');
    const posted = await staff.messages.post.mutate({ threadId, body: `About ${text}` });
    const page = await staff.activity.forCompany.query({ companyId, entityType: 'message' } as never);
    const entry = page.items.find((e) => e.entityId === posted.id);
    expect(entry).toMatchObject({
      entityType: 'message',
      action: 'posted',
      entityName: a.companies[0].name,
      companyId,
      clientVisible: true,
      link: `/hub/messages/${threadId}`,
      changes: [],
    });
    expect(JSON.stringify(entry)).not.toContain(text);
    // A client's message too, in their name.
    const reply = await client.portalMessages.post.mutate({ threadId, body: `Reply ${text}` });
    const again = await staff.activity.forCompany.query({ companyId, entityType: 'message' } as never);
    expect(again.items.find((e) => e.entityId === reply.id)).toMatchObject({ actorType: 'contact', action: 'posted' });
  });

  it("writes an internal note's entry as staff-only, and the client's feed never shows it", async () => {
    const text = word('dunlin');
    const note = await staff.messages.post.mutate({ threadId, body: `Note ${text}`, internal: true });
    const page = await staff.activity.forCompany.query({ companyId, entityType: 'message' } as never);
    const entry = page.items.find((e) => e.entityId === note.id);
    expect(entry).toMatchObject({ action: 'noted', clientVisible: false, link: `/hub/messages/${threadId}` });
    expect(JSON.stringify(entry)).not.toContain(text);

    const feed = await client.portalActivity.list.query({ limit: 100 } as never);
    expect(feed.items.map((i) => i.id)).not.toContain(entry!.id);
    const answer = JSON.stringify(feed);
    expect(answer).not.toContain(text);
    expect(answer).not.toContain('internal note');
  });
});

describe('notifications', () => {
  it("tells mentioned teammates by each one's preference: the bell only, the bell and an e-mail, or nothing", async () => {
    const db = app.database.db;
    const mate = (firstName: string) =>
      db.user.create({
        data: {
          businessId: a.businessId,
          email: `${firstName}-${Date.now()}@agency.test`,
          firstName,
          lastName: 'Mate',
          passwordHash: 'x',
        },
      });
    const [bell, mail, off] = [await mate('Wren'), await mate('Finch'), await mate('Linnet')];
    await db.notificationPreference.createMany({
      data: [
        { businessId: a.businessId, userId: bell.id, kind: 'message_mention', channel: 'in_app' },
        { businessId: a.businessId, userId: off.id, kind: 'message_mention', channel: 'off' },
      ],
    });
    await staff.messages.post.mutate({ threadId, body: '@wren @finch @linnet please look', internal: true });
    await app.jobs.drain();
    const notes = await db.notification.findMany({
      where: { userId: { in: [bell.id, mail.id, off.id] }, kind: 'message_mention' },
    });
    expect(notes.map((n) => [n.userId, n.emailState]).sort()).toEqual(
      [
        [bell.id, 'none'],
        [mail.id, 'sent'],
      ].sort(),
    );
  });

  it("rings the bell of the staff a client's message concerns, by preference, and leaves its e-mail to the delayed one", async () => {
    const db = app.database.db;
    const quiet = await db.user.create({
      data: {
        businessId: a.businessId,
        email: `quiet-${Date.now()}@agency.test`,
        firstName: 'Quiet',
        lastName: 'Mate',
        passwordHash: 'x',
      },
    });
    await db.notificationPreference.create({
      data: { businessId: a.businessId, userId: quiet.id, kind: 'message_client', channel: 'off' },
    });
    // The earlier tests' client messages rang already: only this one's count here.
    await app.jobs.drain();
    await db.notification.deleteMany({ where: { businessId: a.businessId, kind: 'message_client' } });
    const reply = await client.portalMessages.post.mutate({ threadId, body: 'A question from the client' });
    await app.jobs.drain();
    const notes = await db.notification.findMany({ where: { businessId: a.businessId, kind: 'message_client' } });
    const owner = notes.filter((n) => n.userId === a.userId);
    expect(owner).toHaveLength(1);
    expect(owner[0]).toMatchObject({ link: `/hub/messages/${threadId}`, emailState: 'none' });
    expect(owner[0].title).not.toContain('question');
    expect(notes.filter((n) => n.userId === quiet.id)).toEqual([]);
    // A reply by e-mail or a second look never rings twice for the same message.
    await app.jobs.drain();
    expect(await db.notification.count({ where: { userId: a.userId, kind: 'message_client' } })).toBe(1);
    expect(reply.id).toBeGreaterThan(0);
  });
});
