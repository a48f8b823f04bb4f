/**
 * Crash leftovers (server/files/sweep.ts): the real server (server/index.ts, as `npm start` runs it) is killed with
 * SIGKILL while uploads and an import are in flight, then started again; its start-up sweep must leave no partial
 * file and no object without a row on the storage this run uses (the local folder, or with TEST_STORAGE=s3 a bucket
 * of its own), and every file a row names must still be there. The leftovers are made old by setting their
 * modification time two days back (the sweep only takes what nothing can still be writing); young ones stay.
 * The server has a database of its own (a fresh SQLite file or PostgreSQL database): its job runner and its
 * sweeps must not touch the agencies of the test files running at the same time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { loadEnv } from '../../server/env';
import { createStorage } from '../../server/files/s3-storage';
import type { FileStorage } from '../../server/files/storage';
import { removeStaleImportFiles, scheduleSweeps, sweepAgency, SWEEP_INTERVAL_MS } from '../../server/files/sweep';
import { freePort, temporaryDatabase, type TemporaryDatabase } from '../support/temporary';
import { client, signUpAgency } from '../support/app';
import { startS3Server, type S3TestServer } from '../support/s3-server';

const ROOT = path.resolve(import.meta.dirname, '../..');
const onPostgres = inject('databaseUrl').startsWith('postgres');
const onS3 = inject('s3') !== null;
const TWO_DAYS_AGO = new Date(Date.now() - 2 * 24 * 60 * 60_000);
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

type Server = { child: ChildProcess; base: string; output: () => string; exited: Promise<unknown> };

/** Every file under a folder, relative, with / separators. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
}

describe('the sweep after kill -9 under upload load', () => {
  let database: TemporaryDatabase;
  let db: Database;
  let s3: S3TestServer | null = null;
  let uploadDir: string;
  let tmpDir: string;
  let env: Record<string, string>;
  let storage: FileStorage;
  let server: Server | null = null;

  beforeAll(async () => {
    database = await temporaryDatabase(onPostgres, 'sweep');
    execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
      stdio: 'pipe',
    });
    db = await openDatabase(database.url);
    uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-sweep-uploads-'));
    // The server's own temp folder (TMPDIR), where the import's upload lands: the test sees exactly its files.
    tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-sweep-tmp-'));
    // A bucket of its own: the run's shared bucket holds other test files' agencies under the same ids.
    if (onS3) s3 = await startS3Server('clientflow-sweep');
    env = {
      ...(s3?.env ?? { STORAGE: 'local' }),
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      UPLOAD_DIR: uploadDir,
      TMPDIR: tmpDir,
      JOB_POLL_MS: '100',
      SHUTDOWN_DELAY_MS: '0',
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      // Every export runs as a background job: its zip is one more kind of stored file a row names.
      EXPORT_INLINE_MAX_ROWS: '0',
      LOG_LEVEL: 'info',
    };
    storage = createStorage(loadEnv({ ...env }));
  }, 120_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    storage?.close?.();
    await db?.close();
    await s3?.close();
    await database?.drop();
    fs.rmSync(uploadDir, { recursive: true, force: true });
    fs.rmSync(tmpDir, { recursive: true, force: true });
  });

  async function start(): Promise<Server> {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: base },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 60_000;
    while (
      !(await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (child.exitCode !== null || Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return { child, base, output: () => output, exited };
  }

  /** A multipart upload whose body stops half-way and never ends (the server is killed meanwhile). */
  function stalledUpload(url: string, token: string, head: string, bytes: number) {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=sweep-boundary',
        'content-length': String(head.length + bytes * 2 + 64),
      },
    });
    req.on('error', () => {});
    req.write(head);
    req.write(randomBytes(bytes));
    return req;
  }

  const fileHead = (fields: Record<string, string>, name: string) =>
    Object.entries(fields)
      .map(([k, v]) => `--sweep-boundary\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
    `--sweep-boundary\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;

  async function upload(base: string, token: string, companyId: number, bytes: Buffer) {
    const form = new FormData();
    form.append('companyId', String(companyId));
    form.append('file', new Blob([new Uint8Array(bytes)]), `file-${randomUUID().slice(0, 8)}.bin`);
    return fetch(`${base}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  /** Keys the rows name: documents, logos, background exports. */
  async function referenced(): Promise<Set<string>> {
    const documents = await db.db.document.findMany({
      where: { storageKey: { not: null } },
      select: { storageKey: true },
    });
    const logos = await db.db.business.findMany({ where: { logoKey: { not: null } }, select: { logoKey: true } });
    const exports = await db.db.export.findMany({ where: { storageKey: { not: null } }, select: { storageKey: true } });
    return new Set([
      ...documents.map((d) => d.storageKey!),
      ...logos.map((b) => b.logoKey!),
      ...exports.map((e) => e.storageKey!),
    ]);
  }

  /** What the storage holds: complete objects (keys) and partial files (local .part), each business's. */
  async function stored(businessIds: number[]) {
    const objects: string[] = [];
    const parts: string[] = [];
    for (const id of businessIds) {
      let after: string | null = null;
      do {
        const page = await storage.list(`${id}/`, { after, limit: 100 });
        for (const entry of page.entries) (entry.partial ? parts : objects).push(entry.key);
        after = page.next;
      } while (after);
    }
    return { objects: objects.sort(), parts: parts.sort() };
  }

  /** Sets every file of the storage (and the server's temp folder) two days back: leftovers of an old crash. */
  function age() {
    const dirs = [s3 ? path.join(s3.directory, s3.bucket) : uploadDir, tmpDir];
    for (const dir of dirs)
      for (const file of filesUnder(dir)) fs.utimesSync(path.join(dir, file), TWO_DAYS_AGO, TWO_DAYS_AGO);
  }

  it('removes old partial files, objects no row names and import temp files; keeps every file a row names, and young ones', async () => {
    server = await start();
    const api = client(server.base);
    const owner = await signUpAgency(api);
    const other = await signUpAgency(api);
    const company = await api.post('/api/companies', { name: 'Sweep Ltd' }, { token: owner.token });
    expect(company.status).toBe(201);
    const businessId = (await db.db.business.findFirstOrThrow({ where: { slug: owner.slug }, select: { id: true } }))
      .id;
    const otherId = (await db.db.business.findFirstOrThrow({ where: { slug: other.slug }, select: { id: true } })).id;

    // Files with rows: uploads, a logo, a background export.
    for (let i = 0; i < 4; i++)
      expect((await upload(server.base, owner.token, company.body.id, randomBytes(20_000))).status).toBe(201);
    const logo = new FormData();
    logo.append('file', new Blob([TINY_PNG], { type: 'image/png' }), 'logo.png');
    expect(
      (
        await fetch(`${server.base}/api/business/logo`, {
          method: 'POST',
          body: logo,
          headers: { authorization: `Bearer ${owner.token}` },
        })
      ).status,
    ).toBe(200);
    const requested = await api.post('/api/exports', {}, { token: owner.token });
    expect(requested.body).toMatchObject({ mode: 'background' });
    await expect
      .poll(async () => (await db.db.export.findFirst({ where: { businessId }, select: { status: true } }))?.status, {
        timeout: 30_000,
      })
      .toBe('ready');

    // Under load: uploads stalled half-way (partial files), uploads arriving as the process dies, an import's upload.
    const stalled = Array.from({ length: 8 }, (_, i) =>
      stalledUpload(
        `${server!.base}/api/documents/upload`,
        owner.token,
        fileHead({ companyId: String(company.body.id) }, `stalled-${i}.bin`),
        40_000,
      ),
    );
    const importing = stalledUpload(`${server.base}/api/imports`, owner.token, fileHead({}, 'export.zip'), 40_000);
    if (!s3)
      await expect
        .poll(() => filesUnder(uploadDir).filter((f) => f.endsWith('.part')).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(8);
    await expect
      .poll(() => fs.readdirSync(tmpDir).filter((f) => f.startsWith('clientflow-import-')).length, { timeout: 15_000 })
      .toBe(1);
    const racing = Array.from({ length: 12 }, () =>
      upload(server!.base, owner.token, company.body.id, randomBytes(200_000)).then(
        (r) => r.status,
        () => 0,
      ),
    );
    await new Promise((r) => setTimeout(r, 30));
    server.child.kill('SIGKILL');
    await server.exited;
    for (const req of [...stalled, importing]) req.destroy();
    const statuses = await Promise.all(racing);

    // What a crash between storing a file and writing its row leaves (the kill above may or may not hit that moment).
    const orphans = [storage.newKey(businessId), storage.newKey(businessId), storage.newKey(otherId)];
    for (const key of orphans) await storage.writeStream(key, Readable.from([randomBytes(1000)]));
    // Not the app's: left alone whatever its age.
    const foreign = s3 ? `${businessId}/notes.txt` : path.join(uploadDir, String(businessId), 'notes.txt');
    if (s3)
      fs.writeFileSync(path.join(s3.directory, s3.bucket, String(businessId), 'notes.txt._S3rver_object'), 'not ours');
    else fs.writeFileSync(foreign, 'not ours');
    age();
    const before = await stored([businessId, otherId]);
    const rows = await referenced();
    const leftover = before.objects.filter((k) => !rows.has(k));
    expect(leftover.length).toBeGreaterThanOrEqual(orphans.length);
    if (!s3) expect(before.parts.length).toBeGreaterThanOrEqual(8);

    // Young leftovers: an upload in flight looks just like them, so they stay.
    const young = storage.newKey(businessId);
    await storage.writeStream(young, Readable.from([randomBytes(100)]));
    const youngPart = `${storage.newKey(businessId)}.${randomUUID()}.part`;
    if (!s3) fs.writeFileSync(path.join(uploadDir, youngPart), 'still being written');
    const youngTemp = path.join(tmpDir, `clientflow-import-${randomUUID()}`);
    fs.writeFileSync(youngTemp, 'an import in progress');

    server = await start();
    // The start-up sweep of each agency, as a job of the queue.
    await expect
      .poll(
        async () =>
          db.db.job.count({ where: { kind: 'sweep', status: 'done', businessId: { in: [businessId, otherId] } } }),
        { timeout: 30_000, interval: 200 },
      )
      .toBeGreaterThanOrEqual(2);
    const after = await stored([businessId, otherId]);
    const stillReferenced = await referenced();
    expect(
      after.objects.filter((k) => !stillReferenced.has(k)),
      'objects without a row after the sweep',
    ).toEqual([young]);
    expect(after.parts, 'partial files after the sweep').toEqual(s3 ? [] : [youngPart]);
    // Every file a row names is still there, and still downloads.
    for (const key of stillReferenced) expect(after.objects, key).toContain(key);
    const documents = await db.db.document.findMany({ where: { businessId }, select: { id: true, size: true } });
    expect(documents.length).toBeGreaterThanOrEqual(4);
    for (const doc of documents) {
      const res = await fetch(`${server.base}/api/documents/${doc.id}/download`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(doc.size);
    }
    // The old import upload is gone, the young one stays; what is not the app's stays.
    expect(fs.readdirSync(tmpDir).filter((f) => f.startsWith('clientflow-import-'))).toEqual([
      path.basename(youngTemp),
    ]);
    if (s3) expect(s3.objects()).toContain(foreign);
    else expect(fs.existsSync(foreign)).toBe(true);
    // Each agency's next sweep is queued, one per agency, SWEEP_INTERVAL_MS on.
    const next = await db.db.job.findMany({
      where: { kind: 'sweep', status: 'pending', businessId: { in: [businessId, otherId] } },
      select: { businessId: true, runAt: true, dedupeKey: true },
    });
    expect(next.map((j) => j.businessId).sort()).toEqual([businessId, otherId].sort());
    for (const job of next) expect(job.runAt.getTime()).toBeGreaterThan(Date.now() + SWEEP_INTERVAL_MS - 60_000);
    const removed = [...server.output().matchAll(/the sweep removed (\d+) orphaned and (\d+) partial/g)].map((m) => [
      Number(m[1]),
      Number(m[2]),
    ]);
    console.info(
      `sweep: uploads racing the kill answered ${JSON.stringify(statuses)}; before: ${leftover.length} objects without a row, ${before.parts.length} partial; removed ${JSON.stringify(removed)}`,
    );
  }, 180_000);

  it('queues one sweep per agency however many instances ask at once; a start-up pulls it forward to now', async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    const agencies = await db.db.business.count();
    // Instances starting together, and their periodic ticks.
    await Promise.all([
      scheduleSweeps(db, { startUp: true }),
      scheduleSweeps(db, { startUp: true }),
      scheduleSweeps(db),
      scheduleSweeps(db),
    ]);
    const pending = await db.db.job.findMany({
      where: { kind: 'sweep', status: { in: ['pending', 'running'] } },
      select: { businessId: true, runAt: true },
    });
    expect(pending).toHaveLength(agencies);
    expect(new Set(pending.map((j) => j.businessId)).size).toBe(agencies);
    for (const job of pending) expect(job.runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A tick does not pull a later sweep forward; a dead one is revived.
    const later = new Date(Date.now() + 60 * 60_000);
    await db.db.job.updateMany({ where: { kind: 'sweep', status: 'pending' }, data: { runAt: later } });
    const [first] = pending;
    await db.db.job.updateMany({
      where: { kind: 'sweep', businessId: first.businessId, status: 'pending' },
      data: { status: 'dead', attempts: 5 },
    });
    await scheduleSweeps(db);
    const after = await db.db.job.findMany({
      where: { kind: 'sweep', status: { not: 'done' } },
      select: { businessId: true, runAt: true, status: true, attempts: true },
    });
    expect(after).toHaveLength(agencies);
    for (const job of after) {
      expect(job.status).toBe('pending');
      if (job.businessId === first.businessId) expect(job).toMatchObject({ attempts: 0 });
      else expect(job.runAt.getTime()).toBe(later.getTime());
    }
  });
  it('leaves an agency alone while an import or an export of it runs (they write files long before their rows)', async () => {
    const { id: businessId } = await db.db.business.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'asc' } });
    const key = storage.newKey(businessId);
    await storage.writeStream(key, Readable.from([randomBytes(100)]));
    // Two days on: the file is old enough, and no row names it.
    const later = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    await db.db.agencyLock.create({
      data: { businessId, name: 'import', holder: 'test', expiresAt: new Date(later.getTime() + 60_000) },
    });
    expect(await sweepAgency({ database: db, storage }, businessId, { now: later })).toMatchObject({
      skipped: true,
      orphans: 0,
    });
    expect(await storage.size(key)).toBe(100);
    await db.db.agencyLock.deleteMany({ where: { businessId } });
    const job = await db.db.job.create({
      data: { businessId, kind: 'export', payload: '{}', status: 'running', lockedAt: new Date() },
      select: { id: true },
    });
    expect(await sweepAgency({ database: db, storage }, businessId, { now: later })).toMatchObject({
      skipped: true,
      orphans: 0,
    });
    expect(await storage.size(key)).toBe(100);
    await db.db.job.update({ where: { id: job.id }, data: { status: 'done' } });
    // Gone now (with the first test's young leftovers, two days older here too).
    expect((await sweepAgency({ database: db, storage }, businessId, { now: later })).skipped).toBe(false);
    expect(await storage.size(key)).toBeNull();
  });

  it('works in bounded runs, each going on from where the last one stopped', async () => {
    const { id: businessId } = await db.db.business.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'desc' } });
    const keys = Array.from({ length: 5 }, () => storage.newKey(businessId));
    for (const key of keys) await storage.writeStream(key, Readable.from([randomBytes(10)]));
    const later = new Date(Date.now() + 2 * 24 * 60 * 60_000);
    const runs: { examined: number; orphans: number }[] = [];
    let after: string | null = null;
    do {
      const result = await sweepAgency({ database: db, storage }, businessId, { after, now: later, maxEntries: 2 });
      runs.push({ examined: result.examined, orphans: result.orphans });
      after = result.next;
    } while (after !== null && runs.length < 20);
    for (const run of runs) expect(run.examined).toBeLessThanOrEqual(2);
    expect(runs.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(await storage.size(key)).toBeNull();
  });

  it("clears only the import's own temp files: clientflow-import-<uuid>, old enough", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-sweep-names-'));
    try {
      const names = [
        `clientflow-import-${randomUUID()}`,
        `clientflow-import-${randomUUID()}.zip`,
        'clientflow-import-x',
        `other-${randomUUID()}`,
      ];
      for (const name of names) fs.writeFileSync(path.join(dir, name), 'x');
      fs.mkdirSync(path.join(dir, `clientflow-import-${randomUUID()}-dir`));
      const later = new Date(Date.now() + 2 * 24 * 60 * 60_000);
      expect(await removeStaleImportFiles({ dir, now: new Date() })).toBe(0);
      expect(await removeStaleImportFiles({ dir, now: later })).toBe(1);
      expect(fs.readdirSync(dir).sort()).toEqual(
        [...names.slice(1), ...fs.readdirSync(dir).filter((n) => n.endsWith('-dir'))].sort(),
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
