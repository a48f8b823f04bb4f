import type { AnyProcedure } from '@trpc/server';
import type { AppRouter } from '../routers/_app';

/** Every procedure's dotted path ("companies.list"), derived from the router: a typo fails the type check. */
type PathsOf<R, Prefix extends string = ''> = {
  [K in keyof R & string]: R[K] extends AnyProcedure ? `${Prefix}${K}` : PathsOf<R[K], `${Prefix}${K}.`>;
}[keyof R & string];
export type ProcedurePath = PathsOf<AppRouter['_def']['record']>;

type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

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
  /**
   * Answers only when this query parameter (wire name) is present; otherwise the next row of the same path does.
   * The spec reads one flow from the list path (GET /flows/v1/?flow_uid=); the document describes it on that path.
   */
  when?: string;
  /**
   * Fields whose contents are data, not field names: the snake/camel conversion renames the field but leaves what
   * it holds as sent (a resource's `value`, a free map of the user's own keys such as "Login URL" or "api_key").
   */
  opaque?: readonly string[];
};

type RowOptions = Partial<
  Pick<RestRoute, 'style' | 'status' | 'list' | 'summary' | 'errors' | 'snakeInput' | 'when' | 'opaque'>
>;

/** A single row; the style follows the path (/api is camelCase, everything else snake_case) unless given. */
const row = (method: HttpMethod, path: string, procedure: ProcedurePath, options: RowOptions = {}): RestRoute => ({
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
function domain(
  name: string,
  procedures: DomainProcedures,
  {
    one,
    extra = [],
    errors = {},
    opaque,
  }: {
    one: string;
    extra?: RestRoute[];
    errors?: Partial<Record<keyof DomainProcedures, RestRoute['errors']>>;
    opaque?: RestRoute['opaque'];
  },
): RestRoute[] {
  const rows: RestRoute[] = [...extra];
  const { list, get, create, update, remove } = procedures;
  for (const base of [`/api/${name}`, `/${name}/v1`]) {
    if (list) rows.push(row('GET', base, list, { list: true, summary: `List ${name}`, errors: errors.list, opaque }));
    if (create)
      rows.push(row('POST', base, create, { status: 201, summary: `Create a ${one}`, errors: errors.create, opaque }));
    if (get) rows.push(row('GET', `${base}/{id}`, get, { summary: `Get a ${one}`, errors: errors.get, opaque }));
    if (update)
      rows.push(
        row('PATCH', `${base}/{id}`, update, {
          summary: `Change the given fields of a ${one}`,
          errors: errors.update,
          opaque,
        }),
      );
    if (remove)
      rows.push(row('DELETE', `${base}/{id}`, remove, { summary: `Delete a ${one}`, errors: errors.remove, opaque }));
  }
  return rows;
}

export const restRoutes: RestRoute[] = [
  row('POST', '/auth/signup', 'auth.signup', {
    status: 201,
    errors: [409],
    summary: 'Sign up a new agency and its owner',
  }),
  row('POST', '/auth/v1/login', 'auth.login', {
    errors: [401, 429],
    summary:
      'Sign in (with two-factor sign-in on, a right password answers a challenge for the code step instead of a token)',
  }),
  row('POST', '/auth/v1/login/two-factor', 'auth.verifyTwoFactor', {
    errors: [401, 429],
    summary: 'Sign in, code step: the challenge and a code from the authenticator app (or a recovery code)',
  }),
  row('GET', '/auth/v1/me', 'auth.me', { summary: 'The signed-in user' }),
  row('POST', '/auth/v1/logout', 'auth.logout', { summary: 'Sign out' }),
  row('POST', '/auth/v1/password-reset', 'auth.requestPasswordReset', {
    errors: [429],
    summary: 'Mail a one-time password reset link (the same reply whether or not the address has an account)',
  }),
  row('GET', '/auth/v1/password-reset/{token}', 'auth.checkPasswordReset', {
    errors: [409, 412],
    summary: 'Whose a reset link is, if it still works',
  }),
  row('POST', '/auth/v1/password-reset/confirm', 'auth.resetPassword', {
    errors: [404, 409, 412],
    summary:
      'Set a new password from a reset link; every session and API token ends (with two-factor sign-in on, answers a challenge for the code step instead of a token)',
  }),
  row('POST', '/auth/portal/v1/login', 'portalAuth.login', {
    errors: [401, 403, 429],
    summary: 'Sign in to a client portal',
  }),
  row('GET', '/auth/portal/v1/me', 'portalAuth.me', { summary: 'The signed-in portal user' }),
  row('POST', '/auth/portal/v1/logout', 'portalAuth.logout', { summary: 'Sign out of the client portal' }),
  row('GET', '/api/portal/companies', 'portalCompanies.list', {
    summary: "The signed-in contact's companies (a contact of several chooses one after signing in)",
  }),
  row('POST', '/api/portal/companies/choose', 'portalCompanies.choose', {
    errors: [404],
    summary: "Open one of the signed-in contact's companies in this session; any other company answers 404",
  }),
  // The client portal's data (spec §7.6): the portal token (Bearer or cookie); business and company come from it,
  // and a {slug} other than the session's is 403. Lists answer their items, like every list path.
  row('GET', '/api/portal/projects/{slug}', 'portal.projects', {
    list: true,
    errors: [403],
    summary: "The signed-in client's projects, with task and file counts",
  }),
  row('GET', '/api/portal/tasks/{slug}', 'portal.tasks', {
    list: true,
    errors: [403, 404],
    summary: "The tasks of the signed-in client's projects (search, status filter)",
  }),
  row('GET', '/api/portal/documents/{slug}', 'portal.files', {
    list: true,
    errors: [403, 404],
    summary: 'The files shared with the signed-in client (search, project filter)',
  }),
  row('GET', '/api/portal/dashboard/{slug}', 'portal.dashboard', {
    errors: [403],
    summary: 'The portal dashboard: counts, recent projects and files, resources',
  }),
  row('GET', '/api/portal/projects/{slug}/{id}', 'portal.project', {
    errors: [403],
    summary: 'One project of the signed-in client, with its tasks, files and contacts',
  }),
  row('GET', '/api/portal/files/{slug}', 'portal.files', {
    errors: [403, 404],
    summary: 'The files shared with the signed-in client, with stats and the project filter',
  }),
  row('GET', '/api/portal/files/{slug}/{id}/versions', 'portalFiles.versions', {
    errors: [403, 404],
    summary: 'The older versions of a shared file that staff shared with the signed-in client, newest first',
  }),
  row('GET', '/api/portal/resources/{slug}', 'portal.resources', {
    errors: [403],
    summary: 'The resources shared with the signed-in client, with their details',
  }),
  row('GET', '/api/portal/resources/{slug}/{resourceId}', 'portal.resource', {
    errors: [403],
    summary: 'One resource shared with the signed-in client, with its details',
  }),
  // Flows in the client portal (portal token): the contact's active flows, one with their answers, a step's save, submit.
  // File answers go through POST /api/portal/flows/upload (multipart, outside this table).
  row('GET', '/api/portal/flows', 'portalFlows.list', {
    summary: "The signed-in client's active flows, each with their progress",
  }),
  row('GET', '/api/portal/flows/{flowUid}', 'portalFlows.get', {
    errors: [404],
    summary: "One flow with its steps, fields and the client's saved answers",
  }),
  row('POST', '/api/portal/flows/{flowId}/steps/{stepId}', 'portalFlows.saveStep', {
    summary: "Save one step's answers and the client's progress",
  }),
  row('POST', '/api/portal/flows/{flowId}/submit', 'portalFlows.submit', {
    summary: 'Complete a flow (every required field answered)',
  }),
  row('GET', '/api/portal/activity', 'portalActivity.list', {
    list: true,
    summary: 'What the agency shared with the signed-in client and what the client did, newest first',
  }),
  row('GET', '/api/portal/notifications', 'portalNotifications.get', {
    summary: 'Whether the signed-in client gets e-mail when files or flows are shared with them',
  }),
  row('PUT', '/api/portal/notifications', 'portalNotifications.update', {
    summary: 'Turn those e-mails on or off (emailNotifications)',
  }),
  // Client teams (issue 32): a client admin's colleagues (portal token); every row but status answers 403 to others.
  row('GET', '/api/portal/team/status', 'portalTeam.status', {
    summary: 'Whether the signed-in client is a client admin of their company, and whether invitations need approval',
  }),
  row('GET', '/api/portal/team', 'portalTeam.members', {
    errors: [403],
    summary: "A client admin's company: its portal users and its invitations waiting for the agency's approval",
  }),
  row('POST', '/api/portal/team/invitations', 'portalTeam.invite', {
    status: 201,
    errors: [403, 409, 429],
    summary:
      'Invite a colleague by e-mail: waits for approval (status pending), or with self-service on is sent at once (approved)',
  }),
  row('DELETE', '/api/portal/team/members/{contactId}', 'portalTeam.remove', {
    errors: [403],
    summary: "Turn a colleague's portal access off (never one's own, never another client admin's); the contact stays",
  }),
  row('PUT', '/api/portal/team/members/{contactId}/notifications', 'portalTeam.setNotifications', {
    errors: [403],
    summary: 'Whether a portal user of the company gets e-mail when files or flows are shared (notifyByEmail)',
  }),
  // Messages in the client portal (portal token): the company's conversations, as the portal's screens call them.
  // Internal notes never appear (the procedures' client rule); `slug`, when given, must be the session's (403).
  row('GET', '/api/portal/messages/threads', 'portalMessages.threads', {
    list: true,
    errors: [403],
    summary: "The client company's conversations the client sees, newest first (cursor: the previous nextCursor)",
  }),
  row('POST', '/api/portal/messages/threads', 'portalMessages.open', {
    errors: [404],
    summary:
      "Open the company's conversation, or with projectId a project's the client may see (created when first opened)",
  }),
  row('GET', '/api/portal/messages/unread', 'portalMessages.unread', {
    errors: [403],
    summary: 'How many conversations hold a message the client has not read',
  }),
  row('GET', '/api/portal/messages/search', 'portalMessages.search', {
    errors: [403],
    summary: "The client's conversations and messages whose words start with q's (never an internal note)",
  }),
  row('GET', '/api/portal/messages/threads/{threadId}', 'portalMessages.thread', {
    errors: [403],
    summary: "One conversation, with how far the agency has read it (the client's 'Seen')",
  }),
  row('GET', '/api/portal/messages/threads/{threadId}/messages', 'portalMessages.messages', {
    list: true,
    errors: [403],
    summary: 'A page of messages, newest first (cursor: the oldest id already shown)',
  }),
  row('POST', '/api/portal/messages/threads/{threadId}/messages', 'portalMessages.post', {
    status: 201,
    errors: [429],
    summary: 'Post a message (markdown, at most 10,000 characters)',
  }),
  row('PATCH', '/api/portal/messages/{messageId}', 'portalMessages.edit', {
    summary: 'Edit your own message, within 15 minutes of sending it',
  }),
  row('DELETE', '/api/portal/messages/{messageId}', 'portalMessages.delete', {
    summary: 'Delete your own message, within 15 minutes of sending it (the conversation shows it was deleted)',
  }),
  row('POST', '/api/portal/messages/threads/{threadId}/read', 'portalMessages.markRead', {
    summary: 'Mark the conversation read up to a message (default: the newest the client sees)',
  }),
  row('GET', '/auth/portal/v1/invite/{slug}/{token}', 'portalAuth.inviteInfo', {
    errors: [403, 409, 412],
    summary: 'Whom a portal invite link is for, if it still works',
  }),
  row('POST', '/auth/portal/v1/invite', 'portalAuth.acceptInvite', {
    errors: [403, 404, 409, 412],
    summary: 'Choose a portal password from an invite link and sign in',
  }),
  // Portal sign-in by an e-mailed link (issue 32): ask, read (never spends it), sign in (spends it).
  row('POST', '/auth/portal/v1/magic-link', 'portalAuth.requestMagicLink', {
    errors: [429],
    summary:
      'Mail a single-use portal sign-in link, valid 15 minutes (the same reply whether or not the address can sign in)',
  }),
  row('GET', '/auth/portal/v1/magic-link/{slug}/{token}', 'portalAuth.checkMagicLink', {
    errors: [403, 409, 412],
    summary: 'Whom a portal sign-in link is for, if it still works (reading it does not spend it)',
  }),
  row('POST', '/auth/portal/v1/magic-link/sign-in', 'portalAuth.consumeMagicLink', {
    errors: [403, 404, 409, 412],
    summary: 'Sign in to a client portal with a sign-in link (it works once)',
  }),
  // Account → Security (issue 32): the owner's sign-in policy, and the signed-in user's own sessions.
  row('GET', '/api/business/sign-in-policy', 'security.policy', {
    summary: 'Whether clients sign in with e-mailed links only, and the session lifetime (owner)',
  }),
  row('PUT', '/api/business/sign-in-policy', 'security.updatePolicy', {
    errors: [412],
    summary:
      'Set whether clients sign in with e-mailed links only (needs outgoing e-mail) and the session lifetime in days, 1 to 90 or null for the server’s (owner)',
  }),
  row('GET', '/api/account/sessions', 'security.sessions', {
    summary: 'The signed-in user’s sessions: address, browser, sign-in method, created and last active',
  }),
  row('DELETE', '/api/account/sessions/{key}', 'security.endSession', {
    errors: [404],
    summary: 'End one of your sessions at once',
  }),
  row('POST', '/api/account/sessions/end-others', 'security.endOtherSessions', {
    summary: 'End every session of yours but this one',
  }),

  ...domain(
    'companies',
    {
      list: 'companies.list',
      get: 'companies.get',
      create: 'companies.create',
      update: 'companies.update',
      remove: 'companies.delete',
    },
    {
      one: 'company',
      extra: [
        row('GET', '/api/companies/industries', 'companies.industries', {
          summary: 'The industries present, for the filter',
        }),
        // Archive and delete (issue 29), beside the rows above on both prefixes.
        ...['/api/companies', '/companies/v1'].flatMap((base) => [
          row('POST', `${base}/{id}/archive`, 'companies.archive', {
            summary:
              'Archive a company: hidden from lists, search and the dashboard, its portal closed (undo: unarchive)',
          }),
          row('POST', `${base}/{id}/unarchive`, 'companies.unarchive', {
            summary: 'Restore an archived company',
          }),
          row('GET', `${base}/{id}/delete-summary`, 'companies.deleteSummary', {
            errors: [403],
            summary:
              'What deleting a company takes with it: counts of contacts, portal users, projects, tasks, files, flows',
          }),
        ]),
      ],
    },
  ),

  ...domain(
    'contacts',
    {
      list: 'contacts.list',
      get: 'contacts.get',
      create: 'contacts.create',
      update: 'contacts.update',
      remove: 'contacts.remove',
    },
    {
      one: 'contact',
      // 409: another contact of the agency already uses the e-mail address; 429: send_invite past the invitation budget.
      errors: { create: [409, 429], update: [409, 429] },
      extra: [
        row('POST', '/api/contacts/{id}/invite', 'contacts.sendInvite', {
          errors: [429],
          summary: 'Create a one-time portal invite link (7 days) and e-mail it',
        }),
        row('POST', '/contacts/v1/{id}/invite', 'contacts.sendInvite', {
          errors: [429],
          summary: 'Create a one-time portal invite link (7 days) and e-mail it',
        }),
      ],
    },
  ),
  // Several companies per client login (issue 32): the companies one contact's sign-in opens (at most 30 in all).
  row('GET', '/api/contacts/{contactId}/companies', 'contactCompanies.list', {
    errors: [404],
    summary: "The companies a contact's portal sign-in opens: their own first, then the others by name",
  }),
  row('POST', '/api/contacts/{contactId}/companies', 'contactCompanies.add', {
    errors: [404],
    summary: "Give a contact's sign-in access to another company of the agency (30 companies at most in all)",
  }),
  row('DELETE', '/api/contacts/{contactId}/companies/{companyId}', 'contactCompanies.remove', {
    errors: [404],
    summary: "End a contact's access to one of their other companies; their portal sessions there end at once",
  }),
  row('GET', '/api/companies/{companyId}/guest-contacts', 'contactCompanies.ofCompany', {
    errors: [404],
    summary: 'Contacts of other companies who also have portal access to this company',
  }),
  // Client teams (issue 32): client admins' invitation requests, decided by staff; the self-service policy (owner).
  row('GET', '/api/colleague-invitations', 'colleagueInvites.list', {
    summary: 'Invitation requests of client admins, newest first (pending unless status is given; companyId narrows)',
  }),
  row('POST', '/api/colleague-invitations/{id}/approve', 'colleagueInvites.approve', {
    errors: [409, 429],
    summary: 'Approve a request: the contact is made with portal access and e-mailed a one-time invite link',
  }),
  row('POST', '/api/colleague-invitations/{id}/decline', 'colleagueInvites.decline', {
    errors: [409],
    summary: 'Decline a request',
  }),
  row('GET', '/api/client-teams/policy', 'colleagueInvites.policy', {
    summary: "Whether client admins' invitations take effect without approval",
  }),
  row('PUT', '/api/client-teams/policy', 'colleagueInvites.setPolicy', {
    errors: [403],
    summary: 'Let client admins invite colleagues without approval, or not (owner)',
  }),
  // The spec's singular read path: the contact dialog reads a contact here before editing it.
  row('GET', '/contact/v1/{id}', 'contacts.get', { summary: 'Get a contact (the path the contact dialog reads)' }),

  row('GET', '/api/dashboard/stats', 'dashboard.stats', {
    summary: "The dashboard's numbers: active projects, pending tasks by priority, clients",
  }),
  row('GET', '/api/dashboard/overview', 'dashboard.overview', {
    summary: "The dashboard's newest projects, files, companies, contacts and the getting-started checklist",
  }),
  row('GET', '/api/reports', 'reports.overview', {
    errors: [404],
    snakeInput: true,
    summary:
      'The reports: projects, tasks, hours, clients, flows and files (from, to as yyyy-mm-dd between 1900-01-01 and 2200-12-31, at most 5 years apart; companyId; default the last 12 months)',
  }),
  // The activity log: a company's Activity tab and the dashboard card (all staff), the whole log (owner only; the CSV
  // download with the same filters is GET /api/activity.csv, outside this table).
  row('GET', '/api/activity', 'activity.list', {
    list: true,
    errors: [403, 404],
    summary:
      'The agency’s activity log, newest first (entityType, actorUserId, companyId, from, to filters; owner only)',
  }),
  row('GET', '/api/activity/recent', 'activity.recent', {
    summary: 'The agency’s latest activity entries (limit up to 20)',
  }),
  row('GET', '/api/companies/{companyId}/activity', 'activity.forCompany', {
    list: true,
    summary: 'A company’s activity, newest first (entityType filter)',
  }),
  row('GET', '/api/search', 'search.query', {
    errors: [404],
    summary:
      'Global search: companies, contacts, projects, tasks, files, resources and flows whose words start with every word of q, a few of each kind (companyId narrows to one client, kinds=task,file to some kinds)',
  }),
  // Data export (server/data/): the zip itself is GET /api/export.zip[?companyId=] and a background one's
  // GET /api/exports/{id}/download, Express routes outside this table.
  row('POST', '/api/exports', 'data.requestExport', {
    summary: 'Export the whole agency: a download URL, or a background export e-mailed when ready (owner only)',
  }),
  row('POST', '/api/companies/{companyId}/exports', 'data.requestCompanyExport', {
    errors: [404],
    summary: 'Export one client company’s own data: a download URL, or a background export (owner and admin)',
  }),
  row('GET', '/api/exports', 'data.exports', {
    summary: 'The caller’s background exports, newest first (at most 20), with their download URLs while ready',
  }),

  // Business and branding (spec §7.5). The business answers the spec's snake_case names (style.primary_color,
  // location.street_1…) and takes either spelling; the public branding keeps the spec's mixed names as they are.
  // The logo's bytes are Express routes of their own (server/files/logo.ts), documented beside these.
  row('GET', '/api/business', 'business.get', {
    style: 'snake',
    summary: 'The business, with style, logo and location',
  }),
  row('PUT', '/api/business/info', 'business.updateInfo', {
    style: 'snake',
    summary: 'Change the business information: name, email, phone, location',
  }),
  row('PUT', '/api/business/style', 'business.updateStyle', {
    style: 'snake',
    summary: 'Change the portal branding: colors and login text',
  }),
  row('PUT', '/api/business/message-email', 'business.updateMessageEmail', {
    style: 'snake',
    summary: 'Change when unread messages are e-mailed, and whether the e-mail carries their text',
  }),
  row('DELETE', '/api/business/logo', 'business.removeLogo', {
    style: 'snake',
    summary: 'Remove the logo (the portal shows the business name instead)',
  }),
  row('GET', '/api/business/branding/{slug}', 'business.branding', {
    errors: [404],
    summary: "A client portal's branding, by its slug (no authorisation)",
  }),

  // Projects (spec §7.1). GET /projects/v1 is the spec's picker read ({id, name}, optionally of one company), so the
  // list lives on /api/projects; the spec's detail read (/api/projects/xano/{project_uid}) answers snake_case.
  // 404 on create and update: the company or a contact is not the agency's own.
  row('GET', '/api/projects', 'projects.list', {
    list: true,
    errors: [404],
    summary: 'List projects (search, company and status filters)',
  }),
  row('POST', '/api/projects', 'projects.create', { status: 201, errors: [404], summary: 'Create a project' }),
  row('GET', '/api/projects/options', 'projects.options', {
    errors: [404],
    summary: 'Project ids and names for pickers, optionally of one company',
  }),
  row('GET', '/api/projects/xano/{project_uid}', 'projects.get', {
    style: 'snake',
    summary: 'A project by its uid, with tasks_of_project and files_of_project (first 100 each)',
  }),
  row('GET', '/api/projects/{id}', 'projects.get', { summary: 'Get a project, with its contacts, tasks and files' }),
  row('PATCH', '/api/projects/{id}', 'projects.update', {
    snakeInput: true,
    summary: 'Change the given fields of a project',
  }),
  row('DELETE', '/api/projects/{id}', 'projects.remove', {
    summary: 'Delete a project and its tasks; its files stay, with no project',
  }),
  row('GET', '/projects/v1', 'projects.options', {
    errors: [404],
    summary: 'Project ids and names for pickers, optionally of one company (company_id)',
  }),
  row('POST', '/projects/v1', 'projects.create', {
    status: 201,
    errors: [404],
    summary: 'Create a project (the spec’s snake_case payload)',
  }),
  row('GET', '/projects/v1/{id}', 'projects.get', {
    summary: 'Get a project, with tasks_of_project and files_of_project',
  }),
  row('PATCH', '/projects/v1/{id}', 'projects.update', { summary: 'Change the given fields of a project' }),
  row('DELETE', '/projects/v1/{id}', 'projects.remove', {
    summary: 'Delete a project and its tasks; its files stay, with no project',
  }),

  ...domain(
    'tasks',
    { list: 'tasks.list', get: 'tasks.get', create: 'tasks.create', update: 'tasks.update', remove: 'tasks.remove' },
    {
      one: 'task',
      // 404 also when the project or the assignee (assignedTo / assigneeId) is not the agency's own.
      errors: { list: [404], create: [404] },
    },
  ),
  row('GET', '/api/team', 'team.list', {
    summary: "The agency's staff users with their roles (also the assignee choice of tasks)",
  }),
  // The team, API tokens, e-mail status and the user's profile. 403: the role lacks the permission
  // (shared/permissions.ts), or an API token asks for what needs a signed-in session (server/trpc.ts sessionProcedure).
  row('GET', '/api/team/invites', 'team.invites', {
    errors: [403],
    summary: 'Unused staff invites, newest first (owner and admin)',
  }),
  row('POST', '/api/team/invites', 'team.invite', {
    status: 201,
    errors: [409, 429],
    summary: 'Invite someone to the staff by e-mail with a role: a one-time link valid 7 days',
  }),
  row('POST', '/api/team/invites/{inviteId}/renew', 'team.renewInvite', {
    errors: [404, 409, 429],
    summary: 'A new link for an unused invite; the earlier one stops working',
  }),
  row('DELETE', '/api/team/invites/{inviteId}', 'team.revokeInvite', { summary: 'Revoke an unused invite' }),
  row('PATCH', '/api/team/{id}', 'team.setRole', { summary: "Change a member's role (owner, admin, member)" }),
  row('DELETE', '/api/team/{id}', 'team.remove', {
    summary: 'Remove a member: their tasks become unassigned, their sessions and API tokens end',
  }),
  row('GET', '/api/api-tokens', 'apiTokens.list', {
    errors: [403],
    summary: "The signed-in user's personal API tokens (never the tokens themselves)",
  }),
  row('POST', '/api/api-tokens', 'apiTokens.create', {
    status: 201,
    summary: 'Create a personal API token; the token is in this reply only',
  }),
  row('DELETE', '/api/api-tokens/{id}', 'apiTokens.revoke', {
    summary: 'Revoke one of your API tokens; it stops working at once',
  }),
  // Single sign-on (Account → Security; owner only, a signed-in session, never an API token).
  row('GET', '/api/sso', 'sso.settings', {
    errors: [403],
    summary:
      'The single sign-on connections for the team and for clients (never their secrets), the redirect URLs to register, and the users the provider blocked',
  }),
  row('PUT', '/api/sso/{audience}', 'sso.save', {
    errors: [403, 404, 412],
    summary:
      "Create or replace the staff or client connection: the issuer's discovery must answer; the secret is stored encrypted (empty keeps the stored one)",
  }),
  row('DELETE', '/api/sso/{audience}', 'sso.remove', {
    errors: [403],
    summary: 'Remove the staff or client connection',
  }),
  row('POST', '/api/sso/{audience}/test', 'sso.startTest', {
    errors: [403, 404, 412],
    summary: "Start a test sign-in: open the answer's url in a browser, then read the test's result",
  }),
  row('GET', '/api/sso/tests/{test}', 'sso.testResult', {
    errors: [403, 404],
    summary: 'What the provider sent during a test sign-in, or why it was refused',
  }),
  row('POST', '/api/sso/blocked/{userId}/unblock', 'sso.unblock', {
    errors: [403],
    summary: 'Let a user the provider refused (blocked) sign in again',
  }),
  // Saved views of the hub's lists: the caller's personal views and the team's.
  row('GET', '/api/saved-views', 'savedViews.list', {
    summary: "A list's saved views (list=company, contact, project, task, file or resource): yours and the team's",
  }),
  row('POST', '/api/saved-views', 'savedViews.create', {
    status: 201,
    summary: "Save a list's query under a name, for you or the team (only the parameters the list reads are kept)",
  }),
  row('PATCH', '/api/saved-views/{id}', 'savedViews.update', {
    errors: [403],
    summary: 'Rename, share or unshare a view (its creator; a team view also an owner or admin)',
  }),
  row('DELETE', '/api/saved-views/{id}', 'savedViews.delete', {
    errors: [403],
    summary: 'Delete a view (its creator; a team view also an owner or admin)',
  }),
  row('GET', '/api/integrations/email', 'integrations.emailStatus', {
    errors: [403],
    summary: 'Whether outgoing e-mail is configured, and its From address',
  }),
  row('POST', '/api/integrations/email/test', 'integrations.sendTestEmail', {
    errors: [429],
    summary: 'Send a test e-mail to the signed-in user',
  }),
  row('PATCH', '/api/profile', 'profile.update', { errors: [409], summary: 'Change your own name and e-mail' }),
  row('POST', '/api/profile/password', 'profile.changePassword', {
    summary:
      'Change your password (the current one is required); your other sessions end, and your API tokens unless revokeApiTokens is false',
  }),
  // Messages (issue 30): the agency's conversations with its clients; internal notes are staff-only.
  row('GET', '/api/messages/threads', 'messages.inbox', {
    list: true,
    errors: [404],
    summary:
      'Every conversation with a message, unread first then newest (filters: companyId, projectId, unread, waiting, mine, search; cursor: the previous X-Next-Cursor)',
  }),
  row('GET', '/api/messages/unread', 'messages.unread', {
    summary: 'How many conversations hold a message you have not read',
  }),
  row('POST', '/api/messages/threads', 'messages.startTopic', {
    status: 201,
    errors: [429],
    summary: 'Start a conversation with a subject for a company (optionally about one of its projects)',
  }),
  row('POST', '/api/messages/companies/{companyId}/thread', 'messages.companyThread', {
    summary: "The company's own conversation (created when first opened)",
  }),
  row('POST', '/api/messages/projects/{projectId}/thread', 'messages.projectThread', {
    summary: "A project's conversation (created when first opened)",
  }),
  row('GET', '/api/messages/threads/{threadId}', 'messages.thread', {
    summary: 'One conversation, with how far each participant has read it (read receipts)',
  }),
  row('GET', '/api/messages/threads/{threadId}/messages', 'messages.messages', {
    list: true,
    summary: 'A page of messages, newest first (cursor: the oldest id already shown)',
  }),
  row('POST', '/api/messages/threads/{threadId}/messages', 'messages.post', {
    status: 201,
    errors: [429],
    summary:
      'Post a message (markdown, at most 10,000 characters; internal=true for a note only staff see; attachmentIds: company files)',
  }),
  row('PATCH', '/api/messages/{messageId}', 'messages.edit', {
    errors: [403],
    summary: 'Edit your own message, within 15 minutes of sending it',
  }),
  row('DELETE', '/api/messages/{messageId}', 'messages.delete', {
    errors: [403],
    summary: 'Delete your own message, within 15 minutes of sending it (the conversation shows it was deleted)',
  }),
  row('POST', '/api/messages/threads/{threadId}/read', 'messages.markRead', {
    summary: 'Mark the conversation read up to a message (default: the newest)',
  }),
  row('PUT', '/api/messages/threads/{threadId}/assignee', 'messages.assign', {
    summary: 'Assign the conversation to a teammate (assigneeId null: nobody)',
  }),
  // Approval requests (issue 31): staff ask a client to approve a shared file's current version; the certificate of a
  // decided request is GET /api/approvals/{id}/certificate.pdf (an Express route, server/http/registry.ts).
  row('GET', '/api/documents/{documentId}/approvals', 'approvals.forDocument', {
    summary: "A file's current version, whether the client sees it, and its approval requests (newest 20)",
  }),
  row('POST', '/api/documents/{documentId}/approvals', 'approvals.create', {
    status: 201,
    summary:
      'Ask for approval of the current version: mode one (contactIds: one), any (every contact with portal access) or sequence (2–10 contacts in order); dueAt, message optional. The file must be shared with the client.',
  }),
  row('GET', '/api/approvals/summary', 'approvals.summary', {
    summary: 'Pending approval requests and how many are overdue',
  }),
  row('GET', '/api/approvals/turnaround', 'approvals.turnaround', {
    summary: 'Per client company: decided requests in the range and the median hours from request to decision',
  }),
  row('GET', '/api/approvals/{id}', 'approvals.get', { summary: 'One approval request with every step' }),
  row('POST', '/api/approvals/{id}/cancel', 'approvals.cancel', { summary: 'Cancel a pending approval request' }),
  // The portal's approvals (portal token): what the contact may decide now, one request, a decision.
  row('GET', '/api/portal/approvals', 'portalApprovals.reviews', {
    summary: 'Needs your review: the approval requests you may decide now',
  }),
  row('GET', '/api/portal/approvals/{requestId}', 'portalApprovals.get', {
    summary: 'One approval request of your company’s shared files',
  }),
  row('POST', '/api/portal/approvals/{requestId}/decision', 'portalApprovals.decide', {
    errors: [403],
    summary:
      'Approve, or request changes (comment required, at most 5,000 characters), the current version; approving twice changes nothing',
  }),
  // Review comments and pins (issue 31) on a version of a file; internal comments (and their replies) are staff's only.
  row('GET', '/api/documents/{id}/versions/{number}/comments', 'reviewComments.list', {
    summary: "A version's comments, oldest first (replies carry parentId; at most 500)",
  }),
  row('POST', '/api/documents/{id}/versions/{number}/comments', 'reviewComments.post', {
    status: 201,
    errors: [429],
    summary:
      'Comment on a version (markdown, at most 5,000 characters): parentId for a reply (one level), pin {page, x, y} for a point (x, y from 0 to 1; page for PDFs only), internal=true for staff only',
  }),
  row('POST', '/api/review-comments/{commentId}/resolve', 'reviewComments.resolve', { summary: 'Resolve a comment' }),
  row('POST', '/api/review-comments/{commentId}/reopen', 'reviewComments.reopen', {
    summary: 'Reopen a resolved comment',
  }),
  row('PATCH', '/api/review-comments/{commentId}', 'reviewComments.edit', {
    errors: [403],
    summary: 'Edit your own comment (markdown, at most 5,000 characters)',
  }),
  row('DELETE', '/api/review-comments/{commentId}', 'reviewComments.delete', {
    summary: "Delete a comment of the agency's files (a top-level comment's replies go with it)",
  }),
  // The portal's (portal token): the versions the portal shows the client, never an internal comment.
  row('GET', '/api/portal/files/{id}/versions/{number}/comments', 'portalReviewComments.list', {
    summary: 'The comments you see on a version of a shared file, oldest first',
  }),
  row('POST', '/api/portal/files/{id}/versions/{number}/comments', 'portalReviewComments.post', {
    status: 201,
    errors: [429],
    summary: 'Comment on a version of a shared file (parentId for a reply, pin {page, x, y} for a point)',
  }),
  row('POST', '/api/portal/review-comments/{commentId}/resolve', 'portalReviewComments.resolve', {
    summary: 'Resolve a comment you see',
  }),
  row('POST', '/api/portal/review-comments/{commentId}/reopen', 'portalReviewComments.reopen', {
    summary: 'Reopen a comment you see',
  }),
  row('PATCH', '/api/portal/review-comments/{commentId}', 'portalReviewComments.edit', {
    errors: [403],
    summary: 'Edit your own comment (markdown, at most 5,000 characters)',
  }),
  row('DELETE', '/api/portal/review-comments/{commentId}', 'portalReviewComments.delete', {
    errors: [403],
    summary: 'Delete your own comment (its replies go with it)',
  }),
  // Notifications (the bell) and their preferences: always the caller's own; background jobs for the owner.
  row('GET', '/api/notifications', 'notifications.list', {
    list: true,
    summary: 'Your notifications, newest first (unreadOnly=true for the unread ones)',
  }),
  row('GET', '/api/notifications/unread-count', 'notifications.unreadCount', {
    summary: 'How many of your notifications are unread',
  }),
  row('POST', '/api/notifications/read', 'notifications.markRead', {
    summary: 'Mark some of your notifications read (ids)',
  }),
  row('POST', '/api/notifications/read-all', 'notifications.markAllRead', {
    summary: 'Mark all your notifications read',
  }),
  row('GET', '/api/notifications/preferences', 'notifications.preferences', {
    summary: "Each notification kind's channel (in_app, email, off) and the daily digest switch",
  }),
  row('PUT', '/api/notifications/preferences', 'notifications.updatePreferences', {
    summary: 'Change channels per kind and the daily digest switch (only what is given changes)',
  }),
  row('GET', '/api/jobs', 'jobs.list', {
    list: true,
    errors: [403],
    summary: 'Background jobs that failed (waiting for a retry) or are dead (gave up), newest first',
  }),
  row('POST', '/api/jobs/{id}/retry', 'jobs.retry', {
    errors: [403, 409],
    summary: 'Run a failed or dead job again with a fresh set of attempts',
  }),

  // Files (spec §7.2). POST creates a link to an external file; uploads and downloads carry bytes and are Express
  // routes of their own (server/files/routes.ts), documented beside these in the OpenAPI document.
  ...domain(
    'documents',
    {
      list: 'documents.list',
      get: 'documents.get',
      create: 'documents.create',
      update: 'documents.update',
      remove: 'documents.remove',
    },
    {
      one: 'document',
      // 404 also when the company or project (a filter, or where the file goes) is not the agency's own.
      errors: { list: [404], create: [404] },
      extra: [
        row('GET', '/api/documents/stats', 'documents.stats', {
          summary: 'File counts (all, created in the last 7 days), bytes stored and the upload limit',
        }),
        // Versions (issue 31): the history and an older version's sharing; uploads and downloads of a version carry
        // bytes (POST /api/documents/{id}/versions, GET …/versions/{number}/download: server/files/routes.ts).
        row('GET', '/api/documents/{id}/versions', 'documents.versions', {
          list: true,
          errors: [404],
          summary: "A file's versions, newest first: number, uploader, date, size, SHA-256, current, shared",
        }),
        row('PATCH', '/api/documents/{id}/versions/{number}', 'documents.shareVersion', {
          errors: [404],
          summary: 'Share an older version with the client (sharedWithClient), or stop sharing it',
        }),
      ],
    },
  ),

  // Resources (spec §7.3). The list answers the spec's snake_case fields on /api/resources too (visible_to_client,
  // company_id…); POST takes `visible` for the visibility flag. `value` is the user's own map ("Login URL",
  // "api_key"): its keys are never converted. 404: the company or project is not the agency's own (or not the
  // company's project).
  ...domain(
    'resources',
    { get: 'resources.get', create: 'resources.create', update: 'resources.update', remove: 'resources.remove' },
    {
      one: 'resource',
      opaque: ['value'],
      errors: { create: [404], update: [404] },
      extra: [
        row('GET', '/api/resources', 'resources.list', {
          style: 'snake',
          list: true,
          errors: [404],
          opaque: ['value'],
          summary: 'List resources (search; type, status and company filters)',
        }),
        row('GET', '/resources/v1', 'resources.list', {
          list: true,
          errors: [404],
          opaque: ['value'],
          summary: 'List resources (search; type, status and company filters)',
        }),
      ],
    },
  ),

  // Flows (spec §7.4). The spec reads one flow from the list path with ?flow_uid=; steps and fields have their own
  // data-service paths, and unlike the old app a step's title, content, order and deletion are saved.
  ...domain(
    'flows',
    { list: 'flows.list', get: 'flows.get', create: 'flows.create', update: 'flows.update', remove: 'flows.remove' },
    {
      one: 'flow',
      // 404: the company is not the agency's own.
      errors: { create: [404] },
      extra: [
        row('GET', '/flows/v1', 'flows.get', {
          when: 'flow_uid',
          summary: 'One flow by flow_uid, with steps_of_flow (each with its fields) and company_of_flow',
        }),
        row('POST', '/api/flows/{id}/duplicate', 'flows.duplicate', {
          status: 201,
          summary: 'Copy a flow with its steps and fields, as a draft',
        }),
        row('POST', '/flows/v1/{id}/duplicate', 'flows.duplicate', {
          status: 201,
          summary: 'Copy a flow with its steps and fields, as a draft',
        }),
        row('GET', '/api/flows/{flowId}/submissions', 'flows.submissions', {
          summary: "The clients' submissions of a flow, with answers and files",
        }),
      ],
    },
  ),
  row('POST', '/flow_step/v1', 'flowSteps.create', {
    status: 201,
    errors: [404],
    summary:
      'Add a step to a flow (last unless step_order is given; step_type content, information or form); returns the created step',
  }),
  row('POST', '/flow_step/v1/reorder', 'flowSteps.reorder', {
    errors: [404],
    summary: 'Put every step of a flow in a new order (step_order becomes 1…n)',
  }),
  row('PATCH', '/flow_step/v1/{id}', 'flowSteps.update', {
    summary: 'Save a step’s title or content, or add or remove its text (a form step) or form (a content step)',
  }),
  row('DELETE', '/flow_step/v1/{id}', 'flowSteps.remove', {
    summary: 'Delete a step and its fields; later steps move up',
  }),
  row('GET', '/flow_field/v1', 'flowFields.list', {
    errors: [404],
    summary: 'The fields of one step (flow_step_id), in display order',
  }),
  row('POST', '/flow_field/v1', 'flowFields.create', {
    status: 201,
    errors: [404],
    summary: 'Add a form field to a step',
  }),
  row('PATCH', '/flow_field/v1/{id}', 'flowFields.update', { summary: 'Change the given properties of a form field' }),
  row('DELETE', '/flow_field/v1/{id}', 'flowFields.remove', { summary: 'Delete a form field' }),

  // Templates (issue 29): project templates (tasks with due dates as days after the start, and the flow templates
  // they start) and flow templates (a flow's steps and fields). Each list is the agency's whole list (at most 500),
  // A→Z. 404: a linked flow template, or the company of a new project, is not the agency's own.
  ...['/api/project-templates', '/project_templates/v1'].flatMap((base) => [
    row('GET', base, 'templates.list', { summary: 'List project templates, A→Z, with task counts and linked flows' }),
    row('POST', base, 'templates.create', {
      status: 201,
      errors: [404],
      summary: 'Create a project template (tasks in order, each due N days after the start; flow templates to start)',
    }),
    row('POST', `${base}/starters`, 'templates.addStarters', {
      summary: 'Add the starter templates the agency does not have yet (by name); answers how many were created',
    }),
    row('GET', `${base}/{id}`, 'templates.get', { summary: 'Get a project template with its tasks in order' }),
    row('PATCH', `${base}/{id}`, 'templates.update', {
      summary: 'Change the given fields of a project template (a task or flow list replaces the template’s)',
    }),
    row('DELETE', `${base}/{id}`, 'templates.remove', {
      summary: 'Delete a project template (projects made from it stay)',
    }),
    row('POST', `${base}/{id}/projects`, 'templates.createProject', {
      status: 201,
      summary:
        'Create a project from a template: its tasks due start + N days, and a draft flow from each linked flow template',
    }),
  ]),
  ...['/api/flow-templates', '/flow_templates/v1'].flatMap((base) => [
    row('GET', base, 'flowTemplates.list', { summary: 'List flow templates, A→Z, with step counts' }),
    row('POST', base, 'flowTemplates.create', {
      status: 201,
      summary: 'Create a flow template (its type, texts, and steps with their fields)',
    }),
    row('GET', `${base}/{id}`, 'flowTemplates.get', { summary: 'Get a flow template with its steps and fields' }),
    row('PATCH', `${base}/{id}`, 'flowTemplates.update', { summary: 'Change the given fields of a flow template' }),
    row('DELETE', `${base}/{id}`, 'flowTemplates.remove', {
      summary: 'Delete a flow template (flows made from it stay)',
    }),
  ]),
];
