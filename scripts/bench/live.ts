// `npm run bench:live [-- --connections 500] [--rounds 5] [--pg]`: holds that many live-update streams open on one
// instance (GET /trpc/live.events, server-sent events) and measures
// - the app's RSS growth from idle (warm) to all streams open; budget: less than 100 MB for 500;
// - the fan-out time of one event to all of them: from just before it is sent until the last stream has it
//   (p50, p99 and the last stream), per round. The event: a typing indicator posted through the API (ephemeral,
//   every database); with --pg also a stored event published by another client of the database, which reaches the
//   app by NOTIFY and is read once (the path a message takes between instances).
// The streams are read in this process, so the times include this process parsing 500 streams on the same machine.
//
// The app runs from dist/server (run `npm run build:server` first) on a temporary database (SQLite, or with --pg a
// new PostgreSQL database on POSTGRES_ADMIN_URL), seeded with the demo agency.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVE_READY_TOPIC, LIVE_TYPING_TOPIC, type LiveMessage } from '../../shared/live';
import { openDatabase } from '../../server/db';
import { DEMO } from '../../server/demo';
import { liveHub } from '../../server/live/hub';
import { seed } from '../seed';
import { rssKb, sampleRss } from './load';
import { openLiveStream, type LiveStream } from '../../tests/support/live';
import { freePort, temporaryDatabase } from '../../tests/support/temporary';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUDGET_GROWTH_MB = 100;

const argOf = (argv: string[], name: string, fallback: number) => {
  const i = argv.indexOf(name);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} expects a whole number`);
  return value;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ms = (n: number) => `${n.toFixed(1)} ms`;

/** Waits until every stream has a message matching `match` after index `from`; answers each one's arrival time. */
function arrivals(streams: LiveStream[], from: number[], match: (m: LiveMessage) => boolean, started: number) {
  return Promise.all(
    streams.map((stream, i) =>
      stream.next(match, { from: from[i], waitMs: 30_000 }).then(() => performance.now() - started),
    ),
  );
}

function summary(times: number[]) {
  const sorted = [...times].sort((x, y) => x - y);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { p50: at(50), p99: at(99), last: sorted[sorted.length - 1] };
}

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const connections = argOf(argv, '--connections', 500);
  const rounds = argOf(argv, '--rounds', 5);
  const usePg = argv.includes('--pg');
  if (!fs.existsSync(path.join(ROOT, 'dist/server/index.mjs')))
    throw new Error('dist/server is missing: run `npm run build:server` first');

  const database = await temporaryDatabase(usePg, 'live');
  const url = database.url;
  let app: ReturnType<typeof spawn> | undefined;
  const streams: LiveStream[] = [];
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      stdio: 'pipe',
    });
    const opened = await openDatabase(url);
    await seed(opened.db, { scale: 1 });
    const { businessId } = await opened.db.user.findFirstOrThrow({ where: { email: DEMO.email } });

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LIVE_CONNECTIONS_PER_SESSION: String(connections),
      LIVE_CONNECTIONS_PER_ADDRESS: String(connections),
    };
    delete env.PUBLIC_URL;
    app = spawn(process.execPath, ['--max-semi-space-size=16', 'dist/server/index.mjs'], {
      cwd: ROOT,
      env,
      stdio: 'ignore',
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${base}/healthz`)).ok) break;
      } catch {
        // not yet
      }
      if (Date.now() > deadline) throw new Error('the app did not start');
      await sleep(100);
    }
    const login = await fetch(`${base}/auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    const token = ((await login.json()) as { authToken: string }).authToken;
    const auth = { authorization: `Bearer ${token}` };
    // Warm: ordinary requests and a few streams opened and closed, then the idle size.
    for (let i = 0; i < 20; i++) await (await fetch(`${base}/api/companies`, { headers: auth })).arrayBuffer();
    for (let i = 0; i < 5; i++) {
      const warm = await openLiveStream(base, 'live.events', { token });
      await warm.next((m) => m.topic === LIVE_READY_TOPIC);
      warm.close();
    }
    await sleep(1_000);
    const pid = app.pid!;
    const idleKb = rssKb(pid)!;

    let t = performance.now();
    for (let i = 0; i < connections; i += 50) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(50, connections - i) }, () => openLiveStream(base, 'live.events', { token })),
      );
      for (const stream of batch) if (stream.status !== 200) throw new Error(`a stream answered ${stream.status}`);
      await Promise.all(batch.map((s) => s.next((m) => m.topic === LIVE_READY_TOPIC, { waitMs: 30_000 })));
      streams.push(...batch);
    }
    const openMs = performance.now() - t;
    await sleep(1_000);
    const openKb = rssKb(pid)!;
    console.log(
      `\n${connections} live streams on one instance (${usePg ? 'PostgreSQL' : 'SQLite'}), opened in ${(openMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  app RSS idle ${(idleKb / 1024).toFixed(0)} MB, with the streams open ${(openKb / 1024).toFixed(0)} MB: growth ${((openKb - idleKb) / 1024).toFixed(1)} MB`,
    );

    const results: { kind: string; p50: number; p99: number; last: number }[] = [];
    const sampler = sampleRss(pid, 20);
    for (let round = 0; round < rounds; round++) {
      const channel = `bench:r${round}`;
      const from = streams.map((s) => s.messages.length);
      t = performance.now();
      const waiting = arrivals(
        streams,
        from,
        (m) => m.topic === LIVE_TYPING_TOPIC && (m.data as { channel?: string }).channel === channel,
        t,
      );
      const sent = await fetch(`${base}/trpc/live.typing`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ json: { channel } }),
      });
      if (sent.status !== 200) throw new Error(`live.typing answered ${sent.status}: ${await sent.text()}`);
      results.push({ kind: 'typing (API → all streams)', ...summary(await waiting) });
      await sleep(200);
    }
    if (usePg) {
      const hub = liveHub(opened);
      for (let round = 0; round < rounds; round++) {
        const topic = `bench.stored-${round}`;
        const from = streams.map((s) => s.messages.length);
        t = performance.now();
        const waiting = arrivals(streams, from, (m) => m.topic === topic, t);
        await hub.publish({ businessId, audience: 'staff', topic });
        results.push({ kind: 'stored event (NOTIFY → one read → all streams)', ...summary(await waiting) });
        await sleep(200);
      }
    }
    const peakKb = sampler.stop();
    await opened.close();

    console.log(`  fan-out of one event to all ${connections} streams:`);
    for (const r of results) console.log(`    ${r.kind}: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, last ${ms(r.last)}`);
    const growthMb = (Math.max(openKb, peakKb) - idleKb) / 1024;
    const pass = connections < 500 || growthMb < BUDGET_GROWTH_MB;
    console.log(`  RSS peak during fan-out ${(peakKb / 1024).toFixed(0)} MB`);
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'}  RSS growth ${growthMb.toFixed(1)} MB < ${BUDGET_GROWTH_MB} MB for 500 streams`,
    );

    const date = new Date().toISOString().slice(0, 10);
    const out = path.join(ROOT, 'bench/results', `live-${date}-${usePg ? 'postgres' : 'sqlite'}.json`);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(
      out,
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          database: usePg ? 'postgres' : 'sqlite',
          connections,
          openSeconds: Math.round(openMs) / 1000,
          appRssMb: {
            idle: Math.round(idleKb / 1024),
            open: Math.round(openKb / 1024),
            peak: Math.round(peakKb / 1024),
          },
          growthMb: Math.round(growthMb * 10) / 10,
          fanOutMs: results.map((r) => ({
            kind: r.kind,
            p50: Math.round(r.p50 * 10) / 10,
            p99: Math.round(r.p99 * 10) / 10,
            last: Math.round(r.last * 10) / 10,
          })),
          pass,
        },
        null,
        2,
      )}\n`,
    );
    console.log(`Written to ${path.relative(ROOT, out)}`);
    return pass ? 0 : 1;
  } finally {
    for (const stream of streams) stream.close();
    app?.kill('SIGTERM');
    await sleep(300);
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
