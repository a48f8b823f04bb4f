/**
 * Staff sessions (issue 32, Account → Security): what a session records (address, User-Agent, sign-in method, last
 * active at most once a minute), "Your sessions" (own sessions only, this one first, bounded), ending one or all the
 * others (at once), and the owner's session lifetime (1 to 90 days, or the server's), for staff and portal sessions.
 * Sign-ins come from addresses of their own (X-Forwarded-For; the app trusts loopback proxies).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { SESSIONS_LIST_MAX } from '../../shared/schemas/security';
import { describeUserAgent } from '../../shared/user-agent';
import { createPortalSession, createStaffSession, USER_AGENT_MAX_LENGTH } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type Reply, type TestApp } from '../support/app';
import { addStaff, type StaffUser } from '../support/staff';
import { refusal, trpcClient } from '../support/trpc';

const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let n = 0;
const freshAddress = () => `198.19.${process.pid % 250}.${n++ % 250}`;

let app: TestApp;
let agency: Agency;

beforeAll(async () => {
  app = await startApp();
  agency = await createAgency(app, ['Session Studio']);
});
afterAll(() => app.close());

async function rest(
  method: string,
  path: string,
  {
    body,
    token,
    from = freshAddress(),
    userAgent,
  }: { body?: unknown; token?: string; from?: string; userAgent?: string },
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': from };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (userAgent !== undefined) headers['user-agent'] = userAgent;
  const res = await fetch(app.baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => ({}),
    (e: Error) => ({ ...refusal(e), message: e.message }),
  );

/** A password sign-in of a staff user from this address and browser: the new session's token. */
async function signIn(user: StaffUser, from: string, userAgent: string) {
  const res = await rest('POST', '/auth/v1/login', {
    body: { email: user.email, password: user.password },
    from,
    userAgent,
  });
  expect(res.status).toBe(200);
  return res.body.authToken as string;
}
const me = (token: string) => rest('GET', '/auth/v1/me', { token });
const sessionsOf = (token: string) => trpcClient(app.baseUrl, { token }).security.sessions.query();

describe('what a staff session records', () => {
  it('notes the address, the browser (cut to a bound), the sign-in method and its start', async () => {
    const user = await addStaff(app, agency, 'member');
    const token = await signIn(user, '203.0.113.7', FIREFOX_MAC);
    const row = await app.database.db.session.findUniqueOrThrow({ where: { id: hashToken(token) } });
    expect(row).toMatchObject({ ip: '203.0.113.7', userAgent: FIREFOX_MAC, method: 'password' });
    expect(row.lastSeenAt?.getTime()).toBe(row.createdAt.getTime());
    expect(describeUserAgent(row.userAgent)).toEqual({ browser: 'Firefox', os: 'macOS' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });

    const long = await signIn(user, freshAddress(), `Agent/${'x'.repeat(5000)}`);
    const cut = await app.database.db.session.findUniqueOrThrow({ where: { id: hashToken(long) } });
    expect(cut.userAgent).toHaveLength(USER_AGENT_MAX_LENGTH);
  });

  it('writes "last active" at most once a minute, not on every request', async () => {
    const user = await addStaff(app, agency, 'member');
    const token = await signIn(user, freshAddress(), FIREFOX_MAC);
    const db = app.database.db;
    const id = hashToken(token);
    const recent = new Date(Date.now() - 30_000);
    await db.session.update({ where: { id }, data: { lastSeenAt: recent } });
    expect((await me(token)).status).toBe(200);
    expect((await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt?.getTime()).toBe(recent.getTime());

    const old = new Date(Date.now() - 61_000);
    await db.session.update({ where: { id }, data: { lastSeenAt: old } });
    expect((await me(token)).status).toBe(200);
    const seen = (await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt!.getTime();
    expect(seen).toBeGreaterThan(Date.now() - 10_000);
    // The next request within the minute leaves it.
    expect((await me(token)).status).toBe(200);
    expect((await db.session.findUniqueOrThrow({ where: { id } })).lastSeenAt!.getTime()).toBe(seen);
  });
});

describe('"Your sessions" (GET /api/account/sessions)', () => {
  it('lists only the user’s own sessions, this one first and marked, with what each recorded and no id or token', async () => {
    const user = await addStaff(app, agency, 'admin');
    const phone = await signIn(user, '203.0.113.20', SAFARI_IPHONE);
    const laptop = await signIn(user, '203.0.113.21', FIREFOX_MAC);
    const teammate = await addStaff(app, agency, 'member');
    const res = await rest('GET', '/api/account/sessions', { token: laptop });
    expect(res.status).toBe(200);
    const { items, total } = res.body as { items: Record<string, unknown>[]; total: number };
    // addStaff's own session, the phone and the laptop; never the teammate's.
    expect(total).toBe(3);
    expect(items[0]).toMatchObject({ current: true, ip: '203.0.113.21', userAgent: FIREFOX_MAC, method: 'password' });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    expect(items.map((s) => s.ip)).toContain('203.0.113.20');
    expect(Object.keys(items[0]).sort()).toEqual(
      ['createdAt', 'current', 'expiresAt', 'ip', 'key', 'lastSeenAt', 'method', 'userAgent'].sort(),
    );
    const text = JSON.stringify(res.body);
    for (const secret of [phone, laptop, hashToken(phone), hashToken(laptop), teammate.token])
      expect(text).not.toContain(secret);
  });

  it(`shows at most the ${SESSIONS_LIST_MAX} newest, and says how many there are`, async () => {
    const user = await addStaff(app, agency, 'member');
    for (let i = 0; i < SESSIONS_LIST_MAX + 4; i++) await createStaffSession(app.database.db, user.id);
    const list = await sessionsOf(user.token);
    expect(list.items).toHaveLength(SESSIONS_LIST_MAX);
    expect(list.total).toBe(SESSIONS_LIST_MAX + 5);
    expect(list.items[0].current).toBe(true);
  });

  it('refuses a personal API token (403): a token neither lists nor ends sessions', async () => {
    const { addApiToken } = await import('../support/staff');
    const { token } = await addApiToken(app, agency.businessId, agency.userId);
    expect((await rest('GET', '/api/account/sessions', { token })).status).toBe(403);
    expect((await rest('POST', '/api/account/sessions/end-others', { token })).status).toBe(403);
  });
});

describe('ending sessions', () => {
  it('ends one session at once: that device’s next request is 401, the others go on', async () => {
    const user = await addStaff(app, agency, 'member');
    const phone = await signIn(user, freshAddress(), SAFARI_IPHONE);
    const laptop = await signIn(user, freshAddress(), FIREFOX_MAC);
    expect((await me(phone)).status).toBe(200);
    const { items } = await sessionsOf(laptop);
    const phoneRow = items.find((s) => s.userAgent === SAFARI_IPHONE)!;
    const res = await rest('DELETE', `/api/account/sessions/${phoneRow.key}`, { token: laptop });
    expect([res.status, res.body]).toEqual([200, { ok: true, current: false }]);
    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(200);
    expect((await me(user.token)).status).toBe(200);
    // Ended already: NOT_FOUND, with a message.
    const again = await rest('DELETE', `/api/account/sessions/${phoneRow.key}`, { token: laptop });
    expect([again.status, again.body.message]).toEqual([404, M.security.notFound]);
  });

  it('answers 404 for a teammate’s session (or another agency’s) and leaves it alive', async () => {
    const user = await addStaff(app, agency, 'owner');
    const teammate = await addStaff(app, agency, 'member');
    const teammateKey = (await sessionsOf(teammate.token)).items[0].key;
    const foreign = await createAgency(app, ['Foreign Firm']);
    const foreignKey = (await sessionsOf(foreign.token)).items[0].key;
    for (const key of [teammateKey, foreignKey, 'not-a-key']) {
      expect(await outcome(trpcClient(app.baseUrl, { token: user.token }).security.endSession.mutate({ key }))).toEqual(
        { code: 'NOT_FOUND', httpStatus: 404, message: M.security.notFound },
      );
    }
    expect((await me(teammate.token)).status).toBe(200);
    expect((await me(foreign.token)).status).toBe(200);
  });

  it('ends this session when asked, and clears its cookie', async () => {
    const user = await addStaff(app, agency, 'member');
    const key = (await sessionsOf(user.token)).items[0].key;
    const res = await rest('DELETE', `/api/account/sessions/${key}`, { token: user.token });
    expect([res.status, res.body]).toEqual([200, { ok: true, current: true }]);
    expect(res.headers.get('set-cookie')).toContain(`${SESSION.staffCookie}=;`);
    expect((await me(user.token)).status).toBe(401);
  });

  it('"Sign out other sessions" ends every other session of the user at once, and only theirs', async () => {
    const user = await addStaff(app, agency, 'member');
    const teammate = await addStaff(app, agency, 'member');
    const others = [await signIn(user, freshAddress(), SAFARI_IPHONE), await signIn(user, freshAddress(), FIREFOX_MAC)];
    const res = await rest('POST', '/api/account/sessions/end-others', { token: user.token });
    expect([res.status, res.body]).toEqual([200, { ended: 2 }]);
    for (const token of others) expect((await me(token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect((await me(teammate.token)).status).toBe(200);
    expect((await sessionsOf(user.token)).items.map((s) => s.current)).toEqual([true]);
  });
});

describe('the session lifetime (Business.sessionLifetimeDays, owner)', () => {
  const put = (body: unknown, token = agency.token) => rest('PUT', '/api/business/sign-in-policy', { body, token });

  it('takes whole days from 1 to 90, or null for the server’s, and refuses anything else with 400, changing nothing', async () => {
    for (const days of [1, 90, null]) {
      const res = await put({ sessionLifetimeDays: days });
      expect([res.status, res.body.sessionLifetimeDays]).toEqual([200, days]);
    }
    expect((await rest('GET', '/api/business/sign-in-policy', { token: agency.token })).body).toEqual({
      clientMagicLinkOnly: false,
      sessionLifetimeDays: null,
      serverSessionLifetimeDays: app.env.SESSION_MAX_AGE_DAYS,
      emailConfigured: false,
    });
    for (const days of [0, 91, 1.5, -3, '7', 1e9]) {
      const res = await put({ sessionLifetimeDays: days });
      expect([res.status, res.body.message], String(days)).toEqual([400, M.security.lifetimeInvalid]);
    }
    const business = await app.database.db.business.findUniqueOrThrow({ where: { id: agency.businessId } });
    expect(business.sessionLifetimeDays).toBeNull();
  });

  it('ends staff and portal sessions older than the lifetime at their next request, and caps a new cookie', async () => {
    const db = app.database.db;
    const user = await addStaff(app, agency, 'member');
    const portal = await createPortalSession(db, agency.businessId, agency.portal.contactId);
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    await db.session.update({ where: { id: hashToken(user.token) }, data: { createdAt: twoDaysAgo } });
    await db.portalSession.update({ where: { id: hashToken(portal.token) }, data: { createdAt: twoDaysAgo } });
    const portalMe = () => rest('GET', '/auth/portal/v1/me', { token: portal.token });
    // The server's 30 days: both live.
    expect((await me(user.token)).status).toBe(200);
    expect((await portalMe()).status).toBe(200);

    expect((await put({ sessionLifetimeDays: 3 })).status).toBe(200);
    try {
      expect((await me(user.token)).status).toBe(200);
      // A new sign-in's cookie ends with the lifetime, at the latest at its first request.
      const fresh = await signIn(user, freshAddress(), FIREFOX_MAC);
      const cookie = await fetch(`${app.baseUrl}/auth/v1/me`, {
        headers: { cookie: `${SESSION.staffCookie}=${fresh}` },
      });
      const expires = new Date(/Expires=([^;]+)/.exec(cookie.headers.get('set-cookie') ?? '')![1]).getTime();
      expect(expires).toBeLessThanOrEqual(Date.now() + 3 * 24 * 60 * 60 * 1000);
      expect(expires).toBeGreaterThan(Date.now() + 2 * 24 * 60 * 60 * 1000);

      expect((await put({ sessionLifetimeDays: 1 })).status).toBe(200);
      expect((await me(user.token)).status).toBe(401);
      expect((await portalMe()).status).toBe(401);
      expect(await db.session.count({ where: { id: hashToken(user.token) } })).toBe(0);
      expect((await me(fresh)).status).toBe(200);
    } finally {
      await put({ sessionLifetimeDays: null });
    }
  });
});
