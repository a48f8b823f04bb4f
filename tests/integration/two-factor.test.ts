/**
 * Two-factor sign-in: set-up with an authenticator code, the sign-in code step, recovery codes, turning it off,
 * throttling of wrong codes and the agency-wide requirement. Codes are generated here from the secret the set-up
 * shows, as an authenticator app would. Each accepted code's time step works once per user, so the test keeps track
 * of the steps it used and moves the clock (Date only) on when it needs a fresh one.
 */
import { generateHOTP } from '@oslojs/otp';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { M } from '../../shared/messages';
import { hashToken } from '../../server/auth/tokens';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { addApiToken, addStaff } from '../support/staff';
import { trpcClient } from '../support/trpc';
import { TRPCClientError } from '@trpc/client';

let app: TestApp;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  // Wrong codes from 127.0.0.1 add up across this file: the per-address budget is not what these tests are about.
  app = await startApp({ signupsPerAddress: 100_000, perAddress: 100_000 });
  api = client(app.baseUrl);
});
afterAll(async () => {
  vi.useRealTimers();
  await app.close();
});

/** The time steps each secret already used (the server accepts each once per user). */
const usedSteps = new Map<string, Set<bigint>>();
/** A code for the secret that the server has not seen yet: the current step, or one either side; else a later minute. */
function codeFor(secret: string): string {
  const used = usedSteps.get(secret) ?? new Set<bigint>();
  usedSteps.set(secret, used);
  for (;;) {
    const current = BigInt(Math.floor(Date.now() / 30_000));
    for (const step of [current, current + 1n, current - 1n]) {
      if (!used.has(step)) {
        used.add(step);
        return generateHOTP(decodeBase32IgnorePadding(secret), step, 6);
      }
    }
    vi.setSystemTime(Date.now() + 90_000);
  }
}
/** A right-looking code that is wrong for the secret (not within a step either side). */
function wrongCode(secret: string): string {
  const current = BigInt(Math.floor(Date.now() / 30_000));
  const right = new Set([-1n, 0n, 1n].map((d) => generateHOTP(decodeBase32IgnorePadding(secret), current + d, 6)));
  for (let n = 0; ; n++) {
    const candidate = String(123456 + n * 7919)
      .padStart(6, '0')
      .slice(-6);
    if (!right.has(candidate)) return candidate;
  }
}

/** How a tRPC call ended: its code, status and message when refused. */
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ ok: true }),
    (error: unknown) => {
      if (!(error instanceof TRPCClientError)) throw error;
      return { code: error.data?.code as string, httpStatus: error.data?.httpStatus as number, message: error.message };
    },
  );

type Owner = Awaited<ReturnType<typeof signUpAgency>> & {
  secret: string;
  recoveryCodes: string[];
  userId: number;
  businessId: number;
};

/** A new agency whose owner has turned two-factor sign-in on. */
async function ownerWithTwoFactor(): Promise<Owner> {
  const agency = await signUpAgency(api);
  const trpc = trpcClient(app.baseUrl, { token: agency.token });
  const { secret } = await trpc.twoFactor.beginSetup.mutate();
  const { recoveryCodes } = await trpc.twoFactor.enable.mutate({ code: codeFor(secret) });
  const user = await app.database.db.user.findUniqueOrThrow({
    where: { email: agency.email },
    select: { id: true, businessId: true },
  });
  return { ...agency, secret, recoveryCodes, userId: user.id, businessId: user.businessId };
}

/** The password step over REST; with two-factor on, the challenge. */
async function passwordStep(owner: { email: string; password: string }) {
  const res = await api.post('/auth/v1/login', { email: owner.email, password: owner.password });
  expect(res.status).toBe(200);
  expect(res.body.two_factor_required).toBe(true);
  return res.body.challenge as string;
}

const verify = (input: { challenge: string; code?: string; recoveryCode?: string }) =>
  trpcClient(app.baseUrl).auth.verifyTwoFactor.mutate(input);

describe('setting up two-factor sign-in (Account → Profile)', () => {
  it('shows a secret, an otpauth URI and a QR code, and turns on only with a right code; 10 recovery codes, stored hashed', async () => {
    const agency = await signUpAgency(api);
    const trpc = trpcClient(app.baseUrl, { token: agency.token });
    expect(await trpc.twoFactor.status.query()).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
      required: false,
    });

    const setup = await trpc.twoFactor.beginSetup.mutate();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(setup.uri).searchParams.get('issuer')).toBe(`Clientflow (${agency.name})`);
    expect(decodeURIComponent(setup.uri)).toContain(agency.email);
    expect(setup.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    // Pending, not on yet: signing in still needs the password only.
    expect(
      (await api.post('/auth/v1/login', { email: agency.email, password: agency.password })).body.authToken,
    ).toEqual(expect.any(String));

    expect(await refused(trpc.twoFactor.enable.mutate({ code: wrongCode(setup.secret) }))).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: M.twoFactor.wrongCode,
    });
    expect(await refused(trpc.twoFactor.enable.mutate({ code: 'abc' }))).toMatchObject({
      httpStatus: 400,
      message: M.twoFactor.codeFormat,
    });

    const { recoveryCodes } = await trpc.twoFactor.enable.mutate({ code: codeFor(setup.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const user = await app.database.db.user.findUniqueOrThrow({
      where: { email: agency.email },
      select: { id: true, businessId: true, totpEnabledAt: true },
    });
    expect(user.totpEnabledAt).not.toBeNull();
    const stored = await app.database.db.recoveryCode.findMany({
      where: { userId: user.id },
      select: { codeHash: true },
    });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(recoveryCodes.map((c) => hashToken(c)).sort());
    expect(await trpc.twoFactor.status.query()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    // A second set-up while on is refused (it would replace the secret).
    expect(await refused(trpc.twoFactor.beginSetup.mutate())).toMatchObject({
      code: 'CONFLICT',
      message: M.twoFactor.alreadyOn,
    });

    // The activity log says it went on, and holds neither the secret nor a code.
    const entries = await app.database.db.activity.findMany({
      where: { businessId: user.businessId, entityType: 'team', entityId: user.id },
    });
    const text = JSON.stringify(entries);
    expect(text).toContain('twoFactor');
    expect(text).not.toContain(setup.secret);
    for (const code of recoveryCodes) expect(text).not.toContain(code);
  });
});

describe('signing in with two-factor on', () => {
  let owner: Owner;
  beforeAll(async () => {
    owner = await ownerWithTwoFactor();
  });

  it('answers a challenge instead of a session to a right password: no token, no cookie (REST and tRPC)', async () => {
    const res = await api.post('/auth/v1/login', { email: owner.email, password: owner.password });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['challenge', 'two_factor_required']);
    expect(res.headers.get('set-cookie')).toBeNull();
    const viaTrpc = await trpcClient(app.baseUrl).auth.login.mutate({ email: owner.email, password: owner.password });
    expect(viaTrpc).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    // A wrong password is still refused as before.
    expect((await api.post('/auth/v1/login', { email: owner.email, password: 'not the password' })).status).toBe(401);
  });

  it('signs in with the challenge and a code from the app, once per challenge (REST code step too)', async () => {
    const challenge = await passwordStep(owner);
    const res = await api.post('/auth/v1/login/two-factor', { challenge, code: codeFor(owner.secret) });
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toContain('HttpOnly');
    const me = await api.get('/auth/v1/me', { token: res.body.authToken });
    expect(me.body).toMatchObject({ email: owner.email, two_factor_setup_needed: false });
    expect(await app.database.db.twoFactorChallenge.findUnique({ where: { id: hashToken(challenge) } })).toBeNull();
    // The same challenge again, even with a fresh code: refused.
    expect(await refused(verify({ challenge, code: codeFor(owner.secret) }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.challengeExpired,
    });
  });

  it('refuses a wrong code, and a right code already used in its time step', async () => {
    const challenge = await passwordStep(owner);
    expect(await refused(verify({ challenge, code: wrongCode(owner.secret) }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.wrongCode,
    });
    const code = codeFor(owner.secret);
    expect((await verify({ challenge, code })).authToken).toEqual(expect.any(String));
    const again = await passwordStep(owner);
    expect(await refused(verify({ challenge: again, code }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.codeUsed,
    });
    expect(await refused(verify({ challenge: again }))).toMatchObject({
      httpStatus: 400,
      message: M.twoFactor.codeRequired,
    });
  });

  it('refuses an expired challenge (10 minutes)', async () => {
    const challenge = await passwordStep(owner);
    vi.setSystemTime(Date.now() + 10 * 60 * 1000 + 1000);
    expect(await refused(verify({ challenge, code: codeFor(owner.secret) }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.challengeExpired,
    });
    expect(await refused(verify({ challenge: 'no-such-challenge', code: '123456' }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
  });

  it('accepts a recovery code once, in any case and spacing; then refuses it', async () => {
    const [code] = owner.recoveryCodes;
    const first = await passwordStep(owner);
    expect((await verify({ challenge: first, recoveryCode: ` ${code.toUpperCase()} ` })).authToken).toEqual(
      expect.any(String),
    );
    const second = await passwordStep(owner);
    expect(await refused(verify({ challenge: second, recoveryCode: code }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.wrongRecoveryCode,
    });
    expect(await trpcClient(app.baseUrl, { token: owner.token }).twoFactor.status.query()).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('throttles wrong codes like passwords: 429 with Retry-After, even for a right code, until the window passes', async () => {
    const target = await ownerWithTwoFactor();
    const challenge = await passwordStep(target);
    for (let i = 0; i < 10; i++) {
      expect(await refused(verify({ challenge, code: wrongCode(target.secret) }))).toMatchObject({ httpStatus: 401 });
    }
    const res = await api.post('/auth/v1/login/two-factor', { challenge, code: codeFor(target.secret) });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(M.twoFactor.throttled);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Recovery codes count against the same budget.
    expect(
      (await api.post('/auth/v1/login/two-factor', { challenge, recovery_code: target.recoveryCodes[0] })).status,
    ).toBe(429);
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    const fresh = await passwordStep(target);
    expect((await verify({ challenge: fresh, code: codeFor(target.secret) })).authToken).toEqual(expect.any(String));
  });
});

describe('recovery codes and turning two-factor off', () => {
  it('regenerates recovery codes with a code from the app: the old ones stop working', async () => {
    const owner = await ownerWithTwoFactor();
    const trpc = trpcClient(app.baseUrl, { token: owner.token });
    expect(
      await refused(trpc.twoFactor.regenerateRecoveryCodes.mutate({ code: wrongCode(owner.secret) })),
    ).toMatchObject({ httpStatus: 400, message: M.twoFactor.wrongCode });
    const { recoveryCodes } = await trpc.twoFactor.regenerateRecoveryCodes.mutate({ code: codeFor(owner.secret) });
    expect(recoveryCodes).toHaveLength(10);
    expect(recoveryCodes.some((c) => owner.recoveryCodes.includes(c))).toBe(false);
    const challenge = await passwordStep(owner);
    expect(await refused(verify({ challenge, recoveryCode: owner.recoveryCodes[1] }))).toMatchObject({
      httpStatus: 401,
    });
    expect((await verify({ challenge, recoveryCode: recoveryCodes[1] })).authToken).toEqual(expect.any(String));
  });

  it('turns off only with the password and a code; then sign-in needs the password alone', async () => {
    const owner = await ownerWithTwoFactor();
    const trpc = trpcClient(app.baseUrl, { token: owner.token });
    expect(
      await refused(trpc.twoFactor.disable.mutate({ password: 'not the password', code: codeFor(owner.secret) })),
    ).toEqual({
      code: 'BAD_REQUEST',
      httpStatus: 400,
      message: M.twoFactor.wrongPassword,
    });
    expect(
      await refused(trpc.twoFactor.disable.mutate({ password: owner.password, code: wrongCode(owner.secret) })),
    ).toMatchObject({ httpStatus: 400, message: M.twoFactor.wrongCode });
    expect(
      await refused(trpc.twoFactor.disable.mutate({ password: owner.password, code: 'zzzzz-zzzzz' })),
    ).toMatchObject({ httpStatus: 400, message: M.twoFactor.wrongCodeOrRecovery });
    expect(await trpc.twoFactor.status.query()).toMatchObject({ enabled: true });

    // A recovery code does it too.
    expect(await trpc.twoFactor.disable.mutate({ password: owner.password, code: owner.recoveryCodes[2] })).toEqual({
      enabled: false,
    });
    expect(await trpc.twoFactor.status.query()).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
    expect(await app.database.db.recoveryCode.count({ where: { userId: owner.userId } })).toBe(0);
    expect(
      await app.database.db.user.findUniqueOrThrow({ where: { id: owner.userId }, select: { totpSecret: true } }),
    ).toEqual({ totpSecret: null });
    const login = await api.post('/auth/v1/login', { email: owner.email, password: owner.password });
    expect(login.body.authToken).toEqual(expect.any(String));
    const last = await app.database.db.activity.findFirstOrThrow({
      where: { businessId: owner.businessId, entityId: owner.userId },
      orderBy: { id: 'desc' },
      select: { changes: true },
    });
    expect(JSON.parse(String(last.changes))).toEqual([{ field: 'twoFactor', from: 'on', to: 'off' }]);
  });
});

describe('requiring two-factor sign-in for the agency (owner only)', () => {
  it('lets only the owner switch it, and only once the owner has two-factor on', async () => {
    const agency = await signUpAgency(api);
    const trpc = trpcClient(app.baseUrl, { token: agency.token });
    expect(await refused(trpc.twoFactor.setRequired.mutate({ required: true }))).toMatchObject({
      httpStatus: 412,
      message: M.twoFactor.ownerFirst,
    });
    const user = await app.database.db.user.findUniqueOrThrow({
      where: { email: agency.email },
      select: { businessId: true },
    });
    for (const role of ['admin', 'member'] as const) {
      const staff = await addStaff(app, { businessId: user.businessId }, role);
      expect(
        await refused(trpcClient(app.baseUrl, { token: staff.token }).twoFactor.setRequired.mutate({ required: true })),
      ).toMatchObject({
        code: 'FORBIDDEN',
        httpStatus: 403,
        message: M.permissions.ownerOnly,
      });
    }
  });

  it('limits a teammate without two-factor to the set-up (403 elsewhere, API tokens too) until they set it up', async () => {
    const owner = await ownerWithTwoFactor();
    const ownerTrpc = trpcClient(app.baseUrl, { token: owner.token });
    const member = await addStaff(app, { businessId: owner.businessId }, 'member');
    const { token: apiToken } = await addApiToken(app, owner.businessId, member.id);
    const memberTrpc = trpcClient(app.baseUrl, { token: member.token });
    expect(await memberTrpc.companies.list.query({})).toBeTruthy();

    expect(await ownerTrpc.twoFactor.setRequired.mutate({ required: true })).toEqual({ required: true });
    const setupRequired = { code: 'FORBIDDEN', httpStatus: 403, message: M.twoFactor.setupRequired };
    expect(await refused(memberTrpc.companies.list.query({}))).toEqual(setupRequired);
    expect(
      await refused(memberTrpc.profile.update.mutate({ firstName: 'M', lastName: 'M', email: member.email })),
    ).toEqual(setupRequired);
    expect(await memberTrpc.auth.me.query()).toMatchObject({ id: member.id, twoFactorSetupNeeded: true });
    expect(await memberTrpc.twoFactor.status.query()).toMatchObject({ enabled: false, required: true });
    const viaToken = await api.get('/api/companies', { token: apiToken });
    expect([viaToken.status, viaToken.body.message]).toEqual([403, M.twoFactor.setupRequired]);
    // The app's own routes (not procedures) refuse the same way: file upload and download.
    const file = await app.database.db.document.create({
      data: { businessId: owner.businessId, name: 'Plan.pdf', url: 'https://files.example.test/plan.pdf' },
    });
    const download = await fetch(`${app.baseUrl}/api/documents/${file.id}/download`, {
      headers: { authorization: `Bearer ${member.token}` },
      redirect: 'manual',
    });
    expect([download.status, ((await download.json()) as { message: string }).message]).toEqual([
      403,
      M.twoFactor.setupRequired,
    ]);
    const form = new FormData();
    form.append('file', new Blob(['%PDF-1.4'], { type: 'application/pdf' }), 'plan.pdf');
    const upload = await fetch(`${app.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect([upload.status, ((await upload.json()) as { message: string }).message]).toEqual([
      403,
      M.twoFactor.setupRequired,
    ]);
    expect(await app.database.db.document.count({ where: { businessId: owner.businessId } })).toBe(1);
    // The owner (two-factor on) works as usual.
    expect(await ownerTrpc.companies.list.query({})).toBeTruthy();

    const { secret } = await memberTrpc.twoFactor.beginSetup.mutate();
    await memberTrpc.twoFactor.enable.mutate({ code: codeFor(secret) });
    expect(await memberTrpc.auth.me.query()).toMatchObject({ twoFactorSetupNeeded: false });
    expect(await memberTrpc.companies.list.query({})).toBeTruthy();
    expect((await api.get('/api/companies', { token: apiToken })).status).toBe(200);

    expect(await ownerTrpc.twoFactor.setRequired.mutate({ required: false })).toEqual({ required: false });
    expect(await ownerTrpc.twoFactor.status.query()).toMatchObject({ required: false });
  });
});

describe('a password reset with two-factor on', () => {
  const NEW_PASSWORD = 'quartz meadow lantern 5813';
  /** A reset link of the user, written as auth.requestPasswordReset writes it (its token's hash, valid 1 hour). */
  async function resetLink(userId: number) {
    const token = `reset-${userId}-${Math.random().toString(36).slice(2)}`;
    await app.database.db.passwordReset.create({
      data: { id: hashToken(token), userId, expiresAt: new Date(Date.now() + 3_600_000) },
    });
    return token;
  }

  it('sets the password and ends every session, but answers a challenge, no session: a wrong code is refused, a right one signs in', async () => {
    const owner = await ownerWithTwoFactor();
    const token = await resetLink(owner.userId);
    const res = await api.post('/auth/v1/password-reset/confirm', { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['challenge', 'two_factor_required']);
    expect(res.body.two_factor_required).toBe(true);
    expect(res.headers.get('set-cookie')).toBeNull();
    // No session at all: the old one ended, and none started.
    expect(await app.database.db.session.count({ where: { userId: owner.userId } })).toBe(0);
    expect((await api.get('/auth/v1/me', { token: owner.token })).status).toBe(401);
    // The new password is the one now, and the link is used.
    expect(await passwordStep({ email: owner.email, password: NEW_PASSWORD })).toEqual(expect.any(String));
    expect(
      (await api.post('/auth/v1/password-reset/confirm', { token, password: 'another strong password 99' })).status,
    ).toBe(409);

    const { challenge } = res.body as { challenge: string };
    expect(await refused(verify({ challenge, code: wrongCode(owner.secret) }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.wrongCode,
    });
    expect(await refused(verify({ challenge, recoveryCode: 'zzzzz-zzzzz' }))).toEqual({
      code: 'UNAUTHORIZED',
      httpStatus: 401,
      message: M.twoFactor.wrongRecoveryCode,
    });
    const done = await api.post('/auth/v1/login/two-factor', { challenge, code: codeFor(owner.secret) });
    expect(done.status).toBe(200);
    expect(done.headers.get('set-cookie')).toContain('HttpOnly');
    expect((await api.get('/auth/v1/me', { token: done.body.authToken })).body).toMatchObject({ email: owner.email });
  });

  it('completes with a recovery code too (tRPC), once', async () => {
    const owner = await ownerWithTwoFactor();
    const reply = await trpcClient(app.baseUrl).auth.resetPassword.mutate({
      token: await resetLink(owner.userId),
      password: NEW_PASSWORD,
    });
    expect(reply).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    const { challenge } = reply as { challenge: string };
    const { authToken } = await verify({ challenge, recoveryCode: owner.recoveryCodes[3] });
    expect(await trpcClient(app.baseUrl, { token: authToken }).auth.me.query()).toMatchObject({ email: owner.email });
    expect(await refused(verify({ challenge, recoveryCode: owner.recoveryCodes[4] }))).toMatchObject({
      httpStatus: 401,
      message: M.twoFactor.challengeExpired,
    });
  });

  it('without two-factor, signs in at once; where the agency requires it, limited to the set-up, as after a login', async () => {
    const owner = await ownerWithTwoFactor();
    const member = await addStaff(app, { businessId: owner.businessId }, 'member');
    const plain = await trpcClient(app.baseUrl).auth.resetPassword.mutate({
      token: await resetLink(member.id),
      password: NEW_PASSWORD,
    });
    expect(plain).toEqual({ authToken: expect.any(String) });
    expect(
      await trpcClient(app.baseUrl, { token: (plain as { authToken: string }).authToken }).companies.list.query({}),
    ).toBeTruthy();

    expect(
      await trpcClient(app.baseUrl, { token: owner.token }).twoFactor.setRequired.mutate({ required: true }),
    ).toEqual({ required: true });
    const res = await api.post('/auth/v1/password-reset/confirm', {
      token: await resetLink(member.id),
      password: `${NEW_PASSWORD} b`,
    });
    expect(Object.keys(res.body)).toEqual(['authToken']);
    const limited = trpcClient(app.baseUrl, { token: res.body.authToken });
    expect(await limited.auth.me.query()).toMatchObject({ id: member.id, twoFactorSetupNeeded: true });
    expect(await refused(limited.companies.list.query({}))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
      message: M.twoFactor.setupRequired,
    });
    // A login with the same password lands in the same place.
    const login = await api.post('/auth/v1/login', { email: member.email, password: `${NEW_PASSWORD} b` });
    expect(await trpcClient(app.baseUrl, { token: login.body.authToken }).auth.me.query()).toMatchObject({
      twoFactorSetupNeeded: true,
    });
  });
});
