/**
 * Portal sign-in by an e-mailed link (issue 32), against a real SMTP server in this process (tests/support/smtp.ts):
 * the request answers the same for every address, the mail carries a single-use link valid 15 minutes whose token
 * is stored only as a hash, opening the link's check never spends it, signing in does; throttled per e-mail and per
 * client address; and the agency's "links only" policy refuses every portal password.
 * Requests come from addresses of their own (X-Forwarded-For; the app trusts loopback proxies), so the throttle
 * counts of one test never meet another's.
 */
import { createTRPCClient, httpLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION } from '../../shared/constants';
import { M } from '../../shared/messages';
import { hashPassword } from '../../server/auth/password';
import { hashToken } from '../../server/auth/tokens';
import { redactPath, redactText } from '../../server/log';
import type { AppRouter } from '../../server/routers/_app';
import { addCompanyTree, createAgency, type Agency } from '../support/agencies';
import { startApp, type Reply, type TestApp } from '../support/app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../support/smtp';
import { addStaff } from '../support/staff';
import { refusal, trpcClient } from '../support/trpc';

const PASSWORD = 'portal client password';

let n = 0;
const freshAddress = () => `198.18.${process.pid % 250}.${n++ % 250}`;

let smtp: TestSmtpServer;
let app: TestApp;
let agency: Agency;
let other: Agency;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(undefined, { smtpUrl: smtp.url });
  agency = await createAgency(app, ['Linden Labs']);
  other = await createAgency(app, ['Oak Outfitters']);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** A REST call from a client address of its own. */
async function rest(method: string, path: string, body?: unknown, from = freshAddress()): Promise<Reply> {
  const headers: Record<string, string> = { 'x-forwarded-for': from };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(app.baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

/** The app's tRPC client from a client address of its own (optionally with a portal session). */
const portalTrpc = (from = freshAddress(), token?: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({
        url: `${app.baseUrl}/trpc`,
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
const linkPath = (slug: string) => `/portal/${slug}/magic/`;
const tokenIn = (mail: ReceivedMail, slug = agency.slug) =>
  decodeURIComponent(new URL(smtp.linkIn(mail, linkPath(slug))).pathname.split('/').pop()!);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The count-th mail to an address (tests ask several times for one address), within 10 seconds. */
async function nextMailTo(address: string, count: number) {
  for (let waited = 0; mailsTo(address).length < count; waited += 25) {
    if (waited > 10_000) throw new Error(`no mail number ${count} to ${address}`);
    await pause(25);
  }
  return mailsTo(address)[count - 1];
}

/** A contact of the agency with portal access; with a portal password unless withPassword is false. */
async function portalContact(owner = agency, { withPassword = true } = {}) {
  const db = app.database.db;
  const tree = await addCompanyTree(db, owner.businessId, owner.userId, `Linked ${n++}`);
  return db.contact.update({
    where: { id: tree.contact[0] },
    data: {
      portalAccess: true,
      email: `link-${Date.now().toString(36)}-${n++}@client.test`,
      ...(withPassword ? { portalPasswordHash: await hashPassword(PASSWORD) } : {}),
    },
  });
}

const ask = (email: string, slug = agency.slug, from?: string) =>
  rest('POST', '/auth/portal/v1/magic-link', { slug, email }, from);

describe('"Email me a sign-in link" (POST /auth/portal/v1/magic-link)', () => {
  it('mails a single-use link (only its hash stored, valid 15 minutes) to a contact with access, password or not, and answers the same, with no mail, for every other address', async () => {
    const db = app.database.db;
    const withPassword = await portalContact();
    const noPassword = await portalContact(agency, { withPassword: false });
    const noAccess = await db.contact.update({
      where: { id: (await portalContact()).id },
      data: { portalAccess: false },
    });
    const archived = await portalContact();
    await db.company.update({ where: { id: archived.companyId! }, data: { archivedAt: new Date() } });
    const asked = [
      [withPassword.email, agency.slug],
      [noPassword.email, agency.slug],
      [`nobody-${n++}@client.test`, agency.slug], // unknown address
      [withPassword.email, other.slug], // another portal's slug
      [withPassword.email, 'nosuchportal'],
      [noAccess.email, agency.slug],
      [archived.email, agency.slug],
    ] as const;
    const replies: Reply[] = [];
    for (const [email, slug] of asked) replies.push(await ask(email, slug));
    expect(replies.map((r) => [r.status, r.body])).toEqual(
      asked.map(() => [200, { ok: true, email_configured: true }]),
    );

    for (const contact of [withPassword, noPassword]) {
      const mail = await smtp.waitFor(contact.email);
      expect(mail.subject).toBe(M.magicLink.mailSubject(agency.name));
      expect(mail.text).toContain('valid for 15 minutes');
      const token = tokenIn(mail);
      const rows = await db.portalMagicLink.findMany({ where: { contactId: contact.id } });
      // Only the SHA-256 of the token is stored: the database holds no usable link.
      expect(rows.map((r) => r.id)).toEqual([hashToken(token)]);
      expect(JSON.stringify(rows)).not.toContain(token);
      const lifetime = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
      expect(lifetime).toBe(15 * 60 * 1000);
    }
    // Nothing for the others (the reply came before the look-up: give a stray mail the time to arrive).
    await pause(300);
    expect(mailsTo(withPassword.email)).toHaveLength(1);
    for (const contact of [noAccess, archived]) {
      expect(mailsTo(contact.email)).toHaveLength(0);
      expect(await db.portalMagicLink.count({ where: { contactId: contact.id } })).toBe(0);
    }
    // A link in a mail that is logged instead of sent, and the link page's address in an access log, are masked.
    const url = smtp.linkIn(mailsTo(noPassword.email)[0], linkPath(agency.slug));
    const token = tokenIn(mailsTo(noPassword.email)[0]);
    expect(redactText(`open ${url}`)).not.toContain(token);
    expect(redactPath(new URL(url).pathname)).toBe(`/portal/${agency.slug}/magic/:token`);
    expect(redactPath(`/auth/portal/v1/magic-link/${agency.slug}/${token}`)).toBe(
      `/auth/portal/v1/magic-link/${agency.slug}/:token`,
    );
  });

  it('signs a contact without a password in: reading the link never spends it, the button does, once', async () => {
    const db = app.database.db;
    const contact = await portalContact(agency, { withPassword: false });
    await ask(contact.email);
    const token = tokenIn(await smtp.waitFor(contact.email));

    // Opening the page (a person, or a mail scanner) reads it, any number of times.
    for (let i = 0; i < 2; i++) {
      const check = await rest('GET', `/auth/portal/v1/magic-link/${agency.slug}/${token}`);
      expect([check.status, check.body]).toEqual([200, { email: contact.email, business_name: agency.name }]);
    }
    // Another agency's slug does not know it; nor is it an invite or a reset link.
    expect(await outcome(portalTrpc().portalAuth.checkMagicLink.query({ slug: other.slug, token }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.magicLink.invalid,
    });
    expect(await outcome(portalTrpc().portalAuth.inviteInfo.query({ slug: agency.slug, token }))).toMatchObject({
      code: 'NOT_FOUND',
    });

    const signIn = await rest('POST', '/auth/portal/v1/magic-link/sign-in', { slug: agency.slug, token });
    expect(signIn.status).toBe(200);
    const authToken = signIn.body.authToken as string;
    expect(signIn.headers.get('set-cookie')).toContain(`${SESSION.portalCookie}=${authToken}`);
    expect(await portalTrpc(freshAddress(), authToken).portalAuth.me.query()).toMatchObject({
      id: contact.id,
      companyId: contact.companyId,
    });
    const [link] = await db.portalMagicLink.findMany({ where: { contactId: contact.id } });
    expect(link.usedAt).not.toBeNull();
    // The sign-in is in the activity, for the client's company to see like a password sign-in.
    expect(
      await db.activity.count({
        where: { businessId: agency.businessId, actorContactId: contact.id, action: 'signed_in' },
      }),
    ).toBe(1);

    // A second use, by the check or the button, is refused: the link worked once.
    const used = { code: 'CONFLICT', httpStatus: 409, message: M.magicLink.used };
    expect(await outcome(portalTrpc().portalAuth.checkMagicLink.query({ slug: agency.slug, token }))).toEqual(used);
    expect(await outcome(portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token }))).toEqual(used);
    expect(await db.portalSession.count({ where: { contactId: contact.id } })).toBe(1);
  });

  it('lets one of two requests racing with the same link sign in, and voids the contact’s other unused links', async () => {
    const db = app.database.db;
    const contact = await portalContact();
    await ask(contact.email);
    await ask(contact.email);
    const first = tokenIn(await nextMailTo(contact.email, 1));
    const second = tokenIn(await nextMailTo(contact.email, 2));
    const racing = await Promise.all(
      [0, 1, 2].map(() =>
        outcome(portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token: first })),
      ),
    );
    expect(racing.filter((r) => !('code' in r))).toHaveLength(1);
    expect(racing.filter((r) => 'code' in r)).toEqual([
      expect.objectContaining({ code: 'CONFLICT' }),
      expect.objectContaining({ code: 'CONFLICT' }),
    ]);
    expect(await db.portalSession.count({ where: { contactId: contact.id } })).toBe(1);
    expect(
      await outcome(portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token: second })),
    ).toEqual({ code: 'NOT_FOUND', httpStatus: 404, message: M.magicLink.invalid });
  });

  it('refuses an expired link (412) and one whose contact lost access meanwhile (403), signing nobody in', async () => {
    const db = app.database.db;
    const contact = await portalContact();
    await ask(contact.email);
    const token = tokenIn(await smtp.waitFor(contact.email));
    await db.portalMagicLink.update({ where: { id: hashToken(token) }, data: { expiresAt: new Date(Date.now() - 1) } });
    const expired = { code: 'PRECONDITION_FAILED', httpStatus: 412, message: M.magicLink.expired };
    expect(await outcome(portalTrpc().portalAuth.checkMagicLink.query({ slug: agency.slug, token }))).toEqual(expired);
    expect(await outcome(portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token }))).toEqual(
      expired,
    );

    await db.portalMagicLink.update({
      where: { id: hashToken(token) },
      data: { expiresAt: new Date(Date.now() + 60_000) },
    });
    await db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    expect(await outcome(portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.portalAuth.noAccess,
    });
    expect(await db.portalSession.count({ where: { contactId: contact.id } })).toBe(0);
    expect((await db.portalMagicLink.findUniqueOrThrow({ where: { id: hashToken(token) } })).usedAt).toBeNull();
  });

  it('is throttled per e-mail at the portal (429 alike for a known and an unknown address) and per client address', async () => {
    const contact = await portalContact();
    const unknown = `nobody-${n++}@client.test`;
    for (const email of [contact.email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await ask(email)).status).toBe(200);
      const refused = await ask(email);
      expect([refused.status, refused.body.message]).toEqual([429, M.magicLink.throttled]);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await nextMailTo(contact.email, 3)).toBeDefined();
    expect(mailsTo(contact.email)).toHaveLength(3);
    // One client address, ten different e-mails, then refused; another address is not.
    const from = freshAddress();
    for (let i = 0; i < 10; i++) expect((await ask(`walker-${n++}@client.test`, agency.slug, from)).status).toBe(200);
    expect((await ask(`walker-${n++}@client.test`, agency.slug, from)).status).toBe(429);
    expect((await ask(`walker-${n++}@client.test`)).status).toBe(200);
  });

  it('refuses bad input with 400 (no slug, a malformed e-mail, an over-long token) and writes nothing', async () => {
    const before = await app.database.db.portalMagicLink.count();
    expect(
      (await rest('POST', '/auth/portal/v1/magic-link', { slug: agency.slug, email: 'not-an-email' })).status,
    ).toBe(400);
    expect((await rest('POST', '/auth/portal/v1/magic-link', { email: 'a@b.test' })).status).toBe(400);
    expect(
      (await rest('POST', '/auth/portal/v1/magic-link/sign-in', { slug: agency.slug, token: 'x'.repeat(101) })).status,
    ).toBe(400);
    expect(await app.database.db.portalMagicLink.count()).toBe(before);
  });
});

describe('links only: Business.clientMagicLinkOnly (Account → Security, owner)', () => {
  it('refuses every portal password with a clear message while links still sign in, and a password works again once off', async () => {
    const contact = await portalContact();
    const owner = trpcClient(app.baseUrl, { token: agency.token });
    expect(await owner.security.updatePolicy.mutate({ clientMagicLinkOnly: true })).toMatchObject({
      clientMagicLinkOnly: true,
    });
    expect((await rest('GET', `/api/business/branding/${agency.slug}`)).body).toMatchObject({ magicLinkOnly: true });
    try {
      // The right password, a wrong one, an unknown address: one refusal, which says what to do instead.
      for (const [email, password] of [
        [contact.email, PASSWORD],
        [contact.email, 'wrong password'],
        [`nobody-${n++}@client.test`, PASSWORD],
      ]) {
        const res = await rest('POST', '/auth/portal/v1/login', { slug: agency.slug, email, password });
        expect([res.status, res.body.message]).toEqual([403, M.magicLink.passwordOff]);
      }
      // Another agency's portal is not affected.
      expect(
        (
          await rest('POST', '/auth/portal/v1/login', {
            slug: other.slug,
            email: other.portal.email,
            password: other.portal.password,
          })
        ).status,
      ).toBe(200);
      await ask(contact.email);
      const token = tokenIn(await smtp.waitFor(contact.email));
      expect(await portalTrpc().portalAuth.consumeMagicLink.mutate({ slug: agency.slug, token })).toEqual({
        authToken: expect.any(String),
      });
    } finally {
      await owner.security.updatePolicy.mutate({ clientMagicLinkOnly: false });
    }
    const res = await rest('POST', '/auth/portal/v1/login', {
      slug: agency.slug,
      email: contact.email,
      password: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect((await rest('GET', `/api/business/branding/${agency.slug}`)).body).toMatchObject({ magicLinkOnly: false });
  });

  it('is the owner’s alone (admins and members 403, nothing changes) and is logged in the activity', async () => {
    const db = app.database.db;
    for (const role of ['admin', 'member'] as const) {
      const staff = await addStaff(app, agency, role);
      const res = await fetch(`${app.baseUrl}/api/business/sign-in-policy`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staff.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ clientMagicLinkOnly: true }),
      });
      expect(res.status).toBe(403);
    }
    expect((await db.business.findUniqueOrThrow({ where: { id: agency.businessId } })).clientMagicLinkOnly).toBe(false);
    const owner = trpcClient(app.baseUrl, { token: agency.token });
    await owner.security.updatePolicy.mutate({ clientMagicLinkOnly: true });
    await owner.security.updatePolicy.mutate({ clientMagicLinkOnly: false });
    const entries = await db.activity.findMany({
      where: { businessId: agency.businessId, entityType: 'business', actorUserId: agency.userId },
      orderBy: { id: 'desc' },
      take: 2,
    });
    expect(entries.map((e) => e.changes)).toEqual([
      expect.stringContaining('clientMagicLinkOnly'),
      expect.stringContaining('clientMagicLinkOnly'),
    ]);
  });

  it('cannot be turned on without outgoing e-mail (412): no client could receive a link', async () => {
    const noMail = await startApp();
    try {
      const agencyWithoutMail = await createAgency(noMail, ['Mailless Media']);
      const owner = trpcClient(noMail.baseUrl, { token: agencyWithoutMail.token });
      expect(await outcome(owner.security.updatePolicy.mutate({ clientMagicLinkOnly: true }))).toEqual({
        code: 'PRECONDITION_FAILED',
        httpStatus: 412,
        message: M.security.magicOnlyNeedsMail,
      });
      expect(await owner.security.policy.query()).toMatchObject({ clientMagicLinkOnly: false, emailConfigured: false });
      // Asking for a link says mail is not set up, and writes none.
      expect(
        await trpcClient(noMail.baseUrl).portalAuth.requestMagicLink.mutate({
          slug: agencyWithoutMail.slug,
          email: agencyWithoutMail.portal.email,
        }),
      ).toEqual({ ok: true, emailConfigured: false });
    } finally {
      await noMail.close();
    }
  });
});
