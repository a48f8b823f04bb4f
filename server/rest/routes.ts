import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../routers/_app';

/** Every procedure's dotted path ("companies.list"), derived from the router: a typo fails the type check. */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One documented REST path onto a tRPC procedure (never a second implementation).
 * path: as documented, with `{param}` segments (path parameters join the procedure's input).
 * style 'snake': wire names in snake_case (the data-service and auth paths); 'camel': as the procedure names them (/api).
 * list: the procedure answers a page; the path answers its items, with X-Next-Cursor and (first page) X-Total-Count headers.
 * errors: statuses a procedure answers beyond those the document derives (400 with input, 401 for a session,
 * 403 for cookie-authenticated writes, 404 with an id).
 */
export type RestRoute = {
  method: HttpMethod;
  path: string;
  procedure: ProcedurePath;
  style: 'snake' | 'camel';
  status?: number;
  list?: boolean;
  summary?: string;
  errors?: readonly (409 | 401 | 429)[];
};

type RowOptions = Partial<Pick<RestRoute, 'style' | 'status' | 'list' | 'summary' | 'errors'>>;

/** A single row; the style follows the path (/api is camelCase, everything else snake_case) unless given. */
export const row = (method: HttpMethod, path: string, procedure: ProcedurePath, options: RowOptions = {}): RestRoute => ({
  method,
  path,
  procedure,
  ...options,
  style: options.style ?? (path === '/api' || path.startsWith('/api/') ? 'camel' : 'snake'),
});

type DomainProcedures = {
  list?: ProcedurePath;
  get?: ProcedurePath;
  create?: ProcedurePath;
  update?: ProcedurePath;
  remove?: ProcedurePath;
};

/**
 * A domain's usual rows on both documented prefixes, /api/<name> (camelCase) and /<name>/v1 (snake_case):
 * GET list, POST create (201), GET {id}, PATCH {id} update, DELETE {id} remove, for each procedure given.
 * `one` names a single row in the summaries ("company"); `extra` rows come first, so a literal segment
 * (/api/companies/industries) wins over {id}.
 */
export function domain(
  name: string,
  procedures: DomainProcedures,
  { one, extra = [] }: { one: string; extra?: RestRoute[] },
): RestRoute[] {
  const rows: RestRoute[] = [...extra];
  const { list, get, create, update, remove } = procedures;
  for (const base of [`/api/${name}`, `/${name}/v1`]) {
    if (list) rows.push(row('GET', base, list, { list: true, summary: `List ${name}` }));
    if (create) rows.push(row('POST', base, create, { status: 201, summary: `Create a ${one}` }));
    if (get) rows.push(row('GET', `${base}/{id}`, get, { summary: `Get a ${one}` }));
    if (update) rows.push(row('PATCH', `${base}/{id}`, update, { summary: `Change the given fields of a ${one}` }));
    if (remove) rows.push(row('DELETE', `${base}/{id}`, remove, { summary: `Delete a ${one}` }));
  }
  return rows;
}

export const restRoutes: RestRoute[] = [
  row('POST', '/auth/signup', 'auth.signup', { status: 201, errors: [409], summary: 'Sign up a new agency and its owner' }),
  row('POST', '/auth/v1/login', 'auth.login', { errors: [401, 429], summary: 'Sign in' }),
  row('GET', '/auth/v1/me', 'auth.me', { summary: 'The signed-in user' }),
  row('POST', '/auth/v1/logout', 'auth.logout', { summary: 'Sign out' }),

  ...domain(
    'companies',
    { list: 'companies.list', get: 'companies.get', create: 'companies.create', update: 'companies.update' },
    {
      one: 'company',
      extra: [row('GET', '/api/companies/industries', 'companies.industries', { summary: 'The industries present, for the filter' })],
    },
  ),
];
