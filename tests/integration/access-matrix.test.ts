/**
 * The access matrix: generated from the app router, so a new procedure is covered without anyone writing a test.
 * - every staff procedure answers 401 without a session, and with a portal session (Bearer token and cookie);
 * - every portal procedure (built on portalProcedure, listed in PORTAL) answers 401 without a session, and with a
 *   staff session (Bearer token and cookie);
 * - every procedure whose input takes an id (`id`, `…Id`, `…Ids`) answers NOT_FOUND for agency B's row when
 *   called by agency A, and that row stays exactly as it was; with A's own rows the same input is accepted.
 * Inputs come from each procedure's zod schema (tests/support/zod-sample.ts). A procedure that takes no id, or
 * that anyone may call, must be listed below; one that is neither fails "classifies every procedure", and so does
 * one that is not public but built on neither staffProcedure nor portalProcedure.
 */
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { appRouter } from '../../server/routers/_app';
import { portalProcedure, staffProcedure } from '../../server/trpc';
import { hashToken } from '../../server/auth/tokens';
import { addCompanyTree, twoAgencies, type Agency, type RowsByModel, type TenantModel } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { TRPCClientError } from '@trpc/client';
import { openLiveStream } from '../support/live';
import { refusal, untypedTrpcClient, type Credentials } from '../support/trpc';
import { kindOf, sample, sampleProblems, shapeOf } from '../support/zod-sample';
import { CLIENT, startOidcProvider, type TestProvider } from '../support/oidc-provider';
import { HTTP_ROUTES, routeName } from '../../server/http/registry';
import { ENTITIES, RECORD_KINDS } from '../../shared/entities';
import type { HttpRoute } from '../../server/http/route';
import {
  callRoute,
  routeClassificationProblems,
  routeIds,
  routeSample,
  type RouteCaller,
  type RouteIdModel,
} from '../support/http-routes';

/** Anyone may call these: sign-up, sign-in, the sign-in screen's demo hint, password reset links and portal sign-in/invites. */
const PUBLIC = [
  'auth.signup',
  'auth.login',
  'auth.verifyTwoFactor',
  'auth.demoHint',
  'auth.passwordResetAvailable',
  'auth.requestPasswordReset',
  'auth.checkPasswordReset',
  'auth.resetPassword',
  'portalAuth.login',
  'portalAuth.inviteInfo',
  'portalAuth.acceptInvite',
  'portalAuth.requestPasswordReset',
  'portalAuth.checkPasswordReset',
  'portalAuth.resetPassword',
  'portalAuth.requestMagicLink',
  'portalAuth.checkMagicLink',
  'portalAuth.consumeMagicLink',
  'business.branding',
  'staffInvite.info',
  'staffInvite.accept',
  'sso.staffOption',
  'sso.clientOption',
];

/** The portal's work areas (server/routers/portal.ts); `slug` is only the REST path's, checked against the session's. */
const PORTAL_DATA = [
  'portal.dashboard',
  'portal.projects',
  'portal.project',
  'portal.tasks',
  'portal.files',
  'portal.resources',
  'portal.resource',
];

/**
 * Client portal procedures: a portal session only, never a staff one. Must match what each is built on (checked);
 * the ones without an id are also in WITHOUT_ID.
 */
const PORTAL = [
  'portalAuth.me',
  'portalAuth.logout',
  'portalAuth.changePassword',
  ...PORTAL_DATA,
  'portalFlows.list',
  'portalFlows.get',
  'portalFlows.saveStep',
  'portalFlows.submit',
  'portalNotifications.get',
  'portalNotifications.update',
  'portalTeam.status',
  'portalTeam.members',
  'portalTeam.invite',
  'portalTeam.remove',
  'portalTeam.setNotifications',
  'portalActivity.list',
  'portalMessages.threads',
  'portalMessages.unread',
  'portalMessages.search',
  'portalMessages.thread',
  'portalMessages.open',
  'portalMessages.messages',
  'portalMessages.post',
  'portalMessages.edit',
  'portalMessages.delete',
  'portalMessages.markRead',
  'portalLive.events',
  'portalLive.typing',
  'portalApprovals.reviews',
  'portalApprovals.get',
  'portalApprovals.decide',
  'portalFiles.versions',
  'portalReviewComments.list',
  'portalReviewComments.post',
  'portalReviewComments.resolve',
  'portalReviewComments.reopen',
  'portalReviewComments.edit',
  'portalReviewComments.delete',
  'portalCompanies.list',
  'portalCompanies.choose',
];

/** Staff or portal procedures whose input names no row: the session alone decides whose data they see (tenancy.test.ts checks what). */
const WITHOUT_ID = [
  'portalAuth.me',
  'portalAuth.logout',
  'portalAuth.changePassword',
  'portalFlows.list',
  'portalFlows.get',
  'portal.dashboard',
  'portal.projects',
  'portal.resources',
  'auth.me',
  'auth.logout',
  'companies.list',
  'companies.industries',
  'companies.create',
  'dashboard.stats',
  'dashboard.overview',
  'team.list',
  'documents.stats',
  'business.get',
  'business.updateInfo',
  'business.updateStyle',
  'business.updateMessageEmail',
  'business.removeLogo',
  'team.invites',
  'team.invite',
  'apiTokens.list',
  'apiTokens.create',
  'integrations.emailStatus',
  'integrations.sendTestEmail',
  'profile.update',
  'profile.changePassword',
  'notifications.list',
  'notifications.unreadCount',
  'notifications.markAllRead',
  'notifications.preferences',
  'notifications.updatePreferences',
  'jobs.list',
  'portalNotifications.get',
  'portalNotifications.update',
  'portalTeam.status',
  'portalTeam.members',
  'portalTeam.invite',
  'colleagueInvites.policy',
  'colleagueInvites.setPolicy',
  'activity.recent',
  'portalActivity.list',
  'twoFactor.status',
  'twoFactor.beginSetup',
  'twoFactor.enable',
  'twoFactor.disable',
  'twoFactor.regenerateRecoveryCodes',
  'twoFactor.setRequired',
  'data.requestExport',
  'data.exports',
  'data.storage',
  'templates.list',
  'templates.addStarters',
  'flowTemplates.list',
  'flowTemplates.create',
  'savedViews.list',
  'savedViews.create',
  'messages.unread',
  'portalMessages.threads',
  'portalMessages.unread',
  'portalMessages.search',
  'live.events',
  'portalLive.events',
  'portalLive.typing',
  'approvals.summary',
  'portalApprovals.reviews',
  'security.policy',
  'security.updatePolicy',
  'security.sessions',
  'security.endSession',
  'security.endOtherSessions',
  'portalCompanies.list',
  'sso.settings',
  'sso.remove',
  'sso.startTest',
  'sso.testResult',
];

/** Each record area's router names its own model by `id` (shared/entities.ts). */
const AREA_ID_MODELS = Object.fromEntries(
  RECORD_KINDS.map((kind) => {
    const { router, model } = ENTITIES[kind];
    return [router, (model[0].toLowerCase() + model.slice(1)) as TenantModel];
  }),
);

/** The model an `id` names in each router namespace (null: none of its procedures takes an `id`): the areas, then one line per other domain. */
const ID_MODEL_BY_NAMESPACE: Record<string, TenantModel | null> = {
  ...AREA_ID_MODELS,
  auth: null,
  business: null,
  portalAuth: null,
  /** portalFlows: flowId / stepId name a flow and a step (portalFlows.get takes a flowUid: portal-flows.test.ts). */
  portalFlows: null,
  /** portal.project(id): a project of the client's company. */
  portal: 'project',
  /** portalFiles.versions(id): a file shared with the client's company (issue 31). */
  portalFiles: 'document',
  dashboard: null,
  flowSteps: 'flowStep',
  flowFields: 'flowField',
  /** templates: project templates; flowTemplates: flow templates (issue 29). */
  templates: 'projectTemplate',
  flowTemplates: 'flowTemplate',
  /** search.query: companyId (optional) narrows to one client company. */
  search: null,
  team: 'user',
  apiTokens: 'apiToken',
  /** savedViews: the caller's own views and the team's (a teammate's personal view is NOT_FOUND too: saved-views.test.ts). */
  savedViews: 'savedView',
  integrations: null,
  profile: null,
  staffInvite: null,
  /** notifications.markRead(ids): the caller's own notifications; jobs.retry(id): a job of the agency (owner). */
  notifications: 'notification',
  jobs: 'job',
  portalNotifications: null,
  /** portalTeam: contactId names a portal user of the client admin's company; colleagueInvites: id names a request. */
  portalTeam: null,
  colleagueInvites: 'colleagueInvite',
  /** portalPreview.start: contactId, a contact of the agency (staff preview the portal as them). */
  portalPreview: null,
  /** activity: companyId and actorUserId filters (foreign ones are NOT_FOUND); portalActivity: the session's company. */
  activity: null,
  portalActivity: null,
  /** twoFactor: the signed-in user's own two-factor sign-in, and the agency's switch. */
  twoFactor: null,
  /** messages / portalMessages: threadId, messageId, attachmentIds name their rows (ID_KEY_MODEL). */
  messages: null,
  portalMessages: null,
  /** reports.overview: the companyId filter (optional; a foreign one is NOT_FOUND). */
  reports: null,
  /** data.requestCompanyExport: companyId (a foreign one is NOT_FOUND); the other exports take no id. */
  data: null,
  /** live.typing: companyId (optional), the client company that may see it (a foreign one is NOT_FOUND). */
  live: null,
  portalLive: null,
  /** approvals: id names a request; documentId its file, contactIds the approvers; portalApprovals: requestId. */
  approvals: 'approvalRequest',
  portalApprovals: null,
  /** reviewComments / portalReviewComments: id names the file (number its version); commentId, parentId a comment. */
  reviewComments: 'document',
  portalReviewComments: 'document',
  /** security: the agency's sign-in policy, and the signed-in user's own sessions (a session's key is no row id). */
  security: null,
  /** contactCompanies: contactId and companyId name a contact and a company (ID_KEY_MODEL); portalCompanies: companyId. */
  contactCompanies: null,
  portalCompanies: null,
  /** sso: the owner's single sign-on settings; save's autoCreateCompanyId, unblock's userId name their rows. */
  sso: null,
};

/** The model an `…Id` / `…Ids` key names, in any namespace. */
const ID_KEY_MODEL: Record<string, TenantModel> = {
  companyId: 'company',
  contactId: 'contact',
  /** The spec's project payload: companies_id, and project_contact_id (a list). */
  companiesId: 'company',
  projectContactId: 'contact',
  projectId: 'project',
  taskId: 'task',
  documentId: 'document',
  resourceId: 'resource',
  flowId: 'flow',
  flowStepId: 'flowStep',
  stepId: 'flowStep',
  flowFieldId: 'flowField',
  fieldId: 'flowField',
  userId: 'user',
  uploadedById: 'user',
  assigneeId: 'user',
  inviteId: 'staffInvite',
  /** The activity log's person filter: a staff user of the agency. */
  actorUserId: 'user',
  /** A project template's linked flow templates. */
  flowTemplateId: 'flowTemplate',
  threadId: 'messageThread',
  messageId: 'message',
  /** A message's attachments: company files. */
  attachmentId: 'document',
  requestId: 'approvalRequest',
  commentId: 'reviewComment',
  parentId: 'reviewComment',
  /** A client connection's company for contacts created on first sign-in (issue 32). */
  autoCreateCompanyId: 'company',
};

type ProcedureDef = {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: z.ZodType[]; middlewares: unknown[] };
};

/** Which session a procedure requires, read from the middlewares it is built from (as server/rest/openapi.ts does). */
function sessionOf(procedure: ProcedureDef): 'staff' | 'portal' | null {
  const builtOn = (base: unknown) =>
    (base as ProcedureDef)._def.middlewares.every((m) => procedure._def.middlewares.includes(m));
  if (builtOn(staffProcedure)) return 'staff';
  if (builtOn(portalProcedure)) return 'portal';
  return null;
}
type IdKey = { path: string[]; key: string; many: boolean; model: TenantModel | undefined };

const ID_KEY = /^(id|.+Id)$/;
/**
 * Keys named like ids that name no row: lastEventId is tRPC's resume position in a live stream (a number of the whole
 * installation's event sequence; a stream catches up only on its own agency's events, tests/integration/live.test.ts);
 * clientId is the OAuth client id a single sign-on provider gave the agency (sso.save), text of the provider's.
 */
const NOT_ROW_IDS = new Set(['lastEventId', 'clientId']);
const ID_LIST_KEY = /^(ids|.+Ids)$/;

/** Every key of the input (at any depth of nested objects) that names a row, with the model it names. */
function idKeysOf(namespace: string, schema: z.ZodType, path: string[] = []): IdKey[] {
  const shape = shapeOf(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([key, child]): IdKey[] => {
    if (NOT_ROW_IDS.has(key)) return [];
    // A list of ids: `…Ids`, or a `…Id` key whose value is a list (the spec's project_contact_id).
    const many = (ID_LIST_KEY.test(key) || ID_KEY.test(key)) && kindOf(child) === 'array';
    if (ID_KEY.test(key) || many) {
      const singular = many && ID_LIST_KEY.test(key) ? key.replace(/s$/, '') : key;
      const model = singular === 'id' ? (ID_MODEL_BY_NAMESPACE[namespace] ?? undefined) : ID_KEY_MODEL[singular];
      return [{ path: [...path, key], key, many, model }];
    }
    return kindOf(child) === 'object' ? idKeysOf(namespace, child, [...path, key]) : [];
  });
}

function withIds(input: unknown, idKeys: IdKey[], idFor: (idKey: IdKey) => number): unknown {
  const copy = structuredClone(input) as Record<string, unknown>;
  for (const idKey of idKeys) {
    let target = copy;
    for (const step of idKey.path.slice(0, -1)) target = (target[step] ??= {}) as Record<string, unknown>;
    const id = idFor(idKey);
    target[idKey.key] = idKey.many ? [id] : id;
  }
  return copy;
}

type Entry = {
  path: string;
  type: ProcedureDef['_def']['type'];
  public: boolean;
  /** The session it is built on (null: none, so it must be public). */
  session: 'staff' | 'portal' | null;
  idKeys: IdKey[];
  /** A valid input (ids still samples), or why none could be made. */
  input: { ok: true; value: unknown } | { ok: false; reason: string };
};

const { procedures, lazy } = (
  appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef>; lazy: object } }
)._def;

const entries: Entry[] = Object.entries(procedures).map(([path, procedure]) => {
  const namespace = path.split('.')[0];
  const { inputs, type } = procedure._def;
  let input: Entry['input'];
  try {
    // Chained .input() calls merge their objects.
    const value = inputs.length === 0 ? undefined : Object.assign({}, ...inputs.map((schema) => sample(schema)));
    const problems = inputs.flatMap((schema) => sampleProblems(schema, value));
    input = problems.length ? { ok: false, reason: problems.join('; ') } : { ok: true, value };
  } catch (error) {
    input = { ok: false, reason: (error as Error).message };
  }
  return {
    path,
    type,
    public: PUBLIC.includes(path),
    session: sessionOf(procedure),
    idKeys: inputs.flatMap((schema) => idKeysOf(namespace, schema)),
    input,
  };
});

function classificationProblems(): string[] {
  const known = new Set(entries.map((e) => e.path));
  const problems: string[] = [];
  if (Object.keys(lazy).length) problems.push(`lazy routers are not walked: ${Object.keys(lazy).join(', ')}`);
  for (const listed of [...PUBLIC, ...PORTAL, ...WITHOUT_ID])
    if (!known.has(listed)) problems.push(`${listed}: listed here but no such procedure`);
  for (const e of entries) {
    const namespace = e.path.split('.')[0];
    if (!(namespace in ID_MODEL_BY_NAMESPACE))
      problems.push(`${e.path}: unknown namespace "${namespace}" — add it to ID_MODEL_BY_NAMESPACE`);
    if (!e.input.ok) problems.push(`${e.path}: no valid sample input (${e.input.reason})`);
    for (const idKey of e.idKeys) {
      if (!idKey.model)
        problems.push(
          `${e.path}: unknown id key "${idKey.path.join('.')}" — map it in ID_MODEL_BY_NAMESPACE / ID_KEY_MODEL`,
        );
    }
    if (e.public && e.session) problems.push(`${e.path}: listed in PUBLIC but built on ${e.session}Procedure`);
    if (!e.public && !e.session)
      problems.push(
        `${e.path}: built on neither staffProcedure nor portalProcedure — list it in PUBLIC if anyone may call it`,
      );
    if (PORTAL.includes(e.path) !== (e.session === 'portal')) {
      problems.push(
        `${e.path}: ${e.session === 'portal' ? 'built on portalProcedure: list it in PORTAL' : 'listed in PORTAL but not built on portalProcedure'}`,
      );
    }
    const withoutId = WITHOUT_ID.includes(e.path);
    if (withoutId && e.idKeys.length)
      problems.push(`${e.path}: listed in WITHOUT_ID but takes ${e.idKeys.map((k) => k.key).join(', ')}`);
    if (!e.public && !withoutId && !e.idKeys.length)
      problems.push(`${e.path}: unclassified procedure — it takes no id: list it in PUBLIC or WITHOUT_ID`);
  }
  return problems;
}

let app: TestApp;
let a: Agency;
let b: Agency;

let provider: TestProvider;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
  provider = await startOidcProvider(app.baseUrl, []);
  // Each portal client is a client admin of their company (issue 32), so portalTeam's calls reach their id checks.
  await app.database.db.contact.updateMany({
    where: { id: { in: [a.portal.contactId, b.portal.contactId] } },
    data: { clientAdmin: true },
  });
});
afterAll(async () => {
  await provider.close();
  await app.close();
});

/**
 * A subscription (a live stream, server-sent events) is opened and read until it says whether it was let in: its
 * first event (accepted) or its error (refused, as a thrown tRPC error would be).
 */
async function subscribe(credentials: Credentials, entry: Entry, input: unknown) {
  const stream = await openLiveStream(app.baseUrl, entry.path, credentials, { input });
  const first = await Promise.race([stream.next(() => true).then(() => null), stream.ended]);
  stream.close();
  if (first) throw new TRPCClientError(first.message ?? '', { result: { error: { data: first } } } as never);
}

const call = (credentials: Credentials, entry: Entry, input: unknown) => {
  if (entry.type === 'subscription') return subscribe(credentials, entry, input);
  const trpc = untypedTrpcClient(app.baseUrl, credentials);
  return entry.type === 'query' ? trpc.query(entry.path, input) : trpc.mutation(entry.path, input);
};
/** Agency A's own session of the kind the procedure needs. */
const own = (entry: Entry): Credentials => ({ token: entry.session === 'portal' ? a.portal.token : a.token });
/** How a call was refused; {} when it succeeded. */
const outcome = (promise: Promise<unknown>) => promise.then(() => ({}), refusal);

type Delegate = { findUnique(args: { where: { id: number } }): Promise<unknown> };
const rowOf = (model: TenantModel, id: number) =>
  (app.database.db[model] as unknown as Delegate).findUnique({ where: { id } });

/** The first of each model in an agency's rows (all under its first company). */
const firstRow = (rows: RowsByModel) => (idKey: IdKey) => rows[idKey.model!][0];

/**
 * Where a sampled input breaks a rule that has nothing to do with tenancy, the fix, so that "accepts the same
 * input" is about tenancy: a contact's e-mail is unique per agency (each call gets a fresh one), a portal password
 * must pass the strength check, and an invite needs a contact whose portal access is on (set before the control).
 */
let sampleCounter = 0;
// (sendInvite off: an invite and a password are either/or.)
const contactSampleFix = () => ({
  email: `matrix-${Date.now().toString(36)}-${sampleCounter++}@client.test`,
  portalPassword: 'violet harbour quartz 4817 engine',
  sendInvite: undefined,
});
const SAMPLE_FIXES: Record<string, { input?: () => object; beforeControl?: (rows: RowsByModel) => Promise<unknown> }> =
  {
    'contacts.create': { input: contactSampleFix },
    'contacts.update': { input: contactSampleFix },
    // By id alone: the sampled projectUid would name no project (both must match when both are given).
    'projects.get': { input: () => ({ projectUid: undefined }) },
    // By id alone, as projects.get.
    'flows.get': { input: () => ({ flowUid: undefined }) },
    // The fixture's flow is an onboard flow: its steps take no answers.
    'portalFlows.saveStep': { input: () => ({ answers: [] }) },
    // The sampled slug would name another portal (403): the session's own is implied.
    ...Object.fromEntries(PORTAL_DATA.map((path) => [path, { input: () => ({ slug: undefined }) }])),
    // The fixture's first resource is hidden from the client: the control shares it (a client sees shared ones only).
    'portal.resource': {
      input: () => ({ slug: undefined }),
      beforeControl: (rows) =>
        app.database.db.resource.update({ where: { id: rows.resource[0] }, data: { visibleToClient: true } }),
    },
    // A preview needs a contact who can use the portal (access on; the control's contact has a company).
    'portalPreview.start': {
      beforeControl: (rows) =>
        app.database.db.contact.update({ where: { id: rows.contact[0] }, data: { portalAccess: true } }),
    },
    // A contact of another company (a new one: the fixture's contacts serve the portal's tests, whose company and
    // admin right must stay as they are) is given the control's company, or has it taken away.
    'contactCompanies.add': { beforeControl: (rows) => guestContact(rows) },
    'contactCompanies.remove': { beforeControl: (rows) => guestContact(rows, { member: true }) },
    // A connection is saved only once the provider answers discovery: the real one this file starts.
    'sso.save': {
      input: () => ({
        audience: 'client',
        issuer: provider.issuer,
        clientId: CLIENT.id,
        clientSecret: CLIENT.secret,
        allowedDomains: 'matrix.test',
      }),
    },
    // Only a blocked user is unblocked.
    'sso.unblock': {
      beforeControl: (rows) =>
        app.database.db.user.update({ where: { id: rows.user[0] }, data: { blockedAt: new Date() } }),
    },
    'contacts.sendInvite': {
      beforeControl: (rows) =>
        app.database.db.contact.update({ where: { id: rows.contact[0] }, data: { portalAccess: true } }),
    },
    // The sampled slug would name another portal (403); a client edits and deletes only their own message.
    ...Object.fromEntries(
      PORTAL.filter((path) => path.startsWith('portalMessages.')).map((path) => [
        path,
        { input: () => ({ slug: undefined }) },
      ]),
    ),
    'portalMessages.edit': { input: () => ({ slug: undefined }), beforeControl: (rows) => clientMessage(rows) },
    'portalMessages.delete': { input: () => ({ slug: undefined }), beforeControl: (rows) => clientMessage(rows) },
    // An approval request names contacts with portal access; only a pending one is cancelled (the fixture's is decided).
    'approvals.create': {
      input: () => ({ mode: 'one', dueAt: undefined }),
      beforeControl: (rows) =>
        app.database.db.contact.update({ where: { id: rows.contact[0] }, data: { portalAccess: true } }),
    },
    'approvals.cancel': {
      beforeControl: (rows) =>
        app.database.db.approvalRequest.update({ where: { id: rows.approvalRequest[0] }, data: { status: 'pending' } }),
    },
    // The sampled slug would name another portal (403); the fixture's request is approved: approving again is a no-op.
    'portalApprovals.get': { input: () => ({ slug: undefined }) },
    'portalApprovals.decide': { input: () => ({ slug: undefined, decision: 'approve', versionNumber: undefined }) },
    'portalFiles.versions': { input: () => ({ slug: undefined }) },
    // The fixture's file is at version 1; a comment without a pin (the file is no image) nor a parent; the first
    // comment of a tree is the client's own (never an internal one).
    ...Object.fromEntries(
      ['list', 'post', 'resolve', 'reopen'].flatMap((name) => [
        [`reviewComments.${name}`, { input: () => ({ number: 1, parentId: undefined, pin: undefined }) }],
        [
          `portalReviewComments.${name}`,
          { input: () => ({ number: 1, parentId: undefined, pin: undefined, slug: undefined }) },
        ],
      ]),
    ),
    // Only a comment's author edits it: staff's control edits the tree's staff reply (the second comment), the
    // client's a comment of their own. Staff delete any comment; the client only their own (a new one, deleted).
    'reviewComments.edit': {
      beforeControl: async (rows) => {
        rows.reviewComment = [rows.reviewComment[1], ...rows.reviewComment];
      },
    },
    'portalReviewComments.edit': { input: () => ({ slug: undefined }), beforeControl: (rows) => clientComment(rows) },
    'portalReviewComments.delete': {
      input: () => ({ slug: undefined }),
      beforeControl: (rows) => clientComment(rows, { untilAfter: true }),
    },
    // The current version follows the file's own sharing: the control shares version 1 once version 2 is current.
    'documents.shareVersion': {
      input: () => ({ number: 1 }),
      beforeControl: async (rows) => {
        const db = app.database.db;
        const doc = await db.document.update({ where: { id: rows.document[0] }, data: { version: 2 } });
        await db.documentVersion.create({
          data: { businessId: doc.businessId, documentId: doc.id, number: 2, url: doc.url, previewStatus: 'none' },
        });
      },
    },
    // A client admin acts on a colleague with portal access, never on themselves (the portal client).
    'portalTeam.remove': { beforeControl: (rows) => addColleague(rows) },
    'portalTeam.setNotifications': { beforeControl: (rows) => addColleague(rows) },
    // Nobody changes their own role or removes themselves: the control acts on another member of agency A.
    'team.setRole': { beforeControl: (rows) => addMember(rows) },
    'team.remove': { beforeControl: (rows) => addMember(rows) },
  };

/** A message the portal client wrote in their company's conversation (agency A's first thread). */
async function clientMessage(rows: RowsByModel) {
  const message = await app.database.db.message.create({
    data: {
      businessId: a.businessId,
      threadId: rows.messageThread[0],
      authorContactId: a.portal.contactId,
      authorKind: 'contact',
      authorName: 'Casey Client',
      body: 'A question from the client',
    },
  });
  rows.message = [message.id, ...rows.message];
}

/** Undone after each test: a row list a control changed for itself only (agency A's rows serve every portal test). */
const afterControl: (() => void)[] = [];
afterEach(() => {
  for (const undo of afterControl.splice(0)) undo();
});

/**
 * A comment the portal client wrote on agency A's shared file's current version, first in rows.reviewComment (until
 * the test ends with untilAfter: a deleted comment must not serve the next tests).
 */
async function clientComment(rows: RowsByModel, options: { untilAfter?: boolean } = {}) {
  const first = await app.database.db.reviewComment.findUniqueOrThrow({ where: { id: rows.reviewComment[0] } });
  const comment = await app.database.db.reviewComment.create({
    data: {
      businessId: a.businessId,
      documentId: first.documentId,
      versionId: first.versionId,
      authorKind: 'contact',
      authorContactId: a.portal.contactId,
      authorName: 'Casey Client',
      body: 'A comment from the client',
    },
  });
  const before = rows.reviewComment;
  rows.reviewComment = [comment.id, ...before];
  if (options.untilAfter)
    afterControl.push(() => {
      rows.reviewComment = before;
    });
}

/** A new contact of agency A's fourth company, first in rows.contact; member: also of the control's company. */
async function guestContact(rows: RowsByModel, options: { member?: boolean } = {}) {
  const contact = await app.database.db.contact.create({
    data: {
      businessId: a.businessId,
      companyId: a.companies[3].id,
      firstName: 'Gale',
      lastName: 'Guest',
      email: `matrix-guest-${Date.now().toString(36)}-${sampleCounter++}@client.test`,
      portalAccess: true,
    },
  });
  if (options.member)
    await app.database.db.contactCompany.create({
      data: { businessId: a.businessId, contactId: contact.id, companyId: rows.company[0] },
    });
  const before = rows.contact;
  rows.contact = [contact.id, ...before];
  afterControl.push(() => {
    rows.contact = before;
  });
}

/** A colleague of agency A's portal client, with portal access, in their company. */
async function addColleague(rows: RowsByModel) {
  const colleague = await app.database.db.contact.create({
    data: {
      businessId: a.businessId,
      companyId: a.portal.companyId,
      firstName: 'Jamie',
      lastName: 'Colleague',
      email: `matrix-colleague-${Date.now().toString(36)}-${sampleCounter++}@client.test`,
      portalAccess: true,
    },
  });
  rows.contact = [colleague.id];
}

async function addMember(rows: RowsByModel) {
  const member = await app.database.db.user.create({
    data: {
      businessId: a.businessId,
      email: `matrix-member-${Date.now().toString(36)}-${sampleCounter++}@agency.test`,
      firstName: 'Morgan',
      lastName: 'Member',
      passwordHash: 'unused',
      role: 'member',
    },
  });
  rows.user = [member.id];
}

const validInput = (entry: Entry) => {
  if (!entry.input.ok) throw new Error(`${entry.path}: no valid sample input (${entry.input.reason})`);
  const fix = SAMPLE_FIXES[entry.path]?.input;
  return fix ? { ...(entry.input.value as object), ...fix() } : entry.input.value;
};

describe('the access matrix', () => {
  it('classifies every procedure: public, or staff/portal without an id or with a known id', () => {
    expect(classificationProblems()).toEqual([]);
  });

  it('uses a live portal session and a working staff token for agency A', async () => {
    const portalSession = await app.database.db.portalSession.findUniqueOrThrow({
      where: { id: hashToken(a.portal.token) },
      include: { contact: { select: { portalAccess: true, companyId: true } } },
    });
    expect(portalSession.expiresAt.getTime()).toBeGreaterThan(Date.now());
    expect(portalSession.contact).toEqual({ portalAccess: true, companyId: a.portal.companyId });
    expect(await untypedTrpcClient(app.baseUrl, { token: a.token }).query('auth.me')).toMatchObject({ id: a.userId });
  });

  for (const entry of entries.filter((e) => !e.public)) {
    describe(entry.path, () => {
      const unauthorized = { code: 'UNAUTHORIZED', httpStatus: 401 };
      const ownInput = () => withIds(validInput(entry), entry.idKeys, firstRow(a.rows));

      it('answers 401 without a session', async () => {
        expect(await outcome(call({}, entry, ownInput()))).toEqual(unauthorized);
      });
      if (entry.session === 'portal') {
        it("answers 401 with a staff session's Bearer token", async () => {
          expect(await outcome(call({ token: a.token }, entry, ownInput()))).toEqual(unauthorized);
        });
        it('answers 401 with the staff session cookie', async () => {
          expect(await outcome(call({ staffCookie: a.token, origin: app.baseUrl }, entry, ownInput()))).toEqual(
            unauthorized,
          );
        });
      } else {
        it("answers 401 with a portal session's Bearer token", async () => {
          expect(await outcome(call({ token: a.portal.token }, entry, ownInput()))).toEqual(unauthorized);
        });
        it('answers 401 with the portal session cookie', async () => {
          expect(await outcome(call({ portalCookie: a.portal.token, origin: app.baseUrl }, entry, ownInput()))).toEqual(
            unauthorized,
          );
        });
      }

      for (const idKey of entry.idKeys.filter((k) => k.model)) {
        it(`answers NOT_FOUND for another agency's ${idKey.path.join('.')} (${idKey.model}) and leaves that row unchanged`, async () => {
          // Only this key names agency B's row; every other id is agency A's own, so B's id alone must be refused.
          const foreignId = b.rows[idKey.model!][0];
          const input = withIds(validInput(entry), entry.idKeys, (k) =>
            k === idKey ? foreignId : firstRow(a.rows)(k),
          );
          const named = entry.idKeys.map((k) => [k.model!, k === idKey ? foreignId : firstRow(a.rows)(k)] as const);
          const before = await Promise.all(named.map(([model, id]) => rowOf(model, id)));
          expect(before[entry.idKeys.indexOf(idKey)]).not.toBeNull();

          expect(await outcome(call(own(entry), entry, input))).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
          expect(await Promise.all(named.map(([model, id]) => rowOf(model, id)))).toEqual(before);
        });
      }

      if (entry.idKeys.length) {
        it("accepts the same input with agency A's own rows (so the NOT_FOUND above is about tenancy)", async () => {
          // A fresh company tree: mutations may change or remove what they are given. A portal client sees only
          // their own company's rows, so a portal procedure is given those (the portal is read-only).
          // (A copy of the portal's rows, so a control's own rows never replace agency A's for later procedures.)
          const fresh =
            entry.session === 'portal'
              ? { ...a.rows }
              : await addCompanyTree(app.database.db, a.businessId, a.userId, `Control for ${entry.path}`);
          if (entry.session !== 'portal') fresh.user = [a.userId];
          await SAMPLE_FIXES[entry.path]?.beforeControl?.(fresh);
          expect(
            await outcome(call(own(entry), entry, withIds(validInput(entry), entry.idKeys, firstRow(fresh)))),
          ).toEqual({});
        });
      }
    });
  }
});

/**
 * The app's own Express routes that write (outside tRPC, so not walked above): staff only. Each answers 401 without a
 * session and with a portal session (Bearer token and cookie), and writes nothing.
 */
describe('Express routes', () => {
  const importForm = () => {
    const form = new FormData();
    form.append('kind', 'companies');
    form.append('commit', 'true');
    form.append('file', new Blob(['Name\nMatrix Import Co\n'], { type: 'text/csv' }), 'companies.csv');
    return form;
  };
  const credentials: [string, () => Record<string, string>][] = [
    ['no session', () => ({})],
    ["a portal session's Bearer token", () => ({ authorization: `Bearer ${a.portal.token}` })],
    ['the portal session cookie', () => ({ cookie: `cf_portal=${a.portal.token}`, origin: app.baseUrl })],
  ];
  for (const [what, headers] of credentials) {
    it(`POST /api/imports answers 401 with ${what}`, async () => {
      const res = await fetch(`${app.baseUrl}/api/imports`, { method: 'POST', body: importForm(), headers: headers() });
      expect(res.status).toBe(401);
      expect(await app.database.db.company.count({ where: { name: 'Matrix Import Co' } })).toBe(0);
    });
  }
});

/**
 * The export downloads (server/data/routes.ts, outside tRPC): staff only, 401 without a session and with a portal
 * session; another agency's company or background export is 404, the same request on agency A's own is served.
 */
describe('Express export routes', () => {
  const zipOf = async (agency: Agency) => {
    const storageKey = app.storage.newKey(agency.businessId);
    await app.storage.writeStream(storageKey, Readable.from([Buffer.from('PK zip of the matrix')]));
    const row = await app.database.db.export.create({
      data: {
        businessId: agency.businessId,
        requestedById: agency.userId,
        status: 'ready',
        fileName: 'matrix.zip',
        storageKey,
        size: 20,
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    return row.id;
  };
  const paths = (exportId: number) => [
    '/api/export.zip',
    `/api/export.zip?companyId=${a.companies[0].id}`,
    `/api/exports/${exportId}/download`,
  ];
  const credentials: [string, () => Record<string, string>][] = [
    ['no session', () => ({})],
    ["a portal session's Bearer token", () => ({ authorization: `Bearer ${a.portal.token}` })],
    ['the portal session cookie', () => ({ cookie: `cf_portal=${a.portal.token}`, origin: app.baseUrl })],
  ];
  for (const [what, headers] of credentials) {
    it(`GET /api/export.zip[?companyId] and /api/exports/{id}/download answer 401 with ${what}`, async () => {
      for (const path of paths(await zipOf(a)))
        expect([path, (await fetch(`${app.baseUrl}${path}`, { headers: headers() })).status]).toEqual([path, 401]);
    });
  }
  it("answers 404 for another agency's company and export, and serves agency A's own", async () => {
    const get = (path: string) => fetch(`${app.baseUrl}${path}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect((await get(`/api/export.zip?companyId=${b.companies[0].id}`)).status).toBe(404);
    expect((await get(`/api/exports/${await zipOf(b)}/download`)).status).toBe(404);
    // Read to the end: a zip left unread keeps the agency's export lock, and the route matrix's own export.zip
    // requests below would meet a 409 "already downloading" on a slow machine.
    const zip = await get(`/api/export.zip?companyId=${a.companies[0].id}`);
    expect([zip.status, (await zip.arrayBuffer()).byteLength > 0]).toEqual([200, true]);
    const own = await get(`/api/exports/${await zipOf(a)}/download`);
    expect([own.status, await own.text()]).toEqual([200, 'PK zip of the matrix']);
  });
});

/** The row a route's request names, as stored (to check a refused request changed nothing). */
function routeRowOf(model: RouteIdModel, id: number) {
  if (model === 'export') return app.database.db.export.findUnique({ where: { id } });
  if (model === 'thumbnail') return rowOf('document', id);
  return rowOf(model === 'fileField' ? 'flowField' : model === 'fileFlow' ? 'flow' : model, id);
}

/** Agency A's own sessions of the kind(s) a route takes. */
const ownCallers = (route: HttpRoute): [string, () => RouteCaller][] => [
  ...(route.kind !== 'portal' ? [['a staff session', () => ({ token: a.token })] as [string, () => RouteCaller]] : []),
  ...(route.kind === 'portal' || route.kind === 'staffOrPortal'
    ? [['a portal session', () => ({ token: a.portal.token })] as [string, () => RouteCaller]]
    : []),
];

describe('the route matrix (server/http/registry.ts)', () => {
  it('classifies every route: a sample request each, and every staff route a permission or why any staff may', () => {
    expect(routeClassificationProblems()).toEqual([]);
  });

  for (const route of HTTP_ROUTES.filter((r) => r.kind !== 'public')) {
    describe(routeName(route), () => {
      const unauthorized = { status: 401, code: 'UNAUTHORIZED' };
      const ownIds = () => routeIds(app, a, routeSample(route).ids);

      it('answers 401 without a session', async () => {
        expect(await callRoute(app, route, await ownIds(), null)).toMatchObject(unauthorized);
      });
      const others: [string, () => RouteCaller][] =
        route.kind === 'staff'
          ? [
              ["a portal session's Bearer token", () => ({ token: a.portal.token })],
              ['the portal session cookie', () => ({ portalCookie: a.portal.token })],
            ]
          : route.kind === 'portal'
            ? [
                ["a staff session's Bearer token", () => ({ token: a.token })],
                ['the staff session cookie', () => ({ staffCookie: a.token })],
              ]
            : [];
      for (const [what, caller] of others) {
        it(`answers 401 with ${what}`, async () => {
          expect(await callRoute(app, route, await ownIds(), caller())).toMatchObject(unauthorized);
        });
      }

      for (const [who, caller] of ownCallers(route)) {
        for (const model of routeSample(route).ids) {
          it(`answers NOT_FOUND to ${who} for another agency's ${model} and leaves that row unchanged`, async () => {
            // Only this row is agency B's; every other is agency A's own, so B's alone must be refused.
            const ids = { ...(await ownIds()), [model]: (await routeIds(app, b, [model]))[model] };
            const named = routeSample(route).ids.map((m) => [m, ids[m]!] as const);
            const before = await Promise.all(named.map(([m, id]) => routeRowOf(m, id)));
            expect(before.every((row) => row !== null)).toBe(true);
            expect(await callRoute(app, route, ids, caller())).toMatchObject({ status: 404, code: 'NOT_FOUND' });
            expect(await Promise.all(named.map(([m, id]) => routeRowOf(m, id)))).toEqual(before);
          });
        }
        it(`serves ${who} with agency A's own rows (so the refusals above are about the session and tenancy)`, async () => {
          expect(await callRoute(app, route, await ownIds(), caller())).toEqual({ status: routeSample(route).ok });
        });
      }
    });
  }
});
