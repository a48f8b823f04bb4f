import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { loadEnv } from '../../server/env';
import { client, newAgency, signUpAgency, startApp, type TestApp } from '../support/app';

let app: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
});
afterAll(() => app.close());

describe('sign-up (POST /auth/signup)', () => {
  it('creates the business and its owner, lower-casing the brand URL', async () => {
    const agency = newAgency();
    const res = await api.post('/auth/signup', { ...agency, slug: agency.slug.toUpperCase() });
    expect(res.status).toBe(201);
    const me = await api.get('/auth/v1/me', { token: res.body.authToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: agency.email, first_name: 'Ada', last_name: 'Lovelace', role: 'owner' });
    expect(me.body.business).toMatchObject({ name: agency.name, slug: agency.slug });
  });

  it("refuses a taken brand URL with 'Brand path unavailable, try again.'", async () => {
    const first = await signUpAgency(api);
    const res = await api.post('/auth/signup', newAgency({ slug: first.slug }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Brand path unavailable, try again.');
  });

  it('refuses a slug that would collide with a fixed route', async () => {
    const res = await api.post('/auth/signup', newAgency({ slug: 'login' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Brand path unavailable, try again.');
  });

  it('refuses a taken email with 409 and a clear message, and writes nothing', async () => {
    const first = await signUpAgency(api);
    const second = newAgency({ email: first.email });
    const res = await api.post('/auth/signup', second);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An account with this email already exists.');
    const business = await app.database.db.business.findUnique({ where: { slug: second.slug } });
    expect(business).toBeNull();
  });

  it.each([
    [{ slug: 'ab' }, 'Brand URL must be at least 3 characters'],
    [{ slug: 'a'.repeat(31) }, 'Brand URL must be less than 30 characters'],
    [{ slug: 'my-agency' }, 'Brand URL can only contain letters and numbers'],
    [{ name: '' }, 'Company name is required'],
    [{ first_name: ' ' }, 'First name is required'],
    [{ last_name: '' }, 'Last name is required'],
    [{ phone: '' }, 'Phone number is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ password: '' }, 'Password is required'],
  ])('answers 400 for %o with the spec message', async (override, message) => {
    const res = await api.post('/auth/signup', newAgency(override));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.code).toBe('BAD_REQUEST');
    expect(res.body.issues[0].message).toBe(message);
  });

  it('reports a slug race as the slug being taken, on either database', async () => {
    const slug = newAgency().slug;
    const replies = await Promise.all(Array.from({ length: 6 }, () => api.post('/auth/signup', newAgency({ slug }))));
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    for (const reply of replies.filter((r) => r.status !== 201)) {
      expect(reply.status).toBe(409);
      expect(reply.body.message).toBe('Brand path unavailable, try again.');
    }
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await api.call('POST', '/auth/signup', { raw: '{"name": ' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Request body is not valid JSON.');
  });
});

describe('login, me and logout', () => {
  it('answers {authToken} for good credentials and 401 with the spec message for a wrong password', async () => {
    const agency = await signUpAgency(api);
    const ok = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toEqual(['authToken']);
    expect(ok.headers.get('set-cookie')).toMatch(/cf_session=.*HttpOnly.*SameSite=Lax/i);

    const bad = await api.post('/auth/v1/login', { email: agency.email, password: 'wrong password' });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toBe('Invalid email or password.');

    const unknown = await api.post('/auth/v1/login', { email: 'nobody@example.test', password: 'whatever' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('Invalid email or password.');
  });

  it('stores only the SHA-256 hash of the session token', async () => {
    const agency = await signUpAgency(api);
    const { body } = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    const db = app.database.db;
    expect(await db.session.findUnique({ where: { id: body.authToken } })).toBeNull();
    const stored = await db.session.findUnique({ where: { id: hashToken(body.authToken) } });
    expect(stored).not.toBeNull();
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('answers 401 on /auth/v1/me without a session, and after logout for the old token', async () => {
    expect((await api.get('/auth/v1/me')).status).toBe(401);
    expect((await api.get('/auth/v1/me', { token: 'not-a-token' })).status).toBe(401);

    const agency = await signUpAgency(api);
    const { body } = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    expect((await api.get('/auth/v1/me', { token: body.authToken })).status).toBe(200);
    expect((await api.post('/auth/v1/logout', undefined, { token: body.authToken })).status).toBe(200);
    const after = await api.get('/auth/v1/me', { token: body.authToken });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('UNAUTHORIZED');
  });

  it('deletes an expired session and answers 401', async () => {
    const agency = await signUpAgency(api);
    const { body } = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    const id = hashToken(body.authToken);
    await app.database.db.session.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await api.get('/auth/v1/me', { token: body.authToken })).status).toBe(401);
    expect(await app.database.db.session.findUnique({ where: { id } })).toBeNull();
  });

  it('slides the expiry forward when less than 15 days remain', async () => {
    const agency = await signUpAgency(api);
    const { body } = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    const id = hashToken(body.authToken);
    await app.database.db.session.update({
      where: { id },
      data: { expiresAt: new Date(Date.now() + 24 * 3600 * 1000) },
    });
    expect((await api.get('/auth/v1/me', { token: body.authToken })).status).toBe(200);
    const renewed = await app.database.db.session.findUnique({ where: { id } });
    expect(renewed!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });
});

describe('the absolute session lifetime (SESSION_MAX_AGE_DAYS, 30 days by default)', () => {
  const DAY = 24 * 3600 * 1000;
  async function signedIn(target: TestApp) {
    const agency = await signUpAgency(client(target.baseUrl));
    const login = await client(target.baseUrl).post('/auth/v1/login', {
      email: agency.email,
      password: agency.password,
    });
    expect(login.status).toBe(200);
    return {
      token: login.body.authToken as string,
      id: hashToken(login.body.authToken),
      cookie: login.headers.get('set-cookie')!.split(';')[0],
    };
  }
  /** Moves the session's sign-in back by `ago` ms; its (sliding) expiry stays ahead unless given. */
  const signedInAgo = (target: TestApp, id: string, ago: number, expiresIn = 20 * DAY) =>
    target.database.db.session.update({
      where: { id },
      data: { createdAt: new Date(Date.now() - ago), expiresAt: new Date(Date.now() + expiresIn) },
    });

  it('ends a session signed in more than 30 days ago however active it is: 401, row deleted, cookie cleared', async () => {
    const { token, id, cookie } = await signedIn(app);
    await signedInAgo(app, id, 30 * DAY + 60_000);
    const byCookie = await api.get('/auth/v1/me', { cookie });
    expect(byCookie.status).toBe(401);
    expect(byCookie.body.code).toBe('UNAUTHORIZED');
    expect(byCookie.headers.get('set-cookie')).toMatch(/^cf_session=;/);
    expect(await app.database.db.session.findUnique({ where: { id } })).toBeNull();
    expect((await api.get('/auth/v1/me', { token })).status).toBe(401);
  });

  it('keeps a 29-day-old session, but never slides its expiry (nor its cookie) past 30 days from sign-in', async () => {
    const { id, cookie } = await signedIn(app);
    const { createdAt } = await signedInAgo(app, id, 29 * DAY, 12 * 3600 * 1000);
    const me = await api.get('/auth/v1/me', { cookie });
    expect(me.status).toBe(200);
    const limit = createdAt.getTime() + 30 * DAY;
    // Less than 15 days were left, so it slid: to the limit, not 30 days from now.
    expect((await app.database.db.session.findUniqueOrThrow({ where: { id } })).expiresAt.getTime()).toBe(limit);
    expect(new Date(me.headers.get('set-cookie')!.match(/Expires=([^;]+)/)![1]).getTime()).toBe(
      Math.floor(limit / 1000) * 1000,
    );
  });

  it('takes its length from SESSION_MAX_AGE_DAYS, checked on /trpc as on REST', async () => {
    const short = await startApp(undefined, { env: { SESSION_MAX_AGE_DAYS: '1' } });
    try {
      const kept = await signedIn(short);
      await signedInAgo(short, kept.id, 23 * 3600 * 1000);
      expect((await client(short.baseUrl).get('/trpc/auth.me', { token: kept.token })).status).toBe(200);
      // The expiry was brought in to the limit at once (a fresh session's 30 days would outlast it).
      const row = await short.database.db.session.findUniqueOrThrow({ where: { id: kept.id } });
      expect(row.expiresAt.getTime()).toBe(row.createdAt.getTime() + DAY);
      const ended = await signedIn(short);
      await signedInAgo(short, ended.id, 25 * 3600 * 1000);
      expect((await client(short.baseUrl).get('/trpc/auth.me', { token: ended.token })).status).toBe(401);
      expect(await short.database.db.session.findUnique({ where: { id: ended.id } })).toBeNull();
    } finally {
      await short.close();
    }
  });

  it('refuses a lifetime out of range at start-up, naming the setting', () => {
    expect(loadEnv({}).SESSION_MAX_AGE_DAYS).toBe(30);
    expect(loadEnv({}).PORTAL_SESSION_MAX_AGE_DAYS).toBe(30);
    expect(loadEnv({ SESSION_MAX_AGE_DAYS: '0.5' }).SESSION_MAX_AGE_DAYS).toBe(0.5);
    expect(() => loadEnv({ SESSION_MAX_AGE_DAYS: '0' })).toThrow(/SESSION_MAX_AGE_DAYS: must be at least 1 hour/);
    expect(() => loadEnv({ PORTAL_SESSION_MAX_AGE_DAYS: '366' })).toThrow(
      /PORTAL_SESSION_MAX_AGE_DAYS: must be at most 365 days/,
    );
    expect(() => loadEnv({ SESSION_MAX_AGE_DAYS: 'month' })).toThrow(/SESSION_MAX_AGE_DAYS: must be a number of days/);
  });
});

describe('cookie sessions and the Origin check', () => {
  it('accepts the session cookie for reads, and refuses a cookie-authenticated write from another origin', async () => {
    const agency = await signUpAgency(api);
    const login = await api.post('/auth/v1/login', { email: agency.email, password: agency.password });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];

    const me = await api.get('/auth/v1/me', { cookie });
    expect(me.status).toBe(200);

    const foreign = await api.post('/companies/v1', { name: 'Evil Corp' }, { cookie, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const missing = await api.post('/companies/v1', { name: 'No Origin Corp' }, { cookie });
    expect(missing.status).toBe(403);
    const own = await api.post('/companies/v1', { name: 'Own Corp' }, { cookie, origin: app.baseUrl });
    expect(own.status).toBe(201);
  });
});

describe('malformed requests answer 4xx in the API error shape, never 500', () => {
  it('refuses unknown encodings and charsets, broken escapes, NUL characters and out-of-range ids', async () => {
    const agency = await signUpAgency(api);
    const encoding = await fetch(`${app.baseUrl}/companies/v1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'bogus',
        authorization: `Bearer ${agency.token}`,
      },
      body: '{}',
    });
    expect(encoding.status).toBe(415);
    expect(await encoding.json()).toMatchObject({ code: 'BAD_REQUEST' });
    const charset = await fetch(`${app.baseUrl}/companies/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=latin-9', authorization: `Bearer ${agency.token}` },
      body: '{}',
    });
    expect(charset.status).toBe(415);
    expect((await api.get('/api/companies/%E0%A4%A', { token: agency.token })).status).toBe(400);

    const nul = await api.post('/companies/v1', { name: 'Null\u0000Corp' }, { token: agency.token });
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe('Text cannot contain NUL characters.');
    expect((await api.get('/api/companies?search=a%00b', { token: agency.token })).status).toBe(400);

    expect((await api.get('/api/companies/3000000000', { token: agency.token })).status).toBe(400);
    expect((await api.get('/api/companies?cursor=3000000000', { token: agency.token })).status).toBe(400);
    expect((await api.patch('/api/companies/3000000000', { name: 'X' }, { token: agency.token })).status).toBe(400);
  });
});

describe('health and unknown paths', () => {
  it('answers /healthz with {ok:true} and unknown /api paths with 404 JSON', async () => {
    const health = await api.get('/healthz');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ ok: true });
    for (const [method, path] of [
      ['GET', '/api/nothing-here'],
      ['GET', '/companies/v1/1/deeper'],
      ['PUT', '/companies/v1/1'],
      ['GET', '/contacts/v1/1/deeper'],
    ]) {
      const unknown = await api.call(method, path);
      expect(unknown.status, `${method} ${path}`).toBe(404);
      expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
