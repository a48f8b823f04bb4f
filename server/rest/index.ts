import { Router, type Request, type RequestHandler, type Response } from 'express';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { M } from '../../shared/messages';
import { log, requestIdOf } from '../log';
import { appRouter } from '../routers/_app';
import { publicError, type Context, type createContextFactory } from '../trpc';
import { keysToCamel, keysToSnake } from './case';
import { docsRouter } from './docs';
import { openApiDocument } from './openapi';
import { indexedRoutes, onlyUnder, type IndexedRoute } from './route-index';
import { restRoutes, type ProcedurePath, type RestRoute } from './routes';

export type ErrorBody = { message: string; code: string; issues?: unknown[] };

/**
 * An error body with the request's id added (`requestId`, the same as the X-Request-Id header and the `reqId` of
 * every log line of the request), so a reported failure can be found in the logs.
 */
function withRequestId<T extends ErrorBody>(res: Response, body: T): T & { requestId?: string } {
  const requestId = requestIdOf(res);
  return requestId ? { ...body, requestId } : body;
}

/** A JSON refusal in the API's one error shape, { message, code, issues?, requestId }. */
export function sendRefusal(res: Response, status: number, body: ErrorBody) {
  res.status(status).json(withRequestId(res, body));
}

/**
 * One JSON error shape for every REST failure: { message, code, issues?, requestId }. An unexpected error is logged
 * with its cause (and the request id); the client gets a sentence for people and the request id, never internals.
 */
export function sendError(res: Response, error: unknown) {
  if (error instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(error);
    const { message, issues } = publicError(error);
    if (status >= 500) log.error({ err: error.cause ?? error, reqId: requestIdOf(res) }, 'request failed');
    sendRefusal(res, status, { message, code: error.code, ...(issues ? { issues } : {}) });
    return;
  }
  log.error({ err: error, reqId: requestIdOf(res) }, 'request failed');
  sendRefusal(res, 500, { message: M.common.internal, code: 'INTERNAL_SERVER_ERROR' });
}

function inputOf(route: RestRoute, req: Request): unknown {
  const source = route.method === 'GET' || route.method === 'DELETE' ? req.query : req.body;
  const fields = { ...(source && typeof source === 'object' ? source : {}), ...req.params };
  return route.style === 'snake' || route.snakeInput ? keysToCamel(fields, route.opaque) : fields;
}

/** A procedure as tRPC's own caller runs it (createCallerFactory): its middlewares, input and output parsers. */
type Procedure = ((options: {
  ctx: Context;
  path: string;
  getRawInput: () => Promise<unknown>;
  type: 'query' | 'mutation' | 'subscription';
  signal: AbortSignal | undefined;
  batchIndex: number;
}) => Promise<unknown>) & { _def: { type: 'query' | 'mutation' | 'subscription' } };

/**
 * The procedure at a dotted path, found once when the table is mounted. A route calls it as createCaller's proxy
 * would, without building a proxy and walking it on every request.
 */
function procedureAt(path: ProcedurePath): Procedure {
  const procedure = (appRouter._def.procedures as Record<string, unknown>)[path];
  if (typeof procedure !== 'function') throw new Error(`REST table: no procedure ${path}`);
  return procedure as Procedure;
}

/**
 * Every documented prefix: /api, /auth, /trpc and the data-service paths /<name>/v1, /<name>/v2…
 * (not /hub/… or /portal/{slug}/…, which are the client's pages; a brand URL such as "v12" is a valid slug).
 */
export const API_PREFIXES = ['/api', '/auth', '/trpc', /^\/(?!hub\/|portal\/)[a-z_]+\/v\d+(?=\/|$)/];

/** True for a path under one of the API prefixes. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) =>
    typeof prefix === 'string' ? path === prefix || path.startsWith(`${prefix}/`) : prefix.test(path),
  );
}

/** The table's {param} segments in Express's :param form. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

export function restRouter(createContext: ReturnType<typeof createContextFactory>) {
  const rest = Router();
  rest.get('/api/openapi.json', (_req, res) => {
    res.json(openApiDocument());
  });
  rest.use(onlyUnder('/api/docs', docsRouter()));
  const indexed: IndexedRoute[] = restRoutes.map((route) => {
    const method = route.method.toLowerCase() as IndexedRoute['method'];
    const procedure = procedureAt(route.procedure);
    const handler: RequestHandler = async (req, res, next) => {
      if (route.when && req.query[route.when] === undefined) return next();
      try {
        const ctx = createContext({ req, res });
        const input = inputOf(route, req);
        let result = await procedure({
          ctx,
          path: route.procedure,
          getRawInput: async () => input,
          type: procedure._def.type,
          signal: undefined,
          batchIndex: 0,
        });
        if (route.list) {
          // A page without a count (a conversation's messages) has no total at all.
          const page = result as {
            items: unknown[];
            total?: number | null;
            overall?: number | null;
            nextCursor: number | null;
          };
          if (page.total !== undefined && page.total !== null) res.setHeader('X-Total-Count', String(page.total));
          if (page.overall !== undefined && page.overall !== null)
            res.setHeader('X-Overall-Count', String(page.overall));
          if (page.nextCursor !== null) res.setHeader('X-Next-Cursor', String(page.nextCursor));
          result = page.items;
        }
        res.status(route.status ?? 200).json(route.style === 'snake' ? keysToSnake(result, route.opaque) : result);
      } catch (error) {
        sendError(res, error);
      }
    };
    return { method, path: expressPath(route.path), handler };
  });
  rest.use(indexedRoutes(indexed, { options: 'next' }));
  // Unknown paths (and methods) under an API prefix answer JSON, never the client's index.html.
  rest.use(API_PREFIXES, (_req, res) => {
    sendRefusal(res, 404, { message: M.common.unknownPath, code: 'NOT_FOUND' });
  });
  return rest;
}
