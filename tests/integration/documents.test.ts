/**
 * Files: links to external files (POST /api/documents, spec §7.2) and real uploads (multipart, streamed to storage),
 * over tRPC and REST (camelCase /api, snake_case /documents/v1); the list's filters and order, stats, edit and
 * delete; downloads with the original name; upload limits, interrupted uploads, memory; and another agency's files.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { dereference } from '@readme/openapi-parser';
import { parse as parseDisposition } from 'content-disposition';
import { M } from '../../shared/messages';
import { loadEnv } from '../../server/env';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { loseStored, partialUploads, storedBytes, storedKeys } from '../support/stored';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

let app: TestApp;
/** The same database with a 1 KiB upload limit. */
let small: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let token: string;
let userId: number;
let businessId: number;
let acme: { id: number; name: string };
let bluebird: { id: number; name: string };
let website: { id: number; name: string };
let branding: { id: number; name: string };
let bakery: { id: number; name: string };
let other: Agency;

beforeAll(async () => {
  app = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: String(220 * MB) } });
  small = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: '1024' } });
  api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  token = agency.token;
  trpc = trpcClient(app.baseUrl, { token });
  const me = await trpc.auth.me.query();
  userId = me.id;
  businessId = me.business.id;
  const company = async (name: string) => ({
    id: (await api.post('/api/companies', { name }, { token })).body.id as number,
    name,
  });
  acme = await company('Acme Studio');
  bluebird = await company('Bluebird Bakery');
  const project = (companyId: number, name: string) =>
    app.database.db.project.create({ data: { businessId, companyId, name }, select: { id: true, name: true } });
  website = await project(acme.id, 'Acme website');
  branding = await project(acme.id, 'Acme branding');
  bakery = await project(bluebird.id, 'Bakery menu');
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(async () => {
  await small?.close();
  await app?.close();
});

const CAMEL_KEYS = [
  'id',
  'name',
  'type',
  'url',
  'size',
  'companyId',
  'projectId',
  'company',
  'project',
  'uploadedBy',
  'uploadedByName',
  'stored',
  'originalName',
  'mimeType',
  'visibleInPortal',
  'version',
  'createdAt',
  /** The conversation it was sent in (a file attached to a message), else null. */
  'sentIn',
  'approvalStatus',
  'thumbUrl',
];

/** Everything an app has stored, in-progress uploads included (a .part file, an open multipart upload). */
const filesOf = (target: TestApp) => [...storedKeys(target, businessId), ...partialUploads(target, businessId)];

async function eventually(check: () => boolean | Promise<boolean>, what: string, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

type UploadOptions = {
  fields?: Record<string, string>;
  fileName?: string;
  type?: string;
  token?: string | null;
  headers?: Record<string, string>;
  on?: TestApp;
};

/** A multipart upload through fetch's FormData, as a browser sends it. */
async function upload(content: Buffer | string, options: UploadOptions = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(options.fields ?? { companyId: String(acme.id) })) form.append(key, value);
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], {
      type: options.type ?? 'application/pdf',
    }),
    options.fileName ?? 'contract.pdf',
  );
  const headers: Record<string, string> = { ...options.headers };
  const bearer = options.token === undefined ? token : options.token;
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res = await fetch(`${(options.on ?? app).baseUrl}/api/documents/upload`, {
    method: 'POST',
    body: form,
    headers,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const download = (id: number, query = '', bearer: string | null = token) =>
  fetch(`${app.baseUrl}/api/documents/${id}/download${query}`, {
    headers: bearer ? { authorization: `Bearer ${bearer}` } : {},
    redirect: 'manual',
  });

const link = (fields: Record<string, unknown> = {}) =>
  trpc.documents.create.mutate({
    name: 'Brief.pdf',
    url: 'https://files.example.test/brief.pdf',
    companyId: acme.id,
    ...fields,
  });

describe('links to external files (POST /api/documents, spec §7.2)', () => {
  it("takes the spec's payload; uploadedBy is always the signed-in user, whatever the payload says", async () => {
    const res = await api.post(
      '/api/documents',
      {
        name: 'Master services agreement',
        type: 'agreement',
        url: 'https://files.example.test/msa.pdf',
        size: 48213,
        companyId: acme.id,
        projectId: website.id,
        uploadedBy: 999_999,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...CAMEL_KEYS].sort());
    expect(res.body).toMatchObject({
      name: 'Master services agreement',
      type: 'agreement',
      url: 'https://files.example.test/msa.pdf',
      size: 48213,
      companyId: acme.id,
      projectId: website.id,
      company: acme,
      project: website,
      uploadedBy: userId,
      uploadedByName: 'Ada Lovelace',
      stored: false,
      originalName: null,
      mimeType: null,
      // Internal until shared (issue 27).
      visibleInPortal: false,
    });
    expect(Date.now() - Date.parse(res.body.createdAt)).toBeLessThan(60_000);
    const row = await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({ businessId, uploadedById: userId, storageKey: null });
  });

  it('answers snake_case on /documents/v1', async () => {
    const res = await api.post(
      '/documents/v1',
      {
        name: 'Scope',
        type: 'proposal',
        url: 'https://files.example.test/scope.pdf',
        size: 10,
        company_id: acme.id,
        project_id: null,
        uploaded_by: 1,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      company_id: acme.id,
      project_id: null,
      uploaded_by: userId,
      visible_in_portal: false,
      type: 'proposal',
    });
    expect(res.body).toHaveProperty('created_at');
  });

  it('defaults the type to contract; a non-numeric size becomes 0 (spec §5); a numeric text is taken', async () => {
    const plain = await api.post(
      '/api/documents',
      { name: 'Plain', url: 'https://files.example.test/a', companyId: acme.id },
      { token },
    );
    expect(plain.body).toMatchObject({ type: 'contract', size: 0 });
    expect(
      (
        await api.post(
          '/api/documents',
          { name: 'X', url: 'https://x.test/x', size: 'lots', companyId: acme.id },
          { token },
        )
      ).body.size,
    ).toBe(0);
    expect(
      (
        await api.post(
          '/api/documents',
          { name: 'Y', url: 'https://x.test/y', size: '2048', companyId: acme.id },
          { token },
        )
      ).body.size,
    ).toBe(2048);
  });

  it('refuses a missing name, a missing or non-http(s) URL, and an unknown type', async () => {
    const bad = (body: object) =>
      api.post('/api/documents', { name: 'Ok', url: 'https://x.test/ok', companyId: acme.id, ...body }, { token });
    expect((await bad({ name: '  ' })).body).toMatchObject({ code: 'BAD_REQUEST', message: M.documents.nameRequired });
    for (const url of [
      'javascript:alert(1)',
      'ftp://files.example.test/a',
      '/api/documents/1/download',
      'data:text/html,hi',
      'not a url',
    ]) {
      const res = await bad({ url });
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(M.documents.invalidUrl);
    }
    expect((await bad({ url: undefined })).status).toBe(400);
    expect((await bad({ type: 'memo' })).status).toBe(400);
  });

  it("takes the project's company when only a project is given; with neither, asks for a company", async () => {
    expect(await link({ companyId: undefined, projectId: bakery.id })).toMatchObject({
      companyId: bluebird.id,
      projectId: bakery.id,
    });
    const res = await api.post('/api/documents', { name: 'Loose', url: 'https://x.test/loose' }, { token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: M.documents.companyRequired,
      issues: [{ path: 'companyId', message: M.documents.companyRequired }],
    });
  });

  it("refuses a project of another company, and another agency's company or project (NOT_FOUND)", async () => {
    expect(trpcCode(await link({ projectId: bakery.id }).catch((e) => e))).toBe('NOT_FOUND');
    const foreignCompany = await api.post(
      '/api/documents',
      { name: 'F', url: 'https://x.test/f', companyId: other.companies[0].id },
      { token },
    );
    expect(foreignCompany).toMatchObject({ status: 404, body: { message: M.documents.companyNotFound } });
    const foreignProject = await api.post(
      '/api/documents',
      { name: 'F', url: 'https://x.test/f', projectId: other.rows.project[0] },
      { token },
    );
    expect(foreignProject).toMatchObject({ status: 404, body: { message: M.documents.projectNotFound } });
  });
});

describe('the list (GET /api/documents, documents.list)', () => {
  let agencyToken: string;
  let list: TrpcClient;
  let ids: Record<string, number>;
  let north: number;
  let south: number;
  let northProject: number;

  beforeAll(async () => {
    const agency = await signUpAgency(api);
    agencyToken = agency.token;
    list = trpcClient(app.baseUrl, { token: agencyToken });
    const me = await list.auth.me.query();
    north = (await list.companies.create.mutate({ name: 'North' })).id;
    south = (await list.companies.create.mutate({ name: 'South' })).id;
    northProject = (
      await app.database.db.project.create({
        data: { businessId: me.business.id, companyId: north, name: 'North app' },
      })
    ).id;
    ids = {};
    const add = async (
      name: string,
      type: 'contract' | 'invoice' | 'report',
      companyId: number,
      projectId?: number,
    ) => {
      ids[name] = (
        await list.documents.create.mutate({
          name,
          type,
          url: `https://x.test/${encodeURIComponent(name)}`,
          companyId,
          projectId,
        })
      ).id;
    };
    await add('Contract A', 'contract', north, northProject);
    await add('Invoice 100%_done', 'invoice', north);
    await add('Report Q1', 'report', south);
    await add('Contract B', 'contract', south);
  });

  const names = (page: { items: { name: string }[] }) => page.items.map((d) => d.name);

  it('lists newest first, with company and project names and the counts of the first page', async () => {
    const page = await list.documents.list.query({ withOverall: true });
    expect(names(page)).toEqual(['Contract B', 'Report Q1', 'Invoice 100%_done', 'Contract A']);
    expect(page).toMatchObject({ total: 4, overall: 4, nextCursor: null });
    expect(page.items[3]).toMatchObject({
      company: { id: north, name: 'North' },
      project: { id: northProject, name: 'North app' },
    });
    expect(page.items[0].project).toBeNull();
  });

  it('pages by cursor (X-Total-Count on the first page, X-Next-Cursor while more follow)', async () => {
    const first = await api.get('/api/documents?limit=3', { token: agencyToken });
    expect(first.headers.get('x-total-count')).toBe('4');
    expect(first.body.map((d: { name: string }) => d.name)).toEqual(['Contract B', 'Report Q1', 'Invoice 100%_done']);
    // In the default order the cursor is still the last row's id (a sorted page's is an opaque token).
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBe(String(ids['Invoice 100%_done']));
    const second = await api.get(`/api/documents?limit=3&cursor=${cursor}`, { token: agencyToken });
    expect(second.body.map((d: { name: string }) => d.name)).toEqual(['Contract A']);
    expect(second.headers.get('x-total-count')).toBeNull();
    expect(second.headers.get('x-next-cursor')).toBeNull();
  });

  it('searches names (with % and _ taken literally) and filters by type, company and project, including No Project', async () => {
    expect(names(await list.documents.list.query({ search: 'contract' }))).toEqual(['Contract B', 'Contract A']);
    expect(names(await list.documents.list.query({ search: '100%_' }))).toEqual(['Invoice 100%_done']);
    expect(names(await list.documents.list.query({ search: '%' }))).toEqual(['Invoice 100%_done']);
    expect(names(await list.documents.list.query({ type: 'contract' }))).toEqual(['Contract B', 'Contract A']);
    expect(names(await list.documents.list.query({ companyId: north }))).toEqual(['Invoice 100%_done', 'Contract A']);
    expect(names(await list.documents.list.query({ projectId: northProject }))).toEqual(['Contract A']);
    expect(names(await list.documents.list.query({ projectId: 'none' }))).toEqual([
      'Contract B',
      'Report Q1',
      'Invoice 100%_done',
    ]);
    const combined = await list.documents.list.query({
      companyId: south,
      type: 'contract',
      projectId: 'none',
      withOverall: true,
    });
    expect(names(combined)).toEqual(['Contract B']);
    expect(combined).toMatchObject({ total: 1, overall: 4 });
    const rest = await api.get(`/api/documents?projectId=none&type=report`, { token: agencyToken });
    expect(rest.body.map((d: { name: string }) => d.name)).toEqual(['Report Q1']);
    expect(rest.headers.get('x-total-count')).toBe('1');
  });

  it("refuses another agency's company or project as a filter (NOT_FOUND), and never shows another agency's files", async () => {
    expect(trpcCode(await list.documents.list.query({ companyId: acme.id }).catch((e) => e))).toBe('NOT_FOUND');
    expect(trpcCode(await list.documents.list.query({ projectId: website.id }).catch((e) => e))).toBe('NOT_FOUND');
    const mine = await trpc.documents.list.query({ limit: 100 });
    expect(mine.items.every((d) => d.companyId !== north && d.companyId !== south)).toBe(true);
  });

  it('refuses a bad filter value with 400', async () => {
    expect((await api.get('/api/documents?type=memo', { token: agencyToken })).status).toBe(400);
    expect((await api.get('/api/documents?projectId=nope', { token: agencyToken })).status).toBe(400);
  });
});

describe('get, update and remove', () => {
  it("reads one file (GET /api/documents/{id}); another agency's is NOT_FOUND", async () => {
    const created = await link({ name: 'Readable' });
    const res = await api.get(`/api/documents/${created.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, name: 'Readable', company: acme });
    expect(await api.get(`/api/documents/${other.rows.document[0]}`, { token })).toMatchObject({
      status: 404,
      body: { message: M.documents.notFound },
    });
  });

  it('renames, re-types and hides a file from the portal; only the given fields change', async () => {
    const created = await link({ name: 'Draft', projectId: website.id, visibleInPortal: true });
    expect(created.visibleInPortal).toBe(true);
    const res = await api.patch(
      `/api/documents/${created.id}`,
      { name: 'Final', type: 'invoice', visibleInPortal: false },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Final',
      type: 'invoice',
      visibleInPortal: false,
      companyId: acme.id,
      projectId: website.id,
      url: created.url,
    });
    expect(await trpc.documents.update.mutate({ id: created.id, visibleInPortal: true })).toMatchObject({
      name: 'Final',
      visibleInPortal: true,
    });
  });

  it('moves a file between projects and companies; a new company takes it out of its project', async () => {
    const created = await link({ projectId: website.id });
    expect(await trpc.documents.update.mutate({ id: created.id, projectId: branding.id })).toMatchObject({
      companyId: acme.id,
      projectId: branding.id,
      project: branding,
    });
    expect(await trpc.documents.update.mutate({ id: created.id, projectId: null })).toMatchObject({
      projectId: null,
      project: null,
    });
    expect(await trpc.documents.update.mutate({ id: created.id, projectId: website.id })).toMatchObject({
      projectId: website.id,
    });
    expect(await trpc.documents.update.mutate({ id: created.id, companyId: bluebird.id })).toMatchObject({
      companyId: bluebird.id,
      projectId: null,
    });
    expect(
      await trpc.documents.update.mutate({ id: created.id, companyId: acme.id, projectId: branding.id }),
    ).toMatchObject({ companyId: acme.id, projectId: branding.id });
    // A project of another company than the file's is refused, and nothing changes.
    expect(trpcCode(await trpc.documents.update.mutate({ id: created.id, projectId: bakery.id }).catch((e) => e))).toBe(
      'NOT_FOUND',
    );
    expect(
      trpcCode(
        await trpc.documents.update
          .mutate({ id: created.id, companyId: bluebird.id, projectId: website.id })
          .catch((e) => e),
      ),
    ).toBe('NOT_FOUND');
    expect(await trpc.documents.get.query({ id: created.id })).toMatchObject({
      companyId: acme.id,
      projectId: branding.id,
    });
  });

  it("refuses to move a file to another agency's company or project, or to change another agency's file", async () => {
    const created = await link();
    const move = (body: object) => api.patch(`/api/documents/${created.id}`, body, { token });
    expect(await move({ companyId: other.companies[0].id })).toMatchObject({
      status: 404,
      body: { message: M.documents.companyNotFound },
    });
    expect(await move({ projectId: other.rows.project[0] })).toMatchObject({
      status: 404,
      body: { message: M.documents.projectNotFound },
    });
    const foreignId = other.rows.document[0];
    const before = await app.database.db.document.findUniqueOrThrow({ where: { id: foreignId } });
    expect(await api.patch(`/api/documents/${foreignId}`, { name: 'Mine now' }, { token })).toMatchObject({
      status: 404,
    });
    expect(await api.call('DELETE', `/api/documents/${foreignId}`, { token })).toMatchObject({ status: 404 });
    expect(await app.database.db.document.findUniqueOrThrow({ where: { id: foreignId } })).toEqual(before);
  });

  it('removes a link (DELETE /api/documents/{id}); a second delete is NOT_FOUND', async () => {
    const created = await link();
    expect(await api.call('DELETE', `/api/documents/${created.id}`, { token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await app.database.db.document.findUnique({ where: { id: created.id } })).toBeNull();
    expect((await api.call('DELETE', `/api/documents/${created.id}`, { token })).status).toBe(404);
  });
});

describe('stats (GET /api/documents/stats)', () => {
  it('counts all files, those created within the last 7 days, the bytes, and tells the upload limit', async () => {
    const agency = await signUpAgency(api);
    const t = trpcClient(app.baseUrl, { token: agency.token });
    const company = (await t.companies.create.mutate({ name: 'Stat Co' })).id;
    const make = (name: string, size: number) =>
      t.documents.create.mutate({ name, url: 'https://x.test/s', size, companyId: company });
    const old = await make('Old', 1000);
    await make('New', 24);
    await make('Borderline', 0);
    await app.database.db.document.update({
      where: { id: old.id },
      data: { createdAt: new Date(Date.now() - 8 * DAY) },
    });
    expect(await t.documents.stats.query()).toEqual({ total: 3, recent: 2, totalSize: 1024, maxUploadBytes: 220 * MB });
    const rest = await api.get('/api/documents/stats', { token: agency.token });
    expect(rest.body).toEqual({ total: 3, recent: 2, totalSize: 1024, maxUploadBytes: 220 * MB });
  });

  it('defaults MAX_UPLOAD_BYTES to 100 MB', () => {
    expect(loadEnv({}).MAX_UPLOAD_BYTES).toBe(100 * MB);
    expect(() => loadEnv({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
  });
});

describe('uploads (POST /api/documents/upload) and downloads (GET /api/documents/{id}/download)', () => {
  it('stores the bytes under a random name, records the file, and gives the same bytes back with its original name', async () => {
    const bytes = crypto.randomBytes(300_000);
    const name = 'Résumé – 契約 "final".pdf';
    const res = await upload(bytes, {
      fileName: name,
      fields: { companyId: String(acme.id), projectId: String(website.id), type: 'proposal' },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...CAMEL_KEYS].sort());
    expect(res.body).toMatchObject({
      name,
      type: 'proposal',
      size: bytes.length,
      companyId: acme.id,
      projectId: website.id,
      uploadedBy: userId,
      stored: true,
      originalName: name,
      mimeType: 'application/pdf',
      // Internal until shared (issue 27).
      visibleInPortal: false,
      url: `/api/documents/${res.body.id}/download`,
    });
    const row = await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row.url).toBe(`/api/documents/${res.body.id}/download`);
    // The stored name is the business and a UUID: nothing of the client's name reaches the disk.
    expect(row.storageKey).toMatch(new RegExp(`^${businessId}/[0-9a-f-]{36}$`));
    expect(storedBytes(app, row.storageKey!)?.equals(bytes)).toBe(true);

    const got = await download(res.body.id);
    expect(got.status).toBe(200);
    expect(Buffer.from(await got.arrayBuffer()).equals(bytes)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/pdf');
    expect(got.headers.get('content-length')).toBe(String(bytes.length));
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toContain('no-store');
    const disposition = got.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^inline; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("filename*=UTF-8''")[1])).toBe(name);
    // ?download asks for an attachment.
    const attachment = await download(res.body.id, '?download=1');
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; /);
    await attachment.arrayBuffer();
  });

  it('names the file after the upload unless a name is given; takes the fields as the dialog sends them', async () => {
    const res = await upload('hello', {
      fileName: 'notes.txt',
      type: 'text/plain',
      fields: {
        name: 'Kick-off notes',
        type: 'report',
        companyId: String(bluebird.id),
        projectId: '',
        visibleInPortal: 'false',
      },
    });
    expect(res.body).toMatchObject({
      name: 'Kick-off notes',
      originalName: 'notes.txt',
      type: 'report',
      companyId: bluebird.id,
      projectId: null,
      visibleInPortal: false,
      size: 5,
    });
    const got = await download(res.body.id);
    expect(got.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(parseDisposition(got.headers.get('content-disposition')!)).toEqual({
      type: 'inline',
      parameters: { filename: 'notes.txt' },
    });
    expect(await got.text()).toBe('hello');
  });

  it('sends anything a browser could run as a page (HTML, SVG, scripts) as an attachment of no particular type', async () => {
    for (const [fileName, type] of [
      ['page.html', 'text/html'],
      ['logo.svg', 'image/svg+xml'],
      ['run.js', 'text/javascript'],
      ['page.xhtml', 'application/xhtml+xml'],
    ]) {
      const res = await upload('<script>alert(1)</script>', { fileName, type });
      expect(res.status, fileName).toBe(201);
      const got = await download(res.body.id);
      expect(got.headers.get('content-type'), fileName).toBe('application/octet-stream');
      expect(got.headers.get('content-disposition'), fileName).toMatch(/^attachment; /);
      expect(got.headers.get('content-security-policy'), fileName).toContain("default-src 'none'");
      await got.arrayBuffer();
    }
  });

  it('keeps path separators and control characters of a file name out of the stored name and the header', async () => {
    const res = await upload('x', { fileName: '../../etc/pass\u202ewd\r\n.txt', type: 'text/plain' });
    expect(res.status).toBe(201);
    expect(res.body.originalName).not.toMatch(/[\\/\r\n\u202e]/);
    const got = await download(res.body.id);
    expect(got.headers.get('content-disposition')).not.toMatch(/[\r\n]|\.\.\//);
    await got.arrayBuffer();
  });

  it('redirects (302) a link to its URL', async () => {
    const created = await link({ url: 'https://files.example.test/brief.pdf?v=2' });
    const got = await download(created.id);
    expect(got.status).toBe(302);
    expect(got.headers.get('location')).toBe('https://files.example.test/brief.pdf?v=2');
  });

  it("answers 401 without a staff session, and 404 for another agency's file, an unknown id or a missing stored copy", async () => {
    const mine = await upload('mine');
    expect((await download(mine.body.id, '', null)).status).toBe(401);
    // A portal session downloads only its own company's visible files (tests/integration/portal.test.ts): another
    // agency's client gets 404, like a missing file.
    expect((await download(mine.body.id, '', other.portal.token)).status).toBe(404);
    const foreign = await download(other.rows.document[0]);
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      message: M.documents.notFound,
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
    // Agency B's own upload, downloaded with agency A's session.
    const theirs = await upload('theirs', { token: other.token, fields: { companyId: String(other.companies[0].id) } });
    expect(theirs.status).toBe(201);
    expect((await download(theirs.body.id)).status).toBe(404);
    expect((await download(theirs.body.id, '', other.token)).status).toBe(200);
    expect((await download(999_999_999)).status).toBe(404);
    expect((await download(0)).status).toBe(404);
    const row = await app.database.db.document.findUniqueOrThrow({ where: { id: mine.body.id } });
    await loseStored(app, row.storageKey!);
    expect(await (await download(mine.body.id)).json()).toEqual({
      message: M.documents.storedFileMissing,
      code: 'NOT_FOUND',
      requestId: expect.any(String),
    });
  });

  it('deletes the stored bytes with the file', async () => {
    const res = await upload('to be deleted');
    const row = await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(storedKeys(app)).toContain(row.storageKey);
    await trpc.documents.remove.mutate({ id: res.body.id });
    expect(storedKeys(app)).not.toContain(row.storageKey);
    expect((await download(res.body.id)).status).toBe(404);
  });

  describe('refusals leave no row and no file', () => {
    const countRows = () => app.database.db.document.count({ where: { businessId } });

    async function expectNothingLeft(target: TestApp, run: () => Promise<unknown>) {
      const before = filesOf(target);
      const rows = await countRows();
      await run();
      // Nothing new may stay (a partial file of an earlier request may still vanish meanwhile: that is fine).
      await eventually(() => filesOf(target).every((f) => before.includes(f)), 'no file left by the refused upload');
      expect(await countRows()).toBe(rows);
    }

    it('refuses an empty file (400)', async () => {
      await expectNothingLeft(app, async () => {
        const res = await upload(Buffer.alloc(0));
        expect(res).toMatchObject({ status: 400, body: { message: M.documents.emptyFile, code: 'BAD_REQUEST' } });
      });
    });

    it('refuses a file over MAX_UPLOAD_BYTES (413) and takes one of exactly that size', async () => {
      await expectNothingLeft(small, async () => {
        const res = await upload(Buffer.alloc(1025, 1), { on: small });
        expect(res.status).toBe(413);
        expect(res.body).toEqual({
          message: M.documents.tooLarge('1 KB'),
          code: 'PAYLOAD_TOO_LARGE',
          requestId: expect.any(String),
        });
      });
      // Sent in chunks, with no Content-Length to refuse it up front: the limit stops it while it streams.
      await expectNothingLeft(small, async () => {
        const body = Readable.from([
          Buffer.from(
            `--b\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${acme.id}\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          ),
          Buffer.alloc(5000, 2),
          Buffer.from('\r\n--b--\r\n'),
        ]);
        const res = await fetch(`${small.baseUrl}/api/documents/upload`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=b' },
          body: body as unknown as BodyInit,
          duplex: 'half',
        } as RequestInit);
        expect(res.status).toBe(413);
        await res.arrayBuffer();
      });
      // Declared far over the limit: refused before any of it is read. Only the request's head is sent, and the
      // refusal comes back all the same (a client sending the body would meet a closed connection: the server reads none).
      await expectNothingLeft(small, async () => {
        const refused = await new Promise<{ status: number; connection?: string; body: string }>((resolve, reject) => {
          const req = http.request(`${small.baseUrl}/api/documents/upload`, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'multipart/form-data; boundary=b',
              'content-length': '200000',
            },
          });
          req.on('error', reject);
          req.on('response', (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              body += chunk;
            });
            res.on('end', () => {
              resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body });
              req.destroy();
            });
          });
          req.flushHeaders();
        });
        expect(refused.status).toBe(413);
        expect(refused.connection).toBe('close');
        expect(JSON.parse(refused.body)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
      });
      const exact = await upload(Buffer.alloc(1024, 4), { on: small });
      expect(exact).toMatchObject({ status: 201, body: { size: 1024 } });
    });

    it("refuses a missing file, a body that is not multipart, another agency's company, and a bad field — removing what was stored", async () => {
      await expectNothingLeft(app, async () => {
        const form = new FormData();
        form.append('companyId', String(acme.id));
        const noFile = await fetch(`${app.baseUrl}/api/documents/upload`, {
          method: 'POST',
          body: form,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(await noFile.json()).toEqual({
          message: M.documents.noFile,
          code: 'BAD_REQUEST',
          requestId: expect.any(String),
        });
        const json = await api.post('/api/documents/upload', { name: 'x' }, { token });
        expect(json).toMatchObject({ status: 400, body: { message: M.documents.notMultipart } });
        const foreign = await upload('x', { fields: { companyId: String(other.companies[0].id) } });
        expect(foreign).toMatchObject({ status: 404, body: { message: M.documents.companyNotFound } });
        const foreignProject = await upload('x', { fields: { projectId: String(other.rows.project[0]) } });
        expect(foreignProject).toMatchObject({ status: 404, body: { message: M.documents.projectNotFound } });
        expect((await upload('x', { fields: { companyId: String(acme.id), type: 'memo' } })).status).toBe(400);
        expect((await upload('x', { fields: { companyId: 'abc' } })).status).toBe(400);
        expect(await upload('x', { fields: {} })).toMatchObject({
          status: 400,
          body: { message: M.documents.companyRequired },
        });
        const wrongField = new FormData();
        wrongField.append('attachment', new Blob(['x']), 'x.txt');
        const wrong = await fetch(`${app.baseUrl}/api/documents/upload`, {
          method: 'POST',
          body: wrongField,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(wrong.status).toBe(400);
      });
    });

    it('refuses an upload without a staff session (401), and a cookie upload from another origin (403)', async () => {
      await expectNothingLeft(app, async () => {
        expect((await upload('x', { token: null })).status).toBe(401);
        expect((await upload('x', { token: other.portal.token })).status).toBe(401);
        const crossSite = await upload('x', {
          token: null,
          headers: { cookie: `cf_session=${token}`, origin: 'https://evil.example' },
        });
        expect(crossSite.status).toBe(403);
      });
      const sameSite = await upload('x', {
        token: null,
        headers: { cookie: `cf_session=${token}`, origin: app.baseUrl },
      });
      expect(sameSite.status).toBe(201);
    });

    it('leaves no row and no file when the client drops the connection mid-upload', async () => {
      await expectNothingLeft(app, async () => {
        const boundary = 'interrupted';
        const head = Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${acme.id}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        );
        const declared = head.length + 20 * MB + 64;
        const { port } = new URL(app.baseUrl);
        const req = http.request({
          host: '127.0.0.1',
          port,
          path: '/api/documents/upload',
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': declared,
          },
        });
        req.on('error', () => {});
        req.write(head);
        // The server has started storing it (a .part file exists, or the bucket holds a first part) when the client
        // goes away: a bucket gets nothing before a whole part (8 MiB) has arrived.
        for (let sent = 0; sent < 16 && partialUploads(app, businessId).length === 0; sent++) {
          req.write(Buffer.alloc(MB, 7));
          await new Promise((r) => setTimeout(r, 50));
        }
        await eventually(() => partialUploads(app, businessId).length > 0, 'a partial file to appear');
        req.destroy();
      });
    });
  });

  it('streams a 200 MB upload and download without holding the file in memory (RSS grows by less than 50 MB; 80 MB to a bucket)', {
    timeout: 120_000,
  }, async () => {
    const chunk = crypto.randomBytes(MB);
    // The client's own pieces come from a small ring, so this process's memory is the server's, not 200 MB of the
    // test's garbage waiting for a collection (a piece reused too early changes the hash: the test would fail).
    const ring = Array.from({ length: 8 }, () => Buffer.from(chunk));
    const total = 200;
    const boundary = 'memory-check';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${acme.id}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="large.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const sent = crypto.createHash('sha256');
    async function* body() {
      yield head;
      for (let i = 0; i < total; i++) {
        // Every megabyte differs, so a wrong order or a dropped chunk changes the hash.
        const piece = ring[i % ring.length];
        piece.writeUInt32BE(i, 0);
        sent.update(piece);
        yield piece;
      }
      yield tail;
    }

    (globalThis as { gc?: () => void }).gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    // A collection every 30 ms (the workers run with --expose-gc): what is measured is what the app holds, not the
    // garbage V8 has not got round to (on Node 24 that lag alone was 50–55 MB under load, with nothing held).
    const collect = (globalThis as { gc?: () => void }).gc;
    let ticks = 0;
    const sampler = setInterval(() => {
      if (collect && ++ticks % 3 === 0) collect();
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    try {
      const { port } = new URL(app.baseUrl);
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: '/api/documents/upload',
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': head.length + total * MB + tail.length,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (d) => (text += d));
            res.on('end', () => resolve({ status: res.statusCode!, body: text }));
          },
        );
        req.on('error', reject);
        Readable.from(body()).pipe(req);
      });
      expect(reply.status, reply.body).toBe(201);
      const document = JSON.parse(reply.body);
      expect(document.size).toBe(total * MB);

      const got = await download(document.id, '?download=1');
      const received = crypto.createHash('sha256');
      let bytes = 0;
      for await (const piece of got.body as unknown as AsyncIterable<Uint8Array>) {
        received.update(piece);
        bytes += piece.length;
      }
      expect(bytes).toBe(total * MB);
      expect(received.digest('hex')).toBe(sent.digest('hex'));
    } finally {
      clearInterval(sampler);
    }
    const grew = (peak - baseline) / MB;
    console.log(
      `[memory] 200 MB upload + download (${app.storage.description}): RSS ${Math.round(baseline / MB)} MB → peak ${Math.round(peak / MB)} MB (+${grew.toFixed(1)} MB)`,
    );
    // To a bucket, the SDK's multipart helper also holds the 5 MiB part it is assembling, its copy and the part in
    // flight, and frees them only at the next collection: measured +60–68 MB here (+33 MB with a collection every
    // 30 ms), the same for any file size.
    expect(grew).toBeLessThan(app.env.STORAGE === 's3' ? 80 : 50);
  });
});

describe('the OpenAPI document (/api/openapi.json)', () => {
  it('describes the upload and download routes, and the replies match it', async () => {
    const doc = (await dereference((await api.get('/api/openapi.json')).body)) as unknown as {
      paths: Record<string, Record<string, any>>;
    };
    const ajv = addFormats(new Ajv2020({ allErrors: true }));
    const check = (path: string, method: string, status: number, body: unknown) => {
      const schema = doc.paths[path][method].responses[String(status)].content['application/json'].schema;
      const validate = ajv.compile(schema);
      expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}`).toEqual([]);
    };
    const upload201 = await upload('documented', { fileName: 'documented.txt', type: 'text/plain' });
    check('/api/documents/upload', 'post', 201, upload201.body);
    check('/api/documents/upload', 'post', 400, (await upload(Buffer.alloc(0))).body);
    check('/api/documents/upload', 'post', 413, (await upload(Buffer.alloc(2000), { on: small })).body);
    const request = doc.paths['/api/documents/upload'].post.requestBody.content['multipart/form-data'].schema;
    expect(request.required).toEqual(['file']);
    expect(Object.keys(request.properties)).toEqual(
      expect.arrayContaining(['file', 'name', 'type', 'companyId', 'projectId', 'visibleInPortal']),
    );
    const downloadOp = doc.paths['/api/documents/{id}/download'].get;
    expect(Object.keys(downloadOp.responses).sort()).toEqual(['200', '302', '401', '404']);
    check('/api/documents/{id}/download', 'get', 404, await (await download(999_999_999)).json());
    const list = await api.get('/api/documents', { token });
    const items = doc.paths['/api/documents'].get.responses['200'].content['application/json'].schema;
    const validate = ajv.compile(items);
    expect(validate(list.body) ? [] : validate.errors).toEqual([]);
    check('/api/documents/stats', 'get', 200, (await api.get('/api/documents/stats', { token })).body);
  });
});

/**
 * Internal until shared (issue 27): a new file is kept from the client; sharing it shows it in the portal and lets the
 * client download it, unless its project is one the client does not see (server/portal/visibility.ts). The share
 * dialog's numbers (documents.shareAudience) count only the company's contacts with portal access.
 */
describe('internal until shared', () => {
  let studio: Agency;
  let portal: TrpcClient;
  let staff: TrpcClient;
  let companyId: number;
  beforeAll(async () => {
    studio = await createAgency(app, ['Pottery Place', 'Quarry Co']);
    portal = trpcClient(app.baseUrl, { token: studio.portal.token });
    staff = trpcClient(app.baseUrl, { token: studio.token });
    companyId = studio.portal.companyId;
  });
  const portalFileIds = async () => (await portal.portal.files.query({ limit: 100 })).items.map((f) => f.id);
  const clientDownload = (id: number) => download(id, '', studio.portal.token);
  const activityOf = (id: number) =>
    app.database.db.activity.findMany({
      where: { businessId: studio.businessId, entityType: 'file', entityId: id },
      orderBy: { id: 'asc' },
      select: { action: true, changes: true, clientVisible: true },
    });

  it('keeps a new upload and a new link from the client (not listed, download 404) until staff share them', async () => {
    const uploaded = await upload('internal bytes', {
      token: studio.token,
      fileName: 'pricing.txt',
      type: 'text/plain',
      fields: { companyId: String(companyId) },
    });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.visibleInPortal).toBe(false);
    const linked = await api.post(
      '/api/documents',
      { name: 'Pricing sheet', url: 'https://files.example.test/pricing', companyId },
      { token: studio.token },
    );
    expect(linked.status).toBe(201);
    expect(linked.body.visibleInPortal).toBe(false);
    const ids = [uploaded.body.id as number, linked.body.id as number];

    expect(await portalFileIds()).not.toEqual(expect.arrayContaining([ids[0]]));
    expect(await portalFileIds()).not.toEqual(expect.arrayContaining([ids[1]]));
    for (const id of ids) {
      const got = await clientDownload(id);
      expect(got.status).toBe(404);
      expect(await got.json()).toMatchObject({ message: M.documents.notFound, code: 'NOT_FOUND' });
    }
    // Staff still read both.
    expect((await download(ids[0], '', studio.token)).status).toBe(200);

    for (const id of ids)
      expect(await staff.documents.update.mutate({ id, visibleInPortal: true })).toMatchObject({
        visibleInPortal: true,
      });
    expect(await portalFileIds()).toEqual(expect.arrayContaining(ids));
    const got = await clientDownload(ids[0]);
    expect([got.status, await got.text()]).toEqual([200, 'internal bytes']);
    const redirected = await clientDownload(ids[1]);
    expect([redirected.status, redirected.headers.get('location')]).toEqual([
      302,
      'https://files.example.test/pricing',
    ]);

    // Sharing is recorded as it always was: visibleInPortal false → true, an entry the client's feed may show (what
    // the client is e-mailed about it is server/notifications' business).
    const [created, shared] = (await activityOf(ids[0])).filter((a) => a.action !== 'downloaded');
    expect(created).toMatchObject({ action: 'uploaded', clientVisible: false });
    expect(shared.action).toBe('updated');
    expect(shared.clientVisible).toBe(true);
    expect(JSON.parse(shared.changes)).toEqual([{ field: 'visibleInPortal', from: false, to: true }]);
  });

  /** A project the client does not see (internal, in progress) with a shared upload and a shared link in it. */
  async function sharedInInternalProject(tag: string) {
    const project = await app.database.db.project.create({
      data: { businessId: studio.businessId, companyId, name: `Internal: 2027 retainer ${tag}`, status: 'in_progress' },
    });
    expect(project.visibleToClient).toBe(false);
    const uploaded = await upload('retainer pricing', {
      token: studio.token,
      fileName: 'retainer.txt',
      type: 'text/plain',
      fields: { projectId: String(project.id), visibleInPortal: 'true' },
    });
    expect(uploaded.body).toMatchObject({ companyId, projectId: project.id, visibleInPortal: true });
    const linked = await staff.documents.create.mutate({
      name: 'Retainer link',
      url: 'https://files.example.test/retainer',
      projectId: project.id,
      visibleInPortal: true,
    });
    return { project, ids: [uploaded.body.id as number, linked.id] };
  }

  it('never lets a client download a shared file of an internal (or draft) project, until the project is shared', async () => {
    const { project, ids } = await sharedInInternalProject('download');
    const refused = async () => {
      for (const id of ids) expect((await clientDownload(id)).status).toBe(404);
    };
    await refused();
    // Shared but still a draft: never shown.
    await app.database.db.project.update({
      where: { id: project.id },
      data: { visibleToClient: true, status: 'draft' },
    });
    await refused();
    await app.database.db.project.update({ where: { id: project.id }, data: { status: 'in_progress' } });
    const got = await clientDownload(ids[0]);
    expect([got.status, await got.text()]).toEqual([200, 'retainer pricing']);
    expect((await clientDownload(ids[1])).status).toBe(302);
  });

  it("does not list a shared file of an internal project in the client's files, until the project is shared", async () => {
    const { project, ids } = await sharedInInternalProject('list');
    const listed = await portalFileIds();
    for (const id of ids) expect(listed).not.toContain(id);
    await app.database.db.project.update({ where: { id: project.id }, data: { visibleToClient: true } });
    expect(await portalFileIds()).toEqual(expect.arrayContaining(ids));
  });

  it("never lets a client download another company's shared file, even of the same agency", async () => {
    const theirs = await upload('quarry', {
      token: studio.token,
      fileName: 'quarry.txt',
      type: 'text/plain',
      fields: { companyId: String(studio.companies[1].id), visibleInPortal: 'true' },
    });
    expect(theirs.body.visibleInPortal).toBe(true);
    expect((await clientDownload(theirs.body.id)).status).toBe(404);
    expect(await portalFileIds()).not.toContain(theirs.body.id);
  });

  it("counts only the company's contacts with portal access, and says whether the client sees the file's project", async () => {
    const db = app.database.db;
    const [pottery, quarry] = studio.companies;
    // Pottery has the fixture's portal client; add one more with access and one without; Quarry gets one with access,
    // and a contact without a company has access too: none of those count for Pottery.
    const contact = (companyId: number | null, portalAccess: boolean, tag: string) =>
      db.contact.create({
        data: {
          businessId: studio.businessId,
          companyId,
          firstName: 'Sam',
          lastName: tag,
          email: `sam-${tag}-${Date.now().toString(36)}@client.test`,
          portalAccess,
        },
      });
    await contact(pottery.id, true, 'second');
    await contact(pottery.id, false, 'no-access');
    await contact(quarry.id, true, 'quarry');
    await contact(null, true, 'nowhere');
    // Another agency's contacts of the same-named company never count either.
    expect(await staff.documents.shareAudience.query({ companyId: pottery.id })).toEqual({
      company: { id: pottery.id, name: pottery.name },
      portalContacts: 2,
      project: null,
    });
    expect((await staff.documents.shareAudience.query({ companyId: quarry.id })).portalContacts).toBe(1);
    // An archived company's portal users are signed out and mailed nothing: sharing reaches none of them.
    await staff.companies.archive.mutate({ id: quarry.id });
    expect((await staff.documents.shareAudience.query({ companyId: quarry.id })).portalContacts).toBe(0);
    await staff.companies.unarchive.mutate({ id: quarry.id });
    expect((await staff.documents.shareAudience.query({ companyId: quarry.id })).portalContacts).toBe(1);

    const internal = await db.project.create({
      data: { businessId: studio.businessId, companyId: pottery.id, name: 'Pottery internal', status: 'in_progress' },
    });
    expect(await staff.documents.shareAudience.query({ companyId: pottery.id, projectId: internal.id })).toMatchObject({
      portalContacts: 2,
      project: { id: internal.id, name: 'Pottery internal', shown: false },
    });
    // A project alone names its company; the fixture's project is shared and in progress.
    const sharedProject = studio.rows.project[0];
    expect(await staff.documents.shareAudience.query({ projectId: sharedProject })).toMatchObject({
      company: { id: pottery.id },
      portalContacts: 2,
      project: { id: sharedProject, shown: true },
    });
    // Resources ask the same.
    expect(await staff.resources.shareAudience.query({ companyId: pottery.id, projectId: internal.id })).toMatchObject({
      portalContacts: 2,
      project: { shown: false },
    });

    // Neither: a company is asked for; a project of another company, or another agency's company: NOT_FOUND.
    expect(trpcCode(await staff.documents.shareAudience.query({}).catch((e) => e))).toBe('BAD_REQUEST');
    expect(
      trpcCode(
        await staff.documents.shareAudience.query({ companyId: quarry.id, projectId: internal.id }).catch((e) => e),
      ),
    ).toBe('NOT_FOUND');
    expect(
      trpcCode(await staff.documents.shareAudience.query({ companyId: other.companies[0].id }).catch((e) => e)),
    ).toBe('NOT_FOUND');
  });

  it('refuses to share a file without a company (400, with a sentence), and leaves it internal', async () => {
    const orphan = await app.database.db.document.create({
      data: {
        businessId: studio.businessId,
        name: 'Orphan.pdf',
        url: 'https://files.example.test/orphan.pdf',
        uploadedById: studio.userId,
      },
    });
    const res = await api.patch(`/api/documents/${orphan.id}`, { visibleInPortal: true }, { token: studio.token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.documents.shareNeedsCompany);
    expect((await app.database.db.document.findUniqueOrThrow({ where: { id: orphan.id } })).visibleInPortal).toBe(
      false,
    );
    // Given a company in the same edit, it can be shared.
    expect(await staff.documents.update.mutate({ id: orphan.id, companyId, visibleInPortal: true })).toMatchObject({
      companyId,
      visibleInPortal: true,
    });
  });
});
