import { TRPCError } from '@trpc/server';
import { RESERVED_SLUGS } from '../../shared/constants';
import { M } from '../../shared/messages';
import {
  authTokenOutput,
  demoHintOutput,
  loginInput,
  logoutOutput,
  meOutput,
  PASSWORD_MIN_SCORE,
  passwordStrength,
  signupInput,
  signupOutput,
} from '../../shared/schemas/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { createStaffSession, invalidateStaffSession } from '../auth/sessions';
import { DEMO } from '../demo';
import { isUniqueViolation } from '../errors';
import { publicProcedure, router, staffProcedure, type Context } from '../trpc';

/** The sign-in hint shows the demo account only while it exists with the seeded password. */
let demoHintCache: { at: number; value: { email: string; password: string } | null } | undefined;
async function demoHint(ctx: Context) {
  if (demoHintCache && Date.now() - demoHintCache.at < 60_000) return demoHintCache.value;
  const user = await ctx.unscopedDb.user.findUnique({
    where: { email: DEMO.email },
    select: { passwordHash: true, business: { select: { slug: true } } },
  });
  const ok = !!user && user.business.slug === DEMO.slug && (await verifyPassword(user.passwordHash, DEMO.password));
  const value = ok ? { email: DEMO.email, password: DEMO.password } : null;
  demoHintCache = { at: Date.now(), value };
  return value;
}

function conflict(message: string): never {
  throw new TRPCError({ code: 'CONFLICT', message });
}

function tooMany(ctx: Context, retryAfterSeconds: number, message: string): never {
  ctx.res.setHeader('Retry-After', String(retryAfterSeconds));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message });
}

/** A field error on the password, carrying its issue like the input schema's own errors (see issuesOf). */
function weakPassword(): never {
  const cause = Object.assign(new Error(M.signup.passwordTooWeak), { issues: [{ path: ['password'], message: M.signup.passwordTooWeak }] });
  throw new TRPCError({ code: 'BAD_REQUEST', message: M.signup.passwordTooWeak, cause });
}

export const authRouter = router({
  signup: publicProcedure.input(signupInput).output(signupOutput).mutation(async ({ ctx, input }) => {
    const wait = await ctx.app.throttle.beginSignup(ctx.ip);
    if (wait > 0) tooMany(ctx, wait, M.signup.throttled);
    const strength = await passwordStrength(input.password, [input.email, input.name, input.firstName, input.lastName, input.slug]);
    if (strength.score < PASSWORD_MIN_SCORE) weakPassword();
    if ((RESERVED_SLUGS as readonly string[]).includes(input.slug)) conflict(M.signup.slugTaken);
    const passwordHash = await hashPassword(input.password);
    const user = await ctx.unscopedDb
      .$transaction(async (tx) => {
        if (await tx.business.findUnique({ where: { slug: input.slug }, select: { id: true } })) conflict(M.signup.slugTaken);
        if (await tx.user.findUnique({ where: { email: input.email }, select: { id: true } })) conflict(M.signup.emailTaken);
        const business = await tx.business.create({
          data: { name: input.name, slug: input.slug, email: input.email, phone: input.phone },
        });
        return tx.user.create({
          data: {
            businessId: business.id,
            email: input.email,
            firstName: input.firstName,
            lastName: input.lastName,
            passwordHash,
            role: 'owner',
          },
          select: { id: true },
        });
      })
      .catch((error: unknown) => {
        // Two sign-ups racing for the same slug or email: the unique index decides.
        const target = isUniqueViolation(error);
        if (target) conflict(target.some((t) => /slug/i.test(t)) ? M.signup.slugTaken : M.signup.emailTaken);
        throw error;
      });
    const { token, expiresAt } = await createStaffSession(ctx.unscopedDb, user.id);
    ctx.sessions.setSessionCookie('staff', token, expiresAt);
    return { authToken: token, slug: input.slug };
  }),

  login: publicProcedure.input(loginInput).output(authTokenOutput).mutation(async ({ ctx, input }) => {
    const attempt = await ctx.app.throttle.beginLogin(input.email, ctx.ip);
    if (attempt.retryAfter > 0) tooMany(ctx, attempt.retryAfter, M.auth.throttled);
    const user = await ctx.unscopedDb.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true } });
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.invalidCredentials });
    await ctx.app.throttle.loginSucceeded(attempt);
    const { token, expiresAt } = await createStaffSession(ctx.unscopedDb, user.id);
    ctx.sessions.setSessionCookie('staff', token, expiresAt);
    return { authToken: token };
  }),

  me: staffProcedure.output(meOutput).query(({ ctx }) => {
    const { id, email, firstName, lastName, role } = ctx.user;
    return { id, email, firstName, lastName, role, business: ctx.session.business };
  }),

  logout: staffProcedure.output(logoutOutput).mutation(async ({ ctx }) => {
    await invalidateStaffSession(ctx.unscopedDb, ctx.session.sessionId);
    ctx.sessions.clearSessionCookie('staff');
    return { ok: true as const };
  }),

  demoHint: publicProcedure.output(demoHintOutput).query(({ ctx }) => demoHint(ctx)),
});
