/**
 * The client portal's work areas (server/routers/portal.ts, spec §2.12–§2.16, §7.6) and portal downloads.
 * A GENERATED matrix: every `portal.*` procedure (walked from the app router) and every REST path onto one (walked
 * from server/rest/routes.ts) is called as agency A's portal client, with the Bearer token and with the cookie;
 * nothing of another company of the same agency, nor of agency B, may appear in any answer (names and ids). Then:
 * a slug other than the session's is 403, revoked access is 401, hidden files are never listed nor downloadable,
 * nothing the agency keeps internal (a draft or unshared project, an internal task, a shared file of an internal
 * project) appears anywhere (issue 27), and the answers themselves (the hub's status words, counts, progress, stats).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { PORTAL_PROJECT_STATUS_OF, PORTAL_TASK_STATUS_OF, PORTAL_TASK_STATUS_TONE } from '../../shared/status';
import { appRouter } from '../../server/routers/_app';
import { restRoutes } from '../../server/rest/routes';
import { createPortalSession } from '../../server/auth/sessions';
import { AGENCY_A_COMPANIES, AGENCY_B_COMPANIES, twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { refusal, untypedTrpcClient, type Credentials } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
/** Own company's rows (agency A, companies[0]) and the stored files made below. */
let own: { projectId: number; otherProjectId: number; visibleUpload: number; hiddenUpload: number; hiddenLink: number };
/** Rows of the client's own company that the agency keeps internal (issue 27). */
let internal: { draftProjectId: number; unsharedProjectId: number; internalTaskId: number; fileOfUnsharedId: number };
/** Files a client of A's first company must never get: A's other company's upload, B's upload. */
let foreignUploads: number[];

const procedures = Object.keys(
  (appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures,
).filter((p) => p.startsWith('portal.'));
const portalRest = restRoutes.filter((r) => r.procedure.startsWith('portal.'));

/** Every name a foreign row carries contains its company's name (tests/support/agencies.ts). */
const FOREIGN_NAMES = [...AGENCY_A_COMPANIES.slice(1), ...AGENCY_B_COMPANIES];
const HIDDEN_NAMES = [
  'Hidden upload.txt',
  'Hidden link.pdf',
  'internal notes',
  'Pricing draft 2027',
  'Internal retainer',
  'Send invoice',
];

async function upload(agency: Agency, companyId: number, name: string, visibleInPortal: boolean, content: string) {
  const form = new FormData();
  form.append('companyId', String(companyId));
  form.append('name', name);
  form.append('visibleInPortal', String(visibleInPortal));
  form.append('file', new Blob([content], { type: 'text/plain' }), name);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${agency.token}` },
  });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.id as number;
}

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
  const db = app.database.db;
  const companyId = a.portal.companyId;
  const projectId = a.rows.project[0];
  // A second project of the client's company, with tasks of every hub status and a contact on the first project.
  const other = await db.project.create({
    data: {
      businessId: a.businessId,
      companyId,
      name: 'Alder Architects brand refresh',
      status: 'on-hold',
      priority: 'high',
      visibleToClient: true,
    },
  });
  await db.project.update({
    where: { id: projectId },
    data: {
      status: 'in-progress',
      startDate: new Date('2026-01-05T00:00:00Z'),
      completionDate: new Date('2026-03-31T00:00:00Z'),
    },
  });
  for (const status of ['pending', 'in-progress', 'completed', 'completed', 'cancelled']) {
    await db.task.create({
      data: { businessId: a.businessId, projectId, title: `Alder Architects ${status} task`, status },
    });
  }
  await db.projectContact.create({ data: { businessId: a.businessId, projectId, contactId: a.portal.contactId } });
  // A's other company: a contact on a project of A's first company would be a data error; the project's contacts
  // are filtered by company anyway. B's and A's other companies also get stored uploads.
  const visibleUpload = await upload(a, companyId, 'Alder Architects brief.txt', true, 'visible bytes');
  const hiddenUpload = await upload(a, companyId, 'Hidden upload.txt', false, 'hidden bytes');
  const hiddenLink = (
    await db.document.create({
      data: {
        businessId: a.businessId,
        companyId,
        projectId,
        name: 'Hidden link.pdf',
        url: 'https://files.example.test/hidden.pdf',
        visibleInPortal: false,
      },
    })
  ).id;
  foreignUploads = [
    await upload(a, a.companies[1].id, 'Maple Media secret.txt', true, 'maple bytes'),
    await upload(b, b.companies[0].id, 'Birch Bakery secret.txt', true, 'birch bytes'),
  ];
  own = { projectId, otherProjectId: other.id, visibleUpload, hiddenUpload, hiddenLink };
  // What the agency keeps internal, all of the client's own company: a shared draft, an unshared project in progress
  // with a pending task and a file marked visible in the portal, and an internal pending task on the shared project.
  const draft = await db.project.create({
    data: { businessId: a.businessId, companyId, name: 'Pricing draft 2027', status: 'draft', visibleToClient: true },
  });
  const unshared = await db.project.create({
    data: { businessId: a.businessId, companyId, name: 'Internal retainer', status: 'in-progress' },
  });
  await db.task.create({
    data: { businessId: a.businessId, projectId: unshared.id, title: 'Internal retainer review', status: 'pending' },
  });
  await db.task.create({
    data: { businessId: a.businessId, projectId: draft.id, title: 'Pricing draft 2027 numbers', status: 'pending' },
  });
  const internalTask = await db.task.create({
    data: { businessId: a.businessId, projectId, title: 'Send invoice', status: 'pending', internal: true },
  });
  const fileOfUnshared = await db.document.create({
    data: {
      businessId: a.businessId,
      companyId,
      projectId: unshared.id,
      name: 'Internal retainer budget.pdf',
      url: 'https://files.example.test/budget.pdf',
      visibleInPortal: true,
    },
  });
  await db.resource.create({
    data: {
      businessId: a.businessId,
      companyId,
      projectId: unshared.id,
      title: 'Internal retainer login',
      description: 'x',
      type: 'tool',
      status: 'active',
      visibleToClient: true,
    },
  });
  internal = {
    draftProjectId: draft.id,
    unsharedProjectId: unshared.id,
    internalTaskId: internalTask.id,
    fileOfUnsharedId: fileOfUnshared.id,
  };
});
afterAll(() => app.close());

/** A valid input for each portal procedure, naming only the client's own rows. */
const inputs = (): Record<string, unknown[]> => ({
  'portal.dashboard': [undefined, {}],
  'portal.projects': [{}, { search: 'Alder' }, { status: 'in_progress' }, { limit: 1 }],
  'portal.project': [{ id: own.projectId }, { id: own.otherProjectId }],
  'portal.tasks': [
    {},
    { status: 'cancelled' },
    { status: 'completed' },
    { projectId: own.projectId },
    { search: 'task', limit: 2 },
  ],
  'portal.files': [{}, { projectId: own.projectId }, { search: 'brief' }],
  'portal.resources': [undefined],
  // The fixture's second resource of the client's company is the shared one.
  'portal.resource': [{ resourceId: a.rows.resource[1] }],
});

const credentialsOf = (token: string): [string, Credentials][] => [
  ['Bearer', { token }],
  ['cookie', { portalCookie: token, origin: app.baseUrl }],
];

/** Every number under an `id` or `…Id` key of an answer. */
function idsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'id' || key.endsWith('Id')) && typeof v === 'number') out.push(v);
      else idsIn(v, out);
    }
  }
  return out;
}

/**
 * Ids of every row the client may see: their company's own, as issue 27 words it (written out here again, apart from
 * server/portal/visibility.ts, so that a wrong rule there fails this test): a project shared and not a draft, a task
 * of one not marked internal, a shared file or resource of no project or of a visible one.
 */
async function ownIds() {
  const db = app.database.db;
  const companyId = a.portal.companyId;
  const visibleProject = { companyId, visibleToClient: true, status: { not: 'draft' } };
  const projectShownOrNone = { OR: [{ projectId: null }, { project: visibleProject }] };
  const [projects, tasks, files, contacts, resources] = await Promise.all([
    db.project.findMany({ where: { businessId: a.businessId, ...visibleProject }, select: { id: true } }),
    db.task.findMany({
      where: { businessId: a.businessId, internal: false, project: visibleProject },
      select: { id: true },
    }),
    db.document.findMany({
      where: { businessId: a.businessId, companyId, visibleInPortal: true, ...projectShownOrNone },
      select: { id: true },
    }),
    db.contact.findMany({ where: { businessId: a.businessId, companyId }, select: { id: true } }),
    db.resource.findMany({
      where: { businessId: a.businessId, companyId, visibleToClient: true, ...projectShownOrNone },
      select: { id: true },
    }),
  ]);
  return new Set([companyId, ...[projects, tasks, files, contacts, resources].flat().map((r) => r.id)]);
}

function expectNothingForeign(where: string, answer: unknown, allowed: Set<number>) {
  const text = JSON.stringify(answer);
  for (const name of [...FOREIGN_NAMES, ...HIDDEN_NAMES]) expect(text, `${where} shows "${name}"`).not.toContain(name);
  for (const id of idsIn(answer)) expect(allowed.has(id), `${where} names id ${id}, not the client's`).toBe(true);
}

describe('the generated isolation matrix', () => {
  it('covers every portal procedure and the REST paths of the spec', () => {
    expect(procedures.sort()).toEqual(Object.keys(inputs()).sort());
    const paths = portalRest.map((r) => r.path);
    for (const path of ['/api/portal/projects/{slug}', '/api/portal/tasks/{slug}', '/api/portal/documents/{slug}'])
      expect(paths).toContain(path);
  });

  for (const procedure of procedures) {
    for (const via of ['Bearer', 'cookie']) {
      it(`${procedure} (${via}): only the client's own company, nothing of another company or agency`, async () => {
        const allowed = await ownIds();
        const [, credentials] = credentialsOf(a.portal.token).find(([name]) => name === via)!;
        const trpc = untypedTrpcClient(app.baseUrl, credentials);
        let sawOwn = false;
        for (const input of inputs()[procedure]) {
          const answer = await trpc.query(procedure, input);
          expectNothingForeign(`${procedure}(${JSON.stringify(input)})`, answer, allowed);
          if (JSON.stringify(answer).includes('Alder Architects')) sawOwn = true;
        }
        // Not vacuous: the client's own rows are there.
        expect(sawOwn).toBe(true);
      });
    }
  }

  for (const route of portalRest) {
    it(`${route.method} ${route.path}: own rows only, by Bearer and cookie; another slug is 403; no token is 401`, async () => {
      const allowed = await ownIds();
      const url = (slug: string) =>
        route.path
          .replace('{slug}', slug)
          .replace('{id}', String(own.projectId))
          .replace('{resourceId}', String(a.rows.resource[1]));
      for (const headers of [
        { authorization: `Bearer ${a.portal.token}` },
        { cookie: `cf_portal=${a.portal.token}` },
      ] as Record<string, string>[]) {
        const res = await fetch(app.baseUrl + url(a.slug), { headers });
        const body = await res.json();
        expect(res.status, JSON.stringify(body)).toBe(200);
        expectNothingForeign(url(a.slug), body, allowed);
        expect(JSON.stringify(body)).toContain('Alder Architects');
        // Agency B's slug (and any other) with A's token: 403, nothing of either.
        const wrong = await fetch(app.baseUrl + url(b.slug), { headers });
        expect(wrong.status).toBe(403);
        expect(await wrong.json()).toMatchObject({ message: M.portal.wrongSlug });
      }
      const anonymous = await fetch(app.baseUrl + url(a.slug));
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toMatchObject({ message: M.portalAuth.noToken });
      // A staff token is no portal token.
      const staff = await fetch(app.baseUrl + url(a.slug), { headers: { authorization: `Bearer ${a.token}` } });
      expect(staff.status).toBe(401);
    });
  }

  it('a project of another company of the agency, or of another agency, is NOT_FOUND (and as a filter)', async () => {
    const trpc = untypedTrpcClient(app.baseUrl, { token: a.portal.token });
    // The client's own company's draft and unshared projects look exactly the same.
    for (const foreign of [a.rows.project[1], b.rows.project[0], internal.draftProjectId, internal.unsharedProjectId]) {
      for (const [procedure, input] of [
        ['portal.project', { id: foreign }],
        ['portal.tasks', { projectId: foreign }],
        ['portal.files', { projectId: foreign }],
      ] as const) {
        const error = await trpc.query(procedure, input).then(
          () => null,
          (e: unknown) => e,
        );
        expect(refusal(error), `${procedure} ${foreign}`).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
        expect((error as Error).message).toBe(M.portal.projectNotFound);
      }
    }
  });
});

describe('portal.resource', () => {
  it("answers the client's own shared resource with its details, by tRPC and REST", async () => {
    const trpc = untypedTrpcClient(app.baseUrl, { token: a.portal.token });
    const resource = (await trpc.query('portal.resource', { resourceId: a.rows.resource[1] })) as {
      id: number;
      title: string;
    };
    expect(resource).toMatchObject({ id: a.rows.resource[1], title: 'Alder Architects brand guide', details: [] });
    const res = await fetch(`${app.baseUrl}/api/portal/resources/${a.slug}/${a.rows.resource[1]}`, {
      headers: { authorization: `Bearer ${a.portal.token}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: a.rows.resource[1], title: 'Alder Architects brand guide' });
  });

  it("an unshared resource, one of an internal project, another company's or another agency's: 404 'Resource not found'", async () => {
    const trpc = untypedTrpcClient(app.baseUrl, { token: a.portal.token });
    const ofInternalProject = await app.database.db.resource.findFirstOrThrow({
      where: { businessId: a.businessId, title: 'Internal retainer login' },
      select: { id: true },
    });
    const foreign = [a.rows.resource[0], ofInternalProject.id, a.rows.resource[3], b.rows.resource[1], 2_000_000_000];
    for (const id of foreign) {
      const error = await trpc.query('portal.resource', { resourceId: id }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(refusal(error), `resource ${id}`).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
      expect((error as Error).message).toBe(M.portal.resources.notFound);
      const res = await fetch(`${app.baseUrl}/api/portal/resources/${a.slug}/${id}`, {
        headers: { authorization: `Bearer ${a.portal.token}` },
      });
      expect(res.status).toBe(404);
    }
    // The list: the shared one only.
    const list = (await trpc.query('portal.resources')) as { id: number }[];
    expect(list.map((r) => r.id)).toEqual([a.rows.resource[1]]);
  });
});

describe('sessions', () => {
  it("slug mismatch over tRPC: another agency's slug or an unknown one is FORBIDDEN", async () => {
    const trpc = untypedTrpcClient(app.baseUrl, { token: a.portal.token });
    for (const procedure of procedures) {
      for (const slug of [b.slug, 'no-such-portal']) {
        const input = { ...((inputs()[procedure][0] as object | undefined) ?? {}), slug };
        expect(
          refusal(
            await trpc.query(procedure, input).then(
              () => null,
              (e: unknown) => e,
            ),
          ),
          procedure,
        ).toEqual({ code: 'FORBIDDEN', httpStatus: 403 });
      }
      // The session's own slug, in any case, is fine.
      await trpc.query(procedure, {
        ...((inputs()[procedure][0] as object | undefined) ?? {}),
        slug: a.slug.toUpperCase(),
      });
    }
  });

  it('no token: 401 "No portal authentication token found"; an unknown token: 401', async () => {
    for (const procedure of procedures) {
      const none = await untypedTrpcClient(app.baseUrl)
        .query(procedure, inputs()[procedure][0])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(refusal(none)).toEqual({ code: 'UNAUTHORIZED', httpStatus: 401 });
      expect((none as Error).message).toBe(M.portalAuth.noToken);
      const bad = await untypedTrpcClient(app.baseUrl, { token: 'not-a-session' })
        .query(procedure, inputs()[procedure][0])
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(refusal(bad)).toEqual({ code: 'UNAUTHORIZED', httpStatus: 401 });
    }
  });

  it('revoked access (portalAccess off): every procedure, REST path and download answers 401', async () => {
    const db = app.database.db;
    // A second client of A's first company, signed in, then revoked.
    const contact = await db.contact.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        firstName: 'Riley',
        lastName: 'Revoked',
        email: `riley-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { token } = await createPortalSession(db, a.businessId, contact.id);
    const trpc = untypedTrpcClient(app.baseUrl, { token });
    await trpc.query('portal.dashboard', undefined);
    await db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    for (const procedure of procedures) {
      expect(
        refusal(
          await trpc.query(procedure, inputs()[procedure][0]).then(
            () => null,
            (e: unknown) => e,
          ),
        ),
        procedure,
      ).toEqual({ code: 'UNAUTHORIZED', httpStatus: 401 });
    }
    for (const route of portalRest) {
      const res = await fetch(
        app.baseUrl + route.path.replace('{slug}', a.slug).replace('{id}', String(own.projectId)),
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(res.status, route.path).toBe(401);
    }
    const res = await fetch(`${app.baseUrl}/api/documents/${own.visibleUpload}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(401);
  });
});

describe('downloads with a portal session', () => {
  const download = (id: number, headers: Record<string, string>) =>
    fetch(`${app.baseUrl}/api/documents/${id}/download`, { headers, redirect: 'manual' });

  it("the client's own visible file, by Bearer and by cookie", async () => {
    for (const headers of [
      { authorization: `Bearer ${a.portal.token}` },
      { cookie: `cf_portal=${a.portal.token}` },
    ] as Record<string, string>[]) {
      const res = await download(own.visibleUpload, headers);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('visible bytes');
    }
    // A visible link of the client's company redirects to it.
    const link = await download(a.rows.document[0], { authorization: `Bearer ${a.portal.token}` });
    expect(link.status).toBe(302);
  });

  it('hidden files, files of another company of the agency and of another agency: 404, never the bytes', async () => {
    for (const id of [own.hiddenUpload, own.hiddenLink, ...foreignUploads, a.rows.document[1], b.rows.document[0]]) {
      for (const headers of [
        { authorization: `Bearer ${a.portal.token}` },
        { cookie: `cf_portal=${a.portal.token}` },
      ] as Record<string, string>[]) {
        const res = await download(id, headers);
        expect(res.status, `file ${id}`).toBe(404);
        expect(await res.json()).toMatchObject({ message: M.documents.notFound });
      }
    }
  });

  it('staff behaviour unchanged: the agency sees its hidden file; another agency gets 404; no session 401', async () => {
    const hidden = await download(own.hiddenUpload, { authorization: `Bearer ${a.token}` });
    expect(hidden.status).toBe(200);
    expect(await hidden.text()).toBe('hidden bytes');
    expect((await download(own.hiddenUpload, { authorization: `Bearer ${b.token}` })).status).toBe(404);
    expect((await download(own.hiddenUpload, {})).status).toBe(401);
  });
});

describe('what the client sees', () => {
  const trpc = () =>
    untypedTrpcClient(app.baseUrl, { token: a.portal.token }) as unknown as {
      query: (p: string, i?: unknown) => Promise<any>;
    };

  it('dashboard: counts, 3 recent projects, 5 recent files, visible resources', async () => {
    const d = await trpc().query('portal.dashboard');
    // Active: the in-progress project (the on-hold one is not). Pending: pending + in-progress tasks (+ the fixture's pending one).
    expect(d.counts).toEqual({ activeProjects: 1, pendingTasks: 3, totalFiles: 2 });
    expect(d.recentProjects.map((p: { name: string }) => p.name)).toEqual([
      'Alder Architects brand refresh',
      'Alder Architects website',
    ]);
    expect(d.recentFiles.map((f: { name: string }) => f.name)).toEqual([
      'Alder Architects brief.txt',
      'Alder Architects contract.pdf',
    ]);
    expect(d.resources.map((r: { title: string }) => r.title)).toEqual(['Alder Architects brand guide']);
  });

  it('projects: portal statuses, counts and progress; the status filter', async () => {
    const page = await trpc().query('portal.projects', {});
    const website = page.items.find((p: { id: number }) => p.id === own.projectId);
    expect(website).toMatchObject({
      status: 'in_progress',
      taskCount: 6,
      completedTaskCount: 2,
      fileCount: 1,
      progress: 33,
      startDate: '2026-01-05',
      endDate: '2026-03-31',
    });
    expect(page.items.find((p: { id: number }) => p.id === own.otherProjectId)).toMatchObject({
      status: 'on_hold',
      priority: 'high',
      progress: 0,
    });
    expect(
      (await trpc().query('portal.projects', { status: 'on_hold' })).items.map((p: { id: number }) => p.id),
    ).toEqual([own.otherProjectId]);
    const first = await trpc().query('portal.projects', { limit: 1 });
    const second = await trpc().query('portal.projects', { limit: 1, cursor: first.nextCursor });
    expect([...first.items, ...second.items].map((p: { id: number }) => p.id).sort()).toEqual(
      [own.projectId, own.otherProjectId].sort(),
    );
  });

  it('project detail: tasks, visible files only, contacts with name, email and phone', async () => {
    const p = await trpc().query('portal.project', { id: own.projectId });
    expect(p.tasks).toHaveLength(6);
    expect(p.files.map((f: { name: string }) => f.name)).toEqual(['Alder Architects contract.pdf']);
    expect(p.contacts).toEqual([
      {
        id: a.portal.contactId,
        name: 'Casey Alder Architects',
        email: a.portal.email,
        phone: null,
        companyId: a.portal.companyId,
      },
    ]);
  });

  it('tasks: counts per status in one answer; a cancelled task is "cancelled", read "Cancelled" in grey (never a red "Blocked")', async () => {
    const all = await trpc().query('portal.tasks', {});
    // The internal "Send invoice" and the tasks of the draft and unshared projects (all pending) are not counted.
    expect(all.counts).toEqual({ all: 6, pending: 2, in_progress: 1, completed: 2, cancelled: 1 });
    const cancelled = await trpc().query('portal.tasks', { status: 'cancelled' });
    expect(cancelled.items.map((t: { title: string; status: string }) => [t.title, t.status])).toEqual([
      ['Alder Architects cancelled task', 'cancelled'],
    ]);
    expect(cancelled.counts).toEqual(all.counts);
    expect(M.portal.status[cancelled.items[0].status]).toBe('Cancelled');
    expect(PORTAL_TASK_STATUS_TONE.cancelled).toBe('gray');
    // The same words as the hub: every portal status reads as its hub status does.
    for (const [stored, status] of Object.entries(PORTAL_TASK_STATUS_OF))
      expect(M.portal.status[status]).toBe(M.tasks.statusLabels[stored]);
    for (const [stored, status] of Object.entries(PORTAL_PROJECT_STATUS_OF))
      expect(M.portal.status[status]).toBe(M.projects.statusLabels[stored]);
    await expect(trpc().query('portal.tasks', { status: 'blocked' })).rejects.toSatisfy(
      (e) => refusal(e)?.httpStatus === 400,
    );
    expect((await trpc().query('portal.tasks', { search: 'cancelled' })).items).toHaveLength(1);
  });

  it('files: stats (total, projects, recent 7 days), the project filter and search', async () => {
    const files = await trpc().query('portal.files', {});
    expect(files.stats).toEqual({ total: 2, projects: 1, recent: 2 });
    expect(
      files.items.every(
        (f: { downloadUrl: string; id: number }) => f.downloadUrl === `/api/documents/${f.id}/download`,
      ),
    ).toBe(true);
    expect(files.projectOptions.map((o: { id: number }) => o.id).sort()).toEqual(
      [own.projectId, own.otherProjectId].sort(),
    );
    expect(
      (await trpc().query('portal.files', { projectId: own.projectId })).items.map((f: { name: string }) => f.name),
    ).toEqual(['Alder Architects contract.pdf']);
    expect(
      (await trpc().query('portal.files', { search: 'BRIEF' })).items.map((f: { name: string }) => f.name),
    ).toEqual(['Alder Architects brief.txt']);
  });
});

describe('internal until shared (issue 27): what staff make stays internal until they share it', () => {
  const trpc = () =>
    untypedTrpcClient(app.baseUrl, { token: a.portal.token }) as unknown as {
      query: (p: string, i?: unknown) => Promise<any>;
    };
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(app.baseUrl + path, {
      method,
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  /** Everything the portal answers, as one text, and whether the project itself is reachable. */
  async function portalView(projectId: number) {
    const [dashboard, projects, tasks, files, resources] = await Promise.all([
      trpc().query('portal.dashboard'),
      trpc().query('portal.projects', {}),
      trpc().query('portal.tasks', {}),
      trpc().query('portal.files', {}),
      trpc().query('portal.resources'),
    ]);
    const detail = await trpc()
      .query('portal.project', { id: projectId })
      .then(
        (p) => p,
        (e: unknown) => refusal(e),
      );
    return {
      dashboard,
      projects,
      tasks,
      files,
      text: JSON.stringify([dashboard, projects, tasks, files, resources]),
      detail,
    };
  }

  it('a new project (draft, not shared) with a task and a visible file: invisible everywhere; shared but draft: still; shared and started: visible', async () => {
    const before = await portalView(own.projectId);
    const created = await api('POST', '/api/projects', { name: 'Zeta launch plan', companiesId: a.portal.companyId });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'draft', visibleToClient: false });
    const id = created.body.id as number;
    const task = await api('POST', '/api/tasks', { title: 'Zeta kick-off call', projectId: id });
    expect(task.status).toBe(201);
    expect(task.body.internal).toBe(false);
    await app.database.db.document.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        projectId: id,
        name: 'Zeta plan.pdf',
        url: 'https://files.example.test/zeta.pdf',
        visibleInPortal: true,
      },
    });

    const hidden = async () => {
      const view = await portalView(id);
      expect(view.text).not.toContain('Zeta');
      expect(view.detail).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
      expect(view.dashboard.counts).toEqual(before.dashboard.counts);
      expect(view.tasks.counts).toEqual(before.tasks.counts);
      expect(view.files.stats.total).toBe(before.files.stats.total);
    };
    await hidden();
    // A status alone shares nothing.
    expect((await api('PATCH', `/api/projects/${id}`, { status: 'in-progress' })).body.visibleToClient).toBe(false);
    await hidden();
    // Shared (the REST path's snake_case name), but a draft again: never shown.
    const shared = await api('PATCH', `/api/projects/${id}`, { visible_to_client: true, status: 'draft' });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ visibleToClient: true, status: 'draft' });
    await hidden();

    expect((await api('PATCH', `/api/projects/${id}`, { status: 'waiting' })).body).toMatchObject({
      visibleToClient: true,
      status: 'waiting',
    });
    const view = await portalView(id);
    expect(view.detail).toMatchObject({ id, name: 'Zeta launch plan', status: 'waiting', taskCount: 1, fileCount: 1 });
    expect(view.detail.tasks.map((t: { title: string }) => t.title)).toEqual(['Zeta kick-off call']);
    expect(view.detail.files.map((f: { name: string }) => f.name)).toEqual(['Zeta plan.pdf']);
    expect(view.projects.items.map((p: { id: number }) => p.id)).toContain(id);
    expect(view.dashboard.counts).toEqual({
      ...before.dashboard.counts,
      activeProjects: before.dashboard.counts.activeProjects + 1,
      pendingTasks: before.dashboard.counts.pendingTasks + 1,
      totalFiles: before.dashboard.counts.totalFiles + 1,
    });
    expect(view.dashboard.recentProjects[0]).toMatchObject({ id, taskCount: 1, fileCount: 1 });

    // The task marked internal leaves the client's view and counts; the project stays.
    expect((await api('PATCH', `/api/tasks/${task.body.id}`, { internal: true })).body.internal).toBe(true);
    const after = await portalView(id);
    expect(after.text).not.toContain('Zeta kick-off call');
    expect(after.detail).toMatchObject({ taskCount: 0, tasks: [] });
    expect(after.tasks.counts).toEqual(before.tasks.counts);

    // Unshared again: gone, and its visible file with it.
    await api('PATCH', `/api/projects/${id}`, { visible_to_client: false });
    await hidden();
    await api('DELETE', `/api/projects/${id}`);
  });

  it('an internal task of a shared project and a shared file of an internal project are never shown, nor counted', async () => {
    const view = await portalView(own.projectId);
    expect(view.text).not.toContain('Send invoice');
    expect(view.text).not.toContain('Internal retainer');
    expect(view.detail.tasks.map((t: { id: number }) => t.id)).not.toContain(internal.internalTaskId);
    expect(view.files.items.map((f: { id: number }) => f.id)).not.toContain(internal.fileOfUnsharedId);
    expect(view.files.projectOptions.map((o: { id: number }) => o.id)).not.toContain(internal.unsharedProjectId);
    // The file itself is marked visible: only its project keeps it from the client.
    expect(
      (await app.database.db.document.findUniqueOrThrow({ where: { id: internal.fileOfUnsharedId } })).visibleInPortal,
    ).toBe(true);
  });

  it('REST: visible_to_client on create (snake_case path) and on PATCH /api/projects/{id}; internal on tasks; the defaults are internal', async () => {
    const snake = await fetch(`${app.baseUrl}/projects/v1`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Snake shared',
        companies_id: a.portal.companyId,
        status: 'waiting',
        visible_to_client: true,
      }),
    });
    const body = await snake.json();
    expect(snake.status).toBe(201);
    expect(body.visible_to_client).toBe(true);
    expect((await trpc().query('portal.project', { id: body.id })).name).toBe('Snake shared');
    const camel = await api('POST', '/api/projects', {
      name: 'Camel shared',
      companiesId: a.portal.companyId,
      visibleToClient: true,
    });
    expect(camel.body.visibleToClient).toBe(true);
    const off = await api('PATCH', `/api/projects/${body.id}`, { visible_to_client: false });
    expect(off.body.visibleToClient).toBe(false);
    expect(
      await trpc()
        .query('portal.project', { id: body.id })
        .then(
          () => null,
          (e: unknown) => refusal(e),
        ),
    ).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
    const task = await api('POST', '/api/tasks', {
      title: 'Internal from the start',
      projectId: camel.body.id,
      internal: true,
    });
    expect(task.body.internal).toBe(true);
    expect((await api('POST', '/api/projects', { name: 'Bad flag', visibleToClient: 'maybe' })).status).toBe(400);
    for (const id of [body.id, camel.body.id]) await api('DELETE', `/api/projects/${id}`);
  });
});
