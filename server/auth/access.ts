/**
 * The access checks every entry point runs, in this order, and their refusals: the tRPC procedures (server/trpc.ts)
 * and the app's own Express routes (server/http/) call these same functions, so the two cannot drift.
 * Each throws a TRPCError; the Express routes answer it in the REST error shape (server/http/reply.ts).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { can, forbiddenMessage, type Permission } from '../../shared/permissions';
import type { TenantScope } from '../domain/context';
import { hasNul } from '../lib/input-guards';
import { tenantRunner } from '../sql';
import type { AppScope, RequestSessions } from '../app-scope';
import type { PortalSessionInfo, StaffSession } from './sessions';

/** Any input carrying a NUL character is refused with a 400, the same way on SQLite and PostgreSQL. */
export function refuseNul(input: unknown) {
  if (hasNul(input)) throw new TRPCError({ code: 'BAD_REQUEST', message: M.common.nulCharacter });
}

/**
 * The request's staff session (401 without one). While the agency requires two-factor sign-in and the user has not
 * set it up, only what `setupAllowed` names (the set-up itself) gets through, and never to an API token (403).
 */
export async function requireStaff(sessions: RequestSessions, setupAllowed = false): Promise<StaffSession> {
  const session = await sessions.getStaff();
  if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: M.auth.unauthenticated });
  if (session.twoFactorSetupNeeded && (session.apiTokenId !== null || !setupAllowed))
    throw new TRPCError({ code: 'FORBIDDEN', message: M.twoFactor.setupRequired });
  return session;
}

/** A signed-in session, not a personal API token (403): for what manages credentials and access. */
export function requireSignedIn(session: StaffSession) {
  if (session.apiTokenId !== null) throw new TRPCError({ code: 'FORBIDDEN', message: M.apiTokens.sessionOnly });
}

/** The user's role holds the permission (shared/permissions.ts), else 403 naming who may. */
export function requirePermission(session: StaffSession, permission: Permission) {
  if (!can(session.user.role, permission))
    throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage(permission) });
}

/**
 * The request's portal session (401: "no token" when none was sent at all). A staff preview of the portal reads as
 * the contact and changes nothing: a write (`writes`) is refused with M.portal.preview.readOnly.
 */
export async function requirePortal(
  sessions: RequestSessions,
  writes: boolean,
  beforeCompanyChoice = false,
): Promise<PortalSessionInfo> {
  const session = await sessions.getPortal();
  // Spec §8: "No portal authentication token found" when the token is missing.
  if (!session)
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: sessions.hasPortalToken() ? M.auth.unauthenticated : M.portalAuth.noToken,
    });
  if (session.preview && writes) throw new TRPCError({ code: 'FORBIDDEN', message: M.portal.preview.readOnly });
  if (!beforeCompanyChoice) requireCompanyChosen(session);
  return session;
}

/**
 * A contact of several companies chooses one before anything else: until then only what `beforeCompanyChoice` names
 * (who they are, their companies, the choice, signing out) gets through; the rest is 412 M.portalCompanies.chooseFirst.
 */
export function requireCompanyChosen(session: PortalSessionInfo) {
  if (session.needsCompany)
    throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.portalCompanies.chooseFirst });
}

/** The tenant's clients for a business taken from a session, never from input. */
export function tenantClients(app: AppScope, businessId: number): TenantScope {
  return { businessId, db: app.tenantDb, sql: tenantRunner(app.database.sqlExecutor, businessId) };
}
