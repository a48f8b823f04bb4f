/**
 * Account → Security's single sign-on settings (owner only, security.manage): one OpenID Connect connection for the
 * team and one for the agency's clients. The provider is found from its issuer URL when saved (a clear error when
 * it cannot be); the client secret is sealed with the installation's key and never sent back.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import type { SsoAudience, SsoConnectionView, ssoSaveInput } from '../../../shared/schemas/sso';
import { recordActivity, staffActor } from '../../activity';
import { openSecret, sealSecret, secretKey } from '../../auth/secret-box';
import { fieldError } from '../../errors';
import { log } from '../../log';
import type { AppScope } from '../../app-scope';
import type { StaffScope } from '../context';
import { discover, isAllowedIssuerUrl, providerName } from './oidc';

type Connection = {
  id: number;
  businessId: number;
  audience: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowedDomains: string;
  defaultRole: string;
  autoCreateCompanyId: number | null;
  enabled: boolean;
  required: boolean;
  updatedAt: Date;
};

export const domainsOf = (connection: Pick<Connection, 'allowedDomains'>) =>
  connection.allowedDomains ? connection.allowedDomains.split(',') : [];

/** What the owner sees of a connection: everything but the secret. */
function connectionView(connection: Connection): SsoConnectionView {
  return {
    id: connection.id,
    audience: connection.audience as SsoAudience,
    issuer: connection.issuer,
    clientId: connection.clientId,
    hasSecret: connection.clientSecret !== '',
    allowedDomains: domainsOf(connection),
    defaultRole: connection.defaultRole,
    autoCreateCompanyId: connection.autoCreateCompanyId,
    enabled: connection.enabled,
    required: connection.required,
    providerName: providerName(connection.issuer) || M.sso.providerFallback,
    updatedAt: connection.updatedAt,
  };
}

/** The connection's secret, opened with this server's key. */
export function connectionSecret(app: Pick<AppScope, 'env'>, connection: Pick<Connection, 'clientSecret'>) {
  const secret = openSecret(secretKey(app.env), connection.clientSecret);
  if (secret === null) throw new TRPCError({ code: 'PRECONDITION_FAILED', message: M.sso.secretUnreadable });
  return secret;
}

/** The redirect URLs to register at the provider (origin: PUBLIC_URL's, or the request's when it is unset). */
export const redirectUrls = (origin: string, slug: string) => ({
  staff: `${origin}/auth/oidc/callback`,
  client: `${origin}/auth/portal/oidc/${encodeURIComponent(slug)}/callback`,
});

export async function ssoSettings(scope: Pick<StaffScope, 'db' | 'businessId'>, origin: string) {
  const [connections, business, blocked] = await Promise.all([
    scope.db.ssoConnection.findMany({ where: { businessId: scope.businessId } }),
    scope.db.business.findUniqueOrThrow({ where: { id: scope.businessId }, select: { slug: true } }),
    scope.db.user.findMany({
      where: { businessId: scope.businessId, blockedAt: { not: null } },
      select: { id: true, firstName: true, lastName: true, email: true, blockedAt: true },
      orderBy: { blockedAt: 'desc' },
      take: 100,
    }),
  ]);
  const of = (audience: SsoAudience) => {
    const connection = connections.find((c) => c.audience === audience);
    return connection ? connectionView(connection) : null;
  };
  return {
    staff: of('staff'),
    client: of('client'),
    redirectUrls: redirectUrls(origin, business.slug),
    blockedUsers: blocked.map((u) => ({
      id: u.id,
      name: `${u.firstName} ${u.lastName}`.trim(),
      email: u.email,
      blockedAt: u.blockedAt as Date,
    })),
  };
}

/**
 * Creates or replaces the audience's connection. The issuer must answer discovery with this client id (and secret)
 * before anything is written; an empty secret keeps the stored one.
 */
export async function saveSsoConnection(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user' | 'app'>,
  input: z.infer<typeof ssoSaveInput>,
) {
  const { db, businessId } = scope;
  if (!isAllowedIssuerUrl(input.issuer)) fieldError('issuer', M.sso.issuerInvalid);
  if (input.allowedDomains.length === 0 && (input.audience === 'staff' || input.autoCreateCompanyId !== null))
    fieldError('allowedDomains', M.sso.domainsRequired);
  if (input.audience === 'client' && input.autoCreateCompanyId !== null) {
    const company = await db.company.findFirst({ where: { id: input.autoCreateCompanyId }, select: { id: true } });
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.sso.companyNotFound });
  }
  const existing = await db.ssoConnection.findFirst({ where: { businessId, audience: input.audience } });
  const secret = input.clientSecret !== '' ? input.clientSecret : existing ? connectionSecret(scope.app, existing) : '';
  if (secret === '') fieldError('clientSecret', M.sso.secretRequired);
  const issuer = input.issuer.replace(/\/+$/, '');
  try {
    await discover(issuer, input.clientId, secret);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : 'no answer';
    log.warn({ businessId, issuer, reason }, 'sso: discovery failed');
    fieldError('issuer', M.sso.discoveryFailed(reason));
  }
  const data = {
    issuer,
    clientId: input.clientId,
    clientSecret: sealSecret(secretKey(scope.app.env), secret),
    allowedDomains: input.allowedDomains.join(','),
    defaultRole: input.audience === 'staff' ? input.defaultRole : 'member',
    autoCreateCompanyId: input.audience === 'client' ? input.autoCreateCompanyId : null,
    enabled: input.enabled,
    required: input.audience === 'staff' && input.required,
  };
  const saved = await db.$transaction(async (tx) => {
    const row = existing
      ? await tx.ssoConnection.update({ where: { id: existing.id }, data })
      : await tx.ssoConnection.create({ data: { ...data, businessId, audience: input.audience } });
    // What changed, never the secret's value (only that it did).
    const changes = existing
      ? (['issuer', 'clientId', 'allowedDomains', 'defaultRole', 'autoCreateCompanyId', 'enabled', 'required'] as const)
          .filter((field) => existing[field] !== data[field])
          .map((field) => ({ field: `sso.${field}`, from: existing[field], to: data[field] }))
          .concat(input.clientSecret !== '' ? [{ field: 'sso.clientSecret', from: null, to: null }] : [])
      : [];
    await recordActivity(tx, businessId, staffActor(scope.user), {
      entityType: 'business',
      entityId: businessId,
      entityName: `SSO (${input.audience})`,
      action: existing ? 'updated' : 'created',
      changes,
    });
    return row;
  });
  return connectionView(saved);
}

export async function removeSsoConnection(
  scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>,
  audience: SsoAudience,
) {
  await scope.db.$transaction(async (tx) => {
    const removed = await tx.ssoConnection.deleteMany({ where: { businessId: scope.businessId, audience } });
    if (removed.count === 0) throw new TRPCError({ code: 'NOT_FOUND', message: M.sso.notConfigured });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'business',
      entityId: scope.businessId,
      entityName: `SSO (${audience})`,
      action: 'deleted',
    });
  });
  return { ok: true as const };
}

/** Lets a user the provider refused sign in again (their provider must still accept them). A foreign id: 404. */
export async function unblockUser(scope: Pick<StaffScope, 'db' | 'businessId' | 'user'>, userId: number) {
  await scope.db.$transaction(async (tx) => {
    const user = await tx.user.findFirst({
      where: { id: userId, blockedAt: { not: null } },
      select: { id: true, firstName: true, lastName: true },
    });
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: M.team.notFound });
    await tx.user.update({ where: { id: user.id }, data: { blockedAt: null } });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'team',
      entityId: user.id,
      entityName: `${user.firstName} ${user.lastName}`.trim(),
      action: 'updated',
      changes: [{ field: 'blocked', from: 'yes', to: 'no' }],
    });
  });
  return { ok: true as const };
}
