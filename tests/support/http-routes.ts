/**
 * A sample request for every route of server/http/registry.ts, for the access and role matrices: the rows it names
 * (resolved per agency, so a test can swap one for another agency's) and the status a caller allowed to make it
 * gets. A route of the table without a sample here fails the matrices' classification tests.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { SESSION } from '../../shared/constants';
import { HTTP_ROUTES, routeName } from '../../server/http/registry';
import type { HttpRoute } from '../../server/http/route';
import type { Agency, TenantModel } from './agencies';
import type { TestApp } from './app';

/**
 * What a route's request names: a fixture row, a background export, or a collect flow of the portal client's
 * company with a file field (the fixture's flow is an onboard flow, which takes no answers).
 */
export type RouteIdModel = TenantModel | 'export' | 'fileFlow' | 'fileField' | 'thumbnail';
export type RouteIds = Partial<Record<RouteIdModel, number>>;

type RouteSample = {
  ids: RouteIdModel[];
  request: (ids: RouteIds) => { path: string; init?: RequestInit };
  /** The status of the request made with the caller's own rows. */
  ok: number;
};

/** A PNG as far as the logo route's sniffer is concerned (its signature, then a few bytes). */
const PNG_BYTES = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(24, 1)]);

function form(
  fields: Record<string, string | number | undefined>,
  file?: { bytes: BlobPart; name: string; type: string },
) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, String(value));
  if (file) body.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return body;
}

const post = (path: string, body: FormData) => ({ path, init: { method: 'POST', body } });

const ROUTE_SAMPLES: Record<string, RouteSample> = {
  'POST /api/documents/upload': {
    ids: ['company', 'project'],
    request: (ids) =>
      post(
        '/api/documents/upload',
        form(
          { companyId: ids.company, projectId: ids.project },
          { bytes: 'matrix file', name: 'matrix.txt', type: 'text/plain' },
        ),
      ),
    ok: 201,
  },
  // The fixture's documents are links: a redirect to the file itself.
  'GET /api/documents/:id/download': {
    ids: ['document'],
    request: (ids) => ({ path: `/api/documents/${ids.document}/download` }),
    ok: 302,
  },
  'POST /api/documents/:id/versions': {
    ids: ['document'],
    request: (ids) =>
      post(
        `/api/documents/${ids.document}/versions`,
        form({}, { bytes: 'matrix version', name: 'matrix-v2.txt', type: 'text/plain' }),
      ),
    ok: 201,
  },
  // The fixture's file is a link: its version 1 redirects to the file itself (a client reaches the current version).
  'GET /api/documents/:id/versions/:number/download': {
    ids: ['document'],
    request: (ids) => ({ path: `/api/documents/${ids.document}/versions/1/download` }),
    ok: 302,
  },
  'GET /api/documents/:id/thumb/:file': {
    ids: ['thumbnail'],
    request: (ids) => ({ path: `/api/documents/${ids.thumbnail}/thumb/${MATRIX_THUMB_HASH}.webp` }),
    ok: 200,
  },
  'POST /api/business/logo': {
    ids: [],
    request: () => post('/api/business/logo', form({}, { bytes: PNG_BYTES, name: 'logo.png', type: 'image/png' })),
    ok: 200,
  },
  'GET /api/business/logo/:businessId/:file': {
    ids: [],
    request: () => ({ path: '/api/business/logo/1/00000000-0000-4000-8000-000000000000' }),
    ok: 404,
  },
  'POST /api/portal/flows/upload': {
    ids: ['fileFlow', 'fileField'],
    request: (ids) =>
      post(
        '/api/portal/flows/upload',
        form(
          { flowId: ids.fileFlow, fieldId: ids.fileField },
          { bytes: 'matrix answer', name: 'a.txt', type: 'text/plain' },
        ),
      ),
    ok: 201,
  },
  // A file for the portal client's company conversation (the fixture's first thread).
  'POST /api/portal/messages/upload': {
    ids: ['messageThread'],
    request: (ids) =>
      post(
        '/api/portal/messages/upload',
        form({ threadId: ids.messageThread }, { bytes: 'matrix attachment', name: 'm.txt', type: 'text/plain' }),
      ),
    ok: 201,
  },
  'GET /api/export.zip?companyId': {
    ids: ['company'],
    request: (ids) => ({ path: `/api/export.zip?companyId=${ids.company}` }),
    ok: 200,
  },
  'GET /api/export.zip': { ids: [], request: () => ({ path: '/api/export.zip' }), ok: 200 },
  'GET /api/exports/:id/download': {
    ids: ['export'],
    request: (ids) => ({ path: `/api/exports/${ids.export}/download` }),
    ok: 200,
  },
  // A preview: nothing is written.
  'POST /api/imports': {
    ids: [],
    request: () =>
      post(
        '/api/imports',
        form(
          { kind: 'companies', commit: 'false' },
          { bytes: 'Name\nMatrix Import Co\n', name: 'c.csv', type: 'text/csv' },
        ),
      ),
    ok: 200,
  },
  // The fixture's approval request is decided: its certificate.
  'GET /api/approvals/:id/certificate.pdf': {
    ids: ['approvalRequest'],
    request: (ids) => ({ path: `/api/approvals/${ids.approvalRequest}/certificate.pdf` }),
    ok: 200,
  },
  'GET /api/activity.csv': {
    ids: ['company', 'user'],
    request: (ids) => ({ path: `/api/activity.csv?companyId=${ids.company}&actorUserId=${ids.user}` }),
    ok: 200,
  },
};

export const routeSample = (route: HttpRoute) => ROUTE_SAMPLES[routeName(route)];

/** What the matrices must find: every route of the table has a sample, every sample a route; staff routes decide. */
export function routeClassificationProblems(): string[] {
  const problems: string[] = [];
  const names = HTTP_ROUTES.map(routeName);
  for (const name of new Set(names.filter((n, i) => names.indexOf(n) !== i))) problems.push(`${name}: declared twice`);
  for (const route of HTTP_ROUTES) {
    const name = routeName(route);
    if (!ROUTE_SAMPLES[name]) problems.push(`${name}: no sample request — add one to tests/support/http-routes.ts`);
    if (route.kind === 'staff' || route.kind === 'staffOrPortal') {
      // Every staff route declares its permission decision, as a procedure is built on permittedProcedure or not.
      if (!route.permission && !route.anyStaff?.trim())
        problems.push(`${name}: a staff route without a permission — declare one, or anyStaff with the reason`);
      if (route.permission && route.anyStaff) problems.push(`${name}: both a permission and anyStaff`);
    }
    if (route.kind === 'public' && !route.reason.trim()) problems.push(`${name}: public without a reason`);
  }
  for (const name of Object.keys(ROUTE_SAMPLES))
    if (!names.includes(name)) problems.push(`${name}: a sample for no route of server/http/registry.ts`);
  return problems;
}

/** The rows a route's request names, of this agency (the export and the file flow are made for the call). */
export async function routeIds(app: TestApp, agency: Agency, models: RouteIdModel[]): Promise<RouteIds> {
  const ids: RouteIds = {};
  for (const model of models) {
    if (model === 'export') ids.export = await readyExport(app, agency);
    else if (model === 'thumbnail') ids.thumbnail = await fileWithThumbnail(app, agency);
    else if (model === 'fileFlow' || model === 'fileField') {
      if (ids[model] === undefined) Object.assign(ids, await fileFlow(app, agency));
    } else ids[model] = agency.rows[model][0];
  }
  return ids;
}

/** A finished background export of the agency's owner. */
async function readyExport(app: TestApp, agency: Agency) {
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
}

const MATRIX_THUMB = Buffer.from('RIFF webp of the matrix');
const MATRIX_THUMB_HASH = createHash('sha256').update(MATRIX_THUMB).digest('hex').slice(0, 16);

/** An uploaded file shared with the portal client's company, its version's thumbnail made (server/files/previews). */
async function fileWithThumbnail(app: TestApp, agency: Agency) {
  const db = app.database.db;
  const { businessId } = agency;
  const storageKey = app.storage.newKey(businessId);
  await app.storage.writeStream(storageKey, Readable.from([Buffer.from('the picture')]));
  const thumbKey = app.storage.newKey(businessId);
  await app.storage.writeStream(thumbKey, Readable.from([MATRIX_THUMB]));
  const document = await db.document.create({
    data: {
      businessId,
      companyId: agency.portal.companyId,
      name: 'matrix.png',
      url: '',
      storageKey,
      mimeType: 'image/png',
      size: 11,
      visibleInPortal: true,
    },
  });
  await db.documentVersion.create({
    data: {
      businessId,
      documentId: document.id,
      number: document.version,
      storageKey,
      url: '',
      mimeType: 'image/png',
      size: 11,
      previewStatus: 'ready',
      thumbKey,
      thumbHash: MATRIX_THUMB_HASH,
    },
  });
  return document.id;
}

/** A published collect flow of the portal client's company (the agency's first) with one step and a file field. */
async function fileFlow(app: TestApp, agency: Agency) {
  const db = app.database.db;
  const { businessId } = agency;
  const flow = await db.flow.create({
    data: {
      businessId,
      companyId: agency.portal.companyId,
      createdById: agency.userId,
      name: 'Matrix files',
      description: 'Matrix flow',
      workflowType: 'collect',
      isActive: true,
    },
  });
  const step = await db.flowStep.create({ data: { businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Files' } });
  const field = await db.flowField.create({
    data: { businessId, flowStepId: step.id, fieldLabel: 'Matrix file', fieldType: 'file' },
  });
  return { fileFlow: flow.id, fileField: field.id };
}

/** Who a request is sent as: a Bearer token, or a session cookie with the app's own Origin. */
export type RouteCaller = { token: string } | { staffCookie: string } | { portalCookie: string } | null;

/** The route's sample request, sent: its status, and for a refusal its code and message. */
export async function callRoute(app: TestApp, route: HttpRoute, ids: RouteIds, caller: RouteCaller) {
  const { path, init } = routeSample(route).request(ids);
  const headers: Record<string, string> = {};
  if (caller && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
  if (caller && 'staffCookie' in caller) headers.cookie = `${SESSION.staffCookie}=${caller.staffCookie}`;
  if (caller && 'portalCookie' in caller) headers.cookie = `${SESSION.portalCookie}=${caller.portalCookie}`;
  if (caller && !('token' in caller)) headers.origin = app.baseUrl;
  const res = await fetch(`${app.baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
  if (res.status < 400) {
    await res.arrayBuffer();
    return { status: res.status };
  }
  const body = (await res.json()) as { code: string; message: string };
  return { status: res.status, code: body.code, message: body.message };
}
