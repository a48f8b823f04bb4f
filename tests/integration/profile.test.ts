/** The signed-in user's own profile: name and e-mail (unique), and the password (other sessions end, this one stays). */
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createStaffSession } from '../../server/auth/sessions';
import { hashToken } from '../../server/auth/tokens';
import { createAgency, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { addApiToken, addStaff, STAFF_PASSWORD } from '../support/staff';
import { trpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let a: Agency;
let b: Agency;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  a = await createAgency(app, ['Alder Architects']);
  b = await createAgency(app, ['Birch Bakery']);
});
afterAll(() => app.close());

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => ({}),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return {
        code: error.data?.code,
        httpStatus: error.data?.httpStatus,
        message: error.message,
        issues: error.data?.issues,
      };
    },
  );
const addReset = (userId: number) =>
  app.database.db.passwordReset.create({
    data: { id: hashToken(`reset-${userId}-${Math.random()}`), userId, expiresAt: new Date(Date.now() + 3_600_000) },
  });

describe('profile.update', () => {
  it('changes the name and e-mail (trimmed, lower-cased); the user then signs in with the new address', async () => {
    const user = await addStaff(app, a, 'member');
    await addReset(user.id);
    const email = `renamed-${user.id}@staff.test`;
    const saved = await trpcClient(app.baseUrl, { token: user.token }).profile.update.mutate({
      firstName: ' Ada ',
      lastName: 'King',
      email: ` ${email.toUpperCase()} `,
    });
    expect(saved).toEqual({ id: user.id, firstName: 'Ada', lastName: 'King', email });
    expect(await trpcClient(app.baseUrl, { token: user.token }).auth.me.query()).toMatchObject({
      firstName: 'Ada',
      lastName: 'King',
      email,
    });
    expect((await api.post('/auth/v1/login', { email, password: STAFF_PASSWORD })).status).toBe(200);
    expect((await api.post('/auth/v1/login', { email: user.email, password: STAFF_PASSWORD })).status).toBe(401);
    // Reset links mailed to the old address stop working.
    expect(await app.database.db.passwordReset.count({ where: { userId: user.id } })).toBe(0);
  });

  it('keeps the e-mail unchanged without touching reset links, and answers over REST', async () => {
    const user = await addStaff(app, a, 'admin');
    await addReset(user.id);
    const res = await api.patch(
      '/api/profile',
      { firstName: 'Lin', lastName: 'Staff', email: user.email },
      { token: user.token },
    );
    expect(res).toMatchObject({ status: 200, body: { firstName: 'Lin', email: user.email } });
    expect(await app.database.db.passwordReset.count({ where: { userId: user.id } })).toBe(1);
  });

  it('refuses an e-mail that another account uses, in any agency, with a 409', async () => {
    const user = await addStaff(app, a, 'member');
    for (const email of [a.email, b.email]) {
      expect(
        await failure(
          trpcClient(app.baseUrl, { token: user.token }).profile.update.mutate({
            firstName: 'X',
            lastName: 'Y',
            email,
          }),
        ),
      ).toMatchObject({
        code: 'CONFLICT',
        httpStatus: 409,
        message: M.profile.emailTaken,
      });
    }
    expect((await app.database.db.user.findUniqueOrThrow({ where: { id: user.id } })).email).toBe(user.email);
  });

  it('refuses missing names and a bad e-mail with the sign-up messages', async () => {
    const res = await api.patch('/api/profile', { firstName: '', lastName: ' ', email: 'nope' }, { token: a.token });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'firstName', message: M.signup.firstNameRequired },
      { path: 'lastName', message: M.signup.lastNameRequired },
      { path: 'email', message: M.auth.invalidEmail },
    ]);
  });
});

describe('profile.changePassword', () => {
  it('needs the current password, and says so on its field', async () => {
    const user = await addStaff(app, a, 'member');
    const wrong = await failure(
      trpcClient(app.baseUrl, { token: user.token }).profile.changePassword.mutate({
        currentPassword: 'not it',
        newPassword: 'harbor violet engine 7421',
      }),
    );
    expect(wrong).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.profile.currentWrong,
      issues: [{ path: 'currentPassword', message: M.profile.currentWrong }],
    });
    const empty = await api.post(
      '/api/profile/password',
      { currentPassword: '', newPassword: 'short' },
      { token: user.token },
    );
    expect(empty.body.issues).toEqual([
      { path: 'currentPassword', message: M.profile.currentRequired },
      { path: 'newPassword', message: M.signup.passwordTooShort },
    ]);
  });

  it('refuses a weak new password with the sign-up rule, on its field', async () => {
    const user = await addStaff(app, a, 'member');
    const weak = await failure(
      trpcClient(app.baseUrl, { token: user.token }).profile.changePassword.mutate({
        currentPassword: STAFF_PASSWORD,
        newPassword: 'password123',
      }),
    );
    expect(weak).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'newPassword', message: M.signup.passwordTooWeak }],
    });
  });

  it('signs the user out everywhere else, voids reset links and by default revokes the API tokens; this session stays', async () => {
    const user = await addStaff(app, a, 'admin');
    const colleague = await addStaff(app, a, 'admin');
    const other = await createStaffSession(app.database.db, user.id);
    const third = await createStaffSession(app.database.db, user.id);
    const apiTokens = [await addApiToken(app, a.businessId, user.id), await addApiToken(app, a.businessId, user.id)];
    const colleagueToken = await addApiToken(app, a.businessId, colleague.id);
    for (const { token } of apiTokens) expect((await api.get('/auth/v1/me', { token })).status).toBe(200);
    await addReset(user.id);
    const newPassword = 'copper willow harbour 3141';
    const done = await trpcClient(app.baseUrl, { token: user.token }).profile.changePassword.mutate({
      currentPassword: STAFF_PASSWORD,
      newPassword,
    });
    expect(done).toEqual({ ok: true, endedSessions: 2, revokedApiTokens: 2 });
    expect((await api.get('/auth/v1/me', { token: user.token })).status).toBe(200);
    for (const token of [other.token, third.token]) expect((await api.get('/auth/v1/me', { token })).status).toBe(401);
    for (const { token } of apiTokens) expect((await api.get('/auth/v1/me', { token })).status).toBe(401);
    // Only the user's own tokens; each is logged as revoked.
    expect((await api.get('/auth/v1/me', { token: colleagueToken.token })).status).toBe(200);
    const logged = await app.database.db.activity.findMany({
      where: { businessId: a.businessId, entityType: 'api_token', action: 'deleted', actorUserId: user.id },
    });
    expect(logged.map((e) => e.entityId).sort()).toEqual(apiTokens.map((t) => t.id).sort());
    expect(await app.database.db.passwordReset.count({ where: { userId: user.id } })).toBe(0);
    expect((await api.post('/auth/v1/login', { email: user.email, password: newPassword })).status).toBe(200);
    expect((await api.post('/auth/v1/login', { email: user.email, password: STAFF_PASSWORD })).status).toBe(401);
  });

  it('keeps the API tokens working when asked to (revokeApiTokens false, over REST)', async () => {
    const user = await addStaff(app, a, 'owner');
    const apiToken = await addApiToken(app, a.businessId, user.id);
    const res = await api.post(
      '/api/profile/password',
      { currentPassword: STAFF_PASSWORD, newPassword: 'granite puffin saddle 2236', revokeApiTokens: false },
      { token: user.token },
    );
    expect(res).toMatchObject({ status: 200, body: { ok: true, endedSessions: 0, revokedApiTokens: 0 } });
    expect((await api.get('/auth/v1/me', { token: apiToken.token })).status).toBe(200);
    expect(await app.database.db.apiToken.count({ where: { userId: user.id } })).toBe(1);
  });
});
