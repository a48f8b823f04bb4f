/**
 * The team: members and roles, staff invites by e-mail (a real SMTP server receives them), accepting an invite,
 * role changes and removal (one transaction that clears the removed user's NO ACTION links first).
 * Roles follow shared/permissions.ts; tests/integration/role-matrix.test.ts checks every permission-checked procedure.
 */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createStaffSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { STAFF_INVITE_LIFETIME_MS } from '../../server/domain/team';
import { addCompanyTree, createAgency, type Agency } from '../support/agencies';
import { client, startApp, type Reply, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { addApiToken, addStaff, type StaffUser } from '../support/staff';
import { trpcClient, type TrpcClient } from '../support/trpc';

const NEW_PASSWORD = 'quiet meadow lantern 5150';

let smtp: TestSmtpServer;
let app: TestApp;
let a: Agency;
let b: Agency;
let owner: TrpcClient;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Agency A's owner sends more invites than the default hourly budget: lifted here, tested with a small one below.
  app = await startApp(undefined, {
    smtpUrl: smtp.url,
    env: { INVITES_PER_AGENCY_PER_HOUR: '10000', INVITES_PER_USER_PER_HOUR: '10000' },
  });
  api = client(app.baseUrl);
  a = await createAgency(app, ['Alder Architects']);
  b = await createAgency(app, ['Birch Bakery']);
  owner = trpcClient(app.baseUrl, { token: a.token });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

/** How a call was refused: code, status and message; {} when it succeeded. */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return { code: error.data?.code, httpStatus: error.data?.httpStatus, message: error.message };
    },
  );

const as = (user: { token: string }) => trpcClient(app.baseUrl, { token: user.token });
const tokenOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop()!);
let emails = 0;
const freshEmail = (name = 'invitee') => `${name}-${process.pid}-${Date.now().toString(36)}-${emails++}@newhire.test`;

describe('team.list', () => {
  it("lists the agency's staff with their roles, never another agency's, to every member", async () => {
    const member = await addStaff(app, a, 'member', 'Aaron');
    const list = await as(member).team.list.query();
    expect(list.map((u) => u.id)).toContain(a.userId);
    expect(list.find((u) => u.id === member.id)).toMatchObject({
      role: 'member',
      email: member.email,
      firstName: 'Aaron',
    });
    expect(list.find((u) => u.id === a.userId)).toMatchObject({ role: 'owner' });
    expect(list.some((u) => u.id === b.userId)).toBe(false);
  });

  it('answers GET /api/team with roles (the task assignee picker reads the same list)', async () => {
    const res = await api.get('/api/team', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.find((u: { id: number }) => u.id === a.userId)).toMatchObject({
      id: a.userId,
      email: a.email,
      role: 'owner',
    });
  });
});

describe('invites', () => {
  it('mails a one-time link that signs the invited person in as a new staff user of the agency', async () => {
    const email = freshEmail();
    const link = await owner.team.invite.mutate({ email: email.toUpperCase(), role: 'admin' });
    expect(link).toMatchObject({ email, emailed: true, emailConfigured: true });
    expect(link.expiresAt.getTime() - Date.now()).toBeGreaterThan(STAFF_INVITE_LIFETIME_MS - 60_000);
    expect(new URL(link.url).pathname).toMatch(/^\/hub\/invite\/[a-z2-7]{32}$/);

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toBe(M.staffInvite.mailSubject(a.name));
    expect(mail.text).toContain(`${a.name}`);
    expect(smtp.linkIn(mail, '/hub/invite/')).toBe(link.url);

    // Only the token's hash is stored.
    const token = tokenOf(link.url);
    const row = await app.database.db.staffInvite.findFirstOrThrow({ where: { id: link.id } });
    expect(row).toMatchObject({
      businessId: a.businessId,
      email,
      role: 'admin',
      tokenHash: hashToken(token),
      usedAt: null,
      invitedById: a.userId,
    });
    expect(JSON.stringify(row)).not.toContain(token);

    const pending = await owner.team.invites.query();
    expect(pending.find((i) => i.id === link.id)).toMatchObject({ email, role: 'admin', invitedBy: { id: a.userId } });

    const visitor = trpcClient(app.baseUrl);
    expect(await visitor.staffInvite.info.query({ token })).toEqual({
      email,
      role: 'admin',
      businessName: a.name,
      invitedBy: expect.any(String),
      emailHasAccount: false,
    });
    const { authToken } = await visitor.staffInvite.accept.mutate({
      token,
      firstName: 'Grace',
      lastName: 'Hopper',
      password: NEW_PASSWORD,
    });

    const me = await trpcClient(app.baseUrl, { token: authToken }).auth.me.query();
    expect(me).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      role: 'admin',
      business: { id: a.businessId, slug: a.slug },
    });
    // …and can sign in with the password they chose.
    const login = await api.post('/auth/v1/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);

    // The link worked once.
    expect(await failure(visitor.staffInvite.info.query({ token }))).toEqual({
      code: 'CONFLICT',
      httpStatus: 409,
      message: M.staffInvite.used,
    });
    expect(
      await failure(
        visitor.staffInvite.accept.mutate({ token, firstName: 'X', lastName: 'Y', password: NEW_PASSWORD }),
      ),
    ).toMatchObject({ code: 'CONFLICT', message: M.staffInvite.used });
    expect((await owner.team.invites.query()).some((i) => i.id === link.id)).toBe(false);
    expect((await owner.team.list.query()).find((u) => u.email === email)).toMatchObject({ role: 'admin' });
  });

  it('sets the accept cookie for a browser, and refuses a weak password or missing names with the sign-up messages', async () => {
    const link = await owner.team.invite.mutate({ email: freshEmail(), role: 'member' });
    const token = tokenOf(link.url);
    const weak = await api.post('/trpc/staffInvite.accept', {
      json: { token, firstName: 'Ann', lastName: 'Lee', password: 'password1' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error.json.message).toBe(M.signup.passwordTooWeak);
    const short = await failure(
      trpcClient(app.baseUrl).staffInvite.accept.mutate({ token, firstName: '', lastName: 'Lee', password: 'short' }),
    );
    expect(short).toMatchObject({ code: 'BAD_REQUEST', message: M.signup.firstNameRequired });

    const ok = await fetch(`${app.baseUrl}/trpc/staffInvite.accept`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { token, firstName: 'Ann', lastName: 'Lee', password: NEW_PASSWORD } }),
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('set-cookie')).toMatch(/^cf_session=[a-z2-7]{32};.*HttpOnly/i);
  });

  it('refuses an address that is already a member of this agency with a clear 409', async () => {
    const colleague = await addStaff(app, a, 'member');
    for (const email of [a.email, colleague.email]) {
      expect(await failure(owner.team.invite.mutate({ email, role: 'member' }))).toEqual({
        code: 'CONFLICT',
        httpStatus: 409,
        message: M.team.alreadyMember,
      });
    }
    const rest = await api.post(
      '/api/team/invites',
      { email: colleague.email.toUpperCase(), role: 'admin' },
      { token: a.token },
    );
    expect(rest).toMatchObject({ status: 409, body: { message: M.team.alreadyMember } });
    expect(await app.database.db.staffInvite.count({ where: { email: colleague.email } })).toBe(0);
  });

  it("invites another agency's member exactly like a fresh address (no account oracle); the invite page tells them, and accepting creates nothing", async () => {
    const [fresh, taken] = [freshEmail(), b.email];
    const replies: Reply[] = [];
    for (const email of [fresh, taken])
      replies.push(await api.post('/api/team/invites', { email, role: 'member' }, { token: a.token }));
    /** Everything of a reply but its values that must differ (the address, the invite's id, the link's token, the time). */
    const shape = (r: Reply) => ({
      status: r.status,
      keys: Object.keys(r.body),
      emailed: r.body.emailed,
      emailConfigured: r.body.emailConfigured,
      path: new URL(r.body.url).pathname.replace(/[^/]+$/, '{token}'),
      expiresIn: Math.round((Date.parse(r.body.expiresAt) - Date.now()) / 60_000),
    });
    expect(shape(replies[1])).toEqual(shape(replies[0]));
    expect(replies[1]).toMatchObject({ status: 201, body: { email: taken, emailed: true } });
    // Both are mailed, with A's text, and a new link for either answers alike too.
    for (const reply of replies)
      expect(
        smtp.received.some((m) => m.subject === M.staffInvite.mailSubject(a.name) && m.text.includes(reply.body.url)),
      ).toBe(true);
    const renewed = await Promise.all(
      replies.map((r) => api.post(`/api/team/invites/${r.body.id}/renew`, undefined, { token: a.token })),
    );
    expect(shape(renewed[1])).toEqual({ ...shape(renewed[0]), status: 200 });

    const visitor = trpcClient(app.baseUrl);
    const [freshToken, takenToken] = renewed.map((r) => tokenOf(r.body.url));
    expect(await visitor.staffInvite.info.query({ token: freshToken })).toMatchObject({
      email: fresh,
      emailHasAccount: false,
    });
    expect(await visitor.staffInvite.info.query({ token: takenToken })).toMatchObject({
      email: taken,
      businessName: a.name,
      emailHasAccount: true,
    });
    const refused = await failure(
      visitor.staffInvite.accept.mutate({
        token: takenToken,
        firstName: 'Bea',
        lastName: 'Twice',
        password: NEW_PASSWORD,
      }),
    );
    expect(refused).toEqual({ code: 'CONFLICT', httpStatus: 409, message: M.staffInvite.emailHasAccount });
    expect(
      await app.database.db.user.findMany({
        where: { email: taken },
        select: { id: true, businessId: true, firstName: true },
      }),
    ).toEqual([{ id: b.userId, businessId: b.businessId, firstName: expect.not.stringMatching(/^Bea$/) }]);
    expect(await app.database.db.staffInvite.findUniqueOrThrow({ where: { id: replies[1].body.id } })).toMatchObject({
      usedAt: null,
    });
    expect(
      await app.database.db.activity.count({
        where: { businessId: a.businessId, action: 'invite_accepted', entityName: { contains: 'Twice' } },
      }),
    ).toBe(0);
  });

  it('refuses to accept when the address got an account after the invite (and the link stays unused)', async () => {
    const email = freshEmail();
    const link = await owner.team.invite.mutate({ email, role: 'member' });
    // The same person joins agency B first.
    const other = await trpcClient(app.baseUrl, { token: b.token }).team.invite.mutate({ email, role: 'member' });
    await trpcClient(app.baseUrl).staffInvite.accept.mutate({
      token: tokenOf(other.url),
      firstName: 'Bo',
      lastName: 'B',
      password: NEW_PASSWORD,
    });
    expect(await trpcClient(app.baseUrl).staffInvite.info.query({ token: tokenOf(link.url) })).toMatchObject({
      email,
      emailHasAccount: true,
    });
    const refused = await failure(
      trpcClient(app.baseUrl).staffInvite.accept.mutate({
        token: tokenOf(link.url),
        firstName: 'Bo',
        lastName: 'A',
        password: NEW_PASSWORD,
      }),
    );
    expect(refused).toEqual({ code: 'CONFLICT', httpStatus: 409, message: M.staffInvite.emailHasAccount });
    expect(await app.database.db.staffInvite.findUniqueOrThrow({ where: { id: link.id } })).toMatchObject({
      usedAt: null,
    });
  });

  it('tells an unknown, expired, revoked or replaced link apart', async () => {
    const visitor = trpcClient(app.baseUrl);
    expect(await failure(visitor.staffInvite.info.query({ token: 'nosuchtoken' }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.staffInvite.invalid,
    });

    const expired = await owner.team.invite.mutate({ email: freshEmail(), role: 'member' });
    await app.database.db.staffInvite.update({
      where: { id: expired.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expiredToken = tokenOf(expired.url);
    expect(await failure(visitor.staffInvite.info.query({ token: expiredToken }))).toEqual({
      code: 'PRECONDITION_FAILED',
      httpStatus: 412,
      message: M.staffInvite.expired,
    });
    expect(
      await failure(
        visitor.staffInvite.accept.mutate({
          token: expiredToken,
          firstName: 'E',
          lastName: 'X',
          password: NEW_PASSWORD,
        }),
      ),
    ).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect((await owner.team.invites.query()).find((i) => i.id === expired.id)).toBeDefined();

    // A new link for it works; the earlier one is unknown from then on.
    const renewed = await owner.team.renewInvite.mutate({ inviteId: expired.id });
    expect(renewed).toMatchObject({ id: expired.id, emailed: true });
    expect(renewed.url).not.toBe(expired.url);
    expect(await visitor.staffInvite.info.query({ token: tokenOf(renewed.url) })).toMatchObject({ role: 'member' });
    expect(await failure(visitor.staffInvite.info.query({ token: expiredToken }))).toMatchObject({ code: 'NOT_FOUND' });

    // Inviting the same address again replaces the earlier invite.
    const again = await owner.team.invite.mutate({ email: renewed.email, role: 'admin' });
    expect(await failure(visitor.staffInvite.info.query({ token: tokenOf(renewed.url) }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await visitor.staffInvite.info.query({ token: tokenOf(again.url) })).toMatchObject({ role: 'admin' });

    await owner.team.revokeInvite.mutate({ inviteId: again.id });
    expect(await failure(visitor.staffInvite.info.query({ token: tokenOf(again.url) }))).toMatchObject({
      code: 'NOT_FOUND',
      message: M.staffInvite.invalid,
    });
    expect(await failure(owner.team.revokeInvite.mutate({ inviteId: again.id }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.team.inviteNotFound,
    });
  });

  it("never reaches another agency's invites", async () => {
    const theirs = await trpcClient(app.baseUrl, { token: b.token }).team.invite.mutate({
      email: freshEmail(),
      role: 'member',
    });
    expect(await failure(owner.team.revokeInvite.mutate({ inviteId: theirs.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure(owner.team.renewInvite.mutate({ inviteId: theirs.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await owner.team.invites.query()).some((i) => i.id === theirs.id)).toBe(false);
    expect(await app.database.db.staffInvite.findUnique({ where: { id: theirs.id } })).toMatchObject({ usedAt: null });
  });

  it('lets one of two accepts at the same moment win; the other is told the link was used', async () => {
    const link = await owner.team.invite.mutate({ email: freshEmail(), role: 'member' });
    const token = tokenOf(link.url);
    const visitor = trpcClient(app.baseUrl);
    const outcomes = await Promise.all(
      [0, 1].map((i) =>
        failure(
          visitor.staffInvite.accept.mutate({ token, firstName: `Twin${i}`, lastName: 'T', password: NEW_PASSWORD }),
        ),
      ),
    );
    expect(outcomes.filter((o) => !('code' in o))).toHaveLength(1);
    expect(outcomes.find((o) => 'code' in o)).toMatchObject({ code: 'CONFLICT' });
    expect(await app.database.db.user.count({ where: { email: link.email } })).toBe(1);
  });

  it('lets an admin invite admins and members but not owners; members not at all', async () => {
    const admin = await addStaff(app, a, 'admin');
    const member = await addStaff(app, a, 'member');
    expect(await as(admin).team.invite.mutate({ email: freshEmail(), role: 'admin' })).toMatchObject({ emailed: true });
    expect(await failure(as(admin).team.invite.mutate({ email: freshEmail(), role: 'owner' }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.ownerOnly,
    });
    expect(await failure(as(member).team.invite.mutate({ email: freshEmail(), role: 'member' }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.permissions.forbidden,
    });
    expect(await failure(as(member).team.invites.query())).toMatchObject({ code: 'FORBIDDEN' });
    const ownerInvite = await owner.team.invite.mutate({ email: freshEmail(), role: 'owner' });
    expect(await failure(as(admin).team.renewInvite.mutate({ inviteId: ownerInvite.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: M.team.ownerOnly,
    });
  });

  it('refuses a role that does not exist with a readable message', async () => {
    const res = await api.post('/api/team/invites', { email: freshEmail(), role: 'superuser' }, { token: a.token });
    expect(res).toMatchObject({ status: 400, body: { message: M.team.roleInvalid } });
  });

  it('answers the link to copy when the server has no SMTP settings', async () => {
    const quiet = await startApp();
    try {
      const agency = await createAgency(quiet, ['Quiet Co']);
      const link = await trpcClient(quiet.baseUrl, { token: agency.token }).team.invite.mutate({
        email: freshEmail(),
        role: 'member',
      });
      expect(link).toMatchObject({ emailed: false, emailConfigured: false });
      expect(await trpcClient(quiet.baseUrl).staffInvite.info.query({ token: tokenOf(link.url) })).toMatchObject({
        email: link.email,
      });
    } finally {
      await quiet.close();
    }
  });
});

describe('roles', () => {
  let admin: StaffUser;
  let member: StaffUser;
  beforeAll(async () => {
    admin = await addStaff(app, a, 'admin');
    member = await addStaff(app, a, 'member');
  });
  const roleOf = async (id: number) => (await app.database.db.user.findUniqueOrThrow({ where: { id } })).role;

  it('lets the owner promote and demote, and the change counts at once', async () => {
    const someone = await addStaff(app, a, 'member');
    expect(await failure(as(someone).team.invites.query())).toMatchObject({ code: 'FORBIDDEN' });
    expect(await owner.team.setRole.mutate({ id: someone.id, role: 'admin' })).toMatchObject({
      id: someone.id,
      role: 'admin',
    });
    expect(await as(someone).team.invites.query()).toEqual(expect.any(Array));
    const rest = await api.patch(`/api/team/${someone.id}`, { role: 'member' }, { token: a.token });
    expect(rest).toMatchObject({ status: 200, body: { id: someone.id, role: 'member' } });
    expect(await failure(as(someone).team.invites.query())).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('lets an admin move people between admin and member, never to or from owner', async () => {
    expect(await as(admin).team.setRole.mutate({ id: member.id, role: 'admin' })).toMatchObject({ role: 'admin' });
    expect(await as(admin).team.setRole.mutate({ id: member.id, role: 'member' })).toMatchObject({ role: 'member' });
    expect(await failure(as(admin).team.setRole.mutate({ id: member.id, role: 'owner' }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.ownerOnly,
    });
    expect(await failure(as(admin).team.setRole.mutate({ id: a.userId, role: 'member' }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.ownerOnly,
    });
    expect(await roleOf(a.userId)).toBe('owner');
  });

  it('lets nobody change their own role, and refuses members', async () => {
    expect(await failure(owner.team.setRole.mutate({ id: a.userId, role: 'admin' }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.changeOwnRole,
    });
    expect(await failure(as(admin).team.setRole.mutate({ id: admin.id, role: 'member' }))).toMatchObject({
      message: M.team.changeOwnRole,
    });
    expect(await failure(as(member).team.setRole.mutate({ id: admin.id, role: 'member' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: M.permissions.forbidden,
    });
    expect(await roleOf(a.userId)).toBe('owner');
    expect(await roleOf(admin.id)).toBe('admin');
  });

  it("answers NOT_FOUND for another agency's user and leaves them as they were", async () => {
    expect(await failure(owner.team.setRole.mutate({ id: b.userId, role: 'member' }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.team.notFound,
    });
    expect(await roleOf(b.userId)).toBe('owner');
  });

  it('keeps an owner when two owners demote each other at the same moment', async () => {
    const agency = await createAgency(app, ['Solo Studio']);
    const second = await addStaff(app, agency, 'owner');
    const [first, other] = [trpcClient(app.baseUrl, { token: agency.token }), as(second)];
    const outcomes = await Promise.all([
      failure(first.team.setRole.mutate({ id: second.id, role: 'admin' })),
      failure(other.team.setRole.mutate({ id: agency.userId, role: 'admin' })),
    ]);
    expect(outcomes.filter((o) => !('code' in o))).toHaveLength(1);
    expect(outcomes.find((o) => 'code' in o)).toMatchObject({ code: 'FORBIDDEN', message: M.team.ownerOnly });
    expect(await app.database.db.user.count({ where: { businessId: agency.businessId, role: 'owner' } })).toBe(1);
  });
});

describe('removing a member', () => {
  it('clears what pointed at them, then removes them with their sessions, reset links and API tokens, in one transaction', async () => {
    const leaver = await addStaff(app, a, 'admin');
    const db = app.database.db;
    // Rows that name the leaver through NO ACTION links (task assignee, file uploader, flow author, invite sender)…
    const tree = await addCompanyTree(db, a.businessId, leaver.id, 'Leaver Ltd');
    await db.task.update({ where: { id: tree.task[0] }, data: { assigneeId: leaver.id } });
    const invite = await as(leaver).team.invite.mutate({ email: freshEmail(), role: 'member' });
    // …and the ones that go with them.
    const token = await addApiToken(app, a.businessId, leaver.id);
    await db.passwordReset.create({
      data: { id: hashToken(`reset-${leaver.id}`), userId: leaver.id, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    const secondSession = await createStaffSession(db, leaver.id);

    expect(await owner.team.remove.mutate({ id: leaver.id })).toEqual({ ok: true });

    expect(await db.user.findUnique({ where: { id: leaver.id } })).toBeNull();
    expect(await db.task.findUniqueOrThrow({ where: { id: tree.task[0] } })).toMatchObject({
      assigneeId: null,
      businessId: a.businessId,
    });
    expect(await db.document.findUniqueOrThrow({ where: { id: tree.document[0] } })).toMatchObject({
      uploadedById: null,
      businessId: a.businessId,
    });
    expect(await db.flow.findUniqueOrThrow({ where: { id: tree.flow[0] } })).toMatchObject({
      createdById: null,
      businessId: a.businessId,
    });
    expect(await db.staffInvite.findUniqueOrThrow({ where: { id: invite.id } })).toMatchObject({
      invitedById: null,
      businessId: a.businessId,
    });
    expect(await db.staffInvite.findUniqueOrThrow({ where: { id: tree.staffInvite[0] } })).toMatchObject({
      invitedById: null,
    });
    expect(await db.session.count({ where: { userId: leaver.id } })).toBe(0);
    expect(await db.apiToken.count({ where: { userId: leaver.id } })).toBe(0);
    expect(await db.passwordReset.count({ where: { userId: leaver.id } })).toBe(0);

    // Signed out everywhere at once: sessions and API tokens answer 401.
    for (const bearer of [leaver.token, secondSession.token, token.token]) {
      expect((await api.get('/auth/v1/me', { token: bearer })).status).toBe(401);
    }
    // The invite they sent still works, without their name.
    expect(await trpcClient(app.baseUrl).staffInvite.info.query({ token: tokenOf(invite.url) })).toMatchObject({
      invitedBy: null,
    });
    expect((await owner.team.invites.query()).find((i) => i.id === invite.id)).toMatchObject({ invitedBy: null });
  });

  it('removes over REST too', async () => {
    const leaver = await addStaff(app, a, 'member');
    expect(await api.call('DELETE', `/api/team/${leaver.id}`, { token: a.token })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await app.database.db.user.findUnique({ where: { id: leaver.id } })).toBeNull();
  });

  it('lets an owner remove another owner, an admin only admins and members; nobody themselves; members nobody', async () => {
    const agency = await createAgency(app, ['Solo Studio']);
    const boss = trpcClient(app.baseUrl, { token: agency.token });
    const [coOwner, admin, otherAdmin, member] = await Promise.all([
      addStaff(app, agency, 'owner'),
      addStaff(app, agency, 'admin'),
      addStaff(app, agency, 'admin'),
      addStaff(app, agency, 'member'),
    ]);
    expect(await failure(as(admin).team.remove.mutate({ id: agency.userId }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.ownerOnly,
    });
    expect(await failure(as(member).team.remove.mutate({ id: admin.id }))).toMatchObject({
      code: 'FORBIDDEN',
      message: M.permissions.forbidden,
    });
    expect(await failure(boss.team.remove.mutate({ id: agency.userId }))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.team.removeSelf,
    });
    expect(await failure(as(admin).team.remove.mutate({ id: admin.id }))).toMatchObject({ message: M.team.removeSelf });
    expect(await failure(boss.team.remove.mutate({ id: b.userId }))).toEqual({
      code: 'NOT_FOUND',
      httpStatus: 404,
      message: M.team.notFound,
    });

    expect(await as(admin).team.remove.mutate({ id: otherAdmin.id })).toEqual({ ok: true });
    expect(await as(admin).team.remove.mutate({ id: member.id })).toEqual({ ok: true });
    expect(await boss.team.remove.mutate({ id: coOwner.id })).toEqual({ ok: true });
    const left = await boss.team.list.query();
    expect(left.map((u) => [u.id, u.role]).sort()).toEqual(
      [
        [agency.userId, 'owner'],
        [admin.id, 'admin'],
      ].sort(),
    );
    expect(await app.database.db.user.findUnique({ where: { id: b.userId } })).not.toBeNull();
  });
});

describe('the invitation budget (INVITES_PER_AGENCY_PER_HOUR=3, INVITES_PER_USER_PER_HOUR=2)', () => {
  let limited: TestApp;
  let rest: ReturnType<typeof client>;
  beforeAll(async () => {
    limited = await startApp(undefined, {
      smtpUrl: smtp.url,
      env: { INVITES_PER_AGENCY_PER_HOUR: '3', INVITES_PER_USER_PER_HOUR: '2' },
    });
    rest = client(limited.baseUrl);
  });
  afterAll(() => limited.close());

  /** A refused invite left no invite, no activity entry and no mail for the address. */
  async function nothingFor(businessId: number, email: string) {
    const db = limited.database.db;
    expect(await db.staffInvite.count({ where: { email } })).toBe(0);
    expect(await db.activity.count({ where: { businessId, entityName: email } })).toBe(0);
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  }

  it('answers 429 with the minutes to wait past the user’s budget, then the agency’s, writing and mailing nothing; another agency is unaffected', async () => {
    const agency = await createAgency(limited, ['Budget Bureau']);
    const boss = trpcClient(limited.baseUrl, { token: agency.token });
    const first = await boss.team.invite.mutate({ email: freshEmail(), role: 'member' });
    // A new link counts like an invite: the owner's 2 are spent.
    const renewed = await boss.team.renewInvite.mutate({ inviteId: first.id });
    expect(renewed).toMatchObject({ emailed: true });

    const third = freshEmail('third');
    const refused = await rest.post('/api/team/invites', { email: third, role: 'member' }, { token: agency.token });
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(59 * 60);
    expect(wait).toBeLessThanOrEqual(60 * 60);
    expect(refused).toMatchObject({
      status: 429,
      body: { code: 'TOO_MANY_REQUESTS', message: M.team.invitesThrottled('user', 2, wait) },
    });
    expect(refused.body.message).toBe(
      'You have sent 2 invitations (team and client portal) in the last hour, the most allowed for one person. Please try again in 60 minutes.',
    );
    await nothingFor(agency.businessId, third);
    // A refused new link leaves the last one working.
    expect(await failure(boss.team.renewInvite.mutate({ inviteId: first.id }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
    });
    expect(await trpcClient(limited.baseUrl).staffInvite.info.query({ token: tokenOf(renewed.url) })).toMatchObject({
      email: first.email,
    });

    // An admin of the same agency has their own 2, but the agency only 1 left.
    const admin = await addStaff(limited, agency, 'admin');
    const adminApi = trpcClient(limited.baseUrl, { token: admin.token });
    await adminApi.team.invite.mutate({ email: freshEmail(), role: 'member' });
    const fourth = freshEmail('fourth');
    const full = await failure(adminApi.team.invite.mutate({ email: fourth, role: 'member' }));
    expect(full).toEqual({
      code: 'TOO_MANY_REQUESTS',
      httpStatus: 429,
      message: M.team.invitesThrottled('agency', 3, 60 * 60),
    });
    await nothingFor(agency.businessId, fourth);

    // Another agency has its own budget.
    const other = await createAgency(limited, ['Elsewhere Ltd']);
    expect(
      await trpcClient(limited.baseUrl, { token: other.token }).team.invite.mutate({
        email: freshEmail(),
        role: 'member',
      }),
    ).toMatchObject({ emailed: true });
  });

  it('spends nothing on an invite that is refused for another reason', async () => {
    const agency = await createAgency(limited, ['Careful Co']);
    const boss = trpcClient(limited.baseUrl, { token: agency.token });
    for (let i = 0; i < 3; i++)
      expect(await failure(boss.team.invite.mutate({ email: agency.email, role: 'member' }))).toMatchObject({
        code: 'CONFLICT',
      });
    for (let i = 0; i < 2; i++)
      expect(await boss.team.invite.mutate({ email: freshEmail(), role: 'member' })).toMatchObject({ emailed: true });
  });
});
