/**
 * Single sign-on (issue 32) against a real OpenID provider started here (`oidc-provider` on a free port, its own
 * sign-in pages, its own token endpoint): the owner's settings, a staff sign-in with creation on first sign-in,
 * "require SSO" with the break-glass owner sign-in (mailed to every owner), deprovisioning, a client's sign-in to the
 * portal, "Test connection", and every refusal, each with its page, its log line and no session.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { SSO_FLOWS_MAX } from '../../shared/schemas/sso';
import { hashToken } from '../../server/auth/tokens';
import { captureLogs } from '../../server/log';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import {
  CLIENT,
  OTHER_CLIENT,
  relayFor,
  signInAtProvider,
  startOidcProvider,
  type TestProvider,
} from '../support/oidc-provider';
import { startSmtpServer } from '../support/smtp';
import { addApiToken, addStaff } from '../support/staff';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

let app: TestApp;
let agency: Agency;
let provider: TestProvider;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let owner: TrpcClient;
const STAFF_DOMAIN = `staff-${process.pid}.test`;
const CLIENT_DOMAIN = `client-${process.pid}.test`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(undefined, {
    smtpUrl: smtp.url,
    env: { SECRET_KEY: 'a test key of at least thirty-two characters' },
  });
  agency = await createAgency(app, ['Sorrel Studio']);
  provider = await startOidcProvider(app.baseUrl, [agency.slug]);
  owner = trpcClient(app.baseUrl, { token: agency.token });
});
afterAll(async () => {
  await provider?.close();
  await app?.close();
  await smtp?.close();
});

const saveStaff = (overrides: Record<string, unknown> = {}) =>
  owner.sso.save.mutate({
    audience: 'staff',
    issuer: provider.issuer,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    allowedDomains: STAFF_DOMAIN,
    defaultRole: 'admin',
    autoCreateCompanyId: null,
    enabled: true,
    required: false,
    ...overrides,
  });

const saveClient = (overrides: Record<string, unknown> = {}) =>
  owner.sso.save.mutate({
    audience: 'client',
    issuer: provider.issuer,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    allowedDomains: CLIENT_DOMAIN,
    defaultRole: 'member',
    autoCreateCompanyId: agency.companies[0].id,
    enabled: true,
    required: false,
    ...overrides,
  });

/** The session cookie a reply set, if any. */
const cookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1)
    ?.slice(name.length + 1);

/** The browser at the app's start URL: the provider's authorization URL it is sent to. */
async function start(path: string) {
  const res = await fetch(app.baseUrl + path, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location') as string;
}

/** A whole sign-in: start, the provider's page (typing `login`), then the app's callback; tamper changes the answer first. */
async function signIn(path: string, login: string, tamper?: (callback: URL) => Promise<void> | void) {
  const callback = await signInAtProvider(await start(path), login);
  expect(callback.origin).toBe(app.baseUrl);
  await tamper?.(callback);
  const res = await fetch(callback, { redirect: 'manual' });
  return { res, callback, body: res.status === 302 ? '' : await res.text() };
}

const staffStart = (email: string) => `/auth/oidc/start?email=${encodeURIComponent(email)}`;
const portalStart = () => `/auth/portal/oidc/${agency.slug}/start`;
/**
 * The agency's staff and portal sessions made since `since` (all of them without it). Only this agency's: on
 * PostgreSQL the test files share one database, and other files sign people in meanwhile.
 */
const sessionCount = async (since = new Date(0)) =>
  (await app.database.db.session.count({
    where: { createdAt: { gte: since }, user: { businessId: agency.businessId } },
  })) +
  (await app.database.db.portalSession.count({ where: { createdAt: { gte: since }, businessId: agency.businessId } }));

let n = 0;
/** A person at the provider; the login typed on its page is their id there. */
function person(email: string, verified = true) {
  const login = `person-${process.pid}-${n++}`;
  provider.accounts.set(login, { email, email_verified: verified, given_name: 'Robin', family_name: 'Provider' });
  return login;
}

describe('the owner’s settings', () => {
  it('refuses an issuer that does not answer discovery, with a clear message, and writes nothing', async () => {
    const error = await saveStaff({ issuer: 'http://127.0.0.1:9/nothing-here' }).catch((e: unknown) => e);
    expect(refusal(error)).toEqual({ code: 'BAD_REQUEST', httpStatus: 400 });
    expect((error as Error).message).toMatch(/^The provider could not be reached at this issuer URL/);
    expect(await app.database.db.ssoConnection.count({ where: { businessId: agency.businessId } })).toBe(0);
  });

  it('refuses a plain-http issuer that is not this machine', async () => {
    const error = await saveStaff({ issuer: 'http://idp.example.com' }).catch((e: unknown) => e);
    expect((error as Error).message).toBe(M.sso.issuerInvalid);
  });

  it('stores the secret encrypted and never sends it back or logs it', async () => {
    const logs = captureLogs();
    try {
      const saved = await saveStaff();
      expect(saved).toMatchObject({ hasSecret: true, allowedDomains: [STAFF_DOMAIN], defaultRole: 'admin' });
      const settings = await owner.sso.settings.query();
      expect(settings.redirectUrls.staff).toBe(`${app.baseUrl}/auth/oidc/callback`);
      expect(settings.redirectUrls.client).toBe(`${app.baseUrl}/auth/portal/oidc/${agency.slug}/callback`);
      expect(JSON.stringify([saved, settings])).not.toContain(CLIENT.secret);
      // Saved again without a secret: the stored one is kept (discovery still passes with it).
      await saveStaff({ clientSecret: '' });
      const row = await app.database.db.ssoConnection.findFirstOrThrow({
        where: { businessId: agency.businessId, audience: 'staff' },
      });
      expect(row.clientSecret).not.toContain(CLIENT.secret);
      expect(row.clientSecret).toMatch(/^v1\./);
      // A sign-in uses it (the provider accepts the token request).
      const { res } = await signIn(staffStart(`first@${STAFF_DOMAIN}`), person(`first@${STAFF_DOMAIN}`));
      expect(res.status).toBe(302);
      const rest = await fetch(`${app.baseUrl}/api/sso`, { headers: { authorization: `Bearer ${agency.token}` } });
      expect(rest.status).toBe(200);
      expect(await rest.text()).not.toContain(CLIENT.secret);
    } finally {
      logs.stop();
    }
    expect(logs.text()).not.toContain(CLIENT.secret);
  });

  it('is the owner’s alone', async () => {
    const admin = await addStaff(app, agency, 'admin');
    const error = await trpcClient(app.baseUrl, { token: admin.token })
      .sso.settings.query()
      .catch((e: unknown) => e);
    expect(refusal(error)).toEqual({ code: 'FORBIDDEN', httpStatus: 403 });
  });
});

describe('staff sign-in', () => {
  beforeAll(() => saveStaff());

  it('creates an unknown person of an allowed domain with the default role, signed in', async () => {
    const email = `new.person@${STAFF_DOMAIN}`;
    const login = person(email);
    const { res } = await signIn(staffStart(email), login);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/hub');
    const token = cookieOf(res, SESSION.staffCookie) as string;
    const me = await trpcClient(app.baseUrl, { token }).auth.me.query();
    expect(me).toMatchObject({ email, firstName: 'Robin', lastName: 'Provider', role: 'admin' });
    const user = await app.database.db.user.findUniqueOrThrow({ where: { email } });
    expect(user.ssoSubject).toBe(`${provider.issuer} ${login}`);
    expect((await app.database.db.session.findUniqueOrThrow({ where: { id: hashToken(token) } })).method).toBe('sso');
    // The second time the subject finds the same user.
    const again = await signIn(staffStart(email), login);
    expect(again.res.status).toBe(302);
    expect(await app.database.db.user.count({ where: { email } })).toBe(1);
  });

  it('reuses the discovered configuration: a second sign-in asks the provider nothing before its page', async () => {
    const email = `twice@${STAFF_DOMAIN}`;
    const login = person(email);
    await signIn(staffStart(email), login);
    const discoveries = () => provider.requests.filter((p) => p === '/.well-known/openid-configuration').length;
    const before = discoveries();
    const again = await signIn(staffStart(email), login);
    expect(again.res.status).toBe(302);
    expect(discoveries()).toBe(before);
  });

  it('matches an existing user by verified e-mail and links the provider’s subject', async () => {
    const member = await addStaff(app, agency, 'member');
    const email = `member-${process.pid}@${STAFF_DOMAIN}`;
    await app.database.db.user.update({ where: { id: member.id }, data: { email } });
    const login = person(email);
    const { res } = await signIn(staffStart(email), login);
    expect(res.status).toBe(302);
    const me = await trpcClient(app.baseUrl, { token: cookieOf(res, SESSION.staffCookie)! }).auth.me.query();
    expect(me).toMatchObject({ id: member.id, role: 'member' });
  });

  it('also starts from the agency’s slug', async () => {
    const url = new URL(await start(`/auth/oidc/start?slug=${agency.slug}`));
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)).toBeTruthy();
  });
});

/** A refused callback: its page and status, one log line naming the refusal, and no session made. */
async function expectRefused(
  attempt: () => Promise<{ res: Response; body: string }>,
  status: number,
  message: string | RegExp,
  kind: string,
) {
  const since = new Date();
  const logs = captureLogs();
  let outcome: { res: Response; body: string };
  try {
    outcome = await attempt();
  } finally {
    logs.stop();
  }
  expect(outcome.res.status).toBe(status);
  expect(cookieOf(outcome.res, SESSION.staffCookie)).toBeUndefined();
  expect(cookieOf(outcome.res, SESSION.portalCookie)).toBeUndefined();
  const shown = outcome.body.match(/data-testid="sso-message">([^<]*)</)?.[1] ?? '';
  const unescaped = shown
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
  if (typeof message === 'string') expect(unescaped).toBe(message);
  else expect(unescaped).toMatch(message);
  expect(await sessionCount(since)).toBe(0);
  const line = logs.entries().find((e) => e.msg === 'sso: sign-in refused');
  expect(line).toMatchObject({ refusal: kind });
  expect(logs.text()).not.toContain(CLIENT.secret);
}

describe('refusals', () => {
  beforeAll(() => saveStaff());
  const email = () => `refused-${n}@${STAFF_DOMAIN}`;

  it('a wrong (unknown) state', async () => {
    await expectRefused(
      () =>
        signIn(staffStart(email()), person(email()), (callback) => {
          callback.searchParams.set('state', 'not-the-state-we-sent');
        }),
      400,
      M.sso.refused.state,
      'state',
    );
  });

  it('a wrong nonce (the flow expected another)', async () => {
    await expectRefused(
      () =>
        signIn(staffStart(email()), person(email()), async (callback) => {
          const id = hashToken(callback.searchParams.get('state')!);
          await app.database.db.ssoFlow.update({ where: { id }, data: { nonce: 'another-nonce-than-sent' } });
        }),
      403,
      /nonce/,
      'token',
    );
  });

  it('a flow past its 10 minutes', async () => {
    await expectRefused(
      () =>
        signIn(staffStart(email()), person(email()), async (callback) => {
          const id = hashToken(callback.searchParams.get('state')!);
          await app.database.db.ssoFlow.update({ where: { id }, data: { expiresAt: new Date(Date.now() - 1000) } });
        }),
      400,
      M.sso.refused.expired,
      'expired',
    );
  });

  it(`more than ${SSO_FLOWS_MAX} sign-ins under way at once (starts nobody finishes cannot grow the table)`, async () => {
    const connection = await app.database.db.ssoConnection.findFirstOrThrow({
      where: { businessId: agency.businessId, audience: 'staff' },
    });
    const expiresAt = new Date(Date.now() + 60_000);
    const rows = (count: number, from: number) =>
      Array.from({ length: count }, (_, i) => ({
        id: `bound-${process.pid}-${from + i}`,
        businessId: agency.businessId,
        connectionId: connection.id,
        codeVerifier: 'v',
        nonce: 'n',
        expiresAt,
      }));
    try {
      // One short of the bound (earlier tests' flows gone): the next start is still let through.
      await app.database.db.ssoFlow.deleteMany({ where: { connectionId: connection.id } });
      await app.database.db.ssoFlow.createMany({ data: rows(SSO_FLOWS_MAX - 1, 0) });
      await start(staffStart(email()));
      const res = await fetch(app.baseUrl + staffStart(email()), { redirect: 'manual' });
      expect(res.status).toBe(429);
      expect(await res.text()).toContain(M.sso.refused.busy);
      expect(await app.database.db.ssoFlow.count({ where: { connectionId: connection.id } })).toBe(SSO_FLOWS_MAX);
    } finally {
      await app.database.db.ssoFlow.deleteMany({ where: { connectionId: connection.id } });
    }
  });

  it('the same answer twice (the flow is single use)', async () => {
    const first = await signIn(staffStart(email()), person(email()));
    expect(first.res.status).toBe(302);
    await expectRefused(
      async () => {
        const res = await fetch(first.callback, { redirect: 'manual' });
        return { res, body: await res.text() };
      },
      400,
      M.sso.refused.state,
      'state',
    );
  });

  it('a replayed code (the provider refuses it the second time)', async () => {
    let replay: { code: string; verifier: string; nonce: string } | undefined;
    const first = await signIn(staffStart(email()), person(email()), async (callback) => {
      const flow = await app.database.db.ssoFlow.findUniqueOrThrow({
        where: { id: hashToken(callback.searchParams.get('state')!) },
      });
      replay = { code: callback.searchParams.get('code')!, verifier: flow.codeVerifier, nonce: flow.nonce };
    });
    expect(first.res.status).toBe(302);
    // A new flow of the same verifier and nonce, so that only the code's reuse is wrong.
    const connection = await app.database.db.ssoConnection.findFirstOrThrow({
      where: { businessId: agency.businessId, audience: 'staff' },
    });
    const state = `replay-${process.pid}-${n++}`;
    await app.database.db.ssoFlow.create({
      data: {
        id: hashToken(state),
        businessId: agency.businessId,
        connectionId: connection.id,
        codeVerifier: replay!.verifier,
        nonce: replay!.nonce,
        expiresAt: new Date(Date.now() + 60_000),
      },
    });
    const url = new URL(first.callback);
    url.searchParams.set('state', state);
    await expectRefused(
      async () => {
        const res = await fetch(url, { redirect: 'manual' });
        return { res, body: await res.text() };
      },
      403,
      M.sso.refused.provider('invalid_grant'),
      'provider',
    );
  });

  it('an expired code', async () => {
    await expectRefused(
      () =>
        signIn(staffStart(email()), person(email()), (callback) => {
          const stored = provider.codes().get(callback.searchParams.get('code')!);
          expect(stored).toBeDefined();
          stored!.payload.exp = Math.floor(Date.now() / 1000) - 60;
        }),
      403,
      M.sso.refused.provider('invalid_grant'),
      'provider',
    );
  });

  it('the provider’s own refusal (the person cancelled)', async () => {
    await expectRefused(
      () =>
        signIn(staffStart(email()), person(email()), (callback) => {
          for (const key of [...callback.searchParams.keys()]) if (key !== 'state') callback.searchParams.delete(key);
          callback.searchParams.set('error', 'access_denied');
        }),
      403,
      M.sso.refused.provider('access_denied'),
      'provider',
    );
  });

  it('an unverified e-mail', async () => {
    await expectRefused(
      () => signIn(staffStart(email()), person(email(), false)),
      403,
      M.sso.refused.unverified,
      'unverified',
    );
  });

  it('a domain outside the allow-list', async () => {
    // Started from the agency's slug: the e-mail the provider vouches for is of another domain.
    await expectRefused(
      () => signIn(`/auth/oidc/start?slug=${agency.slug}`, person(`someone@elsewhere-${process.pid}.test`)),
      403,
      M.sso.refused.domain,
      'domain',
    );
  });

  it('an ID token whose issuer is not the configured one', async () => {
    const relay = await relayFor(provider);
    try {
      // The relay's discovery names the relay as issuer; the provider signs its tokens as itself.
      await app.database.db.ssoConnection.updateMany({
        where: { businessId: agency.businessId, audience: 'staff' },
        data: { issuer: relay.issuer },
      });
      await expectRefused(() => signIn(staffStart(email()), person(email())), 403, /issuer|"iss"/, 'token');
    } finally {
      await saveStaff();
      await relay.close();
    }
  });

  it('an ID token for another client (wrong audience)', async () => {
    // A provider behind a proxy that redeems codes as another client: the ID token it hands on is for that client.
    const behind = await startOidcProvider(app.baseUrl, [agency.slug], { tokenAs: OTHER_CLIENT });
    try {
      await app.database.db.ssoConnection.updateMany({
        where: { businessId: agency.businessId, audience: 'staff' },
        data: { issuer: behind.issuer },
      });
      // The code is issued to the other client; the relay redeems it as that client: the provider's ID token names it.
      await expectRefused(
        async () => {
          const login = person(email());
          behind.accounts.set(login, provider.accounts.get(login)!);
          const authorize = new URL(await start(staffStart(email())));
          authorize.searchParams.set('client_id', OTHER_CLIENT.id);
          const callback = await signInAtProvider(authorize.href, login);
          const res = await fetch(callback, { redirect: 'manual' });
          return { res, body: await res.text() };
        },
        403,
        /"aud"|audience/,
        'token',
      );
    } finally {
      await saveStaff();
      await behind.close();
    }
  });
});

describe('require SSO, and the break-glass owner sign-in', () => {
  beforeAll(() => saveStaff({ required: true }));
  afterAll(() => saveStaff({ required: false }));

  it('turns password sign-in off for the team', async () => {
    const member = await addStaff(app, agency, 'member');
    const error = await trpcClient(app.baseUrl)
      .auth.login.mutate({ email: member.email, password: member.password })
      .catch((e: unknown) => e);
    expect(refusal(error)).toEqual({ code: 'FORBIDDEN', httpStatus: 403 });
    expect((error as Error).message).toBe(M.sso.passwordOff);
  });

  it('lets an owner in with a password, logged and e-mailed to every owner', async () => {
    const second = await addStaff(app, agency, 'owner');
    const logs = captureLogs();
    let answer: unknown;
    try {
      answer = await trpcClient(app.baseUrl).auth.login.mutate({ email: agency.email, password: agency.password });
    } finally {
      logs.stop();
    }
    const token = (answer as { authToken: string }).authToken;
    expect((await app.database.db.session.findUniqueOrThrow({ where: { id: hashToken(token) } })).method).toBe(
      'break_glass',
    );
    expect(logs.entries().find((e) => e.msg === 'sso: break-glass password sign-in by an owner')).toMatchObject({
      level: 'warn',
      userId: agency.userId,
    });
    const entry = await app.database.db.activity.findFirstOrThrow({
      where: { businessId: agency.businessId, entityType: 'team', action: 'signed_in', entityId: agency.userId },
      orderBy: { id: 'desc' },
    });
    expect(JSON.parse(entry.changes)).toEqual([{ field: 'method', from: null, to: 'break_glass' }]);
    for (const address of [agency.email, second.email]) {
      const mail = await smtp.waitFor(address);
      expect(mail.subject).toBe(M.sso.breakGlassSubject(agency.name));
      expect(mail.text).toContain(agency.email);
    }
  });
});

describe('deprovisioning', () => {
  beforeAll(() => saveStaff());

  it('blocks a user the provider no longer vouches for, ending their sessions and API tokens at once', async () => {
    const email = `leaver-${process.pid}@${STAFF_DOMAIN}`;
    const login = person(email);
    const first = await signIn(staffStart(email), login);
    expect(first.res.status).toBe(302);
    const user = await app.database.db.user.findUniqueOrThrow({ where: { email } });
    const session = cookieOf(first.res, SESSION.staffCookie)!;
    const { token: apiToken } = await addApiToken(app, agency.businessId, user.id);
    expect(await trpcClient(app.baseUrl, { token: apiToken }).auth.me.query()).toMatchObject({ id: user.id });

    // The provider moved them out of the agency's domain (they left).
    provider.accounts.set(login, { email: `leaver@personal-${process.pid}.test`, email_verified: true });
    await expectRefused(() => signIn(staffStart(email), login), 403, M.sso.refused.domain, 'domain');

    expect((await app.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).blockedAt).not.toBeNull();
    for (const token of [session, apiToken]) {
      const error = await trpcClient(app.baseUrl, { token })
        .auth.me.query()
        .catch((e: unknown) => e);
      expect(refusal(error)).toEqual({ code: 'UNAUTHORIZED', httpStatus: 401 });
    }
    // Back in the domain: still blocked until the owner unblocks them.
    provider.accounts.set(login, { email, email_verified: true });
    await expectRefused(() => signIn(staffStart(email), login), 403, M.sso.refused.blocked, 'blocked');
    expect((await owner.sso.settings.query()).blockedUsers.map((u) => u.id)).toContain(user.id);
    await owner.sso.unblock.mutate({ userId: user.id });
    expect((await signIn(staffStart(email), login)).res.status).toBe(302);
  });
});

describe('client sign-in', () => {
  beforeAll(() => saveClient());

  it('signs an existing contact with portal access in, matched by verified e-mail', async () => {
    const email = `pat-${process.pid}@${CLIENT_DOMAIN}`;
    await app.database.db.contact.update({ where: { id: agency.portal.contactId }, data: { email } });
    const { res } = await signIn(portalStart(), person(email));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/portal/${agency.slug}/dashboard`);
    const token = cookieOf(res, SESSION.portalCookie)!;
    const me = await trpcClient(app.baseUrl, { portalCookie: token, origin: app.baseUrl }).portalAuth.me.query();
    expect(me).toMatchObject({ id: agency.portal.contactId, email });
    // The same sign-in entry as a password sign-in.
    expect(
      await app.database.db.activity.count({
        where: { businessId: agency.businessId, entityType: 'portal', action: 'signed_in', actorContactId: me.id },
      }),
    ).toBeGreaterThan(0);
  });

  it('creates an unknown person of an allowed domain as a contact of the chosen company', async () => {
    const email = `newcomer-${process.pid}@${CLIENT_DOMAIN}`;
    const { res } = await signIn(portalStart(), person(email));
    expect(res.status).toBe(302);
    const contact = await app.database.db.contact.findFirstOrThrow({ where: { businessId: agency.businessId, email } });
    expect(contact).toMatchObject({ companyId: agency.companies[0].id, portalAccess: true, firstName: 'Robin' });
  });

  it('refuses a contact without portal access, and a domain outside the allow-list', async () => {
    const email = `noaccess-${process.pid}@${CLIENT_DOMAIN}`;
    await app.database.db.contact.create({
      data: {
        businessId: agency.businessId,
        companyId: agency.companies[0].id,
        firstName: 'No',
        lastName: 'Access',
        email,
      },
    });
    await expectRefused(
      () => signIn(portalStart(), person(email)),
      403,
      M.sso.refused.noPortalAccess,
      'noPortalAccess',
    );
    await expectRefused(
      () => signIn(portalStart(), person(`x@elsewhere-${process.pid}.test`)),
      403,
      M.sso.refused.domain,
      'domain',
    );
  });

  it('refuses a staff flow’s answer at the portal’s callback', async () => {
    const email = `crossed-${process.pid}@${STAFF_DOMAIN}`;
    await expectRefused(
      () =>
        signIn(staffStart(email), person(email), (callback) => {
          callback.pathname = `/auth/portal/oidc/${agency.slug}/callback`;
        }),
      400,
      M.sso.refused.state,
      'state',
    );
  });

  it('tells the portal’s sign-in page to show the button', async () => {
    expect(await trpcClient(app.baseUrl).sso.clientOption.query({ slug: agency.slug })).toEqual({
      enabled: true,
      providerName: M.sso.providerFallback,
      passwordOff: false,
    });
  });
});

describe('Test connection', () => {
  beforeEach(() => saveStaff({ enabled: false }));
  afterAll(() => saveStaff());

  it('runs the whole flow (even while the button is off) and reports what the provider sent', async () => {
    const { testId, url } = await owner.sso.startTest.mutate({ audience: 'staff' });
    expect(await owner.sso.testResult.query({ test: testId })).toMatchObject({ done: false });
    const callback = await signInAtProvider(url, person(`tester@${STAFF_DOMAIN}`));
    const before = await sessionCount();
    const res = await fetch(callback, { redirect: 'manual' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(M.sso.testDoneTitle);
    expect(await sessionCount()).toBe(before);
    const result = await owner.sso.testResult.query({ test: testId });
    expect(result).toMatchObject({ done: true, ok: true, error: null });
    expect(result.claims).toMatchObject({
      email: `tester@${STAFF_DOMAIN}`,
      email_verified: true,
      iss: provider.issuer,
    });
  });

  it('reports why it was refused', async () => {
    const { testId, url } = await owner.sso.startTest.mutate({ audience: 'staff' });
    await fetch(await signInAtProvider(url, person(`tester@${STAFF_DOMAIN}`, false)), { redirect: 'manual' });
    expect(await owner.sso.testResult.query({ test: testId })).toMatchObject({
      done: true,
      ok: false,
      error: M.sso.refused.unverified,
    });
  });
});
