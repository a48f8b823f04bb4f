/** What every request shares (the app's dependencies, its tenant-scoped client) and its lazily read sessions. */
import type { Request, Response } from 'express';
import { SESSION } from '../shared/constants';
import type { LoginThrottle } from './auth/throttle';
import {
  daysToMs,
  validatePortalSession,
  validateStaffSession,
  type PortalSessionInfo,
  type StaffSession,
} from './auth/sessions';
import type { Database } from './db';
import type { Env } from './env';
import type { FileStorage } from './files/storage';
import type { Mailer } from './mail';
import { parseAuthorization } from './auth/authorization';
import { isApiToken, validateApiToken } from './auth/api-tokens';
import type { tenantScopedDb } from './tenancy';

/** What the app is built from; tests build their own. */
export type AppDeps = {
  env: Env;
  database: Database;
  throttle: LoginThrottle;
  storage: FileStorage;
  mailer: Mailer;
};

type SessionKind = 'staff' | 'portal';
const cookieName = (kind: SessionKind) => (kind === 'staff' ? SESSION.staffCookie : SESSION.portalCookie);

/** What every request shares: the app's dependencies and the one tenant-scoped client. */
export type AppScope = AppDeps & { tenantDb: ReturnType<typeof tenantScopedDb>; secureCookies: boolean };

/**
 * The request's sessions: looked up only when a procedure asks, at most once a request. With an Authorization
 * header, only its token counts (a malformed one is no session); the cookie is never used then.
 * A class, so a request allocates one small object rather than a handful of closures.
 */
export class RequestSessions {
  private staff?: Promise<StaffSession | null>;
  private portal?: Promise<PortalSessionInfo | null>;
  private readonly authorization: ReturnType<typeof parseAuthorization>;

  constructor(
    private readonly app: AppScope,
    private readonly req: Request,
    private readonly res: Response,
  ) {
    this.authorization = parseAuthorization(req.headers.authorization);
  }

  private tokenFor(kind: SessionKind): string | null {
    if (this.authorization) return this.authorization.token;
    return ((this.req.cookies ?? {}) as Record<string, string | undefined>)[cookieName(kind)] ?? null;
  }

  /** A personal API token (Bearer header only) stands for its owner's staff session; never for a portal one. */
  private get apiToken(): string | null {
    const token = this.authorization?.token;
    return token && isApiToken(token) ? token : null;
  }

  getStaff(): Promise<StaffSession | null> {
    const apiToken = this.apiToken;
    return (this.staff ??= apiToken
      ? validateApiToken(this.app.database, apiToken)
      : this.lookUp('staff', validateStaffSession));
  }

  /** Whether the request carries a portal token at all (an Authorization header, else the portal cookie). */
  hasPortalToken(): boolean {
    return this.tokenFor('portal') !== null;
  }

  getPortal(): Promise<PortalSessionInfo | null> {
    return (this.portal ??= this.apiToken ? Promise.resolve(null) : this.lookUp('portal', validatePortalSession));
  }

  /**
   * The request's session read again, for a live stream that stays open (server/live): no cookie is touched, the
   * reply has long started. Null when it has ended (signed out, access turned off, expired…).
   */
  async reread(kind: 'staff'): Promise<StaffSession | null>;
  async reread(kind: 'portal'): Promise<PortalSessionInfo | null>;
  async reread(kind: SessionKind): Promise<StaffSession | PortalSessionInfo | null> {
    const token = this.tokenFor(kind);
    if (!token) return null;
    const { SESSION_MAX_AGE_DAYS, PORTAL_SESSION_MAX_AGE_DAYS } = this.app.env;
    if (kind === 'portal')
      return this.apiToken
        ? null
        : validatePortalSession(this.app.database, token, daysToMs(PORTAL_SESSION_MAX_AGE_DAYS));
    const apiToken = this.apiToken;
    return apiToken
      ? validateApiToken(this.app.database, apiToken)
      : validateStaffSession(this.app.database, token, daysToMs(SESSION_MAX_AGE_DAYS));
  }

  private async lookUp<T extends { renewed: boolean; expiresAt: Date }>(
    kind: SessionKind,
    validate: (database: AppDeps['database'], token: string, maxAgeMs: number) => Promise<T | null>,
  ): Promise<T | null> {
    const token = this.tokenFor(kind);
    if (!token) return null;
    const { SESSION_MAX_AGE_DAYS, PORTAL_SESSION_MAX_AGE_DAYS } = this.app.env;
    const session = await validate(
      this.app.database,
      token,
      daysToMs(kind === 'staff' ? SESSION_MAX_AGE_DAYS : PORTAL_SESSION_MAX_AGE_DAYS),
    );
    if (!session && !this.authorization) this.clearSessionCookie(kind);
    if (session?.renewed && !this.authorization) this.setSessionCookie(kind, token, session.expiresAt);
    return session;
  }

  setSessionCookie(kind: SessionKind, token: string, expiresAt: Date) {
    this.res.cookie(cookieName(kind), token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.app.secureCookies,
      expires: expiresAt,
      path: '/',
    });
  }

  clearSessionCookie(kind: SessionKind) {
    this.res.clearCookie(cookieName(kind), {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.app.secureCookies,
      path: '/',
    });
  }
}
