/**
 * Previews (issue 31): the 'preview' job makes thumbnails of uploaded images and PDFs in the background, stored beside
 * the file (local folder, or the bucket with TEST_STORAGE=s3), fills an old file's SHA-256, and marks corrupt and
 * hostile files failed without stopping; GET /api/documents/{id}/thumb/{hash}.webp serves a thumbnail by its content
 * hash, cached for a year, to the agency's staff and to a client who may see the file; the lists carry thumbUrl.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../../server/jobs';
import { queuePreviews, schedulePreviews, thumbKeyOf } from '../../server/files/previews/job';
import { sweepAgency } from '../../server/files/sweep';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { storedBytes, storedKeys } from '../support/stored';
import { trpcClient } from '../support/trpc';
import { bombPng, brokenPdf, corruptPng, pdfDocument, pngImage } from '../support/preview-files';

let app: TestApp;
let agency: Agency;
let other: Agency;

beforeAll(async () => {
  app = await startApp();
  agency = await createAgency(app, ['Pixel Press', 'Quiet Quarry']);
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app?.close());

/** This file's own runner: only its agencies' jobs (other test files share the database). */
const drain = () =>
  createJobRunner(
    { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
    { pollMs: 0, log: () => {}, businessIds: [agency.businessId, other.businessId] },
  ).drain();

type Upload = { type: string; name: string; companyId?: number; shared?: boolean; on?: Agency };

/**
 * Uploads a file as the agency's owner and makes sure its current version has a row with a pending preview (the
 * upload itself adds one once versions land; until then the test writes it, as the migration does for old files).
 */
async function upload(content: Buffer, options: Upload) {
  const owner = options.on ?? agency;
  const form = new FormData();
  form.append('companyId', String(options.companyId ?? owner.companies[0].id));
  if (options.shared) form.append('visibleInPortal', 'true');
  form.append('file', new Blob([new Uint8Array(content)], { type: options.type }), options.name);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const db = app.database.db;
  const document = await db.document.findUniqueOrThrow({ where: { id } });
  const existing = await db.documentVersion.findUnique({
    where: { documentId_number: { documentId: id, number: document.version } },
  });
  const version =
    existing ??
    (await db.documentVersion.create({
      data: {
        businessId: owner.businessId,
        documentId: id,
        number: document.version,
        storageKey: document.storageKey,
        url: document.url,
        mimeType: document.mimeType,
        originalName: document.originalName,
        size: document.size,
        previewStatus: 'pending',
      },
    }));
  return { id, versionId: version.id, storageKey: document.storageKey as string };
}

const versionOf = (versionId: number) =>
  app.database.db.documentVersion.findUniqueOrThrow({ where: { id: versionId } });
const thumb = (path: string, bearer: string | null) =>
  fetch(`${app.baseUrl}${path}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('the preview job', () => {
  it('makes a WebP thumbnail of an image, stored beside the file, served by its hash with a year-long cache', async () => {
    const png = await pngImage(1200, 800);
    const file = await upload(png, { type: 'image/png', name: 'logo-round-1.png', shared: true });
    expect((await versionOf(file.versionId)).previewStatus).toBe('pending');
    await drain();
    const version = await versionOf(file.versionId);
    expect(version).toMatchObject({ previewStatus: 'ready', width: 1200, height: 800, sha256: sha256(png) });
    expect(version.thumbHash).toMatch(/^[0-9a-f]{16}$/);
    expect(version.thumbKey).toBe(thumbKeyOf(file.storageKey));
    expect(storedKeys(app, agency.businessId)).toContain(version.thumbKey);

    const staff = trpcClient(app.baseUrl, { token: agency.token });
    const listed = (await staff.documents.list.query({ limit: 50 })).items.find((d) => d.id === file.id);
    const url = `/api/documents/${file.id}/thumb/${version.thumbHash}.webp`;
    expect(listed?.thumbUrl).toBe(url);
    expect((await staff.documents.get.query({ id: file.id })).thumbUrl).toBe(url);

    const res = await thumb(url, agency.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(sha256(body).slice(0, 16)).toBe(version.thumbHash);
    const meta = await sharp(body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 480, height: 320 });
  });

  it("gives a new version's thumbnail a new URL: the list moves to it, and the old one still answers as it did", async () => {
    const v1 = await upload(await pngImage(900, 600), { type: 'image/png', name: 'hero-round-1.png' });
    await drain();
    const staff = trpcClient(app.baseUrl, { token: agency.token });
    const first = (await staff.documents.get.query({ id: v1.id })).thumbUrl;
    expect(first).toMatch(/^\/api\/documents\/\d+\/thumb\/[0-9a-f]{16}\.webp$/);

    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(await pngImage(600, 900))], { type: 'image/png' }),
      'hero-round-2.png',
    );
    const added = await fetch(`${app.baseUrl}/api/documents/${v1.id}/versions`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agency.token}` },
    });
    expect(added.status).toBe(201);
    await drain();
    const second = (await staff.documents.get.query({ id: v1.id })).thumbUrl;
    expect(second).toMatch(/^\/api\/documents\/\d+\/thumb\/[0-9a-f]{16}\.webp$/);
    expect(second).not.toBe(first);
    const listed = (await staff.documents.list.query({ limit: 50 })).items.find((d) => d.id === v1.id);
    expect(listed?.thumbUrl).toBe(second);

    for (const [url, size] of [
      [first, { width: 480, height: 320 }],
      [second, { width: 320, height: 480 }],
    ] as const) {
      const res = await thumb(String(url), agency.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      const body = Buffer.from(await res.arrayBuffer());
      // The hash in the URL is the content's: a cached copy can never be a stale thumbnail.
      expect(String(url)).toContain(`/${sha256(body).slice(0, 16)}.webp`);
      expect(await sharp(body).metadata()).toMatchObject(size);
    }
  });

  it("reads a PDF's page count and first page's size, and draws its first page as the thumbnail", async () => {
    const pdf = pdfDocument(3);
    const file = await upload(pdf, { type: 'application/pdf', name: 'contract-draft.pdf' });
    await drain();
    const version = await versionOf(file.versionId);
    expect(version).toMatchObject({ previewStatus: 'ready', pageCount: 3, width: 612, height: 792 });
    expect(version.sha256).toBe(sha256(pdf));
    const res = await thumb(`/api/documents/${file.id}/thumb/${version.thumbHash}.webp`, agency.token);
    expect(res.status).toBe(200);
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', height: 480 });
    expect(meta.width).toBe(Math.ceil((612 * 480) / 792));
  });

  it('marks a corrupt PNG, a decompression bomb and a broken PDF failed, and goes on with the next file', async () => {
    const corrupt = await upload(await corruptPng(), { type: 'image/png', name: 'corrupt.png' });
    const bomb = await upload(bombPng(), { type: 'image/png', name: 'bomb.png' });
    const broken = await upload(brokenPdf(), { type: 'application/pdf', name: 'broken.pdf' });
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {
      type: 'image/png',
      name: 'not-really.png',
    });
    const text = await upload(Buffer.from('plain notes'), { type: 'text/plain', name: 'notes.txt' });
    const good = await upload(await pngImage(300, 600), { type: 'image/png', name: 'after.png' });
    await drain();
    for (const file of [corrupt, bomb, broken, svg]) {
      const version = await versionOf(file.versionId);
      expect(version, String(file.id)).toMatchObject({ previewStatus: 'failed', thumbKey: null, thumbHash: null });
      // Its hash is still filled in.
      expect(version.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect((await versionOf(text.versionId)).previewStatus).toBe('none');
    expect(await versionOf(good.versionId)).toMatchObject({ previewStatus: 'ready', width: 300, height: 600 });
    // The job ended well (never retried nor dead).
    const jobs = await app.database.db.job.findMany({
      where: { businessId: agency.businessId, kind: 'preview', status: { not: 'done' } },
    });
    expect(jobs).toEqual([]);
  });

  it("fills an old file's SHA-256 and takes more than a batch in successive runs", async () => {
    const files = [];
    for (let i = 0; i < 12; i++)
      files.push(await upload(Buffer.from(`row ${i}\n`), { type: 'text/csv', name: `r${i}.csv` }));
    await drain();
    for (const [i, file] of files.entries())
      expect(await versionOf(file.versionId)).toMatchObject({
        previewStatus: 'none',
        sha256: sha256(Buffer.from(`row ${i}\n`)),
      });
  });

  it('queues one job per agency however many uploads ask, and start-up queues the agencies with pending versions', async () => {
    const db = app.database.db;
    await queuePreviews(app.database, other.businessId);
    await queuePreviews(app.database, other.businessId);
    expect(await db.job.count({ where: { businessId: other.businessId, kind: 'preview', status: 'pending' } })).toBe(1);
    await drain();
    // A version written behind the queue's back (the migration's old files) is found by the schedule.
    const file = await upload(await pngImage(40, 40), { type: 'image/png', name: 'old.png', on: other });
    await drain();
    await db.documentVersion.update({
      where: { id: file.versionId },
      data: { previewStatus: 'pending', thumbKey: null, thumbHash: null, sha256: null },
    });
    await schedulePreviews({ database: app.database }, new Date(), [other.businessId]);
    expect(await db.job.count({ where: { businessId: other.businessId, kind: 'preview', status: 'pending' } })).toBe(1);
    await drain();
    expect(await versionOf(file.versionId)).toMatchObject({ previewStatus: 'ready' });
  });

  it('keeps thumbnails through the storage sweep (a row names them)', async () => {
    const file = await upload(await pngImage(50, 50), { type: 'image/png', name: 'kept.png' });
    await drain();
    const { thumbKey } = await versionOf(file.versionId);
    await sweepAgency({ database: app.database, storage: app.storage }, agency.businessId, {
      now: new Date(Date.now() + 2 * 60 * 60_000),
    });
    expect(storedBytes(app, String(thumbKey))).not.toBeNull();
  });
});

describe('who may fetch a thumbnail', () => {
  let shared: { id: number; url: string };
  let internal: { id: number; url: string };
  let otherCompany: { id: number; url: string };

  beforeAll(async () => {
    const make = async (options: Omit<Upload, 'type'>) => {
      const file = await upload(await pngImage(80, 60), { ...options, type: 'image/png' });
      await drain();
      const { thumbHash } = await versionOf(file.versionId);
      return { id: file.id, url: `/api/documents/${file.id}/thumb/${thumbHash}.webp` };
    };
    shared = await make({ name: 'shared.png', shared: true });
    internal = await make({ name: 'internal.png' });
    otherCompany = await make({ name: 'other-company.png', shared: true, companyId: agency.companies[1].id });
  });

  it('answers staff of the agency, 404 to a wrong hash and to another agency, 401 without a session', async () => {
    expect((await thumb(internal.url, agency.token)).status).toBe(200);
    expect((await thumb(internal.url.replace(/[0-9a-f]{16}/, '0123456789abcdef'), agency.token)).status).toBe(404);
    expect((await thumb(internal.url.replace('.webp', '.png'), agency.token)).status).toBe(404);
    expect((await thumb(internal.url, other.token)).status).toBe(404);
    expect((await thumb(internal.url, null)).status).toBe(401);
  });

  it('answers a client only for a file shared with their company', async () => {
    const client = agency.portal.token;
    const res = await thumb(shared.url, client);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect((await thumb(internal.url, client)).status).toBe(404);
    expect((await thumb(otherCompany.url, client)).status).toBe(404);
    expect((await thumb(shared.url, other.portal.token)).status).toBe(404);
  });

  it("lists the thumbnail in the portal's Files, with the file's type", async () => {
    const portal = trpcClient(app.baseUrl, { token: agency.portal.token });
    const files = await portal.portal.files.query({ slug: agency.slug, limit: 50 });
    const row = files.items.find((f) => f.id === shared.id);
    expect(row).toMatchObject({ thumbUrl: shared.url, mimeType: 'image/png' });
    expect(files.items.some((f) => f.id === internal.id)).toBe(false);
  });
});
