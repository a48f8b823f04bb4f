/**
 * The app's own Express routes (file bytes, CSV and zip downloads: what tRPC's JSON cannot carry) are declared with
 * these wrappers, which run the procedures' checks (server/auth/access.ts) in the procedures' order, then the handler
 * inside runAsTenant with a domain scope (server/domain/context.ts), as a procedure gets its ctx:
 * - staffRoute: NUL refusal (path and query), staff session (401), two-factor set-up (403), API token if sessionOnly
 *   (403), the role's permission (403) — like staffProcedure / sessionProcedure / permittedProcedure;
 * - portalRoute: NUL refusal, portal session (401), a preview's write (403) — like portalProcedure;
 * - staffOrPortalRoute: a staff session (checked as staffRoute), else a portal one (reads only);
 * - publicRoute: NUL refusal only — like publicProcedure.
 * Every staff route declares a permission, or `anyStaff` with the reason it has none (the access and role matrices
 * read it from ./registry.ts).
 */
import type { Request, Response } from 'express';
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import type { Permission } from '../../shared/permissions';
import {
  refuseNul,
  requirePermission,
  requireCompanyChosen,
  requirePortal,
  requireSignedIn,
  requireStaff,
  tenantClients,
} from '../auth/access';
import type { PortalSessionInfo, StaffSession } from '../auth/sessions';
import type { PortalScope, StaffScope } from '../domain/context';
import { runAsTenant } from '../tenancy';
import type { AppScope, Context } from '../trpc';

export type HttpMethod = 'GET' | 'POST';

/** Who may call a staff route: one permission, or every staff member, with the reason it needs none. */
export type StaffAccess = (
  | { permission: Permission; anyStaff?: never }
  | {
      permission?: never;
      /** Why every staff member may call it (checks inside, if any, say the rest). */
      anyStaff: string;
    }
) & {
  /** Refused to personal API tokens (as sessionProcedure). */
  sessionOnly?: boolean;
};

type Handler<S> = (scope: S, req: Request, res: Response) => Promise<unknown>;

/** A staff route's or a portal route's caller, for a route both may call. */
export type StaffOrPortal = { staff: StaffScope; portal?: never } | { staff?: never; portal: PortalScope };

type RouteBase = {
  method: HttpMethod;
  /** Express's form (`:id`). */
  path: string;
  /** Only when this query parameter is present (else the next route of the same path answers), as in server/rest. */
  when?: string;
  /** Runs the checks, then the handler. */
  run(ctx: Context): Promise<unknown>;
};

export type HttpRoute = RouteBase &
  (
    | ({ kind: 'staff' | 'staffOrPortal' } & StaffAccess)
    | { kind: 'portal'; allowPreview: boolean }
    | {
        kind: 'public';
        /** Why anyone may call it. */
        reason: string;
      }
  );

/** A route staff call (alone, or beside portal clients): its access is declared. */
export type StaffHttpRoute = Extract<HttpRoute, { kind: 'staff' | 'staffOrPortal' }>;
export const isStaffRoute = (route: HttpRoute): route is StaffHttpRoute =>
  route.kind === 'staff' || route.kind === 'staffOrPortal';

/** A procedure's NUL refusal, over what a route takes from its URL (a multipart body's fields are checked once read). */
const refuseNulInUrl = (req: Request) => refuseNul([req.params, req.query]);

function staffScope(app: AppScope, session: StaffSession): StaffScope {
  return { ...tenantClients(app, session.user.businessId), user: session.user, session, app };
}

function portalScope(app: AppScope, session: PortalSessionInfo): PortalScope {
  return {
    ...tenantClients(app, session.businessId),
    companyId: session.contact.companyId,
    contactId: session.contact.id,
    portalSession: session,
    app,
  };
}

async function checkedStaff(ctx: Context, access: StaffAccess): Promise<StaffScope> {
  // No route is part of the two-factor set-up: all are refused until it is done.
  const session = await requireStaff(ctx.sessions, false);
  if (access.sessionOnly) requireSignedIn(session);
  if (access.permission) requirePermission(session, access.permission);
  return staffScope(ctx.app, session);
}

export function staffRoute(
  method: HttpMethod,
  path: string,
  access: StaffAccess & { when?: string },
  handler: Handler<StaffScope>,
): HttpRoute {
  return {
    ...access,
    method,
    path,
    kind: 'staff',
    async run(ctx) {
      refuseNulInUrl(ctx.req);
      const scope = await checkedStaff(ctx, access);
      return runAsTenant(scope.businessId, () => handler(scope, ctx.req, ctx.res));
    },
  };
}

/** allowPreview: a staff preview of the portal may call it although it is no GET (none does today). */
export function portalRoute(
  method: HttpMethod,
  path: string,
  options: { allowPreview?: boolean },
  handler: Handler<PortalScope>,
): HttpRoute {
  const allowPreview = options.allowPreview ?? false;
  return {
    method,
    path,
    kind: 'portal',
    allowPreview,
    async run(ctx) {
      refuseNulInUrl(ctx.req);
      const session = await requirePortal(ctx.sessions, method !== 'GET' && !allowPreview);
      const scope = portalScope(ctx.app, session);
      return runAsTenant(scope.businessId, () => handler(scope, ctx.req, ctx.res));
    },
  };
}

/**
 * Staff (checked as staffRoute), else a portal client: reads only, so a preview may call it too. Neither: 401 with
 * the staff message (the portal's "no token" is for portal-only routes).
 */
export function staffOrPortalRoute(
  method: 'GET',
  path: string,
  access: StaffAccess,
  handler: Handler<StaffOrPortal>,
): HttpRoute {
  return {
    ...access,
    method,
    path,
    kind: 'staffOrPortal',
    async run(ctx) {
      refuseNulInUrl(ctx.req);
      if (await ctx.sessions.getStaff()) {
        const staff = await checkedStaff(ctx, access);
        return runAsTenant(staff.businessId, () => handler({ staff }, ctx.req, ctx.res));
      }
      const session = await ctx.sessions.getPortal();
      if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
      requireCompanyChosen(session);
      const portal = portalScope(ctx.app, session);
      return runAsTenant(portal.businessId, () => handler({ portal }, ctx.req, ctx.res));
    },
  };
}

export function publicRoute(
  method: HttpMethod,
  path: string,
  options: { reason: string },
  handler: Handler<{ app: AppScope }>,
): HttpRoute {
  return {
    method,
    path,
    kind: 'public',
    reason: options.reason,
    async run(ctx) {
      refuseNulInUrl(ctx.req);
      return handler({ app: ctx.app }, ctx.req, ctx.res);
    },
  };
}
