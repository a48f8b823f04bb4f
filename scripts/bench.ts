// HTTP benchmark of the companies list: `npm run bench [-- --scale N --duration S --connections C]`.
//
// Self-contained: migrates a fresh temp SQLite database (or BENCH_DATABASE_URL, e.g. a PostgreSQL one; its
// demo agency is replaced), seeds it at --scale (default 100), starts the real app on an ephemeral port,
// signs in as the demo owner and drives each route with autocannon. Load is generated in a worker thread
// so the server keeps the main thread. Exits 1 if any request failed or answered non-2xx.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Request, Response } from 'express';
import { createApp } from '../server/app';
import { LoginThrottle } from '../server/auth/throttle';
import { openDatabase } from '../server/db';
import { loadEnv } from '../server/env';
import { FileStorage } from '../server/files/storage';
import { DEMO } from '../server/routers/auth';
import { appRouter } from '../server/routers/_app';
import { createCallerFactory, createContextFactory } from '../server/trpc';
import { describeDatabase, seed } from './seed';

// autocannon ships no type declarations; this is the part of its API used here.
type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};
type AutocannonOptions = {
  url: string;
  connections: number;
  duration: number;
  workers?: number;
  headers?: Record<string, string>;
};
const autocannon = createRequire(import.meta.url)('autocannon') as (options: AutocannonOptions) => Promise<AutocannonResult>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function numberArg(argv: string[], name: string, fallback: number): number {
  let raw: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === `--${name}`) raw = argv[i + 1];
    else if (argv[i].startsWith(`--${name}=`)) raw = argv[i].slice(name.length + 3);
  }
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} expects a positive number (got ${raw})`);
  return n;
}

const ms = (n: number) => n.toFixed(n < 10 ? 2 : 1);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

function table(head: string[], rows: (string | number)[][]) {
  const cells = [head, ...rows.map((r) => r.map(String))];
  const widths = head.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of cells.slice(1)) console.log(line(r));
}

async function main() {
  const argv = process.argv.slice(2);
  const scale = numberArg(argv, 'scale', 100);
  const duration = numberArg(argv, 'duration', 5);
  const connections = numberArg(argv, 'connections', 10);
  if (!Number.isInteger(scale)) throw new Error('--scale expects a whole number');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim() || `file:${path.join(tmp, 'bench.db')}`;
  let failed = false;
  let server: Server | undefined;
  let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    console.log(`Database: ${describeDatabase(databaseUrl)}${process.env.BENCH_DATABASE_URL ? ' (BENCH_DATABASE_URL)' : ' (temporary)'}`);
    let t = performance.now();
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/prisma.mjs'), 'migrate', 'deploy'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: 'pipe',
    });
    console.log(`Migrated in ${ms((performance.now() - t) / 1000)} s`);

    database = await openDatabase(databaseUrl);
    const seeded = await seed(database.db, { scale });
    const c = seeded.counts;
    console.log(
      `Seeded scale ${scale} in ${ms(seeded.ms / 1000)} s: ${c.companies} companies, ${c.contacts} contacts, ` +
        `${c.projects} projects, ${c.tasks} tasks, ${c.documents} documents`,
    );

    const uploadDir = path.join(tmp, 'uploads');
    const env = loadEnv({ NODE_ENV: 'production', DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir, PORT: '0' });
    const deps = { env, database, throttle: new LoginThrottle(), storage: new FileStorage(uploadDir) };
    const app = createApp(deps);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const login = await fetch(`${base}/auth/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO.email, password: DEMO.password }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { authToken: string }).authToken;
    const headers = { authorization: `Bearer ${token}` };
    const get = (p: string) => fetch(base + p, { headers });

    // Route parameters from the data itself: an industry with active companies and the second page's cursor.
    const industries = (await (await get('/api/companies/industries')).json()) as string[];
    const industry = industries.includes('Technology') ? 'Technology' : industries[0];
    const first = await get('/api/companies');
    const cursor = first.headers.get('x-next-cursor');
    await first.arrayBuffer();
    if (!cursor) console.log('Only one page of companies at this scale: the cursor route is skipped.');

    const routes: [label: string, path: string][] = [
      ['GET /api/companies', '/api/companies'],
      ['GET /api/companies?search=tech', '/api/companies?search=tech'],
      [`GET /api/companies?status=active&industry=${industry}`, `/api/companies?status=active&industry=${encodeURIComponent(industry)}`],
      ...(cursor ? [['GET /api/companies?cursor=<page 2>', `/api/companies?cursor=${cursor}`] as [string, string]] : []),
      ['GET /api/companies/industries', '/api/companies/industries'],
      ['GET /healthz', '/healthz'],
    ];

    // Single calls, one at a time: the first (cold) call and the median of 20 more, over HTTP and
    // in-process through the tRPC caller (session lookup and
    // procedure, without HTTP and JSON).
    // A fresh context per call, as each HTTP request gets, so the session lookup is included.
    const createContext = createContextFactory(deps);
    const createCaller = createCallerFactory(appRouter);
    const newCaller = () =>
      createCaller(
        createContext({
          req: { headers: { authorization: `Bearer ${token}` }, cookies: {}, ip: '127.0.0.1' } as unknown as Request,
          res: { setHeader() {}, cookie() {}, clearCookie() {} } as unknown as Response,
        }),
      );
    const listInputs: [string, Parameters<ReturnType<typeof newCaller>['companies']['list']>[0]][] = [
      ['list (first page)', {}],
      ['list search=tech', { search: 'tech' }],
      [`list status=active industry=${industry}`, { status: 'active', industry }],
      ...(cursor ? [['list cursor page', { cursor: Number(cursor) }] as (typeof listInputs)[number]] : []),
    ];
    const singleRows: (string | number)[][] = [];
    for (const [i, [label, input]] of listInputs.entries()) {
      const timeHttp = async () => {
        const t0 = performance.now();
        const res = await get(routes[i][1]);
        await res.arrayBuffer();
        if (!res.ok) {
          failed = true;
          console.error(`${routes[i][0]} answered ${res.status}`);
        }
        return performance.now() - t0;
      };
      const timeProc = async () => {
        const t0 = performance.now();
        await newCaller().companies.list(input);
        return performance.now() - t0;
      };
      const httpFirst = await timeHttp();
      const http: number[] = [];
      for (let k = 0; k < 20; k++) http.push(await timeHttp());
      const procFirst = await timeProc();
      const proc: number[] = [];
      for (let k = 0; k < 20; k++) proc.push(await timeProc());
      singleRows.push([label, ms(httpFirst), ms(median(http)), ms(Math.min(...http)), ms(procFirst), ms(median(proc))]);
    }

    // Load: each route for `duration` seconds with `connections` concurrent connections.
    const loadRows: (string | number)[][] = [];
    for (const [label, p] of routes) {
      t = performance.now();
      const r = await autocannon({ url: base + p, connections, duration, workers: 1, headers });
      const bad = r.non2xx + r.errors + r.timeouts;
      if (bad > 0) {
        failed = true;
        const codes = Object.entries(r.statusCodeStats)
          .map(([code, s]) => `${code}×${s.count}`)
          .join(', ');
        console.error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts (${codes})`);
      }
      loadRows.push([label, r.requests.average.toFixed(0), ms(r.latency.p50), ms(r.latency.p99), r.non2xx, r.errors + r.timeouts]);
    }

    console.log(`\nSingle calls of companies.list (ms; HTTP = full request, procedure = in-process tRPC caller):`);
    table(['query', 'HTTP first', 'HTTP median', 'HTTP min', 'proc first', 'proc median'], singleRows);
    console.log(`\nLoad: ${connections} connections, ${duration} s per route, ${database.provider}, ${c.companies} companies:`);
    table(['route', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'], loadRows);
  } catch (error) {
    failed = true;
    console.error(error);
  } finally {
    if (server) {
      server.closeAllConnections();
      await new Promise((r) => server!.close(r));
    }
    await database?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  if (failed) {
    console.error('\nBenchmark FAILED (see the errors above).');
    process.exit(1);
  }
}

void main();
