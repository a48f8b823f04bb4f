/**
 * A real OpenID provider in the test process: the well-kept `oidc-provider` package on a free loopback port, with its
 * development sign-in pages (any login, any password; the login names the account). Its storage is an in-memory
 * adapter the test can reach (to age an authorization code, say). No token endpoint is mocked.
 *
 * Also what stands between the app and a provider in a mix-up or on a compromised network: a relay that serves the
 * provider's discovery document under another issuer (relayFor), and a front proxy that redeems codes as another
 * client (startOidcProvider's tokenAs). The tokens they pass on are the provider's own.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';

export type Account = { email: string; email_verified: boolean; given_name?: string; family_name?: string };

/** The provider's stored objects (codes, sessions, grants…), per model, as the adapter interface sees them. */
const stores = new Map<string, Map<string, { payload: AdapterPayload; expiresAt: number | null }>>();

class MemoryAdapter implements Adapter {
  private readonly store: Map<string, { payload: AdapterPayload; expiresAt: number | null }>;
  constructor(readonly name: string) {
    this.store = stores.get(name) ?? new Map();
    stores.set(name, this.store);
  }
  async upsert(id: string, payload: AdapterPayload, expiresIn: number) {
    this.store.set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
  }
  async find(id: string) {
    const entry = this.store.get(id);
    if (!entry || (entry.expiresAt !== null && entry.expiresAt < Date.now())) return undefined;
    return entry.payload;
  }
  async findByUserCode() {
    return undefined;
  }
  async findByUid(uid: string) {
    for (const { payload } of this.store.values()) if (payload.uid === uid) return payload;
    return undefined;
  }
  async consume(id: string) {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id: string) {
    this.store.delete(id);
  }
  async revokeByGrantId(grantId: string) {
    for (const [id, { payload }] of this.store) if (payload.grantId === grantId) this.store.delete(id);
  }
}

export const CLIENT = { id: 'clientflow', secret: 'provider-secret-of-clientflow-0123456789' };
export const OTHER_CLIENT = { id: 'other-app', secret: 'provider-secret-of-another-app-9876543210' };

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/**
 * The provider, for an app at appBaseUrl and the agency slugs whose portal callbacks it will redirect to. accounts:
 * the people it signs in (the login typed on its page is the account's id); change them to change what it says.
 */
export async function startOidcProvider(
  appBaseUrl: string,
  slugs: string[],
  options: { tokenAs?: { id: string; secret: string } } = {},
) {
  const accounts = new Map<string, Account>();
  const server = http.createServer();
  const port = await listen(server);
  // tokenAs: the provider is reached through a front proxy (its issuer is the proxy's address) that redeems every
  // code with that client's credentials instead of the caller's.
  const front = options.tokenAs ? frontProxy(port, options.tokenAs) : null;
  const issuer = front ? `http://127.0.0.1:${await listen(front)}` : `http://127.0.0.1:${port}`;
  const redirect_uris = [
    `${appBaseUrl}/auth/oidc/callback`,
    ...slugs.map((slug) => `${appBaseUrl}/auth/portal/oidc/${slug}/callback`),
  ];
  const client = (c: { id: string; secret: string }) => ({
    client_id: c.id,
    client_secret: c.secret,
    redirect_uris,
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_post',
  });
  const provider = new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [client(CLIENT), client(OTHER_CLIENT)],
    cookies: { keys: ['a test provider cookie key, not a secret'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The e-mail in the ID token itself, as Google and Keycloak send it.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    // A first-party provider: no consent page.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
  });
  // The paths asked of the provider, in order (a test counts its discovery requests).
  const requests: string[] = [];
  const answer = provider.callback();
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    requests.push(new URL(req.url ?? '/', issuer).pathname);
    answer(req, res);
  });
  return {
    issuer,
    port,
    accounts,
    requests,
    /** The provider's stored authorization codes (to age one). */
    codes: () => stores.get('AuthorizationCode') ?? new Map(),
    close: async () => {
      if (front) await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Forwards every request to the provider on backPort as is, but a token request with another client's credentials. */
function frontProxy(backPort: number, tokenAs: { id: string; secret: string }) {
  return http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: Buffer | string = Buffer.concat(chunks);
    if (req.method === 'POST' && req.url === '/token') {
      const form = new URLSearchParams(body.toString('utf8'));
      form.set('client_id', tokenAs.id);
      form.set('client_secret', tokenAs.secret);
      body = form.toString();
    }
    const headers = { ...req.headers, 'content-length': String(Buffer.byteLength(body)) };
    const back = http.request(
      { host: '127.0.0.1', port: backPort, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    back.end(body);
  });
}

export type TestProvider = Awaited<ReturnType<typeof startOidcProvider>>;

/** A tiny cookie jar over fetch, for the provider's own pages. */
function jar() {
  const cookies = new Map<string, string>();
  return {
    header: () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
    take(res: Response) {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair.indexOf('=');
        cookies.set(pair.slice(0, at), pair.slice(at + 1));
      }
    },
  };
}

/**
 * Walks the provider's pages from its authorization URL as a browser would, typing `login` on its sign-in page,
 * until it redirects back out of the provider: that URL (the app's callback with the code, or an error), unfollowed.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const cookies = jar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: cookies.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    cookies.take(res);
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== origin) return url;
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    const prompt = html.match(/name="prompt" value="([a-z]+)"/)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    body = new URLSearchParams({ prompt, login, password: 'any password' });
  }
  throw new Error('the provider never sent the browser back');
}

/**
 * A relay whose discovery document names itself as the issuer while every endpoint stays the provider's: the
 * provider's answers and ID tokens then name another issuer than the configured one.
 */
export async function relayFor(provider: TestProvider) {
  const server = http.createServer(async (req, res) => {
    if (req.url?.startsWith('/.well-known/openid-configuration')) {
      const document = await (await fetch(`${provider.issuer}/.well-known/openid-configuration`)).json();
      document.issuer = relay;
      res.setHeader('content-type', 'application/json');
      return res.end(JSON.stringify(document));
    }
    res.statusCode = 404;
    res.end();
  });
  const relay = `http://127.0.0.1:${await listen(server)}`;
  return { issuer: relay, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
