/**
 * Logs and metrics (server/log.ts, server/metrics.ts): the request id (X-Request-Id in and out, in every error
 * reply and on every log line of the request, deep ones included), one access line per request without secrets,
 * and Prometheus /metrics behind METRICS_TOKEN or on METRICS_PORT, with bounded route labels and the job queue.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { metricsOf } from '../../server/app';
import { loadEnv } from '../../server/env';
import { captureLogs, configureLogging, redactPath, redactText } from '../../server/log';
import { Mailer } from '../../server/mail';
import { listenMetrics } from '../../server/metrics';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

const METRICS_TOKEN = 'metrics-0123456789abcdef-token';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogEntry = ReturnType<ReturnType<typeof captureLogs>['entries']>[number] & Record<string, any>;

/** The app, logging at every level (the file's lines are all captured, see beforeAll). */
const start = (options: Parameters<typeof startApp>[1] = {}) =>
  startApp(undefined, { ...options, env: { LOG_LEVEL: 'trace', ...options.env } });

let logs: ReturnType<typeof captureLogs>;
let smtp: TestSmtpServer;
let app: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  // Every line of this file's apps is kept here (nothing on stdout), at every level.
  logs = captureLogs();
  smtp = await startSmtpServer();
  app = await start({ smtpUrl: smtp.url, env: { METRICS_TOKEN } });
  api = client(app.baseUrl);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  logs.stop();
  configureLogging({ level: 'warn' });
});

const scrape = (baseUrl: string, authorization?: string) =>
  fetch(`${baseUrl}/metrics`, { headers: authorization ? { authorization } : {} });
const metricsText = async (baseUrl = app.baseUrl) => {
  const res = await scrape(baseUrl, `Bearer ${METRICS_TOKEN}`);
  expect(res.status).toBe(200);
  return res.text();
};

/** The samples of one metric: labels and value, from the text format. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const out: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    out.push({ labels, value: Number(match[3]) });
  }
  return out;
}
const metricValue = (text: string, name: string, labels: Record<string, string>) =>
  samples(text, name).find(
    (s) =>
      Object.keys(labels).length === Object.keys(s.labels).length &&
      Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;

/** The log entries of one request. */
const linesOf = (reqId: string): LogEntry[] => logs.entries().filter((e) => e.reqId === reqId) as LogEntry[];
/** Waits for a log entry (the access line is written when the connection is done with the reply; a mail sent in the background later still). */
async function waitForEntry(match: (e: LogEntry) => boolean, timeoutMs = 10_000): Promise<LogEntry> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (logs.entries() as LogEntry[]).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error('no such log entry');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('configuration', () => {
  const base = { DATABASE_URL: 'file:./data/x.db' };
  it('validates LOG_LEVEL, METRICS_TOKEN and METRICS_PORT', () => {
    const defaults = loadEnv(base);
    expect(defaults).toMatchObject({ LOG_LEVEL: 'info', METRICS_HOST: '127.0.0.1' });
    expect([defaults.METRICS_TOKEN, defaults.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(
      loadEnv({
        ...base,
        LOG_LEVEL: 'silent',
        METRICS_TOKEN: METRICS_TOKEN,
        METRICS_PORT: '9100',
        METRICS_HOST: '0.0.0.0',
      }),
    ).toMatchObject({
      LOG_LEVEL: 'silent',
      METRICS_TOKEN,
      METRICS_PORT: 9100,
      METRICS_HOST: '0.0.0.0',
    });
    const blank = loadEnv({ ...base, METRICS_TOKEN: '', METRICS_PORT: '' });
    expect([blank.METRICS_TOKEN, blank.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(() => loadEnv({ ...base, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
    expect(() => loadEnv({ ...base, METRICS_TOKEN: 'sixteen chars with spaces' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadEnv({ ...base, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadEnv({ ...base, PORT: '9100', METRICS_PORT: '9100' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });
});

describe('what is masked in logs', () => {
  it('drops query strings and masks one-time tokens in paths', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567';
    expect(redactPath(`/hub/reset-password/${token}?x=1`)).toBe('/hub/reset-password/:token');
    expect(redactPath(`/hub/invite/${token}`)).toBe('/hub/invite/:token');
    expect(redactPath(`/portal/acme/invite/${token}#frag`)).toBe('/portal/acme/invite/:token');
    expect(redactPath(`/auth/v1/password-reset/${token}`)).toBe('/auth/v1/password-reset/:token');
    expect(redactPath('/auth/v1/password-reset/confirm')).toBe('/auth/v1/password-reset/confirm');
    expect(redactPath(`/auth/portal/v1/invite/acme/short`)).toBe('/auth/portal/v1/invite/acme/:token');
    expect(redactPath(`/api/whatever/cf_pat_${token}/x`)).toBe('/api/whatever/:redacted/x');
    expect(redactPath(`/api/companies/12?search=secret`)).toBe('/api/companies/12');
    expect(redactPath('/trpc/companies.list,dashboard.stats?batch=1&input=%7B%7D')).toBe(
      '/trpc/companies.list,dashboard.stats',
    );
    expect(
      redactText(
        `Open https://hub.example/hub/reset-password/${token} now; or /portal/acme/invite/${token}. Bearer cf_pat_${token}`,
      ),
    ).toBe(
      'Open https://hub.example/hub/reset-password/[redacted] now; or /portal/acme/invite/[redacted]. Bearer [redacted]',
    );
  });

  it('a mail logged instead of sent (no SMTP) keeps its one-time link out of the log', async () => {
    const token = 'zyxwvutsrqponmlkjihgfedcba765432';
    const mailer = new Mailer({});
    await mailer.send({
      to: 'someone@example.test',
      subject: 'Reset',
      text: `Open http://localhost/hub/reset-password/${token} within an hour.`,
    });
    const line = (logs.entries() as LogEntry[]).find((e) => String(e.msg).includes('Subject: Reset'));
    expect(line?.msg).toContain('/hub/reset-password/[redacted]');
    expect(logs.text()).not.toContain(token);
  });

  it('never writes a password, a token or a cookie: sign-in, a Bearer token, an invite accepted, a password reset', async () => {
    const owner = await signUpAgency(api);
    const secrets: string[] = [owner.password, owner.token];

    // Sign-in: the password in the body, the session in the reply's cookie, then the cookie on a request.
    const login = await api.post('/auth/v1/login', { email: owner.email, password: owner.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    secrets.push(login.body.authToken, cookie.split('=')[1]);
    expect((await api.get('/auth/v1/me', { cookie })).status).toBe(200);

    // A personal API token as a Bearer header, and a search in the query string.
    const created = await api.post('/api/api-tokens', { name: 'Logging check' }, { token: owner.token });
    expect(created.status).toBe(201);
    const apiToken = created.body.token as string;
    secrets.push(apiToken, 'query-only-secret');
    expect((await api.get('/api/companies?search=query-only-secret', { token: apiToken })).status).toBe(200);

    // A portal invite: the link's token in paths (the API's and the page's), then accepted with a password.
    const company = await api.post('/api/companies', { name: 'Logged Ltd' }, { token: owner.token });
    const contact = await api.post(
      '/api/contacts',
      {
        firstName: 'Lou',
        lastName: 'Log',
        email: `lou-${Date.now()}@example.test`,
        companyId: company.body.id,
        portalAccess: true,
      },
      { token: owner.token },
    );
    expect(contact.status).toBe(201);
    const invite = await api.post(`/api/contacts/${contact.body.id}/invite`, {}, { token: owner.token });
    expect(invite.status).toBe(200);
    const inviteToken = decodeURIComponent(new URL(invite.body.url).pathname.split('/').pop()!);
    const portalPassword = 'portal-password-that-is-secret-1';
    secrets.push(inviteToken, portalPassword);
    expect((await api.get(`/auth/portal/v1/invite/${owner.slug}/${inviteToken}`)).status).toBe(200);
    await api.get(`/portal/${owner.slug}/invite/${inviteToken}`);
    const accepted = await api.post('/auth/portal/v1/invite', {
      slug: owner.slug,
      token: inviteToken,
      password: portalPassword,
    });
    expect(accepted.status).toBe(200);
    secrets.push(accepted.body.authToken);
    const portalCookie = accepted.headers.get('set-cookie')?.split(';')[0];
    if (portalCookie) secrets.push(portalCookie.split('=')[1]);

    // A password reset: the mailed link's token in paths, then the new password.
    expect((await api.post('/auth/v1/password-reset', { email: owner.email })).status).toBe(200);
    const mail = await smtp.waitFor(owner.email);
    const resetToken = decodeURIComponent(
      new URL(smtp.linkIn(mail, '/hub/reset-password/')).pathname.split('/').pop()!,
    );
    const newPassword = 'a-new-password-nobody-may-log-2';
    secrets.push(resetToken, newPassword);
    expect((await api.get(`/auth/v1/password-reset/${resetToken}`)).status).toBe(200);
    await api.get(`/hub/reset-password/${resetToken}`);
    expect(
      (await api.post('/auth/v1/password-reset/confirm', { token: resetToken, password: newPassword })).status,
    ).toBe(200);
    // The same token as a tRPC query's input (in the query string).
    await (
      await fetch(
        `${app.baseUrl}/trpc/auth.checkPasswordReset?input=${encodeURIComponent(JSON.stringify({ json: { token: resetToken } }))}`,
      )
    ).text();
    await waitForEntry((e) => e.msg === 'request' && e.path === '/trpc/auth.checkPasswordReset');

    const text = logs.text();
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(8);
    for (const secret of secrets) expect(text.includes(secret), `the log contains ${secret}`).toBe(false);
    // The requests were logged, with their tokens masked.
    const paths = (logs.entries() as LogEntry[]).filter((e) => e.msg === 'request').map((e) => e.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        `/auth/portal/v1/invite/${owner.slug}/:token`,
        `/portal/${owner.slug}/invite/:token`,
        '/auth/v1/password-reset/:token',
        '/hub/reset-password/:token',
        '/auth/v1/password-reset/confirm',
        '/api/companies',
        '/trpc/auth.checkPasswordReset',
      ]),
    );
  });
});

describe('request ids', () => {
  it('answers X-Request-Id: a sane incoming one is kept, anything else replaced by a UUID', async () => {
    const fresh = await fetch(`${app.baseUrl}/healthz`);
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const kept = await fetch(`${app.baseUrl}/healthz`, { headers: { 'x-request-id': 'lb-7f3a.2:9_x' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a.2:9_x');
    for (const bad of ['with space', 'a/b', '"quoted"', 'x'.repeat(129), '']) {
      const replaced = await fetch(`${app.baseUrl}/healthz`, { headers: { 'x-request-id': bad } });
      expect(replaced.headers.get('x-request-id'), bad).toMatch(UUID);
    }
  });

  it('puts it in every error reply (REST, tRPC, the app’s own refusals) and on the access line', async () => {
    const rest = await api.get('/api/nothing-here');
    expect(rest.body).toEqual({
      message: M.common.unknownPath,
      code: 'NOT_FOUND',
      requestId: rest.headers.get('x-request-id'),
    });
    const refused = await api.get('/api/companies');
    expect(refused).toMatchObject({
      status: 401,
      body: { code: 'UNAUTHORIZED', requestId: refused.headers.get('x-request-id') },
    });
    const deep = await api.call('POST', '/api/companies', { raw: '['.repeat(100) + ']'.repeat(100) });
    expect(deep.body).toEqual({
      message: M.common.tooDeep,
      code: 'BAD_REQUEST',
      requestId: deep.headers.get('x-request-id'),
    });

    const trpc = await fetch(`${app.baseUrl}/trpc/auth.me`, { headers: { 'x-request-id': 'trpc-check-1' } });
    expect(trpc.status).toBe(401);
    expect((await trpc.json()).error.json.data).toMatchObject({ code: 'UNAUTHORIZED', requestId: 'trpc-check-1' });

    const access = await waitForEntry((e) => e.reqId === refused.headers.get('x-request-id') && e.msg === 'request');
    expect(access).toMatchObject({
      level: 'info',
      method: 'GET',
      path: '/api/companies',
      route: '/api/companies',
      status: 401,
    });
    expect(access!.ms).toBeTypeOf('number');
  });

  describe('an unexpected failure (the database stops answering)', () => {
    let owner: Awaited<ReturnType<typeof signUpAgency>>;
    let restore: (() => void) | null = null;
    beforeAll(async () => {
      owner = await signUpAgency(api);
    });
    afterEach(() => restore?.());
    const breakDatabase = () => {
      const executor = app.database.sqlExecutor;
      const all = executor.all;
      executor.all = async () => {
        throw new Error('database unreachable: internal-detail-42');
      };
      restore = () => {
        executor.all = all;
        restore = null;
      };
    };

    it('answers 500 with a sentence and the request id, and logs the error with the same id', async () => {
      breakDatabase();
      const res = await api.get('/api/companies', { token: owner.token });
      restore!();
      const requestId = res.headers.get('x-request-id')!;
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: M.common.internal, code: 'INTERNAL_SERVER_ERROR', requestId });
      expect(JSON.stringify(res.body)).not.toContain('internal-detail-42');
      expect(await waitForEntry((e) => e.reqId === requestId && e.msg === 'request')).toMatchObject({
        level: 'error',
        status: 500,
        route: '/api/companies',
      });
      expect(linesOf(requestId).find((e) => e.msg === 'request failed')).toMatchObject({
        level: 'error',
        err: { message: expect.stringContaining('internal-detail-42') },
      });

      const text = await metricsText();
      expect(metricValue(text, 'http_request_errors_total', { route: '/api/companies' })).toBeGreaterThanOrEqual(1);
      expect(
        metricValue(text, 'http_requests_total', { method: 'GET', route: '/api/companies', status: '500' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('over tRPC too: data.requestId, and the logged error carries it', async () => {
      breakDatabase();
      const res = await fetch(`${app.baseUrl}/trpc/auth.me`, {
        headers: { authorization: `Bearer ${owner.token}`, 'x-request-id': 'trpc-500-check' },
      });
      restore!();
      expect(res.status).toBe(500);
      const error = (await res.json()).error.json;
      expect(error.message).toBe(M.common.internal);
      expect(error.data).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', requestId: 'trpc-500-check' });
      expect(linesOf('trpc-500-check').find((e) => e.msg === 'procedure failed')).toMatchObject({
        level: 'error',
        procedure: 'auth.me',
      });
    });
  });

  it('tags lines logged deep in a router, even after the reply, with the request id', async () => {
    // An SMTP server that is not there: the reset mail fails after the reply (server/domain/auth logs it).
    const down = await start({ smtpUrl: 'smtp://127.0.0.1:9' });
    try {
      const owner = await signUpAgency(client(down.baseUrl));
      const res = await fetch(`${down.baseUrl}/auth/v1/password-reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': 'deep-reset-1' },
        body: JSON.stringify({ email: owner.email }),
      });
      expect(res.status).toBe(200);
      const line = await waitForEntry((e) => e.msg === 'password reset: the link could not be sent');
      expect(line).toMatchObject({ level: 'error', reqId: 'deep-reset-1' });
    } finally {
      await down.close();
    }
  });
});

describe('/metrics', () => {
  it('is 404 without METRICS_TOKEN or METRICS_PORT (nothing is counted then)', async () => {
    const plain = await start();
    try {
      expect(metricsOf(plain.http)).toBeNull();
      expect((await scrape(plain.baseUrl)).status).toBe(404);
      expect((await scrape(plain.baseUrl, `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('with METRICS_TOKEN: 401 without it, with a wrong one or with a staff token; 200 with it', async () => {
    const owner = await signUpAgency(api);
    expect((await scrape(app.baseUrl)).status).toBe(401);
    expect((await scrape(app.baseUrl)).headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect((await scrape(app.baseUrl, `Bearer ${METRICS_TOKEN}x`)).status).toBe(401);
    expect((await scrape(app.baseUrl, `Bearer ${METRICS_TOKEN.slice(0, -1)}`)).status).toBe(401);
    expect((await scrape(app.baseUrl, METRICS_TOKEN)).status).toBe(401);
    expect((await scrape(app.baseUrl, `Bearer ${owner.token}`)).status).toBe(401);
    const ok = await scrape(app.baseUrl, `Bearer ${METRICS_TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const text = await ok.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('counts requests by route pattern (never a URL with ids) and tRPC procedure', async () => {
    const owner = await signUpAgency(api);
    const company = await api.post('/api/companies', { name: 'Counted Co' }, { token: owner.token });
    for (let i = 0; i < 3; i++)
      expect((await api.get(`/api/companies/${company.body.id}`, { token: owner.token })).status).toBe(200);
    expect((await api.get('/api/companies/999999999', { token: owner.token })).status).toBe(404);
    const auth = { authorization: `Bearer ${owner.token}` };
    const status = async (url: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${app.baseUrl}${url}`, {
        headers: { ...headers, 'x-request-id': `counted-${url.length}-${Date.now()}` },
      });
      await res.text();
      // Counted when the reply is done with: wait for its access line, written at the same moment.
      await waitForEntry((e) => e.msg === 'request' && e.reqId === res.headers.get('x-request-id'));
      return res.status;
    };
    expect(await status('/trpc/auth.me', auth)).toBe(200);
    expect(await status('/trpc/dashboard.stats,auth.me?batch=1&input=%7B%7D', auth)).toBe(200);
    expect(await status('/trpc/no.such,thing?batch=1&input=%7B%7D')).toBe(404);

    const text = await metricsText();
    expect(
      metricValue(text, 'http_requests_total', { method: 'GET', route: '/api/companies/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      metricValue(text, 'http_requests_total', { method: 'GET', route: '/api/companies/:id', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'http_requests_total', { method: 'POST', route: '/api/companies', status: '201' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'http_requests_total', { method: 'GET', route: 'trpc:auth.me', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'http_requests_total', { method: 'GET', route: 'trpc:auth.me,dashboard.stats', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'http_requests_total', { method: 'GET', route: 'trpc:unknown', status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      metricValue(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/companies/:id' }),
    ).toBeGreaterThanOrEqual(4);
    expect(
      metricValue(text, 'http_request_duration_seconds_bucket', {
        le: '0.005',
        method: 'GET',
        route: '/api/companies/:id',
      }),
    ).toBeDefined();
    expect(
      metricValue(text, 'http_request_duration_seconds_bucket', {
        le: '10',
        method: 'GET',
        route: '/api/companies/:id',
      }),
    ).toBeDefined();
    // No route label holds an id or a query.
    const routes = new Set(
      ['http_requests_total', 'http_request_duration_seconds_count'].flatMap((name) =>
        samples(text, name).map((s) => s.labels.route),
      ),
    );
    expect([...routes].filter((route) => /\/\d+(?:\/|$)|\?/.test(route))).toEqual([]);
    expect(routes.has(`/api/companies/${company.body.id}`)).toBe(false);
  });

  it('shows the PostgreSQL pool, and nothing of the kind on SQLite', async () => {
    const text = await metricsText();
    if (app.database.provider === 'postgresql') {
      expect(metricValue(text, 'db_pool_connections', {})).toBeGreaterThanOrEqual(1);
      expect(metricValue(text, 'db_pool_idle_connections', {})).toBeGreaterThanOrEqual(0);
      expect(metricValue(text, 'db_pool_waiting_clients', {})).toBe(0);
      expect(metricValue(text, 'db_pool_max_connections', {})).toBeGreaterThanOrEqual(1);
    } else {
      expect(text).not.toContain('db_pool_');
    }
  });

  it('shows the job queue: a due job, then running, then gone', async () => {
    const owner = await signUpAgency(api);
    const business = await app.database.db.user.findUniqueOrThrow({
      where: { email: owner.email },
      select: { businessId: true },
    });
    // A kind of its own, so other test files' jobs on the shared database do not change what is counted here.
    const kind = 'observability_probe';
    const depth = (text: string, state: string) => metricValue(text, 'job_queue_depth', { kind, state });
    const before = await metricsText();
    expect(depth(before, 'due')).toBeUndefined();
    expect(metricValue(before, 'job_queue_depth', { kind: 'notify', state: 'due' })).toBeGreaterThanOrEqual(0);

    const job = await app.database.db.job.create({
      data: { businessId: business.businessId, kind, payload: '{}', runAt: new Date(Date.now() - 60_000) },
    });
    try {
      const due = await metricsText();
      expect(depth(due, 'due')).toBe(1);
      expect(metricValue(due, 'job_queue_oldest_due_seconds', {})).toBeGreaterThanOrEqual(59);
      await app.database.db.job.update({ where: { id: job.id }, data: { status: 'running', lockedAt: new Date() } });
      const running = await metricsText();
      expect([depth(running, 'due'), depth(running, 'running')]).toEqual([undefined, 1]);
    } finally {
      await app.database.db.job.delete({ where: { id: job.id } });
    }
    expect(depth(await metricsText(), 'running')).toBeUndefined();
  });

  it('with METRICS_PORT: only that listener serves /metrics (the token too when set), the main port says 404', async () => {
    const separate = await start({ env: { METRICS_PORT: '9464', METRICS_TOKEN } });
    const servers: http.Server[] = [];
    try {
      expect((await scrape(separate.baseUrl, `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
      const metrics = metricsOf(separate.http)!;
      // As server/index.ts starts it (METRICS_PORT, METRICS_HOST), on an ephemeral port here.
      const withToken = await listenMetrics(metrics, { port: 0, host: '127.0.0.1', token: METRICS_TOKEN });
      const open = await listenMetrics(metrics, { port: 0, host: '127.0.0.1' });
      servers.push(withToken, open);
      const url = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await scrape(url(withToken))).status).toBe(401);
      expect((await scrape(url(withToken), `Bearer ${METRICS_TOKEN}`)).status).toBe(200);
      expect(
        (await fetch(`${url(withToken)}/healthz`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status,
      ).toBe(404);
      expect((await fetch(`${url(open)}/metrics`, { method: 'POST' })).status).toBe(404);
      await fetch(`${separate.baseUrl}/healthz`);
      const text = await (await scrape(url(open))).text();
      expect(
        metricValue(text, 'http_requests_total', { method: 'GET', route: '/healthz', status: '200' }),
      ).toBeGreaterThanOrEqual(1);
      // The metrics listener's own requests are not counted.
      expect(
        samples(text, 'http_requests_total').some((s) => s.labels.route === '/metrics' && s.labels.status === '200'),
      ).toBe(false);
    } finally {
      for (const server of servers) await new Promise((r) => server.close(r));
      await separate.close();
    }
  });
});
