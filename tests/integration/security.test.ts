import { createHash } from 'node:crypto';
import fs from 'node:fs';
import superjson from 'superjson';
import { trpcClient } from '../support/trpc';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { LoginThrottle } from '../../server/auth/throttle';
import { openDatabase, type Database } from '../../server/db';
import { loadEnv } from '../../server/env';
import { LocalFileStorage } from '../../server/files/storage';
import { Mailer } from '../../server/mail';
import { hasNul, jsonTextTooDeep, MAX_INPUT_DEPTH, valueTooDeep } from '../../server/lib/input-guards';
import { client, newAgency, signUpAgency, startApp, type TestApp } from '../support/app';
import { brandScale } from '../../shared/brand-colors';
import { DEFAULT_BRAND_STYLE, PAGE_DATA, SESSION, TIME_ZONE_COOKIE } from '../../shared/constants';
import { createPortalSession } from '../../server/auth/sessions';
import { EARLY_SCRIPT } from '../../shared/early-script';
import { FRAME_TOKENS } from '../../shared/first-frames';
import { FIRST_REPLIES, PORTAL_RECENT_ACTIVITY } from '../../shared/first-replies';
import { greetingIn } from '../../shared/greeting';

const TOO_DEEP = 'Request data is nested too deeply.';
/** The attack as reported: 3,000 levels in 6 KB. */
const deep = (levels = 3000) => '['.repeat(levels) + ']'.repeat(levels);

let app: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
});
afterAll(() => app.close());

type Reply = { status: number; headers: Headers; text: string; body: any };
async function send(
  baseUrl: string,
  method: string,
  url: string,
  init: { body?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  const headers = { ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers };
  const res = await fetch(baseUrl + url, { method, headers, body: init.body });
  const text = await res.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, body };
}

describe('input nested deeper than the limit answers 400 before anything recurses', () => {
  it('refuses it in a REST body, without signing in', async () => {
    const res = await send(app.baseUrl, 'POST', '/auth/signup', { body: `{"name":${deep()}}` });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: TOO_DEEP, code: 'BAD_REQUEST', requestId: expect.any(String) });
  });

  it('refuses it in a REST body of a signed-in call', async () => {
    const { token } = await signUpAgency(api);
    const res = await send(app.baseUrl, 'POST', '/companies/v1', {
      body: `{"name":"Acme","address":${deep()}}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_DEEP);
  });

  it('refuses it in a /trpc body, single and batched', async () => {
    const single = await send(app.baseUrl, 'POST', '/trpc/auth.login', { body: `{"json":${deep()}}` });
    expect(single.status).toBe(400);
    expect(single.body.message).toBe(TOO_DEEP);
    const batch = await send(app.baseUrl, 'POST', '/trpc/auth.login,auth.login?batch=1', {
      body: `{"0":{"json":${deep()}},"1":{"json":{}}}`,
    });
    expect(batch.status).toBe(400);
    expect(batch.body.message).toBe(TOO_DEEP);
  });

  it("refuses it in a /trpc query's input parameter", async () => {
    const res = await send(
      app.baseUrl,
      'GET',
      `/trpc/auth.demoHint?input=${encodeURIComponent(`{"json":${deep(1500)}}`)}`,
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_DEEP);
  });

  it('still accepts nesting up to the limit (31 levels in an ignored field)', async () => {
    let nested: unknown = 'leaf';
    for (let i = 0; i < 15; i++) nested = { a: [nested] };
    const res = await api.post('/auth/signup', { ...newAgency(), extra: nested });
    expect(res.status).toBe(201);
  });

  it('measures depth without recursion, ignoring brackets inside strings', () => {
    const atLimit = deep(MAX_INPUT_DEPTH);
    expect(jsonTextTooDeep(atLimit)).toBe(false);
    expect(jsonTextTooDeep(`[${atLimit}]`)).toBe(true);
    expect(jsonTextTooDeep(`{"text":"${'['.repeat(100)}\\"${'{'.repeat(100)}"}`)).toBe(false);
    expect(jsonTextTooDeep(deep(1_000_000))).toBe(true);
    const value = JSON.parse(deep(100_000));
    expect(valueTooDeep(value)).toBe(true);
    expect(valueTooDeep(JSON.parse(atLimit))).toBe(false);
    expect(valueTooDeep({ a: [{ b: 'x' }], c: null })).toBe(false);
    expect(hasNul(value)).toBe(false);
    expect(hasNul({ a: [{ b: 'x\0' }] })).toBe(true);
    expect(hasNul({ 'k\0': 1 })).toBe(true);
  });
});

describe('the nesting guard covers every body that is parsed as JSON, whatever its Content-Type', () => {
  /** A flow step of a new agency, and its owner's token: a signed-in write whose input takes free-form options. */
  async function signedInStep() {
    const { token } = await signUpAgency(api);
    const flow = await api.post(
      '/flows/v1/',
      { name: 'Deep', description: 'x', workflow_type: 'collect', company_id: 0 },
      { token },
    );
    const step = await api.post('/flow_step/v1/', { flow_id: flow.body.id }, { token });
    expect(step.status).toBe(201);
    return { token, stepId: step.body.id as number };
  }
  const fieldBody = (stepId: number, options: string) =>
    `{"json":{"flowStepId":${stepId},"fieldLabel":"Deep","fieldType":"text","options":{"a":${options}}}}`;

  it('refuses 20,000 levels in a /trpc body sent as application/jsonx (tRPC parses any application/json… type) with a 400', async () => {
    const { token, stepId } = await signedInStep();
    const authorization = `Bearer ${token}`;
    // tRPC's JSON handler takes any type that starts with "application/json"; the others it would refuse (415), but
    // the guard reads them too, so no future parser change can open the hole again.
    for (const type of [
      'application/jsonx',
      'application/json; charset=utf-8',
      'application/json-patch+json',
      'application/jsonl',
      'application/json;charset=latin1',
      'application/vnd.api+json',
      'text/plain',
      'APPLICATION/JSON',
    ]) {
      const res = await send(app.baseUrl, 'POST', '/trpc/flowFields.create', {
        body: fieldBody(stepId, deep(20_000)),
        headers: { authorization, 'content-type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body?.message, type).toBe(TOO_DEEP);
      const batch = await send(app.baseUrl, 'POST', '/trpc/flowFields.create,flowFields.create?batch=1', {
        body: `{"0":${fieldBody(stepId, '1').slice(0, -1)}},"1":{"json":${deep(20_000)}}}`,
        headers: { authorization, 'content-type': type },
      });
      expect(batch.status, `${type} batch`).toBe(400);
    }
    // Without a Content-Type too (tRPC answers 415 for it; never a parse of the deep text).
    const bare = await fetch(`${app.baseUrl}/trpc/flowFields.create`, {
      method: 'POST',
      headers: { authorization },
      body: new Blob([fieldBody(stepId, deep(20_000))]),
    });
    expect(bare.status).toBe(400);
    // The two types tRPC reads as bytes or a form are never parsed as JSON: refused as bad input, not a 500.
    for (const type of ['application/octet-stream', 'multipart/form-data; boundary=x']) {
      const res = await send(app.baseUrl, 'POST', '/trpc/flowFields.create', {
        body: fieldBody(stepId, deep(20_000)),
        headers: { authorization, 'content-type': type },
      });
      expect(res.status, type).toBeGreaterThanOrEqual(400);
      expect(res.status, type).toBeLessThan(500);
    }
  });

  it('still takes a proper body under any type tRPC parses as JSON (read once, as UTF-8)', async () => {
    const { token, stepId } = await signedInStep();
    for (const type of ['application/jsonx', 'application/json; charset=utf-8', 'application/json;charset=latin1']) {
      const res = await send(app.baseUrl, 'POST', '/trpc/flowFields.create', {
        body: fieldBody(stepId, '{"b":["é"]}'),
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
      });
      expect(res.status, type).toBe(200);
      expect(JSON.parse(res.body.result.data.json.options), type).toEqual({ a: { b: ['é'] } });
    }
  });

  it('refuses a deep REST body under every type the REST parser takes, and a 4xx (never 500) for the others', async () => {
    const { token } = await signUpAgency(api);
    const authorization = `Bearer ${token}`;
    for (const type of ['application/json; charset=utf-8', 'APPLICATION/JSON', 'application/json ;charset=UTF-8']) {
      const res = await send(app.baseUrl, 'POST', '/companies/v1', {
        body: `{"name":"Acme","address":${deep(20_000)}}`,
        headers: { authorization, 'content-type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body.message, type).toBe(TOO_DEEP);
    }
    // Bodies of other types are never parsed on the REST paths: the input is empty, refused as such.
    for (const type of ['application/jsonx', 'application/vnd.api+json', 'text/plain']) {
      const res = await send(app.baseUrl, 'POST', '/companies/v1', {
        body: `{"name":"Acme","address":${deep(20_000)}}`,
        headers: { authorization, 'content-type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body.code, type).toBe('BAD_REQUEST');
    }
  });
});

describe('response headers', () => {
  it('sends Cache-Control: no-store on every /api, /auth, /trpc and data-service reply, errors and 404s included', async () => {
    const { token } = await signUpAgency(api);
    const auth = { authorization: `Bearer ${token}` };
    const replies = await Promise.all([
      send(app.baseUrl, 'GET', '/auth/v1/me', { headers: auth }),
      send(app.baseUrl, 'GET', '/api/companies', { headers: auth }),
      send(app.baseUrl, 'GET', '/api/companies'),
      send(app.baseUrl, 'GET', '/companies/v1', { headers: auth }),
      send(app.baseUrl, 'POST', '/auth/v1/login', {
        body: '{"email":"nobody@example.test","password":"x"}',
        headers: { 'x-forwarded-for': '192.0.2.200' },
      }),
      send(app.baseUrl, 'GET', '/trpc/auth.me', { headers: auth }),
      send(app.baseUrl, 'GET', '/trpc/no.such.procedure'),
      send(app.baseUrl, 'GET', '/api/no-such-path'),
      send(app.baseUrl, 'POST', '/auth/signup', { body: '{"name": ' }),
    ]);
    expect(replies.map((r) => r.status)).toEqual([200, 200, 401, 200, 401, 200, 404, 404, 400]);
    for (const reply of replies) expect(reply.headers.get('cache-control')).toBe('no-store');
  });

  it('sends no ETag on API replies and compresses only replies above 8 KB', async () => {
    const { token } = await signUpAgency(api);
    const me = await send(app.baseUrl, 'GET', '/auth/v1/me', {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(me.status).toBe(200);
    expect(me.headers.get('etag')).toBeNull();
    expect(me.headers.get('content-encoding')).toBeNull();
    // A list page of a few KB (above compression's usual 1 KB threshold) also goes out as it is.
    for (let i = 0; i < 8; i++) {
      const created = await send(app.baseUrl, 'POST', '/companies/v1', {
        body: JSON.stringify({
          name: `Company ${i} with a rather long name`,
          industry: 'Manufacturing',
          address: `${i} Long Street, Springfield`,
        }),
        headers: { authorization: `Bearer ${token}` },
      });
      expect(created.status).toBe(201);
    }
    const page = await send(app.baseUrl, 'GET', '/api/companies', {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(page.status).toBe(200);
    expect(page.text.length).toBeGreaterThan(1024);
    expect(page.text.length).toBeLessThan(8 * 1024);
    expect(page.headers.get('content-encoding')).toBeNull();
    expect(page.headers.get('etag')).toBeNull();
  });

  it("sends helmet's headers, as configured, on API replies, refusals, 404s and health checks", async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';" +
        "img-src 'self' data: blob:;object-src 'none';" +
        // The page's one inline script (shared/early-script.ts), by its hash: no other inline script runs.
        `script-src 'self' 'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}';script-src-attr 'none';` +
        "style-src 'self' 'unsafe-inline';connect-src 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const { token } = await signUpAgency(api);
    for (const [url, status] of [
      ['/api/companies', 200],
      ['/companies/v1', 401],
      ['/api/no-such-path', 404],
      ['/healthz', 200],
    ] as const) {
      const res = await send(
        app.baseUrl,
        'GET',
        url,
        status === 200 ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      expect(res.status, url).toBe(status);
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${url} ${name}`).toBe(value);
      expect(res.headers.get('x-powered-by'), url).toBeNull();
    }
    // Cache-Control: no-store only under the API's prefixes, however the path is cased (Express matches them so).
    expect((await send(app.baseUrl, 'GET', '/healthz')).headers.get('cache-control')).toBeNull();
    expect((await send(app.baseUrl, 'GET', '/API/no-such-path')).headers.get('cache-control')).toBe('no-store');
  });

  it('sends a Permissions-Policy on every reply', async () => {
    for (const url of ['/healthz', '/api/companies', '/trpc/auth.demoHint', '/nowhere']) {
      const res = await send(app.baseUrl, 'GET', url);
      expect(res.headers.get('permissions-policy'), url).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    }
  });
});

describe('sign-up', () => {
  it.each(['password', '12345678', 'qwertyuiop'])(
    'refuses the weak password %j with a clear message on the password field',
    async (password) => {
      const res = await api.post('/auth/signup', newAgency({ password }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        message: 'This password is too easy to guess. Add more words or characters.',
        code: 'BAD_REQUEST',
        issues: [{ path: 'password', message: 'This password is too easy to guess. Add more words or characters.' }],
      });
    },
  );

  it("still says 'Password must be at least 8 characters' for a short one", async () => {
    const res = await api.post('/auth/signup', newAgency({ password: 'abc' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Password must be at least 8 characters');
  });

  it('refuses a password made of the agency’s own name', async () => {
    const agency = newAgency({ name: 'Zyxtrel Vanquo' });
    const res = await api.post('/auth/signup', { ...agency, password: 'zyxtrelvanquo' });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('password');
  });

  it('allows 10 sign-ups an hour from one address, then answers 429 there (and only there)', async () => {
    const limited = await startApp({});
    try {
      const from = { 'x-forwarded-for': '203.0.113.44' };
      const signup = (headers: Record<string, string>) =>
        send(limited.baseUrl, 'POST', '/auth/signup', { body: JSON.stringify(newAgency()), headers });
      // A leftover from an earlier run on the same database would only make the budget smaller.
      const first = await Promise.all(Array.from({ length: 10 }, () => signup(from)));
      expect(first.map((r) => r.status)).toEqual(Array(10).fill(201));
      const refused = await signup(from);
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe('Too many accounts were created from this network. Please try again later.');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
      expect(refused.headers.get('cache-control')).toBe('no-store');
      expect((await signup({ 'x-forwarded-for': '203.0.113.45' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('the Authorization header', () => {
  async function signedInCookie() {
    const agency = await signUpAgency(api);
    const login = await send(app.baseUrl, 'POST', '/auth/v1/login', {
      body: JSON.stringify({ email: agency.email, password: agency.password }),
      headers: { 'x-forwarded-for': '192.0.2.201' },
    });
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0];
  }

  it('answers 401 for a malformed Bearer header, never falling back to the session cookie', async () => {
    const cookie = await signedInCookie();
    expect((await send(app.baseUrl, 'GET', '/auth/v1/me', { headers: { cookie } })).status).toBe(200);
    for (const authorization of ['Bearer a b', 'Bearer', 'Basic dXNlcjpwYXNz', 'bearer']) {
      const res = await send(app.baseUrl, 'GET', '/auth/v1/me', { headers: { cookie, authorization } });
      expect(res.status, authorization).toBe(401);
      const trpc = await send(app.baseUrl, 'GET', '/trpc/auth.me', { headers: { cookie, authorization } });
      expect(trpc.status, authorization).toBe(401);
    }
  });

  it('lets a malformed header skip the Origin check only to be refused: the cookie session stays signed in', async () => {
    const cookie = await signedInCookie();
    for (const authorization of ['Bearer a b', 'Basic dXNlcjpwYXNz']) {
      const logout = await send(app.baseUrl, 'POST', '/auth/v1/logout', {
        body: '{}',
        headers: { cookie, authorization },
      });
      expect(logout.status, authorization).toBe(401);
    }
    expect((await send(app.baseUrl, 'GET', '/auth/v1/me', { headers: { cookie } })).status).toBe(200);
    // Without the header, the cookie request still needs its Origin.
    const crossSite = await send(app.baseUrl, 'POST', '/auth/v1/logout', { body: '{}', headers: { cookie } });
    expect(crossSite.status).toBe(403);
  });
});

describe('the Origin check compares scheme, host and port', () => {
  /** A signed-in cookie on `target`, and a cookie write with this Origin: 403 when refused, 400 (empty input) when let through. */
  async function cookieOf(target: TestApp) {
    const agency = await signUpAgency(client(target.baseUrl));
    const login = await send(target.baseUrl, 'POST', '/auth/v1/login', {
      body: JSON.stringify({ email: agency.email, password: agency.password }),
    });
    expect(login.status).toBe(200);
    return login.headers.get('set-cookie')!.split(';')[0];
  }
  const write = (target: TestApp, cookie: string, origin: string) =>
    send(target.baseUrl, 'POST', '/companies/v1', { body: '{}', headers: { cookie, origin } });

  it('refuses a cookie write from http://host when PUBLIC_URL is https://host, and lets https://host (default port or not) write', async () => {
    const https = await startApp(undefined, { env: { PUBLIC_URL: 'https://hub.example.test' } });
    try {
      const cookie = await cookieOf(https);
      const own = new URL(https.baseUrl).host;
      for (const origin of [
        'http://hub.example.test',
        'http://hub.example.test:443',
        'https://hub.example.test:8443',
        'https://hub.example.test.evil.test',
        'wss://hub.example.test',
        // The Host the request was sent to, over plain http: never ours when PUBLIC_URL says https.
        `http://${own}`,
        'null',
      ]) {
        const res = await write(https, cookie, origin);
        expect(res.status, origin).toBe(403);
        expect(res.body.code, origin).toBe('FORBIDDEN');
      }
      for (const origin of [
        'https://hub.example.test',
        'https://hub.example.test:443',
        'https://HUB.example.test',
        `https://${own}`,
      ]) {
        expect((await write(https, cookie, origin)).status, origin).toBe(400);
      }
    } finally {
      await https.close();
    }
  });

  it('without PUBLIC_URL, takes only the scheme, host and port the request came by', async () => {
    const cookie = await cookieOf(app);
    const { host, port } = new URL(app.baseUrl);
    expect((await write(app, cookie, app.baseUrl)).status).toBe(400);
    for (const origin of [
      `https://${host}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      'http://127.0.0.1',
      `http://localhost:${port}`,
    ]) {
      expect((await write(app, cookie, origin)).status, origin).toBe(403);
    }
  });
});

describe('static files of the built client', () => {
  let server: Server;
  let database: Database;
  let baseUrl: string;
  let clientDir: string;
  const bigScript = `console.log(${JSON.stringify('x'.repeat(20_000))});`;
  const smallScript = `console.log(${JSON.stringify('y'.repeat(3_000))});`;

  beforeAll(async () => {
    // dist/client, with the server-side first screen beside it (dist/first-screen).
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-dist-'));
    clientDir = path.join(distDir, 'client');
    fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    // What the build bundles from client/src/app/firstScreen.tsx: the dashboard's markup from the page's replies (here
    // their paths, and a client's typed text that looks like a frame's placeholder).
    fs.mkdirSync(path.join(distDir, 'first-screen'));
    fs.writeFileSync(
      path.join(distDir, 'first-screen', 'first-screen.mjs'),
      `export function renderPortalDashboard({ path, me, replies }) {
        if (me.firstName === 'Crash') throw new Error('render failed');
        return '<h1>Screen of ' + me.firstName + ' at ' + path + ' from ' + replies.json.map((r) => r[0]).join(',') + ' ${FRAME_TOKENS.name}</h1>';
      }`,
    );
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><title>Clientflow</title><div id="root"></div>',
    );
    fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), bigScript);
    fs.writeFileSync(path.join(clientDir, 'assets', 'chunk-def456.js'), smallScript);
    // What the build writes beside each script (client/build/precompress.ts): the same bytes, Brotli and gzip.
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-789.js'), bigScript);
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-789.js.br'), zlib.brotliCompressSync(bigScript));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app-789.js.gz'), zlib.gzipSync(bigScript, { level: 9 }));
    fs.writeFileSync(
      path.join(clientDir, 'favicon.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    );
    // What the build's first-load report writes: each first screen's files (client/build/first-load-report.ts).
    const firstLoads = [
      { name: 'hub sign-in', files: ['assets/index-abc123.js', 'assets/signin-1.js'] },
      { name: 'hub', files: ['assets/index-abc123.js', 'assets/hub-1.js', 'assets/hub_portal-1.js'] },
      { name: 'portal sign-in', files: ['assets/index-abc123.js', 'assets/portal-sign-in-1.js'] },
      { name: 'portal', files: ['assets/index-abc123.js', 'assets/portal-1.js', 'assets/hub_portal-1.js'] },
    ];
    fs.writeFileSync(path.join(clientDir, 'first-load.json'), JSON.stringify(firstLoads));
    // What the build's prerender writes: the first frames, the portal's with placeholders (client/src/app/firstFrames.tsx).
    const T = FRAME_TOKENS;
    const portalFrame = (page: string, logo: boolean) =>
      `<div style="${Object.entries(brandScale(T.primary))
        .map(([k, v]) => `${k}:${v}`)
        .join(';')}"><i style="background:${T.secondary}"></i>` +
      `<a href="/portal/${T.slug}/${page}">${logo ? `<img src="${T.logo}">` : T.initials}${T.name}</a></div>`;
    fs.writeFileSync(
      path.join(clientDir, 'first-frames.json'),
      JSON.stringify({
        hub: {
          '/hub': '<nav>hub frame: dashboard</nav>',
          '/hub/companies': '<nav>hub frame: companies</nav>',
          '/hub/*': '<nav>hub frame</nav>',
        },
        hubGreeted: `<nav>hub frame: dashboard</nav><h1>${T.greeting}, ${T.firstName}</h1>`,
        portal: {
          dashboard: {
            logo: portalFrame('dashboard', true),
            initials: portalFrame('dashboard', false),
            screen: {
              logo: `${portalFrame('dashboard', true)}<main>${T.screen}</main>`,
              initials: `${portalFrame('dashboard', false)}<main>${T.screen}</main>`,
            },
          },
        },
        portalSignIn: { logo: portalFrame('login', true), initials: portalFrame('login', false) },
        css: '.frame{color:red}',
      }),
    );
    fs.writeFileSync(
      path.join(clientDir, 'index.html'),
      '<!doctype html><head><title>Clientflow</title><script type="module" src="/assets/index-abc123.js"></script><link rel="stylesheet" crossorigin href="/assets/app-1.css"></head><div id="root"></div>',
    );
    const databaseUrl = inject('databaseUrl');
    const env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, UPLOAD_DIR: clientDir, PORT: '0' });
    database = await openDatabase(databaseUrl);
    const deps = {
      env,
      database,
      throttle: new LoginThrottle(database.db),
      storage: new LocalFileStorage(path.join(clientDir, 'uploads')),
      mailer: new Mailer({}, () => {}),
    };
    const express = createApp(deps, { clientDir });
    server = await new Promise<Server>((resolve) => {
      const s = express.listen(0, '127.0.0.1', () => resolve(s));
    });
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await database.close();
    fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
  });

  it('answers 404 for a missing asset, never the app’s HTML', async () => {
    for (const url of ['/assets/missing.js', '/assets/missing.css', '/assets/nested/x.png', '/missing.js']) {
      const res = await send(baseUrl, 'GET', url);
      expect(res.status, url).toBe(404);
      expect(res.text, url).not.toContain('<!doctype html>');
    }
  });

  it('serves assets (hashed: cached for a year, compressed above 8 KB) and the app’s HTML for its routes', async () => {
    const asset = await send(baseUrl, 'GET', '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(bigScript);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('gzip');
    expect(asset.headers.get('permissions-policy')).toContain('camera=()');
    const page = await send(baseUrl, 'GET', '/hub/companies');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<div id="root">');
  });

  it('sends the build’s precompressed copy of a script (Brotli first, then gzip), as it is, to a browser that accepts it', async () => {
    const sizes = { br: fs.statSync(path.join(clientDir, 'assets', 'app-789.js.br')).size, gzip: 0 };
    sizes.gzip = fs.statSync(path.join(clientDir, 'assets', 'app-789.js.gz')).size;
    for (const [accepted, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const asset = await send(baseUrl, 'GET', '/assets/app-789.js', { headers: { 'accept-encoding': accepted } });
      expect(asset.status, accepted).toBe(200);
      expect(asset.text, accepted).toBe(bigScript);
      expect(asset.headers.get('content-encoding'), accepted).toBe(encoding);
      // The stored file itself (its length), not compressed again per request.
      expect(asset.headers.get('content-length'), accepted).toBe(String(sizes[encoding]));
      expect(asset.headers.get('content-type'), accepted).toMatch(/javascript/);
      expect(asset.headers.get('vary'), accepted).toContain('Accept-Encoding');
      expect(asset.headers.get('cache-control'), accepted).toBe('public, max-age=31536000, immutable');
    }
    const plain = await send(baseUrl, 'GET', '/assets/app-789.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(bigScript);
    // The compressed copies are not addresses of their own beyond what the build wrote; a missing one is still a 404.
    expect((await send(baseUrl, 'GET', '/assets/chunk-def456.js.br')).status).toBe(404);
  });

  it('names the first screen’s code of each address, and only that screen’s: for after the frame, or up front', async () => {
    const announced = async (url: string, cookie?: string) => {
      const page = await send(baseUrl, 'GET', url, { headers: cookie ? { cookie } : {} });
      expect(page.status, url).toBe(200);
      const named = new RegExp(
        `<script type="application/json" id="${PAGE_DATA.firstScreenFiles}">([^<]*)</script>`,
      ).exec(page.text)?.[1];
      return {
        upFront: [...page.text.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]),
        afterFrame: named ? (JSON.parse(named) as { scripts: string[]; stylesheet: string }) : undefined,
        stylesheet: /<link rel="stylesheet"/.test(page.text),
      };
    };
    // A page with a frame: nothing up front but the entry, so that the frame's bytes have the line to themselves; its
    // code and the stylesheet named for the entry to ask for once the frame has painted (client/src/main.tsx).
    const hub = { scripts: ['/assets/hub-1.js', '/assets/hub_portal-1.js'], stylesheet: '/assets/app-1.css' };
    expect(await announced('/hub')).toEqual({ upFront: [], afterFrame: hub, stylesheet: false });
    expect(await announced('/hub/companies/12')).toEqual({ upFront: [], afterFrame: hub, stylesheet: false });
    const agency = await signUpAgency(api);
    expect(await announced(`/portal/${agency.slug}/login`)).toEqual({
      upFront: [],
      afterFrame: { scripts: ['/assets/portal-sign-in-1.js'], stylesheet: '/assets/app-1.css' },
      stylesheet: false,
    });
    // Without a frame (signed-out pages of the hub, an unknown portal): announced up front, with the stylesheet.
    const upFront = (...scripts: string[]) => ({ upFront: scripts, afterFrame: undefined, stylesheet: true });
    expect(await announced('/hub/login')).toEqual(upFront('/assets/signin-1.js'));
    expect(await announced('/hub/signup')).toEqual(upFront());
    expect(await announced('/portal/some-agency/login')).toEqual(upFront('/assets/portal-sign-in-1.js'));
    expect(await announced('/portal/some-agency/projects/3')).toEqual(
      upFront('/assets/portal-1.js', '/assets/hub_portal-1.js'),
    );
    expect(await announced('/portal/some-agency/invite/abc')).toEqual(upFront());
    // The entry, which index.html already loads, is never announced twice.
    expect(await announced('/somewhere/else')).toEqual(upFront());
  });

  it('sends a portal’s sign-in page with its public branding, escaped, and only "none" for an unknown slug', async () => {
    const agency = await signUpAgency(api);
    const loginText = "Welcome </script><script>alert(1)</script> & <b>hello</b>, $& $' $` $1";
    await database.db.business.update({ where: { slug: agency.slug }, data: { loginText } });
    const dataOf = (html: string) =>
      /<script type="application\/json" id="cf-portal-branding">([^<]*)<\/script>/.exec(html)?.[1];
    for (const url of [
      `/portal/${agency.slug}/login`,
      `/portal/${agency.slug.toUpperCase()}/login`,
      `/portal/${agency.slug}/invite/some-token`,
    ]) {
      const page = await send(baseUrl, 'GET', url);
      expect(page.status, url).toBe(200);
      const json = dataOf(page.text);
      expect(json, url).toBeDefined();
      // Nothing in the value can end the element: every < is escaped, and the page has no second script of it.
      expect(page.text.match(/<script/g)?.length, url).toBe(page.text.includes(PAGE_DATA.firstScreenFiles) ? 3 : 2);
      expect(page.text.match(new RegExp(`id="${PAGE_DATA.portalBranding}"`, 'g'))?.length, url).toBe(1);
      const value = JSON.parse(json!);
      expect(value.branding.businessName).toBe(agency.name);
      expect(value.branding.loginText).toBe(loginText);
    }
    // An unknown agency (or no slug an agency could have): branding null, so the page says "No client portal at this
    // address" at once; nothing else about the address.
    for (const slug of ['no-such-agency-here', 'x'.repeat(101)]) {
      const page = await send(baseUrl, 'GET', `/portal/${slug}/login`);
      expect(page.status, slug).toBe(200);
      expect(JSON.parse(dataOf(page.text)!), slug).toEqual({ slug, branding: null });
    }
    // Not a portal page: the plain page.
    for (const url of ['/hub/login', '/hub/signup']) {
      const page = await send(baseUrl, 'GET', url);
      expect(page.status, url).toBe(200);
      expect(dataOf(page.text), url).toBeUndefined();
    }
  });

  it('sends the hub’s and a portal’s first frame in the page, the portal’s in its agency’s name, colours and logo', async () => {
    const rootOf = async (url: string) => {
      const page = await send(baseUrl, 'GET', url);
      expect(page.status, url).toBe(200);
      const root = /<div id="root">(.*)<\/div>$/.exec(page.text);
      // A frame comes with its own rules inline, and the stylesheet only named (the frame paints without waiting for
      // it; the entry asks for it after the frame, and the app applies it in its first render).
      const head = page.text.slice(0, page.text.indexOf('</head>'));
      if (root?.[1]) {
        expect(head, url).toContain('<style>.frame{color:red}</style>');
        expect(page.text, url).not.toContain('rel="stylesheet"');
        expect(head, url).toContain('"stylesheet":"/assets/app-1.css"');
      } else {
        expect(head, url).not.toContain('<style>');
        expect(head, url).toContain('rel="stylesheet"');
      }
      return root?.[1];
    };
    expect(await rootOf('/hub')).toBe('<nav>hub frame: dashboard</nav>');
    expect(await rootOf('/hub/companies/12')).toBe('<nav>hub frame: companies</nav>');
    expect(await rootOf('/hub/companies-archive')).toBe('<nav>hub frame</nav>');
    // Sign-in and sign-up have no frame.
    expect(await rootOf('/hub/login')).toBe('');
    expect(await rootOf('/hub/signup')).toBe('');

    const agency = await signUpAgency(api);
    const name = "Tom & Jerry <b>Studio</b> $& $'";
    await database.db.business.update({
      where: { slug: agency.slug },
      data: { name, primaryColor: '#f0c000', secondaryColor: 'url(x)' },
    });
    const frame = await rootOf(`/portal/${agency.slug}/dashboard`);
    expect(frame).toContain("Tom &amp; Jerry &lt;b&gt;Studio&lt;/b&gt; $&amp; $'");
    // Its initials ("T" and "&"), escaped like the name.
    expect(frame).toContain(`>T&amp;Tom &amp;`);
    expect(frame).toContain(`href="/portal/${agency.slug}/dashboard"`);
    // A light primary colour is darkened where text sits on it, as the portal itself does; a secondary colour that is
    // no colour is the default.
    expect(frame).toContain(`--color-brand-600:color-mix(in oklab, #f0c000 55%, black)`);
    expect(frame).toContain(`background:${DEFAULT_BRAND_STYLE.secondaryColor}`);
    expect(frame).not.toMatch(/__cf_/);
    // Its sign-in page, in the same branding.
    const signIn = await rootOf(`/portal/${agency.slug}/login`);
    expect(signIn).toContain(`href="/portal/${agency.slug}/login"`);
    expect(signIn).toContain('Tom &amp; Jerry &lt;b&gt;Studio&lt;/b&gt;');
    // A page without a frame of its own, or a portal that does not exist: the plain page.
    expect(await rootOf(`/portal/${agency.slug}/approvals/3`)).toBe('');
    expect(await rootOf('/portal/no-such-agency-here/dashboard')).toBe('');
    expect(await rootOf('/portal/no-such-agency-here/login')).toBe('');
  });

  it('greets a signed-in person by name in the dashboard’s frame, at the time of day of the zone their browser reported', async () => {
    const owner = await signUpAgency(api);
    await database.db.user.updateMany({ where: { email: owner.email }, data: { firstName: "Al <b>& $'" } });
    const greetingOf = async (path: string, cookie: string) => {
      const page = await send(baseUrl, 'GET', path, { headers: { cookie } });
      return /<h1>(.*?)<\/h1>/.exec(page.text)?.[1];
    };
    const session = `${SESSION.staffCookie}=${owner.token}`;
    const expected = `${greetingIn('Pacific/Kiritimati')}, Al &lt;b&gt;&amp; $'`;
    expect(await greetingOf('/hub', `${session}; ${TIME_ZONE_COOKIE}=Pacific%2FKiritimati`)).toBe(expected);
    // The hour is the zone's own (UTC+14 at midnight UTC is 14:00).
    expect(greetingIn('Pacific/Kiritimati', new Date('2026-01-01T00:00:00Z'))).toBe('Good afternoon');
    expect(greetingIn('Europe/London', new Date('2026-01-01T08:00:00Z'))).toBe('Good morning');
    expect(greetingIn('Europe/London', new Date('2026-01-01T19:00:00Z'))).toBe('Good evening');
    // No zone, a zone that is none, another page of the hub, or nobody signed in: no greeting in the frame.
    expect(await greetingOf('/hub', session)).toBeUndefined();
    expect(await greetingOf('/hub', `${session}; ${TIME_ZONE_COOKIE}=Not%2FA_Zone`)).toBeUndefined();
    expect(await greetingOf('/hub', `${session}; ${TIME_ZONE_COOKIE}=%3Cscript%3E`)).toBeUndefined();
    expect(await greetingOf('/hub/companies', `${session}; ${TIME_ZONE_COOKIE}=Europe%2FLondon`)).toBeUndefined();
    expect(await greetingOf('/hub', `${TIME_ZONE_COOKIE}=Europe%2FLondon`)).toBeUndefined();
  });

  it('puts a signed-in person’s own session reply in the page, for their browser only; never another agency’s', async () => {
    const meIn = (html: string, id: string) =>
      new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1];
    const owner = await signUpAgency(api);
    const other = await signUpAgency(api);
    // The hub: the staff member's auth.me reply, private.
    const signedIn = await send(baseUrl, 'GET', '/hub/companies', {
      headers: { cookie: `${SESSION.staffCookie}=${owner.token}` },
    });
    const staff = JSON.parse(meIn(signedIn.text, PAGE_DATA.staffMe) ?? 'null') as { email?: string } | null;
    expect(staff?.email).toBe(owner.email);
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    // Signed out, or with a token that is no session: nothing, and the page may be revalidated by anyone.
    for (const cookie of [undefined, `${SESSION.staffCookie}=not-a-session`]) {
      const page = await send(baseUrl, 'GET', '/hub/companies', { headers: cookie ? { cookie } : {} });
      expect(meIn(page.text, PAGE_DATA.staffMe)).toBeUndefined();
      expect(page.headers.get('cache-control')).toBe('no-cache');
    }
    // A portal page: the client's own portalAuth.me reply, in their agency's portal only.
    const business = await database.db.business.findUniqueOrThrow({ where: { slug: owner.slug } });
    const company = await database.db.company.create({ data: { businessId: business.id, name: 'Frame Co' } });
    const contact = await database.db.contact.create({
      data: {
        businessId: business.id,
        companyId: company.id,
        firstName: 'Quinn',
        lastName: 'Client',
        email: `quinn-${process.pid}@frame.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(database.db, business.id, contact.id);
    const cookie = `${SESSION.portalCookie}=${token}`;
    const own = await send(baseUrl, 'GET', `/portal/${owner.slug}/dashboard`, { headers: { cookie } });
    const client = JSON.parse(meIn(own.text, PAGE_DATA.portalMe) ?? 'null') as { email?: string } | null;
    expect(client?.email).toBe(contact.email);
    expect(own.headers.get('cache-control')).toBe('private, no-cache');
    // Their dashboard itself, rendered by the server from the page's replies, in the frame's place for it; what a
    // client typed is never read as a placeholder.
    expect(own.text).toContain(
      `<main><h1>Screen of Quinn at /portal/${owner.slug}/dashboard from portal.dashboard,portalFlows.list,portalApprovals.reviews,portalActivity.list,portalMessages.unread ${FRAME_TOKENS.name}</h1></main>`,
    );
    // Their dashboard also comes with its first replies, from the procedures the page calls (superjson, as tRPC's).
    const repliesIn = (html: string) => {
      const json = meIn(html, PAGE_DATA.replies);
      return json === undefined ? undefined : superjson.deserialize<[string, unknown, unknown][]>(JSON.parse(json));
    };
    const portalApi = trpcClient(baseUrl, { token });
    expect(repliesIn(own.text)).toEqual([
      ['portal.dashboard', undefined, await portalApi.portal.dashboard.query()],
      ['portalFlows.list', undefined, await portalApi.portalFlows.list.query()],
      ['portalApprovals.reviews', undefined, await portalApi.portalApprovals.reviews.query()],
      [
        'portalActivity.list',
        { limit: PORTAL_RECENT_ACTIVITY },
        await portalApi.portalActivity.list.query({ limit: PORTAL_RECENT_ACTIVITY }),
      ],
      ['portalMessages.unread', undefined, await portalApi.portalMessages.unread.query()],
    ]);
    // The hub's dashboard: the staff member's own replies; no other page of the hub carries any.
    const hub = await send(baseUrl, 'GET', '/hub', { headers: { cookie: `${SESSION.staffCookie}=${owner.token}` } });
    const staffApi = trpcClient(baseUrl, { token: owner.token });
    const hubReplies = repliesIn(hub.text);
    expect(hubReplies?.map(([path]) => path)).toEqual(FIRST_REPLIES.hubDashboard.map(([path]) => path));
    expect(hubReplies?.find(([path]) => path === 'dashboard.stats')?.[2]).toEqual(
      await staffApi.dashboard.stats.query(),
    );
    expect(repliesIn(signedIn.text)).toBeUndefined();
    expect(repliesIn((await send(baseUrl, 'GET', '/hub')).text)).toBeUndefined();
    // Another page of the portal has no dashboard in it.
    const projects = await send(baseUrl, 'GET', `/portal/${owner.slug}/projects`, { headers: { cookie } });
    expect(meIn(projects.text, PAGE_DATA.portalMe)).toBeDefined();
    expect(repliesIn(projects.text)).toBeUndefined();
    expect(projects.text).not.toContain('Screen of');
    // A render that fails: the frame's placeholders, and the page as before.
    await database.db.contact.update({ where: { id: contact.id }, data: { firstName: 'Crash' } });
    const crashed = await send(baseUrl, 'GET', `/portal/${owner.slug}/dashboard`, { headers: { cookie } });
    expect(crashed.status).toBe(200);
    expect(crashed.text).not.toContain('Screen of');
    expect(crashed.text).not.toContain(FRAME_TOKENS.screen);
    expect(repliesIn(crashed.text)?.length).toBe(FIRST_REPLIES.portalDashboard.length);
    await database.db.contact.update({ where: { id: contact.id }, data: { firstName: 'Quinn' } });
    const foreign = await send(baseUrl, 'GET', `/portal/${other.slug}/dashboard`, { headers: { cookie } });
    expect(foreign.status).toBe(200);
    expect(meIn(foreign.text, PAGE_DATA.portalMe)).toBeUndefined();
    expect(repliesIn(foreign.text)).toBeUndefined();
    expect(foreign.text).not.toContain(contact.email);
    expect(foreign.text).not.toContain('Quinn');
  });

  it('compresses static files from 1 KB (the API threshold is for API replies only)', async () => {
    const chunk = await send(baseUrl, 'GET', '/assets/chunk-def456.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(chunk.status).toBe(200);
    expect(chunk.text).toBe(smallScript);
    expect(chunk.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves the icon at /favicon.ico', async () => {
    const res = await send(baseUrl, 'GET', '/favicon.ico');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.text).toContain('<svg');
  });
});
