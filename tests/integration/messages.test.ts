/**
 * Messages (issue 30, slice 1): conversations between the agency and its clients, hub and portal.
 * Tenancy of every procedure is the access matrix's; here: what a client may read (never an internal note, never
 * another company's thread, a project thread only while its project is shared), the bounds (10,000 characters, empty,
 * 429), the 15-minute edit window, read markers and unread counts per person, mentions, attachments and the inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { MESSAGE_BODY_MAX } from '../../shared/schemas/messages';
import { onMessageChange, type MessageChange } from '../../server/domain/messages/changes';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';
import { createPortalSession } from '../../server/auth/sessions';
import { MESSAGES_LIVE_TOPIC } from '../../shared/live';
import { openLiveStream } from '../support/live';
import { restRoutes } from '../../server/rest/routes';
import { appRouter } from '../../server/routers/_app';
import { client as httpClient } from '../support/app';
import { addApiToken } from '../support/staff';
import { inbox, unreadThreads } from '../../server/domain/messages';
import { join, Sql, sql as rawSql, tenantRunner, TENANT, type SqlRunner } from '../../server/sql';

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let client: TrpcClient;
/** Agency A's first company (the portal client's) and its conversation. */
let companyId: number;
let threadId: number;

const INTERNAL = 'Secret margin note: never for the client';
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => ({ ...refusal(error), message: (error as Error).message }),
  );

beforeAll(async () => {
  // A small per-person budget so the 429 is reachable; every other test stays well under it.
  app = await startApp({ signupsPerAddress: 100_000, messagesPerPerson: 25 });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  client = trpcClient(app.baseUrl, { token: a.portal.token });
  companyId = a.portal.companyId;
  threadId = (await staff.messages.companyThread.mutate({ companyId })).thread.id;
});
afterAll(() => app.close());

describe('threads', () => {
  it('gives each company one conversation, whoever opens it first, and each project one', async () => {
    const again = await staff.messages.companyThread.mutate({ companyId });
    const fromPortal = await client.portalMessages.open.mutate({});
    expect(again.thread.id).toBe(threadId);
    expect(fromPortal.thread.id).toBe(threadId);
    const projectId = a.rows.project[0];
    const project = await staff.messages.projectThread.mutate({ projectId });
    expect(project.thread).toMatchObject({ kind: 'project', project: { id: projectId } });
    expect((await client.portalMessages.open.mutate({ projectId })).thread.id).toBe(project.thread.id);
  });

  it("answers 404 for another agency's thread and for another company's thread in the portal", async () => {
    const foreign = b.rows.messageThread[0];
    expect(await refused(staff.messages.thread.query({ threadId: foreign }))).toMatchObject({ httpStatus: 404 });
    const otherCompany = await staff.messages.companyThread.mutate({ companyId: a.companies[1].id });
    // One call at a time: started together, a refusal could arrive before its handler is attached (unhandled).
    for (const call of [
      () => client.portalMessages.thread.query({ threadId: otherCompany.thread.id }),
      () => client.portalMessages.messages.query({ threadId: otherCompany.thread.id }),
      () => client.portalMessages.post.mutate({ threadId: otherCompany.thread.id, body: 'Hello?' }),
      () => client.portalMessages.markRead.mutate({ threadId: otherCompany.thread.id }),
    ])
      expect(await refused(call())).toMatchObject({ httpStatus: 404, message: M.messages.threadNotFound });
  });

  it("hides a project's thread from the client while the project is not shared", async () => {
    const hidden = await app.database.db.project.create({
      data: { businessId: a.businessId, companyId, name: 'Unshared rebrand', status: 'in-progress' },
    });
    const thread = await staff.messages.projectThread.mutate({ projectId: hidden.id });
    await staff.messages.post.mutate({ threadId: thread.thread.id, body: 'About the rebrand' });
    expect(await refused(client.portalMessages.thread.query({ threadId: thread.thread.id }))).toMatchObject({
      httpStatus: 404,
    });
    expect(await refused(client.portalMessages.open.mutate({ projectId: hidden.id }))).toMatchObject({
      httpStatus: 404,
    });
    const list = await client.portalMessages.threads.query({});
    expect(list.items.map((t) => t.id)).not.toContain(thread.thread.id);
  });
});

describe('internal notes', () => {
  it('never reach any portal answer', async () => {
    const changes: MessageChange[] = [];
    const stop = onMessageChange((change) => changes.push(change));
    await staff.messages.post.mutate({ threadId, body: 'Public hello from the agency' });
    const note = await staff.messages.post.mutate({ threadId, body: INTERNAL, internal: true });
    stop();
    expect(note.internal).toBe(true);
    // Every write says what changed, and whether a client may hear of it (the live updates' one hook).
    expect(changes.map((c) => [c.type, c.internal])).toEqual([
      ['message.posted', false],
      ['message.posted', true],
    ]);

    const answers = [
      await client.portalMessages.threads.query({}),
      await client.portalMessages.thread.query({ threadId }),
      await client.portalMessages.messages.query({ threadId }),
      await client.portalMessages.unread.query(),
      await client.portalMessages.open.mutate({}),
    ];
    const text = JSON.stringify(answers);
    expect(text).not.toContain(INTERNAL);
    expect(text).not.toContain('Secret margin');
    expect(text).not.toContain(`"id":${note.id},`);
    expect(text).not.toContain('"internal"');
    // Staff see it, marked.
    const hub = await staff.messages.messages.query({ threadId });
    expect(hub.items.find((m) => m.id === note.id)).toMatchObject({ internal: true, body: INTERNAL });
    // The client can neither read it as a marker nor change it.
    expect(await refused(client.portalMessages.markRead.mutate({ threadId, messageId: note.id }))).toMatchObject({
      httpStatus: 404,
    });
    expect(await refused(client.portalMessages.edit.mutate({ messageId: note.id, body: 'x' }))).toMatchObject({
      httpStatus: 404,
    });
  });

  it('does not move the thread in the portal nor count as unread for the client', async () => {
    const before = await client.portalMessages.thread.query({ threadId });
    await client.portalMessages.markRead.mutate({ threadId });
    await staff.messages.post.mutate({ threadId, body: 'Another note', internal: true });
    const after = await client.portalMessages.thread.query({ threadId });
    expect(after.thread.lastMessageAt).toEqual(before.thread.lastMessageAt);
    expect(after.thread.unread).toBe(0);
  });
});

describe('posting', () => {
  it('refuses an empty or whitespace message and one over 10,000 characters, writing nothing', async () => {
    const count = () => app.database.db.message.count({ where: { threadId } });
    const before = await count();
    expect(await refused(staff.messages.post.mutate({ threadId, body: '   \n\t ' }))).toMatchObject({
      httpStatus: 400,
      message: M.messages.empty,
    });
    expect(await refused(client.portalMessages.post.mutate({ threadId, body: '' }))).toMatchObject({
      httpStatus: 400,
      message: M.messages.empty,
    });
    expect(
      await refused(staff.messages.post.mutate({ threadId, body: 'x'.repeat(MESSAGE_BODY_MAX + 1) })),
    ).toMatchObject({ httpStatus: 400, message: M.messages.tooLong(MESSAGE_BODY_MAX) });
    expect(await count()).toBe(before);
    // Exactly 10,000 (after trimming) is fine.
    const longest = await client.portalMessages.post.mutate({ threadId, body: ` ${'y'.repeat(MESSAGE_BODY_MAX)} ` });
    expect(longest.body).toHaveLength(MESSAGE_BODY_MAX);
  });

  it('sets "waiting for us" when the client writes last, and clears it with a staff reply (not a note)', async () => {
    await client.portalMessages.post.mutate({ threadId, body: 'Can we move the launch?' });
    const waiting = await staff.messages.inbox.query({ waiting: true });
    expect(waiting.items.map((t) => t.id)).toContain(threadId);
    await staff.messages.post.mutate({ threadId, body: 'Checking internally', internal: true });
    expect((await staff.messages.inbox.query({ waiting: true })).items.map((t) => t.id)).toContain(threadId);
    await staff.messages.post.mutate({ threadId, body: 'Yes, to Friday.' });
    expect((await staff.messages.inbox.query({ waiting: true })).items.map((t) => t.id)).not.toContain(threadId);
  });

  it('throttles posting per person with a 429 and a sentence', async () => {
    const member = await app.database.db.user.create({
      data: {
        businessId: a.businessId,
        email: `chatty-${Date.now()}@agency.test`,
        firstName: 'Chatty',
        lastName: 'Member',
        passwordHash: 'x',
      },
    });
    const { createStaffSession } = await import('../../server/auth/sessions');
    const { token } = await createStaffSession(app.database.db, member.id);
    const chatty = trpcClient(app.baseUrl, { token });
    for (let i = 0; i < 25; i++) await chatty.messages.post.mutate({ threadId, body: `Message ${i}` });
    expect(await refused(chatty.messages.post.mutate({ threadId, body: 'One too many' }))).toMatchObject({
      httpStatus: 429,
      message: M.messages.throttled,
    });
    // Someone else still may.
    expect((await staff.messages.post.mutate({ threadId, body: 'I still can' })).body).toBe('I still can');
  });
});

describe('edit and delete', () => {
  it('lets the author edit and delete within 15 minutes, showing "edited" and "deleted"', async () => {
    const mine = await client.portalMessages.post.mutate({ threadId, body: 'Typo hre' });
    const edited = await client.portalMessages.edit.mutate({ messageId: mine.id, body: 'Typo here' });
    expect(edited).toMatchObject({ body: 'Typo here', mine: true });
    expect(edited.editedAt).not.toBeNull();
    const deleted = await client.portalMessages.delete.mutate({ messageId: mine.id });
    expect(deleted).toMatchObject({ body: '', deletedAt: expect.any(Date) });
    const hub = await staff.messages.messages.query({ threadId });
    expect(hub.items.find((m) => m.id === mine.id)).toMatchObject({ body: '', deletedAt: expect.any(Date) });
    expect(await refused(client.portalMessages.edit.mutate({ messageId: mine.id, body: 'Back' }))).toMatchObject({
      httpStatus: 400,
      message: M.messages.alreadyDeleted,
    });
  });

  it("refuses someone else's message (403) and any message after 15 minutes (400)", async () => {
    const staffMessage = await staff.messages.post.mutate({ threadId, body: 'From the agency' });
    expect(
      await refused(client.portalMessages.edit.mutate({ messageId: staffMessage.id, body: 'Hijack' })),
    ).toMatchObject({
      httpStatus: 403,
      message: M.messages.notAuthor,
    });
    await app.database.db.message.update({
      where: { id: staffMessage.id },
      data: { createdAt: new Date(Date.now() - 16 * 60 * 1000) },
    });
    expect(await refused(staff.messages.edit.mutate({ messageId: staffMessage.id, body: 'Too late' }))).toMatchObject({
      httpStatus: 400,
      message: M.messages.editWindowOver(15),
    });
    expect(await refused(staff.messages.delete.mutate({ messageId: staffMessage.id }))).toMatchObject({
      httpStatus: 400,
    });
  });
});

describe('read markers', () => {
  it('counts unread per person and shows read receipts both ways', async () => {
    const thread = await staff.messages.companyThread.mutate({ companyId: a.companies[2].id });
    const id = thread.thread.id;
    // Agency A's third company gets a portal client of its own.
    const contact = await app.database.db.contact.update({
      where: { id: a.rows.contact[2] },
      data: { portalAccess: true },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const third = trpcClient(app.baseUrl, { token });

    const hello = await staff.messages.post.mutate({ threadId: id, body: 'Hello from us' });
    expect((await third.portalMessages.unread.query()).threads).toBe(1);
    // The fixture's welcome and this one; never the fixture's internal note.
    expect((await third.portalMessages.thread.query({ threadId: id })).thread.unread).toBe(2);
    // The author has read their own message.
    expect((await staff.messages.thread.query({ threadId: id })).thread.unread).toBe(0);

    await third.portalMessages.markRead.mutate({ threadId: id });
    expect((await third.portalMessages.unread.query()).threads).toBe(0);
    const receipts = await staff.messages.thread.query({ threadId: id });
    expect(receipts.readers).toContainEqual(
      expect.objectContaining({ kind: 'contact', id: contact.id, lastReadMessageId: hello.id }),
    );

    const reply = await third.portalMessages.post.mutate({ threadId: id, body: 'Hi there' });
    expect((await third.portalMessages.thread.query({ threadId: id })).agencyReadUpTo).toBeLessThan(reply.id);
    const inbox = await staff.messages.inbox.query({ unread: true });
    expect(inbox.items.find((t) => t.id === id)).toMatchObject({ unread: 1, waitingOnStaff: true });
    const before = (await staff.messages.unread.query()).threads;
    await staff.messages.markRead.mutate({ threadId: id });
    expect((await staff.messages.unread.query()).threads).toBe(before - 1);
    expect((await third.portalMessages.thread.query({ threadId: id })).agencyReadUpTo).toBe(reply.id);
  });

  it('lists unread conversations first in the inbox', async () => {
    const page = await staff.messages.inbox.query({ limit: 100 });
    const firstRead = page.items.findIndex((t) => t.unread === 0);
    const lastUnread = page.items.map((t) => t.unread > 0).lastIndexOf(true);
    expect(lastUnread).toBeLessThan(firstRead === -1 ? Number.POSITIVE_INFINITY : firstRead);
    // Pages follow each other without gaps or repeats.
    const all = new Set<number>();
    let cursor: string | null = null;
    do {
      const next: Awaited<ReturnType<typeof staff.messages.inbox.query>> = await staff.messages.inbox.query({
        limit: 2,
        cursor,
      });
      for (const t of next.items) {
        expect(all.has(t.id)).toBe(false);
        all.add(t.id);
      }
      cursor = next.nextCursor;
    } while (cursor);
    expect([...all].sort()).toEqual(page.items.map((t) => t.id).sort());
  });

  it('pages a thread from the newest, keyset by id', async () => {
    const first = await staff.messages.messages.query({ threadId, limit: 5 });
    expect(first.items.map((m) => m.id)).toEqual([...first.items.map((m) => m.id)].sort((x, y) => y - x));
    const second = await staff.messages.messages.query({ threadId, limit: 5, cursor: first.nextCursor });
    expect(Math.max(...second.items.map((m) => m.id))).toBeLessThan(Math.min(...first.items.map((m) => m.id)));
  });
});

describe('access ends at once', () => {
  it('when portal access is switched off or the contact moves to another company', async () => {
    const contact = await app.database.db.contact.update({
      where: { id: a.rows.contact[3] },
      data: { portalAccess: true },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const fourth = trpcClient(app.baseUrl, { token });
    const own = await fourth.portalMessages.open.mutate({});
    expect(own.thread.id).not.toBe(threadId);
    await app.database.db.contact.update({ where: { id: contact.id }, data: { companyId } });
    // Now of the first company: its old thread is gone, the first company's is theirs.
    expect(await refused(fourth.portalMessages.thread.query({ threadId: own.thread.id }))).toMatchObject({
      httpStatus: 404,
    });
    expect((await fourth.portalMessages.open.mutate({})).thread.id).toBe(threadId);
    await app.database.db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    expect(await refused(fourth.portalMessages.threads.query({}))).toMatchObject({ httpStatus: 401 });
  });
});

describe('mentions and attachments', () => {
  it('notifies a mentioned teammate, not the author', async () => {
    const mate = await app.database.db.user.create({
      data: {
        businessId: a.businessId,
        email: `robin-${Date.now()}@agency.test`,
        firstName: 'Robin',
        lastName: 'Reyes',
        passwordHash: 'x',
      },
    });
    await staff.messages.post.mutate({ threadId, body: 'Can you take this, @robin?', internal: true });
    await app.jobs.drain();
    // (The clients' messages of the tests before ring everyone's bell too: message_client.)
    const notes = await app.database.db.notification.findMany({ where: { userId: mate.id, kind: 'message_mention' } });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'message_mention', link: `/hub/messages/${threadId}` });
    expect(notes[0].title).not.toContain('take this');
  });

  it("attaches the company's files, shares them with a public message, and refuses another company's", async () => {
    const file = await app.database.db.document.create({
      data: { businessId: a.businessId, companyId, name: 'Brief.pdf', url: 'https://files.example.test/brief.pdf' },
    });
    const sent = await staff.messages.post.mutate({ threadId, body: 'The brief', attachmentIds: [file.id] });
    expect(sent.attachments).toEqual([expect.objectContaining({ id: file.id, name: 'Brief.pdf' })]);
    expect((await app.database.db.document.findUniqueOrThrow({ where: { id: file.id } })).visibleInPortal).toBe(true);
    const portal = await client.portalMessages.messages.query({ threadId, limit: 5 });
    expect(portal.items.find((m) => m.id === sent.id)?.attachments.map((x) => x.id)).toEqual([file.id]);

    const other = await app.database.db.document.create({
      data: { businessId: a.businessId, companyId: a.companies[1].id, name: 'Other.pdf', url: 'https://x.test/o.pdf' },
    });
    expect(
      await refused(staff.messages.post.mutate({ threadId, body: 'Wrong file', attachmentIds: [other.id] })),
    ).toMatchObject({ httpStatus: 400, message: M.messages.attachmentOtherCompany });
  });

  it('keeps messages when their author is removed, and deletes a company with its conversations', async () => {
    const other = a.companies[1].id;
    const thread = (await staff.messages.companyThread.mutate({ companyId: other })).thread.id;
    const contact = await app.database.db.contact.update({
      where: { id: a.rows.contact[1] },
      data: { portalAccess: true },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    const written = await trpcClient(app.baseUrl, { token }).portalMessages.post.mutate({
      threadId: thread,
      body: 'Bye',
    });
    await staff.contacts.remove.mutate({ id: contact.id });
    const kept = (await staff.messages.messages.query({ threadId: thread })).items.find((m) => m.id === written.id);
    expect(kept?.author).toEqual({ kind: 'contact', id: null, name: `${contact.firstName} ${contact.lastName}` });

    await staff.companies.delete.mutate({ id: other });
    expect(await app.database.db.messageThread.count({ where: { companyId: other } })).toBe(0);
    expect(await app.database.db.message.count({ where: { threadId: thread } })).toBe(0);
  });
});

describe('REST', () => {
  it('posts and pages messages over /api/messages, and answers 404 for another agency thread', async () => {
    const headers = { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' };
    const posted = await fetch(`${app.baseUrl}/api/messages/threads/${threadId}/messages`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ body: 'Over REST' }),
    });
    expect(posted.status).toBe(201);
    const page = await fetch(`${app.baseUrl}/api/messages/threads/${threadId}/messages?limit=1`, { headers });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { body: string }[])[0].body).toBe('Over REST');
    const foreign = await fetch(`${app.baseUrl}/api/messages/threads/${b.rows.messageThread[0]}/messages`, { headers });
    expect(foreign.status).toBe(404);
  });
});

describe('statements per request', () => {
  /** agency A's hand-written SQL, counting the statements it runs. */
  function countingRunner() {
    const runner = tenantRunner(app.database.sqlExecutor, a.businessId);
    const counted = { statements: 0 };
    const count = <T>(result: T) => {
      counted.statements++;
      return result;
    };
    const sql: SqlRunner = {
      provider: runner.provider,
      all: (q) => count(runner.all(q)),
      get: (q) => count(runner.get(q)),
      run: (q) => count(runner.run(q)),
    };
    return { sql, counted };
  }
  const owner = () => app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } });

  it("counts the hub's unread conversations in one statement, however many conversations there are", async () => {
    const user = await owner();
    const before = countingRunner();
    const few = await unreadThreads({ sql: before.sql, user });
    expect(before.counted.statements).toBe(1);
    // Twelve more conversations, each with a client's message the owner has not read.
    const { sql } = countingRunner();
    for (let i = 0; i < 12; i++) {
      const topic = await staff.messages.startTopic.mutate({ companyId, subject: `Statement count ${i}` });
      await sql.run(
        rawSql`INSERT INTO "Message" ("businessId", "threadId", "authorContactId", "authorKind", "authorName", "body", "createdAt") VALUES (${TENANT}, ${topic.thread.id}, ${a.portal.contactId}, ${'contact'}, ${'Client'}, ${'Unread'}, ${new Date()})`,
      );
      await sql.run(
        rawSql`UPDATE "MessageThread" SET "lastMessageAt" = ${new Date()} WHERE "businessId" = ${TENANT} AND "id" = ${topic.thread.id}`,
      );
    }
    const after = countingRunner();
    expect((await unreadThreads({ sql: after.sql, user })).threads).toBe(few.threads + 12);
    expect(after.counted.statements).toBe(1);
  });

  it('reads an inbox page, unread counts and previews included, in as many statements for 30 rows as for 2', async () => {
    const user = await owner();
    const statementsFor = async (limit: number) => {
      const { sql, counted } = countingRunner();
      const page = await inbox(
        {
          sql,
          user,
          db: undefined as never,
          businessId: a.businessId,
          app: undefined as never,
          res: undefined as never,
        },
        { limit },
      );
      return { rows: page.items.length, statements: counted.statements };
    };
    const small = await statementsFor(2);
    const large = await statementsFor(30);
    expect(small.rows).toBe(2);
    expect(large.rows).toBeGreaterThan(12);
    expect(large.statements).toBe(small.statements);
  });
});

describe('REST: every messages call is a row of the table, the same procedures', () => {
  const staffRows = restRoutes.filter((r) => r.procedure.startsWith('messages.'));
  const portalRows = restRoutes.filter((r) => r.procedure.startsWith('portalMessages.'));
  const bodyOf = (method: string) => (method === 'GET' || method === 'DELETE' ? {} : { body: {} });
  const path = (template: string, ids: Record<string, number>) =>
    template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]));

  it('has a row for each staff and portal procedure', () => {
    const procedures = (prefix: string) =>
      Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures)
        .filter((p) => p.startsWith(prefix))
        .sort();
    expect([...new Set(staffRows.map((r) => r.procedure))].sort()).toEqual(procedures('messages.'));
    expect([...new Set(portalRows.map((r) => r.procedure))].sort()).toEqual(procedures('portalMessages.'));
  });

  it("walks the hub's calls with an API token: threads, inbox filters, topic, assign, post, edit, delete, read, unread", async () => {
    const { token } = await addApiToken(app, a.businessId, a.userId);
    const rest = httpClient(app.baseUrl);
    const company = await rest.post(`/api/messages/companies/${companyId}/thread`, undefined, { token });
    expect(company).toMatchObject({ status: 200, body: { thread: { id: threadId, kind: 'company' } } });
    const project = await rest.post(`/api/messages/projects/${a.rows.project[0]}/thread`, undefined, { token });
    expect(project.body.thread).toMatchObject({ kind: 'project', project: { id: a.rows.project[0] } });
    const topic = await rest.post('/api/messages/threads', { companyId, subject: 'REST topic' }, { token });
    expect(topic).toMatchObject({ status: 201, body: { thread: { kind: 'topic', subject: 'REST topic' } } });
    const topicId: number = topic.body.thread.id;
    const first = await rest.post(`/api/messages/threads/${topicId}/messages`, { body: 'Opened over REST' }, { token });
    expect(first.status).toBe(201);

    // The inbox answers its rows, with the count and the opaque cursor in headers, like every list path.
    const inbox = await rest.get(`/api/messages/threads?companyId=${companyId}&limit=1`, { token });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toHaveLength(1);
    expect(Number(inbox.headers.get('x-total-count'))).toBeGreaterThanOrEqual(2);
    const next = inbox.headers.get('x-next-cursor')!;
    const second = await rest.get(
      `/api/messages/threads?companyId=${companyId}&limit=1&cursor=${encodeURIComponent(next)}`,
      { token },
    );
    expect(second.status).toBe(200);
    expect(second.body[0].id).not.toBe(inbox.body[0].id);
    const searched = await rest.get('/api/messages/threads?search=REST%20topic', { token });
    expect(searched.body.map((t: { id: number }) => t.id)).toEqual([topicId]);
    expect((await rest.get(`/api/messages/threads?companyId=${b.companies[0].id}`, { token })).status).toBe(404);

    const assigned = await rest.call('PUT', `/api/messages/threads/${topicId}/assignee`, {
      token,
      body: { assigneeId: a.userId },
    });
    expect(assigned.body.thread.assignee).toMatchObject({ id: a.userId });
    const mine = await rest.get('/api/messages/threads?mine=true', { token });
    expect(mine.body.map((t: { id: number }) => t.id)).toContain(topicId);

    const posted = await rest.post(
      `/api/messages/threads/${topicId}/messages`,
      { body: 'Second, over REST' },
      { token },
    );
    expect(posted).toMatchObject({ status: 201, body: { body: 'Second, over REST', mine: true } });
    const edited = await rest.patch(`/api/messages/${posted.body.id}`, { body: 'Second, edited' }, { token });
    expect(edited.body).toMatchObject({ body: 'Second, edited', editedAt: expect.any(String) });
    const page = await rest.get(`/api/messages/threads/${topicId}/messages?limit=1`, { token });
    expect(page.body.map((m: { id: number }) => m.id)).toEqual([posted.body.id]);
    expect(page.headers.get('x-next-cursor')).toBe(String(posted.body.id));
    const deleted = await rest.call('DELETE', `/api/messages/${posted.body.id}`, { token });
    expect(deleted.body).toMatchObject({ id: posted.body.id, deletedAt: expect.any(String) });

    // The client writes; the hub's unread count moves, and marking the thread read brings it back.
    await client.portalMessages.post.mutate({ threadId: topicId, body: 'A client question' });
    const before = (await rest.get('/api/messages/unread', { token })).body.threads;
    const read = await rest.post(`/api/messages/threads/${topicId}/read`, {}, { token });
    expect(read.body.lastReadMessageId).toBeGreaterThan(posted.body.id);
    expect((await rest.get('/api/messages/unread', { token })).body.threads).toBe(before - 1);
    const detail = await rest.get(`/api/messages/threads/${topicId}`, { token });
    expect(detail.body.readers).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'staff', id: a.userId })]),
    );
    expect((await rest.get(`/api/messages/threads/${b.rows.messageThread[0]}`, { token })).status).toBe(404);
  });

  it("walks the portal's calls with the client's session; never an internal note; staff and API tokens refused", async () => {
    const portal = httpClient(app.baseUrl);
    const token = a.portal.token;
    const note = await staff.messages.post.mutate({ threadId, body: INTERNAL, internal: true });
    const opened = await portal.post('/api/portal/messages/threads', {}, { token });
    expect(opened).toMatchObject({ status: 200, body: { thread: { id: threadId } } });
    expect(opened.body.thread).not.toHaveProperty('waitingOnStaff');
    const posted = await portal.post(
      `/api/portal/messages/threads/${threadId}/messages`,
      { body: 'From the portal, over REST' },
      { token },
    );
    expect(posted).toMatchObject({ status: 201, body: { body: 'From the portal, over REST', mine: true } });
    expect(posted.body).not.toHaveProperty('internal');
    const edited = await portal.patch(
      `/api/portal/messages/${posted.body.id}`,
      { body: 'Edited in the portal' },
      { token },
    );
    expect(edited.body.body).toBe('Edited in the portal');

    const threads = await portal.get('/api/portal/messages/threads', { token });
    expect(threads.status).toBe(200);
    expect(threads.headers.get('x-total-count')).toBe(String(threads.body.length));
    const page = await portal.get(`/api/portal/messages/threads/${threadId}/messages?limit=100`, { token });
    expect(page.body.map((m: { id: number }) => m.id)).toContain(posted.body.id);
    expect(page.body.map((m: { id: number }) => m.id)).not.toContain(note.id);
    expect(JSON.stringify([threads.body, page.body])).not.toContain(INTERNAL);
    expect((await portal.get(`/api/portal/messages/threads/${threadId}`, { token })).body).toMatchObject({
      thread: { id: threadId },
      agencyReadUpTo: expect.any(Number),
    });
    const read = await portal.post(`/api/portal/messages/threads/${threadId}/read`, {}, { token });
    expect(read.status).toBe(200);
    expect((await portal.get('/api/portal/messages/unread', { token })).body).toEqual({ threads: expect.any(Number) });
    expect((await portal.call('DELETE', `/api/portal/messages/${posted.body.id}`, { token })).status).toBe(200);

    // Another company's conversation is not found; another agency's slug is refused.
    const otherThread = (await staff.messages.companyThread.mutate({ companyId: a.companies[2].id })).thread.id;
    expect((await portal.get(`/api/portal/messages/threads/${otherThread}`, { token })).status).toBe(404);
    expect((await portal.get(`/api/portal/messages/threads?slug=${b.slug}`, { token })).status).toBe(403);

    // The portal's rows take a portal session only; the hub's a staff one only.
    const { token: apiToken } = await addApiToken(app, a.businessId, a.userId);
    for (const row of portalRows) {
      const url = path(row.path, { threadId, messageId: posted.body.id });
      for (const other of [a.token, apiToken])
        expect(
          (await portal.call(row.method, url, { token: other, ...bodyOf(row.method) })).status,
          `${row.method} ${row.path}`,
        ).toBe(401);
    }
    for (const row of staffRows) {
      const url = path(row.path, { threadId, messageId: posted.body.id, companyId, projectId: a.rows.project[0] });
      expect(
        (await portal.call(row.method, url, { token, ...bodyOf(row.method) })).status,
        `${row.method} ${row.path}`,
      ).toBe(401);
    }
  });
});

describe('live updates', () => {
  it("carries a posted message to the client's open stream and staff's, but an internal note to staff's only", async () => {
    const clientStream = await openLiveStream(app.baseUrl, 'portalLive.events', { token: a.portal.token });
    const staffStream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    const isMessage = (id: number) => (m: { topic: string; data: unknown }) =>
      m.topic === MESSAGES_LIVE_TOPIC && (m.data as { messageId?: number }).messageId === id;
    const note = await staff.messages.post.mutate({ threadId, body: INTERNAL, internal: true });
    const shared = await staff.messages.post.mutate({ threadId, body: 'Live: the draft is ready for you' });
    // Staff windows hear of both; the client's only of the shared message (the note came first, so it would be there).
    await staffStream.next(isMessage(note.id));
    await staffStream.next(isMessage(shared.id));
    const heard = await clientStream.next(isMessage(shared.id));
    expect(heard.data).toMatchObject({ type: 'message.posted', threadId, internal: false });
    expect(clientStream.messages.filter((m) => m.topic === MESSAGES_LIVE_TOPIC)).toHaveLength(1);
    expect(clientStream.messages.some(isMessage(note.id))).toBe(false);
    // Ids only, never the text.
    expect(JSON.stringify(staffStream.messages)).not.toContain('draft is ready');
    clientStream.close();
    staffStream.close();
  });
});

describe('beside a conversation of 100,000 messages (last: it stays in the agency)', () => {
  it("reads the inbox's unread counts and last messages from the thread's index, never walking the primary key", async () => {
    const topic = await staff.messages.startTopic.mutate({ companyId, subject: 'A very long conversation' });
    const counting = tenantRunner(app.database.sqlExecutor, a.businessId);
    const at = Date.now() - 100_000_000;
    for (let i = 0; i < 100_000; i += 1_000) {
      const values = Array.from(
        { length: 1_000 },
        (_, j) =>
          rawSql`(${TENANT}, ${topic.thread.id}, ${a.userId}, ${'staff'}, ${'Owner'}, ${'Long'}, ${new Date(at + (i + j) * 1000)})`,
      );
      await counting.run(
        rawSql`INSERT INTO "Message" ("businessId", "threadId", "authorUserId", "authorKind", "authorName", "body", "createdAt") VALUES ${join(values, ', ')}`,
      );
    }
    await counting.run(
      rawSql`UPDATE "MessageThread" SET "lastMessageAt" = ${new Date()} WHERE "businessId" = ${TENANT} AND "id" = ${topic.thread.id}`,
    );
    // The planner's statistics, as autovacuum would gather them after such a load.
    await app.database.db.$executeRawUnsafe('ANALYZE');
    const statements: Sql[] = [];
    const runner = tenantRunner(app.database.sqlExecutor, a.businessId);
    const spy: SqlRunner = {
      provider: runner.provider,
      all: (q) => {
        statements.push(q);
        return runner.all(q);
      },
      get: (q) => {
        statements.push(q);
        return runner.get(q);
      },
      run: (q) => runner.run(q),
    };
    const user = await app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    const scope = { sql: spy, user, db: undefined as never, businessId: a.businessId, app: undefined as never };
    const page = await inbox({ ...scope, res: undefined as never }, { limit: 30 });
    expect(page.items.map((t) => t.id)).toContain(topic.thread.id);
    const postgres = app.database.provider === 'postgresql';
    const plans: string[] = [];
    for (const statement of statements) {
      const explain = postgres ? 'EXPLAIN ' : 'EXPLAIN QUERY PLAN ';
      const rows = await runner.all(
        new Sql([explain + statement.strings[0], ...statement.strings.slice(1)], statement.values),
      );
      plans.push(rows.map((r) => Object.values(r).join(' ')).join('\n'));
    }
    const plan = plans.join('\n');
    if (postgres) expect(plan).not.toMatch(/Message_pkey/);
    else expect(plan).not.toMatch(/SCAN (um|lm)\b/);
    expect(plan).toMatch(/Message_businessId_threadId_id_idx/);
  });
});
