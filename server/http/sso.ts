/**
 * Single sign-on's browser redirects (server/domain/sso/sign-in.ts does the work):
 * - GET /auth/oidc/start?email=… (or ?slug=…) and GET /auth/oidc/callback: staff;
 * - GET /auth/portal/oidc/:slug/start and GET /auth/portal/oidc/:slug/callback: the agency's clients.
 * A start answers 302 to the provider; a callback sets the session cookie and answers 302 to the hub or the portal,
 * or shows the refusal's page (with a log line; no session is made). A test's callback shows "Test finished".
 */
import { Router, type Request, type Response } from 'express';
import { M } from '../../shared/messages';
import type { Env } from '../env';
import { log } from '../log';
import {
  beginClientSignIn,
  beginStaffSignIn,
  finishClientSignIn,
  finishStaffSignIn,
  SsoRefused,
} from '../domain/sso/sign-in';
import type { AppScope, createContextFactory } from '../trpc';

/** Where the browser reaches this app: PUBLIC_URL's origin, or, without it, the request's own (development, tests). */
export function requestOrigin(env: Pick<Env, 'PUBLIC_URL' | 'publicUrl'>, req: Pick<Request, 'protocol' | 'get'>) {
  if (env.PUBLIC_URL) return new URL(env.publicUrl).origin;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A small page of its own (no script, so it shows even when the app's client could not load). */
function page(res: Response, status: number, title: string, text: string, back?: string) {
  res.status(status).setHeader('Cache-Control', 'no-store');
  res
    .type('html')
    .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f8fafc;color:#0f172a;display:grid;place-items:center;min-height:100vh;margin:0;padding:1rem}main{max-width:28rem;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:2rem}h1{font-size:1.25rem;margin:0 0 .75rem}a{color:#4f46e5}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p data-testid="sso-message">${escapeHtml(text)}</p>${back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(M.sso.backToSignIn)}</a></p>` : ''}</main></body></html>`);
}

const queryOf = (req: Request) => new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 320) : undefined);

export function ssoRouter(createContext: ReturnType<typeof createContextFactory>) {
  const router = Router();

  /** Runs a step; a refusal is its page, with one log line saying why (never a token, code or secret). */
  const step =
    (
      back: (req: Request) => string,
      run: (req: Request, res: Response, origin: string, app: AppScope) => Promise<void>,
    ) =>
    async (req: Request, res: Response) => {
      const { app } = createContext({ req, res });
      try {
        await run(req, res, requestOrigin(app.env, req), app);
      } catch (error) {
        if (!(error instanceof SsoRefused)) {
          log.error({ err: error }, 'sso: sign-in failed');
          return page(res, 500, M.sso.pageTitle, M.common.internal, back(req));
        }
        log.warn({ refusal: error.kind, detail: error.detail || undefined, path: req.path }, 'sso: sign-in refused');
        page(res, error.status, M.sso.pageTitle, error.message, back(req));
      }
    };

  const finish = (
    req: Request,
    res: Response,
    kind: 'staff' | 'portal',
    done: Awaited<ReturnType<typeof finishStaffSignIn>>,
  ) => {
    if ('test' in done) return page(res, 200, M.sso.testDoneTitle, M.sso.testDoneText);
    createContext({ req, res }).sessions.setSessionCookie(kind, done.session.token, done.session.expiresAt);
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, done.returnTo);
  };

  const hubLogin = () => '/hub/login';
  const portalLogin = (req: Request) => `/portal/${encodeURIComponent(String(req.params.slug))}/login`;

  router.get(
    '/auth/oidc/start',
    step(hubLogin, async (req, res, origin, app) => {
      const url = await beginStaffSignIn(app, origin, {
        email: text(req.query.email),
        slug: text(req.query.slug),
      });
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, url);
    }),
  );
  router.get(
    '/auth/oidc/callback',
    step(hubLogin, async (req, res, origin, app) => {
      finish(req, res, 'staff', await finishStaffSignIn(app, origin, queryOf(req), { ip: req.ip ?? '', req }));
    }),
  );
  router.get(
    '/auth/portal/oidc/:slug/start',
    step(portalLogin, async (req, res, origin, app) => {
      const url = await beginClientSignIn(app, origin, String(req.params.slug));
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, url);
    }),
  );
  router.get(
    '/auth/portal/oidc/:slug/callback',
    step(portalLogin, async (req, res, origin, app) => {
      finish(req, res, 'portal', await finishClientSignIn(app, origin, String(req.params.slug), queryOf(req)));
    }),
  );
  return router;
}
