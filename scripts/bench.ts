// `npm run bench [-- --scale N] [--pg] [--duration S] [--rounds R] [--connections 1,32] [--tag NAME] [--no-gzip] [--only TEXT]`
// (--only: just the calls whose name contains TEXT, e.g. `--only flows --tag flows`; several, comma-separated; `=NAME`:
// exactly that call, e.g. `--only =companies,projects/v1,=portal projects`.)
// `--set screens`: every screen's first request as the screen asks it (scripts/bench/calls.ts, screenCalls) instead
// of the default set; `--set all` both.
// `--agencies N [--fraction F]`: the agency-scale generator instead of the demo seed (`--agencies 20` is the full size:
// 20 agencies of 200 companies, 2,000 contacts and projects, 50,000 tasks, 20,000 files, 50 flows; the demo agency,
// the first, is the one measured).
// `--compare FILE`: also compares this run with an earlier result (e.g. 1/10 of the size): per call, the app's p50 at
// one connection, its response size and its RSS must not grow more than 1.5×.
// `--check` (`npm run bench:check`): the exit code fails when a budget fails, not only when a request does.
// `--check-pages N`: compare at most N pages of each list in the identical-answers check (default 1,000).
//
// Measures the production build of the app, in one run:
//  1. a fresh database (a temp SQLite file; with --pg a new PostgreSQL database on POSTGRES_ADMIN_URL, dropped
//     afterwards) is migrated and seeded at --scale (default 100: 1,200 companies in the demo agency);
//  2. the app's production build (`npm run build:server` when dist/server is missing or older than its sources)
//     starts as a child process, and so does the raw baseline (scripts/bench/baseline.ts): the app's own SQL for four
//     representative calls, without the app's transport, once over Express and once over plain node:http;
//  3. every call must answer 200; the four with a baseline must answer the same JSON body byte for byte and the same
//     paging headers from both, on every page, or the run fails (the other calls' answers are held by
//     tests/integration/contracts.test.ts);
//  4. under autocannon, app and baselines alternate (--rounds rounds of --duration seconds each, per connection
//     count); the table shows p50, p99, requests/s and the serving process's CPU ms per request (/proc/<pid>/stat:
//     user + system time over the run ÷ requests served) of each side where there is a baseline, with the ratios, and
//     the app's peak RSS, checks the budgets (bench/budgets.json; printed, not the exit code unless --check) and is
//     written to bench/results/<date>-<db>[-scaleN].json.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db';
import { DEMO } from '../server/demo';
import { benchCalls, screenCalls, type BenchCall } from './bench/calls';
import { type BenchMessages, LONG_THREAD, SHORT_THREAD, seedBenchMessages } from './bench/messages';
import { type BenchPreviews, LONG_HISTORY, seedBenchPreviews } from './bench/previews';
import { cpuMsOf, loadRun, rssKb, sampleRss, summarize, type Run } from './bench/load';
import { freePort, temporaryDatabase, type TemporaryDatabase } from '../tests/support/temporary';
import { generate, seed, type SeedCounts } from './seed';
import { type Options, parseArgs } from './bench/options';
import { mb, report, sec, type Row, type RunInfo } from './bench/report';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// ---------------------------------------------------------------- arguments

// ---------------------------------------------------------------- small helpers

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

/** Newest modification time of the files under the given paths (recursively). */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const visit = (p: string) => {
    const stat = fs.statSync(p, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) for (const entry of fs.readdirSync(p)) visit(path.join(p, entry));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(path.join(ROOT, p));
  return newest;
}

/** `npm run build:server` when dist/server/index.mjs is missing or older than anything it is built from. */
function ensureServerBuild() {
  const output = path.join(ROOT, 'dist/server/index.mjs');
  const built = fs.statSync(output, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const sources = newestMtime(['server', 'shared', 'scripts/build-server.mjs', 'package.json']);
  if (built > sources) {
    console.log('Server build: dist/server is up to date');
    return;
  }
  const t = performance.now();
  execFileSync('npm', ['run', '--silent', 'build:server'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  console.log(`Server build: ${built ? 'stale' : 'missing'}, rebuilt in ${sec(performance.now() - t)}`);
}

/** A child process whose recent output is kept for error messages. */
type Child = { name: string; process: ChildProcess; output: () => string; exited: Promise<number | null> };

function startChild(name: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { name, process: child, output: () => tail, exited };
}

async function waitForHttp(child: Child, url: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 60_000;
  let exited = false;
  void child.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${child.name} exited during start-up:\n${child.output()}`);
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${child.name} did not answer ${url} within 60 s:\n${child.output()}`);
}

async function stopChild(child: Child | undefined) {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5_000);
  await child.exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------- the identical-answers check

type Answer = { status: number; body: string; total: string | null; overall: string | null; next: string | null };

async function answer(base: string, p: string, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(base + p, { headers });
  return {
    status: res.status,
    body: await res.text(),
    total: res.headers.get('x-total-count'),
    overall: res.headers.get('x-overall-count'),
    next: res.headers.get('x-next-cursor'),
  };
}

/** Where two answers differ, or null when identical (body byte for byte, paging headers, status). */
function difference(app: Answer, baseline: Answer): string | null {
  if (app.status !== baseline.status) return `status ${app.status} (app) vs ${baseline.status} (baseline)`;
  if (app.total !== baseline.total) return `X-Total-Count ${app.total} (app) vs ${baseline.total} (baseline)`;
  if (app.overall !== baseline.overall) return `X-Overall-Count ${app.overall} (app) vs ${baseline.overall} (baseline)`;
  if (app.next !== baseline.next) return `X-Next-Cursor ${app.next} (app) vs ${baseline.next} (baseline)`;
  if (app.body === baseline.body) return null;
  let i = 0;
  while (i < app.body.length && app.body[i] === baseline.body[i]) i++;
  const around = (s: string) => JSON.stringify(s.slice(Math.max(0, i - 60), i + 60));
  return `bodies differ at character ${i} (lengths ${app.body.length} and ${baseline.body.length}):\n      app      …${around(app.body)}…\n      baseline …${around(baseline.body)}…`;
}

const withCursor = (p: string, cursor: string) => {
  const u = new URL(p, 'http://x');
  u.searchParams.set('cursor', cursor);
  return u.pathname + u.search;
};

/**
 * A call with a baseline: the call and every following page (up to maxPages) must be identical from both. Without
 * one: the first page must answer 200. Returns the number of answers compared and the first page's size (bytes).
 */
async function checkAnswers(
  call: BenchCall,
  p: string,
  appBase: string,
  baselineBases: string[],
  headers: Record<string, string>,
  maxPages: number,
) {
  let compared = 0;
  let bytes = 0;
  let current: string | null = p;
  while (current && compared < maxPages) {
    const a = await answer(appBase, current, headers);
    if (compared === 0) bytes = Buffer.byteLength(a.body);
    if (a.status !== 200)
      throw new Error(`${call.name} (GET ${current}) answered ${a.status}: ${a.body.slice(0, 300)}`);
    if (!baselineBases.length) break;
    compared++;
    for (const baselineBase of baselineBases) {
      const diff = difference(a, await answer(baselineBase, current, headers));
      if (diff) throw new Error(`app and baseline disagree on ${call.name} (GET ${current}, ${baselineBase}): ${diff}`);
    }
    current = a.next ? withCursor(current, a.next) : null;
  }
  return { compared, bytes };
}

// ---------------------------------------------------------------- main

/** The app, the Express baseline and the node:http one (scripts/bench/baseline.ts). */
type Side = 'app' | 'baseline' | 'http';
type Headers = Record<string, string>;
type Seeded = {
  ms: number;
  counts: SeedCounts;
  totals: SeedCounts | null;
  messages?: BenchMessages;
  previews?: BenchPreviews;
};
type Measured = { call: BenchCall; path: string };

/** A fresh database, migrated and filled (the demo seed at --scale, or the agency-scale generator). */
async function prepareData(options: Options, database: TemporaryDatabase, uploadDir: string) {
  let t = performance.now();
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: 'pipe',
  });
  console.log(`Migrated in ${sec(performance.now() - t)}`);
  t = performance.now();
  const opened = await openDatabase(database.url);
  try {
    const seeded: Seeded =
      options.agencies === null
        ? await seed(opened.db, { scale: options.scale }).then((r) => ({ ms: r.ms, counts: r.counts, totals: null }))
        : await generate(opened.db, { agencies: options.agencies, fraction: options.fraction }).then((r) => ({
            ms: r.ms,
            counts: r.agencies[0].counts,
            totals: r.counts,
          }));
    const c = seeded.counts;
    const sizeLabel =
      options.agencies === null
        ? `scale ${options.scale}`
        : `${options.agencies} agencies × ${options.fraction === 1 ? 'the full agency shape' : `${options.fraction} of the agency shape`}`;
    console.log(
      `${options.agencies === null ? 'Seeded' : 'Generated'} ${sizeLabel} in ${sec(seeded.ms)}: ${c.companies} companies, ${c.contacts} contacts, ` +
        `${c.projects} projects, ${c.tasks} tasks, ${c.documents} documents, ${c.flows} flows (${c.flowSteps} steps, ${c.flowFields} fields)` +
        (seeded.totals
          ? ` in the measured (demo) agency; ${seeded.totals.tasks} tasks and ${seeded.totals.documents} files in all`
          : ''),
    );
    const messages = await seedBenchMessages(opened);
    console.log(
      `Messages: ${messages.threads} conversations (one of ${LONG_THREAD.toLocaleString('en')} messages, one of ${SHORT_THREAD}), ` +
        `${messages.messages} messages, in ${sec(messages.ms)}`,
    );
    const previews = await seedBenchPreviews(opened, uploadDir);
    console.log(
      `Previews: ${previews.thumbnails} versions with a ready thumbnail (${previews.thumbBytes} bytes of WebP), ` +
        `the newest file with a history of ${LONG_HISTORY} versions, in ${sec(previews.ms)}`,
    );
    // Planner statistics, as autovacuum would gather them shortly after a bulk load, so that the plans (the same for
    // app and baseline) do not depend on whether it has run yet.
    if (options.pg) await opened.db.$executeRawUnsafe('ANALYZE');
    // The portal calls sign in as a portal contact of the demo agency (the seed gives them the demo password).
    const portalContact = await opened.db.contact.findFirst({
      where: { portalAccess: true, companyId: { not: null }, business: { slug: DEMO.slug } },
      orderBy: { id: 'asc' },
      select: { email: true },
    });
    return { seeded: { ...seeded, messages, previews }, sizeLabel, portalEmail: portalContact?.email ?? null };
  } finally {
    await opened.close();
  }
}

async function postJson(url: string, body: unknown, what: string): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${what} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { authToken: string }).authToken;
}

/** Bearer headers of the demo owner and, when the agency has one, of a portal contact. */
async function signIn(appBase: string, gzip: boolean, portalEmail: string | null) {
  const token = await postJson(`${appBase}/auth/v1/login`, { email: DEMO.email, password: DEMO.password }, 'sign-in');
  const headers: Headers = { authorization: `Bearer ${token}` };
  if (gzip) headers['accept-encoding'] = 'gzip';
  if (!portalEmail) return { headers, portalHeaders: null };
  const portalToken = await postJson(
    `${appBase}/auth/portal/v1/login`,
    { slug: DEMO.slug, email: portalEmail, password: DEMO.password },
    'portal sign-in',
  );
  return { headers, portalHeaders: { ...headers, authorization: `Bearer ${portalToken}` } as Headers };
}

/** The calls of the chosen set, with their paths (some are read off the app's first answers). */
async function resolveCalls(options: Options, appBase: string, headers: Headers, portalHeaders: Headers | null) {
  const appHeader = async (p: string, header: string) => {
    const res = await fetch(appBase + p, { headers });
    await res.arrayBuffer();
    return res.headers.get(header);
  };
  const appBody = async (p: string) => (await fetch(appBase + p, { headers })).json();
  const portalBody = async (p: string) => (await fetch(appBase + p, { headers: portalHeaders ?? {} })).json();
  const set =
    options.set === 'screens' ? screenCalls : options.set === 'all' ? [...benchCalls, ...screenCalls] : benchCalls;
  const calls: Measured[] = [];
  const chosen = (c: BenchCall) =>
    options.only === null || options.only.some((o) => (o.startsWith('=') ? c.name === o.slice(1) : c.name.includes(o)));
  for (const call of set.filter(chosen)) {
    const p =
      call.portal && !portalHeaders
        ? null
        : typeof call.path === 'string'
          ? call.path
          : await call.path({ appHeader, appBody, portalBody });
    if (p === null) console.log(`${call.name}: does not apply at this scale, skipped`);
    else calls.push({ call, path: p });
  }
  return calls;
}

/** Every call answers 200; those with a baseline answer the same from both. Returns pages compared and sizes. */
async function checkAll(
  calls: Measured[],
  appBase: string,
  baselineBases: string[],
  headersOf: (c: BenchCall) => Headers,
  maxPages: number,
) {
  const t = performance.now();
  let compared = 0;
  const bytesOf = new Map<string, number>();
  for (const { call, path: p } of calls) {
    const checked = await checkAnswers(call, p, appBase, call.baseline ? baselineBases : [], headersOf(call), maxPages);
    compared += checked.compared;
    bytesOf.set(call.name, checked.bytes);
  }
  console.log(
    `Answers: every call 200; ${compared} pages of the calls with a baseline identical (bodies byte for byte, X-Total-Count, X-Overall-Count, X-Next-Cursor) in ${sec(performance.now() - t)}`,
  );
  return { compared, bytesOf };
}

/**
 * Load: per call and connection count, a short warm-up of each side, then alternating rounds (app first in odd rounds,
 * baseline first in even ones, so drift in the machine's load hits both).
 */
async function runLoad(
  calls: Measured[],
  options: Options,
  base: Record<Side, string>,
  headersOf: (c: BenchCall) => Headers,
  pids: Record<Side, number>,
  bytesOf: Map<string, number>,
) {
  const rows: Row[] = [];
  let loadFailed = false;
  let appRssPeakKb = 0;
  const sidesOf = (call: BenchCall): Side[] => (call.baseline ? ['app', 'baseline', 'http'] : ['app']);
  const total =
    calls.reduce((n, { call }) => n + sidesOf(call).length, 0) *
    options.connections.length *
    options.rounds *
    options.duration;
  console.log(
    `\nLoad: ${options.rounds} rounds × ${options.duration} s per side, connections ${options.connections.join(' and ')}` +
      `${options.gzip ? ', Accept-Encoding: gzip' : ''} (about ${Math.ceil(total / 60)} min)…`,
  );
  for (const { call, path: p } of calls) {
    for (const connections of options.connections) {
      for (const side of sidesOf(call))
        await loadRun(base[side] + p, connections, Math.min(1, options.duration / 2), headersOf(call));
      const runs: Record<Side, Run[]> = { app: [], baseline: [], http: [] };
      let callRssKb = 0;
      for (let round = 0; round < options.rounds; round++) {
        const order = round % 2 === 0 ? sidesOf(call) : sidesOf(call).reverse();
        for (const side of order) {
          const rss = side === 'app' ? sampleRss(pids.app) : null;
          const cpuBefore = cpuMsOf(pids[side]);
          const run = await loadRun(base[side] + p, connections, options.duration, headersOf(call));
          const cpuAfter = cpuMsOf(pids[side]);
          if (cpuBefore !== null && cpuAfter !== null) run.cpuMs = cpuAfter - cpuBefore;
          if (rss) callRssKb = Math.max(callRssKb, rss.stop());
          if (run.failures) {
            loadFailed = true;
            console.error(`${call.name} (${side}, ${connections} connections): ${run.failureDetail}`);
          }
          runs[side].push(run);
        }
      }
      appRssPeakKb = Math.max(appRssPeakKb, callRssKb);
      const a = summarize(runs.app);
      const b = call.baseline ? summarize(runs.baseline) : null;
      const h = call.baseline ? summarize(runs.http) : null;
      rows.push({
        call: call.name,
        path: p,
        connections,
        app: a,
        baseline: b,
        http: h,
        ratio: b && { p50: a.p50 / b.p50, p99: a.p99 / b.p99, rps: a.rps / b.rps, cpuMs: a.cpuMs / b.cpuMs },
        httpRatio: h && { p50: a.p50 / h.p50, cpuMs: a.cpuMs / h.cpuMs },
        appRssPeakMb: Math.round(mb(callRssKb)),
        bytes: bytesOf.get(call.name) ?? 0,
      });
    }
  }
  return { rows, loadFailed, appRssPeakKb };
}

/** The processes and files a run makes, and their clean-up (also on Ctrl-C). */
function resources() {
  const held: { database?: TemporaryDatabase; app?: Child; baseline?: Child; http?: Child; uploadDir?: string } = {};
  let cleaned = false;
  const cleanup = async () => {
    if (cleaned) return;
    cleaned = true;
    await Promise.all([stopChild(held.app), stopChild(held.baseline), stopChild(held.http)]);
    if (held.uploadDir) fs.rmSync(held.uploadDir, { recursive: true, force: true });
    await held.database
      ?.drop()
      .catch((e) => console.error(`Could not drop the bench database: ${(e as Error).message}`));
  };
  const onSignal = () => void cleanup().then(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return { held, cleanup };
}

async function startApp(
  held: ReturnType<typeof resources>['held'],
  uploadDir: string,
  databaseUrl: string,
  childEnv: NodeJS.ProcessEnv,
) {
  ensureServerBuild();
  const port = await freePort();
  // As `npm start` and the Dockerfile run it.
  held.app = startChild('the app', ['--max-semi-space-size=16', 'dist/server/index.mjs'], {
    ...childEnv,
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    UPLOAD_DIR: uploadDir,
    PORT: String(port),
  });
  const appBase = `http://127.0.0.1:${port}`;
  await waitForHttp(held.app, `${appBase}/healthz`);
  return { appBase, appPid: held.app.process.pid! };
}

/** The baseline over Express ('baseline') or plain node:http ('http'): its address and pid. */
async function startBaseline(
  held: ReturnType<typeof resources>['held'],
  transport: 'baseline' | 'http',
  databaseUrl: string,
  childEnv: NodeJS.ProcessEnv,
  headers: Headers,
) {
  const port = await freePort();
  const child = startChild(
    transport === 'http' ? 'the node:http baseline' : 'the baseline',
    [
      '--import',
      'tsx',
      'scripts/bench/baseline.ts',
      databaseUrl,
      String(port),
      transport === 'http' ? 'http' : 'express',
    ],
    { ...childEnv, NODE_ENV: 'production' },
  );
  held[transport] = child;
  const baselineBase = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${baselineBase}/api/dashboard/stats`, headers);
  return { base: baselineBase, pid: child.process.pid! };
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const kind = options.pg ? 'postgres' : 'sqlite';
  const started = new Date();
  const state = {
    commit: git(['log', '-1', '--oneline']),
    serverDiff:
      git(['diff', '--stat', 'HEAD', '--', 'server/']).split('\n').pop() || 'no uncommitted changes under server/',
  };
  const { held, cleanup } = resources();
  try {
    console.log(`State: ${state.commit}; server/: ${state.serverDiff}`);
    const database = await temporaryDatabase(options.pg, 'bench');
    held.database = database;
    console.log(`Database: ${database.label} (temporary)`);
    // The upload folder is filled before the app starts: the bench's thumbnails (./bench/previews.ts).
    const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-bench-uploads-'));
    held.uploadDir = uploadDir;
    const { seeded, sizeLabel, portalEmail } = await prepareData(options, database, uploadDir);

    const childEnv = { ...process.env };
    delete childEnv.PUBLIC_URL;
    const { appBase, appPid } = await startApp(held, uploadDir, database.url, childEnv);
    const { headers, portalHeaders } = await signIn(appBase, options.gzip, portalEmail);
    const headersOf = (call: BenchCall) => (call.portal ? portalHeaders! : headers);
    const calls = await resolveCalls(options, appBase, headers, portalHeaders);
    const withBaseline = calls.some(({ call }) => call.baseline);
    const baseline = withBaseline ? await startBaseline(held, 'baseline', database.url, childEnv, headers) : null;
    const httpBaseline = withBaseline ? await startBaseline(held, 'http', database.url, childEnv, headers) : null;
    const baselineBases = [baseline, httpBaseline].flatMap((b) => (b ? [b.base] : []));
    const { compared, bytesOf } = await checkAll(calls, appBase, baselineBases, headersOf, options.checkPages);
    const idleRssKb = rssKb(appPid) ?? 0;

    const base = { app: appBase, baseline: baseline?.base ?? '', http: httpBaseline?.base ?? '' };
    const pids = { app: appPid, baseline: baseline?.pid ?? 0, http: httpBaseline?.pid ?? 0 };
    const load = await runLoad(calls, options, base, headersOf, pids, bytesOf);
    const run: RunInfo = {
      kind,
      started,
      state,
      options,
      seeded,
      sizeLabel,
      screens: new Set(screenCalls.map((call) => call.name)),
      compared,
      idleRssKb,
      appRssPeakKb: Math.max(idleRssKb, load.appRssPeakKb),
    };
    return report(ROOT, load.rows, run, load.loadFailed);
  } catch (error) {
    console.error(`\nBenchmark FAILED: ${error instanceof Error ? error.message : String(error)}`);
    if (!(error instanceof Error && error.message.startsWith('app and baseline disagree'))) console.error(error);
    return 1;
  } finally {
    await cleanup();
  }
}

void main().then((code) => process.exit(code));
