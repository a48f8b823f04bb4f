/**
 * Export zips built to exhaust the server (issue 26): each is a real export of a seeded agency with one part
 * replaced, posted to the archive import's preview. Every one must answer a clear 4xx within the test's timeout while
 * the server (in this process) grows by less than 100 MB, and /healthz keeps answering meanwhile.
 *
 * The expansion limits (IMPORT_MAX_RATIO, IMPORT_MAX_UNPACKED_BYTES) refuse most bombs before a byte is unpacked, so
 * the limits behind them (rows, JSON sizes, nesting, record size) are shown on an app with the ratio limit lifted.
 * The big entries are streamed into a zip on disk, never held in memory by the test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZipArchive } from 'archiver';
import yauzl from 'yauzl';
import { M } from '../../shared/messages';
import { formatFileSize } from '../../shared/file-size';
import { IMPORT_MAX_ISSUES, IMPORT_PREVIEW_ROWS } from '../../shared/schemas/data';
import { ARCHIVE_LIMITS } from '../../server/data/import-archive';
import { oneImportAtATime } from '../../server/data/import-csv';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';

const I = M.data.import;
const MB = 1024 * 1024;
const count = (n: number) => n.toLocaleString('en-US');

let app: TestApp;
/** The same database, with the ratio limit lifted, so a bomb reaches the limits behind it. */
let lenient: TestApp;
/** And with a small IMPORT_MAX_UNPACKED_BYTES. */
let tight: TestApp;
let agency: Agency;
/** The agency's own export: path → bytes. */
let exported: Map<string, Buffer>;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-bombs-'));
const measured: {
  bomb: string;
  zip: string;
  status: number;
  ms: number;
  rssMB: number;
  heapMB: number;
  slowestHealthMs: number;
}[] = [];

beforeAll(async () => {
  app = await startApp();
  lenient = await startApp(undefined, { env: { IMPORT_MAX_RATIO: '100000' } });
  tight = await startApp(undefined, {
    env: { IMPORT_MAX_RATIO: '100000', IMPORT_MAX_UNPACKED_BYTES: String(256 * MB) },
  });
  agency = await createAgency(app, ['Bomb Bay Bakery', 'Fuse Foundry']);
  const res = await fetch(`${app.baseUrl}/api/export.zip`, { headers: { authorization: `Bearer ${agency.token}` } });
  expect(res.status).toBe(200);
  exported = await entriesOf(Buffer.from(await res.arrayBuffer()));
  expect(JSON.parse(exported.get('data/companies.json')!.toString())).toHaveLength(2);
});
afterAll(async () => {
  await Promise.all([app?.close(), lenient?.close(), tight?.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
  if (measured.length) {
    console.table(measured);
    fs.writeFileSync(path.join(os.tmpdir(), 'clientflow-import-bombs.json'), JSON.stringify(measured, null, 2));
  }
});

function entriesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => {
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

type Content = Buffer | string | (() => Readable);

/** `head`, then `unit` `times` times, then `tail`, as a stream of 64 KB chunks. */
function repeat(head: string, unit: string, times: number, tail: string): () => Readable {
  return () =>
    Readable.from(
      (function* () {
        yield Buffer.from(head);
        const per = Math.max(1, Math.floor(65_536 / unit.length));
        const block = Buffer.from(unit.repeat(per));
        let left = times;
        for (; left >= per; left -= per) yield block;
        if (left > 0) yield Buffer.from(unit.repeat(left));
        yield Buffer.from(tail);
      })(),
    );
}

/** The agency's export with some entries replaced (or added), written as a deflated zip into a file of its own. */
async function bombZip(name: string, replace: Record<string, Content>): Promise<string> {
  const file = path.join(dir, `${name}.zip`);
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const written = pipeline(archive, fs.createWriteStream(file));
  const parts = new Map<string, Content>(exported);
  for (const [p, content] of Object.entries(replace)) parts.set(p, content);
  // manifest.json last, as the export writes it.
  const manifest = parts.get('manifest.json')!;
  parts.delete('manifest.json');
  parts.set('manifest.json', manifest);
  for (const [p, content] of parts) archive.append(typeof content === 'function' ? content() : content, { name: p });
  await archive.finalize();
  await written;
  return file;
}

/** Posts the zip to the preview of `server` while sampling this process's memory and /healthz. */
async function post(server: TestApp, bomb: string, zipFile: string, options: { commit?: boolean } = {}) {
  const form = new FormData();
  form.append('kind', 'archive');
  form.append('commit', options.commit ? 'true' : 'false');
  form.append('file', await fs.openAsBlob(zipFile, { type: 'application/zip' }), 'export.zip');
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  };
  const sampler = setInterval(sample, 5);
  let running = true;
  let slowestHealthMs = 0;
  const probes = (async () => {
    while (running) {
      const asked = performance.now();
      const health = await fetch(`${server.baseUrl}/healthz`);
      await health.arrayBuffer();
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/imports`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${agency.token}` },
  });
  const body = await res.json();
  const ms = Math.round(performance.now() - started);
  sample();
  clearInterval(sampler);
  running = false;
  await probes;
  const result = {
    bomb,
    zip: formatFileSize(fs.statSync(zipFile).size),
    status: res.status,
    ms,
    rssMB: Math.round((peakRss - base.rss) / MB),
    heapMB: Math.round((peakHeap - base.heapUsed) / MB),
    slowestHealthMs: Math.round(slowestHealthMs),
  };
  measured.push(result);
  return { ...result, body };
}

/** A refusal with the sentence, and the server's memory grown by less than 100 MB meanwhile. */
function expectRefused(res: Awaited<ReturnType<typeof post>>, message: string) {
  expect([res.status, res.body.message]).toEqual([400, message]);
  expect(res.rssMB).toBeLessThan(100);
  expect(res.heapMB).toBeLessThan(100);
}

const TIMEOUT = { timeout: 20_000 };
const EMPTY_ROWS = 2_800_000;
/** The issue's bomb: `[` + `{},` × 2.8 million + `{}]`, 8 MB of JSON that compresses to a few KB. */
const emptyRows = (n = EMPTY_ROWS) => repeat('[', '{},', n, '{}]');

describe('expansion limits (IMPORT_MAX_RATIO, IMPORT_MAX_UNPACKED_BYTES)', () => {
  it('refuses a data file of 2.8 million empty rows by its ratio, before reading it', TIMEOUT, async () => {
    const zip = await bombZip('empty-rows', { 'data/companies.json': emptyRows() });
    expect(fs.statSync(zip).size).toBeLessThan(100_000);
    expectRefused(await post(app, 'empty rows, default limits', zip), I.entryRatioTooHigh('data/companies.json', 100));
  });

  it('refuses a 512 MiB file of zeros (about 1,000:1) by its ratio', { timeout: 60_000 }, async () => {
    const zip = await bombZip('zeros', { 'files/999/zeros.bin': repeat('', '\0'.repeat(1024), 512 * 1024, '') });
    expect(fs.statSync(zip).size).toBeLessThan(1 * MB);
    expectRefused(await post(app, '512 MiB of zeros', zip), I.entryRatioTooHigh('files/999/zeros.bin', 100));
    // With the ratio lifted, the total unpacked size refuses it.
    expectRefused(
      await post(tight, '512 MiB of zeros, ratio lifted', zip),
      I.unpackedTooLarge(formatFileSize(256 * MB)),
    );
  });

  it('refuses many small entries that unpack together to far more than the zip', TIMEOUT, async () => {
    const small = Object.fromEntries(
      Array.from({ length: 150 }, (_, i) => [`files/${1000 + i}/zeros.bin`, repeat('', '\0'.repeat(1024), 1024, '')]),
    );
    const zip = await bombZip('many-small', small);
    expectRefused(await post(app, '150 × 1 MiB of zeros', zip), I.archiveRatioTooHigh(100));
  });
});

describe('the limits behind them (ratio lifted)', () => {
  it('refuses 2.8 million empty rows at the row limit of one file', TIMEOUT, async () => {
    const zip = await bombZip('empty-rows', { 'data/companies.json': emptyRows() });
    expectRefused(
      await post(lenient, 'empty rows', zip),
      I.tooManyRowsInFile('data/companies.json', count(ARCHIVE_LIMITS.rowsPerFile)),
    );
  });

  it('refuses more rows than one import takes, spread over files', TIMEOUT, async () => {
    const n = ARCHIVE_LIMITS.rowsPerFile - 1;
    const zip = await bombZip('rows-in-all', {
      'data/companies.json': emptyRows(n),
      'data/contacts.json': emptyRows(n),
      'data/projects.json': emptyRows(n),
    });
    expectRefused(
      await post(lenient, 'rows over three files', zip),
      I.tooManyRowsInAll(count(ARCHIVE_LIMITS.rowsInAll)),
    );
  });

  it('refuses values nested a million levels deep', TIMEOUT, async () => {
    const depth = 1_000_000;
    const nested = () =>
      Readable.from(
        (function* () {
          yield Buffer.from('[{"id":1,"options":');
          yield* Array.from({ length: depth / 1000 }, () => Buffer.from('['.repeat(1000)));
          yield* Array.from({ length: depth / 1000 }, () => Buffer.from(']'.repeat(1000)));
          yield Buffer.from('}]');
        })(),
      );
    const zip = await bombZip('deep', { 'data/flowFields.json': nested });
    expectRefused(
      await post(lenient, 'nesting 1,000,000 deep', zip),
      I.tooDeep('data/flowFields.json', ARCHIVE_LIMITS.depth),
    );
  });

  it('refuses a record larger than the record limit', TIMEOUT, async () => {
    const zip = await bombZip('huge-record', {
      'data/companies.json': repeat('[{"id":1,"name":"', 'x', 50 * MB, '"}]'),
    });
    expectRefused(
      await post(lenient, 'one 50 MB string', zip),
      I.recordTooLarge('data/companies.json', formatFileSize(ARCHIVE_LIMITS.recordBytes)),
    );
  });

  it('refuses a data file over the JSON limit, and data files over the total', TIMEOUT, async () => {
    const task = JSON.stringify({
      id: 1,
      projectId: null,
      title: 'Write the launch e-mail',
      description: 'Short and friendly.',
      status: 'pending',
      priority: 'low',
    });
    const rows = (bytes: number) => repeat('[', `${task},`, Math.ceil(bytes / (task.length + 1)), `${task}]`);
    const zip = await bombZip('huge-file', { 'data/tasks.json': rows(ARCHIVE_LIMITS.jsonFileBytes + 1) });
    expectRefused(
      await post(lenient, `one data file over ${formatFileSize(ARCHIVE_LIMITS.jsonFileBytes)}`, zip),
      I.jsonTooLarge('data/tasks.json', formatFileSize(ARCHIVE_LIMITS.jsonFileBytes)),
    );
    const part = Math.ceil(ARCHIVE_LIMITS.jsonTotalBytes / 3) + MB;
    const total = await bombZip('huge-total', {
      'data/projects.json': rows(part),
      'data/tasks.json': rows(part),
      'data/documents.json': rows(part),
    });
    expectRefused(
      await post(lenient, `data files over ${formatFileSize(ARCHIVE_LIMITS.jsonTotalBytes)} together`, total),
      I.jsonTotalTooLarge(formatFileSize(ARCHIVE_LIMITS.jsonTotalBytes)),
    );
  });
});

describe('many rows with problems', () => {
  it(
    'lists the first problems, counts the rest ("and N more"), and shows the first rows with their messages',
    TIMEOUT,
    async () => {
      const n = 3_000;
      // The export's own companies stay (its contacts and projects name them), then n bad ones.
      const own = JSON.parse(exported.get('data/companies.json')!.toString()) as Record<string, unknown>[];
      const bad = Array.from({ length: n }, (_, i) => ({
        ...own[0],
        id: 10_000 + i,
        name: `Bad ${i}`,
        status: 'archived',
        website: 'nope',
      }));
      const zip = await bombZip('problems', { 'data/companies.json': JSON.stringify([...own, ...bad]) });
      const first = own.length + 2;
      const res = await post(app, `${count(n)} rows with 2 problems each`, zip);
      expect(res.status).toBe(200);
      expect(res.rssMB).toBeLessThan(100);
      const preview = res.body;
      expect(preview.issueCount).toBe(2 * n);
      expect(preview.issues).toHaveLength(IMPORT_MAX_ISSUES + 1);
      expect(preview.issues[IMPORT_MAX_ISSUES]).toEqual({
        line: null,
        message: I.moreIssues(2 * n - IMPORT_MAX_ISSUES),
      });
      expect(preview.counts.companies).toEqual({ new: 0, duplicate: own.length, error: n });
      expect(preview.rows).toHaveLength(IMPORT_PREVIEW_ROWS);
      expect(preview.rows[0]).toMatchObject({
        line: first,
        status: 'error',
        values: { name: 'Bad 0' },
        messages: [I.badWebsite('website'), expect.stringContaining('“status” must be one of')],
      });
      expect(preview.rows.at(-1)).toMatchObject({
        line: first + IMPORT_PREVIEW_ROWS - 1,
        status: 'error',
        messages: [I.badWebsite('website'), expect.any(String)],
      });
      const commit = await post(app, `${count(n)} rows with problems, commit`, zip, { commit: true });
      expect([commit.status, commit.body.message, commit.body.issues.length]).toEqual([
        400,
        I.fileProblems(2 * n),
        IMPORT_MAX_ISSUES + 1,
      ]);
    },
  );
});

describe('one import at a time', () => {
  it('answers 409 to a preview of an export while another import of the agency runs', async () => {
    const zip = await bombZip('plain', {});
    let release = () => {};
    let holding = () => {};
    const lockHeld = new Promise<void>((resolve) => (holding = resolve));
    const held = oneImportAtATime(app.database.db, agency.businessId, () => {
      holding();
      return new Promise<void>((resolve) => (release = resolve));
    });
    // The other import holds the lock before this request arrives (not a race with taking it).
    await lockHeld;
    const busy = await post(app, 'a preview during another import', zip);
    release();
    await held;
    expect([busy.status, busy.body.message]).toEqual([409, I.busy]);
    expect((await post(app, 'a preview afterwards', zip)).status).toBe(200);
  });
});
