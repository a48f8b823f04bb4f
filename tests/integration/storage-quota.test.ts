/**
 * The storage quota of each agency (STORAGE_QUOTA_BYTES, server/files/quota.ts), here set to 4 KB: the space used is
 * the sum of the agency's stored files only (not links, not another agency's files); a staff upload or a client's
 * flow upload that would go over it is refused with 413 and a clear message, and nothing of it is kept; a client's
 * new version of a flow file counts the room its old version frees; data.storage answers the space used and the quota.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { loadEnv } from '../../server/env';
import { assertStorageQuota, storageQuota, StorageQuotaError } from '../../server/files/quota';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { partialUploads, storedKeys } from '../support/stored';
import { trpcClient, type TrpcClient } from '../support/trpc';

const QUOTA = 4096;

let app: TestApp;
let a: Agency;
let b: Agency;
let staffA: TrpcClient;
let staffB: TrpcClient;

/** A staff upload (POST /api/documents/upload) of `size` bytes to the agency's first company. */
async function staffUpload(agency: Agency, size: number, fileName = 'file.bin') {
  const form = new FormData();
  form.append('companyId', String(agency.companies[0].id));
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.alloc(size, 7))], { type: 'application/octet-stream' }),
    fileName,
  );
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${agency.token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A client's upload to a flow's file field (POST /api/portal/flows/upload). */
async function portalUpload(agency: Agency, flowId: number, fieldId: number, size: number, fileName = 'answer.bin') {
  const form = new FormData();
  form.append('flowId', String(flowId));
  form.append('fieldId', String(fieldId));
  form.append(
    'file',
    new Blob([new Uint8Array(Buffer.alloc(size, 9))], { type: 'application/octet-stream' }),
    fileName,
  );
  const res = await fetch(`${app.baseUrl}/api/portal/flows/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${agency.portal.token}` },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** What the agency has: its Document rows, its stored files and any upload still in progress. */
async function holdings(agency: Agency) {
  return {
    documents: await app.database.db.document.count({ where: { businessId: agency.businessId } }),
    stored: storedKeys(app, agency.businessId),
    partial: partialUploads(app, agency.businessId),
  };
}

beforeAll(async () => {
  app = await startApp(undefined, { env: { STORAGE_QUOTA_BYTES: String(QUOTA) } });
  ({ a, b } = await twoAgencies(app));
  staffA = trpcClient(app.baseUrl, { token: a.token });
  staffB = trpcClient(app.baseUrl, { token: b.token });
});
afterAll(() => app?.close());

describe('data.storage', () => {
  it("answers the bytes of the agency's own stored files and the quota; links and another agency's files do not count", async () => {
    expect(await staffA.data.storage.query()).toEqual({ usedBytes: 0, quotaBytes: QUOTA });
    // A link names a file elsewhere: its declared size takes no room here.
    await staffA.documents.create.mutate({
      name: 'Big link',
      url: 'https://files.example.test/big.zip',
      size: 50_000_000,
      companyId: a.companies[0].id,
    });
    expect((await staffB.data.storage.query()).usedBytes).toBe(0);
    expect((await staffUpload(b, 3000)).status).toBe(201);
    expect((await staffUpload(a, 1000)).status).toBe(201);
    expect(await staffA.data.storage.query()).toEqual({ usedBytes: 1000, quotaBytes: QUOTA });
    expect(await staffB.data.storage.query()).toEqual({ usedBytes: 3000, quotaBytes: QUOTA });
  });

  it('is off by default (no quota)', () => {
    expect(storageQuota(loadEnv({ NODE_ENV: 'test' }))).toBeNull();
  });

  it.runIf(process.env.TEST_DATABASE !== 'postgres')(
    "sums over the agency's rows through the (businessId, …) index of Document (SQLite's plan)",
    async () => {
      const plan = await app.database.db.$queryRawUnsafe<{ detail: string }[]>(
        `EXPLAIN QUERY PLAN SELECT COALESCE(SUM("size"), 0) AS "used" FROM "Document" WHERE "businessId" = ? AND "storageKey" IS NOT NULL`,
        a.businessId,
      );
      expect(plan.map((row) => row.detail).join('\n')).toMatch(
        /SEARCH Document USING INDEX Document_businessId_\w+ \(businessId=\?/,
      );
    },
  );
});

describe('staff uploads over the quota', () => {
  it('refuses an upload that would go over the quota with 413 naming the quota and the space used, keeping nothing', async () => {
    const before = await holdings(a);
    const res = await staffUpload(a, 3500);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.documents.storageQuotaExceeded('4 KB', '1000 Bytes'));
    expect(await holdings(a)).toEqual(before);
    expect((await staffA.data.storage.query()).usedBytes).toBe(1000);
  });

  it('takes a file that fills the quota exactly, then refuses even one more byte', async () => {
    expect((await staffUpload(a, QUOTA - 1000)).status).toBe(201);
    expect((await staffA.data.storage.query()).usedBytes).toBe(QUOTA);
    const before = await holdings(a);
    const res = await staffUpload(a, 1);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.documents.storageQuotaExceeded('4 KB', '4 KB'));
    expect(await holdings(a)).toEqual(before);
  });

  it("does not count one agency's full quota against another", async () => {
    expect((await staffUpload(b, 1000)).status).toBe(201);
    expect((await staffB.data.storage.query()).usedBytes).toBe(4000);
  });
});

describe('client flow uploads over the quota', () => {
  let flowId: number;
  let fields: number[];
  beforeAll(async () => {
    const db = app.database.db;
    const flow = await db.flow.create({
      data: {
        businessId: b.businessId,
        companyId: b.portal.companyId,
        name: 'Quota intake',
        description: '',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      data: { businessId: b.businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Files', content: '' },
    });
    fields = [];
    for (const [order, label] of ['Brief', 'Logo'].entries()) {
      fields.push(
        (
          await db.flowField.create({
            data: { businessId: b.businessId, flowStepId: step.id, fieldLabel: label, fieldType: 'file', order },
          })
        ).id,
      );
    }
    flowId = flow.id;
  });

  it('refuses an upload over the quota with 413 and a message for the client, keeping nothing', async () => {
    // Agency B holds 4000 of 4096 bytes.
    const before = await holdings(b);
    const res = await portalUpload(b, flowId, fields[0], 200);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.portalFlows.storageFull);
    expect(await holdings(b)).toEqual(before);
  });

  it('lets a new version of a file take the room its old version frees, and no more', async () => {
    // Make room: staff delete the 1000-byte file (3000 used).
    const [extra] = (await staffB.documents.list.query({ search: 'file.bin' })).items.filter((d) => d.size === 1000);
    await staffB.documents.remove.mutate({ id: extra.id });
    expect((await portalUpload(b, flowId, fields[0], 1000, 'brief-v1.bin')).status).toBe(201);
    expect((await staffB.data.storage.query()).usedBytes).toBe(4000);
    // 4000 − 1000 + 1090 = 4090: fits.
    expect((await portalUpload(b, flowId, fields[0], 1090, 'brief-v2.bin')).status).toBe(201);
    expect((await staffB.data.storage.query()).usedBytes).toBe(4090);
    // 4090 − 1090 + 1100 = 4100: does not; the answer and its file stay as they were.
    const before = await holdings(b);
    const res = await portalUpload(b, flowId, fields[0], 1100, 'brief-v3.bin');
    expect(res.status).toBe(413);
    expect(await holdings(b)).toEqual(before);
    const submission = await app.database.db.flowSubmission.findFirstOrThrow({
      where: { flowId },
      include: { answers: true },
    });
    const answered = await app.database.db.document.findUniqueOrThrow({
      where: { id: Number(submission.answers[0].value) },
    });
    expect(answered.name).toBe('brief-v2.bin');
  });
});

describe('assertStorageQuota (for the archive import)', () => {
  it('throws StorageQuotaError (413) when the files would not fit, naming the quota and the space used', async () => {
    await expect(assertStorageQuota(app.database.db, a.businessId, 0, app.env)).resolves.toBeUndefined();
    const error = await assertStorageQuota(app.database.db, a.businessId, 1, app.env).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StorageQuotaError);
    expect(error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      quotaBytes: QUOTA,
      usedBytes: QUOTA,
      message: M.documents.storageQuotaExceeded('4 KB', '4 KB'),
    });
    // Without a quota nothing is refused.
    await expect(
      assertStorageQuota(app.database.db, a.businessId, 10 ** 12, { STORAGE_QUOTA_BYTES: 0 }),
    ).resolves.toBeUndefined();
  });
});

describe('the archive import', () => {
  it('refuses an export whose files would put the agency over its quota (413), copying and writing nothing', async () => {
    const { a: fresh } = await twoAgencies(app);
    expect((await staffUpload(fresh, 3000, 'brief.bin')).status).toBe(201);
    const zip = await fetch(`${app.baseUrl}/api/export.zip`, { headers: { authorization: `Bearer ${fresh.token}` } });
    expect(zip.status).toBe(200);
    const archive = new Uint8Array(await zip.arrayBuffer());
    const before = {
      ...(await holdings(fresh)),
      companies: await app.database.db.company.count({ where: { businessId: fresh.businessId } }),
    };
    // Imported into the same agency, its 3000 bytes come again: 6000 > 4096.
    const form = new FormData();
    form.append('kind', 'archive');
    form.append('commit', 'true');
    form.append('file', new Blob([archive], { type: 'application/zip' }), 'export.zip');
    const res = await fetch(`${app.baseUrl}/api/imports`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${fresh.token}` },
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(M.documents.storageQuotaExceeded('4 KB', '2.93 KB'));
    expect({
      ...(await holdings(fresh)),
      companies: await app.database.db.company.count({ where: { businessId: fresh.businessId } }),
    }).toEqual(before);
  });
});
