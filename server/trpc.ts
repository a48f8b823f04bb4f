import { initTRPC, type TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { LIVE } from '../shared/live';
import { M } from '../shared/messages';
import { RequestSessions, type AppDeps, type AppScope } from './app-scope';
import { requestIdOf } from './log';
import { withSyncParsing } from './lib/sync-parsing';
import { runAsTenant, tenantScopedDb } from './tenancy';
import type { Permission } from '../shared/permissions';
import {
  refuseNul,
  requirePermission,
  requirePortal,
  requireSignedIn,
  requireStaff,
  tenantClients,
} from './auth/access';

export type { AppDeps, AppScope } from './app-scope';

/** onApp: told the app's scope once it is built (server/app.ts registers the e-mail reply handler with it). */
export function createContextFactory(deps: AppDeps, onApp?: (app: AppScope) => void) {
  // One tenant-scoped client per app; the business comes from the procedure being run (server/tenancy.ts).
  const app: AppScope = {
    ...deps,
    tenantDb: tenantScopedDb(deps.database.db),
    secureCookies: deps.env.publicUrl.startsWith('https://'),
  };
  onApp?.(app);
  // Few keys on purpose: tRPC copies the context at every middleware.
  return function createContext({ req, res }: { req: Request; res: Response }) {
    return {
      app,
      /** Unscoped: auth, sign-up and public branding look-ups only. Tenant procedures use `ctx.db`. */
      unscopedDb: deps.database.db,
      req,
      res,
      ip: req.ip ?? 'unknown',
      sessions: new RequestSessions(app, req, res),
    };
  };
}

export type Context = ReturnType<ReturnType<typeof createContextFactory>>;

export type FieldIssue = { path: string; message: string };

/** Validation failures carry their issues; the message is the first issue's text (the spec's message). */
function issuesOf(error: unknown): FieldIssue[] | undefined {
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

/**
 * What a procedure declares about itself, for tests and documents that walk the router (the checks themselves are
 * the middlewares below): permission, the shared/permissions.ts permission it needs (permittedProcedure);
 * sessionOnly, refused to API tokens (sessionProcedure).
 */
export type ProcedureMeta = { permission?: Permission; sessionOnly?: boolean };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    // Live updates (server/live): a ping keeps proxies from closing a quiet stream; a window that hears nothing for
    // longer reconnects (and catches up from the last event id it saw).
    sse: {
      ping: { enabled: true, intervalMs: LIVE.pingMs },
      client: { reconnectAfterInactivityMs: LIVE.reconnectAfterInactivityMs },
    },
    // data.requestId: the request's id (its X-Request-Id header, the reqId of its log lines), to quote in a report.
    errorFormatter({ shape, error, ctx }) {
      const { message, issues } = publicError(error);
      return {
        ...shape,
        message,
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          path: shape.data.path,
          issues,
          requestId: requestIdOf(ctx?.res),
        },
      };
    },
  });

export const router = t.router;
/** Every procedure is built from this one: its schemas parse synchronously first (./lib/sync-parsing.ts). */
const procedure = withSyncParsing(t.procedure);

// The checks themselves are server/auth/access.ts's, shared with the app's Express routes (server/http/).
export const publicProcedure = procedure.use(async ({ getRawInput, next }) => {
  refuseNul(await getRawInput());
  return next();
});

/**
 * What a staff session may still call while its agency requires two-factor sign-in and the user has not set it up
 * (read with the session, no extra query): who they are, signing out, and the set-up. API tokens of such a user get nothing.
 * The app's own routes (server/http/) are never part of the set-up: refused the same way.
 */
const TWO_FACTOR_SETUP_PATHS: ReadonlySet<string> = new Set([
  'auth.me',
  'auth.logout',
  'twoFactor.status',
  'twoFactor.beginSetup',
  'twoFactor.enable',
]);

/**
 * A valid staff session. The business always comes from it, never from input: `ctx.db` is the tenant-scoped
 * client (every query of a tenant-owned model is limited to this business) and `ctx.sql` runs hand-written
 * statements bound to it.
 */
// Staff and portal procedures are one middleware each, NUL check included: tRPC copies the context at every
// middleware, and this is on every request's path.
export const staffProcedure = procedure.use(async ({ ctx, getRawInput, next, path }) => {
  refuseNul(await getRawInput());
  const session = await requireStaff(ctx.sessions, TWO_FACTOR_SETUP_PATHS.has(path));
  const businessId = session.user.businessId;
  return runAsTenant(businessId, () =>
    next({ ctx: { session, user: session.user, ...tenantClients(ctx.app, businessId) } }),
  );
});

/**
 * A signed-in staff session, not a personal API token (FORBIDDEN): for what manages credentials and access — the
 * user's own e-mail and password, signing out, API tokens, the team — so a leaked token can read and change the
 * agency's data with its owner's rights but cannot make itself a password, another token or a new teammate.
 */
export const sessionProcedure = staffProcedure.meta({ sessionOnly: true }).use(({ ctx, next }) => {
  requireSignedIn(ctx.session);
  return next();
});

/**
 * A staff session whose role holds the permission (shared/permissions.ts, the one permission module); other staff
 * get FORBIDDEN. The role is read with the session on every request, so a changed role counts at once.
 * The procedure's meta names the permission (tests/integration/role-matrix.test.ts finds every such procedure by it).
 * sessionOnly: also refused to API tokens (see sessionProcedure).
 */
export const permittedProcedure = (permission: Permission, options: { sessionOnly?: boolean } = {}) =>
  (options.sessionOnly ? sessionProcedure : staffProcedure).meta({ permission }).use(({ ctx, next }) => {
    requirePermission(ctx.session, permission);
    return next();
  });

/**
 * A staff preview of the portal (PortalSessionInfo.preview) reads as the contact and changes nothing: every portal
 * mutation but these is refused with M.portal.preview.readOnly, and so is every portal route but a GET (server/http/).
 */
export const PREVIEW_ALLOWED_MUTATIONS: ReadonlySet<string> = new Set(['portalAuth.logout', 'portalCompanies.choose']);

/** What a portal session may call before its contact has chosen a company (server/auth/access.ts requireCompanyChosen). */
const BEFORE_COMPANY_CHOICE: ReadonlySet<string> = new Set([
  'portalAuth.me',
  'portalAuth.logout',
  'portalCompanies.list',
  'portalCompanies.choose',
]);

/**
 * A valid portal session; business, company and contact all come from it (a portal user always has a company: the
 * session's active one, resolved and checked against the contact's memberships on every request).
 */
export const portalProcedure = procedure.use(async ({ ctx, getRawInput, next, type, path }) => {
  refuseNul(await getRawInput());
  const session = await requirePortal(
    ctx.sessions,
    type !== 'query' && !PREVIEW_ALLOWED_MUTATIONS.has(path),
    BEFORE_COMPANY_CHOICE.has(path),
  );
  const businessId = session.businessId;
  return runAsTenant(businessId, () =>
    next({
      ctx: {
        portalSession: session,
        companyId: session.contact.companyId,
        contactId: session.contact.id,
        ...tenantClients(ctx.app, businessId),
      },
    }),
  );
});
