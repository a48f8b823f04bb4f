/**
 * Clients attach files to messages (POST /api/portal/messages/upload, then portalMessages.post with attachmentIds),
 * a file sent in a message links back to its conversation in the hub's and the portal's Files (never, for a client,
 * to an internal note), and a client who loses the portal, or moves company, loses the conversation at once — their
 * open live stream included. Tenancy of the route and the procedures is also the access matrix's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { MESSAGES_LIVE_TOPIC } from '../../shared/live';
import { createPortalSession } from '../../server/auth/sessions';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { openLiveStream } from '../support/live';
import { listDocuments } from '../../server/domain/documents';
import { runAsTenant } from '../../server/tenancy';
import { tenantRunner, type Sql, type SqlRunner } from '../../server/sql';
import { documentListInput } from '../../shared/schemas/documents';
import { storedKeys } from '../support/stored';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

const MAX_UPLOAD = 4 * 1024;

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let client: TrpcClient;
let companyId: number;
let threadId: number;

const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => ({ ...refusal(error), message: (error as Error).message }),
  );

/** A client's upload as the portal's composer sends it: the conversation first, then the file. */
async function upload(thread: number | string, content: string | Buffer, token = a.portal.token, name = 'brief.txt') {
  const form = new FormData();
  form.append('threadId', String(thread));
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'text/plain' }),
    name,
  );
  const res = await fetch(`${app.baseUrl}/api/portal/messages/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  app = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  client = trpcClient(app.baseUrl, { token: a.portal.token });
  companyId = a.portal.companyId;
  threadId = (await staff.messages.companyThread.mutate({ companyId })).thread.id;
});
afterAll(() => app.close());

describe('POST /api/portal/messages/upload', () => {
  it("stores the client's file as a file of their company, shown to them and to staff, and attaches it to their message", async () => {
    const res = await upload(threadId, 'the signed brief', a.portal.token, 'signed-brief.txt');
    expect(res).toMatchObject({ status: 201, body: { name: 'signed-brief.txt', size: 16 } });
    const doc = await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(doc).toMatchObject({
      businessId: a.businessId,
      companyId,
      projectId: null,
      visibleInPortal: true,
      uploadedById: null,
      storageKey: expect.any(String),
    });
    const sent = await client.portalMessages.post.mutate({ threadId, body: 'Signed!', attachmentIds: [res.body.id] });
    expect(sent.attachments).toEqual([
      expect.objectContaining({ id: res.body.id, name: 'signed-brief.txt', size: 16 }),
    ]);
    const hub = await staff.messages.messages.query({ threadId, limit: 5 });
    expect(hub.items.find((m) => m.id === sent.id)?.attachments.map((f) => f.id)).toEqual([res.body.id]);
    // Staff download it like any company file.
    const download = await fetch(`${app.baseUrl}/api/documents/${res.body.id}/download`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect([download.status, await download.text()]).toEqual([200, 'the signed brief']);
  });

  it("makes a file sent in a project's conversation that project's file", async () => {
    const project = await app.database.db.project.update({
      where: { id: a.rows.project[0] },
      data: { companyId, visibleToClient: true, status: 'in_progress' },
    });
    const thread = (await client.portalMessages.open.mutate({ projectId: project.id })).thread.id;
    const res = await upload(thread, 'project notes');
    expect(res.status).toBe(201);
    expect(await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      companyId,
      projectId: project.id,
    });
  });

  it('refuses a file over the upload limit with 413 and the upload message, storing nothing', async () => {
    const rows = await app.database.db.document.count({ where: { businessId: a.businessId } });
    const keys = storedKeys(app, a.businessId);
    const res = await upload(threadId, Buffer.alloc(MAX_UPLOAD + 1, 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.documents.tooLarge('4 KB'));
    expect(await app.database.db.document.count({ where: { businessId: a.businessId } })).toBe(rows);
    expect(storedKeys(app, a.businessId)).toEqual(keys);
  });

  it("answers 404 for another company's conversation and another agency's, storing nothing", async () => {
    const otherCompany = (await staff.messages.companyThread.mutate({ companyId: a.companies[1].id })).thread.id;
    const keys = storedKeys(app, a.businessId);
    for (const thread of [otherCompany, b.rows.messageThread[0], 'not-a-thread']) {
      expect(await upload(thread, 'x')).toMatchObject({ status: 404, body: { message: M.messages.threadNotFound } });
    }
    expect(storedKeys(app, a.businessId)).toEqual(keys);
  });

  it('refuses a staff preview of the portal with 403, storing nothing', async () => {
    const { token } = await createPortalSession(app.database.db, a.businessId, a.portal.contactId, a.userId);
    const rows = await app.database.db.document.count({ where: { businessId: a.businessId } });
    const keys = storedKeys(app, a.businessId);
    expect(await upload(threadId, 'from a preview', token)).toMatchObject({
      status: 403,
      body: { message: M.portal.preview.readOnly },
    });
    expect(await app.database.db.document.count({ where: { businessId: a.businessId } })).toBe(rows);
    expect(storedKeys(app, a.businessId)).toEqual(keys);
  });
});

describe('the storage quota (STORAGE_QUOTA_BYTES)', () => {
  it("refuses a client's attachment that does not fit with 413 'storage full', storing nothing; one that fits is kept", async () => {
    const quotaApp = await startApp(undefined, { env: { STORAGE_QUOTA_BYTES: '3000' } });
    try {
      const { a: agency } = await twoAgencies(quotaApp);
      const trpc = trpcClient(quotaApp.baseUrl, { token: agency.token });
      const thread = (await trpc.messages.companyThread.mutate({ companyId: agency.portal.companyId })).thread.id;
      const send = async (bytes: number) => {
        const form = new FormData();
        form.append('threadId', String(thread));
        form.append('file', new Blob([new Uint8Array(bytes).fill(65)], { type: 'text/plain' }), 'big.txt');
        const res = await fetch(`${quotaApp.baseUrl}/api/portal/messages/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${agency.portal.token}` },
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      };
      expect((await send(2000)).status).toBe(201);
      const rows = await quotaApp.database.db.document.count({ where: { businessId: agency.businessId } });
      const keys = storedKeys(quotaApp, agency.businessId);
      expect(await send(2000)).toMatchObject({ status: 413, body: { message: M.messages.uploadStorageFull } });
      expect(await quotaApp.database.db.document.count({ where: { businessId: agency.businessId } })).toBe(rows);
      expect(storedKeys(quotaApp, agency.businessId)).toEqual(keys);
    } finally {
      await quotaApp.close();
    }
  });
});

describe('portalMessages.post attachmentIds', () => {
  it("refuses another company's file, an internal file of their own company and another agency's, posting nothing", async () => {
    const other = await app.database.db.document.create({
      data: {
        businessId: a.businessId,
        companyId: a.companies[1].id,
        name: 'Other client.pdf',
        url: 'https://files.example.test/o.pdf',
        visibleInPortal: true,
      },
    });
    const internal = await app.database.db.document.create({
      data: { businessId: a.businessId, companyId, name: 'Margins.xlsx', url: 'https://files.example.test/m.xlsx' },
    });
    const foreign = b.rows.document[0];
    const before = await app.database.db.message.count({ where: { threadId } });
    for (const id of [other.id, internal.id, foreign]) {
      expect(
        await refused(client.portalMessages.post.mutate({ threadId, body: 'Sneaky', attachmentIds: [id] })),
      ).toMatchObject({ httpStatus: 404, message: M.messages.attachmentNotFound });
    }
    expect(await app.database.db.message.count({ where: { threadId } })).toBe(before);
    // The internal file stays internal: a refused attach never shares it.
    expect((await app.database.db.document.findUniqueOrThrow({ where: { id: internal.id } })).visibleInPortal).toBe(
      false,
    );
  });
});

describe("a file's way back to its message", () => {
  it('shows staff the conversation of an internal note, and never shows the client a link for one', async () => {
    const file = await app.database.db.document.create({
      data: { businessId: a.businessId, companyId, name: 'Costing.pdf', url: 'https://files.example.test/c.pdf' },
    });
    await staff.messages.post.mutate({
      threadId,
      body: 'Costs, for us only',
      internal: true,
      attachmentIds: [file.id],
    });
    const title = a.companies[0].name;
    expect((await staff.documents.get.query({ id: file.id })).sentIn).toEqual({ threadId, title, internal: true });
    const hubPage = await staff.documents.list.query({ companyId, limit: 100 });
    expect(hubPage.items.find((d) => d.id === file.id)?.sentIn).toEqual({ threadId, title, internal: true });
    // Even once staff share the file, the client sees it without a way to the note.
    await staff.documents.update.mutate({ id: file.id, visibleInPortal: true });
    const portal = await client.portal.files.query({ limit: 100 });
    const shown = portal.items.find((f) => f.id === file.id);
    expect(shown).toBeDefined();
    expect(shown?.sentIn).toBeNull();
    expect(JSON.stringify(portal)).not.toContain('Costs, for us only');
  });

  it('links a file sent in a message the client sees, in the hub and the portal', async () => {
    const file = await app.database.db.document.create({
      data: { businessId: a.businessId, companyId, name: 'Plan.pdf', url: 'https://files.example.test/p.pdf' },
    });
    await staff.messages.post.mutate({ threadId, body: 'The plan', attachmentIds: [file.id] });
    const title = a.companies[0].name;
    expect((await staff.documents.get.query({ id: file.id })).sentIn).toEqual({ threadId, title, internal: false });
    // The client's own company conversation is the one "with <agency>", as their portal names it.
    const agency = (await app.database.db.business.findUniqueOrThrow({ where: { id: a.businessId } })).name;
    const portal = await client.portal.files.query({ limit: 100 });
    expect(portal.items.find((f) => f.id === file.id)?.sentIn).toEqual({ threadId, title: agency });
    const dashboard = await client.portal.dashboard.query({});
    expect(dashboard.recentFiles.find((f) => f.id === file.id)?.sentIn).toEqual({ threadId, title: agency });
  });

  it('reads the links of a whole page in one statement, whatever the number of files (no N+1)', async () => {
    const files = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        app.database.db.document.create({
          data: { businessId: a.businessId, companyId, name: `Batch ${i}.pdf`, url: `https://files.example.test/${i}` },
        }),
      ),
    );
    await staff.messages.post.mutate({ threadId, body: 'A batch', attachmentIds: files.slice(0, 10).map((f) => f.id) });
    await staff.messages.post.mutate({ threadId, body: 'Two more', attachmentIds: files.slice(10).map((f) => f.id) });
    const runner = tenantRunner(app.database.sqlExecutor, a.businessId);
    const seen: string[] = [];
    const seeing = <T>(q: Sql, run: (q: Sql) => Promise<T>) => {
      seen.push(JSON.stringify(q));
      return run(q);
    };
    const counting: SqlRunner = {
      provider: runner.provider,
      all: (q) => seeing(q, (x) => runner.all(x)),
      get: (q) => seeing(q, (x) => runner.get(x)),
      run: (q) => seeing(q, (x) => runner.run(x)),
    };
    const page = await runAsTenant(a.businessId, () =>
      listDocuments({ sql: counting }, documentListInput.parse({ companyId, limit: 50 })),
    );
    expect(files.every((f) => page.items.find((d) => d.id === f.id)?.sentIn?.threadId === threadId)).toBe(true);
    expect(seen.filter((q) => q.includes('MessageAttachment'))).toHaveLength(1);
  });
});

describe('a client removed from the portal, or moved to another company, loses the conversation at once', () => {
  async function freshClient() {
    const contact = await app.database.db.contact.create({
      data: {
        businessId: a.businessId,
        companyId,
        firstName: 'Lee',
        lastName: `Leaving-${Date.now()}`,
        email: `lee-${Date.now()}-${Math.random().toString(36).slice(2)}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(app.database.db, a.businessId, contact.id);
    return { contact, token, trpc: trpcClient(app.baseUrl, { token }) };
  }
  const isMessage = (id: number) => (m: { topic: string; data: unknown }) =>
    m.topic === MESSAGES_LIVE_TOPIC && (m.data as { messageId?: number }).messageId === id;

  it('portal access switched off: every message call answers 401, the upload too, and the live stream ends hearing nothing more', async () => {
    const { contact, token, trpc } = await freshClient();
    const stream = await openLiveStream(app.baseUrl, 'portalLive.events', { portalCookie: token });
    const before = await staff.messages.post.mutate({ threadId, body: 'Before the switch' });
    await stream.next(isMessage(before.id));
    await app.database.db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    const after = await staff.messages.post.mutate({ threadId, body: 'After the switch: not for Lee' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED', httpStatus: 401 });
    expect(stream.messages.some(isMessage(after.id))).toBe(false);
    const unauthorized = { httpStatus: 401 };
    expect(await refused(trpc.portalMessages.threads.query({}))).toMatchObject(unauthorized);
    expect(await refused(trpc.portalMessages.thread.query({ threadId }))).toMatchObject(unauthorized);
    expect(await refused(trpc.portalMessages.messages.query({ threadId }))).toMatchObject(unauthorized);
    expect(await refused(trpc.portalMessages.post.mutate({ threadId, body: 'Still here?' }))).toMatchObject(
      unauthorized,
    );
    expect(await refused(trpc.portalMessages.markRead.mutate({ threadId }))).toMatchObject(unauthorized);
    expect(await refused(trpc.portalMessages.unread.query({}))).toMatchObject(unauthorized);
    expect((await upload(threadId, 'late file', token)).status).toBe(401);
  });

  it("moved to another company: the old company's conversation answers 404 (read, post, upload) and the stream ends", async () => {
    const { contact, token, trpc } = await freshClient();
    const stream = await openLiveStream(app.baseUrl, 'portalLive.events', { portalCookie: token });
    const mine = await trpc.portalMessages.post.mutate({ threadId, body: 'Hello from Lee' });
    await stream.next(isMessage(mine.id));
    await app.database.db.contact.update({ where: { id: contact.id }, data: { companyId: a.companies[1].id } });
    const after = await staff.messages.post.mutate({ threadId, body: 'For the old company only' });
    expect(await stream.ended).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(stream.messages.some(isMessage(after.id))).toBe(false);
    const notFound = { httpStatus: 404 };
    expect(await refused(trpc.portalMessages.thread.query({ threadId }))).toMatchObject(notFound);
    expect(await refused(trpc.portalMessages.messages.query({ threadId }))).toMatchObject(notFound);
    expect(await refused(trpc.portalMessages.post.mutate({ threadId, body: 'Old company?' }))).toMatchObject(notFound);
    expect(await refused(trpc.portalMessages.edit.mutate({ messageId: mine.id, body: 'Edited' }))).toMatchObject(
      notFound,
    );
    expect((await upload(threadId, 'wrong company', token)).status).toBe(404);
    const threads = await trpc.portalMessages.threads.query({});
    expect(threads.items.map((t) => t.id)).not.toContain(threadId);
  });
});
