import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import cookieParser from 'cookie-parser';
import compression from 'compression';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { SESSION } from '../shared/constants';
import { M } from '../shared/messages';
import { restRouter } from './rest';
import { appRouter } from './routers/_app';
import { createContextFactory, type AppDeps } from './trpc';

const JSON_LIMIT = 1024 * 1024;
const clientDir = path.resolve('dist/client');

/**
 * State-changing requests authenticated by a cookie must come from our own origin
 * (SameSite=Lax already blocks most cross-site posts; this closes the rest).
 * Bearer-token API clients are not exposed to CSRF and send no Origin.
 */
function originCheck(publicUrl: string) {
  const allowed = new URL(publicUrl).host;
  return (req: Request, res: Response, next: NextFunction) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
    if (/^Bearer\s/i.test(req.headers.authorization ?? '')) return next();
    const cookies = (req.cookies ?? {}) as Record<string, string>;
    if (!cookies[SESSION.staffCookie] && !cookies[SESSION.portalCookie]) return next();
    const origin = req.headers.origin;
    let host: string | null = null;
    try {
      host = origin ? new URL(origin).host : null;
    } catch {
      host = null;
    }
    if (host && (host === req.headers.host || host === allowed)) return next();
    res.status(403).json({ message: M.auth.originRefused, code: 'FORBIDDEN' });
  };
}

export function createApp(deps: AppDeps) {
  const app = express();
  const createContext = createContextFactory(deps);

  app.disable('x-powered-by');
  // Behind a trusted reverse proxy, req.ip is the client's address (used by login throttling).
  app.set('trust proxy', deps.env.trustProxy);
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          // Toast and dialog libraries inject style elements at run time.
          'style-src': ["'self'", "'unsafe-inline'"],
          'script-src': ["'self'"],
          'connect-src': ["'self'"],
          'upgrade-insecure-requests': null,
        },
      },
    }),
  );
  app.use(compression());
  app.use(cookieParser());

  app.get('/healthz', async (_req, res) => {
    try {
      await deps.database.db.$queryRawUnsafe('SELECT 1');
      res.json({ ok: true });
    } catch {
      res.status(503).json({ ok: false });
    }
  });

  app.use(originCheck(deps.env.publicUrl));

  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext,
      maxBodySize: JSON_LIMIT,
      // A batch is one HTTP request: keep it small so it cannot carry hundreds of password guesses.
      maxBatchSize: 10,
      onError({ error, path }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(`tRPC ${path}:`, error.cause ?? error);
      },
    }),
  );

  app.use(express.json({ limit: JSON_LIMIT }));
  app.use(restRouter(createContext));

  // Unknown API paths answer JSON, never the client's index.html.
  app.use(['/api', '/auth', '/trpc', /^\/[a-z_]+\/v1(?=\/|$)/], (_req: Request, res: Response) => {
    res.status(404).json({ message: M.common.unknownPath, code: 'NOT_FOUND' });
  });

  if (fs.existsSync(path.join(clientDir, 'index.html'))) {
    app.use(express.static(clientDir, { index: false, maxAge: '1y', immutable: true }));
    app.get('/{*splat}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(clientDir, 'index.html'));
    });
  }

  // Malformed requests (bad JSON, unknown encodings or charsets, broken %-escapes) are the client's fault:
  // answer their 4xx in the API's error shape, never a 500.
  app.use((error: { type?: string; status?: number; expose?: boolean; message?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(error);
    if (error.type === 'entity.too.large') return res.status(413).json({ message: M.common.tooLarge, code: 'PAYLOAD_TOO_LARGE' });
    if (error.type === 'entity.parse.failed') return res.status(400).json({ message: M.common.badJson, code: 'BAD_REQUEST' });
    if (error instanceof URIError) return res.status(400).json({ message: M.common.badRequest, code: 'BAD_REQUEST' });
    if (error.status && error.status >= 400 && error.status < 500) {
      return res.status(error.status).json({ message: error.expose && error.message ? error.message : M.common.badRequest, code: 'BAD_REQUEST' });
    }
    console.error(error);
    res.status(500).json({ message: M.common.internal, code: 'INTERNAL_SERVER_ERROR' });
  });

  return app;
}
