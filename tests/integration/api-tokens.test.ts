/**
 * Personal API tokens: created once and stored hashed, usable as `Authorization: Bearer <token>` on REST paths,
 * file routes and /trpc with their owner's rights in their owner's agency, refused for what needs a signed-in
 * session, never a portal session or a cookie; revoked → 401 at once. Also the Integrations tab's e-mail card.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { API_TOKEN_PREFIX } from '../../shared/schemas/integrations';
import { API_TOKEN_TOUCH_MS } from '../../server/auth/api-tokens';
import { hashToken } from '../../server/auth/tokens';
import { AGENCY_A_COMPANIES, twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { addApiToken, addStaff } from '../support/staff';
import { trpcClient, untypedTrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  ({ a, b } = await twoAgencies(app));
});
afterAll(() => app.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return { code: error.data?.code, httpStatus: error.data?.httpStatus, message: error.message };
    },
  );
const sorted = (names: string[]) => [...names].sort((x, y) => x.localeCompare(y));

/** A fresh token of agency A's owner, made the way the Integrations tab makes it. */
const newOwnerToken = (name = 'Reporting script') =>
  trpcClient(app.baseUrl, { token: a.token }).apiTokens.create.mutate({ name });

describe('creating a token', () => {
  it('answers the token once, and stores only its SHA-256 with a short prefix to tell it apart', async () => {
    const created = await newOwnerToken('  Reporting script  ');
    expect(created.token).toMatch(new RegExp(`^${API_TOKEN_PREFIX}[a-z2-7]{32}$`));
    expect(created).toMatchObject({ name: 'Reporting script', prefix: created.token.slice(0, 13), lastUsedAt: null });

    const row = await app.database.db.apiToken.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ businessId: a.businessId, userId: a.userId, tokenHash: hashToken(created.token) });
    expect(JSON.stringify(row)).not.toContain(created.token.slice(13));

    const list = await trpcClient(app.baseUrl, { token: a.token }).apiTokens.list.query();
    expect(list[0]).toEqual({
      id: created.id,
      name: 'Reporting script',
      prefix: created.prefix,
      createdAt: expect.any(Date),
      lastUsedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
  });

  it('refuses an empty name with its message', async () => {
    const res = await api.post('/api/api-tokens', { name: '   ' }, { token: a.token });
    expect(res).toMatchObject({ status: 400, body: { message: M.apiTokens.nameRequired } });
  });

  it('is for owners and admins only', async () => {
    const member = await addStaff(app, a, 'member');
    const admin = await addStaff(app, a, 'admin');
    expect(
      await failure(trpcClient(app.baseUrl, { token: member.token }).apiTokens.create.mutate({ name: 'x' })),
    ).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.permissions.forbidden,
    });
    expect(await failure(trpcClient(app.baseUrl, { token: member.token }).apiTokens.list.query())).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(
      (await trpcClient(app.baseUrl, { token: admin.token }).apiTokens.create.mutate({ name: 'admin script' })).token,
    ).toMatch(/^cf_pat_/);
  });
});

describe('using a token', () => {
  it("works on REST paths with the owner's rights, on the owner's agency only", async () => {
    const { token } = await newOwnerToken();
    const companies = await api.get('/api/companies?limit=100', { token });
    expect(companies.status).toBe(200);
    expect(companies.body.map((c: { name: string }) => c.name)).toEqual(sorted(AGENCY_A_COMPANIES));
    expect(await api.get('/auth/v1/me', { token })).toMatchObject({
      status: 200,
      body: { id: a.userId, role: 'owner', business: { id: a.businessId } },
    });
    // Another agency's row is not found, as with a session.
    expect((await api.get(`/api/projects/${b.rows.project[0]}`, { token })).status).toBe(404);
    // A write, and a file route (streamed outside the JSON adapter).
    const created = await api.post('/api/companies', { name: 'Token Made Ltd', status: 'active' }, { token });
    expect(created.status).toBe(201);
    expect((await app.database.db.company.findUniqueOrThrow({ where: { id: created.body.id } })).businessId).toBe(
      a.businessId,
    );
    const download = await fetch(`${app.baseUrl}/api/documents/${a.rows.document[0]}/download`, {
      headers: { authorization: `Bearer ${token}` },
      redirect: 'manual',
    });
    expect([200, 302]).toContain(download.status);
    expect(
      (
        await fetch(`${app.baseUrl}/api/documents/${b.rows.document[0]}/download`, {
          headers: { authorization: `Bearer ${token}` },
          redirect: 'manual',
        })
      ).status,
    ).toBe(404);
  });

  it('works on /trpc, with permission-checked procedures of its owner', async () => {
    const { token } = await newOwnerToken();
    const trpc = trpcClient(app.baseUrl, { token });
    expect((await trpc.auth.me.query()).id).toBe(a.userId);
    expect(await trpc.team.invites.query()).toEqual(expect.any(Array));
    expect(await trpc.integrations.emailStatus.query()).toEqual({
      configured: false,
      from: 'Clientflow <hub@clientflow.test>',
    });
  });

  it("carries the owner's role as it is now: a member's token is refused what members are refused", async () => {
    const admin = await addStaff(app, a, 'admin');
    const { token } = await addApiToken(app, a.businessId, admin.id);
    expect((await api.get('/api/team/invites', { token })).status).toBe(200);
    await app.database.db.user.update({ where: { id: admin.id }, data: { role: 'member' } });
    expect(await api.get('/api/team/invites', { token })).toMatchObject({
      status: 403,
      body: { message: M.permissions.forbidden },
    });
    expect((await api.get('/api/companies', { token })).status).toBe(200);
  });

  it('cannot manage sign-in, tokens or the team (403), but may revoke', async () => {
    const { token, id } = await newOwnerToken();
    const trpc = trpcClient(app.baseUrl, { token });
    const sessionOnly = { code: 'FORBIDDEN', httpStatus: 403, message: M.apiTokens.sessionOnly };
    expect(await failure(trpc.apiTokens.create.mutate({ name: 'another' }))).toEqual(sessionOnly);
    expect(
      await failure(
        trpc.profile.changePassword.mutate({ currentPassword: a.password, newPassword: 'velvet canyon rooftop 9090' }),
      ),
    ).toEqual(sessionOnly);
    expect(
      await failure(trpc.profile.update.mutate({ firstName: 'Mallory', lastName: 'X', email: 'mallory@evil.test' })),
    ).toEqual(sessionOnly);
    expect(await failure(trpc.team.invite.mutate({ email: 'mallory@evil.test', role: 'owner' }))).toEqual(sessionOnly);
    expect(await failure(trpc.auth.logout.mutate())).toEqual(sessionOnly);
    expect(await api.post('/api/team/invites', { email: 'mallory@evil.test', role: 'admin' }, { token })).toMatchObject(
      { status: 403, body: { message: M.apiTokens.sessionOnly } },
    );
    expect(await app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } })).toMatchObject({
      firstName: expect.not.stringMatching('Mallory'),
    });
    // Revoking only takes access away: a script may revoke its own token.
    expect(await trpc.apiTokens.revoke.mutate({ id })).toEqual({ ok: true });
    expect((await api.get('/auth/v1/me', { token })).status).toBe(401);
  });

  it('is never a portal session, never read from a cookie, and never sets one', async () => {
    const { token } = await newOwnerToken();
    expect(await failure(untypedTrpcClient(app.baseUrl, { token }).query('portalAuth.me'))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect((await api.get('/auth/portal/v1/me', { token })).status).toBe(401);
    for (const cookie of [`${SESSION.staffCookie}=${token}`, `${SESSION.portalCookie}=${token}`]) {
      expect((await api.get('/auth/v1/me', { cookie })).status).toBe(401);
    }
    const res = await fetch(`${app.baseUrl}/api/companies`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('records when it was last used, at most once a minute', async () => {
    const created = await newOwnerToken();
    const lastUsed = async () =>
      (await app.database.db.apiToken.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt;
    const before = Date.now();
    await api.get('/auth/v1/me', { token: created.token });
    const first = await lastUsed();
    expect(first!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Within the minute: not written again.
    const recent = new Date(Date.now() - API_TOKEN_TOUCH_MS / 2);
    await app.database.db.apiToken.update({ where: { id: created.id }, data: { lastUsedAt: recent } });
    await api.get('/auth/v1/me', { token: created.token });
    expect((await lastUsed())!.getTime()).toBe(recent.getTime());
    // Later: written.
    const old = new Date(Date.now() - API_TOKEN_TOUCH_MS - 5000);
    await app.database.db.apiToken.update({ where: { id: created.id }, data: { lastUsedAt: old } });
    await api.get('/auth/v1/me', { token: created.token });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + API_TOKEN_TOUCH_MS);
    const listed = (await trpcClient(app.baseUrl, { token: a.token }).apiTokens.list.query()).find(
      (t) => t.id === created.id,
    );
    expect(listed!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('answers 401 at once after it is revoked, on REST and /trpc', async () => {
    const created = await newOwnerToken();
    expect((await api.get('/api/companies', { token: created.token })).status).toBe(200);
    expect(await api.call('DELETE', `/api/api-tokens/${created.id}`, { token: a.token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await api.get('/api/companies', { token: created.token })).toMatchObject({
      status: 401,
      body: { message: M.auth.unauthenticated },
    });
    expect(await failure(trpcClient(app.baseUrl, { token: created.token }).auth.me.query())).toMatchObject({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
    expect(await app.database.db.apiToken.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it("lists and revokes only the user's own tokens", async () => {
    const admin = await addStaff(app, a, 'admin');
    const theirs = await addApiToken(app, a.businessId, admin.id, 'Admin script');
    const owners = trpcClient(app.baseUrl, { token: a.token });
    expect((await owners.apiTokens.list.query()).some((t) => t.id === theirs.id)).toBe(false);
    expect(await failure(owners.apiTokens.revoke.mutate({ id: theirs.id }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.apiTokens.notFound,
    });
    const foreign = await addApiToken(app, b.businessId, b.userId);
    expect(await failure(owners.apiTokens.revoke.mutate({ id: foreign.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await api.get('/auth/v1/me', { token: theirs.token })).status).toBe(200);
    expect((await api.get('/auth/v1/me', { token: foreign.token })).status).toBe(200);
  });

  it('refuses a token-shaped guess, even one that shares a real token’s listed first characters', async () => {
    expect((await api.get('/auth/v1/me', { token: `${API_TOKEN_PREFIX}${'a'.repeat(32)}` })).status).toBe(401);
    expect((await api.get('/auth/v1/me', { token: API_TOKEN_PREFIX })).status).toBe(401);
    const real = await newOwnerToken();
    const lastChar = real.token.at(-1) === 'a' ? 'b' : 'a';
    expect((await api.get('/auth/v1/me', { token: real.token.slice(0, -1) + lastChar })).status).toBe(401);
    expect((await api.get('/auth/v1/me', { token: real.prefix })).status).toBe(401);
  });
});

describe('the e-mail card', () => {
  let smtp: TestSmtpServer;
  let mailing: TestApp;
  let agency: Agency;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    mailing = await startApp(undefined, { smtpUrl: smtp.url });
    ({ a: agency } = await twoAgencies(mailing));
  });
  afterAll(async () => {
    await mailing.close();
    await smtp.close();
  });

  it('says whether SMTP is configured and from which address', async () => {
    expect(await trpcClient(mailing.baseUrl, { token: agency.token }).integrations.emailStatus.query()).toEqual({
      configured: true,
      from: 'Clientflow <hub@clientflow.test>',
    });
    expect(await api.get('/api/integrations/email', { token: a.token })).toMatchObject({
      status: 200,
      body: { configured: false },
    });
  });

  it('sends a test e-mail to the signed-in user, a few times per 15 minutes', async () => {
    const owner = trpcClient(mailing.baseUrl, { token: agency.token });
    expect(await owner.integrations.sendTestEmail.mutate()).toEqual({ sent: true, to: agency.email, reason: 'sent' });
    const mail = await smtp.waitFor(agency.email);
    expect(mail.subject).toBe(M.integrations.testSubject);
    for (let i = 0; i < 4; i++) await owner.integrations.sendTestEmail.mutate();
    expect(await failure(owner.integrations.sendTestEmail.mutate())).toEqual({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: M.integrations.testThrottled,
    });
  });

  it('says when nothing could be sent: no SMTP settings, or an SMTP server that does not answer', async () => {
    expect(await trpcClient(app.baseUrl, { token: a.token }).integrations.sendTestEmail.mutate()).toEqual({
      sent: false,
      to: a.email,
      reason: 'not-configured',
    });
    const gone = await startSmtpServer();
    const url = gone.url;
    await gone.close();
    const broken = await startApp(undefined, { smtpUrl: url });
    try {
      const { a: other } = await twoAgencies(broken);
      expect(await trpcClient(broken.baseUrl, { token: other.token }).integrations.sendTestEmail.mutate()).toEqual({
        sent: false,
        to: other.email,
        reason: 'failed',
      });
    } finally {
      await broken.close();
    }
  });

  it('is for owners and admins only', async () => {
    const member = await addStaff(mailing, agency, 'member');
    const memberClient = trpcClient(mailing.baseUrl, { token: member.token });
    expect(await failure(memberClient.integrations.sendTestEmail.mutate())).toMatchObject({
      code: 'FORBIDDEN',
      message: M.permissions.forbidden,
    });
    expect(await failure(memberClient.integrations.emailStatus.query())).toMatchObject({ code: 'FORBIDDEN' });
  });
});
