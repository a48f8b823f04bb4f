/**
 * What a load balancer sees: /healthz (alive), /readyz (database and storage answer, not shutting down), and a
 * shutdown that stops taking traffic but finishes what is in flight (server/index.ts).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { freePort } from '../support/temporary';
import { client, newAgency, startApp, type TestApp } from '../support/app';
import { startS3Server } from '../support/s3-server';

describe('/readyz', () => {
  let app: TestApp;
  beforeAll(async () => {
    // The local folder, whatever the run's storage: this test takes the folder away.
    app = await startApp(undefined, { env: { STORAGE: 'local' } });
  });
  afterAll(() => app.close());

  it('is 200 when the database and the storage answer, 503 naming what fails, and 503 while draining', async () => {
    const api = client(app.baseUrl);
    expect(await api.get('/readyz')).toMatchObject({
      status: 200,
      body: { ok: true, database: true, storage: true, draining: false },
    });
    // The upload folder is gone (a volume not mounted, say): not ready, and it says which part.
    fs.rmSync(app.uploadDir, { recursive: true, force: true });
    expect(await api.get('/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, database: true, storage: false },
    });
    // /healthz only says the process serves: a load balancer must not restart it for a storage outage.
    expect(await api.get('/healthz')).toMatchObject({ status: 200, body: { ok: true } });
    fs.mkdirSync(app.uploadDir);
    expect((await api.get('/readyz')).status).toBe(200);
    app.http.locals.draining = true;
    expect(await api.get('/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, database: true, storage: true, draining: true },
    });
    app.http.locals.draining = false;
  });

  it('with STORAGE=s3: 503 while the bucket does not answer, 200 once it does', async () => {
    const s3 = await startS3Server('clientflow-readyz');
    const missing = await startApp(undefined, { env: { ...s3.env, S3_BUCKET: 'no-such-bucket' } });
    const present = await startApp(undefined, { env: s3.env });
    try {
      expect(await client(missing.baseUrl).get('/readyz')).toMatchObject({
        status: 503,
        body: { ok: false, database: true, storage: false },
      });
      expect(await client(present.baseUrl).get('/readyz')).toMatchObject({
        status: 200,
        body: { ok: true, database: true, storage: true },
      });
      await s3.close();
      expect(await client(present.baseUrl).get('/readyz')).toMatchObject({
        status: 503,
        body: { ok: false, storage: false },
      });
    } finally {
      await missing.close();
      await present.close();
      await s3.close().catch(() => {});
    }
  });
});

describe('shutdown on SIGTERM', () => {
  it('answers 503 on /readyz at once, finishes an upload in flight, then refuses connections and exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-lifecycle-'));
    // The real entry point, as `npm start` runs it (from the sources here; the build is the same code).
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: inject('databaseUrl'),
        UPLOAD_DIR: uploadDir,
        PORT: String(port),
        PUBLIC_URL: base,
        JOB_POLL_MS: '0',
        SHUTDOWN_DELAY_MS: '700',
        SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const api = client(base);
      const signUp = await api.post('/auth/signup', newAgency());
      expect(signUp.status).toBe(201);
      const token = signUp.body.authToken as string;
      const company = await api.post('/api/companies', { name: 'Lifecycle Ltd' }, { token });
      expect(company.status).toBe(201);

      // An upload whose body arrives slowly: its first half before SIGTERM, the rest after the server stopped
      // accepting connections.
      const boundary = 'lifecycle-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="companyId"\r\n\r\n${company.body.id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="brief.txt"\r\nContent-Type: text/plain\r\n\r\n`;
      const content = 'x'.repeat(64 * 1024);
      const tail = `\r\n--${boundary}--\r\n`;
      const body = Buffer.from(head + content + tail);
      const reply = new Promise<{ status: number; text: string }>((resolve, reject) => {
        const req = http.request(`${base}/api/documents/upload`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': body.length,
          },
        });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (d) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        });
        req.on('error', reject);
        req.write(body.subarray(0, head.length + content.length / 2));
        setTimeout(() => req.end(body.subarray(head.length + content.length / 2)), 1_500);
      });
      await new Promise((r) => setTimeout(r, 200));

      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 150));
      // Still serving during SHUTDOWN_DELAY_MS, but no longer ready: the load balancer takes it out.
      const ready = await fetch(`${base}/readyz`, { headers: { connection: 'close' } });
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ draining: true });

      // The upload that was in flight completes, after the server stopped accepting new connections.
      await new Promise((r) => setTimeout(r, 900));
      await expect(fetch(`${base}/healthz`, { headers: { connection: 'close' } })).rejects.toThrow();
      const uploaded = await reply;
      expect(uploaded.status, uploaded.text).toBe(201);
      expect(JSON.parse(uploaded.text)).toMatchObject({ name: 'brief.txt', size: content.length });

      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(uploadDir, { recursive: true, force: true });
    }
  }, 60_000);
});
