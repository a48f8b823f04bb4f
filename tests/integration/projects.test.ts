/**
 * Projects over REST (the spec's snake_case POST /projects/v1/, camelCase /api/projects, the detail read
 * /api/projects/xano/{project_uid}, the picker read GET /projects/v1?company_id=) and tRPC: every field, the spec's
 * validation, the status filter's mapping, the project's contacts, delete semantics, and refusal of another
 * agency's projects, companies and contacts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_STATUSES } from '../../shared/constants';
import { M } from '../../shared/messages';
import { ACTIVE_PROJECT_STATUSES, projectStatusesFor } from '../../shared/status';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let token: string;
let businessId: number;
let acme: { id: number; name: string };
let bluebird: { id: number; name: string };
let grace: { id: number };
let alan: { id: number };
let bea: { id: number };
let other: Agency;

let n = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}-${n++}`;
const del = (url: string) => api.call('DELETE', url, { token });

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  token = agency.token;
  trpc = trpcClient(app.baseUrl, { token });
  businessId = (await app.database.db.business.findUniqueOrThrow({ where: { slug: agency.slug } })).id;
  acme = (await api.post('/api/companies', { name: 'Acme Studio' }, { token })).body;
  bluebird = (await api.post('/api/companies', { name: 'Bluebird Bakery' }, { token })).body;
  const contact = (companyId: number, firstName: string) =>
    trpc.contacts.create.mutate({
      companyId,
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}-${Date.now().toString(36)}-${n++}@client.test`,
    });
  grace = await contact(acme.id, 'Grace');
  alan = await contact(acme.id, 'Alan');
  bea = await contact(bluebird.id, 'Bea');
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app.close());

/** A project made through tRPC (at Acme, draft). */
const newProject = (fields: Partial<Parameters<TrpcClient['projects']['create']['mutate']>[0]> = {}) =>
  trpc.projects.create.mutate({ name: unique('Project'), companiesId: acme.id, ...fields });

const LIST_KEYS = [
  'id',
  'projectUid',
  'name',
  'description',
  'status',
  'companyId',
  'company',
  'projectContactId',
  'projectStartDate',
  'projectCompletionDate',
  'totalHoursEstimated',
  'totalHoursWorked',
  'totalBilled',
  'visibleToClient',
  'taskCount',
  'completedTaskCount',
  'fileCount',
  'createdAt',
  'updatedAt',
];
const DETAIL_SNAKE_KEYS = [
  ...LIST_KEYS.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)),
  'companies_id',
  'contacts',
  'company_contact_count',
  'tasks_of_project',
  'files_of_project',
];

describe('the spec’s calls (§7.1), with their field names', () => {
  it('POST /projects/v1/ takes the snake_case payload of §3 and answers the project (201), money stored in cents', async () => {
    const res = await api.post(
      '/projects/v1/',
      {
        name: ' Website relaunch ',
        description: 'New site and brand',
        status: 'in-progress',
        companies_id: acme.id,
        project_contact_id: [grace.id, alan.id, grace.id],
        project_start_date: '2030-03-01',
        project_completion_date: '2030-06-30',
        total_hours_estimated: 120.5,
        total_hours_worked: 12.3,
        total_billed: 1234.56,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...DETAIL_SNAKE_KEYS].sort());
    expect(res.body).toMatchObject({
      name: 'Website relaunch',
      description: 'New site and brand',
      status: 'in-progress',
      company_id: acme.id,
      companies_id: acme.id,
      company: { id: acme.id, name: 'Acme Studio' },
      project_contact_id: [grace.id, alan.id].sort((a, b) => a - b),
      project_start_date: '2030-03-01',
      project_completion_date: '2030-06-30',
      total_hours_estimated: 120.5,
      total_hours_worked: 12.3,
      total_billed: 1234.56,
      task_count: 0,
      file_count: 0,
      tasks_of_project: [],
      files_of_project: [],
      company_contact_count: 2,
    });
    expect(res.body.project_uid).toMatch(/^[a-z0-9]{20,}$/);
    expect(res.body.contacts.map((c: { first_name: string }) => c.first_name)).toEqual(['Alan', 'Grace']);
    const row = await app.database.db.project.findUniqueOrThrow({ where: { id: res.body.id } });
    expect(row).toMatchObject({
      businessId,
      totalBilledCents: 123456,
      startDate: new Date('2030-03-01T00:00:00.000Z'),
      completionDate: new Date('2030-06-30T00:00:00.000Z'),
    });
  });

  it('creates a draft with only a name: everything else is optional, empty numbers and dates become null', async () => {
    const res = await api.post(
      '/projects/v1',
      {
        name: 'Bare',
        total_hours_estimated: '',
        total_hours_worked: null,
        total_billed: '',
        project_start_date: '',
        project_contact_id: null,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'draft',
      company_id: null,
      company: null,
      description: null,
      project_contact_id: [],
      project_start_date: null,
      project_completion_date: null,
      total_hours_estimated: null,
      total_hours_worked: null,
      total_billed: null,
      // Internal until shared (issue 27).
      visible_to_client: false,
    });
  });

  it('GET /api/projects lists the spec’s camelCase fields, projectUid included, with counts and the company', async () => {
    const project = await newProject({
      name: unique('Listed'),
      projectContactId: [grace.id],
      projectStartDate: '2031-01-02',
      totalBilled: 99.99,
    });
    const db = app.database.db;
    await db.task.createMany({
      data: [
        { businessId, projectId: project.id, title: 'One', status: 'completed' },
        { businessId, projectId: project.id, title: 'Two', status: 'pending' },
        { businessId, projectId: project.id, title: 'Three', status: 'completed' },
      ],
    });
    await db.document.create({
      data: {
        businessId,
        projectId: project.id,
        companyId: acme.id,
        name: 'Brief.pdf',
        url: 'https://files.example.test/brief.pdf',
      },
    });

    const res = await api.get(`/api/projects?search=${encodeURIComponent(project.name)}`, { token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('1');
    expect(res.body).toHaveLength(1);
    expect(Object.keys(res.body[0])).toEqual(LIST_KEYS);
    expect(res.body[0]).toMatchObject({
      id: project.id,
      projectUid: project.projectUid,
      companyId: acme.id,
      company: { id: acme.id, name: 'Acme Studio' },
      projectContactId: [grace.id],
      projectStartDate: '2031-01-02',
      projectCompletionDate: null,
      totalBilled: 99.99,
      taskCount: 3,
      completedTaskCount: 2,
      fileCount: 1,
    });
  });

  it('GET /api/projects/xano/{project_uid} answers the detail read in snake_case with tasks_of_project and files_of_project', async () => {
    const project = await newProject({ name: unique('Detail'), projectContactId: [alan.id] });
    const db = app.database.db;
    const task = await db.task.create({
      data: {
        businessId,
        projectId: project.id,
        title: 'Kick-off',
        priority: 'high',
        dueDate: new Date('2030-05-01T00:00:00Z'),
      },
    });
    const file = await db.document.create({
      data: {
        businessId,
        projectId: project.id,
        companyId: acme.id,
        name: 'Contract.pdf',
        type: 'contract',
        size: 2048,
        url: 'https://files.example.test/c.pdf',
      },
    });

    const res = await api.get(`/api/projects/xano/${project.projectUid}`, { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...DETAIL_SNAKE_KEYS].sort());
    expect(res.body).toMatchObject({
      id: project.id,
      project_uid: project.projectUid,
      companies_id: acme.id,
      task_count: 1,
      file_count: 1,
    });
    expect(new Date(res.body.created_at).getTime()).toBe(project.createdAt.getTime());
    expect(res.body.tasks_of_project).toEqual([
      {
        id: task.id,
        name: 'Kick-off',
        description: null,
        status: 'pending',
        priority: 'high',
        due_date: '2030-05-01T00:00:00.000Z',
        assignee_id: null,
        internal: false,
        created_at: task.createdAt.toISOString(),
      },
    ]);
    expect(res.body.files_of_project).toEqual([
      {
        id: file.id,
        name: 'Contract.pdf',
        file_type: 'contract',
        file_size: 2048,
        file_url: 'https://files.example.test/c.pdf',
        created_at: file.createdAt.toISOString(),
      },
    ]);
    expect(res.body.contacts).toEqual([
      expect.objectContaining({ id: alan.id, first_name: 'Alan', email: expect.any(String) }),
    ]);
    // The same project by numeric id, on both prefixes.
    expect((await api.get(`/projects/v1/${project.id}`, { token })).body).toEqual(res.body);
    const camel = await api.get(`/api/projects/${project.id}`, { token });
    expect(camel.body).toMatchObject({
      projectUid: project.projectUid,
      companiesId: acme.id,
      tasksOfProject: [expect.objectContaining({ name: 'Kick-off' })],
    });
  });

  it('PATCH /api/projects/{id} (camelCase) changes only the fields it is given; empty numbers and dates clear them', async () => {
    const project = await newProject({
      description: 'Keep me',
      totalHoursEstimated: 10,
      totalHoursWorked: 4,
      projectStartDate: '2030-01-01',
      projectContactId: [grace.id],
    });
    const res = await api.patch(
      `/api/projects/${project.id}`,
      {
        name: 'Renamed',
        status: 'at-risk',
        totalHoursWorked: '',
        totalBilled: '250.5',
        projectStartDate: '',
        projectCompletionDate: '2030-12-31',
      },
      { token },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: 'Renamed',
      status: 'at-risk',
      description: 'Keep me',
      totalHoursEstimated: 10,
      totalHoursWorked: null,
      totalBilled: 250.5,
      projectStartDate: null,
      projectCompletionDate: '2030-12-31',
      projectContactId: [grace.id],
      companyId: acme.id,
    });
    // The spec's edit dialog sends its snake_case names to this /api path: they count too.
    const fromSpec = await api.patch(
      `/api/projects/${project.id}`,
      { total_hours_worked: 7.5, project_start_date: '2030-02-01' },
      { token },
    );
    expect(fromSpec.status).toBe(200);
    expect(fromSpec.body).toMatchObject({ totalHoursWorked: 7.5, projectStartDate: '2030-02-01', name: 'Renamed' });
    const snake = await api.patch(
      `/projects/v1/${project.id}`,
      { project_contact_id: [alan.id], description: '' },
      { token },
    );
    expect(snake.status).toBe(200);
    expect(snake.body).toMatchObject({ project_contact_id: [alan.id], description: null, name: 'Renamed' });
  });

  it('visibleToClient (REST visible_to_client): false by default, set on create, changed with PATCH /api/projects/{id}, logged for staff', async () => {
    const made = await api.post(
      '/api/projects',
      { name: unique('Shared'), companiesId: acme.id, visibleToClient: true },
      { token },
    );
    expect(made.status).toBe(201);
    expect(made.body.visibleToClient).toBe(true);
    const plain = await newProject();
    expect(plain.visibleToClient).toBe(false);
    const patched = await api.patch(`/api/projects/${plain.id}`, { visible_to_client: true }, { token });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ visibleToClient: true, name: plain.name, status: 'draft' });
    expect((await app.database.db.project.findUniqueOrThrow({ where: { id: plain.id } })).visibleToClient).toBe(true);
    // Another field leaves it as it is.
    expect((await api.patch(`/api/projects/${plain.id}`, { status: 'waiting' }, { token })).body.visibleToClient).toBe(
      true,
    );
    expect(
      (await api.patch(`/api/projects/${plain.id}`, { visibleToClient: false }, { token })).body.visibleToClient,
    ).toBe(false);
    // Not a yes or no: 400, nothing changed.
    const bad = await api.patch(`/api/projects/${plain.id}`, { visibleToClient: 'sure' }, { token });
    expect(bad.status).toBe(400);
    // The staff audit log records the change.
    const entries = await app.database.db.activity.findMany({
      where: { businessId, entityType: 'project', entityId: plain.id, action: 'updated' },
      orderBy: { id: 'asc' },
    });
    const visibility = entries.flatMap((e) =>
      (JSON.parse(String(e.changes ?? '[]')) as { field: string; from: unknown; to: unknown }[]).filter(
        (c) => c.field === 'visibleToClient',
      ),
    );
    expect(visibility.map((c) => c.to)).toEqual([true, false]);
    // The list and the detail read carry it too.
    const listed = await api.get(`/api/projects?search=${encodeURIComponent(made.body.name)}`, { token });
    expect(listed.body[0].visibleToClient).toBe(true);
  });

  it('audience: how many contacts of a company have portal access (the share control says who will see it)', async () => {
    const company = (await api.post('/api/companies', { name: unique('Audience Co') }, { token })).body;
    expect(await trpc.projects.audience.query({ companyId: company.id })).toEqual({
      companyName: company.name,
      portalContacts: 0,
    });
    for (const [firstName, portalAccess] of [
      ['Pia', true],
      ['Pat', true],
      ['Noa', false],
    ] as const) {
      await trpc.contacts.create.mutate({
        companyId: company.id,
        firstName,
        lastName: 'Tester',
        email: `${firstName.toLowerCase()}-${n++}-${Date.now().toString(36)}@client.test`,
        portalAccess,
      });
    }
    expect(await trpc.projects.audience.query({ companyId: company.id })).toEqual({
      companyName: company.name,
      portalContacts: 2,
    });
    await expect(trpc.projects.audience.query({ companyId: other.companies[0].id })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'NOT_FOUND',
    );
  });

  it('GET /projects/v1?company_id={id} answers id and name of that company’s projects only', async () => {
    const a1 = await newProject({ name: unique('Acme option') });
    const b1 = await newProject({ name: unique('Bluebird option'), companiesId: bluebird.id });
    const res = await api.get(`/projects/v1?company_id=${bluebird.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toContainEqual({ id: b1.id, name: b1.name });
    expect(res.body.map((p: { id: number }) => p.id)).not.toContain(a1.id);
    for (const option of res.body) expect(Object.keys(option)).toEqual(['id', 'name']);
    const all = await api.get('/api/projects/options', { token });
    expect(all.body.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([a1.id, b1.id]));
    // By name.
    const names = all.body.map((p: { name: string }) => p.name);
    expect(names).toEqual([...names].sort((x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)));
  });

  it('tRPC: get by id or by projectUid (both must match when both are given), list, create, update, remove, options', async () => {
    const project = await newProject({ name: unique('Via tRPC') });
    expect((await trpc.projects.get.query({ id: project.id })).projectUid).toBe(project.projectUid);
    expect((await trpc.projects.get.query({ projectUid: project.projectUid })).id).toBe(project.id);
    expect((await trpc.projects.get.query({ id: project.id, projectUid: project.projectUid })).id).toBe(project.id);
    const other = await newProject();
    expect(await trpc.projects.get.query({ id: other.id, projectUid: project.projectUid }).catch(trpcCode)).toBe(
      'NOT_FOUND',
    );
    expect(await trpc.projects.get.query({}).catch(trpcCode)).toBe('BAD_REQUEST');
    const updated = await trpc.projects.update.mutate({ id: project.id, status: 'complete' });
    expect(updated.status).toBe('complete');
    expect((await trpc.projects.list.query({ search: project.name })).items.map((p) => p.id)).toEqual([project.id]);
    expect(await trpc.projects.remove.mutate({ id: project.id })).toEqual({
      ok: true,
      deletedTasks: 0,
      unlinkedFiles: 0,
    });
    expect(await trpc.projects.get.query({ id: project.id }).catch(trpcCode)).toBe('NOT_FOUND');
  });
});

describe('validation (§5)', () => {
  const post = (body: object) => api.post('/projects/v1', body, { token });

  it("refuses a missing or blank name with 'Project name is required'", async () => {
    for (const body of [{}, { name: '   ' }]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(M.projects.nameRequired);
      expect(res.body.issues).toEqual([{ path: 'name', message: M.projects.nameRequired }]);
    }
  });

  it('takes dates as yyyy-mm-dd only, real days, not before 1900-01-01', async () => {
    expect((await post({ name: 'D', project_start_date: '1900-01-01' })).status).toBe(201);
    const early = await post({ name: 'D', project_start_date: '1899-12-31' });
    expect(early.status).toBe(400);
    expect(early.body.issues).toEqual([{ path: 'projectStartDate', message: M.projects.dateTooEarly }]);
    for (const bad of ['2030-02-30', '30/01/2030', '2030-1-5', 'soon']) {
      const res = await post({ name: 'D', project_completion_date: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe(M.projects.badDate);
    }
  });

  it("refuses a due date before the start date with 'The due date can’t be before the start date.' (create)", async () => {
    const res = await post({ name: 'D', project_start_date: '2031-03-10', project_completion_date: '2031-03-09' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.projects.dueBeforeStart);
    expect(res.body.issues).toEqual([{ path: 'projectCompletionDate', message: M.projects.dueBeforeStart }]);
    // The same day, or either date alone, is fine.
    expect(
      (await post({ name: 'D', project_start_date: '2031-03-10', project_completion_date: '2031-03-10' })).status,
    ).toBe(201);
    expect((await post({ name: 'D', project_completion_date: '2031-03-09' })).status).toBe(201);
  });

  it('refuses an update whose one date no longer fits the stored other one, and changes nothing', async () => {
    const project = await newProject({ projectStartDate: '2031-03-10', projectCompletionDate: '2031-04-10' });
    const due = await api.patch(`/api/projects/${project.id}`, { project_completion_date: '2031-03-01' }, { token });
    expect(due.status).toBe(400);
    expect(due.body.message).toBe(M.projects.dueBeforeStart);
    expect(due.body.issues).toEqual([{ path: 'projectCompletionDate', message: M.projects.dueBeforeStart }]);
    const start = await api.patch(`/api/projects/${project.id}`, { project_start_date: '2031-05-01' }, { token });
    expect(start.status).toBe(400);
    expect(start.body.issues).toEqual([{ path: 'projectStartDate', message: M.projects.dueBeforeStart }]);
    const both = await trpc.projects.update
      .mutate({ id: project.id, projectStartDate: '2031-05-01', projectCompletionDate: '2031-04-30' })
      .catch((e: unknown) => e);
    expect(trpcCode(both)).toBe('BAD_REQUEST');
    const read = await trpc.projects.get.query({ id: project.id });
    expect([read.projectStartDate, read.projectCompletionDate]).toEqual(['2031-03-10', '2031-04-10']);
    // Moving both together, or clearing the start, is fine.
    const moved = await trpc.projects.update.mutate({
      id: project.id,
      projectStartDate: '2031-05-01',
      projectCompletionDate: '2031-06-01',
    });
    expect(moved.projectCompletionDate).toBe('2031-06-01');
    expect((await trpc.projects.update.mutate({ id: project.id, projectStartDate: null })).projectStartDate).toBeNull();
  });

  it('refuses negative or non-numeric hours and money, and a status outside the vocabulary', async () => {
    expect((await post({ name: 'N', total_hours_worked: -1 })).body.message).toBe('Hours worked must be 0 or more');
    expect((await post({ name: 'N', total_billed: 'lots' })).body.message).toBe('Total billed must be a number');
    const status = await post({ name: 'N', status: 'paused' });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(
      /^Status must be one of: draft, waiting, approval, in-progress, at-risk, on-hold, complete/,
    );
  });

  it('stores the older words a REST caller may send as their current ones (active → in-progress, completed → complete)', async () => {
    const active = await post({ name: unique('Old active'), status: 'active' });
    expect(active.status).toBe(201);
    expect(active.body.status).toBe('in-progress');
    const done = await post({ name: unique('Old completed'), status: 'completed' });
    expect(done.body.status).toBe('complete');
    const onHold = await post({ name: unique('Paused'), status: 'on-hold' });
    expect(onHold.body.status).toBe('on-hold');
  });
});

describe('the status filter: one vocabulary (shared/status.ts)', () => {
  it('filters by each status, by "active" (every in-flight one) and by the spec’s "completed"', async () => {
    expect(projectStatusesFor('active')).toEqual(ACTIVE_PROJECT_STATUSES);
    expect(projectStatusesFor('completed')).toEqual(['complete']);
    expect(projectStatusesFor('at-risk')).toEqual(['at-risk']);
    const company = (await api.post('/api/companies', { name: unique('Status Co') }, { token })).body;
    const ids: Record<string, number> = {};
    for (const status of PROJECT_STATUSES) {
      ids[status] = (await newProject({ companiesId: company.id, name: `${status} project`, status })).id;
    }
    const listed = async (status?: string) => {
      const res = await api.get(`/api/projects?companyId=${company.id}&limit=100${status ? `&status=${status}` : ''}`, {
        token,
      });
      expect(res.status).toBe(200);
      return res.body.map((p: { status: string }) => p.status).sort();
    };
    for (const status of PROJECT_STATUSES) expect(await listed(status)).toEqual([status]);
    expect(await listed('active')).toEqual(['approval', 'at-risk', 'in-progress', 'waiting']);
    expect(await listed('completed')).toEqual(['complete']);
    expect((await listed()).length).toBe(PROJECT_STATUSES.length);
    const bogus = await api.get('/api/projects?status=paused', { token });
    expect(bogus.status).toBe(400);
    // On hold is a status the forms set, and the filter's "On Hold" finds it.
    expect((await trpc.projects.update.mutate({ id: ids.draft, status: 'on-hold' })).status).toBe('on-hold');
    expect(await listed('on-hold')).toEqual(['on-hold', 'on-hold']);
  });

  it('counts "X of Y": total matches the filters, overall every project of the agency', async () => {
    const page = await trpc.projects.list.query({ status: 'on-hold', withOverall: true, limit: 1 });
    const everything = await trpc.projects.list.query({ limit: 1 });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.overall).toBe(everything.total);
  });
});

describe('the list', () => {
  it('searches name or description, filters by company, and pages newest first by cursor', async () => {
    const tag = unique('zebra').replace(/\s/g, '-');
    const byName = await newProject({ name: `${tag} by name`, companiesId: bluebird.id });
    const byDescription = await newProject({ name: unique('Other'), description: `mentions ${tag.toUpperCase()}` });
    const third = await newProject({ name: `${tag} third` });
    const search = await trpc.projects.list.query({ search: tag });
    expect(search.items.map((p) => p.id)).toEqual([third.id, byDescription.id, byName.id]);
    expect(search.total).toBe(3);
    expect((await trpc.projects.list.query({ search: tag, companyId: bluebird.id })).items.map((p) => p.id)).toEqual([
      byName.id,
    ]);

    const first = await trpc.projects.list.query({ search: tag, limit: 2 });
    expect(first.items.map((p) => p.id)).toEqual([third.id, byDescription.id]);
    const next = await trpc.projects.list.query({ search: tag, limit: 2, cursor: first.nextCursor });
    expect(next.items.map((p) => p.id)).toEqual([byName.id]);
    expect(next.nextCursor).toBeNull();
    // % and _ are taken literally.
    expect((await trpc.projects.list.query({ search: '%_%' })).items).toEqual([]);
  });
});

describe('the project’s contacts', () => {
  it('must work at the project’s company', async () => {
    const wrong = await api.post(
      '/projects/v1',
      { name: 'Mixed', companies_id: acme.id, project_contact_id: [grace.id, bea.id] },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues).toEqual([{ path: 'projectContactId', message: M.projects.contactsNeedSameCompany }]);
    const none = await api.post('/projects/v1', { name: 'No company', project_contact_id: [grace.id] }, { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(M.projects.contactsWithoutCompany);
  });

  it('a new company keeps only the contacts who work there; no company clears them; a given list replaces them', async () => {
    const project = await newProject({ projectContactId: [grace.id, alan.id] });
    const db = app.database.db;
    // Alan moves to Bluebird; the project then moves there too and keeps only him.
    await trpc.contacts.update.mutate({ id: alan.id, companyId: bluebird.id });
    try {
      expect(
        (await trpc.projects.update.mutate({ id: project.id, companiesId: bluebird.id })).projectContactId,
      ).toEqual([alan.id]);
      expect(
        (await trpc.projects.update.mutate({ id: project.id, companiesId: bluebird.id, projectContactId: [bea.id] }))
          .projectContactId,
      ).toEqual([bea.id]);
      expect((await trpc.projects.update.mutate({ id: project.id, companiesId: null })).projectContactId).toEqual([]);
      expect(await db.projectContact.count({ where: { projectId: project.id } })).toBe(0);
    } finally {
      await trpc.contacts.update.mutate({ id: alan.id, companyId: acme.id });
    }
  });
});

describe('deleting a project', () => {
  it('deletes its tasks in the same transaction; its files and resources stay, with no project; its contacts stay', async () => {
    const project = await newProject({ projectContactId: [grace.id] });
    const db = app.database.db;
    await db.task.createMany({
      data: [1, 2, 3].map((i) => ({ businessId, projectId: project.id, title: `Task ${i}` })),
    });
    const file = await db.document.create({
      data: {
        businessId,
        projectId: project.id,
        companyId: acme.id,
        name: 'Keep.pdf',
        url: 'https://files.example.test/k.pdf',
      },
    });
    const resource = await db.resource.create({
      data: {
        businessId,
        companyId: acme.id,
        projectId: project.id,
        title: 'Guide',
        description: 'd',
        type: 'information',
        status: 'active',
      },
    });

    const res = await del(`/api/projects/${project.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, deletedTasks: 3, unlinkedFiles: 1 });
    expect(await db.project.findUnique({ where: { id: project.id } })).toBeNull();
    expect(await db.task.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.document.findUniqueOrThrow({ where: { id: file.id } })).toMatchObject({
      projectId: null,
      companyId: acme.id,
      name: 'Keep.pdf',
    });
    expect(await db.resource.findUniqueOrThrow({ where: { id: resource.id } })).toMatchObject({ projectId: null });
    expect(await db.projectContact.count({ where: { projectId: project.id } })).toBe(0);
    expect(await db.contact.findUnique({ where: { id: grace.id } })).not.toBeNull();
    // The file still lists among the agency's files.
    expect((await del(`/api/projects/${project.id}`)).status).toBe(404);
    const snake = await newProject();
    const bySnake = await del(`/projects/v1/${snake.id}`);
    expect(bySnake.body).toEqual({ ok: true, deleted_tasks: 0, unlinked_files: 0 });
  });
});

describe('another agency’s rows are refused as not found, and stay as they were', () => {
  const foreignProject = () => app.database.db.project.findUniqueOrThrow({ where: { id: other.rows.project[0] } });

  it('reads: by id, by projectUid, in the list and the options', async () => {
    const project = await foreignProject();
    for (const url of [
      `/api/projects/${project.id}`,
      `/projects/v1/${project.id}`,
      `/api/projects/xano/${project.projectUid}`,
    ]) {
      const res = await api.get(url, { token });
      expect(res.status, url).toBe(404);
      expect(res.body).toEqual({ message: M.projects.notFound, code: 'NOT_FOUND', requestId: expect.any(String) });
    }
    expect(await trpc.projects.get.query({ projectUid: project.projectUid }).catch(trpcCode)).toBe('NOT_FOUND');
    const all = await trpc.projects.list.query({ limit: 100, search: 'Foreign Foundry' });
    expect(all.items).toEqual([]);
    expect((await api.get(`/api/projects?companyId=${other.companies[0].id}`, { token })).status).toBe(404);
    expect((await api.get(`/projects/v1?company_id=${other.companies[0].id}`, { token })).status).toBe(404);
    expect((await api.get('/api/projects/options', { token })).body.map((p: { id: number }) => p.id)).not.toContain(
      project.id,
    );
  });

  it('update and delete', async () => {
    const before = await foreignProject();
    expect((await api.patch(`/api/projects/${before.id}`, { name: 'Taken over' }, { token })).status).toBe(404);
    expect((await del(`/api/projects/${before.id}`)).status).toBe(404);
    expect(await foreignProject()).toEqual(before);
    expect(await app.database.db.task.count({ where: { projectId: before.id } })).toBe(1);
  });

  it('a foreign company or foreign contacts on create and update', async () => {
    const mine = await newProject();
    const foreignCompany = other.companies[0].id;
    const foreignContact = other.rows.contact[0];
    const create = await api.post('/projects/v1', { name: 'Sneaky', companies_id: foreignCompany }, { token });
    expect(create.status).toBe(404);
    expect(create.body.message).toBe(M.projects.companyNotFound);
    const contact = await api.post(
      '/projects/v1',
      { name: 'Sneaky', companies_id: acme.id, project_contact_id: [foreignContact] },
      { token },
    );
    expect(contact.status).toBe(404);
    expect(contact.body.message).toBe(M.projects.contactNotFound);
    expect((await api.patch(`/api/projects/${mine.id}`, { companiesId: foreignCompany }, { token })).status).toBe(404);
    expect(
      (await api.patch(`/api/projects/${mine.id}`, { projectContactId: [foreignContact] }, { token })).status,
    ).toBe(404);
    expect(await app.database.db.project.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({
      companyId: acme.id,
    });
    expect(await app.database.db.project.count({ where: { businessId, name: 'Sneaky' } })).toBe(0);
  });
});
