import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_THROTTLE_LIMITS, LoginThrottle, throttleAddress } from '../../server/auth/throttle';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';

// The throttle lives in the database every test file shares, and all tests connect from 127.0.0.1:
// each test signs in from addresses of its own, given as X-Forwarded-For (the app trusts loopback proxies).
let n = 0;
const freshAddress = () => `198.51.${process.pid % 250}.${n++ % 250}`;

let app: TestApp;
let api: ReturnType<typeof client>;
beforeEach(async () => {
  app = await startApp();
  api = client(app.baseUrl);
});
afterEach(() => app.close());

async function login(baseUrl: string, email: string, password: string, from: string) {
  const started = performance.now();
  const res = await fetch(`${baseUrl}/auth/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password }),
  });
  return { status: res.status, headers: res.headers, body: await res.json(), ms: performance.now() - started };
}

describe('sign-in throttling over HTTP', () => {
  it('refuses an e-mail from one address after 10 failed attempts: even the right password answers 429 there', async () => {
    const agency = await signUpAgency(api);
    const attacker = freshAddress();
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(app.baseUrl, agency.email, `wrong ${i}`, attacker)),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));
    const blocked = await login(app.baseUrl, agency.email, agency.password, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(blocked.body.message).toBe('Too many failed sign-in attempts. Please try again in 15 minutes.');
  });

  it("lets the owner sign in from a clean address after an attacker's 10 failures from other addresses (slowed, not refused)", async () => {
    const agency = await signUpAgency(api);
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login(app.baseUrl, agency.email, `wrong ${i}`, freshAddress())),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));

    const owner = await login(app.baseUrl, agency.email, agency.password, freshAddress());
    expect(owner.status).toBe(200);
    expect(owner.body.authToken).toEqual(expect.any(String));
    // 10 recent failures for the e-mail: the owner waits the capped 2 s.
    expect(owner.ms).toBeGreaterThanOrEqual(DEFAULT_THROTTLE_LIMITS.slowdownMaxMs - 20);
    // A successful sign-in clears the e-mail's slowdown.
    const next = await login(app.baseUrl, agency.email, agency.password, freshAddress());
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(DEFAULT_THROTTLE_LIMITS.slowdownMaxMs - 20);
  });

  it('refuses an address after 20 failed attempts across different e-mails, and only that address', async () => {
    const agency = await signUpAgency(api);
    const attacker = freshAddress();
    for (let i = 0; i < 20; i++) {
      expect((await login(app.baseUrl, `guess${i}-${attacker}@example.test`, 'guess', attacker)).status).toBe(401);
    }
    expect((await login(app.baseUrl, agency.email, agency.password, attacker)).status).toBe(429);
    expect((await login(app.baseUrl, agency.email, agency.password, freshAddress())).status).toBe(200);
  });

  it('does not count successful sign-ins', async () => {
    const agency = await signUpAgency(api);
    const from = freshAddress();
    for (let i = 0; i < 25; i++)
      expect((await login(app.baseUrl, agency.email, agency.password, from)).status).toBe(200);
  });

  it('counts parallel guesses as they start: of 30 at once, at most 10 reach the password check', async () => {
    const agency = await signUpAgency(api);
    const attacker = freshAddress();
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(app.baseUrl, agency.email, `parallel ${i}`, attacker)),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('shares its counts between two app processes on one database, and keeps them across a restart', async () => {
    const agency = await signUpAgency(api);
    const second = await startApp();
    try {
      const attacker = freshAddress();
      const failures = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          login((i % 2 ? app : second).baseUrl, agency.email, `wrong ${i}`, attacker),
        ),
      );
      expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));
      expect((await login(app.baseUrl, agency.email, agency.password, attacker)).status).toBe(429);
      expect((await login(second.baseUrl, agency.email, agency.password, attacker)).status).toBe(429);
      // A restarted process (a new app over the same database) still refuses.
      await second.close();
      const restarted = await startApp();
      try {
        expect((await login(restarted.baseUrl, agency.email, agency.password, attacker)).status).toBe(429);
      } finally {
        await restarted.close();
      }
    } finally {
      await second.close().catch(() => undefined);
    }
  });

  it('refuses a tRPC batch of more than 10 calls, so one request cannot carry many guesses', async () => {
    const calls = Array.from({ length: 11 }, () => 'auth.login').join(',');
    const input = Object.fromEntries(
      Array.from({ length: 11 }, (_, i) => [i, { json: { email: 'x@example.test', password: 'guess' } }]),
    );
    const res = await fetch(`${app.baseUrl}/trpc/${calls}?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(res.status).toBe(400);
  });
});

describe('the throttle over the database (clock under test control)', () => {
  it('frees a pair when the window passes, and answers the seconds until then', async () => {
    let now = Date.now();
    const throttle = new LoginThrottle(app.database.db, {}, () => now);
    const email = `clock-${freshAddress()}@example.test`;
    const from = freshAddress();
    for (let i = 0; i < 10; i++) expect((await throttle.beginLogin(email, from)).retryAfter).toBe(0);
    expect((await throttle.beginLogin(email, from)).retryAfter).toBe(15 * 60);
    now += 5 * 60_000;
    expect((await throttle.beginLogin(email, from)).retryAfter).toBe(10 * 60);
    now += 10 * 60_000 + 1;
    expect((await throttle.beginLogin(email, from)).retryAfter).toBe(0);
  });

  it('slows an e-mail down past 5 recent attempts from anywhere, doubling from 100 ms and never past 2 s', async () => {
    const throttle = new LoginThrottle(app.database.db);
    const email = `slow-${freshAddress()}@example.test`;
    const timed = async () => {
      const started = performance.now();
      expect((await throttle.beginLogin(email, freshAddress())).retryAfter).toBe(0);
      return performance.now() - started;
    };
    for (let i = 0; i < 7; i++) await timed();
    // 7 earlier attempts: 100 ms × 2^(7 − 5).
    expect(await timed()).toBeGreaterThanOrEqual(395);
    await Promise.all(Array.from({ length: 20 }, () => throttle.beginLogin(email, freshAddress())));
    const capped = await timed();
    expect(capped).toBeGreaterThanOrEqual(1995);
    expect(capped).toBeLessThan(4000);
  }, 60_000);

  it('forgives a successful attempt: the pair starts afresh and the address gets its attempt back', async () => {
    const throttle = new LoginThrottle(app.database.db, { perAccountAndAddress: 2, perAddress: 3 });
    const from = freshAddress();
    const email = `forgive-${from}@example.test`;
    await throttle.beginLogin(email, from);
    const right = await throttle.beginLogin(email, from);
    await throttle.loginSucceeded(right);
    // The address keeps one failure: two more attempts fit under its limit of 3, the next waits.
    expect((await throttle.beginLogin(`b-${email}`, from)).retryAfter).toBe(0);
    expect((await throttle.beginLogin(`c-${email}`, from)).retryAfter).toBe(0);
    expect((await throttle.beginLogin(`d-${email}`, from)).retryAfter).toBeGreaterThan(0);
  });

  it('refuses sign-ups from an address past its budget, in the database', async () => {
    const throttle = new LoginThrottle(app.database.db, { signupsPerAddress: 3 });
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect(await throttle.beginSignup(from)).toBe(0);
    expect(await throttle.beginSignup(from)).toBe(60 * 60);
    expect(await throttle.beginSignup(freshAddress())).toBe(0);
  });

  it('counts invitations per agency and per user, refuses past either without counting, frees them after the hour, and gives back one not made', async () => {
    let now = Date.now();
    const throttle = new LoginThrottle(app.database.db, {}, () => now);
    const budget = { perAgency: 3, perUser: 2 };
    // Ids no real agency or user has, so no other test's invites count here.
    const agency = 2_000_000_000 + (process.pid % 1000) * 1000 + (n++ % 1000);
    const [ann, bob] = [agency, agency + 1_000_000];
    const ticket = await throttle.beginInvite(agency, ann, budget);
    expect(ticket).toMatchObject({ retryAfter: 0, ids: [expect.any(Number), expect.any(Number)] });
    // Made after all? No: its budget comes back.
    await throttle.inviteNotMade(ticket);
    expect((await throttle.beginInvite(agency, ann, budget)).retryAfter).toBe(0);
    expect((await throttle.beginInvite(agency, ann, budget)).retryAfter).toBe(0);
    expect(await throttle.beginInvite(agency, ann, budget)).toEqual({ retryAfter: 60 * 60, spent: 'user', ids: [] });
    now += 10 * 60_000;
    expect((await throttle.beginInvite(agency, bob, budget)).retryAfter).toBe(0);
    expect(await throttle.beginInvite(agency, bob, budget)).toEqual({ retryAfter: 50 * 60, spent: 'agency', ids: [] });
    // The refusals counted nothing: once Ann's two leave the window, Bob has one more.
    now += 50 * 60_000 + 1;
    expect((await throttle.beginInvite(agency, bob, budget)).retryAfter).toBe(0);
    expect((await throttle.beginInvite(agency + 1, ann, budget)).retryAfter).toBe(0);
  });

  it('prunes rows older than the longest window, and writes no e-mail or address in clear', async () => {
    // 50 minutes ago: inside every window, so no other process prunes these rows meanwhile.
    const then = Date.now() - 50 * 60_000;
    let now = then;
    const throttle = new LoginThrottle(app.database.db, {}, () => now);
    const email = `old-${freshAddress()}@example.test`;
    await throttle.beginLogin(email, '192.0.2.77');
    const written = await app.database.db.loginAttempt.findMany({ where: { createdAt: new Date(then) } });
    expect(written.length).toBeGreaterThanOrEqual(3);
    expect(written.every((row) => !row.key.includes(email) && !row.key.includes('192.0.2.77'))).toBe(true);
    // 70 minutes later (for this throttle's clock) they are older than the longest window (1 hour) and go.
    now = then + 70 * 60_000;
    await throttle.beginLogin(email, '192.0.2.77');
    expect(await app.database.db.loginAttempt.count({ where: { createdAt: { lte: new Date(then) } } })).toBe(0);
  });

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', () => {
    expect(throttleAddress('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(throttleAddress('2001:0db8::1')).toBe('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).toBe('0:0:0:0::/64');
    expect(throttleAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(throttleAddress('203.0.113.9')).toBe('203.0.113.9');
  });
});
