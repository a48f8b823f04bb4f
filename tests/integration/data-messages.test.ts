/**
 * Messages in the export archive (issue 30): an agency's conversations go out with its export and come back with an
 * import (new ids, company/project/file links rewritten, internal notes still internal, singleton keys made again),
 * the messages of one import are bounded, and no export reaches a client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import { M } from '../../shared/messages';
import { ARCHIVE_LIMITS } from '../../server/data/import-archive';
import { appRouter } from '../../server/routers/_app';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

const I = M.data.import;

let app: TestApp;
/** The same database, with the ratio limit lifted, so a file of many small rows reaches the row bounds. */
let lenient: TestApp;
let source: Agency;
let zip: Buffer;
/** The source's project thread, its client message and the file attached to the staff reply. */
const fixture = { projectId: 0, projectThreadId: 0, contactEmail: '', documentName: 'Brief.pdf' };

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 4, 9, minutes));

beforeAll(async () => {
  app = await startApp();
  lenient = await startApp(undefined, { env: { IMPORT_MAX_RATIO: '100000' } });
  source = await createAgency(app, ['Birch Books']);
  const db = app.database.db;
  const bid = source.businessId;
  const company = source.companies[0];
  const project = await db.project.findFirstOrThrow({ where: { businessId: bid, companyId: company.id } });
  const contact = await db.contact.findUniqueOrThrow({ where: { id: source.portal.contactId } });
  fixture.projectId = project.id;
  fixture.contactEmail = contact.email;
  const document = await db.document.create({
    data: {
      businessId: bid,
      companyId: company.id,
      projectId: project.id,
      name: fixture.documentName,
      type: 'other',
      url: 'https://files.example/brief.pdf',
      visibleInPortal: true,
    },
  });
  // A project's conversation: the client asks, a note between staff, the reply with a file, an edit, a deletion.
  const thread = await db.messageThread.create({
    data: {
      businessId: bid,
      companyId: company.id,
      projectId: project.id,
      kind: 'project',
      singletonKey: `project:${project.id}`,
      assigneeId: source.userId,
      createdById: source.userId,
      createdAt: at(0),
    },
  });
  fixture.projectThreadId = thread.id;
  const post = (data: {
    body: string;
    kind: 'staff' | 'contact';
    minute: number;
    internal?: boolean;
    editedAt?: Date;
    deletedAt?: Date;
  }) =>
    db.message.create({
      data: {
        businessId: bid,
        threadId: thread.id,
        authorKind: data.kind,
        authorName: data.kind === 'staff' ? 'Olive Owner' : `${contact.firstName} ${contact.lastName}`,
        ...(data.kind === 'staff' ? { authorUserId: source.userId } : { authorContactId: contact.id }),
        body: data.body,
        internal: data.internal ?? false,
        editedAt: data.editedAt ?? null,
        deletedAt: data.deletedAt ?? null,
        createdAt: at(data.minute),
      },
    });
  await post({ body: 'Where is the brief?', kind: 'contact', minute: 1 });
  await post({ body: 'Note: they lost it again', kind: 'staff', minute: 2, internal: true });
  const reply = await post({ body: 'Here it is.', kind: 'staff', minute: 3, editedAt: at(4) });
  await db.messageAttachment.create({ data: { businessId: bid, messageId: reply.id, documentId: document.id } });
  await post({ body: '', kind: 'contact', minute: 5, deletedAt: at(6) });
  await post({ body: 'Thanks, one more question', kind: 'contact', minute: 7 });
  // A topic with a subject.
  const topic = await db.messageThread.create({
    data: { businessId: bid, companyId: company.id, kind: 'topic', subject: 'Invoices', createdAt: at(10) },
  });
  await db.message.create({
    data: {
      businessId: bid,
      threadId: topic.id,
      authorKind: 'staff',
      authorName: 'Olive Owner',
      authorUserId: source.userId,
      body: 'Your invoice is attached',
      createdAt: at(11),
    },
  });
  const res = await fetch(`${app.baseUrl}/api/export.zip`, { headers: { authorization: `Bearer ${source.token}` } });
  expect(res.status).toBe(200);
  zip = Buffer.from(await res.arrayBuffer());
});
afterAll(async () => {
  await Promise.all([app?.close(), lenient?.close()]);
});

function entriesOf(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, file) => {
      if (error || !file) return reject(error);
      const entries = new Map<string, Buffer>();
      file.on('entry', (entry: yauzl.Entry) =>
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            file.readEntry();
          });
        }),
      );
      file.on('end', () => resolve(entries));
      file.readEntry();
    }),
  );
}

async function zipOf(entries: Map<string, Buffer | string>): Promise<Buffer> {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  archive.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => archive.on('end', resolve));
  for (const [name, content] of entries) archive.append(content, { name });
  await archive.finalize();
  await done;
  return Buffer.concat(chunks);
}

async function importZip(server: TestApp, bytes: Buffer, token: string, commit: boolean) {
  const form = new FormData();
  form.append('kind', 'archive');
  form.append('commit', commit ? 'true' : 'false');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'export.zip');
  const res = await fetch(`${server.baseUrl}/api/imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, body: await res.json() };
}

/** An agency's conversations as people read them: names instead of ids. */
async function conversations(businessId: number) {
  const db = app.database.db;
  const threads = await db.messageThread.findMany({
    where: { businessId },
    orderBy: { createdAt: 'asc' },
    include: {
      company: true,
      project: true,
      assignee: true,
      messages: {
        orderBy: { id: 'asc' },
        include: { authorContact: true, attachments: { include: { document: true } } },
      },
    },
  });
  return threads.map((t) => ({
    kind: t.kind,
    subject: t.subject,
    company: t.company.name,
    project: t.project?.name ?? null,
    assignee: t.assignee?.email ?? null,
    createdAt: t.createdAt.toISOString(),
    lastMessageAt: t.lastMessageAt?.toISOString() ?? null,
    lastPublicMessageAt: t.lastPublicMessageAt?.toISOString() ?? null,
    waitingOnStaff: t.waitingOnStaff,
    messages: t.messages.map((m) => ({
      authorKind: m.authorKind,
      authorName: m.authorName,
      contact: m.authorContact?.email ?? null,
      body: m.body,
      internal: m.internal,
      editedAt: m.editedAt?.toISOString() ?? null,
      deletedAt: m.deletedAt?.toISOString() ?? null,
      createdAt: m.createdAt.toISOString(),
      files: m.attachments.map((a) => a.document.name),
    })),
  }));
}

describe('export: conversations', () => {
  it('writes threads, messages (internal notes flagged) and attachment links, and no reply token or read state', async () => {
    const entries = await entriesOf(zip);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    const counts = Object.fromEntries(manifest.entities.map((e: { name: string; count: number }) => [e.name, e.count]));
    // The fixture's company thread (2 messages) plus the project thread (5) and the topic (1).
    expect(counts).toMatchObject({ messageThreads: 3, messages: 8, messageAttachments: 1 });
    const messages = JSON.parse(entries.get('data/messages.json')!.toString());
    expect(messages.find((m: { body: string }) => m.body === 'Note: they lost it again')).toMatchObject({
      internal: true,
      authorKind: 'staff',
    });
    expect(Object.keys(messages[0]).sort()).toEqual(
      [
        'id',
        'threadId',
        'authorKind',
        'authorName',
        'authorUserId',
        'authorContactId',
        'body',
        'internal',
        'editedAt',
        'deletedAt',
        'createdAt',
      ].sort(),
    );
    const threads = JSON.parse(entries.get('data/messageThreads.json')!.toString());
    expect(threads.find((t: { kind: string }) => t.kind === 'project')).toMatchObject({
      projectId: fixture.projectId,
      assigneeId: source.userId,
    });
    expect([...entries.keys()].filter((k) => /replyToken|messageRead/i.test(k))).toEqual([]);
    expect(entries.get('data/messages.csv')!.toString().split('\r\n')[0]).toBe(
      'id,threadId,authorKind,authorName,authorUserId,authorContactId,body,internal,editedAt,deletedAt,createdAt',
    );
  });
});

describe('import: conversations', () => {
  it('previews them, then re-creates them in a fresh agency with every link rewritten', async () => {
    const target = await signUpAgency(client(app.baseUrl));
    const db = app.database.db;
    const targetId = (await db.user.findUniqueOrThrow({ where: { email: target.email } })).businessId;
    const preview = await importZip(app, zip, target.token, false);
    expect(preview.status).toBe(200);
    expect(preview.body.counts).toMatchObject({
      messageThreads: { new: 3, duplicate: 0, error: 0 },
      messages: { new: 8, duplicate: 0, error: 0 },
      messageAttachments: { new: 1, duplicate: 0, error: 0 },
    });
    const res = await importZip(app, zip, target.token, true);
    expect(res.status).toBe(200);
    expect(res.body.created).toMatchObject({ messageThreads: 3, messages: 8, messageAttachments: 1 });
    expect(res.body.notes).toContain(I.noteMessagesUnread);

    // The source's owner is not on the target's team: the assignee and the staff links are empty, the names stay.
    // The thread times and "waiting" flag are recomputed from the messages (the fixture's rows set none of them).
    const derived = ['lastMessageAt', 'lastPublicMessageAt', 'waitingOnStaff'] as const;
    const written = <T extends Record<string, unknown>>(t: T) =>
      Object.fromEntries(Object.entries(t).filter(([k]) => !derived.includes(k as never)));
    const before = (await conversations(source.businessId)).map((t) => written({ ...t, assignee: null }));
    const after = await conversations(targetId);
    expect(after.map(written)).toEqual(before);
    const projectThread = after.find((t) => t.kind === 'project')!;
    expect(projectThread.messages.map((m) => [m.body, m.internal, m.files])).toEqual([
      ['Where is the brief?', false, []],
      ['Note: they lost it again', true, []],
      ['Here it is.', false, [fixture.documentName]],
      ['', false, []],
      ['Thanks, one more question', false, []],
    ]);
    expect(projectThread.messages[0].contact).toBe(fixture.contactEmail);
    // Recomputed from the messages: the client wrote last, the last public message is theirs.
    expect(projectThread).toMatchObject({
      waitingOnStaff: true,
      lastMessageAt: at(7).toISOString(),
      lastPublicMessageAt: at(7).toISOString(),
    });

    // The singleton keys name the new company and project; the attachment names the new file.
    const threads = await db.messageThread.findMany({ where: { businessId: targetId }, include: { project: true } });
    const newProject = await db.project.findFirstOrThrow({
      where: { businessId: targetId, name: projectThread.project! },
    });
    const newCompany = await db.company.findFirstOrThrow({ where: { businessId: targetId, name: 'Birch Books' } });
    expect(threads.map((t) => t.singletonKey).sort()).toEqual(
      [`company:${newCompany.id}`, `project:${newProject.id}`, null].sort(),
    );
    expect(threads.every((t) => t.companyId === newCompany.id)).toBe(true);
    const attachment = await db.messageAttachment.findFirstOrThrow({
      where: { businessId: targetId },
      include: { document: true, message: true },
    });
    expect(attachment.document).toMatchObject({ businessId: targetId, name: fixture.documentName });
    expect(attachment.message.businessId).toBe(targetId);
  });

  it('adds a company export to the company and project conversations the agency already has, never a second one', async () => {
    const res = await fetch(`${app.baseUrl}/api/export.zip?companyId=${source.companies[0].id}`, {
      headers: { authorization: `Bearer ${source.token}` },
    });
    expect(res.status).toBe(200);
    const companyZip = Buffer.from(await res.arrayBuffer());
    const db = app.database.db;
    const keyed = () => db.messageThread.count({ where: { businessId: source.businessId, kind: 'company' } });
    expect(await keyed()).toBe(1);
    const imported = await importZip(app, companyZip, source.token, true);
    expect(imported.status).toBe(200);
    // The company is the same (by name): its thread takes the messages; the project is a new one, with its own.
    expect(imported.body.notes).toContain(I.noteJoinedThreads(1));
    expect(imported.body.created).toMatchObject({ messageThreads: 2, messages: 8 });
    expect(await keyed()).toBe(1);
    const companyThread = await db.messageThread.findFirstOrThrow({
      where: { businessId: source.businessId, kind: 'company' },
      include: { messages: true },
    });
    expect(companyThread.messages.map((m) => [m.body, m.internal]).sort()).toEqual(
      [
        ['Welcome aboard, Birch Books!', false],
        ['Welcome aboard, Birch Books!', false],
        ['Internal: Birch Books pays late, keep an eye on it', true],
        ['Internal: Birch Books pays late, keep an eye on it', true],
      ].sort(),
    );
    expect(await db.messageThread.count({ where: { businessId: source.businessId, kind: 'project' } })).toBe(2);
  });

  it('refuses a project conversation without its project, and a client message naming a team member', async () => {
    const entries = await entriesOf(zip);
    const threads = JSON.parse(entries.get('data/messageThreads.json')!.toString());
    const messages = JSON.parse(entries.get('data/messages.json')!.toString());
    const project = threads.findIndex((t: { kind: string }) => t.kind === 'project');
    threads[project].projectId = null;
    const fromClient = messages.findIndex((m: { authorKind: string }) => m.authorKind === 'contact');
    messages[fromClient].authorUserId = source.userId;
    const broken = new Map<string, Buffer | string>(entries);
    broken.set('data/messageThreads.json', JSON.stringify(threads));
    broken.set('data/messages.json', JSON.stringify(messages));
    const target = await signUpAgency(client(app.baseUrl));
    const res = await importZip(app, await zipOf(broken), target.token, false);
    expect(res.status).toBe(200);
    expect(res.body.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: project + 2, field: 'projectId', message: I.threadProject('project') }),
        expect.objectContaining({ line: fromClient + 2, field: 'authorUserId', message: I.messageAuthor('contact') }),
      ]),
    );
    expect((await importZip(app, await zipOf(broken), target.token, true)).status).toBe(400);
  });

  it(`refuses more than ${ARCHIVE_LIMITS.messages.toLocaleString('en-US')} messages in one import, before reading further`, async () => {
    const entries = await entriesOf(zip);
    const many = new Map<string, Buffer | string>(entries);
    const n = ARCHIVE_LIMITS.messages + 1;
    many.set('data/messages.json', `[${'{},'.repeat(n - 1)}{}]`);
    const target = await signUpAgency(client(app.baseUrl));
    const res = await importZip(lenient, await zipOf(many), target.token, false);
    expect([res.status, res.body.message]).toEqual([
      400,
      I.tooManyOfKind(ARCHIVE_LIMITS.messages.toLocaleString('en-US'), M.data.page.entities.messages),
    ]);
    // The bound is the messages' own, below the one every data file has.
    expect(ARCHIVE_LIMITS.messages).toBeLessThan(ARCHIVE_LIMITS.rowsPerFile);
    // At the bound, the file is read (its empty rows are problems of their own, not the bound).
    many.set('data/messages.json', `[${'{},'.repeat(ARCHIVE_LIMITS.messages - 1)}{}]`);
    const atBound = await importZip(lenient, await zipOf(many), target.token, false);
    expect(atBound.status).toBe(200);
    expect(atBound.body.counts.messages.error).toBe(ARCHIVE_LIMITS.messages);
  });
});

describe('no export reaches a client', () => {
  it('the portal has no export: its session is refused the export download, and no portal call exports', async () => {
    const portal = { authorization: `Bearer ${source.portal.token}` };
    for (const path of ['/api/export.zip', `/api/export.zip?companyId=${source.portal.companyId}`]) {
      const res = await fetch(`${app.baseUrl}${path}`, { headers: portal });
      expect(res.status, path).toBeGreaterThanOrEqual(401);
      expect(res.status, path).toBeLessThanOrEqual(403);
      expect(res.headers.get('content-type') ?? '').not.toContain('zip');
    }
    const procedures = Object.keys(
      (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures,
    );
    expect(procedures.filter((p) => p.startsWith('portal') && /export|download/i.test(p))).toEqual([]);
  });
});
