/**
 * Prometheus metrics (prom-client), one Registry per app (never the global default one, so several apps in one
 * process, as in the tests, do not clash): HTTP requests by method, route pattern and status, their durations, 5xx
 * replies, the process's own metrics (CPU, memory, event loop, GC), the PostgreSQL pool, and the job queue.
 *
 * Served at GET /metrics on the main port with `Authorization: Bearer <METRICS_TOKEN>`, or on a listener of its
 * own (METRICS_PORT on METRICS_HOST) that serves nothing else; with neither configured there are no metrics at all
 * (nothing is counted) and /metrics is 404. See the README's "Logs and metrics".
 */
import http from 'node:http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db';
import type { Env } from './env';
import { JOB_KINDS } from './jobs/queue';
import { log, type RequestDone } from './log';
import { appRouter } from './routers/_app';
import { sql, toDate, toInt } from './sql';

const PROCEDURES: ReadonlySet<string> = new Set(Object.keys(appRouter._def.procedures));

/** Distinct labels for tRPC batches (several procedures in one request) per app; past this, 'trpc:batch'. */
const MAX_BATCH_LABELS = 100;

/**
 * The `route` label of a request, with bounded values: the matched Express pattern ('/api/companies/:id', never the
 * URL with its ids), 'trpc:<procedure>' for tRPC (a batch: its procedures sorted and joined by commas, up to
 * MAX_BATCH_LABELS distinct batches, else 'trpc:batch'; a name the router does not have: 'trpc:unknown'), 'static'
 * for /assets, and 'other' for anything else (unknown paths, static files).
 */
export function routeLabeler() {
  const batches = new Set<string>();
  return (req: Request, status: number): string => {
    const path = req.originalUrl.replace(/[?#].*$/s, '');
    if (path === '/trpc' || path.startsWith('/trpc/')) {
      let names: string[];
      try {
        names = decodeURIComponent(path.slice('/trpc/'.length)).split(',');
      } catch {
        return 'trpc:unknown';
      }
      if (!names.every((name) => PROCEDURES.has(name))) return 'trpc:unknown';
      const unique = [...new Set(names)].sort();
      if (unique.length === 1) return `trpc:${unique[0]}`;
      const label = `trpc:${unique.join(',')}`;
      if (batches.has(label)) return label;
      // Only batches that were answered make new labels: refused ones cannot use up the budget.
      if (batches.size >= MAX_BATCH_LABELS || status >= 400) return 'trpc:batch';
      batches.add(label);
      return label;
    }
    const route = (req.route as { path?: unknown } | undefined)?.path;
    if (typeof route === 'string') return `${req.baseUrl ?? ''}${route}`;
    if (path.startsWith('/assets/')) return 'static';
    return 'other';
  };
}

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** Job kinds as labels: the app's own, or a plain name; anything else 'other'. */
const kindLabel = (kind: unknown) => (typeof kind === 'string' && /^[a-z][a-z0-9_]{0,31}$/.test(kind) ? kind : 'other');
/** The queue gauges count at most this many jobs (one index range scan, never the whole table). */
const QUEUE_COUNT_LIMIT = 10_000;

export type Metrics = {
  registry: Registry;
  /** Counts one answered request (called by the request logging middleware, server/log.ts). */
  observe(request: RequestDone): void;
};

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status (499: the client went away first).',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from the request to the end of its reply, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const errors = new Counter({
    name: 'http_request_errors_total',
    help: 'Replies with a 5xx status, by route pattern.',
    labelNames: ['route'] as const,
    registers,
  });

  const pool = database.pool;
  if (pool) {
    const poolGauge = (name: string, help: string, value: () => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(value());
        },
      });
    poolGauge(
      'db_pool_connections',
      'Open connections of the PostgreSQL pool (Prisma and the hand-written SQL share it).',
      () => pool.totalCount,
    );
    poolGauge('db_pool_idle_connections', 'Open connections of the pool not in use.', () => pool.idleCount);
    poolGauge(
      'db_pool_waiting_clients',
      'Queries waiting for a connection of the pool (a full pool).',
      () => pool.waitingCount,
    );
    poolGauge('db_pool_max_connections', 'The most connections the pool opens.', () => pool.options.max ?? 10);
  }

  // Two bounded statements over the ("status", "runAt") index per scrape (the counts, then the oldest due job), read
  // once and shared by both queue gauges.
  let queueRead: Promise<{
    depth: { kind: string; state: string; n: number }[];
    oldestDue: Date | null;
  } | null> | null = null;
  const readQueue = () =>
    (queueRead ??= (async () => {
      const now = new Date();
      try {
        const depth = await database.sql.all(sql`
          SELECT "kind", "state", COUNT(*) AS "n" FROM (
            SELECT "kind", CASE WHEN "status" = 'pending' THEN 'due' ELSE "status" END AS "state" FROM "Job"
            WHERE ("status" = 'pending' AND "runAt" <= ${now}) OR "status" IN ('running', 'dead')
            LIMIT ${QUEUE_COUNT_LIMIT}
          ) AS "jobs" GROUP BY "kind", "state"`);
        const oldest = await database.sql.get(
          sql`SELECT MIN("runAt") AS "oldest" FROM "Job" WHERE "status" = 'pending' AND "runAt" <= ${now}`,
        );
        return {
          depth: depth.map((r) => ({ kind: kindLabel(r.kind), state: String(r.state), n: toInt(r.n) })),
          oldestDue: oldest?.oldest == null ? null : toDate(oldest.oldest),
        };
      } catch (error) {
        log.warn({ err: error }, 'metrics: the job queue could not be read');
        return null;
      }
    })().finally(() => setTimeout(() => (queueRead = null), 0)));

  new Gauge({
    name: 'job_queue_depth',
    help: `Background jobs by kind and state: due (pending, runAt passed), running, dead (gave up; Account → Notifications lists them). Counted up to ${QUEUE_COUNT_LIMIT} jobs in all.`,
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      const queue = await readQueue();
      this.reset();
      if (!queue) return;
      for (const kind of JOB_KINDS) for (const state of ['due', 'running', 'dead']) this.set({ kind, state }, 0);
      for (const { kind, state, n } of queue.depth) this.inc({ kind, state }, n);
    },
  });
  new Gauge({
    name: 'job_queue_oldest_due_seconds',
    help: 'How long the oldest due job has been waiting for a runner (0: none waiting).',
    registers,
    async collect() {
      const queue = await readQueue();
      if (queue) this.set(queue.oldestDue ? Math.max(0, (Date.now() - queue.oldestDue.getTime()) / 1000) : 0);
    },
  });

  return {
    registry,
    observe({ req, status, seconds, route }) {
      const method = METHODS.has(req.method) ? req.method : 'other';
      requests.inc({ method, route, status: String(status) });
      duration.observe({ method, route }, seconds);
      if (status >= 500) errors.inc({ route });
    },
  };
}

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed, so equal lengths). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header?.trim() ?? '');
  if (!match) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(match[1]), digest(token));
}

async function sendMetrics(metrics: Metrics, res: http.ServerResponse, head: boolean) {
  try {
    const text = await metrics.registry.metrics();
    res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
    res.end(head ? undefined : text);
  } catch (error) {
    log.error({ err: error }, 'metrics: collecting failed');
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end('Metrics could not be collected.');
  }
}

const refuse = (res: http.ServerResponse, status: 401 | 404) => {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    ...(status === 401 ? { 'WWW-Authenticate': 'Bearer realm="metrics"' } : {}),
  });
  res.end(status === 401 ? 'Unauthorized' : 'Not found');
};

/**
 * GET /metrics on the main port: served only when METRICS_TOKEN is set and METRICS_PORT is not (the metrics then
 * live on their own port), and only with that token; otherwise 404, like any unknown path.
 */
export function metricsRoute(
  metrics: Metrics | null,
  env: Pick<Env, 'METRICS_TOKEN' | 'METRICS_PORT'>,
): RequestHandler {
  const token = env.METRICS_TOKEN;
  const served = metrics !== null && token !== undefined && env.METRICS_PORT === undefined;
  return (req, res) => {
    if (!served) return refuse(res, 404);
    if (!bearerMatches(req.headers.authorization, token)) return refuse(res, 401);
    return sendMetrics(metrics, res, req.method === 'HEAD');
  };
}

/**
 * The listener of METRICS_PORT: GET /metrics (with the Bearer token when METRICS_TOKEN is set too) and nothing
 * else. Its requests are neither logged nor counted.
 */
function metricsServer(metrics: Metrics, token: string | undefined): http.Server {
  return http.createServer((req, res) => {
    const path = (req.url ?? '').replace(/[?#].*$/s, '');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || path !== '/metrics') return refuse(res, 404);
    if (token !== undefined && !bearerMatches(req.headers.authorization, token)) return refuse(res, 401);
    void sendMetrics(metrics, res, req.method === 'HEAD');
  });
}

/** Starts the METRICS_PORT listener on METRICS_HOST; resolves once it listens. */
export function listenMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token?: string },
): Promise<http.Server> {
  const server = metricsServer(metrics, options.token);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
