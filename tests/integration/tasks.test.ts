/**
 * Tasks over REST (the spec's camelCase POST /api/tasks and GET /api/tasks, snake_case /tasks/v1) and tRPC: every
 * field, the defaults, the spec's `assignedTo` payload (a staff user's id as a number or text; '' or null for
 * nobody), due dates, the list's search, filters, order and pages, the one-click status change, the team list,
 * and refusal of every other agency's row (project, assignee, task) with nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createAgency, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let agency: Agency;
let other: Agency;
let token: string;
/** Two projects of the agency, and a second staff user beside the owner. */
let website: { id: number; name: string; projectUid: string };
let branding: { id: number; name: string; projectUid: string };
let owner: { id: number; firstName: string; lastName: string };
let grace: { id: number; firstName: string; lastName: string };

const CAMEL_KEYS = [
  'id',
  'title',
  'description',
  'status',
  'priority',
  'dueDate',
  'projectId',
  'project',
  'assignedTo',
  'assignee',
  'internal',
  'createdAt',
];
const SNAKE_KEYS = [
  'id',
  'title',
  'description',
  'status',
  'priority',
  'due_date',
  'project_id',
  'project',
  'assigned_to',
  'assignee',
  'internal',
  'created_at',
];

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  agency = await createAgency(app, ['Acme Studio']);
  other = await createAgency(app, ['Foreign Foundry']);
  token = agency.token;
  trpc = trpcClient(app.baseUrl, { token });
  const db = app.database.db;
  const companyId = agency.companies[0].id;
  const select = { id: true, name: true, projectUid: true } as const;
  website = await db.project.create({
    data: { businessId: agency.businessId, companyId, name: 'Website relaunch' },
    select,
  });
  branding = await db.project.create({ data: { businessId: agency.businessId, companyId, name: 'Branding' }, select });
  owner = await db.user.findUniqueOrThrow({
    where: { id: agency.userId },
    select: { id: true, firstName: true, lastName: true },
  });
  grace = await db.user.create({
    data: {
      businessId: agency.businessId,
      email: `grace-${Date.now().toString(36)}@agency.test`,
      firstName: 'Grace',
      lastName: 'Hopper',
      passwordHash: 'x',
    },
    select: { id: true, firstName: true, lastName: true },
  });
});
afterAll(() => app.close());

const newTask = (fields: Partial<Parameters<TrpcClient['tasks']['create']['mutate']>[0]> = {}) =>
  trpc.tasks.create.mutate({ title: 'Write the brief', projectId: website.id, ...fields });

const taskRow = (id: number) => app.database.db.task.findUnique({ where: { id } });

describe('POST /api/tasks (the spec’s payload)', () => {
  it('creates a task with every field and answers it in camelCase, assignee and project by name', async () => {
    const res = await api.post(
      '/api/tasks',
      {
        title: ' Homepage copy ',
        description: 'First draft',
        status: 'in-progress',
        priority: 'high',
        projectId: website.id,
        assignedTo: grace.id,
        dueDate: '2030-03-15',
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(CAMEL_KEYS);
    expect(res.body).toEqual({
      id: expect.any(Number),
      title: 'Homepage copy',
      description: 'First draft',
      status: 'in-progress',
      priority: 'high',
      dueDate: '2030-03-15',
      projectId: website.id,
      project: website,
      assignedTo: grace.id,
      assignee: grace,
      internal: false,
      createdAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(res.body.createdAt)).toBeLessThan(60_000);
    const row = await taskRow(res.body.id);
    expect(row).toMatchObject({
      businessId: agency.businessId,
      assigneeId: grace.id,
      dueDate: new Date('2030-03-15T00:00:00.000Z'),
    });
  });

  it('defaults to priority medium and status pending, with no description, due date or assignee', async () => {
    const res = await api.post('/api/tasks', { title: 'Kick-off call', projectId: website.id }, { token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 'pending',
      priority: 'medium',
      description: null,
      dueDate: null,
      assignedTo: null,
      assignee: null,
      internal: false,
    });
  });

  it('internal (hidden from the client): set on create and with PATCH, over REST and tRPC, logged for staff; not a yes or no is 400', async () => {
    const res = await api.post(
      '/api/tasks',
      { title: 'Send invoice', projectId: website.id, internal: true },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body.internal).toBe(true);
    expect((await taskRow(res.body.id))?.internal).toBe(true);
    const snake = await api.patch(`/tasks/v1/${res.body.id}`, { internal: false }, { token });
    expect(snake.body.internal).toBe(false);
    expect((await trpc.tasks.update.mutate({ id: res.body.id, internal: true })).internal).toBe(true);
    // Another field leaves it as it is.
    expect((await trpc.tasks.update.mutate({ id: res.body.id, title: 'Send the invoice' })).internal).toBe(true);
    expect((await api.patch(`/api/tasks/${res.body.id}`, { internal: 'yes' }, { token })).status).toBe(400);
    expect(
      (await api.post('/api/tasks', { title: 'Bad flag', projectId: website.id, internal: 'maybe' }, { token })).status,
    ).toBe(400);
    const entries = await app.database.db.activity.findMany({
      where: { businessId: agency.businessId, entityType: 'task', entityId: res.body.id },
      orderBy: { id: 'asc' },
    });
    const changes = entries.flatMap((e) =>
      (JSON.parse(String(e.changes ?? '[]')) as { field: string; to: unknown }[])
        .filter((c) => c.field === 'internal')
        .map((c) => c.to),
    );
    // Created internal, then shared, then internal again.
    expect(changes).toEqual([true, false, true]);
  });

  it.each([
    ['a number', (id: number) => id],
    ['numeric text', (id: number) => String(id)],
    ['numeric text with spaces', (id: number) => ` ${id} `],
  ])('takes assignedTo as %s (a staff user of the agency)', async (_name, form) => {
    const res = await api.post(
      '/api/tasks',
      { title: 'Assigned', projectId: website.id, assignedTo: form(grace.id) },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assignedTo: grace.id, assignee: grace });
  });

  it.each([
    ['empty text', ''],
    ['null', null],
  ])('reads assignedTo %s as unassigned', async (_name, value) => {
    const res = await api.post(
      '/api/tasks',
      { title: 'Nobody yet', projectId: website.id, assignedTo: value },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ assignedTo: null, assignee: null });
  });

  it('also takes assigneeId, which wins over assignedTo', async () => {
    const res = await api.post(
      '/api/tasks',
      { title: 'Both names', projectId: website.id, assigneeId: owner.id, assignedTo: grace.id },
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body.assignedTo).toBe(owner.id);
  });

  it('refuses an assignedTo that is no id with a message, and an unknown user with 404', async () => {
    const bad = await api.post(
      '/api/tasks',
      { title: 'Free text', projectId: website.id, assignedTo: 'Bob' },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.tasks.assigneeInvalid);
    const unknown = await api.post(
      '/api/tasks',
      { title: 'Ghost', projectId: website.id, assignedTo: 2_000_000_000 },
      { token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(M.tasks.assigneeNotFound);
  });

  it('requires a title and a project, with their messages', async () => {
    const noTitle = await api.post('/api/tasks', { projectId: website.id }, { token });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe(M.tasks.titleRequired);
    const blankTitle = await api.post('/api/tasks', { title: '   ', projectId: website.id }, { token });
    expect(blankTitle.body.message).toBe(M.tasks.titleRequired);
    for (const projectId of [undefined, '', null]) {
      const noProject = await api.post('/api/tasks', { title: 'Orphan', projectId }, { token });
      expect(noProject.status).toBe(400);
      expect(noProject.body.message).toBe(M.tasks.projectRequired);
    }
    const unknownProject = await api.post('/api/tasks', { title: 'Orphan', projectId: 2_000_000_000 }, { token });
    expect(unknownProject.status).toBe(404);
    expect(unknownProject.body.message).toBe(M.tasks.projectNotFound);
  });

  it('refuses statuses and priorities outside the spec’s', async () => {
    expect(
      (await api.post('/api/tasks', { title: 'x', projectId: website.id, status: 'blocked' }, { token })).status,
    ).toBe(400);
    expect(
      (await api.post('/api/tasks', { title: 'x', projectId: website.id, priority: 'urgent' }, { token })).status,
    ).toBe(400);
  });

  it.each([
    ['yyyy-mm-dd', '2031-01-31', '2031-01-31'],
    ['an ISO timestamp in UTC', '2031-02-01T00:00:00.000Z', '2031-02-01'],
    ['an ISO timestamp with an offset (its own day)', '2031-02-01T23:30:00-05:00', '2031-02-01'],
    ['the calendar’s first day', '1900-01-01', '1900-01-01'],
  ])('takes dueDate as %s', async (_name, dueDate, day) => {
    const res = await api.post('/api/tasks', { title: 'Dated', projectId: website.id, dueDate }, { token });
    expect(res.status).toBe(201);
    expect(res.body.dueDate).toBe(day);
  });

  it.each([
    ['not a date', 'next friday', M.tasks.dueDateInvalid],
    ['a day that does not exist', '2030-02-30', M.tasks.dueDateInvalid],
    ['before 1900-01-01', '1899-12-31', M.tasks.dueDateTooEarly],
  ])('refuses dueDate %s with a message', async (_name, dueDate, message) => {
    const res = await api.post('/api/tasks', { title: 'Dated', projectId: website.id, dueDate }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('POST /tasks/v1 takes and answers snake_case', async () => {
    const res = await api.post(
      '/tasks/v1',
      {
        title: 'Snake',
        project_id: branding.id,
        assigned_to: String(owner.id),
        due_date: '2030-05-01',
        priority: 'low',
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(SNAKE_KEYS);
    expect(res.body).toMatchObject({
      title: 'Snake',
      priority: 'low',
      status: 'pending',
      due_date: '2030-05-01',
      project_id: branding.id,
      project: { id: branding.id, name: 'Branding', project_uid: branding.projectUid },
      assigned_to: owner.id,
      assignee: { id: owner.id, first_name: owner.firstName, last_name: owner.lastName },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await api.post('/api/tasks', { title: 'Anonymous', projectId: website.id })).status).toBe(401);
  });
});

describe('reading, changing and deleting a task', () => {
  it('GET /api/tasks/{id} and /tasks/v1/{id} read one task', async () => {
    const task = await newTask({ assignedTo: grace.id, dueDate: '2030-06-01' });
    const camel = await api.get(`/api/tasks/${task.id}`, { token });
    expect(camel.status).toBe(200);
    expect(camel.body).toEqual({ ...task, createdAt: task.createdAt.toISOString() });
    const snake = await api.get(`/tasks/v1/${task.id}`, { token });
    expect(Object.keys(snake.body)).toEqual(SNAKE_KEYS);
    expect(snake.body.assigned_to).toBe(grace.id);
  });

  it('PATCH /api/tasks/{id} changes only the given fields', async () => {
    const task = await newTask({
      description: 'Keep me',
      priority: 'high',
      assignedTo: grace.id,
      dueDate: '2030-06-01',
    });
    const res = await api.patch(`/api/tasks/${task.id}`, { title: 'Renamed', projectId: branding.id }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Renamed',
      description: 'Keep me',
      priority: 'high',
      status: 'pending',
      projectId: branding.id,
      project: { id: branding.id, name: 'Branding', projectUid: branding.projectUid },
      assignedTo: grace.id,
      dueDate: '2030-06-01',
    });
  });

  it("PATCH clears the description, the due date and the assignee with null or ''", async () => {
    const task = await newTask({ description: 'Drop me', assignedTo: grace.id, dueDate: '2030-06-01' });
    const res = await api.patch(`/api/tasks/${task.id}`, { description: '', dueDate: null, assignedTo: '' }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: null, dueDate: null, assignedTo: null, assignee: null });
    const reassigned = await api.patch(
      `/tasks/v1/${task.id}`,
      { assigned_to: owner.id, status: 'completed' },
      { token },
    );
    expect(reassigned.body).toMatchObject({ assigned_to: owner.id, status: 'completed' });
  });

  it('PATCH refuses taking the project away', async () => {
    const task = await newTask();
    const res = await api.patch(`/api/tasks/${task.id}`, { projectId: null }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.tasks.projectRequired);
    expect((await taskRow(task.id))?.projectId).toBe(website.id);
  });

  it('tasks.setStatus changes the status in one call, to each of the spec’s statuses', async () => {
    const task = await newTask();
    for (const status of ['in-progress', 'completed', 'cancelled', 'pending'] as const) {
      const changed = await trpc.tasks.setStatus.mutate({ id: task.id, status });
      expect(changed).toMatchObject({ id: task.id, status, title: task.title });
      expect((await taskRow(task.id))?.status).toBe(status);
    }
    await expect(trpc.tasks.setStatus.mutate({ id: task.id, status: 'blocked' as never })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'BAD_REQUEST',
    );
  });

  describe('the completion time (completedAt, what the reports count by)', () => {
    const completedAt = async (id: number) => (await taskRow(id))?.completedAt ?? null;
    const between = (value: Date | null, from: Date, to: Date) => value !== null && value >= from && value <= to;
    // Stored times have millisecond precision; a second's margin each side keeps this free of clock rounding.
    const window = () => ({ from: new Date(Date.now() - 1000), to: () => new Date(Date.now() + 1000) });

    it('is set when a task is created completed (tRPC and REST), and empty otherwise', async () => {
      const w = window();
      const done = await newTask({ status: 'completed' });
      const rest = await api.post(
        '/api/tasks',
        { title: 'Done already', projectId: website.id, status: 'completed' },
        { token },
      );
      expect(rest.status).toBe(201);
      expect(between(await completedAt(done.id), w.from, w.to())).toBe(true);
      expect(between(await completedAt(rest.body.id), w.from, w.to())).toBe(true);
      for (const status of ['pending', 'in-progress', 'cancelled'] as const)
        expect(await completedAt((await newTask({ status })).id)).toBeNull();
    });

    it('is set by the one-click status change and the board move, and cleared when the task leaves completed', async () => {
      const task = await newTask({ status: 'in-progress' });
      const w = window();
      await trpc.tasks.setStatus.mutate({ id: task.id, status: 'completed' });
      const first = await completedAt(task.id);
      expect(between(first, w.from, w.to())).toBe(true);
      // Completed again: the first completion time stays.
      await trpc.tasks.setStatus.mutate({ id: task.id, status: 'completed' });
      expect(await completedAt(task.id)).toEqual(first);
      await trpc.tasks.setStatus.mutate({ id: task.id, status: 'pending' });
      expect(await completedAt(task.id)).toBeNull();
    });

    it('follows PATCH (REST camelCase and snake_case, tRPC update): set on completed, kept by other edits, cleared on leaving', async () => {
      const task = await newTask();
      const w = window();
      expect((await api.patch(`/api/tasks/${task.id}`, { status: 'completed' }, { token })).status).toBe(200);
      const first = await completedAt(task.id);
      expect(between(first, w.from, w.to())).toBe(true);
      // A later edit of another field (or the same status again) does not move the completion time.
      await api.patch(`/api/tasks/${task.id}`, { title: 'Renamed after completion', status: 'completed' }, { token });
      await trpc.tasks.update.mutate({ id: task.id, priority: 'high' });
      expect(await completedAt(task.id)).toEqual(first);
      await api.patch(`/tasks/v1/${task.id}`, { status: 'cancelled' }, { token });
      expect(await completedAt(task.id)).toBeNull();
      const w2 = window();
      await trpc.tasks.update.mutate({ id: task.id, status: 'completed' });
      expect(between(await completedAt(task.id), w2.from, w2.to())).toBe(true);
      await trpc.tasks.update.mutate({ id: task.id, status: 'in-progress' });
      expect(await completedAt(task.id)).toBeNull();
    });
  });

  it('DELETE /api/tasks/{id} removes the task; it is then 404 everywhere', async () => {
    const task = await newTask();
    const res = await api.call('DELETE', `/api/tasks/${task.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await taskRow(task.id)).toBeNull();
    expect((await api.get(`/api/tasks/${task.id}`, { token })).status).toBe(404);
    expect((await api.call('DELETE', `/tasks/v1/${task.id}`, { token })).body.message).toBe(M.tasks.notFound);
    expect((await api.patch(`/api/tasks/${task.id}`, { title: 'Back' }, { token })).status).toBe(404);
  });
});

describe('the list', () => {
  let list: Agency;
  let listToken: string;
  let listTrpc: TrpcClient;
  let alpha: number;
  let beta: number;
  let member: number;
  const titles = (items: { title: string }[]) => items.map((t) => t.title);

  beforeAll(async () => {
    // A fresh agency, so counts are exact: its fixture task ("Kick-off for …") plus these.
    list = await createAgency(app, ['List Co']);
    listToken = list.token;
    listTrpc = trpcClient(app.baseUrl, { token: listToken });
    const db = app.database.db;
    const businessId = list.businessId;
    alpha = (await db.project.create({ data: { businessId, name: 'Alpha' } })).id;
    beta = (await db.project.create({ data: { businessId, name: 'Beta' } })).id;
    member = (
      await db.user.create({
        data: {
          businessId,
          email: `m-${Date.now().toString(36)}@list.test`,
          firstName: 'Mo',
          lastName: 'Member',
          passwordHash: 'x',
        },
      })
    ).id;
    const base = Date.parse('2020-01-01T00:00:00.000Z');
    const rows = [
      {
        title: 'Design mock-ups',
        description: 'Figma',
        projectId: alpha,
        status: 'pending',
        priority: 'high',
        assigneeId: member,
      },
      {
        title: 'Write copy',
        description: 'Tone: friendly 100%',
        projectId: alpha,
        status: 'in-progress',
        priority: 'medium',
        assigneeId: list.userId,
      },
      { title: 'Launch', description: null, projectId: beta, status: 'completed', priority: 'low', assigneeId: null },
      {
        title: 'Retro',
        description: 'after launch',
        projectId: beta,
        status: 'cancelled',
        priority: 'high',
        assigneeId: member,
      },
    ];
    // Created one minute apart, in this order: the newest is the last.
    for (const [i, r] of rows.entries())
      await db.task.create({ data: { businessId, ...r, createdAt: new Date(base + i * 60_000) } });
  });

  it('GET /api/tasks answers the items newest first, with X-Total-Count, and only the agency’s own', async () => {
    const res = await api.get('/api/tasks', { token: listToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('5');
    // The fixture's task was created now, so it is the newest.
    expect(titles(res.body)).toEqual(['Kick-off for List Co', 'Retro', 'Launch', 'Write copy', 'Design mock-ups']);
    expect(Object.keys(res.body[0])).toEqual(CAMEL_KEYS);
    expect(res.body.find((t: { title: string }) => t.title === 'Write copy')).toMatchObject({
      project: { id: alpha, name: 'Alpha' },
      assignedTo: list.userId,
      assignee: { id: list.userId },
    });
    const snake = await api.get('/tasks/v1', { token: listToken });
    expect(Object.keys(snake.body[0])).toEqual(SNAKE_KEYS);
  });

  it('searches title or description, case-insensitively, with % taken literally', async () => {
    expect(titles((await listTrpc.tasks.list.query({ search: 'LAUNCH' })).items)).toEqual(['Retro', 'Launch']);
    expect(titles((await listTrpc.tasks.list.query({ search: 'figma' })).items)).toEqual(['Design mock-ups']);
    expect(titles((await listTrpc.tasks.list.query({ search: '100%' })).items)).toEqual(['Write copy']);
    expect(titles((await listTrpc.tasks.list.query({ search: '1%0' })).items)).toEqual([]);
  });

  it('filters by project, status, priority and assignee (or unassigned), and combines them', async () => {
    const q = (input: Parameters<TrpcClient['tasks']['list']['query']>[0]) =>
      listTrpc.tasks.list.query(input).then((p) => titles(p.items));
    expect(await q({ projectId: alpha })).toEqual(['Write copy', 'Design mock-ups']);
    expect(await q({ status: 'completed' })).toEqual(['Launch']);
    expect(await q({ priority: 'high' })).toEqual(['Retro', 'Design mock-ups']);
    expect(await q({ assigneeId: member })).toEqual(['Retro', 'Design mock-ups']);
    expect(await q({ assigneeId: 'none' })).toEqual(['Kick-off for List Co', 'Launch']);
    expect(await q({ projectId: beta, priority: 'high', assigneeId: member, status: 'cancelled' })).toEqual(['Retro']);
    // Over REST, as query text.
    const rest = await api.get(`/api/tasks?projectId=${beta}&status=completed`, { token: listToken });
    expect(titles(rest.body)).toEqual(['Launch']);
    expect(rest.headers.get('x-total-count')).toBe('1');
  });

  it('counts the filtered rows and, with withOverall, every task ("Showing X of Y tasks")', async () => {
    const page = await listTrpc.tasks.list.query({ priority: 'high', withOverall: true });
    expect(page).toMatchObject({ total: 2, overall: 5, nextCursor: null });
    const unfiltered = await listTrpc.tasks.list.query({ withOverall: true });
    expect(unfiltered).toMatchObject({ total: 5, overall: 5 });
  });

  it('pages with a cursor, newest first, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await listTrpc.tasks.list.query({ limit: 2, cursor });
      seen.push(...titles(page.items));
      expect(page.total).toBe(pages === 0 ? 5 : null);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Kick-off for List Co', 'Retro', 'Launch', 'Write copy', 'Design mock-ups']);
  });

  it('team.list answers the agency’s staff users by name, and GET /api/team the same', async () => {
    const team = await listTrpc.team.list.query();
    expect(team.map((u) => u.id).sort()).toEqual([list.userId, member].sort());
    expect(team.find((u) => u.id === member)).toEqual({
      id: member,
      firstName: 'Mo',
      lastName: 'Member',
      email: expect.stringContaining('@list.test'),
      role: expect.any(String),
      createdAt: expect.any(Date),
    });
    // The same list as JSON (dates as ISO text).
    expect((await api.get('/api/team', { token: listToken })).body).toEqual(JSON.parse(JSON.stringify(team)));
  });
});

describe('another agency’s rows are refused (404) and stay as they were', () => {
  let foreignTask: NonNullable<Awaited<ReturnType<typeof taskRow>>>;
  const foreignProject = () => other.rows.project[0];
  const foreignUser = () => other.userId;

  beforeAll(async () => {
    foreignTask = (await taskRow(other.rows.task[0]))!;
  });
  const unchanged = async () => expect(await taskRow(foreignTask.id)).toEqual(foreignTask);

  it('never lists another agency’s tasks', async () => {
    const page = await trpc.tasks.list.query({ limit: 100 });
    expect(page.items.map((t) => t.id)).not.toContain(foreignTask.id);
    expect((await trpc.tasks.list.query({ search: 'Foreign Foundry' })).items).toEqual([]);
  });

  it('refuses a task on a foreign project (create and update), and no task is made', async () => {
    const before = await app.database.db.task.count();
    const created = await api.post('/api/tasks', { title: 'Sneaky', projectId: foreignProject() }, { token });
    expect(created.status).toBe(404);
    expect(created.body.message).toBe(M.tasks.projectNotFound);
    expect(await app.database.db.task.count()).toBe(before);
    const task = await newTask();
    const moved = await api.patch(`/api/tasks/${task.id}`, { projectId: foreignProject(), title: 'Moved' }, { token });
    expect(moved.status).toBe(404);
    expect(await taskRow(task.id)).toMatchObject({ projectId: website.id, title: task.title });
  });

  it('refuses a foreign assignee (assignedTo or assigneeId) on create and update', async () => {
    for (const payload of [
      { assignedTo: foreignUser() },
      { assignedTo: String(foreignUser()) },
      { assigneeId: foreignUser() },
    ]) {
      const created = await api.post('/api/tasks', { title: 'Sneaky', projectId: website.id, ...payload }, { token });
      expect(created.status).toBe(404);
      expect(created.body.message).toBe(M.tasks.assigneeNotFound);
    }
    const task = await newTask({ assignedTo: grace.id });
    const res = await api.patch(`/api/tasks/${task.id}`, { assignedTo: foreignUser() }, { token });
    expect(res.status).toBe(404);
    expect((await taskRow(task.id))?.assigneeId).toBe(grace.id);
  });

  it('refuses list filters naming a foreign project or user', async () => {
    await expect(trpc.tasks.list.query({ projectId: foreignProject() })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'NOT_FOUND',
    );
    await expect(trpc.tasks.list.query({ assigneeId: foreignUser() })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'NOT_FOUND',
    );
    expect((await api.get(`/api/tasks?projectId=${foreignProject()}`, { token })).status).toBe(404);
  });

  it('refuses reading, changing, moving and deleting a foreign task', async () => {
    expect((await api.get(`/api/tasks/${foreignTask.id}`, { token })).status).toBe(404);
    const patched = await api.patch(
      `/api/tasks/${foreignTask.id}`,
      { title: 'Hijacked', status: 'cancelled' },
      { token },
    );
    expect(patched.status).toBe(404);
    expect(patched.body.message).toBe(M.tasks.notFound);
    await expect(trpc.tasks.setStatus.mutate({ id: foreignTask.id, status: 'completed' })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'NOT_FOUND',
    );
    expect((await api.call('DELETE', `/api/tasks/${foreignTask.id}`, { token })).status).toBe(404);
    await unchanged();
  });

  it('a foreign cursor yields an empty page, revealing nothing', async () => {
    const page = await trpc.tasks.list.query({ cursor: String(foreignTask.id) });
    expect(page.items).toEqual([]);
  });

  it('a foreign id as a sorted page’s cursor is refused with a 400, revealing nothing', async () => {
    await expect(trpc.tasks.list.query({ sort: 'dueDate', cursor: String(foreignTask.id) })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'BAD_REQUEST',
    );
  });
});
