/**
 * Sign-in through the agency's OpenID Connect provider, for staff (/auth/oidc/...) and for the agency's clients
 * (/auth/portal/oidc/<slug>/...): the authorization code flow with PKCE, state and nonce. Each start writes an SsoFlow
 * row (id: the state's SHA-256, so the database holds no usable state; the verifier and the nonce; 10 minutes), which
 * the provider's answer claims once. Every refusal is an SsoRefused: the transport shows its page and logs its line,
 * and no session is made. "Test connection" runs the same flow and keeps the outcome for the owner to read.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { SSO_FLOW_MS, SSO_FLOWS_MAX, type SsoAudience, type ssoTestResultOutput } from '../../../shared/schemas/sso';
import { recordActivity, staffActor } from '../../activity';
import type { AppScope } from '../../app-scope';
import { revokeUserApiTokens } from '../../auth/api-tokens';
import { hashPassword } from '../../auth/password';
import { createStaffSession, originOf } from '../../auth/sessions';
import { generateSessionToken, hashToken } from '../../auth/tokens';
import { isUniqueViolation } from '../../errors';
import { log } from '../../log';
import type { NewSession } from '../auth';
import type { StaffScope } from '../context';
import { startPortalSession } from '../portal-auth';
import { authorizationUrl, discoverCached, emailVerified, exchangeCode, newFlowSecrets, refusalReason } from './oidc';
import { connectionSecret, domainsOf, redirectUrls } from './settings';

export type SsoRefusalKind = keyof typeof M.sso.refused;

/** A refused sign-in: the page's text, its HTTP status and what the log line says (never a secret or a token). */
export class SsoRefused extends Error {
  constructor(
    readonly kind: SsoRefusalKind,
    message: string,
    readonly status = 403,
    readonly detail = '',
  ) {
    super(message);
  }
}

const refuse = (kind: Exclude<SsoRefusalKind, 'provider' | 'token'>, status = 403): never => {
  throw new SsoRefused(kind, M.sso.refused[kind], status);
};

type App = Pick<AppScope, 'database' | 'env' | 'mailer'>;
type ConnectionRow = NonNullable<Awaited<ReturnType<App['database']['db']['ssoConnection']['findFirst']>>>;

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);
const safeWord = (value: string) => value.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 60) || 'error';

/** Writes the flow and answers the provider's authorization URL to send the browser to. */
async function beginFlow(
  app: App,
  connection: ConnectionRow,
  redirectUri: string,
  options: { returnTo: string; test?: boolean; loginHint?: string },
) {
  const db = app.database.db;
  const config = await discoverCached(connection.issuer, connection.clientId, connectionSecret(app, connection), {
    fresh: options.test === true,
  }).catch((error: unknown) => {
    log.warn({ businessId: connection.businessId, reason: refusalReason(error).reason }, 'sso: discovery failed');
    return refuse('unavailable', 502);
  });
  const secrets = newFlowSecrets();
  const id = hashToken(secrets.state);
  // Flows nobody finished are cleared as new ones start; those still running are bounded per connection, so starts
  // nobody finishes (a script hammering the start page) cannot grow the table.
  await db.ssoFlow.deleteMany({ where: { expiresAt: { lt: new Date() } } });
  const running = await db.ssoFlow.count({
    where: { businessId: connection.businessId, connectionId: connection.id },
  });
  if (running >= SSO_FLOWS_MAX) refuse('busy', 429);
  await db.ssoFlow.create({
    data: {
      id,
      businessId: connection.businessId,
      connectionId: connection.id,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      returnTo: options.returnTo,
      test: options.test ?? false,
      expiresAt: new Date(Date.now() + SSO_FLOW_MS),
    },
  });
  const url = await authorizationUrl(config, { ...secrets, redirectUri, loginHint: options.loginHint });
  return { id, url };
}

/** The agency's enabled connection for this audience, or the "not available" refusal. */
async function enabledConnection(app: App, where: { businessId: number; audience: SsoAudience }) {
  const connection = await app.database.db.ssoConnection.findFirst({ where: { ...where, enabled: true } });
  return connection ?? refuse('unavailable', 404);
}

/**
 * A staff sign-in starts from the e-mail typed on the hub's sign-in page (the agency of that account, or the one
 * agency whose staff connection allows the e-mail's domain, for people created on first sign-in), or from the
 * agency's slug.
 */
export async function beginStaffSignIn(app: App, origin: string, input: { email?: string; slug?: string }) {
  const db = app.database.db;
  const email = input.email?.trim().toLowerCase() ?? '';
  let businessId: number | undefined;
  if (input.slug) {
    businessId = (await db.business.findUnique({ where: { slug: input.slug.toLowerCase() }, select: { id: true } }))
      ?.id;
  } else if (email.includes('@')) {
    businessId = (await db.user.findUnique({ where: { email }, select: { businessId: true } }))?.businessId;
    if (businessId === undefined) {
      const candidates = await db.ssoConnection.findMany({
        where: { audience: 'staff', enabled: true },
        select: { businessId: true, allowedDomains: true },
      });
      const matching = candidates.filter((c) => domainsOf(c).includes(domainOf(email)));
      if (matching.length === 1) businessId = matching[0].businessId;
    }
  }
  if (businessId === undefined) return refuse('noAccount', 404);
  const connection = await enabledConnection(app, { businessId, audience: 'staff' });
  const slug = (await db.business.findUniqueOrThrow({ where: { id: businessId }, select: { slug: true } })).slug;
  return (
    await beginFlow(app, connection, redirectUrls(origin, slug).staff, {
      returnTo: '/hub',
      loginHint: email || undefined,
    })
  ).url;
}

/** A client's sign-in starts from their agency's portal sign-in page. */
export async function beginClientSignIn(app: App, origin: string, slug: string) {
  const business = await app.database.db.business.findUnique({
    where: { slug: slug.toLowerCase() },
    select: { id: true, slug: true },
  });
  if (!business) return refuse('unavailable', 404);
  const connection = await enabledConnection(app, { businessId: business.id, audience: 'client' });
  return (
    await beginFlow(app, connection, redirectUrls(origin, business.slug).client, {
      returnTo: `/portal/${business.slug}/dashboard`,
    })
  ).url;
}

/** "Test connection": the owner's own round trip through the provider, whether or not the connection is enabled. */
export async function beginSsoTest(
  scope: Pick<StaffScope, 'app' | 'businessId'>,
  origin: string,
  audience: SsoAudience,
) {
  const db = scope.app.database.db;
  const connection = await db.ssoConnection.findFirst({ where: { businessId: scope.businessId, audience } });
  if (!connection) throw new TRPCError({ code: 'NOT_FOUND', message: M.sso.notConfigured });
  const business = await db.business.findUniqueOrThrow({ where: { id: scope.businessId }, select: { slug: true } });
  const { id, url } = await beginFlow(scope.app, connection, redirectUrls(origin, business.slug)[audience], {
    returnTo: '',
    test: true,
  });
  return { testId: id, url };
}

type TestResult = z.infer<typeof ssoTestResultOutput>;
const TEST_CLAIMED = 'claimed';

export async function ssoTestResult(scope: Pick<StaffScope, 'db' | 'businessId'>, testId: string): Promise<TestResult> {
  const flow = await scope.db.ssoFlow.findFirst({
    where: { id: testId, businessId: scope.businessId, test: true },
    select: { testResult: true },
  });
  if (!flow) throw new TRPCError({ code: 'NOT_FOUND', message: M.sso.testNotFound });
  if (!flow.testResult || flow.testResult === TEST_CLAIMED)
    return { done: false, ok: false, claims: null, error: null };
  const result = JSON.parse(flow.testResult) as { claims?: Record<string, unknown>; error?: string };
  return { done: true, ok: !result.error, claims: result.claims ?? null, error: result.error ?? null };
}

type ClaimedFlow = Awaited<ReturnType<typeof claimFlow>>;

/**
 * The flow the answer's state names, claimed once (a real sign-in's row is deleted; a test's is marked, to keep its
 * outcome): unknown, already used, or another audience's or agency's → the state refusal; past its 10 minutes → expired.
 */
async function claimFlow(app: App, state: string | null, audience: SsoAudience, slug?: string) {
  if (!state) return refuse('state', 400);
  const db = app.database.db;
  const id = hashToken(state);
  const flow = await db.ssoFlow.findUnique({
    where: { id },
    include: { connection: true, business: { select: { slug: true } } },
  });
  if (!flow || flow.connection.audience !== audience || (slug !== undefined && flow.business.slug !== slug))
    return refuse('state', 400);
  const claimed = flow.test
    ? await db.ssoFlow.updateMany({ where: { id, testResult: null }, data: { testResult: TEST_CLAIMED } })
    : await db.ssoFlow.deleteMany({ where: { id } });
  if (claimed.count !== 1) return refuse('state', 400);
  if (flow.expiresAt.getTime() <= Date.now()) {
    if (flow.test) await finishTest(app, flow, { error: M.sso.refused.expired });
    return refuse('expired', 400);
  }
  return { ...flow, state };
}

/** The provider's answer, exchanged and checked: its claims, or the refusal. */
async function claimsOf(app: App, flow: ClaimedFlow, redirectUri: string, query: URLSearchParams) {
  const providerError = query.get('error');
  if (providerError) {
    const word = safeWord(providerError);
    throw new SsoRefused('provider', M.sso.refused.provider(word), 403, word);
  }
  const currentUrl = new URL(redirectUri);
  currentUrl.search = query.toString();
  try {
    const config = await discoverCached(
      flow.connection.issuer,
      flow.connection.clientId,
      connectionSecret(app, flow.connection),
    );
    return await exchangeCode(config, currentUrl, flow);
  } catch (error) {
    const { kind, reason } = refusalReason(error);
    throw new SsoRefused(
      kind,
      kind === 'provider' ? M.sso.refused.provider(safeWord(reason)) : M.sso.refused.token(reason),
      403,
      reason,
    );
  }
}

async function finishTest(
  app: App,
  flow: { id: string },
  result: { claims?: Record<string, unknown>; error?: string },
) {
  await app.database.db.ssoFlow.updateMany({
    where: { id: flow.id },
    data: { testResult: JSON.stringify(result), expiresAt: new Date(Date.now() + SSO_FLOW_MS) },
  });
}

type Identity = {
  subject: string;
  email: string;
  problem: 'noEmail' | 'unverified' | 'domain' | null;
  claims: Record<string, unknown>;
};

/** Who the provider says this is ("<issuer> <sub>", the verified e-mail) and what, if anything, is wrong with it. */
function identityOf(claims: Record<string, unknown>, domains: string[], domainsRequired: boolean): Identity {
  const subject = `${String(claims.iss)} ${String(claims.sub)}`;
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  let problem: Identity['problem'] = null;
  if (!email.includes('@')) problem = 'noEmail';
  else if (!emailVerified(claims)) problem = 'unverified';
  else if ((domainsRequired || domains.length > 0) && !domains.includes(domainOf(email))) problem = 'domain';
  return { subject, email, problem, claims };
}

/** Names for a person created on first sign-in, from the provider's profile claims (or the e-mail's local part). */
function namesOf(claims: Record<string, unknown>, email: string) {
  const text = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 100) : '');
  let firstName = text(claims.given_name);
  let lastName = text(claims.family_name);
  if (!firstName && !lastName) {
    const [first, ...rest] = (text(claims.name) || email.slice(0, email.indexOf('@'))).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  return { firstName: firstName || email.slice(0, email.indexOf('@')).slice(0, 100), lastName };
}

type Finished = { session: NewSession; returnTo: string } | { test: true };

/** Runs a test flow's answer through the same checks, keeping what the provider sent, or why it was refused. */
async function completeTest(
  app: App,
  flow: ClaimedFlow,
  redirectUri: string,
  query: URLSearchParams,
): Promise<Finished> {
  try {
    const claims = await claimsOf(app, flow, redirectUri, query);
    const identity = identityOf(claims, domainsOf(flow.connection), flow.connection.audience === 'staff');
    await finishTest(app, flow, identity.problem ? { claims, error: M.sso.refused[identity.problem] } : { claims });
  } catch (error) {
    await finishTest(app, flow, { error: error instanceof Error ? error.message : String(error) });
  }
  return { test: true };
}

/**
 * Ends a user's access at once because their provider refused them: blocked, every session and API token gone.
 */
async function blockUser(
  app: App,
  user: { id: number; businessId: number; firstName: string; lastName: string },
  why: string,
) {
  await app.database.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { blockedAt: new Date() } });
    await tx.session.deleteMany({ where: { userId: user.id } });
    await revokeUserApiTokens(tx, user);
    await recordActivity(
      tx,
      user.businessId,
      { type: 'system', name: 'Single sign-on' },
      {
        entityType: 'team',
        entityId: user.id,
        entityName: `${user.firstName} ${user.lastName}`.trim(),
        action: 'updated',
        changes: [{ field: 'blocked', from: 'no', to: 'yes' }],
      },
    );
  });
  log.warn(
    { businessId: user.businessId, userId: user.id, reason: why },
    'sso: user blocked, the provider refused them',
  );
}

/** The staff callback: the user of this subject, else of this verified e-mail, else a new one with the default role. */
export async function finishStaffSignIn(
  app: App,
  origin: string,
  query: URLSearchParams,
  client: Parameters<typeof originOf>[0] = { ip: '' },
): Promise<Finished> {
  const flow = await claimFlow(app, query.get('state'), 'staff');
  const redirectUri = redirectUrls(origin, flow.business.slug).staff;
  if (flow.test) return completeTest(app, flow, redirectUri, query);
  const { connection, businessId } = flow;
  if (!connection.enabled) refuse('unavailable', 404);
  const claims = await claimsOf(app, flow, redirectUri, query);
  const identity = identityOf(claims, domainsOf(connection), true);
  const db = app.database.db;
  const userSelect = {
    id: true,
    businessId: true,
    firstName: true,
    lastName: true,
    email: true,
    ssoSubject: true,
    blockedAt: true,
  } as const;
  const bySubject = await db.user.findFirst({
    where: { businessId, ssoSubject: identity.subject },
    select: userSelect,
  });
  if (identity.problem) {
    // The provider vouches for this person (their subject) but no longer for their access: deprovisioned.
    if (bySubject && !bySubject.blockedAt) await blockUser(app, bySubject, identity.problem);
    return refuse(identity.problem);
  }
  const user = bySubject ?? (await db.user.findUnique({ where: { email: identity.email }, select: userSelect }));
  if (user && user.businessId !== businessId) return refuse('noAccount');
  if (user?.blockedAt) return refuse('blocked');
  if (user?.ssoSubject && user.ssoSubject !== identity.subject) return refuse('subjectTaken');
  const passwordHash = user ? '' : await hashPassword(generateSessionToken());
  const session = await db
    .$transaction(async (tx) => {
      let id = user?.id;
      if (user && !user.ssoSubject)
        await tx.user.update({ where: { id: user.id }, data: { ssoSubject: identity.subject } });
      if (!user) {
        const created = await tx.user.create({
          data: {
            businessId,
            email: identity.email,
            ...namesOf(claims, identity.email),
            // Nobody knows this password: the person signs in through the provider (or resets it, when allowed).
            passwordHash,
            role: connection.defaultRole,
            ssoSubject: identity.subject,
          },
          select: { id: true, firstName: true, lastName: true },
        });
        id = created.id;
        await recordActivity(tx, businessId, staffActor(created), {
          entityType: 'team',
          entityId: created.id,
          entityName: `${created.firstName} ${created.lastName}`.trim(),
          action: 'created',
          changes: [{ field: 'role', from: null, to: connection.defaultRole }],
        });
      }
      return createStaffSession(tx, id as number, originOf(client, 'sso'));
    })
    .catch((error: unknown) => {
      // Two first sign-ins racing, or the subject linked meanwhile: the unique index decides.
      if (isUniqueViolation(error)) refuse('subjectTaken');
      throw error;
    });
  log.info({ businessId, created: !user }, 'sso: staff signed in');
  return { session, returnTo: flow.returnTo || '/hub' };
}

/**
 * The client callback: the contact of this subject, else of this verified e-mail (with portal access), else, for an
 * allowed domain, a new contact with portal access in the connection's company (when it names one).
 */
export async function finishClientSignIn(
  app: App,
  origin: string,
  slug: string,
  query: URLSearchParams,
): Promise<Finished> {
  const flow = await claimFlow(app, query.get('state'), 'client', slug.toLowerCase());
  const redirectUri = redirectUrls(origin, flow.business.slug).client;
  if (flow.test) return completeTest(app, flow, redirectUri, query);
  const { connection, businessId } = flow;
  if (!connection.enabled) refuse('unavailable', 404);
  const claims = await claimsOf(app, flow, redirectUri, query);
  const identity = identityOf(claims, domainsOf(connection), false);
  if (identity.problem) return refuse(identity.problem);
  const db = app.database.db;
  const contactSelect = {
    id: true,
    firstName: true,
    lastName: true,
    companyId: true,
    portalAccess: true,
    ssoSubject: true,
    company: { select: { archivedAt: true } },
  } as const;
  const contact =
    (await db.contact.findFirst({ where: { businessId, ssoSubject: identity.subject }, select: contactSelect })) ??
    (await db.contact.findFirst({ where: { businessId, email: identity.email }, select: contactSelect }));
  if (contact?.ssoSubject && contact.ssoSubject !== identity.subject) return refuse('subjectTaken');
  if (contact && (!contact.portalAccess || contact.companyId === null || contact.company?.archivedAt))
    return refuse('noPortalAccess');
  if (!contact && connection.autoCreateCompanyId === null) return refuse('noPortalAccess');
  const session = await db
    .$transaction(async (tx) => {
      if (contact) {
        if (!contact.ssoSubject)
          await tx.contact.update({ where: { id: contact.id }, data: { ssoSubject: identity.subject } });
        return startPortalSession(tx, businessId, { ...contact, companyId: contact.companyId as number });
      }
      const companyId = connection.autoCreateCompanyId as number;
      const company = await tx.company.findFirst({ where: { businessId, id: companyId, archivedAt: null } });
      if (!company) refuse('noPortalAccess');
      const created = await tx.contact.create({
        data: {
          businessId,
          companyId,
          email: identity.email,
          ...namesOf(claims, identity.email),
          portalAccess: true,
          ssoSubject: identity.subject,
        },
        select: { id: true, firstName: true, lastName: true, companyId: true },
      });
      await recordActivity(
        tx,
        businessId,
        { type: 'system', name: 'Single sign-on' },
        {
          entityType: 'contact',
          entityId: created.id,
          entityName: `${created.firstName} ${created.lastName}`.trim(),
          companyId,
          action: 'created',
        },
      );
      return startPortalSession(tx, businessId, { ...created, companyId });
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error)) refuse('subjectTaken');
      throw error;
    });
  log.info({ businessId, contactId: contact?.id ?? null }, 'sso: client signed in');
  return { session, returnTo: flow.returnTo || `/portal/${flow.business.slug}/dashboard` };
}
