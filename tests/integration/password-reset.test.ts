/**
 * Staff password reset by e-mail, against a real SMTP server in this process (tests/support/smtp.ts): request →
 * mail with a one-time link → check → new password → every other session and every API token of the user ends. Requests come from addresses of
 * their own (X-Forwarded-For; the app trusts loopback proxies), so the per-address budget of one test never meets
 * another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { hashToken } from '../../server/auth/tokens';
import { client, signUpAgency, startApp, type Reply, type TestApp } from '../support/app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { addApiToken, addStaff } from '../support/staff';
import { refusal, trpcClient } from '../support/trpc';

const INVALID = 'This reset link is not valid. Request a new one.';
const USED = 'This reset link has already been used. Request a new one if you need to.';
const EXPIRED = 'This reset link has expired. Request a new one.';
const THROTTLED = 'Too many reset requests. Please try again later.';
const NEW_PASSWORD = 'a-strong-password-2';

let n = 0;
const freshAddress = () => `192.0.${process.pid % 250}.${n++ % 250}`;

let smtp: TestSmtpServer;
let app: TestApp;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(undefined, { smtpUrl: smtp.url });
  api = client(app.baseUrl);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function rest(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  from = freshAddress(),
): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': from };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const requestReset = (email: string, from?: string) =>
  rest(app.baseUrl, 'POST', '/auth/v1/password-reset', { email }, from);
const check = (token: string) => rest(app.baseUrl, 'GET', `/auth/v1/password-reset/${token}`);
const confirm = (token: string, password = NEW_PASSWORD) =>
  rest(app.baseUrl, 'POST', '/auth/v1/password-reset/confirm', { token, password });
const login = (email: string, password: string) => rest(app.baseUrl, 'POST', '/auth/v1/login', { email, password });
const me = (token: string) => api.get('/auth/v1/me', { token });

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));

/** The count-th mail to an address (1-based), waiting for it. */
async function nthMailTo(address: string, count: number, timeoutMs = 10_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  while (mailsTo(address).length < count) {
    if (Date.now() > until) throw new Error(`fewer than ${count} mails to ${address}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return mailsTo(address)[count - 1];
}

/** The token at the end of a mail's reset link. */
function tokenIn(mail: ReceivedMail): string {
  const link = new URL(smtp.linkIn(mail, '/hub/reset-password/'));
  return decodeURIComponent(link.pathname.split('/').pop()!);
}

/** A new agency's owner, and the token of a mailed reset link. */
async function ownerWithLink() {
  const owner = await signUpAgency(api);
  expect((await requestReset(owner.email)).status).toBe(200);
  const mail = await smtp.waitFor(owner.email);
  return { owner, mail, token: tokenIn(mail) };
}

describe('password reset by e-mail', () => {
  it('says reset is available when SMTP is configured', async () => {
    expect(await trpcClient(app.baseUrl).auth.passwordResetAvailable.query()).toEqual({ available: true });
  });

  it('mails a one-time link; the new password signs in, every old session ends and the old password stops working', async () => {
    const owner = await signUpAgency(api);
    const second = (await login(owner.email, owner.password)).body.authToken as string;
    expect((await me(second)).status).toBe(200);

    const requested = await requestReset(owner.email);
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ ok: true, email_configured: true });

    const mail = await smtp.waitFor(owner.email);
    expect(mail.subject).toBe('Reset your Clientflow password');
    expect(mail.from).toBe('hub@clientflow.test');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain('valid for 1 hour');
    const token = tokenIn(mail);
    expect(smtp.linkIn(mail, '/hub/reset-password/')).toMatch(
      /^http:\/\/localhost:\d+\/hub\/reset-password\/[a-z0-9]{32}$/,
    );

    // Only the token's hash is stored, for 1 hour.
    const user = await app.database.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    const stored = await app.database.db.passwordReset.findMany({ where: { userId: user.id } });
    expect(stored.map((r) => r.id)).toEqual([hashToken(token)]);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(stored[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);

    const checked = await check(token);
    expect(checked.status).toBe(200);
    expect(checked.body).toEqual({ email: owner.email });

    const reset = await confirm(token);
    expect(reset.status).toBe(200);
    expect(Object.keys(reset.body)).toEqual(['authToken']);
    const cookie = reset.headers.getSetCookie().find((c) => c.startsWith(`${SESSION.staffCookie}=`))!;
    expect(cookie).toContain(`${SESSION.staffCookie}=${reset.body.authToken}`);
    expect(cookie.toLowerCase()).toContain('httponly');

    expect((await me(owner.token)).status).toBe(401);
    expect((await me(second)).status).toBe(401);
    expect((await me(reset.body.authToken)).status).toBe(200);
    expect(await app.database.db.session.count({ where: { userId: user.id } })).toBe(1);

    const old = await login(owner.email, owner.password);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Invalid email or password.');
    expect((await login(owner.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("ends the user's personal API tokens (and only theirs): a token made before answers 401", async () => {
    const { owner, token } = await ownerWithLink();
    const user = await app.database.db.user.findUniqueOrThrow({
      where: { email: owner.email },
      select: { id: true, businessId: true },
    });
    const colleague = await addStaff(app, user, 'admin');
    const [mine, theirs] = [
      await addApiToken(app, user.businessId, user.id),
      await addApiToken(app, user.businessId, colleague.id),
    ];
    for (const t of [mine, theirs]) expect((await api.get('/api/companies', { token: t.token })).status).toBe(200);
    expect((await confirm(token)).status).toBe(200);
    const refused = await api.get('/api/companies', { token: mine.token });
    expect(refused.status).toBe(401);
    expect(await app.database.db.apiToken.count({ where: { userId: user.id } })).toBe(0);
    expect((await api.get('/api/companies', { token: theirs.token })).status).toBe(200);
  });

  it('works once: a second use, and a check after it, answer 409', async () => {
    const { token } = await ownerWithLink();
    expect((await confirm(token)).status).toBe(200);
    for (const reply of [await confirm(token, 'another-strong-password-3'), await check(token)]) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ message: USED, code: 'CONFLICT', requestId: expect.any(String) });
    }
  });

  it('lets exactly one of several simultaneous uses through', async () => {
    const { owner, token } = await ownerWithLink();
    const replies = await Promise.all(
      Array.from({ length: 4 }, (_, i) => confirm(token, `${NEW_PASSWORD}-${i}-parallel`)),
    );
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = replies.findIndex((r) => r.status === 200);
    expect((await login(owner.email, `${NEW_PASSWORD}-${winner}-parallel`)).status).toBe(200);
  });

  it('expires after an hour: 412, and the password stays as it was', async () => {
    const { owner, token } = await ownerWithLink();
    await app.database.db.passwordReset.update({
      where: { id: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const reply of [await check(token), await confirm(token)]) {
      expect(reply.status).toBe(412);
      expect(reply.body).toEqual({ message: EXPIRED, code: 'PRECONDITION_FAILED', requestId: expect.any(String) });
    }
    expect((await me(owner.token)).status).toBe(200);
    expect((await login(owner.email, owner.password)).status).toBe(200);
  });

  it('answers 404 for an unknown token, over REST and tRPC', async () => {
    for (const reply of [await check('x'.repeat(32)), await confirm('x'.repeat(32))]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ message: INVALID, code: 'NOT_FOUND', requestId: expect.any(String) });
    }
    const error = await trpcClient(app.baseUrl)
      .auth.checkPasswordReset.query({ token: 'nosuchtoken' })
      .catch((e: unknown) => e);
    expect(refusal(error)).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
    expect((error as Error).message).toBe(INVALID);
  });

  it('refuses a weak password on the password field and keeps the link usable', async () => {
    const { owner, token } = await ownerWithLink();
    const weak = await confirm(token, 'password1');
    expect(weak.status).toBe(400);
    expect(weak.body.issues).toEqual([
      { path: 'password', message: 'This password is too easy to guess. Add more words or characters.' },
    ]);
    const named = await confirm(token, `${owner.slug}${owner.slug}`);
    expect(named.status).toBe(400);
    expect((await check(token)).status).toBe(200);
    expect((await me(owner.token)).status).toBe(200);
    expect((await confirm(token)).status).toBe(200);
  });

  it('voids the other links of the user once one is used', async () => {
    const { owner, token: first } = await ownerWithLink();
    expect((await requestReset(owner.email)).status).toBe(200);
    const second = tokenIn(await nthMailTo(owner.email, 2));
    expect(second).not.toBe(first);
    expect((await confirm(second)).status).toBe(200);
    expect((await check(first)).status).toBe(404);
  });

  it('answers the same for an address without an account, and sends nothing', async () => {
    const owner = await signUpAgency(api);
    const unknown = `nobody-${Date.now()}-${n++}@example.test`;
    const none = await requestReset(unknown);
    const some = await requestReset(owner.email);
    expect(none.status).toBe(some.status);
    expect(none.body).toEqual(some.body);
    await smtp.waitFor(owner.email);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(unknown)).toEqual([]);
  });

  it('sets the staff cookie when reset over tRPC', async () => {
    const { owner, token } = await ownerWithLink();
    const trpc = trpcClient(app.baseUrl);
    expect(await trpc.auth.checkPasswordReset.query({ token })).toEqual({ email: owner.email });
    const reply = await trpc.auth.resetPassword.mutate({ token, password: NEW_PASSWORD });
    if (!('authToken' in reply)) throw new Error('expected a session: this owner has no two-factor sign-in');
    expect(await trpcClient(app.baseUrl, { token: reply.authToken }).auth.me.query()).toMatchObject({
      email: owner.email,
    });
  });
});

describe('password reset throttling', () => {
  it('allows 3 requests an hour for one e-mail, then answers 429 with Retry-After (whether or not it has an account)', async () => {
    for (const email of [(await signUpAgency(api)).email, `nobody-${Date.now()}-${n++}@example.test`]) {
      for (let i = 0; i < 3; i++) expect((await requestReset(email)).status).toBe(200);
      const refused = await requestReset(email);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS', requestId: expect.any(String) });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    }
  });

  it('allows 10 requests an hour from one address, then answers 429 there (and only there)', async () => {
    const from = freshAddress();
    for (let i = 0; i < 10; i++)
      expect((await requestReset(`walk-${i}-${Date.now()}@example.test`, from)).status).toBe(200);
    expect((await requestReset(`walk-x-${Date.now()}@example.test`, from)).status).toBe(429);
    expect((await requestReset(`walk-y-${Date.now()}@example.test`)).status).toBe(200);
  });
});

describe('without SMTP', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await startApp();
  });
  afterAll(() => plain.close());

  it('says reset is not available, answers requests with email_configured false and writes no link', async () => {
    expect(await trpcClient(plain.baseUrl).auth.passwordResetAvailable.query()).toEqual({ available: false });
    const owner = await signUpAgency(client(plain.baseUrl));
    const reply = await rest(plain.baseUrl, 'POST', '/auth/v1/password-reset', { email: owner.email });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ ok: true, email_configured: false });
    await new Promise((r) => setTimeout(r, 200));
    const user = await plain.database.db.user.findUniqueOrThrow({ where: { email: owner.email } });
    expect(await plain.database.db.passwordReset.count({ where: { userId: user.id } })).toBe(0);
    expect(mailsTo(owner.email)).toEqual([]);
  });
});
