/**
 * Two app instances, one database, one bucket: the configuration an agency runs behind a load balancer.
 * Two real server processes (server/index.ts, as `npm start` runs it) on a fresh PostgreSQL database of their own
 * and one S3-protocol server, behind a small round-robin proxy written here: it sends each request to the next
 * ready instance (it polls /readyz, as a load balancer does) and tries the other one when a connection is refused.
 * PostgreSQL only: several instances on one SQLite file is not a supported deployment.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newAgency } from '../support/app';
import { freePort, temporaryDatabase, type TemporaryDatabase } from '../support/temporary';
import { startS3Server, type S3TestServer } from '../support/s3-server';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { trpcClient } from '../support/trpc';
import { openLiveStream } from '../support/live';
import { LIVE_READY_TOPIC, LIVE_TYPING_TOPIC, type LiveMessage } from '../../shared/live';
import { createPortalSession } from '../../server/auth/sessions';
import { openDatabase } from '../../server/db';
import { liveHub } from '../../server/live/hub';

const onPostgres = inject('databaseUrl').startsWith('postgres');
const ROOT = path.resolve(import.meta.dirname, '../..');

type Instance = {
  name: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
  ready: boolean;
};

/** The round-robin proxy: counts what each instance answered. */
type Proxy = { url: string; served: Record<string, number>; retried: number; close: () => Promise<void> };

/** Ends a proxied reply that failed after reaching the app (not safe to retry elsewhere). */
function destroyed(res: http.ServerResponse, error: Error): boolean {
  res.destroy(error);
  return true;
}

function startProxy(instances: Instance[]): Promise<Proxy> {
  let next = 0;
  const served: Record<string, number> = Object.fromEntries(instances.map((i) => [i.name, 0]));
  const state = { retried: 0 };
  // Health checks every 100 ms: an instance leaves the rotation when /readyz stops answering 200.
  const checker = setInterval(() => {
    for (const instance of instances) {
      const req = http.get(
        { host: '127.0.0.1', port: instance.port, path: '/readyz', agent: false, timeout: 500 },
        (res) => {
          instance.ready = res.statusCode === 200;
          res.resume();
        },
      );
      req.on('error', () => (instance.ready = false));
      req.on('timeout', () => req.destroy());
    }
  }, 100);
  const server = http.createServer(async (req, res) => {
    // Bodies here are small (JSON, a few MB of upload): buffered, so a refused connection can be tried elsewhere.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const pinned = req.headers['x-test-instance'];
    const order = () => {
      const ready = instances.filter((i) => i.ready);
      const pool = ready.length ? ready : instances;
      const first = pool[next++ % pool.length];
      return [first, ...instances.filter((i) => i !== first)];
    };
    const candidates = typeof pinned === 'string' ? instances.filter((i) => i.name === pinned) : order();
    for (const [attempt, instance] of candidates.entries()) {
      const done = await new Promise<boolean>((resolve) => {
        const upstream = http.request(
          {
            host: '127.0.0.1',
            port: instance.port,
            method: req.method,
            path: req.url,
            agent: false,
            headers: {
              ...req.headers,
              'x-forwarded-for': '203.0.113.7',
              connection: 'close',
              'content-length': String(body.length),
            },
          },
          (reply) => {
            served[instance.name]++;
            res.writeHead(reply.statusCode ?? 502, { ...reply.headers, 'x-served-by': instance.name });
            reply.pipe(res);
            resolve(true);
          },
        );
        // Refused before the request reached the app: safe to send to the other instance.
        upstream.on('error', (error: NodeJS.ErrnoException) =>
          resolve(error.code === 'ECONNREFUSED' ? false : destroyed(res, error)),
        );
        upstream.end(body);
      });
      if (done) return;
      if (attempt + 1 < candidates.length) state.retried++;
    }
    res.writeHead(502).end('no instance answered');
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        served,
        get retried() {
          return state.retried;
        },
        close: async () => {
          clearInterval(checker);
          server.closeAllConnections();
          await new Promise((r) => server.close(r));
        },
      });
    }),
  );
}

async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, NODE_ENV: 'test', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const instance: Instance = { name, port, child, output: () => output, exited, ready: false };
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`instance ${name} did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  instance.ready = true;
  return instance;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

describe.skipIf(!onPostgres)('two instances behind a load balancer (PostgreSQL + S3)', () => {
  let database: TemporaryDatabase;
  let databaseUrl: string;
  let s3: S3TestServer;
  let smtp: TestSmtpServer;
  let a: Instance;
  let b: Instance;
  let proxy: Proxy;
  let owner: { email: string; password: string; token: string };
  const on = (instance: Instance) => ({ 'x-test-instance': instance.name });

  beforeAll(async () => {
    database = await temporaryDatabase(true, 'instances');
    databaseUrl = database.url;
    execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    s3 = await startS3Server('clientflow-instances');
    smtp = await startSmtpServer();
    const env = {
      ...s3.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Clientflow <hub@clientflow.test>',
      // Both runners look for due jobs all the time, so their claims do overlap: a claim that is not atomic shows.
      JOB_POLL_MS: '5',
      SHUTDOWN_DELAY_MS: '400',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: 'http://hub.test',
    };
    [a, b] = await Promise.all([startInstance('a', env), startInstance('b', env)]);
    proxy = await startProxy([a, b]);
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    for (const instance of [a, b]) if (instance && instance.child.exitCode === null) instance.child.kill('SIGKILL');
    await Promise.all([a?.exited, b?.exited]);
    await smtp?.close();
    await s3?.close();
    await database?.drop();
  });

  const call = (method: string, url: string, options: { body?: unknown; token?: string; via?: Instance } = {}) =>
    fetch(proxy.url + url, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.via ? on(options.via) : {}),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });

  it('signs in through one instance and works through the other', async () => {
    const agency = newAgency();
    expect((await call('POST', '/auth/signup', { body: agency, via: a })).status).toBe(201);
    const login = await call('POST', '/auth/v1/login', {
      body: { email: agency.email, password: agency.password },
      via: a,
    });
    expect(login.headers.get('x-served-by')).toBe('a');
    owner = { email: agency.email, password: agency.password, token: (await login.json()).authToken };
    const created = await call('POST', '/api/companies', { body: { name: 'Made on B' }, token: owner.token, via: b });
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    const read = await call('GET', `/api/companies/${id}`, { token: owner.token, via: a });
    expect(read.status).toBe(200);
    expect((await read.json()).name).toBe('Made on B');
    // Signed out on B: the session is gone on A too.
    expect((await call('POST', '/auth/v1/logout', { token: owner.token, via: b })).status).toBeLessThan(300);
    expect((await call('GET', '/api/companies', { token: owner.token, via: a })).status).toBe(401);
    owner.token = (
      await (
        await call('POST', '/auth/v1/login', { body: { email: agency.email, password: agency.password }, via: b })
      ).json()
    ).authToken;
  });

  it('shares the login throttle: failures on both instances add up', async () => {
    const victim = newAgency();
    expect((await call('POST', '/auth/signup', { body: victim, via: b })).status).toBe(201);
    const statuses: number[] = [];
    // 10 failed sign-ins per e-mail and address in 15 minutes: five on each instance, then the next is refused on both.
    for (let i = 0; i < 10; i++) {
      const res = await call('POST', '/auth/v1/login', {
        body: { email: victim.email, password: 'wrong password' },
        via: i % 2 ? b : a,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    const refusedA = await call('POST', '/auth/v1/login', {
      body: { email: victim.email, password: victim.password },
      via: a,
    });
    const refusedB = await call('POST', '/auth/v1/login', {
      body: { email: victim.email, password: victim.password },
      via: b,
    });
    expect([refusedA.status, refusedB.status]).toEqual([429, 429]);
    expect(refusedB.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('downloads through one instance a file uploaded through the other (and a byte range of it)', async () => {
    const company = await (
      await call('POST', '/api/companies', { body: { name: 'Files Ltd' }, token: owner.token })
    ).json();
    const bytes = crypto.randomBytes(7 * 1024 * 1024 + 3);
    const form = new FormData();
    form.append('companyId', String(company.id));
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'brief.pdf');
    const uploaded = await fetch(`${proxy.url}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${owner.token}`, ...on(a) },
    });
    expect(uploaded.status).toBe(201);
    const doc = await uploaded.json();
    expect(s3.objects()).toHaveLength(1);
    const down = await fetch(`${proxy.url}/api/documents/${doc.id}/download`, {
      headers: { authorization: `Bearer ${owner.token}`, ...on(b) },
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(`${proxy.url}/api/documents/${doc.id}/download`, {
      headers: { authorization: `Bearer ${owner.token}`, range: 'bytes=5242870-5242889', ...on(a) },
    });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5242870-5242889/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(5242870, 5242890))).toBe(true);
    // Removed on B: gone from the bucket, and A answers 404.
    expect((await call('DELETE', `/api/documents/${doc.id}`, { token: owner.token, via: b })).status).toBeLessThan(300);
    expect(s3.objects()).toEqual([]);
    expect(
      (
        await fetch(`${proxy.url}/api/documents/${doc.id}/download`, {
          headers: { authorization: `Bearer ${owner.token}`, ...on(a) },
        })
      ).status,
    ).toBe(404);
  });

  it('accepts on one instance an invite created on the other; the queued e-mails go out exactly once', async () => {
    const trpcA = trpcClient(proxy.url, { token: owner.token });
    const invite = await fetch(`${proxy.url}/api/team/invites`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner.token}`, ...on(a) },
      body: JSON.stringify({ email: 'morgan@instances.test', role: 'member' }),
    });
    expect(invite.status).toBe(201);
    const token = new URL((await invite.json()).url).pathname.split('/').pop()!;
    const accepted = await fetch(`${proxy.url}/trpc/staffInvite.accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...on(b) },
      body: JSON.stringify({
        json: { token, firstName: 'Morgan', lastName: 'Reyes', password: 'a long and unusual passphrase' },
      }),
    });
    expect(accepted.status, await accepted.clone().text()).toBe(200);
    const team = await trpcA.team.list.query();
    const morgan = team.find((m) => m.email === 'morgan@instances.test')!;
    expect(morgan).toBeTruthy();

    // Twelve tasks assigned to Morgan, through both instances: each becomes a queued notification job, then a
    // queued e-mail job; both instances' job runners poll the same table every 100 ms.
    const titles = Array.from({ length: 12 }, (_, i) => `Review draft ${String.fromCharCode(65 + i)}`);
    const project = await call('POST', '/api/projects', {
      body: { name: 'Website relaunch' },
      token: owner.token,
      via: a,
    });
    expect(project.status, await project.clone().text()).toBe(201);
    const projectId = (await project.json()).id;
    for (const [i, title] of titles.entries()) {
      const res = await call('POST', '/api/tasks', {
        body: { title, projectId, assigneeId: morgan.id },
        token: owner.token,
        via: i % 2 ? b : a,
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const mailsToMorgan = () =>
      smtp.received.filter((m) => m.to.includes('morgan@instances.test') && titles.some((t) => m.text.includes(t)));
    const deadline = Date.now() + 20_000;
    while (mailsToMorgan().length < titles.length && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    // A little longer: a job run twice would send its mail again now.
    await new Promise((r) => setTimeout(r, 1_000));
    const sent = mailsToMorgan();
    expect(sent).toHaveLength(titles.length);
    for (const title of titles) expect(sent.filter((m) => m.text.includes(title))).toHaveLength(1);
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const jobs = () =>
        db.query(
          `SELECT kind, status, attempts, count(*)::int AS n FROM "Job" GROUP BY kind, status, attempts ORDER BY kind`,
        );
      // Jobs that send no mail (an agency's preview run) may still be running on a busy machine: wait for them too.
      const settled = Date.now() + 20_000;
      let { rows } = await jobs();
      while (rows.some((r) => r.status === 'pending' || r.status === 'running') && Date.now() < settled) {
        await new Promise((r) => setTimeout(r, 200));
        ({ rows } = await jobs());
      }
      // Every job done at its first attempt: none was taken by both runners.
      for (const row of rows) expect(row, JSON.stringify(rows)).toMatchObject({ status: 'done', attempts: 1 });
    } finally {
      await db.end();
    }
  }, 60_000);

  it('carries a live event from one instance to a window connected to the other (LISTEN/NOTIFY), and catches up across them', async () => {
    // The test process is a third client of the database: it adds a portal client and publishes stored events.
    const database = await openDatabase(databaseUrl);
    try {
      const { businessId } = await database.db.user.findFirstOrThrow({ where: { email: owner.email } });
      const company = await database.db.company.create({ data: { businessId, name: 'Live Co' } });
      const contact = await database.db.contact.create({
        data: {
          businessId,
          companyId: company.id,
          firstName: 'Lia',
          lastName: 'Live',
          email: 'lia@live.test',
          portalAccess: true,
        },
      });
      const { token: portalToken } = await createPortalSession(database.db, businessId, contact.id);
      const ready = (m: LiveMessage) => m.topic === LIVE_READY_TOPIC;

      // Connected to B; a staff member types on A: B's window sees it (the NOTIFY carries it).
      const onB = await openLiveStream(`http://127.0.0.1:${b.port}`, 'portalLive.events', {
        portalCookie: portalToken,
      });
      await onB.next(ready);
      const typed = await call('POST', '/trpc/live.typing', {
        body: { json: { channel: 'thread:9', companyId: company.id } },
        token: owner.token,
        via: a,
      });
      expect(typed.status, await typed.clone().text()).toBe(200);
      expect(await onB.next((m) => m.topic === LIVE_TYPING_TOPIC)).toMatchObject({ data: { channel: 'thread:9' } });

      // A stored event: B's window gets it live, with its id.
      const hub = liveHub(database);
      const first = await hub.publish({ businessId, companyId: company.id, audience: 'all', topic: 'test.first' });
      const seen = await onB.next((m) => m.topic === 'test.first');
      expect(seen.id).toBe(first);
      onB.close();

      // B's window drops; what it missed is read on A when it reconnects there (through the proxy) with its last id.
      const missed = await hub.publish({ businessId, companyId: company.id, audience: 'all', topic: 'test.missed' });
      await hub.publish({ businessId, audience: 'staff', topic: 'test.staff-only' });
      const onA = await openLiveStream(
        proxy.url,
        'portalLive.events',
        { portalCookie: portalToken },
        {
          lastEventId: String(first),
        },
      );
      expect(onA.headers.get('x-served-by')).toBeTruthy();
      const caughtUp = await onA.next((m) => m.topic === 'test.missed');
      expect(caughtUp.id).toBe(missed);
      const live = await hub.publish({ businessId, companyId: company.id, audience: 'all', topic: 'test.live' });
      expect((await onA.next((m) => m.topic === 'test.live')).id).toBe(live);
      expect(onA.messages.map((m) => m.topic)).toEqual([LIVE_READY_TOPIC, 'test.missed', 'test.live']);
      onA.close();
    } finally {
      await database.close();
    }
  });

  it('loses no acknowledged write when one instance stops mid-load; the other keeps serving', async () => {
    const acknowledged: { id: number; name: string }[] = [];
    const failures: string[] = [];
    const latencies: { ms: number; afterStop: boolean }[] = [];
    let stopped = false;
    let running = true;
    let n = 0;
    const worker = async () => {
      while (running) {
        const name = `Load ${++n} ${crypto.randomUUID().slice(0, 8)}`;
        const started = performance.now();
        try {
          const res = await call('POST', '/api/companies', { body: { name }, token: owner.token });
          const ms = performance.now() - started;
          latencies.push({ ms, afterStop: stopped });
          if (res.status === 201) acknowledged.push({ id: (await res.json()).id, name });
          else failures.push(`${res.status} ${await res.text()}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    await new Promise((r) => setTimeout(r, 1_500));
    // SIGTERM, as an orchestrator stops a container: /readyz turns 503 at once, the proxy stops sending it requests,
    // and after SHUTDOWN_DELAY_MS the instance finishes what it has in flight and exits.
    a.child.kill('SIGTERM');
    stopped = true;
    expect(await a.exited).toBe(0);
    await new Promise((r) => setTimeout(r, 1_500));
    running = false;
    await Promise.all(workers);

    const before = latencies
      .filter((l) => !l.afterStop)
      .map((l) => l.ms)
      .sort((x, y) => x - y);
    const after = latencies
      .filter((l) => l.afterStop)
      .map((l) => l.ms)
      .sort((x, y) => x - y);
    const figure = (list: number[]) =>
      `${list.length} requests, p50 ${percentile(list, 50).toFixed(1)} ms, p95 ${percentile(list, 95).toFixed(1)} ms, max ${list[list.length - 1].toFixed(1)} ms`;
    console.log(`[instances] both up: ${figure(before)}`);
    console.log(`[instances] from SIGTERM to one instance: ${figure(after)}`);
    console.log(
      `[instances] ${latencies.length} writes, ${acknowledged.length} acknowledged, ${failures.length} failed, ${proxy.retried} retried on the other instance; served ${JSON.stringify(proxy.served)}`,
    );
    expect(failures).toEqual([]);
    expect(after.length).toBeGreaterThan(10);

    // Every acknowledged write is in the database, read back through the instance that is left.
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT id, name FROM "Company" WHERE id = ANY($1::int[])`, [
        acknowledged.map((w) => w.id),
      ]);
      expect(rows.length).toBe(acknowledged.length);
      const names = new Map(rows.map((r) => [r.id, r.name]));
      for (const w of acknowledged) expect(names.get(w.id)).toBe(w.name);
    } finally {
      await db.end();
    }
    expect(a.output()).not.toMatch(/"level":(50|60)/);
    const last = acknowledged[acknowledged.length - 1];
    const read = await call('GET', `/api/companies/${last.id}`, { token: owner.token });
    expect(read.status).toBe(200);
    expect(read.headers.get('x-served-by')).toBe('b');
  }, 60_000);
});
