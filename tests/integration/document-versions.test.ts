/**
 * File versions (issue 31): every file gets its version 1 with the SHA-256 of its bytes; a new version (POST
 * /api/documents/{id}/versions) becomes the current one, the file mirrors it, older bytes stay downloadable and the
 * file's pending approval requests are reset; the history is a keyset list; staff share an older version with the
 * client explicitly, and a portal user reaches nothing else (another company's or agency's file, an unshared older
 * version: 404); the sweep keeps every version's bytes, and deleting the file removes them all.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { dereference } from '@readme/openapi-parser';
import { sentenceText } from '../../shared/activity-format';
import { APPROVALS_LIVE_TOPIC, VERSIONS_LIVE_TOPIC } from '../../shared/live';
import { M } from '../../shared/messages';
import { sweepAgency } from '../../server/files/sweep';
import { twoAgencies, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { openLiveStream } from '../support/live';
import { storedBytes, storedKeys } from '../support/stored';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
/** The same database with a 1 KiB upload limit. */
let small: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let portal: TrpcClient;

beforeAll(async () => {
  app = await startApp();
  small = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: '1024' } });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  portal = trpcClient(app.baseUrl, { token: a.portal.token });
});
afterAll(async () => {
  await small?.close();
  await app?.close();
});

/** The tRPC code a call is refused with ('OK' when it is not). */
const codeOf = (call: Promise<unknown>) => call.then(() => 'OK', trpcCode);

const sha = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

function form(content: string, fileName: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  body.append('file', new Blob([content], { type: 'text/plain' }), fileName);
  return body;
}

async function send(path: string, body: FormData, token = a.token, on = app) {
  const res = await fetch(`${on.baseUrl}${path}`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A new file of agency A's portal client's company, shared with them unless said. */
async function uploadFile(content: string, fileName = 'logo-v1.txt', visibleInPortal = true) {
  const res = await send(
    '/api/documents/upload',
    form(content, fileName, { companyId: String(a.portal.companyId), visibleInPortal: String(visibleInPortal) }),
  );
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number };
}

const addVersion = (id: number, content: string, fileName = 'logo-v2.txt', token = a.token, on = app) =>
  send(`/api/documents/${id}/versions`, form(content, fileName), token, on);

const getVersion = (id: number, number: number, token = a.token) =>
  fetch(`${app.baseUrl}/api/documents/${id}/versions/${number}/download`, {
    headers: { authorization: `Bearer ${token}` },
    redirect: 'manual',
  });

describe('version 1', () => {
  it('every upload has its version 1 with the SHA-256 of its bytes, its uploader and a pending preview', async () => {
    const file = await uploadFile('first round of the logo');
    expect(file.version).toBe(1);
    const versions = await app.database.db.documentVersion.findMany({ where: { documentId: file.id } });
    expect(versions).toHaveLength(1);
    const doc = await app.database.db.document.findUniqueOrThrow({ where: { id: file.id } });
    expect(versions[0]).toMatchObject({
      number: 1,
      sha256: sha('first round of the logo'),
      size: 'first round of the logo'.length,
      storageKey: doc.storageKey,
      originalName: 'logo-v1.txt',
      uploadedById: a.userId,
      previewStatus: 'pending',
      sharedWithClient: false,
    });
    expect(versions[0].uploadedByName).toBeTruthy();
  });

  it("a client's message attachment has its version 1, uploaded by the client", async () => {
    const threadId = (await staff.messages.companyThread.mutate({ companyId: a.portal.companyId })).thread.id;
    const res = await send(
      '/api/portal/messages/upload',
      form('attached by the client', 'brief.txt', { threadId: String(threadId) }),
      a.portal.token,
    );
    expect(res.status).toBe(201);
    const [v1] = await app.database.db.documentVersion.findMany({ where: { documentId: res.body.id } });
    expect(v1).toMatchObject({ number: 1, sha256: sha('attached by the client'), uploadedById: null });
    expect(v1.uploadedByName).toBeTruthy();
  });

  it('a link has its version 1 too, without bytes (preview none)', async () => {
    const link = await staff.documents.create.mutate({
      name: 'Brief',
      url: 'https://files.example.test/brief.pdf',
      companyId: a.portal.companyId,
    });
    const [v1] = await app.database.db.documentVersion.findMany({ where: { documentId: link.id } });
    expect(v1).toMatchObject({ number: 1, storageKey: null, sha256: null, previewStatus: 'none' });
  });
});

describe('a new version', () => {
  it('becomes version 2: the file mirrors it, version 1 keeps its bytes and stays downloadable', async () => {
    const file = await uploadFile('logo, round one');
    const before = await app.database.db.document.findUniqueOrThrow({ where: { id: file.id } });
    const res = await addVersion(file.id, 'logo, round two — bolder', 'logo-v2.txt');
    expect(res.status).toBe(201);
    expect(res.body.version).toMatchObject({
      number: 2,
      current: true,
      sha256: sha('logo, round two — bolder'),
      originalName: 'logo-v2.txt',
      url: `/api/documents/${file.id}/versions/2/download`,
    });
    expect(res.body.resetApprovalRequestIds).toEqual([]);
    const after = await app.database.db.document.findUniqueOrThrow({ where: { id: file.id } });
    const v2 = await app.database.db.documentVersion.findFirstOrThrow({ where: { documentId: file.id, number: 2 } });
    expect(after).toMatchObject({
      version: 2,
      storageKey: v2.storageKey,
      size: Buffer.byteLength('logo, round two — bolder'),
      originalName: 'logo-v2.txt',
      mimeType: 'text/plain',
    });
    expect(after.storageKey).not.toBe(before.storageKey);
    // Both versions' bytes are stored; the current download serves version 2, the version's own route version 1.
    expect(storedBytes(app, before.storageKey!)?.toString()).toBe('logo, round one');
    const current = await fetch(`${app.baseUrl}/api/documents/${file.id}/download`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(await current.text()).toBe('logo, round two — bolder');
    const old = await getVersion(file.id, 1);
    expect(old.status).toBe(200);
    expect(old.headers.get('content-disposition')).toContain('logo-v1.txt');
    expect(old.headers.get('x-content-type-options')).toBe('nosniff');
    expect(old.headers.get('cache-control')).toBe('private, no-store, no-transform');
    expect(await old.text()).toBe('logo, round one');
    // The activity log says which version.
    const entry = await app.database.db.activity.findFirstOrThrow({
      where: { businessId: a.businessId, entityId: file.id, action: 'version_uploaded' },
    });
    expect(JSON.parse(entry.changes)).toEqual([{ field: 'version', from: 1, to: 2 }]);
    expect(entry.clientVisible).toBe(true);
  });

  it('resets the pending approval requests of the file, and only those', async () => {
    const file = await uploadFile('contract draft');
    const db = app.database.db;
    const v1 = await db.documentVersion.findFirstOrThrow({ where: { documentId: file.id, number: 1 } });
    const request = (status: string) =>
      db.approvalRequest.create({
        data: {
          businessId: a.businessId,
          documentId: file.id,
          versionId: v1.id,
          companyId: a.portal.companyId,
          mode: 'sequence',
          status,
          requestedByName: 'Owner',
        },
      });
    const pending = await request('pending');
    const approved = await request('approved');
    await db.approvalStep.createMany({
      data: [
        { businessId: a.businessId, requestId: pending.id, position: 0, status: 'approved' },
        { businessId: a.businessId, requestId: pending.id, position: 1, status: 'pending' },
        { businessId: a.businessId, requestId: pending.id, position: 2, status: 'waiting' },
        { businessId: a.businessId, requestId: approved.id, position: 0, status: 'approved' },
      ],
    });
    const res = await addVersion(file.id, 'contract draft, changes made');
    expect(res.status).toBe(201);
    expect(res.body.resetApprovalRequestIds).toEqual([pending.id]);
    const statuses = async (requestId: number) =>
      (await db.approvalStep.findMany({ where: { requestId }, orderBy: { position: 'asc' } })).map((s) => s.status);
    expect((await db.approvalRequest.findUniqueOrThrow({ where: { id: pending.id } })).status).toBe('reset');
    expect(await statuses(pending.id)).toEqual(['approved', 'reset', 'reset']);
    expect((await db.approvalRequest.findUniqueOrThrow({ where: { id: approved.id } })).status).toBe('approved');
    expect(await statuses(approved.id)).toEqual(['approved']);
  });

  it('is refused like an upload: empty (400), too large (413), another agency’s file (404), nothing stored', async () => {
    const file = await uploadFile('the original');
    const keys = storedKeys(app, a.businessId).length;
    expect(await addVersion(file.id, '')).toMatchObject({ status: 400, body: { message: M.documents.emptyFile } });
    expect((await addVersion(file.id, 'x'.repeat(2000), 'big.txt', a.token, small)).status).toBe(413);
    const foreign = await addVersion(b.rows.document[0], 'not yours');
    expect(foreign).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    // A portal session is no staff member.
    expect((await addVersion(file.id, 'from the client', 'c.txt', a.portal.token)).status).toBe(401);
    expect(storedKeys(app, a.businessId)).toHaveLength(keys);
    expect(await app.database.db.documentVersion.count({ where: { documentId: file.id } })).toBe(1);
    expect(await app.database.db.documentVersion.count({ where: { documentId: b.rows.document[0] } })).toBe(1);
  });
});

describe('the history', () => {
  it('lists the versions newest first, keyset pages with the total on the first, the current one marked', async () => {
    const file = await uploadFile('v1 bytes');
    await addVersion(file.id, 'v2 bytes');
    await addVersion(file.id, 'v3 bytes');
    const first = await staff.documents.versions.query({ id: file.id, limit: 2 });
    expect(first.items.map((v) => [v.number, v.current, v.size, v.sha256])).toEqual([
      [3, true, 8, sha('v3 bytes')],
      [2, false, 8, sha('v2 bytes')],
    ]);
    expect(first.total).toBe(3);
    expect(first.nextCursor).toBe(2);
    const second = await staff.documents.versions.query({ id: file.id, limit: 2, cursor: first.nextCursor });
    expect(second.items.map((v) => v.number)).toEqual([1]);
    expect(second.nextCursor).toBeNull();
    expect(second.items[0].uploadedByName).toBeTruthy();
  });

  it("another agency's file is NOT_FOUND", async () => {
    expect(await codeOf(staff.documents.versions.query({ id: b.rows.document[0] }))).toBe('NOT_FOUND');
    expect(
      await codeOf(staff.documents.shareVersion.mutate({ id: b.rows.document[0], number: 1, sharedWithClient: true })),
    ).toBe('NOT_FOUND');
  });
});

describe('the portal', () => {
  it('sees the current version, and an older one only once staff share it', async () => {
    const file = await uploadFile('homepage mock-up, v1', 'homepage-v1.txt');
    await addVersion(file.id, 'homepage mock-up, v2', 'homepage-v2.txt');
    const listed = (await portal.portal.files.query({})).items.find((f) => f.id === file.id);
    expect(listed).toMatchObject({ version: 2, sharedVersions: 0 });
    expect((await portal.portalFiles.versions.query({ id: file.id })).items).toEqual([]);
    // The current version, by its own route too; the older one is not theirs to reach.
    expect(await (await getVersion(file.id, 2, a.portal.token)).text()).toBe('homepage mock-up, v2');
    expect((await getVersion(file.id, 1, a.portal.token)).status).toBe(404);

    const shared = await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: true });
    expect(shared).toMatchObject({ number: 1, current: false, sharedWithClient: true });
    expect((await portal.portal.files.query({})).items.find((f) => f.id === file.id)?.sharedVersions).toBe(1);
    const older = await portal.portalFiles.versions.query({ id: file.id });
    expect(older.items.map((v) => [v.number, v.url])).toEqual([[1, `/api/documents/${file.id}/versions/1/download`]]);
    expect(await (await getVersion(file.id, 1, a.portal.token)).text()).toBe('homepage mock-up, v1');

    await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: false });
    expect((await getVersion(file.id, 1, a.portal.token)).status).toBe(404);
    expect((await portal.portalFiles.versions.query({ id: file.id })).items).toEqual([]);
    // Each toggle is one staff-only entry of the log, naming the version; setting what is set writes none.
    await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: false });
    const entries = await app.database.db.activity.findMany({
      where: { businessId: a.businessId, entityId: file.id, action: { in: ['version_shared', 'version_unshared'] } },
      orderBy: { id: 'asc' },
    });
    expect(entries.map((e) => [e.action, e.actorUserId, e.clientVisible, JSON.parse(e.changes)])).toEqual([
      [
        'version_shared',
        a.userId,
        false,
        [
          { field: 'version', from: null, to: 1 },
          { field: 'sharedWithClient', from: false, to: true },
        ],
      ],
      [
        'version_unshared',
        a.userId,
        false,
        [
          { field: 'version', from: null, to: 1 },
          { field: 'sharedWithClient', from: true, to: false },
        ],
      ],
    ]);
    expect(sentenceText('Ada', { ...entries[0], changes: JSON.parse(entries[0].changes) })).toBe(
      'Ada shared version 1 of file “homepage-v1.txt”',
    );
    // Never in the client's feed.
    const feed = await portal.portalActivity.list.query({ limit: 100 } as never);
    const feedIds = feed.items.map((e) => e.id);
    for (const e of entries) expect(feedIds).not.toContain(e.id);
  });

  it('the current version follows the file’s own sharing: sharing it alone is refused', async () => {
    const file = await uploadFile('one version only');
    const refused = staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: true });
    await expect(refused).rejects.toThrow(M.versions.currentIsShared);
  });

  it('never reaches a file that is not shared, another company’s or another agency’s (404)', async () => {
    const internal = await uploadFile('internal v1', 'internal.txt', false);
    await addVersion(internal.id, 'internal v2');
    await app.database.db.documentVersion.updateMany({
      where: { documentId: internal.id, number: 1 },
      data: { sharedWithClient: true },
    });
    expect((await getVersion(internal.id, 1, a.portal.token)).status).toBe(404);
    expect((await getVersion(internal.id, 2, a.portal.token)).status).toBe(404);
    expect(await codeOf(portal.portalFiles.versions.query({ id: internal.id }))).toBe('NOT_FOUND');
    // Another company of the same agency, shared with its own client.
    const otherCompany = a.companies.find((c) => c.id !== a.portal.companyId)!;
    const res = await send(
      '/api/documents/upload',
      form('theirs', 'theirs.txt', { companyId: String(otherCompany.id), visibleInPortal: 'true' }),
    );
    expect((await getVersion(res.body.id, 1, a.portal.token)).status).toBe(404);
    expect(await codeOf(portal.portalFiles.versions.query({ id: res.body.id }))).toBe('NOT_FOUND');
    // Another agency's shared file.
    expect((await getVersion(b.rows.document[0], 1, a.portal.token)).status).toBe(404);
    expect(await codeOf(portal.portalFiles.versions.query({ id: b.rows.document[0] }))).toBe('NOT_FOUND');
  });
});

describe('stored bytes', () => {
  it('the sweep keeps every version’s bytes; deleting the file removes them all', async () => {
    const file = await uploadFile('kept v1');
    await addVersion(file.id, 'kept v2');
    const keys = (await app.database.db.documentVersion.findMany({ where: { documentId: file.id } })).map(
      (v) => v.storageKey!,
    );
    expect(keys).toHaveLength(2);
    // Two hours on: any object no row names is an orphan by then.
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    await sweepAgency({ database: app.database, storage: app.storage }, a.businessId, { now: later });
    for (const key of keys) expect(storedBytes(app, key)).not.toBeNull();
    expect((await getVersion(file.id, 1)).status).toBe(200);

    await staff.documents.remove.mutate({ id: file.id });
    for (const key of keys) expect(storedBytes(app, key)).toBeNull();
    expect(await app.database.db.documentVersion.count({ where: { documentId: file.id } })).toBe(0);
  });
});

describe('export and import', () => {
  it('carry every version: numbers, checksums, uploaders, sharing, and the older bytes', async () => {
    const file = await uploadFile('exported v1', 'brand-v1.txt');
    await addVersion(file.id, 'exported v2, final', 'brand-v2.txt');
    await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: true });
    const zip = await fetch(`${app.baseUrl}/api/export.zip?companyId=${a.portal.companyId}`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(zip.status).toBe(200);
    const bytes = new Uint8Array(await zip.arrayBuffer());

    // Into a new agency: the file comes back at version 2, with version 1's bytes downloadable.
    const target = await signUpAgency(client(app.baseUrl));
    const body = new FormData();
    body.append('kind', 'archive');
    body.append('commit', 'true');
    body.append('file', new Blob([bytes], { type: 'application/zip' }), 'export.zip');
    const imported = await fetch(`${app.baseUrl}/api/imports`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${target.token}` },
    });
    expect(imported.status).toBe(200);
    const them = trpcClient(app.baseUrl, { token: target.token });
    const copy = (await them.documents.list.query({ search: 'brand-v1' })).items[0];
    expect(copy).toMatchObject({ version: 2, originalName: 'brand-v2.txt' });
    const history = await them.documents.versions.query({ id: copy.id });
    expect(history.items.map((v) => [v.number, v.current, v.sha256, v.sharedWithClient, v.originalName])).toEqual([
      [2, true, sha('exported v2, final'), false, 'brand-v2.txt'],
      [1, false, sha('exported v1'), true, 'brand-v1.txt'],
    ]);
    expect(await (await getVersion(copy.id, 1, target.token)).text()).toBe('exported v1');
    expect(await (await getVersion(copy.id, 2, target.token)).text()).toBe('exported v2, final');
    const keys = (await app.database.db.documentVersion.findMany({ where: { documentId: copy.id } })).map(
      (v) => v.storageKey,
    );
    expect(new Set(keys).size).toBe(2);
  });
});

describe('deleting a company', () => {
  it('removes every version’s bytes of its files', async () => {
    const company = await staff.companies.create.mutate({ name: 'Versioned Vineyard' });
    const res = await send(
      '/api/documents/upload',
      form('vineyard v1', 'label.txt', { companyId: String(company.id) }),
    );
    await addVersion(res.body.id, 'vineyard v2');
    const keys = (await app.database.db.documentVersion.findMany({ where: { documentId: res.body.id } })).map(
      (v) => v.storageKey!,
    );
    expect(keys).toHaveLength(2);
    await staff.companies.delete.mutate({ id: company.id });
    for (const key of keys) expect(storedBytes(app, key)).toBeNull();
  });
});

describe('live', () => {
  const isVersion = (documentId: number, number: number) => (m: { topic: string; data: unknown }) =>
    m.topic === VERSIONS_LIVE_TOPIC &&
    (m.data as { documentId?: number; number?: number }).documentId === documentId &&
    (m.data as { number?: number }).number === number;

  it("announces a new version (ids only) to staff and to the file's client, with the approval requests it reset", async () => {
    const file = await uploadFile('live v1', 'live.txt');
    const request = await staff.approvals.create.mutate({ documentId: file.id, mode: 'any' });
    const clientStream = await openLiveStream(app.baseUrl, 'portalLive.events', { token: a.portal.token });
    const staffStream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    const otherAgency = await openLiveStream(app.baseUrl, 'live.events', { token: b.token });
    expect((await addVersion(file.id, 'live v2 SECRET-BYTES')).status).toBe(201);
    const heard = await clientStream.next(isVersion(file.id, 2));
    expect(heard.data).toEqual({ documentId: file.id, number: 2, current: 2 });
    await staffStream.next(isVersion(file.id, 2));
    const reset = await clientStream.next(
      (m) => m.topic === APPROVALS_LIVE_TOPIC && (m.data as { requestId?: number }).requestId === request.id,
    );
    expect(reset.data).toEqual({ requestId: request.id, documentId: file.id, status: 'reset' });
    // Sharing an older version is announced too.
    await staff.documents.shareVersion.mutate({ id: file.id, number: 1, sharedWithClient: true });
    await clientStream.next(isVersion(file.id, 1));
    expect(JSON.stringify(clientStream.messages)).not.toContain('SECRET-BYTES');
    expect(otherAgency.messages.some((m) => m.topic === VERSIONS_LIVE_TOPIC)).toBe(false);
    for (const stream of [clientStream, staffStream, otherAgency]) stream.close();
  });

  it('never tells a client of a file the portal does not show them (not shared with them)', async () => {
    const hidden = await uploadFile('hidden v1', 'hidden.txt', false);
    const clientStream = await openLiveStream(app.baseUrl, 'portalLive.events', { token: a.portal.token });
    const staffStream = await openLiveStream(app.baseUrl, 'live.events', { token: a.token });
    expect((await addVersion(hidden.id, 'hidden v2')).status).toBe(201);
    await staffStream.next(isVersion(hidden.id, 2));
    // A shared file's version after it: once the client hears that one, the hidden one's has gone by.
    const shown = await uploadFile('shown v1', 'shown.txt');
    expect((await addVersion(shown.id, 'shown v2')).status).toBe(201);
    await clientStream.next(isVersion(shown.id, 2));
    expect(clientStream.messages.some(isVersion(hidden.id, 2))).toBe(false);
    const stored = await app.database.db.liveEvent.findFirstOrThrow({
      where: {
        businessId: a.businessId,
        topic: VERSIONS_LIVE_TOPIC,
        payload: { contains: `"documentId":${hidden.id},` },
      },
    });
    expect(stored.audience).toBe('staff');
    clientStream.close();
    staffStream.close();
  });
});

describe('two new versions at once', () => {
  it('never gives one number twice: each is the next, or refused with 409 and nothing kept', async () => {
    const file = await uploadFile('race v1');
    const before = storedKeys(app, a.businessId).length;
    const replies = await Promise.all([addVersion(file.id, 'race A'), addVersion(file.id, 'race B')]);
    const statuses = replies.map((r) => r.status).sort();
    expect([['201', '201'].join(), ['201', '409'].join()]).toContain(statuses.join());
    const made = replies.filter((r) => r.status === 201).length;
    for (const refused of replies.filter((r) => r.status === 409))
      expect(refused.body.message).toBe(M.versions.concurrent);
    const numbers = (await app.database.db.documentVersion.findMany({ where: { documentId: file.id } })).map(
      (v) => v.number,
    );
    expect(numbers.sort()).toEqual([1, 2, 3].slice(0, made + 1));
    expect(storedKeys(app, a.businessId)).toHaveLength(before + made);
  });
});

describe('the OpenAPI document', () => {
  it('describes the versions calls, and their replies match it', async () => {
    const doc = (await dereference(await (await fetch(`${app.baseUrl}/api/openapi.json`)).json())) as unknown as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
      >;
    };
    const ajv = addFormats(new Ajv2020({ allErrors: true, strict: false }));
    const check = (path: string, method: string, status: number, body: unknown) => {
      const validate = ajv.compile(
        doc.paths[path][method].responses[String(status)].content!['application/json'].schema,
      );
      expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}`).toEqual([]);
    };
    const file = await uploadFile('documented v1');
    check('/api/documents/{id}/versions', 'post', 201, (await addVersion(file.id, 'documented v2')).body);
    check('/api/documents/{id}/versions', 'post', 404, (await addVersion(b.rows.document[0], 'x')).body);
    const list = await fetch(`${app.baseUrl}/api/documents/${file.id}/versions`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    check('/api/documents/{id}/versions', 'get', 200, await list.json());
    const shared = await fetch(`${app.baseUrl}/api/documents/${file.id}/versions/1`, {
      method: 'PATCH',
      body: JSON.stringify({ sharedWithClient: true }),
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
    });
    expect(shared.status).toBe(200);
    check('/api/documents/{id}/versions/{number}', 'patch', 200, await shared.json());
    expect(Object.keys(doc.paths['/api/documents/{id}/versions/{number}/download'].get.responses).sort()).toEqual([
      '200',
      '206',
      '302',
      '401',
      '404',
    ]);
    const portalList = await fetch(`${app.baseUrl}/api/portal/files/any/${file.id}/versions`, {
      headers: { authorization: `Bearer ${a.portal.token}` },
    });
    expect(portalList.status).toBe(403);
  });
});
