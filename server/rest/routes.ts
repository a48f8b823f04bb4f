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
  /** Also accept snake_case input names on a camelCase path (the spec's project edit sends them to /api). */
  snakeInput?: boolean;
  errors?: readonly (401 | 403 | 404 | 409 | 412 | 429)[];
};

type RowOptions = Partial<Pick<RestRoute, 'style' | 'status' | 'list' | 'summary' | 'errors' | 'snakeInput'>>;

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
 * (/api/companies/industries) wins over {id}. `errors`: further statuses of a procedure (e.g. create: [409]).
 */
export function domain(
  name: string,
  procedures: DomainProcedures,
  { one, extra = [], errors = {} }: { one: string; extra?: RestRoute[]; errors?: Partial<Record<keyof DomainProcedures, RestRoute['errors']>> },
): RestRoute[] {
  const rows: RestRoute[] = [...extra];
  const { list, get, create, update, remove } = procedures;
  for (const base of [`/api/${name}`, `/${name}/v1`]) {
    if (list) rows.push(row('GET', base, list, { list: true, summary: `List ${name}`, errors: errors.list }));
    if (create) rows.push(row('POST', base, create, { status: 201, summary: `Create a ${one}`, errors: errors.create }));
    if (get) rows.push(row('GET', `${base}/{id}`, get, { summary: `Get a ${one}`, errors: errors.get }));
    if (update) rows.push(row('PATCH', `${base}/{id}`, update, { summary: `Change the given fields of a ${one}`, errors: errors.update }));
    if (remove) rows.push(row('DELETE', `${base}/{id}`, remove, { summary: `Delete a ${one}`, errors: errors.remove }));
  }
  return rows;
}

export const restRoutes: RestRoute[] = [
  row('POST', '/auth/signup', 'auth.signup', { status: 201, errors: [409], summary: 'Sign up a new agency and its owner' }),
  row('POST', '/auth/v1/login', 'auth.login', { errors: [401, 429], summary: 'Sign in' }),
  row('GET', '/auth/v1/me', 'auth.me', { summary: 'The signed-in user' }),
  row('POST', '/auth/v1/logout', 'auth.logout', { summary: 'Sign out' }),
  row('POST', '/auth/v1/password-reset', 'auth.requestPasswordReset', {
    errors: [429],
    summary: 'Mail a one-time password reset link (the same reply whether or not the address has an account)',
  }),
  row('GET', '/auth/v1/password-reset/{token}', 'auth.checkPasswordReset', { errors: [409, 412], summary: 'Whose a reset link is, if it still works' }),
  row('POST', '/auth/v1/password-reset/confirm', 'auth.resetPassword', {
    errors: [404, 409, 412],
    summary: 'Set a new password from a reset link; every other session ends',
  }),
  row('POST', '/auth/portal/v1/login', 'portalAuth.login', { errors: [401, 429], summary: 'Sign in to a client portal' }),
  row('GET', '/auth/portal/v1/me', 'portalAuth.me', { summary: 'The signed-in portal user' }),
  row('POST', '/auth/portal/v1/logout', 'portalAuth.logout', { summary: 'Sign out of the client portal' }),
  row('GET', '/auth/portal/v1/invite/{slug}/{token}', 'portalAuth.inviteInfo', { errors: [403, 409, 412], summary: 'Whom a portal invite link is for, if it still works' }),
  row('POST', '/auth/portal/v1/invite', 'portalAuth.acceptInvite', {
    errors: [403, 404, 409, 412],
    summary: 'Choose a portal password from an invite link and sign in',
  }),

  ...domain(
    'companies',
    { list: 'companies.list', get: 'companies.get', create: 'companies.create', update: 'companies.update' },
    {
      one: 'company',
      extra: [row('GET', '/api/companies/industries', 'companies.industries', { summary: 'The industries present, for the filter' })],
    },
  ),

  ...domain(
    'contacts',
    { list: 'contacts.list', get: 'contacts.get', create: 'contacts.create', update: 'contacts.update', remove: 'contacts.remove' },
    {
      one: 'contact',
      // 409: another contact of the agency already uses the e-mail address.
      errors: { create: [409], update: [409] },
      extra: [
        row('POST', '/api/contacts/{id}/invite', 'contacts.sendInvite', { summary: 'Create a one-time portal invite link (7 days) and e-mail it' }),
        row('POST', '/contacts/v1/{id}/invite', 'contacts.sendInvite', { summary: 'Create a one-time portal invite link (7 days) and e-mail it' }),
      ],
    },
  ),
  // The spec's singular read path: the contact dialog reads a contact here before editing it.
  row('GET', '/contact/v1/{id}', 'contacts.get', { summary: 'Get a contact (the path the contact dialog reads)' }),

  row('GET', '/api/dashboard/stats', 'dashboard.stats', { summary: "The dashboard's numbers: active projects, pending tasks by priority, clients" }),
  row('GET', '/api/dashboard/overview', 'dashboard.overview', { summary: "The dashboard's newest projects, files, companies, contacts and the getting-started checklist" }),

  // Projects (spec §7.1). GET /projects/v1 is the spec's picker read ({id, name}, optionally of one company), so the
  // list lives on /api/projects; the spec's detail read (/api/projects/xano/{project_uid}) answers snake_case.
  // 404 on create and update: the company or a contact is not the agency's own.
  row('GET', '/api/projects', 'projects.list', { list: true, errors: [404], summary: 'List projects (search, company and status filters)' }),
  row('POST', '/api/projects', 'projects.create', { status: 201, errors: [404], summary: 'Create a project' }),
  row('GET', '/api/projects/options', 'projects.options', { errors: [404], summary: 'Project ids and names for pickers, optionally of one company' }),
  row('GET', '/api/projects/xano/{project_uid}', 'projects.get', {
    style: 'snake',
    summary: 'A project by its uid, with tasks_of_project and files_of_project (first 100 each)',
  }),
  row('GET', '/api/projects/{id}', 'projects.get', { summary: 'Get a project, with its contacts, tasks and files' }),
  row('PATCH', '/api/projects/{id}', 'projects.update', { snakeInput: true, summary: 'Change the given fields of a project' }),
  row('DELETE', '/api/projects/{id}', 'projects.remove', { summary: 'Delete a project and its tasks; its files stay, with no project' }),
  row('GET', '/projects/v1', 'projects.options', { errors: [404], summary: 'Project ids and names for pickers, optionally of one company (company_id)' }),
  row('POST', '/projects/v1', 'projects.create', { status: 201, errors: [404], summary: 'Create a project (the spec’s snake_case payload)' }),
  row('GET', '/projects/v1/{id}', 'projects.get', { summary: 'Get a project, with tasks_of_project and files_of_project' }),
  row('PATCH', '/projects/v1/{id}', 'projects.update', { summary: 'Change the given fields of a project' }),
  row('DELETE', '/projects/v1/{id}', 'projects.remove', { summary: 'Delete a project and its tasks; its files stay, with no project' }),

  ...domain(
    'tasks',
    { list: 'tasks.list', get: 'tasks.get', create: 'tasks.create', update: 'tasks.update', remove: 'tasks.remove' },
    {
      one: 'task',
      // 404 also when the project or the assignee (assignedTo / assigneeId) is not the agency's own.
      errors: { list: [404], create: [404] },
    },
  ),
  row('GET', '/api/team', 'team.list', { summary: "The agency's staff users (the assignee choice of tasks)" }),

  // Files (spec §7.2). POST creates a link to an external file; uploads and downloads carry bytes and are Express
  // routes of their own (server/files/routes.ts), documented beside these in the OpenAPI document.
  ...domain(
    'documents',
    { list: 'documents.list', get: 'documents.get', create: 'documents.create', update: 'documents.update', remove: 'documents.remove' },
    {
      one: 'document',
      // 404 also when the company or project (a filter, or where the file goes) is not the agency's own.
      errors: { list: [404], create: [404] },
      extra: [row('GET', '/api/documents/stats', 'documents.stats', { summary: 'File counts (all, created in the last 7 days), bytes stored and the upload limit' })],
    },
  ),
];
