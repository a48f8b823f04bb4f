import { TRPCError } from '@trpc/server';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import cookieParser from 'cookie-parser';
import compression from 'compression';
import expressStaticGzip from 'express-static-gzip';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { PAGE_DATA, SESSION, TIME_ZONE_COOKIE } from '../shared/constants';
import { EARLY_SCRIPT } from '../shared/early-script';
import { FIRST_REPLIES } from '../shared/first-replies';
import { greetingIn } from '../shared/greeting';
import { M } from '../shared/messages';
import { parseAuthorization } from './auth/authorization';
import { jsonTextTooDeep, valueTooDeep } from './lib/input-guards';
import '../shared/zod-messages';
import { httpRouter } from './http/registry';
import { ssoRouter } from './http/sso';
import { API_PREFIXES, isApiPath, restRouter, sendRefusal } from './rest';
import { onlyUnder } from './rest/route-index';
import { log, requestIdOf, requestLogging } from './log';
import { createMetrics, metricsRoute, routeLabeler, type Metrics } from './metrics';
import { API_COMPRESSION_THRESHOLD } from './lib/compression';
import { firstScreenRenderer } from './lib/first-screen';
import { pageReplies } from './lib/page-replies';
import { isHubPage, portalFrameSlug, portalSignInSlug, spaShell, withPageData } from './lib/spa-shell';
import type { PortalBrandingReply } from '../shared/schemas/business';
import { liveConnectionLimit } from './live/connections';
import { appRouter } from './routers/_app';
import { createContextFactory, type AppDeps } from './trpc';
import { registerEmailReplies } from './domain/messages/email-replies';

const JSON_LIMIT = 1024 * 1024;
/** Browser features the app never uses, switched off for every page (and anything a page might embed). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/** helmet's options: its headers are the same for every request (no nonce), so they are computed once. */
const HELMET: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      // Toast and dialog libraries inject style elements at run time.
      'style-src': ["'self'", "'unsafe-inline'"],
      // The page's one inline script, by its hash (shared/early-script.ts).
      'script-src': ["'self'", `'sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`],
      'connect-src': ["'self'"],
      'upgrade-insecure-requests': null,
    },
  },
};

/**
 * Every reply's fixed headers, set by one function instead of a dozen middlewares: helmet's (recorded once by running
 * helmet on a stand-in reply; it reads nothing of the request with these options), the Permissions-Policy, and for
 * the API's paths `Cache-Control: no-store` (API replies carry private data: no browser or proxy may keep them,
 * errors and 404s included). The same headers in the same order as the middlewares set them.
 */
function securityHeaders() {
  const block: [string, string][] = [];
  const removed: string[] = [];
  let synchronous = false;
  const recorder = {
    setHeader: (name: string, value: unknown) => void block.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
  };
  helmet(HELMET)({} as Request, recorder as unknown as Response, (error?: unknown) => {
    if (error) throw error;
    synchronous = true;
  });
  if (!synchronous) throw new Error('helmet did not set its headers at once: they cannot be precomputed');
  block.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  const api: [string, string][] = [...block, ['Cache-Control', 'no-store']];
  return (res: Response, underApi: boolean) => {
    for (const name of removed) res.removeHeader(name);
    for (const [name, value] of underApi ? api : block) res.setHeader(name, value);
  };
}

/**
 * Whether Express would run `app.use(API_PREFIXES, …)` for this path: its string prefixes match case-insensitively at
 * a segment boundary, its regular expression as written (isApiPath is the case-sensitive test the compression uses).
 */
function underApiPrefix(path: string): boolean {
  const lower = path.toLowerCase();
  return API_PREFIXES.some((prefix) =>
    typeof prefix === 'string' ? lower === prefix || lower.startsWith(`${prefix}/`) : prefix.test(path),
  );
}

/** A URL's origin (scheme, host and port; a default port such as :443 dropped), or null when it is none. */
function originOf(url: string | undefined): string | null {
  try {
    const origin = url ? new URL(url).origin : 'null';
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * State-changing requests authenticated by a cookie must come from our own origin
 * (SameSite=Lax already blocks most cross-site posts; this closes the rest).
 * Our own origin: PUBLIC_URL's, or the address the request was sent to (its Host, over the scheme it came by, e.g. the
 * dev server's proxy). Scheme, host and port must all match, and with an https PUBLIC_URL the scheme is https: a page
 * on http://host (same site for the browser, and open to anyone on the network) cannot write.
 * A request with any Authorization header, well-formed or not, never uses the cookie (see trpc.ts),
 * so it is not a cookie request: a cross-site page cannot send that header without a CORS preflight.
 */
function originCheck(publicUrl: string) {
  const publicOrigin = originOf(publicUrl);
  const httpsOnly = publicOrigin?.startsWith('https:') ?? false;
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    if (parseAuthorization(req.headers.authorization) !== null) return next();
    const cookies = (req.cookies ?? {}) as Record<string, string>;
    if (!cookies[SESSION.staffCookie] && !cookies[SESSION.portalCookie]) return next();
    const origin = originOf(req.headers.origin);
    const requestOrigin = req.headers.host
      ? originOf(`${httpsOnly ? 'https' : req.protocol}://${req.headers.host}`)
      : null;
    if (origin && (origin === publicOrigin || origin === requestOrigin)) return next();
    sendRefusal(res, 403, { message: M.auth.originRefused, code: 'FORBIDDEN' });
  };
}

const tooDeep = (res: Response) => sendRefusal(res, 400, { message: M.common.tooDeep, code: 'BAD_REQUEST' });

/**
 * The only bodies tRPC v11 never parses as JSON (@trpc/server's unstable-core-do-not-import/http/contentType.ts): it
 * reads these two as bytes or a form, and parses as JSON any body whose Content-Type merely starts with
 * "application/json" (application/jsonx, application/json; charset=latin1…).
 */
const NOT_JSON_FOR_TRPC = ['multipart/form-data', 'application/octet-stream'];

/**
 * /trpc input nested too deeply is refused before tRPC parses it and any recursive walk sees it: a GET's input is
 * the `input` parameter; any other request's body is read here whatever its Content-Type says (tRPC then uses that
 * text; it answers 415 itself for types it does not take), except the two types tRPC reads as bytes or a form.
 */
function trpcDepthLimit() {
  // As bytes decoded as UTF-8 whatever the charset says (fetch's Request.json(), which tRPC calls, does the same).
  const readBody = express.raw({ type: () => true, limit: JSON_LIMIT });
  const utf8 = new TextDecoder();
  const check = (text: unknown, res: Response, next: NextFunction) =>
    typeof text === 'string' && jsonTextTooDeep(text) ? tooDeep(res) : next();
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET')
      return check(new URLSearchParams(req.originalUrl.split('?')[1] ?? '').get('input'), res, next);
    const type = req.headers['content-type']?.trim() ?? '';
    if (NOT_JSON_FOR_TRPC.some((t) => type.startsWith(t))) return next();
    readBody(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (Buffer.isBuffer(req.body)) req.body = utf8.decode(req.body);
      check(req.body, res, next);
    });
  };
}

/** A readiness check that takes longer than this counts as failed (a load balancer's own timeout is a few seconds). */
const READY_TIMEOUT_MS = 2_000;

export type AppOptions = {
  /** The built client (index.html, assets/, favicon.svg); tests point it at a directory of their own. */
  clientDir?: string;
};

/** The app's Prometheus metrics (server/metrics.ts), null unless METRICS_TOKEN or METRICS_PORT is set. */
export const metricsOf = (app: ReturnType<typeof createApp>): Metrics | null =>
  (app.locals.metrics as Metrics | null) ?? null;

/** Cuts the open live-update streams (server/live/connections.ts): a stopping instance's windows move to another. */
export const endLiveStreams = (app: ReturnType<typeof createApp>) => (app.locals.endLiveStreams as () => void)();

export function createApp(deps: AppDeps, options: AppOptions = {}) {
  const app = express();
  // Replies by e-mail land in their threads through this app (server/domain/messages/email-replies.ts).
  const createContext = createContextFactory(deps, registerEmailReplies);
  const clientDir = options.clientDir ?? path.resolve('dist/client');
  // Nothing is counted unless someone can read it.
  const metrics = deps.env.METRICS_TOKEN || deps.env.METRICS_PORT ? createMetrics(deps.database) : null;
  app.locals.metrics = metrics;

  // First: the request id (X-Request-Id in and out, on every log line of the request), one access line per request,
  // and the request's metrics.
  app.use(requestLogging({ route: routeLabeler(), done: metrics ? (request) => metrics.observe(request) : undefined }));
  app.disable('x-powered-by');
  // API replies change with every write and are never revalidated: no ETag (static files keep theirs).
  app.set('etag', false);
  // Behind a trusted reverse proxy, req.ip is the client's address (used by login throttling).
  app.set('trust proxy', deps.env.trustProxy);
  // helmet's headers, the Permissions-Policy and (API paths) Cache-Control, as one block set in one middleware.
  const headers = securityHeaders();
  // API replies: compressed only above the threshold. Static files (JS, CSS, SVG) always are, from 1 KB.
  const compressApi = compression({ threshold: API_COMPRESSION_THRESHOLD });
  const compressStatic = compression({ threshold: 1024 });
  app.use((req, res, next) => {
    const path = req.path;
    headers(res, underApiPrefix(path));
    (isApiPath(path) ? compressApi : compressStatic)(req, res, next);
  });
  app.use(cookieParser());

  // Prometheus (server/metrics.ts): only with METRICS_TOKEN, and not when METRICS_PORT serves it; otherwise 404.
  app.get('/metrics', metricsRoute(metrics, deps.env));
  // For load balancers and orchestrators. /healthz: the process is alive and serving. /readyz: it should get traffic:
  // the database and the file storage answer, and it is not shutting down (server/index.ts sets `draining`).
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    const check = (work: () => Promise<unknown>) =>
      Promise.race([
        work().then(() => true),
        new Promise<boolean>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref()),
      ]).catch(() => false);
    const [database, storage] = await Promise.all([
      check(() => deps.database.db.$queryRawUnsafe('SELECT 1')),
      check(() => deps.storage.ready()),
    ]);
    const draining = app.locals.draining === true;
    const ok = database && storage && !draining;
    res.status(ok ? 200 : 503).json({ ok, database, storage, draining });
  });

  app.use(originCheck(deps.env.publicUrl));

  const liveStreams = liveConnectionLimit({
    perSession: deps.env.LIVE_CONNECTIONS_PER_SESSION,
    perAddress: deps.env.LIVE_CONNECTIONS_PER_ADDRESS,
  });
  app.locals.endLiveStreams = liveStreams.endAll;
  app.use(
    '/trpc',
    liveStreams,
    trpcDepthLimit(),
    createExpressMiddleware({
      router: appRouter,
      createContext,
      maxBodySize: JSON_LIMIT,
      // A batch is one HTTP request: keep it small so it cannot carry hundreds of password guesses.
      maxBatchSize: 10,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR')
          log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed');
      },
    }),
  );

  // File bytes (multipart uploads, downloads) stream outside the JSON parsers: the table of server/http/registry.ts.
  app.use(httpRouter(createContext));
  // Single sign-on's browser redirects (/auth/oidc/..., /auth/portal/oidc/...).
  app.use(onlyUnder('/auth', ssoRouter(createContext)));

  // JSON bodies, for the requests that have one (as body-parser decides: Transfer-Encoding, or a numeric
  // Content-Length); the others go on at once. JSON.parse itself does not recurse; refuse deep bodies before the REST
  // adapter's key conversion does. (Query strings use Express's "simple" parser: flat strings, nothing nested.)
  const parseJson = express.json({ limit: JSON_LIMIT });
  app.use((req, res, next) => {
    if (req.headers['transfer-encoding'] === undefined && Number.isNaN(Number(req.headers['content-length'])))
      return next();
    parseJson(req, res, (error?: unknown) => {
      if (error) return next(error);
      if (valueTooDeep(req.body)) return tooDeep(res);
      next();
    });
  });
  app.use(restRouter(createContext));

  if (fs.existsSync(path.join(clientDir, 'index.html'))) {
    // Only the content-hashed files under /assets may be kept for a year; the others (favicon.svg…) revalidate.
    // The build writes each script and stylesheet compressed at the strongest settings as well (<file>.br, <file>.gz;
    // client/build/precompress.ts): those are sent to a browser that accepts them, Brotli first, so nothing is
    // compressed per request. Files without them go through the compression middleware above.
    app.use(
      expressStaticGzip(clientDir, {
        enableBrotli: true,
        orderPreference: ['br', 'gzip'],
        index: false,
        serveStatic: {
          index: false,
          setHeaders: (res, file) => {
            const hashed = path.relative(clientDir, file).startsWith(`assets${path.sep}`);
            res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        },
      }),
    );
    // The marketing pages as static HTML, no script (scripts/prerender-marketing.mjs writes them at build time).
    const marketingPages: Record<string, string> = {
      '/': 'landing.html',
      '/features': 'features.html',
      '/pricing': 'pricing.html',
    };
    for (const [route, file] of Object.entries(marketingPages)) {
      const page = path.join(clientDir, 'marketing', file);
      if (!fs.existsSync(page)) continue;
      app.get(route, (_req, res) => {
        res.setHeader('Cache-Control', 'no-cache');
        res.sendFile(page);
      });
    }
    // Browsers that ignore <link rel="icon"> ask for /favicon.ico: answer the SVG icon.
    const icon = path.join(clientDir, 'favicon.svg');
    if (fs.existsSync(icon)) {
      app.get('/favicon.ico', (_req, res) => {
        res.sendFile(icon, { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-cache' } });
      });
    }
    // A missing file (an old build's chunk, a typo) is a 404, never the app's HTML that a script tag would choke on.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (!req.path.startsWith('/assets/') && !/\.(?:js|mjs|css|map|ico|png|svg|webp|woff2?)$/.test(req.path))
        return next();
      res.status(404).type('text/plain').send('Not found');
    });
    const shell = spaShell(clientDir);
    const renderFirstScreen = firstScreenRenderer(clientDir);
    app.get('/{*splat}', async (req, res) => {
      // A portal's sign-in page comes with its agency's branding, so that it paints branded at once instead of
      // shifting when the branding arrives (client/src/features/portal/branding.ts reads it); a signed-in portal page
      // with its first frame in the agency's colours, name and logo (server/lib/spa-shell.ts).
      const slug = portalSignInSlug(req.path) ?? portalFrameSlug(req.path);
      let branding: PortalBrandingReply | null | undefined;
      if (slug) {
        // No agency at the slug (or no slug an agency could have): `branding: null`, so the page says "No client
        // portal at this address" at once.
        branding = await appRouter
          .createCaller(createContext({ req, res }))
          .business.branding({ slug })
          .catch((error: unknown) =>
            error instanceof TRPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')
              ? null
              : undefined,
          );
      }
      // A signed-in client of this portal: greeted by name in the dashboard's frame, and the session's reply in the
      // page (client/src/features/portal/session.ts takes it), one round trip sooner than asking.
      const me =
        branding && portalFrameSlug(req.path)
          ? await appRouter
              .createCaller(createContext({ req, res }))
              .portalAuth.me()
              .then((reply) => (reply.business.slug.toLowerCase() === slug!.trim().toLowerCase() ? reply : undefined))
              .catch(() => undefined)
          : undefined;
      // A page of the hub: the session's reply in the page (client/src/app/AppShell.tsx takes it), when signed in.
      const staff = isHubPage(req.path)
        ? await appRouter
            .createCaller(createContext({ req, res }))
            .auth.me()
            .catch(() => undefined)
        : undefined;
      // The hub's dashboard frame greets them at their time of day, known from the zone their browser reported.
      const timeZone = (req.cookies as Record<string, string> | undefined)?.[TIME_ZONE_COOKIE];
      const greeting = staff?.firstName !== undefined && timeZone ? greetingIn(timeZone) : null;
      // A dashboard with what it shows first, so that its first render is the finished page: no round trip, and no
      // section pushing another down as its reply lands. Only from the procedures the page itself calls.
      const portalDashboard = me && /^\/portal\/[^/]+\/dashboard\/?$/.test(req.path);
      const dashboard = portalDashboard
        ? FIRST_REPLIES.portalDashboard
        : staff && /^\/hub\/?$/.test(req.path)
          ? FIRST_REPLIES.hubDashboard
          : null;
      const replies = dashboard
        ? await pageReplies(appRouter.createCaller(createContext({ req, res })), dashboard)
        : undefined;
      // The portal's dashboard itself as HTML, from those replies (a client with several companies chooses one first).
      const screenHtml =
        portalDashboard && me.companyId !== null && replies
          ? await renderFirstScreen({ path: req.path, me, replies })
          : null;
      let html = staff
        ? shell(req.path, branding, staff.firstName ?? '', greeting)
        : shell(req.path, branding, me?.firstName, null, screenHtml);
      if (slug && branding !== undefined) html = withPageData(html, PAGE_DATA.portalBranding, { slug, branding });
      if (me) html = withPageData(html, PAGE_DATA.portalMe, me);
      if (replies) html = withPageData(html, PAGE_DATA.replies, replies);
      if (staff) html = withPageData(html, PAGE_DATA.staffMe, staff);
      // A page that holds someone's own details is for their browser only.
      res.setHeader('Cache-Control', me || staff ? 'private, no-cache' : 'no-cache');
      res.type('html').send(html);
    });
  }

  // Malformed requests (bad JSON, unknown encodings or charsets, broken %-escapes) are the client's fault:
  // answer their 4xx in the API's error shape, never a 500.
  app.use(
    (
      error: { type?: string; status?: number; expose?: boolean; message?: string },
      _req: Request,
      res: Response,
      next: NextFunction,
    ) => {
      if (res.headersSent) {
        log.error({ err: error, reqId: requestIdOf(res) }, 'request failed after its reply started');
        return next(error);
      }
      if (error.type === 'entity.too.large')
        return sendRefusal(res, 413, { message: M.common.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
      if (error.type === 'entity.parse.failed')
        return sendRefusal(res, 400, { message: M.common.badJson, code: 'BAD_REQUEST' });
      if (error instanceof URIError)
        return sendRefusal(res, 400, { message: M.common.badRequest, code: 'BAD_REQUEST' });
      if (error.status && error.status >= 400 && error.status < 500) {
        return sendRefusal(res, error.status, {
          message: error.expose && error.message ? error.message : M.common.badRequest,
          code: 'BAD_REQUEST',
        });
      }
      // Unexpected: logged with the error; the client gets a sentence and the request id to quote.
      log.error({ err: error, reqId: requestIdOf(res) }, 'request failed');
      sendRefusal(res, 500, { message: M.common.internal, code: 'INTERNAL_SERVER_ERROR' });
    },
  );

  return app;
}
