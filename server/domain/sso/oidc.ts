/**
 * The OpenID Connect relying party, on the well-kept `openid-client` (v6): discovery from the issuer URL, the
 * authorization URL with PKCE (S256), state and nonce, and the code exchange, whose checks (state, nonce, issuer,
 * audience, signature, expiry, PKCE at the provider) are the library's. Nothing here logs or returns the secret.
 */
import * as client from 'openid-client';

/** Plain http is only for a provider on this machine (development, the tests' provider); anywhere else https. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
export const isAllowedIssuerUrl = (issuer: string) => {
  try {
    const url = new URL(issuer);
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
  } catch {
    return false;
  }
};

/** A provider that does not answer within this time fails the discovery or the exchange (seconds). */
const TIMEOUT_SECONDS = 10;

/** The provider's configuration for this client, read from `<issuer>/.well-known/openid-configuration`. */
export async function discover(issuer: string, clientId: string, clientSecret: string) {
  const url = new URL(issuer);
  return client.discovery(url, clientId, clientSecret, client.ClientSecretPost(clientSecret), {
    execute: url.protocol === 'http:' ? [client.allowInsecureRequests] : [],
    timeout: TIMEOUT_SECONDS,
  });
}

export type ProviderConfig = Awaited<ReturnType<typeof discover>>;

/** A discovered configuration is reused this long by sign-ins (its signing keys are cached on it by the library). */
const DISCOVERY_TTL_MS = 10 * 60 * 1000;
/** At most this many configurations are kept (one per connection in use; the oldest goes first). */
const DISCOVERY_CACHE_MAX = 200;
const discovered = new Map<string, { config: Promise<ProviderConfig>; until: number }>();

/**
 * discover(), reused for DISCOVERY_TTL_MS: a sign-in then makes no request to the provider before the redirect, and
 * a provider that is slow for a moment does not hold every sign-in. Keyed by issuer, client id and the secret (a
 * changed secret or issuer is discovered anew); a failed discovery is not kept. "Test connection" asks the provider
 * afresh (options.fresh) and keeps the answer; saving calls discover() itself.
 */
export function discoverCached(
  issuer: string,
  clientId: string,
  clientSecret: string,
  options: { fresh?: boolean } = {},
) {
  const now = Date.now();
  const key = JSON.stringify([issuer, clientId, clientSecret]);
  const hit = discovered.get(key);
  if (hit && hit.until > now && !options.fresh) return hit.config;
  discovered.delete(key);
  const config = discover(issuer, clientId, clientSecret);
  discovered.set(key, { config, until: now + DISCOVERY_TTL_MS });
  config.catch(() => {
    if (discovered.get(key)?.config === config) discovered.delete(key);
  });
  while (discovered.size > DISCOVERY_CACHE_MAX) discovered.delete(discovered.keys().next().value as string);
  return config;
}

/** A new flow's secrets: the state (whose hash names the SsoFlow row), the PKCE verifier and the nonce. */
export function newFlowSecrets() {
  return { state: client.randomState(), codeVerifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() };
}

export async function authorizationUrl(
  config: ProviderConfig,
  flow: { state: string; codeVerifier: string; nonce: string; redirectUri: string; loginHint?: string },
) {
  const parameters: Record<string, string> = {
    redirect_uri: flow.redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
    code_challenge_method: 'S256',
    state: flow.state,
    nonce: flow.nonce,
  };
  if (flow.loginHint) parameters.login_hint = flow.loginHint;
  return client.buildAuthorizationUrl(config, parameters).href;
}

/**
 * The provider's answer at the redirect URL (currentUrl: the registered redirect URL with the answer's query),
 * exchanged for tokens and checked; the claims of the ID token, completed from the user info endpoint when the ID
 * token carries no e-mail (providers that keep it there). Throws the library's errors.
 */
export async function exchangeCode(
  config: ProviderConfig,
  currentUrl: URL,
  checks: { state: string; codeVerifier: string; nonce: string },
): Promise<Record<string, unknown>> {
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    pkceCodeVerifier: checks.codeVerifier,
    idTokenExpected: true,
  });
  const idClaims = tokens.claims();
  if (!idClaims) throw new Error('no ID token');
  const claims: Record<string, unknown> = { ...idClaims };
  if (claims.email === undefined && tokens.access_token) {
    const info = await client.fetchUserInfo(config, tokens.access_token, idClaims.sub);
    for (const [key, value] of Object.entries(info)) if (!(key in claims)) claims[key] = value;
  }
  return claims;
}

/** Why the provider or the library refused, in words safe to show and log (never a token or the secret). */
export function refusalReason(error: unknown): { kind: 'provider' | 'token'; reason: string } {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
    return { kind: 'provider', reason: String(error.error) };
  }
  // openid-client's own message is general ("unexpected JWT claim value encountered"); its cause names the claim.
  const cause = error instanceof Error ? (error.cause as { message?: unknown } | undefined) : undefined;
  const message =
    typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error);
  return { kind: 'token', reason: message.slice(0, 200) };
}

/** A verified e-mail: email_verified true (Google, Okta, Keycloak…), or Microsoft Entra's xms_edov (domain owner verified). */
export const emailVerified = (claims: Record<string, unknown>) =>
  claims.email_verified === true ||
  claims.email_verified === 'true' ||
  claims.xms_edov === true ||
  claims.xms_edov === 'true' ||
  claims.xms_edov === 1;

/** A short name for the sign-in button, from the issuer's host. */
export function providerName(issuer: string): string {
  let host = '';
  try {
    host = new URL(issuer).hostname;
  } catch {
    return '';
  }
  if (host === 'accounts.google.com') return 'Google';
  if (host.endsWith('microsoftonline.com') || host.endsWith('microsoft.com')) return 'Microsoft';
  if (host.endsWith('okta.com')) return 'Okta';
  if (host.endsWith('auth0.com')) return 'Auth0';
  if (/keycloak/i.test(issuer)) return 'Keycloak';
  if (/authentik/i.test(issuer)) return 'Authentik';
  return '';
}
