/**
 * Express tries a router's routes one after the other, and the REST table has over 250: a call to one of the last
 * paid a match attempt for each route before it. indexedRoutes() splits the table into small routers by the routes'
 * first two path segments, each in the table's order, and sends a request to the one its own first two segments
 * name. A route whose second segment is a parameter (or that has none) joins every router of its first segment, so
 * every route that could match a path is in that path's router, in the same order, and Express still does the
 * matching itself: what answers a request is unchanged.
 * Requests whose first two segments hold anything but plain ASCII go through every route, as before (Express matches
 * literal segments case-insensitively, and only plain ASCII is sure to compare as it does).
 * OPTIONS: no route answers it, but a router whose routes match the path answers it itself with an Allow header.
 * `options: 'next'` for routes that sat directly on a router that goes on to a 404 (the REST table: OPTIONS went on);
 * `'router'` for routes that were a router of their own (server/http/registry.ts: that router answered it).
 */
import { Router, type RequestHandler } from 'express';

export type IndexedRoute = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Express's form: literal segments and :params. */
  path: string;
  handler: RequestHandler;
};

const PLAIN = /^[A-Za-z0-9_.~-]*$/;

/** A path's first two segments as the index keys them (lower case; null for a parameter or no segment). */
function keysOf(path: string): [string | null, string | null] {
  const [, first, second] = path.split('/');
  const key = (segment: string | undefined) =>
    segment === undefined || segment.startsWith(':') || segment.includes('*') ? null : segment.toLowerCase();
  return [key(first), key(second)];
}

export function indexedRoutes(
  routes: readonly IndexedRoute[],
  { options }: { options: 'next' | 'router' },
): RequestHandler {
  const routerOf = (subset: readonly IndexedRoute[]) => {
    const router = Router();
    for (const route of subset) router[route.method](route.path, route.handler);
    return router;
  };
  const keyed = routes.map((route) => ({ route, keys: keysOf(route.path) }));
  // A route whose first segment is a parameter could answer any path: then no index, every request sees every route.
  const all = routerOf(routes);
  if (keyed.some(({ keys }) => keys[0] === null)) return (req, res, next) => all(req, res, next);
  const routers = new Map<string, ReturnType<typeof Router>>();
  for (const first of new Set(keyed.map(({ keys }) => keys[0]!))) {
    const ofFirst = keyed.filter(({ keys }) => keys[0] === first);
    const open = ofFirst.filter(({ keys }) => keys[1] === null);
    routers.set(`${first}/`, routerOf(open.map(({ route }) => route)));
    for (const second of new Set(ofFirst.flatMap(({ keys }) => (keys[1] === null ? [] : [keys[1]]))))
      routers.set(
        `${first}/${second}`,
        routerOf(ofFirst.filter(({ keys }) => keys[1] === null || keys[1] === second).map(({ route }) => route)),
      );
  }
  return (req, res, next) => {
    if (req.method === 'OPTIONS') return options === 'next' ? next() : all(req, res, next);
    const [, first = '', second = ''] = req.path.split('/', 3);
    if (!PLAIN.test(first) || !PLAIN.test(second)) return all(req, res, next);
    const lowerFirst = first.toLowerCase();
    const router = routers.get(`${lowerFirst}/${second.toLowerCase()}`) ?? routers.get(`${lowerFirst}/`);
    if (!router) return next();
    router(req, res, next);
  };
}

/**
 * A router whose every route lies under `prefix` (a literal path such as '/api/docs'), entered only by requests under
 * it: the others skip its route-by-route matching. Express matches literal segments case-insensitively, and so does
 * this test, so every request one of its routes could answer (OPTIONS included) still reaches it.
 */
export function onlyUnder(prefix: string, router: RequestHandler): RequestHandler {
  const lower = prefix.toLowerCase();
  return (req, res, next) => {
    const path = req.path.toLowerCase();
    if (path === lower || path.startsWith(`${lower}/`)) return router(req, res, next);
    next();
  };
}
