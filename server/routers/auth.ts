import { TRPCError } from '@trpc/server';
import { RESERVED_SLUGS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { loginInput, signupInput } from '../../shared/schemas/auth';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../auth/password';
import { createStaffSession, invalidateStaffSession } from '../auth/sessions';
import { isUniqueViolation } from '../errors';
import { publicProcedure, router, staffProcedure, type Context } from '../trpc';

export const DEMO = { slug: 'demo', email: 'admin@demo.test', password: 'clientflow-demo' } as const;

/** The sign-in hint shows the demo account only while it exists with the seeded password. */
let demoHintCache: { at: number; value: { email: string; password: string } | null } | undefined;
async function demoHint(ctx: Context) {
  if (demoHintCache && Date.now() - demoHintCache.at < 60_000) return demoHintCache.value;
  const user = await ctx.db.user.findUnique({
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

export const authRouter = router({
  signup: publicProcedure.input(signupInput).mutation(async ({ ctx, input }) => {
    if ((RESERVED_SLUGS as readonly string[]).includes(input.slug)) conflict(M.signup.slugTaken);
    const passwordHash = await hashPassword(input.password);
    const user = await ctx.db
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
    const { token, expiresAt } = await createStaffSession(ctx.db, user.id);
    ctx.setSessionCookie('staff', token, expiresAt);
    return { authToken: token, slug: input.slug };
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const emailKey = `email:${input.email}`;
    const ipKey = `ip:${ctx.ip}`;
    const wait = ctx.throttle.begin(emailKey, ipKey);
    if (wait > 0) {
      ctx.res.setHeader('Retry-After', String(wait));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: M.auth.throttled });
    }
    const user = await ctx.db.user.findUnique({ where: { email: input.email }, select: { id: true, passwordHash: true } });
    const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
    if (!user || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.invalidCredentials });
    ctx.throttle.succeed(emailKey, ipKey);
    const { token, expiresAt } = await createStaffSession(ctx.db, user.id);
    ctx.setSessionCookie('staff', token, expiresAt);
    return { authToken: token };
  }),

  me: staffProcedure.query(({ ctx }) => {
    const { id, email, firstName, lastName, role } = ctx.user;
    return { id, email, firstName, lastName, role, business: ctx.session.business };
  }),

  logout: staffProcedure.mutation(async ({ ctx }) => {
    await invalidateStaffSession(ctx.db, ctx.session.sessionId);
    ctx.clearSessionCookie('staff');
    return { ok: true as const };
  }),

  demoHint: publicProcedure.query(({ ctx }) => demoHint(ctx)),
});
