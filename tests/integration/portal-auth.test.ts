/**
 * Client portal sign-in (REST and tRPC), the portal session's reach, invite links and revocation, "Forgot password?"
 * (a one-time reset link by e-mail, through a real SMTP server) and "Change password".
 * Sign-in attempts come from addresses of their own (X-Forwarded-For; the app trusts loopback proxies), so the
 * throttle counts of other test files on 127.0.0.1 never interfere.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { createPortalInvite, createPortalReset, endPortalAccess } from '../../server/auth/portal-access';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { createPortalSession, createStaffSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { redactText } from '../../server/log';
import type { AppRouter } from '../../server/routers/_app';
import { addCompanyTree, createAgency, type Agency } from '../support/agencies';
import { startApp, type Reply, type TestApp } from '../support/app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { refusal, trpcClient } from '../support/trpc';

const INVALID = 'Invalid email or password.';
const THROTTLED = 'Too many failed sign-in attempts. Please try again in 15 minutes.';
const INVITE_INVALID = 'This invite link is not valid. Ask your contact at the agency for a new one.';
const INVITE_USED =
  'This invite link has already been used. Sign in with the password you chose, or ask for a new link.';
const INVITE_EXPIRED = 'This invite link has expired. Ask your contact at the agency for a new one.';
const NO_ACCESS = 'Your access to this client portal has been turned off.';
const NEW_PASSWORD = 'a-strong-password-2';

let n = 0;
const freshAddress = () => `203.0.${process.pid % 250}.${n++ % 250}`;

let app: TestApp;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  a = await createAgency(app, ['Alder Architects', 'Maple Media']);
  b = await createAgency(app, ['Birch Bakery']);
});
afterAll(() => app.close());

type Options = { token?: string; cookie?: string; origin?: string; from?: string };

/** A REST call with the given credentials, from the given client address. */
async function rest(method: string, path: string, body?: unknown, options: Options = {}): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.from ?? freshAddress() };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  const res = await fetch(app.baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const portalLogin = (body: { slug: string; email: string; password: string }, from?: string) =>
  rest('POST', '/auth/portal/v1/login', body, { from });

/** The app's tRPC client from a client address of its own. */
function trpcFrom(from = freshAddress()) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${app.baseUrl}/trpc`, transformer: superjson, headers: { 'x-forwarded-for': from } })],
  });
}

/** A contact of the agency's first company with portal access (and no password yet). */
async function portalContact(agency: Agency, email?: string) {
  const tree = await addCompanyTree(app.database.db, agency.businessId, agency.userId, `Invited ${n++}`);
  return app.database.db.contact.update({
    where: { id: tree.contact[0] },
    data: { portalAccess: true, ...(email ? { email } : {}) },
  });
}

/** A portal password hash for fixtures (the fixture's known portal password). */
const hashPasswordOf = async (agency: Agency) =>
  (await app.database.db.contact.findUniqueOrThrow({ where: { id: agency.portal.contactId } })).portalPasswordHash!;

const cookieOf = (reply: Reply, name: string) =>
  reply.headers
    .getSetCookie()
    .map((c) => c.split(';').map((part) => part.trim()))
    .find((parts) => parts[0].startsWith(`${name}=`));

describe('portal sign-in (POST /auth/portal/v1/login)', () => {
  it('answers {authToken} and sets an HttpOnly portal cookie; /auth/portal/v1/me answers the snake_case portal user', async () => {
    const login = await portalLogin({ slug: a.slug, email: a.portal.email, password: a.portal.password });
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['authToken']);
    const cookie = cookieOf(login, SESSION.portalCookie)!;
    expect(cookie[0]).toBe(`${SESSION.portalCookie}=${login.body.authToken}`);
    expect(cookie.map((p) => p.toLowerCase())).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(cookieOf(login, SESSION.staffCookie)).toBeUndefined();

    const me = await rest('GET', '/auth/portal/v1/me', undefined, { token: login.body.authToken });
    expect(me.status).toBe(200);
    const contact = await app.database.db.contact.findUniqueOrThrow({ where: { id: a.portal.contactId } });
    expect(me.body).toEqual({
      id: a.portal.contactId,
      email: a.portal.email,
      first_name: contact.firstName,
      last_name: contact.lastName,
      company_id: a.portal.companyId,
      company_name: a.companies[0].name,
      company_count: 1,
      business: { name: a.name, slug: a.slug },
      // Only a staff preview of the portal says whose it is.
      preview: null,
    });
    // The browser's way: the cookie alone.
    const byCookie = await rest('GET', '/auth/portal/v1/me', undefined, {
      cookie: `${SESSION.portalCookie}=${login.body.authToken}`,
    });
    expect(byCookie.status).toBe(200);
    expect(byCookie.body.id).toBe(a.portal.contactId);
  });

  it('takes the slug and the e-mail in any case, and stores only the hash of the session token', async () => {
    const login = await portalLogin({
      slug: a.slug.toUpperCase(),
      email: a.portal.email.toUpperCase(),
      password: a.portal.password,
    });
    expect(login.status).toBe(200);
    const session = await app.database.db.portalSession.findUnique({ where: { id: hashToken(login.body.authToken) } });
    expect(session).toMatchObject({ businessId: a.businessId, contactId: a.portal.contactId });
    expect(await app.database.db.portalSession.findUnique({ where: { id: login.body.authToken } })).toBeNull();
  });

  it('signs in over tRPC too, and the token works for portalAuth.me', async () => {
    const { authToken } = await trpcFrom().portalAuth.login.mutate({
      slug: a.slug,
      email: a.portal.email,
      password: a.portal.password,
    });
    const me = await trpcClient(app.baseUrl, { token: authToken }).portalAuth.me.query();
    expect(me).toMatchObject({ id: a.portal.contactId, companyId: a.portal.companyId, business: { slug: a.slug } });
  });

  it('answers the same 401 for a wrong slug, an unknown e-mail, a wrong password, no password yet and no access', async () => {
    const noPassword = await portalContact(a);
    const noAccess = await portalContact(a);
    await app.database.db.contact.update({
      where: { id: noAccess.id },
      data: { portalAccess: false, portalPasswordHash: await hashPasswordOf(a) },
    });
    const noCompany = await portalContact(a);
    await app.database.db.contact.update({
      where: { id: noCompany.id },
      data: { companyId: null, portalPasswordHash: await hashPasswordOf(a) },
    });
    const attempts = [
      { slug: b.slug, email: a.portal.email, password: a.portal.password }, // another agency's slug
      { slug: 'nosuchagency', email: a.portal.email, password: a.portal.password },
      { slug: a.slug, email: `nobody-${n++}@client.test`, password: a.portal.password },
      { slug: a.slug, email: a.portal.email, password: 'not the password' },
      { slug: a.slug, email: b.portal.email, password: b.portal.password }, // agency B's client at agency A
      { slug: a.slug, email: noPassword.email, password: a.portal.password },
      { slug: a.slug, email: noAccess.email, password: a.portal.password },
      { slug: a.slug, email: noCompany.email, password: a.portal.password },
    ];
    for (const attempt of attempts) {
      const reply = await portalLogin(attempt);
      expect(reply.status, JSON.stringify(attempt)).toBe(401);
      expect(reply.body).toEqual({ message: INVALID, code: 'UNAUTHORIZED', requestId: expect.any(String) });
      expect(cookieOf(reply, SESSION.portalCookie)).toBeUndefined();

      const error = await trpcFrom()
        .portalAuth.login.mutate(attempt)
        .catch((e: unknown) => e);
      expect(refusal(error)).toEqual({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect((error as Error).message).toBe(INVALID);
    }
  });

  it("answers 'Business slug is required' and the sign-in form's messages for empty fields", async () => {
    const cases = [
      [{ slug: '', email: a.portal.email, password: 'x' }, 'Business slug is required'],
      [{ slug: a.slug, email: 'not-an-email', password: 'x' }, 'Please enter a valid email address'],
      [{ slug: a.slug, email: a.portal.email, password: '' }, 'Password is required'],
    ] as const;
    for (const [body, message] of cases) {
      const reply = await portalLogin(body);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(message);
    }
  });

  it('refuses a client address after 10 failed attempts for one e-mail (429, Retry-After), without locking staff sign-in', async () => {
    // The portal client shares the agency owner's e-mail: portal failures must not count against the staff sign-in.
    const agency = await createAgency(app, ['Shared Address']);
    await app.database.db.contact.update({ where: { id: agency.portal.contactId }, data: { email: agency.email } });
    const attacker = freshAddress();
    const failures = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        portalLogin({ slug: agency.slug, email: agency.email, password: `wrong ${i}` }, attacker),
      ),
    );
    expect(failures.map((f) => f.status)).toEqual(Array(10).fill(401));

    const blocked = await portalLogin(
      { slug: agency.slug, email: agency.email, password: agency.portal.password },
      attacker,
    );
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: THROTTLED, code: 'TOO_MANY_REQUESTS', requestId: expect.any(String) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    const error = await trpcFrom(attacker)
      .portalAuth.login.mutate({ slug: agency.slug, email: agency.email, password: agency.portal.password })
      .catch((e: unknown) => e);
    expect(refusal(error)).toEqual({ code: 'TOO_MANY_REQUESTS', httpStatus: 429 });

    // Elsewhere the client signs in; from the same address, so does the staff owner with that same e-mail.
    expect(
      (await portalLogin({ slug: agency.slug, email: agency.email, password: agency.portal.password })).status,
    ).toBe(200);
    expect(
      (await rest('POST', '/auth/v1/login', { email: agency.email, password: agency.password }, { from: attacker }))
        .status,
    ).toBe(200);
  });
});

describe('portal sign-out and the reach of each session', () => {
  it('POST /auth/portal/v1/logout ends the session and clears the cookie', async () => {
    const { authToken } = (await portalLogin({ slug: a.slug, email: a.portal.email, password: a.portal.password }))
      .body;
    const out = await rest('POST', '/auth/portal/v1/logout', undefined, { token: authToken });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(cookieOf(out, SESSION.portalCookie)![0]).toBe(`${SESSION.portalCookie}=`);
    expect(await app.database.db.portalSession.findUnique({ where: { id: hashToken(authToken) } })).toBeNull();
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: authToken })).status).toBe(401);
    // The fixture's other portal session is untouched.
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: a.portal.token })).status).toBe(200);
  });

  it('signs out a cookie session over tRPC from the app’s own origin', async () => {
    const { authToken } = (await portalLogin({ slug: a.slug, email: a.portal.email, password: a.portal.password }))
      .body;
    const browser = trpcClient(app.baseUrl, { portalCookie: authToken, origin: app.baseUrl });
    expect(await browser.portalAuth.logout.mutate()).toEqual({ ok: true });
    expect(refusal(await browser.portalAuth.me.query().catch((e: unknown) => e))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
  });

  it('refuses a portal session on hub paths, and a staff session on portal paths', async () => {
    const portalCookie = `${SESSION.portalCookie}=${a.portal.token}`;
    const staffCookie = `${SESSION.staffCookie}=${a.token}`;
    for (const path of ['/api/companies', '/auth/v1/me', '/companies/v1']) {
      expect((await rest('GET', path, undefined, { token: a.portal.token })).status, path).toBe(401);
      expect((await rest('GET', path, undefined, { cookie: portalCookie })).status, path).toBe(401);
    }
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: a.token })).status).toBe(401);
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { cookie: staffCookie })).status).toBe(401);
    expect((await rest('POST', '/auth/portal/v1/logout', undefined, { token: a.token })).status).toBe(401);
    // Both cookies at once: each side sees only its own session.
    const both = `${portalCookie}; ${staffCookie}`;
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { cookie: both })).body.id).toBe(a.portal.contactId);
    expect((await rest('GET', '/auth/v1/me', undefined, { cookie: both })).body.id).toBe(a.userId);
    // And the sessions are all still alive.
    expect((await rest('GET', '/auth/v1/me', undefined, { token: a.token })).status).toBe(200);
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: a.portal.token })).status).toBe(200);
  });
});

describe('invite links', () => {
  const info = (slug: string, token: string) => rest('GET', `/auth/portal/v1/invite/${slug}/${token}`);
  const accept = (slug: string, token: string, password = NEW_PASSWORD) =>
    rest('POST', '/auth/portal/v1/invite', { slug, token, password });

  it('stores only the hash of the token; accepting sets the password, signs in and ends older portal sessions', async () => {
    const contact = await portalContact(a);
    const older = await createPortalSession(app.database.db, a.businessId, contact.id);
    const { token, expiresAt } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    expect(expiresAt.getTime() - Date.now()).toBeGreaterThan(7 * 24 * 3600 * 1000 - 60_000);
    const stored = await app.database.db.portalInvite.findMany({ where: { contactId: contact.id } });
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).toBe(hashToken(token));
    expect(stored[0].tokenHash).not.toContain(token);
    expect(stored[0].usedAt).toBeNull();

    const who = await info(a.slug, token);
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ first_name: contact.firstName, email: contact.email, business_name: a.name });

    const accepted = await accept(a.slug, token);
    expect(accepted.status).toBe(200);
    expect(Object.keys(accepted.body)).toEqual(['authToken']);
    expect(cookieOf(accepted, SESSION.portalCookie)![0]).toBe(`${SESSION.portalCookie}=${accepted.body.authToken}`);
    const me = await rest('GET', '/auth/portal/v1/me', undefined, { token: accepted.body.authToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: contact.id, email: contact.email, company_id: contact.companyId });

    const after = await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(after.portalPasswordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(after.portalPasswordHash!, NEW_PASSWORD)).toBe(true);
    expect(
      (await app.database.db.portalInvite.findUniqueOrThrow({ where: { id: stored[0].id } })).usedAt,
    ).toBeInstanceOf(Date);
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: older.token })).status).toBe(401);
    expect((await portalLogin({ slug: a.slug, email: contact.email, password: NEW_PASSWORD })).status).toBe(200);

    // Single use: the link now says it was used, and changes nothing.
    for (const reply of [await accept(a.slug, token, 'another-strong-password-3'), await info(a.slug, token)]) {
      expect(reply.status).toBe(409);
      expect(reply.body).toEqual({ message: INVITE_USED, code: 'CONFLICT', requestId: expect.any(String) });
    }
    expect((await portalLogin({ slug: a.slug, email: contact.email, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('accepts over tRPC, with distinct codes for used, expired, invalid and no access', async () => {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    const trpc = trpcClient(app.baseUrl);
    expect(await trpc.portalAuth.inviteInfo.query({ slug: a.slug, token })).toEqual({
      firstName: contact.firstName,
      email: contact.email,
      businessName: a.name,
    });
    const { authToken } = await trpc.portalAuth.acceptInvite.mutate({ slug: a.slug, token, password: NEW_PASSWORD });
    expect(await trpcClient(app.baseUrl, { token: authToken }).portalAuth.me.query()).toMatchObject({ id: contact.id });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => ({}),
        (e: Error) => ({ ...refusal(e), message: e.message }),
      );
    expect(await refused(trpc.portalAuth.acceptInvite.mutate({ slug: a.slug, token, password: NEW_PASSWORD }))).toEqual(
      { code: 'CONFLICT', httpStatus: 409, message: INVITE_USED },
    );

    const expired = await portalContact(a);
    const late = await createPortalInvite(
      app.database.db,
      a.businessId,
      expired.id,
      new Date(Date.now() - 8 * 24 * 3600 * 1000),
    );
    expect(await refused(trpc.portalAuth.inviteInfo.query({ slug: a.slug, token: late.token }))).toEqual({
      code: 'PRECONDITION_FAILED',
      httpStatus: 412,
      message: INVITE_EXPIRED,
    });
    expect(await refused(trpc.portalAuth.inviteInfo.query({ slug: a.slug, token: 'nosuchtoken' }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: INVITE_INVALID,
    });

    const revoked = await portalContact(a);
    const kept = await createPortalInvite(app.database.db, a.businessId, revoked.id);
    await app.database.db.contact.update({ where: { id: revoked.id }, data: { portalAccess: false } });
    expect(
      await refused(trpc.portalAuth.acceptInvite.mutate({ slug: a.slug, token: kept.token, password: NEW_PASSWORD })),
    ).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: NO_ACCESS });
  });

  it('refuses an expired link (412) and changes nothing', async () => {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    await app.database.db.portalInvite.updateMany({
      where: { tokenHash: hashToken(token) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    for (const reply of [await info(a.slug, token), await accept(a.slug, token)]) {
      expect(reply.status).toBe(412);
      expect(reply.body).toEqual({
        message: INVITE_EXPIRED,
        code: 'PRECONDITION_FAILED',
        requestId: expect.any(String),
      });
    }
    const after = await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(after.portalPasswordHash).toBeNull();
    expect(
      (await app.database.db.portalInvite.findUniqueOrThrow({ where: { tokenHash: hashToken(token) } })).usedAt,
    ).toBeNull();
  });

  it("answers 404 'not valid' for another agency's slug, an unknown slug or token, and a superseded link", async () => {
    const contact = await portalContact(a);
    const first = await createPortalInvite(app.database.db, a.businessId, contact.id);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    for (const [slug, t] of [
      [b.slug, token],
      ['nosuchagency', token],
      [a.slug, 'x'.repeat(32)],
      [a.slug, first.token],
    ]) {
      for (const reply of [await info(slug, t), await accept(slug, t)]) {
        expect(reply.status, `${slug} ${t}`).toBe(404);
        expect(reply.body).toEqual({ message: INVITE_INVALID, code: 'NOT_FOUND', requestId: expect.any(String) });
      }
    }
    expect((await accept(a.slug.toUpperCase(), token)).status).toBe(200);
  });

  it('refuses a weak password on the password field and keeps the link usable', async () => {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    const weak = await accept(a.slug, token, 'password1');
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe('This password is too easy to guess. Add more words or characters.');
    expect(weak.body.issues).toEqual([{ path: 'password', message: weak.body.message }]);
    const short = await accept(a.slug, token, 'short');
    expect(short.status).toBe(400);
    expect(short.body.message).toBe('Password must be at least 8 characters');
    expect((await accept(a.slug, token)).status).toBe(200);
  });

  it("answers 403 when the contact's access is off or they have no company", async () => {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    await app.database.db.contact.update({ where: { id: contact.id }, data: { companyId: null } });
    for (const reply of [await info(a.slug, token), await accept(a.slug, token)]) {
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({ message: NO_ACCESS, code: 'FORBIDDEN', requestId: expect.any(String) });
    }
    expect(
      (await app.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } })).portalPasswordHash,
    ).toBeNull();
  });

  it('lets exactly one of several simultaneous accepts through', async () => {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => accept(a.slug, token, `${NEW_PASSWORD}-${i}-parallel`)),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    for (const reply of replies.filter((r) => r.status === 409)) expect(reply.body.message).toBe(INVITE_USED);
    const winner = replies.findIndex((r) => r.status === 200);
    const sessions = await app.database.db.portalSession.findMany({ where: { contactId: contact.id } });
    expect(sessions.map((s) => s.id)).toEqual([hashToken(replies[winner].body.authToken)]);
    expect(
      (await portalLogin({ slug: a.slug, email: contact.email, password: `${NEW_PASSWORD}-${winner}-parallel` }))
        .status,
    ).toBe(200);
  });
});

describe('revoking portal access ends the sessions at once', () => {
  async function signedInContact() {
    const contact = await portalContact(a);
    const { token } = await createPortalInvite(app.database.db, a.businessId, contact.id);
    const reply = await rest('POST', '/auth/portal/v1/invite', { slug: a.slug, token, password: NEW_PASSWORD });
    expect(reply.status).toBe(200);
    const authToken = reply.body.authToken as string;
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: authToken })).status).toBe(200);
    return { contact, authToken };
  }

  it('access turned off: the next portal call answers 401, and sign-in is refused', async () => {
    const { contact, authToken } = await signedInContact();
    await app.database.db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: authToken })).status).toBe(401);
    expect((await portalLogin({ slug: a.slug, email: contact.email, password: NEW_PASSWORD })).body.message).toBe(
      INVALID,
    );
  });

  it('endPortalAccess: sessions deleted and unused invites voided', async () => {
    const { contact, authToken } = await signedInContact();
    const pending = await createPortalInvite(app.database.db, a.businessId, contact.id);
    await app.database.db.$transaction(async (tx) => {
      await tx.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
      await endPortalAccess(tx, a.businessId, contact.id);
    });
    expect(await app.database.db.portalSession.count({ where: { contactId: contact.id } })).toBe(0);
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: authToken })).status).toBe(401);
    expect((await rest('GET', `/auth/portal/v1/invite/${a.slug}/${pending.token}`)).status).toBe(404);
  });

  it('company removed: the next portal call answers 401', async () => {
    const { contact, authToken } = await signedInContact();
    await app.database.db.contact.update({ where: { id: contact.id }, data: { companyId: null } });
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: authToken })).status).toBe(401);
  });
});

describe('the absolute portal session lifetime (PORTAL_SESSION_MAX_AGE_DAYS, 30 days by default)', () => {
  const DAY = 24 * 3600 * 1000;
  /** A fresh portal session of the fixture's client, signed in `ago` ms ago and still ahead of its sliding expiry. */
  async function portalSessionAgo(ago: number) {
    const { token } = await createPortalSession(app.database.db, a.businessId, a.portal.contactId);
    const id = hashToken(token);
    await app.database.db.portalSession.update({
      where: { id },
      data: { createdAt: new Date(Date.now() - ago), expiresAt: new Date(Date.now() + 20 * DAY) },
    });
    return { token, id };
  }

  it('ends a portal session signed in more than 30 days ago however active: 401, row deleted, cookie cleared', async () => {
    const kept = await portalSessionAgo(29 * DAY);
    expect((await rest('GET', '/auth/portal/v1/me', undefined, { token: kept.token })).status).toBe(200);
    const ended = await portalSessionAgo(30 * DAY + 60_000);
    const me = await rest('GET', '/auth/portal/v1/me', undefined, { cookie: `${SESSION.portalCookie}=${ended.token}` });
    expect(me.status).toBe(401);
    expect(cookieOf(me, SESSION.portalCookie)![0]).toBe(`${SESSION.portalCookie}=`);
    expect(await app.database.db.portalSession.findUnique({ where: { id: ended.id } })).toBeNull();
  });

  it('takes its length from PORTAL_SESSION_MAX_AGE_DAYS, apart from the staff one', async () => {
    // The same database: sessions made here are read by the other app.
    const short = await startApp(undefined, { env: { PORTAL_SESSION_MAX_AGE_DAYS: '2' } });
    try {
      const call = (path: string, token: string) =>
        fetch(short.baseUrl + path, { headers: { authorization: `Bearer ${token}` } });
      const young = await portalSessionAgo(DAY);
      expect((await call('/auth/portal/v1/me', young.token)).status).toBe(200);
      const old = await portalSessionAgo(3 * DAY);
      expect((await call('/auth/portal/v1/me', old.token)).status).toBe(401);
      expect(await app.database.db.portalSession.findUnique({ where: { id: old.id } })).toBeNull();
      // A staff session of the same age is under SESSION_MAX_AGE_DAYS (30 days) and stays.
      const staff = await createStaffSession(app.database.db, a.userId);
      await app.database.db.session.update({
        where: { id: hashToken(staff.token) },
        data: { createdAt: new Date(Date.now() - 3 * DAY) },
      });
      expect((await call('/auth/v1/me', staff.token)).status).toBe(200);
    } finally {
      await short.close();
    }
  });
});

describe('portal "Forgot password?" (portalAuth.requestPasswordReset / checkPasswordReset / resetPassword)', () => {
  const RESET_INVALID = 'This reset link is not valid. Request a new one.';
  const RESET_USED = 'This reset link has already been used. Request a new one if you need to.';
  const RESET_EXPIRED = 'This reset link has expired. Request a new one.';
  const RESET_THROTTLED = 'Too many reset requests. Please try again later.';
  let smtp: TestSmtpServer;
  let mailing: TestApp;
  let agency: Agency;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startApp(undefined, { smtpUrl: smtp.url });
    agency = await createAgency(mailing, ['Reset Ready']);
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  /** The app's tRPC client from a client address of its own (optionally with a portal session). */
  const portalTrpc = (from = freshAddress(), token?: string) =>
    createTRPCClient<AppRouter>({
      links: [
        httpLink({
          url: `${mailing.baseUrl}/trpc`,
          transformer: superjson,
          headers: { 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        }),
      ],
    });
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => ({}),
      (e: Error) => ({ ...refusal(e), message: e.message }),
    );
  const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));
  const resetTokenIn = (mail: ReceivedMail) =>
    decodeURIComponent(new URL(smtp.linkIn(mail, `/portal/${agency.slug}/reset-password/`)).pathname.split('/').pop()!);

  /** A contact of the agency who can sign in (access, company, password), with two live portal sessions. */
  async function signedInContact() {
    const db = mailing.database.db;
    const tree = await addCompanyTree(db, agency.businessId, agency.userId, `Resetting ${n++}`);
    const contact = await db.contact.update({
      where: { id: tree.contact[0] },
      data: {
        portalAccess: true,
        email: `reset-${Date.now().toString(36)}-${n++}@client.test`,
        portalPasswordHash: await hashPassword(agency.portal.password),
      },
    });
    const sessions = [
      await createPortalSession(db, agency.businessId, contact.id),
      await createPortalSession(db, agency.businessId, contact.id),
    ];
    return { contact, sessions: sessions.map((s) => s.token) };
  }
  const meWith = (token: string) => outcome(portalTrpc(freshAddress(), token).portalAuth.me.query());

  it('mails a one-time link (hash stored, 1 hour) to a contact who can sign in, and the same answer, with no mail, for every other address', async () => {
    const { contact } = await signedInContact();
    const db = mailing.database.db;
    const noPassword = await db.contact.update({
      where: { id: (await addCompanyTree(db, agency.businessId, agency.userId, `No password ${n++}`)).contact[0] },
      data: { portalAccess: true },
    });
    const asked = [
      { slug: agency.slug, email: contact.email },
      { slug: agency.slug, email: `nobody-${n++}@client.test` }, // unknown address
      { slug: a.slug, email: contact.email }, // another portal's slug
      { slug: 'nosuchportal', email: contact.email },
      { slug: agency.slug, email: noPassword.email }, // no password yet: the agency invites them instead
    ];
    const replies = [];
    for (const input of asked) replies.push(await portalTrpc().portalAuth.requestPasswordReset.mutate(input));
    expect(replies).toEqual(asked.map(() => ({ ok: true, emailConfigured: true })));

    const mail = await smtp.waitFor(contact.email);
    expect(mail.subject).toBe(`Reset your password for ${agency.name}’s client portal`);
    expect(mail.text).toContain('valid for 1 hour');
    const token = resetTokenIn(mail);
    const rows = await db.portalInvite.findMany({ where: { contactId: contact.id } });
    expect(rows.map((r) => r.tokenHash)).toEqual([`reset:${hashToken(token)}`]);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(rows[0].expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
    // Nothing for the others (the reply came before the look-up: give a stray mail the time to arrive).
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(contact.email)).toHaveLength(1);
    expect(mailsTo(noPassword.email)).toHaveLength(0);
    expect(await db.portalInvite.count({ where: { contactId: noPassword.id } })).toBe(0);
    // A reset link is not an invite: the contact still reads Active, never Invited.
    const staff = trpcClient(mailing.baseUrl, { token: agency.token });
    expect(await staff.contacts.get.query({ id: contact.id })).toMatchObject({
      portalState: 'active',
      invitePending: false,
      pendingInviteExpiresAt: null,
    });
  });

  it('works once: signs in, ends every other portal session, and the old password stops working', async () => {
    const { contact, sessions } = await signedInContact();
    await portalTrpc().portalAuth.requestPasswordReset.mutate({ slug: agency.slug, email: contact.email });
    const token = resetTokenIn(await smtp.waitFor(contact.email));
    const trpc = portalTrpc();
    expect(await trpc.portalAuth.checkPasswordReset.query({ slug: agency.slug, token })).toEqual({
      email: contact.email,
      businessName: agency.name,
    });
    // The link is no invite link, and another portal's slug does not know it.
    expect(await outcome(trpc.portalAuth.inviteInfo.query({ slug: agency.slug, token }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await outcome(trpc.portalAuth.checkPasswordReset.query({ slug: a.slug, token }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: RESET_INVALID,
    });

    const { authToken } = await trpc.portalAuth.resetPassword.mutate({
      slug: agency.slug,
      token,
      password: NEW_PASSWORD,
    });
    expect(await portalTrpc(freshAddress(), authToken).portalAuth.me.query()).toMatchObject({ id: contact.id });
    for (const old of sessions) expect(await meWith(old)).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await mailing.database.db.portalSession.count({ where: { contactId: contact.id } })).toBe(1);
    const stored = await mailing.database.db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(await verifyPassword(stored.portalPasswordHash!, NEW_PASSWORD)).toBe(true);
    expect(
      await outcome(
        portalTrpc().portalAuth.login.mutate({
          slug: agency.slug,
          email: contact.email,
          password: agency.portal.password,
        }),
      ),
    ).toMatchObject({ code: 'UNAUTHORIZED' });

    // Single use: a second submit is refused and changes nothing.
    const again = await outcome(
      portalTrpc().portalAuth.resetPassword.mutate({ slug: agency.slug, token, password: 'another-strong-password-3' }),
    );
    expect(again).toEqual({ code: 'CONFLICT', httpStatus: 409, message: RESET_USED });
    expect(await outcome(portalTrpc().portalAuth.checkPasswordReset.query({ slug: agency.slug, token }))).toEqual({
      code: 'CONFLICT',
      httpStatus: 409,
      message: RESET_USED,
    });
    expect(await portalTrpc(freshAddress(), authToken).portalAuth.me.query()).toMatchObject({ id: contact.id });
    expect(
      (await portalTrpc().portalAuth.login.mutate({ slug: agency.slug, email: contact.email, password: NEW_PASSWORD }))
        .authToken,
    ).toBeTruthy();
  });

  it('keeps the link out of the logs, as invite links', () => {
    expect(redactText(`GET /portal/${agency.slug}/reset-password/abc123def456`)).toBe(
      `GET /portal/${agency.slug}/reset-password/[redacted]`,
    );
  });

  it('refuses an expired link (412), an invite token (404), a weak password, and a contact whose access was turned off (403)', async () => {
    const db = mailing.database.db;
    const { contact } = await signedInContact();
    const late = await createPortalReset(db, agency.businessId, contact.id, new Date(Date.now() - 2 * 60 * 60 * 1000));
    expect(
      await outcome(
        portalTrpc().portalAuth.resetPassword.mutate({ slug: agency.slug, token: late.token, password: NEW_PASSWORD }),
      ),
    ).toEqual({ code: 'PRECONDITION_FAILED', httpStatus: 412, message: RESET_EXPIRED });
    const invite = await createPortalInvite(db, agency.businessId, contact.id);
    expect(
      await outcome(
        portalTrpc().portalAuth.resetPassword.mutate({
          slug: agency.slug,
          token: invite.token,
          password: NEW_PASSWORD,
        }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const fresh = await createPortalReset(db, agency.businessId, contact.id);
    expect(
      await outcome(
        portalTrpc().portalAuth.resetPassword.mutate({ slug: agency.slug, token: fresh.token, password: 'password' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    await db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    expect(
      await outcome(
        portalTrpc().portalAuth.resetPassword.mutate({ slug: agency.slug, token: fresh.token, password: NEW_PASSWORD }),
      ),
    ).toEqual({ code: 'FORBIDDEN', httpStatus: 403, message: NO_ACCESS });
    const stored = await db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(await verifyPassword(stored.portalPasswordHash!, agency.portal.password)).toBe(true);
  });

  it('is throttled per e-mail at the portal (429 alike for a known and an unknown address) and per client address', async () => {
    const { contact } = await signedInContact();
    const unknown = `nobody-${n++}@client.test`;
    for (const email of [contact.email, unknown]) {
      for (let i = 0; i < 3; i++)
        expect(await portalTrpc().portalAuth.requestPasswordReset.mutate({ slug: agency.slug, email })).toEqual({
          ok: true,
          emailConfigured: true,
        });
      expect(await outcome(portalTrpc().portalAuth.requestPasswordReset.mutate({ slug: agency.slug, email }))).toEqual({
        code: 'TOO_MANY_REQUESTS',
        httpStatus: 429,
        message: RESET_THROTTLED,
      });
    }
    // One client address, ten different e-mails, then refused.
    const from = freshAddress();
    for (let i = 0; i < 10; i++)
      await portalTrpc(from).portalAuth.requestPasswordReset.mutate({
        slug: agency.slug,
        email: `walker-${n++}@client.test`,
      });
    expect(
      await outcome(
        portalTrpc(from).portalAuth.requestPasswordReset.mutate({
          slug: agency.slug,
          email: `walker-${n++}@client.test`,
        }),
      ),
    ).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // At most 3 links were mailed to the contact.
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(contact.email).length).toBeLessThanOrEqual(3);
  });
});

describe('portal "Change password" (portalAuth.changePassword)', () => {
  it('needs the current password; then sets the new one, ends the other portal sessions and keeps this one', async () => {
    const db = app.database.db;
    const contact = await portalContact(a);
    await db.contact.update({ where: { id: contact.id }, data: { portalPasswordHash: await hashPasswordOf(a) } });
    const mine = await createPortalSession(db, a.businessId, contact.id);
    const other = await createPortalSession(db, a.businessId, contact.id);
    const self = trpcClient(app.baseUrl, { token: mine.token });
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => ({}),
        (e: Error) => ({ ...refusal(e), message: e.message }),
      );

    expect(
      await refused(
        self.portalAuth.changePassword.mutate({ currentPassword: 'not the password', newPassword: NEW_PASSWORD }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: 'The current password is not right.',
    });
    expect(
      await refused(
        self.portalAuth.changePassword.mutate({ currentPassword: a.portal.password, newPassword: 'password1' }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
    let stored = await db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(await verifyPassword(stored.portalPasswordHash!, a.portal.password)).toBe(true);
    expect(await db.portalSession.count({ where: { contactId: contact.id } })).toBe(2);

    expect(
      await self.portalAuth.changePassword.mutate({ currentPassword: a.portal.password, newPassword: NEW_PASSWORD }),
    ).toEqual({ ok: true, endedSessions: 1 });
    stored = await db.contact.findUniqueOrThrow({ where: { id: contact.id } });
    expect(await verifyPassword(stored.portalPasswordHash!, NEW_PASSWORD)).toBe(true);
    expect(await self.portalAuth.me.query()).toMatchObject({ id: contact.id });
    expect(await refused(trpcClient(app.baseUrl, { token: other.token }).portalAuth.me.query())).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await portalLogin({ slug: a.slug, email: contact.email, password: NEW_PASSWORD })).status).toBe(200);
    expect((await portalLogin({ slug: a.slug, email: contact.email, password: a.portal.password })).status).toBe(401);
  });
});
