// `npm run bench:upload [-- --mb 200] [--pg]`: a 200 MB file uploaded through the app (POST /api/documents/upload,
// multipart) and downloaded again (GET /api/documents/{id}/download), both streamed end to end, with the app's RSS
// sampled every 20 ms. Budget: the app's RSS grows by less than 50 MB over its idle size (warm, after a few
// ordinary requests). The bytes that come back must be the bytes sent (sha256).
//
// The app runs from dist/server (run `npm run build:server` first) on a temporary database (SQLite, or with --pg a
// new PostgreSQL database on POSTGRES_ADMIN_URL) and a temporary UPLOAD_DIR; the file is written to a temp dir,
// never held in this process's memory either (fs.openAsBlob).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../../server/db';
import { DEMO } from '../../server/demo';
import { seed } from '../seed';
import { rssKb, sampleRss } from './load';
import { freePort, temporaryDatabase } from '../../tests/support/temporary';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_GROWTH_MB = 50;

/** Writes `mb` MiB of random bytes in 1 MiB pieces; answers their sha256. */
function writeRandomFile(file: string, mb: number): string {
  const hash = crypto.createHash('sha256');
  const fd = fs.openSync(file, 'w');
  try {
    for (let i = 0; i < mb; i++) {
      const piece = crypto.randomBytes(1024 * 1024);
      hash.update(piece);
      fs.writeSync(fd, piece);
    }
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const mbIndex = argv.indexOf('--mb');
  const mb = mbIndex >= 0 ? Number(argv[mbIndex + 1]) : 200;
  if (!Number.isInteger(mb) || mb < 1) throw new Error('--mb expects a whole number of MiB');
  const usePg = argv.includes('--pg');
  if (!fs.existsSync(path.join(ROOT, 'dist/server/index.mjs')))
    throw new Error('dist/server is missing: run `npm run build:server` first');

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-upload-bench-'));
  const database = await temporaryDatabase(usePg, 'upload');
  const url = database.url;
  let app: ReturnType<typeof spawn> | undefined;
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'pipe',
    });
    const opened = await openDatabase(url);
    await seed(opened.db, { scale: 1 });
    const company = await opened.db.company.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true } });
    await opened.close();

    const file = path.join(dir, 'big.bin');
    let t = performance.now();
    const sent = writeRandomFile(file, mb);
    console.log(`Wrote ${mb} MiB of random bytes in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      UPLOAD_DIR: path.join(dir, 'uploads'),
      MAX_UPLOAD_BYTES: String(mb * 1024 * 1024 + 1024 * 1024),
    };
    delete env.PUBLIC_URL;
    app = spawn(process.execPath, ['dist/server/index.mjs'], { cwd: ROOT, env, stdio: 'ignore' });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error('the app did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const login = await fetch(`${base}/auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const token = ((await login.json()) as { authToken: string }).authToken;
    const auth = { authorization: `Bearer ${token}` };
    // Warm: a few ordinary requests, then the idle size.
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/api/documents`, { headers: auth })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 500));
    const pid = app.pid!;
    const idleKb = rssKb(pid)!;

    const form = new FormData();
    form.append('companyId', String(company.id));
    form.append('file', await fs.openAsBlob(file, { type: 'application/octet-stream' }), 'big.bin');
    let sampler = sampleRss(pid, 20);
    t = performance.now();
    const uploaded = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: auth, body: form });
    const uploadMs = performance.now() - t;
    const uploadPeakKb = sampler.stop();
    if (uploaded.status !== 201) throw new Error(`upload answered ${uploaded.status}: ${await uploaded.text()}`);
    const { id } = (await uploaded.json()) as { id: number };

    sampler = sampleRss(pid, 20);
    t = performance.now();
    const download = await fetch(`${base}/api/documents/${id}/download`, { headers: auth });
    if (download.status !== 200 || !download.body) throw new Error(`download answered ${download.status}`);
    const hash = crypto.createHash('sha256');
    let received = 0;
    for await (const chunk of download.body as unknown as AsyncIterable<Uint8Array>) {
      hash.update(chunk);
      received += chunk.length;
    }
    const downloadMs = performance.now() - t;
    const downloadPeakKb = sampler.stop();
    const same = hash.digest('hex') === sent && received === mb * 1024 * 1024;

    const growth = (peak: number) => (peak - idleKb) / 1024;
    const rate = (ms: number) => `${((mb / ms) * 1000).toFixed(0)} MiB/s`;
    console.log(
      `\n${mb} MiB through the app (${usePg ? 'PostgreSQL' : 'SQLite'}); app RSS idle ${(idleKb / 1024).toFixed(0)} MB:`,
    );
    console.log(
      `  upload    ${(uploadMs / 1000).toFixed(1)} s (${rate(uploadMs)}), RSS peak ${(uploadPeakKb / 1024).toFixed(0)} MB: growth ${growth(uploadPeakKb).toFixed(1)} MB`,
    );
    console.log(
      `  download  ${(downloadMs / 1000).toFixed(1)} s (${rate(downloadMs)}), RSS peak ${(downloadPeakKb / 1024).toFixed(0)} MB: growth ${growth(downloadPeakKb).toFixed(1)} MB`,
    );
    console.log(`  bytes back ${same ? 'identical (sha256)' : 'DIFFERENT'}`);
    const pass = same && growth(uploadPeakKb) < BUDGET_GROWTH_MB && growth(downloadPeakKb) < BUDGET_GROWTH_MB;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  RSS growth < ${BUDGET_GROWTH_MB} MB for both`);
    const date = new Date().toISOString().slice(0, 10);
    const out = path.join(ROOT, 'bench/results', `upload-${date}-${usePg ? 'postgres' : 'sqlite'}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: usePg ? 'postgres' : 'sqlite',
          mib: mb,
          appRssMb: {
            idle: Math.round(idleKb / 1024),
            uploadPeak: Math.round(uploadPeakKb / 1024),
            downloadPeak: Math.round(downloadPeakKb / 1024),
          },
          growthMb: {
            upload: Math.round(growth(uploadPeakKb) * 10) / 10,
            download: Math.round(growth(downloadPeakKb) * 10) / 10,
          },
          seconds: { upload: Math.round(uploadMs) / 1000, download: Math.round(downloadMs) / 1000 },
          identical: same,
          pass,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written to ${path.relative(ROOT, out)}`);
    return pass ? 0 : 1;
  } finally {
    app?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
