/**
 * Templates (issue 29): a project from a template makes the project, its tasks with due dates = start + offset and
 * its linked flows as drafts, in one go; saving a project or a flow as a template round-trips; bounds are refused
 * with a 400 and a sentence; another agency's templates, projects, flows and companies answer 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { TEMPLATE_LIMITS } from '../../shared/schemas/templates';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

let app: TestApp;
let trpc: TrpcClient;
let companyId: number;
let other: Agency;

const refused = (promise: Promise<unknown>): Promise<{ code?: string; httpStatus?: number; message?: string }> =>
  promise.then(
    () => ({}),
    (error: Error) => ({ ...refusal(error), message: error.message }),
  );

beforeAll(async () => {
  app = await startApp();
  const api = client(app.baseUrl);
  const agency = await signUpAgency(api);
  trpc = trpcClient(app.baseUrl, { token: agency.token });
  companyId = (await api.post('/api/companies', { name: 'Acme Studio' }, { token: agency.token })).body.id;
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app.close());

async function onboardingFlowTemplate() {
  return trpc.flowTemplates.create.mutate({
    name: 'Onboarding',
    description: 'Welcome and collect',
    workflowType: 'collect',
    steps: [
      { stepTitle: 'Welcome', content: 'Hello **there**', fields: [] },
      {
        stepTitle: 'About you',
        fields: [
          { fieldLabel: 'Company goals', fieldType: 'textarea', isRequired: true },
          { fieldLabel: 'Budget', fieldType: 'select', options: '{"choices":["Small","Large"]}', order: 1 },
        ],
      },
    ],
  });
}

describe('starter templates', () => {
  it('a new agency starts with Website project, Monthly retainer and Client onboarding (with its flow)', async () => {
    const list = await trpc.templates.list.query();
    expect(list.map((t) => t.name)).toEqual(['Client onboarding', 'Monthly retainer', 'Website project']);
    const onboarding = list[0];
    expect(onboarding.flowTemplates.map((f) => f.name)).toEqual(['Client onboarding']);
    const flow = await trpc.flowTemplates.get.query({ id: onboarding.flowTemplates[0].id });
    const types = flow.steps.flatMap((s) => s.fields.map((f) => f.fieldType));
    expect(types).toEqual(expect.arrayContaining(['text', 'textarea', 'select', 'file', 'checkbox']));
    const website = await trpc.templates.get.query({ id: list[2].id });
    expect(website.tasks.map((t) => t.title)).toEqual(expect.arrayContaining(['Sitemap and page list', 'Launch']));
  });
});

describe('project templates', () => {
  it('creates a project from a template: tasks due at start + offset, flows as drafts, one activity entry each', async () => {
    const flowTemplate = await onboardingFlowTemplate();
    const template = await trpc.templates.create.mutate({
      name: 'Website',
      description: 'A site in six weeks',
      tasks: [
        { title: 'Discovery', dueOffsetDays: 0, priority: 'high' },
        { title: 'Design', dueOffsetDays: 14 },
        { title: 'Someday', dueOffsetDays: null, internal: true },
      ],
      flowTemplateIds: [flowTemplate.id],
    });
    expect(template).toMatchObject({ taskCount: 3, flowTemplates: [{ id: flowTemplate.id, name: 'Onboarding' }] });
    expect(template.tasks.map((t) => [t.title, t.dueOffsetDays, t.position])).toEqual([
      ['Discovery', 0, 0],
      ['Design', 14, 1],
      ['Someday', null, 2],
    ]);

    const made = await trpc.templates.createProject.mutate({
      id: template.id,
      name: 'Acme website',
      companyId,
      startDate: '2026-12-28',
    });
    expect(made).toMatchObject({ name: 'Acme website', taskCount: 3 });
    expect(made.flowIds).toHaveLength(1);
    const project = await trpc.projects.get.query({ id: made.id });
    expect(project).toMatchObject({
      companyId,
      projectStartDate: '2026-12-28',
      description: 'A site in six weeks',
      visibleToClient: false,
    });
    const due = Object.fromEntries(
      project.tasksOfProject.map((t) => [t.name, t.dueDate?.toISOString().slice(0, 10) ?? null]),
    );
    expect(due).toEqual({ Discovery: '2026-12-28', Design: '2027-01-11', Someday: null });
    expect(project.tasksOfProject.find((t) => t.name === 'Someday')?.internal).toBe(true);

    const flow = await trpc.flows.get.query({ id: made.flowIds[0] });
    expect(flow).toMatchObject({ name: 'Onboarding', isActive: false, companyId, workflowType: 'collect' });
    expect(flow.stepsOfFlow.map((s) => [s.stepOrder, s.stepTitle, s.fieldsOfFlowStep.length])).toEqual([
      [1, 'Welcome', 0],
      [2, 'About you', 2],
    ]);
    expect(flow.stepsOfFlow[1].fieldsOfFlowStep[1].choices).toEqual(['Small', 'Large']);

    const entries = await app.database.db.activity.findMany({
      where: {
        OR: [
          { entityType: 'project', entityId: made.id },
          { entityType: 'flow', entityId: made.flowIds[0] },
        ],
      },
      select: { entityType: true, action: true },
    });
    expect(entries).toEqual(
      expect.arrayContaining([
        { entityType: 'project', action: 'created' },
        { entityType: 'flow', action: 'created' },
      ]),
    );
  });

  it('saves a project as a template with offsets from its start date, and back again', async () => {
    const project = await trpc.projects.create.mutate({
      name: 'Retainer December',
      companiesId: companyId,
      projectStartDate: '2026-12-01',
    });
    const task = (title: string, dueDate: string | null) =>
      trpc.tasks.create.mutate({ title, projectId: project.id, dueDate, priority: 'low' });
    await task('Report', '2026-12-31');
    await task('Check-in', '2026-12-08');
    await task('Ideas', null);
    const saved = await trpc.templates.saveProject.mutate({ projectId: project.id, name: 'Retainer' });
    expect(saved.tasks.map((t) => [t.title, t.dueOffsetDays, t.priority])).toEqual([
      ['Check-in', 7, 'low'],
      ['Report', 30, 'low'],
      ['Ideas', null, 'low'],
    ]);
    const again = await trpc.templates.createProject.mutate({
      id: saved.id,
      name: 'Retainer January',
      companyId: null,
      startDate: '2027-01-01',
    });
    const copy = await trpc.projects.get.query({ id: again.id });
    expect(copy.tasksOfProject.map((t) => t.dueDate?.toISOString().slice(0, 10) ?? null).sort()).toEqual(
      ['2027-01-08', '2027-01-31', null].sort(),
    );
  });

  it('renames, lists and deletes templates; projects made from one stay', async () => {
    const template = await trpc.templates.create.mutate({ name: 'Temporary', tasks: [{ title: 'One' }] });
    const renamed = await trpc.templates.update.mutate({ id: template.id, name: 'Renamed' });
    expect(renamed).toMatchObject({ name: 'Renamed', taskCount: 1 });
    expect((await trpc.templates.list.query()).map((t) => t.name)).toContain('Renamed');
    const made = await trpc.templates.createProject.mutate({
      id: template.id,
      name: 'Kept',
      companyId: null,
      startDate: '2026-12-01',
    });
    await trpc.templates.remove.mutate({ id: template.id });
    expect((await trpc.templates.list.query()).map((t) => t.id)).not.toContain(template.id);
    expect((await trpc.projects.get.query({ id: made.id })).name).toBe('Kept');
  });

  it('refuses bounds with a 400 and a sentence', async () => {
    const tooMany = Array.from({ length: TEMPLATE_LIMITS.tasksMax + 1 }, (_, i) => ({ title: `Task ${i}` }));
    const many = await refused(trpc.templates.create.mutate({ name: 'Huge', tasks: tooMany }));
    expect(many).toMatchObject({ httpStatus: 400 });
    expect(many.message).toContain(M.templates.tooManyTasks(TEMPLATE_LIMITS.tasksMax));
    const blank = await refused(trpc.templates.create.mutate({ name: '   ' }));
    expect(blank).toMatchObject({ httpStatus: 400 });
    expect(blank.message).toContain(M.templates.nameRequired);
    const offset = await refused(
      trpc.templates.create.mutate({ name: 'Far', tasks: [{ title: 'Later', dueOffsetDays: 99_999 }] }),
    );
    expect(offset).toMatchObject({ httpStatus: 400 });
    const longName = await refused(trpc.templates.create.mutate({ name: 'x'.repeat(TEMPLATE_LIMITS.nameMax + 1) }));
    expect(longName).toMatchObject({ httpStatus: 400 });
    const template = await trpc.templates.create.mutate({ name: 'Dated' });
    const noStart = await refused(
      trpc.templates.createProject.mutate({ id: template.id, name: 'P', companyId: null, startDate: '' }),
    );
    expect(noStart).toMatchObject({ httpStatus: 400 });
    expect(noStart.message).toContain(M.templates.startDateRequired);
    const steps = Array.from({ length: 101 }, (_, i) => ({ stepTitle: `Step ${i}` }));
    expect(
      await refused(trpc.flowTemplates.create.mutate({ name: 'Long', workflowType: 'onboard', steps })),
    ).toMatchObject({ httpStatus: 400 });
  });
});

describe('flow templates', () => {
  it('saves a flow as a template and creates a draft flow from it for every client', async () => {
    const flow = await trpc.flows.create.mutate({
      name: 'Intake',
      description: 'Intake form',
      workflowType: 'collect',
    });
    const step = await trpc.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'Details' });
    await trpc.flowFields.create.mutate({
      flowStepId: step.id,
      fieldLabel: 'Website',
      fieldType: 'text',
      isRequired: true,
    });
    const template = await trpc.flowTemplates.saveFlow.mutate({ flowId: flow.id, name: 'Intake template' });
    expect(template).toMatchObject({ name: 'Intake template', workflowType: 'collect', stepCount: 1 });
    expect(template.steps[0].fields[0]).toMatchObject({ fieldLabel: 'Website', isRequired: true });
    const made = await trpc.flowTemplates.createFlow.mutate({ id: template.id, name: 'Intake 2', companyId: null });
    const copy = await trpc.flows.get.query({ id: made.id });
    expect(copy).toMatchObject({ name: 'Intake 2', isActive: false, companyId: null, stepCount: 1 });
    expect(copy.stepsOfFlow[0].fieldsOfFlowStep[0]).toMatchObject({ fieldLabel: 'Website', isRequired: true });
  });
});

describe("another agency's rows", () => {
  it('answer 404 and stay unchanged', async () => {
    const [project] = other.rows.project;
    const [flow] = other.rows.flow;
    const [projectTemplate] = other.rows.projectTemplate;
    const [flowTemplate] = other.rows.flowTemplate;
    const mine = await trpc.templates.create.mutate({ name: 'Mine', tasks: [{ title: 'One' }] });
    const attempts: (() => Promise<unknown>)[] = [
      () => trpc.templates.get.query({ id: projectTemplate }),
      () => trpc.templates.update.mutate({ id: projectTemplate, name: 'Taken' }),
      () => trpc.templates.remove.mutate({ id: projectTemplate }),
      () =>
        trpc.templates.createProject.mutate({
          id: projectTemplate,
          name: 'X',
          companyId: null,
          startDate: '2026-12-01',
        }),
      () =>
        trpc.templates.createProject.mutate({
          id: mine.id,
          name: 'X',
          companyId: other.companies[0].id,
          startDate: '2026-12-01',
        }),
      () => trpc.templates.saveProject.mutate({ projectId: project, name: 'Stolen' }),
      () => trpc.templates.create.mutate({ name: 'Linked', flowTemplateIds: [flowTemplate] }),
      () => trpc.flowTemplates.get.query({ id: flowTemplate }),
      () => trpc.flowTemplates.update.mutate({ id: flowTemplate, name: 'Taken' }),
      () => trpc.flowTemplates.remove.mutate({ id: flowTemplate }),
      () => trpc.flowTemplates.saveFlow.mutate({ flowId: flow, name: 'Stolen' }),
      () => trpc.flowTemplates.createFlow.mutate({ id: flowTemplate, name: 'X', companyId: null }),
    ];
    for (const attempt of attempts) expect(await refused(attempt())).toMatchObject({ httpStatus: 404 });
    const db = app.database.db;
    expect(await db.projectTemplate.findUnique({ where: { id: projectTemplate } })).toMatchObject({
      name: expect.stringContaining('project template'),
    });
    expect(await db.flowTemplate.findUnique({ where: { id: flowTemplate } })).toMatchObject({
      name: expect.stringContaining('onboarding template'),
    });
    expect(await db.project.count({ where: { businessId: other.businessId, name: 'X' } })).toBe(0);
  });
});

describe('the starter templates, added later', () => {
  it('adds the starters an agency lacks, by name, in one go; a second time adds nothing', async () => {
    const api = client(app.baseUrl);
    const agency = await signUpAgency(api);
    const own = trpcClient(app.baseUrl, { token: agency.token });
    const db = app.database.db;
    const businessId = (await db.user.findUniqueOrThrow({ where: { email: agency.email } })).businessId;
    // An agency made before templates: none.
    await db.projectTemplate.deleteMany({ where: { businessId } });
    await db.flowTemplate.deleteMany({ where: { businessId } });
    const otherBefore = await db.projectTemplate.count({ where: { businessId: other.businessId } });

    expect(await own.templates.addStarters.mutate()).toEqual({ added: 4 });
    const list = await own.templates.list.query();
    expect(list.map((t) => [t.name, t.taskCount, t.flowTemplates.map((f) => f.name)])).toEqual([
      ['Client onboarding', 5, ['Client onboarding']],
      ['Monthly retainer', 7, []],
      ['Website project', 12, []],
    ]);
    expect((await own.flowTemplates.list.query()).map((t) => t.name)).toEqual(['Client onboarding']);
    expect(await own.templates.addStarters.mutate()).toEqual({ added: 0 });
    expect(await db.projectTemplate.count({ where: { businessId } })).toBe(3);
    expect(await db.flowTemplate.count({ where: { businessId } })).toBe(1);

    // One deleted, one renamed by staff: only the missing name comes back; the onboarding template keeps its flow.
    const retainer = list.find((t) => t.name === 'Monthly retainer')!;
    await own.templates.remove.mutate({ id: retainer.id });
    await own.templates.update.mutate({ id: list[2].id, name: '  website PROJECT ' });
    expect(await own.templates.addStarters.mutate()).toEqual({ added: 1 });
    expect((await own.templates.list.query()).map((t) => t.name).sort()).toEqual(
      ['Client onboarding', 'Monthly retainer', 'website PROJECT'].sort(),
    );
    expect(await db.projectTemplate.count({ where: { businessId: other.businessId } })).toBe(otherBefore);
  });
});

describe('REST: templates', () => {
  it("answers another agency's template ids with 404 on every path, and changes nothing", async () => {
    const api = client(app.baseUrl);
    const agency = await signUpAgency(api);
    const token = agency.token;
    const [projectTemplate] = other.rows.projectTemplate;
    const [flowTemplate] = other.rows.flowTemplate;
    const calls: [string, string, unknown?][] = [];
    for (const base of ['/api/project-templates', '/project_templates/v1']) {
      calls.push(['GET', `${base}/${projectTemplate}`]);
      calls.push(['PATCH', `${base}/${projectTemplate}`, { name: 'Taken', tasks: [] }]);
      calls.push(['DELETE', `${base}/${projectTemplate}`]);
      calls.push(['POST', `${base}/${projectTemplate}/projects`, { name: 'X', startDate: '2026-12-01' }]);
      calls.push(['POST', base, { name: 'Linked', flowTemplateIds: [flowTemplate] }]);
    }
    for (const base of ['/api/flow-templates', '/flow_templates/v1']) {
      calls.push(['GET', `${base}/${flowTemplate}`]);
      calls.push(['PATCH', `${base}/${flowTemplate}`, { name: 'Taken', steps: [] }]);
      calls.push(['DELETE', `${base}/${flowTemplate}`]);
    }
    for (const [method, path, body] of calls) {
      const res = await api.call(method, path, { token, ...(body === undefined ? {} : { body }) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code, `${method} ${path}`).toBe('NOT_FOUND');
    }
    const db = app.database.db;
    const theirs = await db.projectTemplate.findUniqueOrThrow({
      where: { id: projectTemplate },
      include: { tasks: true },
    });
    expect(theirs.name).toContain('project template');
    expect(theirs.tasks).toHaveLength(1);
    expect((await db.flowTemplate.findUniqueOrThrow({ where: { id: flowTemplate } })).name).toContain(
      'onboarding template',
    );
    expect(await db.project.count({ where: { name: 'X', businessId: { not: other.businessId } } })).toBe(0);
    // Lists hold only the agency's own.
    const lists = [
      ...(await api.get('/api/project-templates', { token })).body,
      ...(await api.get('/flow_templates/v1', { token })).body,
    ] as { name: string }[];
    expect(lists.map((t) => t.name)).not.toContain(theirs.name);
  });

  it('edits a template’s tasks (replaced in the order sent) and creates a project from it over REST', async () => {
    const api = client(app.baseUrl);
    const { token } = await signUpAgency(api);
    const created = await api.post('/api/project-templates', { name: 'Rest launch' }, { token });
    expect(created.status).toBe(201);
    const changed = await api.patch(
      `/project_templates/v1/${created.body.id}`,
      {
        tasks: [
          { title: 'Brief', due_offset_days: 0, priority: 'high' },
          { title: 'Design', due_offset_days: 10, description: 'Two rounds' },
          { title: 'Someday' },
        ],
      },
      { token },
    );
    expect(changed.status).toBe(200);
    expect(
      changed.body.tasks.map((t: { title: string; due_offset_days: number | null; position: number }) => [
        t.title,
        t.due_offset_days,
        t.position,
      ]),
    ).toEqual([
      ['Brief', 0, 0],
      ['Design', 10, 1],
      ['Someday', null, 2],
    ]);
    const bad = await api.patch(
      `/api/project-templates/${created.body.id}`,
      { tasks: [{ title: '' }, { title: 'Ok', dueOffsetDays: -1 }] },
      { token },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.issues)).toContain(M.templates.offsetRange(TEMPLATE_LIMITS.offsetMax));
    const project = await api.post(
      `/api/project-templates/${created.body.id}/projects`,
      { name: 'Rest project', startDate: '2026-03-01' },
      { token },
    );
    expect(project.status).toBe(201);
    const tasks = await app.database.db.task.findMany({
      where: { projectId: project.body.id },
      orderBy: { title: 'asc' },
    });
    expect(tasks.map((t) => [t.title, t.dueDate?.toISOString().slice(0, 10) ?? null, t.priority])).toEqual([
      ['Brief', '2026-03-01', 'high'],
      ['Design', '2026-03-11', 'medium'],
      ['Someday', null, 'medium'],
    ]);
  });
});
