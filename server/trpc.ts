import { initTRPC, TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { SESSION } from '../shared/constants';
import { M } from '../shared/messages';
import type { LoginThrottle } from './auth/throttle';
import {
  validatePortalSession,
  validateStaffSession,
  type PortalSessionInfo,
  type StaffSession,
} from './auth/sessions';
import type { Database } from './db';
import type { Env } from './env';
import type { FileStorage } from './files/storage';
import { parseAuthorization } from './auth/authorization';
import { hasNul } from './lib/input-guards';
import { tenantRunner } from './sql';
import { runAsTenant, tenantScopedDb } from './tenancy';

/** What the app is built from; tests build their own. */
export type AppDeps = {
  env: Env;
  database: Database;
  throttle: LoginThrottle;
  storage: FileStorage;
};

type SessionKind = 'staff' | 'portal';
const cookieName = (kind: SessionKind) => (kind === 'staff' ? SESSION.staffCookie : SESSION.portalCookie);

export function createContextFactory(deps: AppDeps) {
  const secure = deps.env.publicUrl.startsWith('https://');
  // One tenant-scoped client per app; the business comes from the procedure being run (server/tenancy.ts).
  const tenantDb = tenantScopedDb(deps.database.db);
  return function createContext({ req, res }: { req: Request; res: Response }) {
    // With an Authorization header, only its token counts (a malformed one is no session); never the cookie.
    const authorization = parseAuthorization(req.headers.authorization);
    const cookies = (req.cookies ?? {}) as Record<string, string | undefined>;
    const tokenFor = (kind: SessionKind) => (authorization ? authorization.token : cookies[cookieName(kind)] ?? null);

    const setSessionCookie = (kind: SessionKind, token: string, expiresAt: Date) => {
      res.cookie(cookieName(kind), token, { httpOnly: true, sameSite: 'lax', secure, expires: expiresAt, path: '/' });
    };
    const clearSessionCookie = (kind: SessionKind) => {
      res.clearCookie(cookieName(kind), { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    };

    // Sessions are looked up only when a procedure asks, and at most once a request.
    let staff: Promise<StaffSession | null> | undefined;
    let portal: Promise<PortalSessionInfo | null> | undefined;
    const getStaff = () =>
      (staff ??= (async () => {
        const token = tokenFor('staff');
        if (!token) return null;
        const session = await validateStaffSession(deps.database, token);
        if (!session && !authorization) clearSessionCookie('staff');
        if (session?.renewed && !authorization) setSessionCookie('staff', token, session.expiresAt);
        return session;
      })());
    const getPortal = () =>
      (portal ??= (async () => {
        const token = tokenFor('portal');
        if (!token) return null;
        const session = await validatePortalSession(deps.database, token);
        if (!session && !authorization) clearSessionCookie('portal');
        if (session?.renewed && !authorization) setSessionCookie('portal', token, session.expiresAt);
        return session;
      })());

    return {
      ...deps,
      /** Unscoped: auth, sign-up and public branding look-ups only. Tenant procedures use `ctx.db`. */
      unscopedDb: deps.database.db,
      tenantDb,
      req,
      res,
      ip: req.ip ?? 'unknown',
      getStaff,
      getPortal,
      setSessionCookie,
      clearSessionCookie,
    };
  };
}

export type Context = ReturnType<ReturnType<typeof createContextFactory>>;

export type FieldIssue = { path: string; message: string };

/** Validation failures carry their issues; the message is the first issue's text (the spec's message). */
export function issuesOf(error: unknown): FieldIssue[] | undefined {
  const issues = (error as { issues?: unknown })?.issues;
  if (!Array.isArray(issues)) return undefined;
  return issues.map((i: { path?: PropertyKey[]; message: string }) => ({
    path: (i.path ?? []).map(String).join('.'),
    message: i.message,
  }));
}

/** What a client is told about an error, the same over /trpc and REST: the spec's message, never internals. */
export function publicError(error: TRPCError): { message: string; issues?: FieldIssue[] } {
  const issues = error.code === 'BAD_REQUEST' ? issuesOf(error.cause) : undefined;
  if (issues?.length) return { message: issues[0].message, issues };
  return { message: error.code === 'INTERNAL_SERVER_ERROR' ? M.common.internal : error.message };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const { message, issues } = publicError(error);
    return {
      ...shape,
      message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, issues },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Every procedure refuses NUL characters with a 400, the same way on SQLite and PostgreSQL. */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  if (hasNul(await getRawInput())) throw new TRPCError({ code: 'BAD_REQUEST', message: M.common.nulCharacter });
  return next();
});

/**
 * A valid staff session. The business always comes from it, never from input: `ctx.db` is the tenant-scoped
 * client (every query of a tenant-owned model is limited to this business) and `ctx.sql` runs hand-written
 * statements bound to it.
 */
export const staffProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.getStaff();
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
  const businessId = session.user.businessId;
  return runAsTenant(businessId, () =>
    next({
      ctx: {
        session,
        user: session.user,
        businessId,
        db: ctx.tenantDb,
        sql: tenantRunner(ctx.database.sqlExecutor, businessId),
      },
    }),
  );
});

/** A valid portal session; business, company and contact all come from it (a portal user always has a company). */
export const portalProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const session = await ctx.getPortal();
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
  const businessId = session.businessId;
  return runAsTenant(businessId, () =>
    next({
      ctx: {
        portalSession: session,
        businessId,
        companyId: session.contact.companyId,
        contactId: session.contact.id,
        db: ctx.tenantDb,
        sql: tenantRunner(ctx.database.sqlExecutor, businessId),
      },
    }),
  );
});
