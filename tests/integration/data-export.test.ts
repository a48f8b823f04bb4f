/**
 * Data export (issue 13): GET /api/export.zip streams the whole agency (owner) or one client company (owner and
 * admin) as a zip of data/*.json + data/*.csv per entity, the stored files and manifest.json (last, with every
 * file's size and SHA-256); nothing secret is ever in it; a company export holds only that client's own rows;
 * another agency's company is 404 and its export never holds a row of ours. Above the thresholds the export is built
 * by a background job, the requester is e-mailed (real SMTP), and it downloads from GET /api/exports/{id}/download
 * for its requester or an owner only, until it expires (410, and the clean-up removes the stored zip).
 *
 * Test files share one database and run at once: every job runner here claims only this file's agencies' jobs.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import { parse as parseCsv } from 'csv-parse/sync';
import { parse as parseDisposition } from 'content-disposition';
import { M } from '../../shared/messages';
import { forbiddenMessage } from '../../shared/permissions';
import { hashToken } from '../../server/auth/tokens';
import { ENTITIES, ENTITY_NAMES, type Manifest } from '../../server/data/format';
import { exportZip } from '../../server/data/export';
import { createJobRunner } from '../../server/jobs';
import { JobRunner, enqueueJob, type JobDeps } from '../../server/jobs/queue';
import type { FileStorage } from '../../server/files/storage';
import { createAgency, PORTAL_PASSWORD, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { partialUploads, storedKeys } from '../support/stored';
import { addStaff, type StaffUser } from '../support/staff';
import { refusal, trpcClient } from '../support/trpc';

const X = M.data.export;
const DAY = 86_400_000;

type Zip = { names: string[]; files: Map<string, Buffer> };

/** Every entry of a zip, in the order they were written, read with yauzl (sizes and CRCs checked). */
function readZip(buffer: Buffer): Promise<Zip> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const names: string[] = [];
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            names.push(entry.fileName);
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve({ names, files }));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

const json = <T = Record<string, unknown>[]>(zip: Zip, name: string) =>
  JSON.parse(zip.files.get(name)!.toString('utf8')) as T;
const csv = (zip: Zip, name: string) =>
  parseCsv(zip.files.get(name)!, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const manifestOf = (zip: Zip) => json<Manifest>(zip, 'manifest.json');
/** Every byte of every entry, unpacked, as one text: what a secret must never appear in. */
const allText = (zip: Zip) => [...zip.files.values()].map((b) => b.toString('latin1')).join('\n');
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

let smtp: TestSmtpServer;
let app: TestApp;
/** The same database with both thresholds at 0: every export is built in the background. */
let bg: TestApp;
let a: Agency;
let b: Agency;
let admin: StaffUser;
let member: StaffUser;
let secondOwner: StaffUser;
const uploaded: { id: number; bytes: Buffer; name: string; companyId: number }[] = [];
const secrets: Record<string, string> = {};
let crossContactEmail: string;

async function get(url: string, token: string | null, on: TestApp = app) {
  const res = await fetch(`${on.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    headers: res.headers,
    body,
    json: () => JSON.parse(body.toString('utf8')) as { message: string; code: string },
  };
}

async function upload(on: TestApp, token: string, companyId: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('companyId', String(companyId));
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/octet-stream' }), name);
  const res = await fetch(`${on.baseUrl}/api/documents/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: number };
  return body.id;
}

/** The one mail to `address` with that subject (sent while the jobs drained). */
function mailTo(address: string, subject: string) {
  const mails = smtp.received.filter((m) => m.to.includes(address.toLowerCase()) && m.subject === subject);
  expect(mails).toHaveLength(1);
  return mails[0];
}

/** A runner over this file's agencies only. */
const runner = (on: TestApp, storage: FileStorage = on.storage) =>
  createJobRunner(
    { database: on.database, mailer: on.mailer, env: on.env, storage },
    { pollMs: 0, log: () => {}, businessIds: [a.businessId, b.businessId] },
  );

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp();
  bg = await startApp(undefined, {
    smtpUrl: smtp.url,
    uploadDir: app.uploadDir,
    env: { PUBLIC_URL: 'http://hub.test', EXPORT_INLINE_MAX_ROWS: '0', EXPORT_INLINE_MAX_BYTES: '0' },
  });
  a = await createAgency(app, ['Alder Architects', 'Maple Media']);
  b = await createAgency(app, ['Birch Bakery']);
  const db = app.database.db;
  admin = await addStaff(app, a, 'admin', 'Avery');
  member = await addStaff(app, a, 'member', 'Morgan');
  secondOwner = await addStaff(app, a, 'owner', 'Olive');
  await addStaff(app, a, 'member', 'Unrelated');
  const [alder, maple] = a.companies;

  // Stored files: two for Alder, one for Maple; a name that needs making safe.
  for (const [companyId, name, size] of [
    [alder.id, 'brief.pdf', 70_000],
    [alder.id, '../evil\\name?.txt', 10],
    [maple.id, 'maple-logo.png', 3000],
  ] as const) {
    const bytes = crypto.randomBytes(size);
    uploaded.push({ id: await upload(app, a.token, companyId, name, bytes), bytes, name, companyId });
  }
  // The agency's logo.
  const logoKey = app.storage.newKey(a.businessId);
  await app.storage.writeStream(logoKey, Readable.from([Buffer.from('logo bytes')]));
  await db.business.update({
    where: { id: a.businessId },
    data: { logoKey, logoName: 'logo.png', logoMime: 'image/png' },
  });

  // Secrets that must never leave: password hashes, a two-factor secret, a portal password hash, tokens, storage keys.
  await db.user.update({ where: { id: a.userId }, data: { totpSecret: 'TOTPSECRETABCDEFGHIJKLMNOP234567' } });
  const owner = await db.user.findUniqueOrThrow({ where: { id: a.userId } });
  const contact = await db.contact.findUniqueOrThrow({ where: { id: a.portal.contactId } });
  const token = await db.apiToken.findFirstOrThrow({ where: { businessId: a.businessId } });
  const doc = await db.document.findUniqueOrThrow({ where: { id: uploaded[0].id } });
  Object.assign(secrets, {
    passwordHash: owner.passwordHash,
    totpSecret: owner.totpSecret!,
    portalPasswordHash: contact.portalPasswordHash!,
    portalPassword: PORTAL_PASSWORD,
    apiTokenHash: token.tokenHash,
    sessionId: hashToken(a.token),
    storageKey: doc.storageKey!,
    logoKey,
  });

  // Alder's data beyond the fixture: an assigned task with a formula-looking title, a project contact, a
  // submission with an answer, resource details, an activity; and a contact of Maple on Alder's project.
  const project = await db.project.findFirstOrThrow({ where: { businessId: a.businessId, companyId: alder.id } });
  await db.task.create({
    data: {
      businessId: a.businessId,
      projectId: project.id,
      title: '=HYPERLINK("http://evil.test")',
      assigneeId: admin.id,
      status: 'completed',
      completedAt: new Date('2026-05-01T10:00:00Z'),
    },
  });
  const alderContact = await db.contact.findFirstOrThrow({ where: { businessId: a.businessId, companyId: alder.id } });
  const mapleContact = await db.contact.findFirstOrThrow({ where: { businessId: a.businessId, companyId: maple.id } });
  crossContactEmail = mapleContact.email;
  await db.projectContact.create({
    data: { businessId: a.businessId, projectId: project.id, contactId: alderContact.id },
  });
  await db.projectContact.create({
    data: { businessId: a.businessId, projectId: project.id, contactId: mapleContact.id },
  });
  const field = await db.flowField.findFirstOrThrow({
    where: { businessId: a.businessId, step: { flow: { companyId: alder.id } } },
  });
  await db.flowField.update({ where: { id: field.id }, data: { options: JSON.stringify({ choices: ['Yes', 'No'] }) } });
  const flow = await db.flow.findFirstOrThrow({ where: { businessId: a.businessId, companyId: alder.id } });
  const submission = await db.flowSubmission.create({
    data: { businessId: a.businessId, flowId: flow.id, contactId: alderContact.id, companyId: alder.id },
  });
  await db.flowAnswer.create({
    data: { businessId: a.businessId, submissionId: submission.id, flowFieldId: field.id, value: 'Grow, a lot' },
  });
  // Maple is archived: the export says since when.
  await db.company.update({ where: { id: maple.id }, data: { archivedAt: new Date('2026-06-01T09:30:00Z') } });
  const resource = await db.resource.findFirstOrThrow({ where: { businessId: a.businessId, companyId: alder.id } });
  await db.resourceDetail.create({
    data: { businessId: a.businessId, resourceId: resource.id, key: 'Login URL', value: 'https://alder.example' },
  });
  await db.activity.create({
    data: {
      businessId: a.businessId,
      actorType: 'staff',
      actorUserId: a.userId,
      actorName: 'Ada Lovelace',
      entityType: 'company',
      entityId: alder.id,
      entityName: alder.name,
      companyId: alder.id,
      action: 'updated',
      changes: JSON.stringify([{ field: 'name', from: 'Alder', to: alder.name }]),
    },
  });
});

afterAll(async () => {
  await bg?.close();
  await app?.close();
  await smtp?.close();
});

describe('GET /api/export.zip: the whole agency', () => {
  let zip: Zip;
  let res: Awaited<ReturnType<typeof get>>;
  beforeAll(async () => {
    res = await get('/api/export.zip', a.token);
    expect(res.status).toBe(200);
    zip = await readZip(res.body);
  });

  it('answers a zip attachment named clientflow-<slug>-<date>.zip, never cached', () => {
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(parseDisposition(res.headers.get('content-disposition')!)).toEqual({
      type: 'attachment',
      parameters: { filename: `clientflow-${a.slug}-${new Date().toISOString().slice(0, 10)}.zip` },
    });
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('holds business.json, a JSON and a CSV file per entity, the stored files and manifest.json last', () => {
    const manifest = manifestOf(zip);
    expect(zip.names.at(-1)).toBe('manifest.json');
    expect(manifest).toMatchObject({
      format: 'clientflow-export',
      version: 1,
      scope: { kind: 'agency' },
      business: { name: a.name, slug: a.slug },
    });
    expect(manifest.entities.map((e) => e.name)).toEqual([...ENTITY_NAMES]);
    for (const entity of manifest.entities) {
      const rows = json(zip, entity.json);
      expect(rows, entity.name).toHaveLength(entity.count);
      const lines = csv(zip, entity.csv);
      expect(lines, entity.name).toHaveLength(entity.count);
      const spec = ENTITIES.find((e) => e.name === entity.name)!;
      expect(zip.files.get(entity.csv)!.toString('utf8').split('\r\n')[0]).toBe(Object.keys(spec.columns).join(','));
      for (const row of rows) expect(Object.keys(row)).toEqual(Object.keys(spec.columns));
    }
    const business = json<Record<string, unknown>>(zip, 'data/business.json');
    expect(business).toMatchObject({ name: a.name, slug: a.slug, logoName: 'logo.png', logoMime: 'image/png' });
    expect(business).not.toHaveProperty('logoKey');
  });

  it("holds every stored file byte for byte, with the manifest's size and SHA-256, and documents name its path", () => {
    const manifest = manifestOf(zip);
    const documents = json(zip, 'data/documents.json');
    for (const file of uploaded) {
      const row = documents.find((d) => d.id === file.id)!;
      expect(row.file).toMatch(new RegExp(`^files/${file.id}/[^/\\\\]+$`));
      const bytes = zip.files.get(String(row.file))!;
      expect(Buffer.compare(bytes, file.bytes)).toBe(0);
      expect(manifest.files).toContainEqual({ path: row.file, size: file.bytes.length, sha256: sha256(file.bytes) });
    }
    expect(documents.find((d) => d.id === uploaded[1].id)!.file).toBe(`files/${uploaded[1].id}/name_.txt`);
    // A link has no bytes.
    expect(documents.find((d) => d.id === a.rows.document[0])).toMatchObject({
      file: null,
      url: 'https://files.example.test/contract.pdf',
    });
    expect(manifest.logo).toBe('files/logo/logo.png');
    expect(zip.files.get('files/logo/logo.png')!.toString()).toBe('logo bytes');
    for (const file of manifest.files) expect(sha256(zip.files.get(file.path)!)).toBe(file.sha256);
    expect(manifest.files).toHaveLength(uploaded.length + 1);
  });

  it('holds every row of the agency, json columns parsed in JSON and as text in CSV, formula cells made safe', () => {
    expect(json(zip, 'data/companies.json').map((c) => [c.id, c.archivedAt])).toEqual([
      [a.companies[0].id, null],
      [a.companies[1].id, '2026-06-01T09:30:00.000Z'],
    ]);
    expect(csv(zip, 'data/companies.csv').map((c) => c.archivedAt)).toEqual(['', '2026-06-01T09:30:00.000Z']);
    expect(json(zip, 'data/users.json').map((u) => u.id)).toEqual([
      a.userId,
      admin.id,
      member.id,
      secondOwner.id,
      expect.any(Number),
    ]);
    const field = json(zip, 'data/flowFields.json').find((f) => (f.options as { choices?: string[] }).choices);
    expect(field!.options).toEqual({ choices: ['Yes', 'No'] });
    expect(csv(zip, 'data/flowFields.csv').map((f) => f.options)).toContain('{"choices":["Yes","No"]}');
    const activity = json(zip, 'data/activities.json').find((e) => e.action === 'updated')!;
    expect(activity.changes).toEqual([{ field: 'name', from: 'Alder', to: 'Alder Architects' }]);
    const task = json(zip, 'data/tasks.json').find((t) => String(t.title).startsWith('=HYPERLINK'))!;
    expect(task).toMatchObject({ assigneeId: admin.id, status: 'completed', completedAt: '2026-05-01T10:00:00.000Z' });
    const line = csv(zip, 'data/tasks.csv').find((t) => t.id === String(task.id))!;
    expect(line).toMatchObject({
      title: `'=HYPERLINK("http://evil.test")`,
      completedAt: '2026-05-01T10:00:00.000Z',
      dueDate: '',
    });
    expect(
      csv(zip, 'data/contacts.csv')
        .map((c) => c.portalAccess)
        .sort(),
    ).toEqual(['false', 'true']);
    expect(json(zip, 'data/projectContacts.json')).toHaveLength(2);
    // Templates (the fixture's, one of each per company): steps parsed in JSON, the links by both ids.
    const flowTemplates = json(zip, 'data/flowTemplates.json');
    expect(flowTemplates.map((t) => t.id)).toEqual(a.rows.flowTemplate);
    expect(flowTemplates[0].steps).toEqual([{ stepTitle: 'Welcome', content: 'Hello', fields: [] }]);
    expect(json(zip, 'data/projectTemplates.json').map((t) => t.id)).toEqual(a.rows.projectTemplate);
    expect(json(zip, 'data/projectTemplateTasks.json')).toEqual(
      a.rows.projectTemplate.map((templateId) =>
        expect.objectContaining({ templateId, title: 'Kick-off', dueOffsetDays: 3, position: 0 }),
      ),
    );
    expect(json(zip, 'data/projectTemplateFlows.json')).toEqual(
      a.rows.projectTemplate.map((projectTemplateId, i) => ({
        projectTemplateId,
        flowTemplateId: a.rows.flowTemplate[i],
      })),
    );
  });

  it('never holds a secret: password hashes, two-factor secrets, portal passwords, tokens, sessions, storage keys', () => {
    const text = allText(zip);
    for (const [name, secret] of Object.entries(secrets)) expect(text.includes(secret), name).toBe(false);
    for (const column of ['passwordHash', 'totpSecret', 'portalPasswordHash', 'storageKey', 'tokenHash', 'logoKey'])
      expect(text.includes(column), column).toBe(false);
  });

  it("never holds another agency's rows, and theirs never holds ours", async () => {
    const theirs = await readZip((await get('/api/export.zip', b.token)).body);
    const text = allText(theirs);
    for (const company of a.companies) expect(text.includes(company.name)).toBe(false);
    expect(text.includes(a.portal.email)).toBe(false);
    expect(json(theirs, 'data/companies.json').map((c) => c.id)).toEqual(b.companies.map((c) => c.id));
    expect(manifestOf(theirs).files).toEqual([]);
    expect(allText(zip).includes('Birch Bakery')).toBe(false);
  });
});

describe('GET /api/export.zip?companyId=: one client company', () => {
  let zip: Zip;
  let res: Awaited<ReturnType<typeof get>>;
  beforeAll(async () => {
    res = await get(`/api/export.zip?companyId=${a.companies[0].id}`, admin.token);
    expect(res.status).toBe(200);
    zip = await readZip(res.body);
  });

  it('is named after the agency and the company', () => {
    expect(parseDisposition(res.headers.get('content-disposition')!).parameters.filename).toBe(
      `clientflow-${a.slug}-alder-architects-${new Date().toISOString().slice(0, 10)}.zip`,
    );
    expect(manifestOf(zip).scope).toEqual({
      kind: 'company',
      companyId: a.companies[0].id,
      companyName: 'Alder Architects',
    });
  });

  it("holds only that client's own rows and files, and only the staff they name", () => {
    const alder = a.companies[0].id;
    expect(json(zip, 'data/companies.json').map((c) => c.id)).toEqual([alder]);
    expect(json(zip, 'data/contacts.json').every((c) => c.companyId === alder)).toBe(true);
    expect(json(zip, 'data/projects.json').every((p) => p.companyId === alder)).toBe(true);
    expect(json(zip, 'data/tasks.json')).toHaveLength(2);
    expect(json(zip, 'data/projectContacts.json')).toHaveLength(1);
    expect(json(zip, 'data/flowSubmissions.json')).toHaveLength(1);
    expect(json(zip, 'data/flowAnswers.json')).toHaveLength(1);
    expect(json(zip, 'data/resourceDetails.json')).toHaveLength(1);
    expect(json(zip, 'data/activities.json').every((e) => e.companyId === alder)).toBe(true);
    expect(json(zip, 'data/documents.json').every((d) => d.companyId === alder)).toBe(true);
    // The owner uploaded and wrote the flow, the admin is assigned a task; the other members are named by nothing.
    expect(
      json(zip, 'data/users.json')
        .map((u) => u.id)
        .sort((x, y) => Number(x) - Number(y)),
    ).toEqual([a.userId, admin.id].sort((x, y) => x - y));
    const files = manifestOf(zip).files.map((f) => f.path);
    expect(files).toEqual(
      uploaded.filter((u) => u.companyId === alder).map((u) => expect.stringMatching(new RegExp(`^files/${u.id}/`))),
    );
    expect(manifestOf(zip).logo).toBeNull();
    expect(zip.names.some((n) => n.startsWith('files/logo/'))).toBe(false);
    // Templates are the agency's, not the client's.
    for (const name of ['flowTemplates', 'projectTemplates', 'projectTemplateTasks', 'projectTemplateFlows'])
      expect(json(zip, `data/${name}.json`), name).toEqual([]);
    const text = allText(zip);
    expect(text.includes(crossContactEmail)).toBe(false);
    expect(text.includes('Maple Media')).toBe(false);
    for (const secret of Object.values(secrets)) expect(text.includes(secret)).toBe(false);
  });

  it("answers 404 for another agency's company and an unknown one, 400 for a malformed id", async () => {
    for (const id of [b.companies[0].id, 2_000_000_000]) {
      const refused = await get(`/api/export.zip?companyId=${id}`, a.token);
      expect(refused.status).toBe(404);
      expect(refused.json()).toEqual({ message: X.companyNotFound, code: 'NOT_FOUND', requestId: expect.any(String) });
      expect(refused.headers.get('content-disposition')).toBeNull();
    }
    expect((await get('/api/export.zip?companyId=abc', a.token)).status).toBe(400);
  });
});

describe('who may export', () => {
  it('refuses no session (401), a member (403) and an admin for the whole agency (403)', async () => {
    expect((await get('/api/export.zip', null)).status).toBe(401);
    expect((await get(`/api/export.zip?companyId=${a.companies[0].id}`, a.portal.token)).status).toBe(401);
    const refusedMember = await get('/api/export.zip', member.token);
    expect(refusedMember.status).toBe(403);
    expect(refusedMember.json().message).toBe(forbiddenMessage('data.export'));
    expect((await get('/api/export.zip', admin.token)).json().message).toBe(forbiddenMessage('data.export'));
    expect((await get(`/api/export.zip?companyId=${a.companies[0].id}`, member.token)).status).toBe(403);
    expect((await get('/api/export.zip', admin.token)).status).toBe(403);
    expect((await get(`/api/export.zip?companyId=${a.companies[0].id}`, admin.token)).status).toBe(200);
  });

  it('gives small exports as a download URL that works', async () => {
    const trpc = trpcClient(app.baseUrl, { token: a.token });
    expect(await trpc.data.requestExport.mutate()).toEqual({ mode: 'download', url: '/api/export.zip' });
    const company = await trpcClient(app.baseUrl, { token: admin.token }).data.requestCompanyExport.mutate({
      companyId: a.companies[1].id,
    });
    expect(company).toEqual({ mode: 'download', url: `/api/export.zip?companyId=${a.companies[1].id}` });
    const zip = await readZip((await get((company as { url: string }).url, admin.token)).body);
    expect(manifestOf(zip).scope).toMatchObject({ kind: 'company', companyName: 'Maple Media' });
    const refused = await trpcClient(app.baseUrl, { token: a.token })
      .data.requestCompanyExport.mutate({ companyId: b.companies[0].id })
      .then(() => ({}), refusal);
    expect(refused).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
  });
});

describe('REST', () => {
  const post = async (url: string, token: string) => {
    const res = await fetch(`${app.baseUrl}${url}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  it('POST /api/exports, POST /api/companies/{companyId}/exports and GET /api/exports answer the procedures', async () => {
    expect(await post('/api/exports', a.token)).toEqual({
      status: 200,
      body: { mode: 'download', url: '/api/export.zip' },
    });
    expect(await post(`/api/companies/${a.companies[0].id}/exports`, admin.token)).toEqual({
      status: 200,
      body: { mode: 'download', url: `/api/export.zip?companyId=${a.companies[0].id}` },
    });
    expect((await post(`/api/companies/${b.companies[0].id}/exports`, a.token)).status).toBe(404);
    expect((await post('/api/exports', admin.token)).status).toBe(403);
    const list = await fetch(`${app.baseUrl}/api/exports`, { headers: { authorization: `Bearer ${a.token}` } });
    expect([list.status, await list.json()]).toEqual([200, { items: [] }]);
  });
});

describe('background exports (over the thresholds)', () => {
  let exportId: number;

  it('creates a pending export and its job, lists it, and answers 409 until it is built', async () => {
    const trpc = trpcClient(bg.baseUrl, { token: a.token });
    const started = await trpc.data.requestExport.mutate();
    expect(started).toEqual({ mode: 'background', exportId: expect.any(Number), email: a.email });
    exportId = (started as { exportId: number }).exportId;
    // Asking again while it is being built gives the same export.
    expect(await trpc.data.requestExport.mutate()).toEqual(started);
    const row = await bg.database.db.export.findUniqueOrThrow({ where: { id: exportId } });
    expect(row).toMatchObject({
      businessId: a.businessId,
      requestedById: a.userId,
      scope: 'agency',
      companyId: null,
      status: 'pending',
      storageKey: null,
    });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeCloseTo(7 * DAY, -5);
    expect(
      await bg.database.db.job.count({
        where: { businessId: a.businessId, kind: 'export', payload: JSON.stringify({ exportId }) },
      }),
    ).toBe(1);
    const list = await trpc.data.exports.query();
    expect(list.items[0]).toMatchObject({
      id: exportId,
      scope: 'agency',
      status: 'pending',
      downloadUrl: null,
      size: 0,
      fileName: expect.stringMatching(/^clientflow-.+\.zip$/),
    });
    const early = await get(`/api/exports/${exportId}/download`, a.token, bg);
    expect(early.status).toBe(409);
    expect(early.json().message).toBe(X.notReady);
  });

  it('is built by the job, e-mails the requester a link to Account → Data, and downloads for them', async () => {
    await runner(bg).drain();
    const row = await bg.database.db.export.findUniqueOrThrow({ where: { id: exportId } });
    expect(row.status).toBe('ready');
    const mail = mailTo(a.email, X.readySubject(X.scopeAgency(a.name)));
    expect(mail.text).toContain('http://hub.test/hub/account?tab=data');
    const list = await trpcClient(bg.baseUrl, { token: a.token }).data.exports.query();
    expect(list.items[0]).toMatchObject({
      id: exportId,
      status: 'ready',
      downloadUrl: `/api/exports/${exportId}/download`,
      size: Number(row.size),
    });
    const res = await get(`/api/exports/${exportId}/download`, a.token, bg);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.body.length).toBe(Number(row.size));
    const zip = await readZip(res.body);
    expect(manifestOf(zip).files).toHaveLength(uploaded.length + 1);
    for (const file of uploaded)
      expect(manifestOf(zip).files).toContainEqual(expect.objectContaining({ sha256: sha256(file.bytes) }));
  });

  it("is 404 for another agency's owner and for an admin who did not request it; another owner may download it", async () => {
    for (const token of [b.token, admin.token, member.token]) {
      const refused = await get(`/api/exports/${exportId}/download`, token, bg);
      expect(refused.status).toBe(404);
      expect(refused.json().message).toBe(X.notFound);
    }
    expect((await get(`/api/exports/${exportId}/download`, null, bg)).status).toBe(401);
    expect((await get(`/api/exports/${exportId}/download`, secondOwner.token, bg)).status).toBe(200);
    expect((await trpcClient(bg.baseUrl, { token: secondOwner.token }).data.exports.query()).items).toEqual([]);
    expect((await get('/api/exports/2000000000/download', a.token, bg)).status).toBe(404);
  });

  it('builds a company export for an admin, listed for them only', async () => {
    const trpc = trpcClient(bg.baseUrl, { token: admin.token });
    const started = (await trpc.data.requestCompanyExport.mutate({ companyId: a.companies[0].id })) as {
      exportId: number;
    };
    await runner(bg).drain();
    const item = (await trpc.data.exports.query()).items[0];
    expect(item).toMatchObject({
      id: started.exportId,
      scope: 'company',
      companyId: a.companies[0].id,
      companyName: 'Alder Architects',
      status: 'ready',
    });
    const zip = await readZip((await get(item.downloadUrl!, admin.token, bg)).body);
    expect(json(zip, 'data/companies.json').map((c) => c.id)).toEqual([a.companies[0].id]);
    expect(mailTo(admin.email, X.readySubject('Alder Architects')).text).toContain(
      'http://hub.test/hub/account?tab=data',
    );
  });

  it('expires: 410, listed as expired, and the clean-up removes the stored zip', async () => {
    const row = await bg.database.db.export.findUniqueOrThrow({ where: { id: exportId } });
    expect(storedKeys(app)).toContain(row.storageKey);
    await bg.database.db.export.update({ where: { id: exportId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const gone = await get(`/api/exports/${exportId}/download`, a.token, bg);
    expect(gone.status).toBe(410);
    expect(gone.json().message).toBe(X.expired);
    const item = (await trpcClient(bg.baseUrl, { token: a.token }).data.exports.query()).items.find(
      (i) => i.id === exportId,
    );
    expect(item).toMatchObject({ status: 'expired', downloadUrl: null });
    await runner(bg).drain();
    expect(storedKeys(app)).not.toContain(row.storageKey);
    expect(await bg.database.db.export.findUniqueOrThrow({ where: { id: exportId } })).toMatchObject({
      status: 'expired',
      storageKey: null,
    });
  });

  it('marks the export failed after its last attempt and leaves no partial file', async () => {
    const broken: FileStorage = Object.assign(Object.create(app.storage) as FileStorage, {
      readStream: async () => {
        throw new Error('disk on fire');
      },
    });
    const started = (await trpcClient(bg.baseUrl, { token: a.token }).data.requestCompanyExport.mutate({
      companyId: a.companies[1].id,
    })) as { exportId: number };
    const before = [...storedKeys(app, a.businessId), ...partialUploads(app, a.businessId)];
    let now = Date.now();
    for (let attempt = 0; attempt < 3; attempt++, now += 2 * 60 * 60_000) await runner(bg, broken).drain(new Date(now));
    expect(await bg.database.db.export.findUniqueOrThrow({ where: { id: started.exportId } })).toMatchObject({
      status: 'failed',
      error: X.failed,
      storageKey: null,
    });
    expect([...storedKeys(app, a.businessId), ...partialUploads(app, a.businessId)]).toEqual(before);
    const item = (await trpcClient(bg.baseUrl, { token: a.token }).data.exports.query()).items.find(
      (i) => i.id === started.exportId,
    );
    expect(item).toMatchObject({ status: 'failed', downloadUrl: null });
  });
});

describe('the zip stream', () => {
  it('fails (an error, never a short valid zip) when a stored file cannot be read', async () => {
    const broken: FileStorage = Object.assign(Object.create(app.storage) as FileStorage, {
      readStream: async () => {
        throw new Error('disk on fire');
      },
    });
    const stream = exportZip(app.database, broken, { businessId: a.businessId });
    await expect(
      (async () => {
        for await (const _chunk of stream) void _chunk;
      })(),
    ).rejects.toThrow('disk on fire');
  });

  it('exports a document whose stored bytes are gone with file: null', async () => {
    const gone = await upload(app, a.token, a.companies[1].id, 'gone.txt', Buffer.from('soon gone'));
    const row = await app.database.db.document.findUniqueOrThrow({ where: { id: gone } });
    await app.storage.remove(row.storageKey!);
    const zip = await readZip((await get(`/api/export.zip?companyId=${a.companies[1].id}`, a.token)).body);
    expect(json(zip, 'data/documents.json').find((d) => d.id === gone)).toMatchObject({
      file: null,
      originalName: 'gone.txt',
    });
    expect(manifestOf(zip).files.some((f) => f.path.startsWith(`files/${gone}/`))).toBe(false);
    await app.database.db.document.delete({ where: { id: gone } });
  });
});

/**
 * A company export holds that client's rows only, whatever moved: a contact who came from another client brings
 * neither that client's submissions nor its flows nor the documents its answers name; it imports as it is.
 */
describe('a company export after a contact moved between clients', () => {
  let m: Agency;
  let cedar: { id: number; name: string };
  let dune: { id: number; name: string };
  const ids = {} as Record<
    | 'duneFlow'
    | 'template'
    | 'duneTemplate'
    | 'duneDoc'
    | 'duneSubmission'
    | 'cedarSubmission'
    | 'stored'
    | 'cedarTask'
    | 'cedarContact',
    number
  >;

  beforeAll(async () => {
    m = await createAgency(app, ['Cedar Consulting', 'Dune Design']);
    [cedar, dune] = m.companies;
    const db = app.database.db;
    const businessId = m.businessId;
    ids.stored = await upload(app, m.token, cedar.id, 'cedar-brief.txt', Buffer.from('cedar brief'));
    const [cedarContact, moved] = await Promise.all(
      [cedar, dune].map((c) => db.contact.findFirstOrThrow({ where: { businessId, companyId: c.id } })),
    );
    ids.cedarContact = cedarContact.id;
    ids.cedarTask = (await db.task.findFirstOrThrow({ where: { businessId, project: { companyId: cedar.id } } })).id;
    ids.duneDoc = (await db.document.findFirstOrThrow({ where: { businessId, companyId: dune.id } })).id;
    const fileField = async (flowId: number) => {
      const step =
        (await db.flowStep.findFirst({ where: { businessId, flowId } })) ??
        (await db.flowStep.create({ data: { businessId, flowId, stepOrder: 1, stepTitle: 'Files' } }));
      return db.flowField.create({
        data: { businessId, flowStepId: step.id, fieldLabel: 'A file', fieldType: 'file', options: '{}', order: 5 },
      });
    };
    const submit = async (flowId: number, contactId: number, companyId: number, fieldId: number, value: string) => {
      const s = await db.flowSubmission.create({ data: { businessId, flowId, contactId, companyId } });
      await db.flowAnswer.create({ data: { businessId, submissionId: s.id, flowFieldId: fieldId, value } });
      return s.id;
    };
    // Dune's contact answers Dune's flow with a Dune document, and an agency-wide template only Dune submitted to.
    const duneFlow = await db.flow.findFirstOrThrow({ where: { businessId, companyId: dune.id } });
    ids.duneFlow = duneFlow.id;
    ids.duneSubmission = await submit(
      duneFlow.id,
      moved.id,
      dune.id,
      (await fileField(duneFlow.id)).id,
      String(ids.duneDoc),
    );
    const duneTemplate = await db.flow.create({
      data: {
        businessId,
        companyId: null,
        name: 'Dune-only template',
        description: 'Template',
        workflowType: 'collect',
      },
    });
    ids.duneTemplate = duneTemplate.id;
    await submit(duneTemplate.id, moved.id, dune.id, (await fileField(duneTemplate.id)).id, String(ids.duneDoc));
    // Cedar's contact answers an agency-wide template with Cedar's file, and Cedar's flow naming Dune's document.
    const template = await db.flow.create({
      data: { businessId, companyId: null, name: 'Agency template', description: 'Template', workflowType: 'collect' },
    });
    ids.template = template.id;
    await submit(template.id, cedarContact.id, cedar.id, (await fileField(template.id)).id, String(ids.stored));
    const cedarFlow = await db.flow.findFirstOrThrow({ where: { businessId, companyId: cedar.id } });
    ids.cedarSubmission = await submit(
      cedarFlow.id,
      cedarContact.id,
      cedar.id,
      (await fileField(cedarFlow.id)).id,
      String(ids.duneDoc),
    );
    // Then the contact moves from Dune to Cedar.
    await db.contact.update({ where: { id: moved.id }, data: { companyId: cedar.id } });
  });

  it("leaves out the other client's flows, submissions and documents; references outside the zip are empty", async () => {
    const res = await get(`/api/export.zip?companyId=${cedar.id}`, m.token);
    expect(res.status).toBe(200);
    const zip = await readZip(res.body);
    const flowIds = json(zip, 'data/flows.json').map((f) => f.id);
    expect(flowIds).toContain(ids.template);
    expect(flowIds).not.toContain(ids.duneFlow);
    expect(flowIds).not.toContain(ids.duneTemplate);
    expect(json(zip, 'data/flowSubmissions.json').map((s) => s.companyId)).toEqual([cedar.id, cedar.id]);
    expect(json(zip, 'data/flowSubmissions.json').map((s) => s.id)).not.toContain(ids.duneSubmission);
    expect(json(zip, 'data/documents.json').map((d) => d.id)).not.toContain(ids.duneDoc);
    const answers = json(zip, 'data/flowAnswers.json');
    expect(answers.map((x) => x.value).sort()).toEqual(['', String(ids.stored)]);
    expect(
      csv(zip, 'data/flowAnswers.csv')
        .map((x) => x.value)
        .sort(),
    ).toEqual(['', String(ids.stored)]);
    const text = allText(zip);
    for (const name of ['Dune Design onboarding', 'Dune-only template', 'Dune Design contract.pdf'])
      expect(text.includes(name), name).toBe(false);
  });

  it('imports into a fresh agency as it is', async () => {
    const zip = (await get(`/api/export.zip?companyId=${cedar.id}`, m.token)).body;
    const target = await createAgency(app, ['Target Trading']);
    const form = new FormData();
    form.append('kind', 'archive');
    form.append('commit', 'true');
    form.append('file', new Blob([new Uint8Array(zip)], { type: 'application/zip' }), 'cedar.zip');
    const res = await fetch(`${app.baseUrl}/api/imports`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${target.token}` },
    });
    const body = (await res.json()) as { created: Record<string, number> };
    expect([res.status, body]).toMatchObject([
      200,
      { created: { companies: 1, flows: 2, flowSubmissions: 2, flowAnswers: 2 } },
    ]);
  });

  it('streams one export per agency at a time: another one meanwhile is 409', async () => {
    const storage = app.storage as FileStorage & { readStream: FileStorage['readStream'] };
    let release!: () => void;
    let reading!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (reading = r));
    const original = storage.readStream.bind(storage);
    storage.readStream = async (key) => {
      reading();
      await gate;
      return original(key);
    };
    try {
      const first = get(`/api/export.zip?companyId=${cedar.id}`, m.token);
      await started;
      for (const url of ['/api/export.zip', `/api/export.zip?companyId=${dune.id}`]) {
        const busy = await get(url, m.token);
        expect(busy.status).toBe(409);
        expect(busy.json()).toEqual({ message: X.busy, code: 'CONFLICT', requestId: expect.any(String) });
      }
      release();
      expect((await first).status).toBe(200);
    } finally {
      release();
      delete (storage as Partial<FileStorage>).readStream;
    }
    expect((await get('/api/export.zip', m.token)).status).toBe(200);
  });

  it('writes as empty a reference to a row created after the export began, and leaves out a row that needs one', async () => {
    const db = app.database.db;
    const businessId = m.businessId;
    const made = {} as { project: number; contact: number };
    // The stored files come first: while they are read, a task and a submission are re-linked to new rows.
    const relinking: FileStorage = Object.assign(Object.create(app.storage) as FileStorage, {
      readStream: async (key: string) => {
        if (!made.project) {
          made.project = (
            await db.project.create({ data: { businessId, companyId: cedar.id, name: 'Born mid-export' } })
          ).id;
          made.contact = (
            await db.contact.create({
              data: {
                businessId,
                companyId: cedar.id,
                firstName: 'New',
                lastName: 'Comer',
                email: `newcomer-${businessId}@client.test`,
              },
            })
          ).id;
          await db.task.update({ where: { id: ids.cedarTask }, data: { projectId: made.project } });
          await db.flowSubmission.update({ where: { id: ids.cedarSubmission }, data: { contactId: made.contact } });
        }
        return app.storage.readStream(key);
      },
    });
    for (const scope of [{ businessId }, { businessId, companyId: cedar.id }]) {
      if (made.project) {
        await db.task.update({
          where: { id: ids.cedarTask },
          data: { projectId: (await db.project.findFirstOrThrow({ where: { businessId, companyId: cedar.id } })).id },
        });
        await db.flowSubmission.update({ where: { id: ids.cedarSubmission }, data: { contactId: ids.cedarContact } });
        await db.task.deleteMany({ where: { projectId: made.project } });
        await db.project.delete({ where: { id: made.project } });
        await db.contact.delete({ where: { id: made.contact } });
        delete (made as Partial<typeof made>).project;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of exportZip(app.database, relinking, scope)) chunks.push(chunk as Buffer);
      const zip = await readZip(Buffer.concat(chunks));
      expect(made.project, 'the hook ran').toBeGreaterThan(0);
      expect(json(zip, 'data/tasks.json').find((t) => t.id === ids.cedarTask)).toMatchObject({ projectId: null });
      expect(csv(zip, 'data/tasks.csv').find((t) => t.id === String(ids.cedarTask))).toMatchObject({ projectId: '' });
      expect(json(zip, 'data/projects.json').map((p) => p.id)).not.toContain(made.project);
      for (const name of ['flowSubmissions', 'flowAnswers'] as const) {
        const column = name === 'flowSubmissions' ? 'id' : 'submissionId';
        expect(json(zip, `data/${name}.json`).map((r) => r[column])).not.toContain(ids.cedarSubmission);
        expect(csv(zip, `data/${name}.csv`).map((r) => r[column])).not.toContain(String(ids.cedarSubmission));
        expect(manifestOf(zip).entities.find((e) => e.name === name)!.count).toBe(
          json(zip, `data/${name}.json`).length,
        );
      }
    }
  });
});

describe('the job lease while a long export runs', () => {
  it('is renewed, so a second runner never takes the job meanwhile, and the job ends done once', async () => {
    const leaseMs = 300;
    const m = await createAgency(app, ['Lease Labs']);
    const deps: JobDeps = { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage };
    let release!: () => void;
    let running!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (running = r));
    let runs = 0;
    const slow = {
      transactional: false as const,
      run: async () => {
        runs++;
        running();
        await gate;
      },
    };
    const options = { pollMs: 0, leaseMs, log: () => {}, businessIds: [m.businessId] };
    const jobId = await enqueueJob(app.database.db, { businessId: m.businessId, kind: 'export', payload: {} });
    const first = new JobRunner(deps, { export: slow }, options);
    const second = new JobRunner(deps, { export: slow }, options);
    const draining = first.drain();
    await started;
    const claimed = (await app.database.db.job.findUniqueOrThrow({ where: { id: jobId } })).lockedAt!.getTime();
    // Wait for a renewal (no clock in the assertion: the second runner is given a time past the first lease).
    await vi.waitFor(
      async () =>
        expect(
          (await app.database.db.job.findUniqueOrThrow({ where: { id: jobId } })).lockedAt!.getTime(),
        ).toBeGreaterThan(claimed),
      { timeout: 10_000, interval: 20 },
    );
    expect(await second.runDue(new Date(claimed + leaseMs + 50))).toBe(0);
    release();
    await draining;
    expect(runs).toBe(1);
    expect(await app.database.db.job.findUniqueOrThrow({ where: { id: jobId } })).toMatchObject({
      status: 'done',
      lockedAt: null,
      attempts: 1,
    });
  });
});

describe('a company export and records moved in from another client (issue 27)', () => {
  it("never names the other client, its project or its contacts in the moved record's activity", async () => {
    const agency = await createAgency(app, ['Quince Quarry', 'Rowan Rentals']);
    const [quince, rowan] = agency.companies;
    const staff = trpcClient(app.baseUrl, { token: agency.token });
    const rowanProject = await staff.projects.create.mutate({ name: 'Rowan secret rebrand', companiesId: rowan.id });
    const file = await staff.documents.create.mutate({
      name: 'Moved deck.pdf',
      url: 'https://files.example.test/deck.pdf',
      companyId: rowan.id,
      projectId: rowanProject.id,
    });
    await staff.documents.update.mutate({ id: file.id, companyId: quince.id, projectId: null });
    const res = await get(`/api/export.zip?companyId=${quince.id}`, agency.token);
    expect(res.status).toBe(200);
    const zip = await readZip(res.body);
    const activity = json(zip, 'data/activities.json');
    // The move is there, as this client's own record…
    const moved = activity.filter((e) => e.entityName === 'Moved deck.pdf');
    expect(moved.length).toBeGreaterThan(0);
    expect(JSON.stringify(moved)).toContain('Quince Quarry');
    // …and nothing of where it came from, in the JSON or the CSV.
    for (const name of ['Rowan Rentals', 'Rowan secret rebrand']) {
      expect(zip.files.get('data/activities.json')!.toString('utf8')).not.toContain(name);
      expect(zip.files.get('data/activities.csv')!.toString('utf8')).not.toContain(name);
    }
    // The agency's own export keeps the whole audit trail.
    const whole = await readZip((await get('/api/export.zip', agency.token)).body);
    expect(whole.files.get('data/activities.json')!.toString('utf8')).toContain('Rowan Rentals');
  });
});
