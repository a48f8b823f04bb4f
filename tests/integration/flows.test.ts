/**
 * Flows over REST (the spec's snake_case data-service paths /flows/v1, /flow_step/v1 and /flow_field/v1, §7.4) and
 * tRPC: every field name, the business taken from the session, steps that are really saved (create, title and
 * content, reorder, delete with their fields), form fields with select choices, duplicate, the spec's validation
 * messages (§5, §8), and refusal of another agency's flows, steps, fields and companies on every path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobRunner } from '../../server/jobs/queue';
import { notificationHandlers } from '../../server/notifications/fanout';
import { M } from '../../shared/messages';
import { createAgency, type Agency } from '../support/agencies';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let trpc: TrpcClient;
let token: string;
let businessId: number;
let userId: number;
let acme: { id: number; name: string };
let bluebird: { id: number; name: string };
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
  const me = await trpc.auth.me.query();
  businessId = me.business.id;
  userId = me.id;
  acme = (await api.post('/api/companies', { name: 'Acme Studio' }, { token })).body;
  bluebird = (await api.post('/api/companies', { name: 'Bluebird Bakery' }, { token })).body;
  other = await createAgency(app, ['Foreign Foundry']);
});
afterAll(() => app?.close());

const FLOW_KEYS = [
  'id',
  'flow_uid',
  'name',
  'description',
  'workflow_type',
  'is_active',
  'business_id',
  'company_id',
  'company_of_flow',
  'step_count',
  'created_at',
  'updated_at',
];
const STEP_KEYS = [
  'id',
  'business_id',
  'flow_id',
  'step_order',
  'step_title',
  'content',
  'step_type',
  'has_content',
  'has_fields',
  'fields_of_flow_step',
  'updated_at',
];
const FIELD_KEYS = [
  'id',
  'flow_step',
  'flow_step_id',
  'field_label',
  'field_type',
  'is_required',
  'options',
  'choices',
  'help_text',
  'order',
];
const sorted = (keys: string[]) => [...keys].sort();

type FlowType = 'onboard' | 'collect' | 'inform';

/** A flow made through the spec's POST /flows/v1/ (snake_case answer). */
async function newFlow(fields: Record<string, unknown> = {}) {
  const res = await api.post(
    '/flows/v1/',
    { name: unique('Flow'), description: 'A flow', workflow_type: 'collect', company_id: 0, ...fields },
    { token },
  );
  if (res.status !== 201) throw new Error(`flow create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; flow_uid: string; name: string; workflow_type: FlowType };
}

/** A step through POST /flow_step/v1/ (snake_case answer). */
async function newStep(flowId: number, fields: Record<string, unknown> = {}) {
  const res = await api.post('/flow_step/v1/', { flow_id: flowId, ...fields }, { token });
  if (res.status !== 201) throw new Error(`step create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; step_order: number; step_title: string; content: string };
}

/** A field through POST /flow_field/v1/ with the spec's payload shape. */
async function newField(stepId: number, fields: Record<string, unknown> = {}) {
  const res = await api.post(
    '/flow_field/v1/',
    {
      flow_step: stepId,
      field_label: unique('Field'),
      field_type: 'text',
      is_required: false,
      options: '{}',
      help_text: '',
      order: 0,
      ...fields,
    },
    { token },
  );
  if (res.status !== 201) throw new Error(`field create: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; field_label: string; order: number } & Record<string, any>;
}

const readDetail = async (flowUid: string) =>
  (await api.get(`/flows/v1/?flow_uid=${encodeURIComponent(flowUid)}`, { token })).body;
const stepOrders = async (flowId: number) =>
  (
    await app.database.db.flowStep.findMany({
      where: { flowId },
      orderBy: [{ stepOrder: 'asc' }, { id: 'asc' }],
      select: { id: true, stepOrder: true },
    })
  ).map((s) => [s.id, s.stepOrder]);

describe('flows (§7.4), with the spec’s field names', () => {
  it('POST /flows/v1/ takes the spec’s payload: the business is the session’s, is_active true is kept (a draft without it), company 0 is none', async () => {
    for (const foreignBusiness of [1, other.businessId]) {
      const res = await api.post(
        '/flows/v1/',
        {
          name: '  Client onboarding  ',
          description: ' Welcome pack ',
          workflow_type: 'onboard',
          company_id: 0,
          business_id: foreignBusiness,
          is_active: true,
        },
        { token },
      );
      expect(res.status).toBe(201);
      expect(sorted(Object.keys(res.body))).toEqual(sorted(FLOW_KEYS));
      expect(res.body).toMatchObject({
        name: 'Client onboarding',
        description: 'Welcome pack',
        workflow_type: 'onboard',
        is_active: true,
        business_id: businessId,
        company_id: null,
        company_of_flow: null,
        step_count: 0,
      });
      expect(res.body.flow_uid).toMatch(/^[a-z0-9]{20,}$/);
      expect(Date.now() - Date.parse(res.body.created_at)).toBeLessThan(60_000);
      const row = await app.database.db.flow.findUniqueOrThrow({ where: { id: res.body.id } });
      expect(row).toMatchObject({ businessId, createdById: userId, isActive: true, companyId: null });
    }
    expect(
      await app.database.db.flow.count({ where: { businessId: other.businessId, name: 'Client onboarding' } }),
    ).toBe(0);
    // Without is_active, or with false, a new flow is a draft (issue 27).
    for (const isActive of [undefined, false, 'false'])
      expect(
        (await api.get(`/flows/v1/${(await newFlow({ is_active: isActive })).id}`, { token })).body.is_active,
      ).toBe(false);
  });

  it('takes a company of the agency (company_of_flow with its name); company_id missing or null means none', async () => {
    const withCompany = await newFlow({ company_id: acme.id });
    expect(withCompany).toMatchObject({ company_id: acme.id, company_of_flow: { id: acme.id, name: 'Acme Studio' } });
    expect(await newFlow({ company_id: undefined })).toMatchObject({ company_id: null, company_of_flow: null });
    expect(await newFlow({ company_id: null })).toMatchObject({ company_id: null, company_of_flow: null });
    expect(await newFlow({ company_id: String(bluebird.id) })).toMatchObject({ company_id: bluebird.id });
  });

  it('GET /flows/v1/ lists the spec’s fields newest first, with X-Total-Count and step counts; /api/flows in camelCase', async () => {
    const older = await newFlow({ company_id: acme.id, is_active: true });
    await newStep(older.id);
    await newStep(older.id);
    const newer = await newFlow();
    const res = await api.get('/flows/v1/', { token });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('x-total-count'))).toBe(await app.database.db.flow.count({ where: { businessId } }));
    for (const item of res.body) expect(sorted(Object.keys(item))).toEqual(sorted(FLOW_KEYS));
    const ids = res.body.map((f: { id: number }) => f.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(res.body.find((f: { id: number }) => f.id === older.id)).toMatchObject({
      flow_uid: older.flow_uid,
      step_count: 2,
      company_id: acme.id,
      company_of_flow: { id: acme.id, name: 'Acme Studio' },
      is_active: true,
    });
    const dates = res.body.map((f: { created_at: string }) => Date.parse(f.created_at));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(ids).not.toContain(other.rows.flow[0]);

    const camel = await api.get('/api/flows', { token });
    expect(camel.status).toBe(200);
    expect(camel.body.find((f: { id: number }) => f.id === older.id)).toMatchObject({
      flowUid: older.flow_uid,
      stepCount: 2,
      companyOfFlow: { id: acme.id },
    });
  });

  it('GET /flows/v1/?flow_uid= answers the flow with company_of_flow and steps_of_flow by step_order, each with its fields by order', async () => {
    const flow = await newFlow({ company_id: acme.id, workflow_type: 'collect' });
    const second = await newStep(flow.id, { step_title: 'Second' });
    const first = await newStep(flow.id, { step_title: 'First', step_order: 1 }); // moves "Second" down
    const third = await newStep(flow.id, { step_title: 'Third' });
    await newField(second.id, { field_label: 'Late', order: 5 });
    await newField(second.id, { field_label: 'Early', order: 1 });
    await newField(first.id, { field_label: 'Only', order: 0 });
    const res = await api.get(`/flows/v1/?flow_uid=${flow.flow_uid}`, { token });
    expect(res.status).toBe(200);
    expect(sorted(Object.keys(res.body))).toEqual(sorted([...FLOW_KEYS, 'steps_of_flow']));
    expect(res.body).toMatchObject({
      id: flow.id,
      flow_uid: flow.flow_uid,
      step_count: 3,
      company_of_flow: { id: acme.id, name: 'Acme Studio' },
    });
    const steps = res.body.steps_of_flow;
    expect(steps.map((s: { id: number; step_order: number }) => [s.id, s.step_order])).toEqual([
      [first.id, 1],
      [second.id, 2],
      [third.id, 3],
    ]);
    for (const step of steps) expect(sorted(Object.keys(step))).toEqual(sorted(STEP_KEYS));
    expect(steps[0]).toMatchObject({ business_id: businessId, flow_id: flow.id, step_title: 'First', content: '' });
    expect(steps[1].fields_of_flow_step.map((f: { field_label: string }) => f.field_label)).toEqual(['Early', 'Late']);
    for (const field of steps[1].fields_of_flow_step) expect(sorted(Object.keys(field))).toEqual(sorted(FIELD_KEYS));
    expect(steps[0].fields_of_flow_step).toHaveLength(1);
    expect(steps[2].fields_of_flow_step).toEqual([]);
    // Without the parameter the same path is the list; by id too.
    expect(Array.isArray((await api.get('/flows/v1/', { token })).body)).toBe(true);
    expect((await api.get(`/flows/v1/${flow.id}`, { token })).body.steps_of_flow).toHaveLength(3);
    expect(await api.get('/flows/v1/?flow_uid=nosuchflow', { token })).toMatchObject({
      status: 404,
      body: { message: M.flows.notFound, code: 'NOT_FOUND' },
    });
  });

  it('PATCH /flows/v1/{id}: the Active/Inactive toggle, renaming, moving to a company and back to none (0)', async () => {
    const flow = await newFlow({ is_active: true });
    expect((await api.patch(`/flows/v1/${flow.id}`, { is_active: false }, { token })).body).toMatchObject({
      is_active: false,
      name: flow.name,
    });
    expect((await api.get(`/flows/v1/?flow_uid=${flow.flow_uid}`, { token })).body.is_active).toBe(false);
    expect((await api.get('/flows/v1/?is_active=false', { token })).body.map((f: { id: number }) => f.id)).toContain(
      flow.id,
    );
    expect((await api.patch(`/flows/v1/${flow.id}`, { is_active: true }, { token })).body.is_active).toBe(true);
    const moved = await api.patch(`/flows/v1/${flow.id}`, { company_id: bluebird.id, name: ' Renamed ' }, { token });
    expect(moved.body).toMatchObject({
      company_id: bluebird.id,
      company_of_flow: { id: bluebird.id, name: 'Bluebird Bakery' },
      name: 'Renamed',
      workflow_type: 'collect',
    });
    expect((await api.patch(`/flows/v1/${flow.id}`, { company_id: 0 }, { token })).body).toMatchObject({
      company_id: null,
      company_of_flow: null,
      name: 'Renamed',
    });
    // The type is fixed once created: a workflow_type in the payload is ignored.
    expect((await api.patch(`/flows/v1/${flow.id}`, { workflow_type: 'inform' }, { token })).body.workflow_type).toBe(
      'collect',
    );
  });

  it('DELETE /flows/v1/{id} removes the flow with its steps and fields', async () => {
    const flow = await newFlow();
    const step = await newStep(flow.id);
    await newField(step.id);
    const res = await del(`/flows/v1/${flow.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: flow.id } });
    expect((await api.get(`/flows/v1/?flow_uid=${flow.flow_uid}`, { token })).status).toBe(404);
    expect(await app.database.db.flowStep.count({ where: { flowId: flow.id } })).toBe(0);
    expect(await app.database.db.flowField.count({ where: { flowStepId: step.id } })).toBe(0);
    expect((await del(`/flows/v1/${flow.id}`)).status).toBe(404);
  });

  it('POST /flows/v1/{id}/duplicate copies the steps in order with their fields, and nothing of another flow', async () => {
    const source = await newFlow({ company_id: acme.id, workflow_type: 'collect', name: 'Intake' });
    const a = await newStep(source.id, { step_title: 'About you', content: 'Tell us' });
    const b = await newStep(source.id, { step_title: 'Your brand' });
    await newField(a.id, { field_label: 'Name', is_required: true, help_text: 'Full name', order: 1 });
    await newField(a.id, {
      field_label: 'Plan',
      field_type: 'select',
      options: '{"choices":["Basic","Pro"]}',
      order: 2,
    });
    await newField(b.id, { field_label: 'Logo', field_type: 'file' });
    // Another flow's steps must not come along.
    const bystander = await newFlow();
    await newField((await newStep(bystander.id, { step_title: 'Elsewhere' })).id);
    await api.patch(`/flows/v1/${source.id}`, { is_active: true }, { token });

    // The copy of a published flow is a draft (issue 27).
    const res = await api.post(`/flows/v1/${source.id}/duplicate`, {}, { token });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: M.flows.copyName('Intake'),
      workflow_type: 'collect',
      company_id: acme.id,
      is_active: false,
      step_count: 2,
      business_id: businessId,
    });
    expect(res.body.id).not.toBe(source.id);
    expect(res.body.flow_uid).not.toBe(source.flow_uid);
    const [copy, original] = [await readDetail(res.body.flow_uid), await readDetail(source.flow_uid)];
    const shape = (flow: typeof copy) =>
      flow.steps_of_flow.map((s: any) => ({
        step_order: s.step_order,
        step_title: s.step_title,
        content: s.content,
        fields: s.fields_of_flow_step.map((f: any) => ({
          ...f,
          id: undefined,
          flow_step: undefined,
          flow_step_id: undefined,
        })),
      }));
    expect(shape(copy)).toEqual(shape(original));
    expect(shape(copy).map((s: { step_title: string }) => s.step_title)).toEqual(['About you', 'Your brand']);
    expect(
      shape(copy)[0].fields.map((f: { field_label: string; choices: string[] }) => [f.field_label, f.choices]),
    ).toEqual([
      ['Name', []],
      ['Plan', ['Basic', 'Pro']],
    ]);
    const copiedStepIds = copy.steps_of_flow.map((s: { id: number }) => s.id);
    expect(copiedStepIds).not.toContain(a.id);
    for (const s of copy.steps_of_flow) for (const f of s.fields_of_flow_step) expect(f.flow_step).toBe(s.id);
    // The source is untouched.
    expect(original.steps_of_flow.map((s: { id: number }) => s.id)).toEqual([a.id, b.id]);
    expect(await app.database.db.flowStep.count({ where: { flowId: bystander.id } })).toBe(1);
  });

  it('tRPC: get by id or by flowUid (both must match when both are given), list filters, create, update, remove', async () => {
    const flow = await trpc.flows.create.mutate({
      name: unique('Rpc flow'),
      description: 'Over tRPC',
      workflowType: 'inform',
      companyId: acme.id,
      isActive: true,
    });
    expect(flow).toMatchObject({
      workflowType: 'inform',
      isActive: true,
      companyOfFlow: { id: acme.id, name: 'Acme Studio' },
    });
    expect((await trpc.flows.get.query({ id: flow.id })).flowUid).toBe(flow.flowUid);
    expect((await trpc.flows.get.query({ flowUid: flow.flowUid })).id).toBe(flow.id);
    expect(await trpc.flows.get.query({ id: flow.id, flowUid: 'someone-else' }).catch(trpcCode)).toBe('NOT_FOUND');
    const informs = await trpc.flows.list.query({ workflowType: 'inform', withOverall: true });
    expect(informs.items.every((f) => f.workflowType === 'inform')).toBe(true);
    expect(informs.items.map((f) => f.id)).toContain(flow.id);
    expect(informs.overall).toBe(await app.database.db.flow.count({ where: { businessId } }));
    const byCompany = await trpc.flows.list.query({ companyId: acme.id });
    expect(byCompany.items.every((f) => f.companyId === acme.id)).toBe(true);
    expect(byCompany.total).toBe(await app.database.db.flow.count({ where: { businessId, companyId: acme.id } }));
    expect((await trpc.flows.list.query({ search: 'OVER TRPC' })).items.map((f) => f.id)).toEqual([flow.id]);
    expect((await trpc.flows.list.query({ search: '100%' })).items).toEqual([]);
    await trpc.flows.update.mutate({ id: flow.id, isActive: false });
    expect((await trpc.flows.list.query({ isActive: false })).items.every((f) => !f.isActive)).toBe(true);
    expect((await trpc.flows.list.query({ isActive: true })).items.map((f) => f.id)).not.toContain(flow.id);
    // Keyset pages: every flow once, newest first.
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: Awaited<ReturnType<typeof trpc.flows.list.query>> = await trpc.flows.list.query({ limit: 3, cursor });
      seen.push(...page.items.map((f) => f.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(await app.database.db.flow.count({ where: { businessId } }));
    expect(await trpc.flows.remove.mutate({ id: flow.id })).toEqual({ id: flow.id });
  });
});

describe('steps: created, saved, reordered and deleted (POST, PATCH, DELETE /flow_step/v1)', () => {
  it('POST /flow_step/v1/ takes the spec’s payload and returns the created step (201)', async () => {
    const flow = await newFlow({ workflow_type: 'onboard' });
    const res = await api.post(
      '/flow_step/v1/',
      {
        business_id: other.businessId,
        flow_id: flow.id,
        step_order: 1,
        step_title: 'Welcome',
        content: '# Hello\n\nGlad to have you.',
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(sorted(Object.keys(res.body))).toEqual(sorted(STEP_KEYS));
    expect(res.body).toMatchObject({
      business_id: businessId,
      flow_id: flow.id,
      step_order: 1,
      step_title: 'Welcome',
      content: '# Hello\n\nGlad to have you.',
      fields_of_flow_step: [],
    });
    expect(await app.database.db.flowStep.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      businessId,
      flowId: flow.id,
    });
  });

  it('without step_order a step goes last (highest + 1, or 1), titled "Step {n}"; an onboard step gets the placeholder', async () => {
    const onboard = await newFlow({ workflow_type: 'onboard' });
    const first = await newStep(onboard.id);
    expect(first).toMatchObject({
      step_order: 1,
      step_title: M.flows.stepTitle(1),
      content: M.flows.onboardPlaceholder(1),
    });
    expect(first.step_title).toBe('Step 1');
    expect(first.content).toContain('Add your content here...');
    expect(first.content).toMatch(/^#+ /);
    // highest + 1, not count + 1: a gap in the orders stays a gap.
    await app.database.db.flowStep.update({ where: { id: first.id }, data: { stepOrder: 5 } });
    expect(await newStep(onboard.id)).toMatchObject({ step_order: 6, step_title: 'Step 6' });
    // An order beyond the end also goes last.
    expect((await newStep(onboard.id, { step_order: 40 })).step_order).toBe(7);
    // Other types start empty.
    for (const type of ['collect', 'inform'] as const) {
      const flow = await newFlow({ workflow_type: type });
      expect(await newStep(flow.id)).toMatchObject({ step_order: 1, step_title: 'Step 1', content: '' });
    }
  });

  it('a step given a taken order goes there and the later steps move down', async () => {
    const flow = await newFlow();
    const [a, b, c] = [await newStep(flow.id), await newStep(flow.id), await newStep(flow.id)];
    const inserted = await newStep(flow.id, { step_order: 2, step_title: 'Inserted' });
    expect(inserted.step_order).toBe(2);
    expect(await stepOrders(flow.id)).toEqual([
      [a.id, 1],
      [inserted.id, 2],
      [b.id, 3],
      [c.id, 4],
    ]);
  });

  it('steps added at the same moment get distinct orders', async () => {
    const flow = await newFlow();
    const steps = await Promise.all([1, 2, 3, 4, 5].map(() => newStep(flow.id)));
    expect(steps.map((s) => s.step_order).sort()).toEqual([1, 2, 3, 4, 5]);
    // Deleted at the same moment (with one more added), the rest still number 1…n.
    await Promise.all([
      del(`/flow_step/v1/${steps[0].id}`),
      del(`/flow_step/v1/${steps[2].id}`),
      del(`/flow_step/v1/${steps[3].id}`),
      newStep(flow.id),
    ]);
    expect((await stepOrders(flow.id)).map(([, order]) => order)).toEqual([1, 2, 3]);
  });

  it('PATCH /flow_step/v1/{id} saves the title and the content, each on its own', async () => {
    const flow = await newFlow({ workflow_type: 'onboard' });
    const step = await newStep(flow.id);
    const titled = await api.patch(`/flow_step/v1/${step.id}`, { step_title: '  Kick-off  ' }, { token });
    expect(titled.status).toBe(200);
    expect(sorted(Object.keys(titled.body))).toEqual(sorted(STEP_KEYS));
    expect(titled.body).toMatchObject({ step_title: 'Kick-off', content: step.content });
    const content = await api.patch(`/flow_step/v1/${step.id}`, { content: '## Agenda\n\n- intro' }, { token });
    expect(content.body).toMatchObject({ step_title: 'Kick-off', content: '## Agenda\n\n- intro' });
    expect((await readDetail(flow.flow_uid)).steps_of_flow[0]).toMatchObject({
      step_title: 'Kick-off',
      content: '## Agenda\n\n- intro',
    });
    // Content may be emptied; a title may not.
    expect((await api.patch(`/flow_step/v1/${step.id}`, { content: '' }, { token })).body.content).toBe('');
    const blank = await api.patch(`/flow_step/v1/${step.id}`, { step_title: '   ' }, { token });
    expect(blank).toMatchObject({ status: 400, body: { message: M.flows.stepTitleRequired } });
    expect((await app.database.db.flowStep.findUniqueOrThrow({ where: { id: step.id } })).stepTitle).toBe('Kick-off');
  });

  it('POST /flow_step/v1/reorder puts every step in the given order (1…n)', async () => {
    const flow = await newFlow();
    const [a, b, c] = [await newStep(flow.id), await newStep(flow.id), await newStep(flow.id)];
    const res = await api.post('/flow_step/v1/reorder', { flow_id: flow.id, step_ids: [c.id, a.id, b.id] }, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: c.id, step_order: 1 },
      { id: a.id, step_order: 2 },
      { id: b.id, step_order: 3 },
    ]);
    expect((await readDetail(flow.flow_uid)).steps_of_flow.map((s: { id: number }) => s.id)).toEqual([
      c.id,
      a.id,
      b.id,
    ]);
    expect(await trpc.flowSteps.reorder.mutate({ flowId: flow.id, stepIds: [a.id, b.id, c.id] })).toEqual([
      { id: a.id, stepOrder: 1 },
      { id: b.id, stepOrder: 2 },
      { id: c.id, stepOrder: 3 },
    ]);
  });

  it('reorder refuses a list that misses or repeats a step, and changes nothing', async () => {
    const flow = await newFlow();
    const [a, b, c] = [await newStep(flow.id), await newStep(flow.id), await newStep(flow.id)];
    const before = await stepOrders(flow.id);
    for (const stepIds of [[a.id, b.id], [a.id, b.id, c.id, c.id], [a.id, a.id, b.id], []]) {
      const res = await api.post('/flow_step/v1/reorder', { flow_id: flow.id, step_ids: stepIds }, { token });
      expect(res.status, JSON.stringify(stepIds)).toBe(400);
      if (stepIds.length) expect(res.body.message).toBe(M.flows.reorderMismatch);
    }
    expect(await stepOrders(flow.id)).toEqual(before);
  });

  it('DELETE /flow_step/v1/{id} removes the step and its fields; later steps move up', async () => {
    const flow = await newFlow();
    const [a, b, c, d] = [
      await newStep(flow.id),
      await newStep(flow.id),
      await newStep(flow.id),
      await newStep(flow.id),
    ];
    const fieldOfB = await newField(b.id);
    await newField(b.id);
    const fieldOfC = await newField(c.id);
    const res = await del(`/flow_step/v1/${b.id}`);
    expect(res).toMatchObject({ status: 200, body: { id: b.id } });
    expect(await app.database.db.flowField.count({ where: { flowStepId: b.id } })).toBe(0);
    expect(await app.database.db.flowField.findUnique({ where: { id: fieldOfB.id } })).toBeNull();
    expect(await app.database.db.flowField.findUnique({ where: { id: fieldOfC.id } })).not.toBeNull();
    expect(await stepOrders(flow.id)).toEqual([
      [a.id, 1],
      [c.id, 2],
      [d.id, 3],
    ]);
    expect((await readDetail(flow.flow_uid)).step_count).toBe(3);
    expect(await del(`/flow_step/v1/${b.id}`)).toMatchObject({ status: 404, body: { message: M.flows.stepNotFound } });
    // The next new step follows the last one.
    expect((await newStep(flow.id)).step_order).toBe(4);
  });
});

describe('form fields (GET, POST, PATCH, DELETE /flow_field/v1)', () => {
  let flow: Awaited<ReturnType<typeof newFlow>>;
  let step: Awaited<ReturnType<typeof newStep>>;
  beforeAll(async () => {
    flow = await newFlow({ workflow_type: 'collect' });
    step = await newStep(flow.id);
  });

  it('POST /flow_field/v1/ takes the spec’s payload {flow_step, field_label, field_type, is_required, options: "{}", help_text, order}', async () => {
    const res = await api.post(
      '/flow_field/v1/',
      {
        flow_step: step.id,
        field_label: ' Company goals ',
        field_type: 'textarea',
        is_required: true,
        options: '{}',
        help_text: 'What should the site achieve?',
        order: 3,
      },
      { token },
    );
    expect(res.status).toBe(201);
    expect(sorted(Object.keys(res.body))).toEqual(sorted(FIELD_KEYS));
    expect(res.body).toMatchObject({
      flow_step: step.id,
      flow_step_id: step.id,
      field_label: 'Company goals',
      field_type: 'textarea',
      is_required: true,
      options: '{}',
      choices: [],
      help_text: 'What should the site achieve?',
      order: 3,
    });
    expect(await app.database.db.flowField.findUniqueOrThrow({ where: { id: res.body.id } })).toMatchObject({
      businessId,
      flowStepId: step.id,
    });
    // An empty help text is stored as none; every type of the spec is accepted.
    expect((await newField(step.id, { help_text: '' })).help_text ?? null).toBeNull();
    for (const type of ['text', 'textarea', 'file', 'select', 'checkbox', 'date'])
      expect((await newField(step.id, { field_type: type })).field_type).toBe(type);
  });

  it('select fields keep their choices: {"choices": [...]} in options, or `choices`', async () => {
    const fromOptions = await newField(step.id, { field_type: 'select', options: '{"choices":["Yes","No"]}' });
    expect(fromOptions).toMatchObject({ choices: ['Yes', 'No'] });
    expect(JSON.parse(fromOptions.options)).toEqual({ choices: ['Yes', 'No'] });
    const fromChoices = await newField(step.id, {
      field_type: 'select',
      options: '{}',
      choices: [' Small ', 'Medium', 'Large'],
    });
    expect(fromChoices).toMatchObject({ choices: ['Small', 'Medium', 'Large'] });
    expect(JSON.parse(fromChoices.options)).toEqual({ choices: ['Small', 'Medium', 'Large'] });
    // Options as an object work too; choices merge into the other options.
    const merged = await newField(step.id, {
      field_type: 'select',
      options: { placeholder: 'Pick one' },
      choices: ['A', 'B'],
    });
    expect(JSON.parse(merged.options)).toEqual({ placeholder: 'Pick one', choices: ['A', 'B'] });
    // Changing only the choices keeps the rest of the options.
    const changed = await api.patch(`/flow_field/v1/${merged.id}`, { choices: ['C'] }, { token });
    expect(JSON.parse(changed.body.options)).toEqual({ placeholder: 'Pick one', choices: ['C'] });
    expect(changed.body.choices).toEqual(['C']);
    // Blank or repeated choices and options that are not a JSON object are refused.
    for (const [body, message] of [
      [{ choices: ['A', ' '] }, M.flows.choiceBlank],
      [{ choices: ['A', 'a'] }, M.flows.choicesDuplicate],
      [{ options: 'not json' }, M.flows.optionsInvalid],
      [{ options: '[1,2]' }, M.flows.optionsInvalid],
    ] as const) {
      const res = await api.post(
        '/flow_field/v1/',
        { flow_step: step.id, field_label: 'Bad', field_type: 'select', ...body },
        { token },
      );
      expect(res, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
  });

  it('GET /flow_field/v1/?flow_step_id= answers the step’s fields in display order', async () => {
    const own = await newStep(flow.id);
    const c = await newField(own.id, { field_label: 'C', order: 2 });
    const a = await newField(own.id, { field_label: 'A', order: 0 });
    const b = await newField(own.id, { field_label: 'B', order: 1 });
    const res = await api.get(`/flow_field/v1/?flow_step_id=${own.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.map((f: { id: number }) => f.id)).toEqual([a.id, b.id, c.id]);
    for (const f of res.body) expect(sorted(Object.keys(f))).toEqual(sorted(FIELD_KEYS));
    expect((await api.get(`/flow_field/v1/?flow_step_id=${(await newStep(flow.id)).id}`, { token })).body).toEqual([]);
    expect(await trpc.flowFields.list.query({ flowStepId: own.id })).toHaveLength(3);
  });

  it('PATCH /flow_field/v1/{id} changes one property at a time, as the spec sends them; the others stay', async () => {
    const field = await newField(step.id, {
      field_label: 'Website',
      field_type: 'text',
      is_required: false,
      help_text: 'Your URL',
      order: 1,
    });
    const base = {
      id: field.id,
      field_label: 'Website',
      field_type: 'text',
      is_required: false,
      help_text: 'Your URL',
      order: 1,
      options: '{}',
    };
    const edits: [Record<string, unknown>, Record<string, unknown>][] = [
      [{ field_label: ' Web address ' }, { field_label: 'Web address' }],
      [{ field_type: 'textarea' }, { field_type: 'textarea' }],
      [{ order: 4 }, { order: 4 }],
      [{ is_required: true }, { is_required: true }],
      [{ help_text: 'Starts with https://' }, { help_text: 'Starts with https://' }],
      [{ help_text: '' }, { help_text: null }],
    ];
    let expected = { ...base };
    for (const [patch, change] of edits) {
      const res = await api.patch(`/flow_field/v1/${field.id}`, { id: field.id, ...patch }, { token });
      expect(res.status, JSON.stringify(patch)).toBe(200);
      expected = { ...expected, ...change };
      expect(res.body, JSON.stringify(patch)).toMatchObject(expected);
    }
    expect(await app.database.db.flowField.findUniqueOrThrow({ where: { id: field.id } })).toMatchObject({
      fieldLabel: 'Web address',
      fieldType: 'textarea',
      order: 4,
      isRequired: true,
      helpText: null,
    });
  });

  it('DELETE /flow_field/v1/{id} removes the field', async () => {
    const field = await newField(step.id);
    expect(await del(`/flow_field/v1/${field.id}`)).toMatchObject({ status: 200, body: { id: field.id } });
    expect(await app.database.db.flowField.findUnique({ where: { id: field.id } })).toBeNull();
    expect(await del(`/flow_field/v1/${field.id}`)).toMatchObject({
      status: 404,
      body: { message: M.flows.fieldNotFound },
    });
  });
});

describe('validation (§5, §8): 400 with the spec’s messages', () => {
  it("a missing, empty or whitespace-only name or description: 'Please fill in all required fields'", async () => {
    const payload = { name: 'Ok', description: 'Ok', workflow_type: 'onboard', company_id: 0 };
    for (const change of [
      { name: '' },
      { name: '   ' },
      { name: '\n\t' },
      { name: undefined },
      { description: '  ' },
      { description: undefined },
      { name: null },
    ]) {
      const res = await api.post('/flows/v1/', { ...payload, ...change }, { token });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body.message, JSON.stringify(change)).toBe(M.flows.requiredFields);
      expect(M.flows.requiredFields).toBe('Please fill in all required fields');
    }
    const flow = await newFlow();
    for (const change of [{ name: '  ' }, { description: '' }]) {
      expect(await api.patch(`/flows/v1/${flow.id}`, change, { token })).toMatchObject({
        status: 400,
        body: { message: M.flows.requiredFields },
      });
    }
    expect((await api.get(`/flows/v1/?flow_uid=${flow.flow_uid}`, { token })).body).toMatchObject({
      name: flow.name,
      description: 'A flow',
    });
  });

  it('an unknown workflow_type or field_type', async () => {
    for (const workflow_type of ['onboarding', '', undefined, 'ONBOARD']) {
      const res = await api.post('/flows/v1/', { name: 'X', description: 'Y', workflow_type }, { token });
      expect(res.status, String(workflow_type)).toBe(400);
      expect(res.body.message).toBe(M.flows.typeInvalid);
    }
    const step = await newStep((await newFlow()).id);
    for (const field_type of ['radio', '', undefined]) {
      const res = await api.post(
        '/flow_field/v1/',
        { flow_step: step.id, field_label: 'X', field_type, order: 0 },
        { token },
      );
      expect(res.status, String(field_type)).toBe(400);
      expect(res.body.message).toBe(M.flows.fieldTypeInvalid);
    }
    const field = await newField(step.id);
    expect(await api.patch(`/flow_field/v1/${field.id}`, { field_type: 'radio' }, { token })).toMatchObject({
      status: 400,
      body: { message: M.flows.fieldTypeInvalid },
    });
  });

  it("a blank field label, or no step: 'Please fill in the field label'", async () => {
    const step = await newStep((await newFlow()).id);
    for (const body of [
      { field_label: '' },
      { field_label: '   ' },
      { field_label: undefined },
      { flow_step: undefined },
    ]) {
      const res = await api.post(
        '/flow_field/v1/',
        { flow_step: step.id, field_label: 'X', field_type: 'text', ...body },
        { token },
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('Please fill in the field label');
    }
    const field = await newField(step.id, { field_label: 'Kept' });
    expect(await api.patch(`/flow_field/v1/${field.id}`, { field_label: ' ' }, { token })).toMatchObject({
      status: 400,
      body: { message: M.flows.fieldLabelRequired },
    });
    expect((await app.database.db.flowField.findUniqueOrThrow({ where: { id: field.id } })).fieldLabel).toBe('Kept');
    expect(await app.database.db.flowField.count({ where: { flowStepId: step.id } })).toBe(1);
  });

  it('order: a negative one is refused; a non-numeric one becomes 0 (§5); numeric text and fractions are taken as integers', async () => {
    const step = await newStep((await newFlow()).id);
    for (const order of [-1, '-3']) {
      const res = await api.post(
        '/flow_field/v1/',
        { flow_step: step.id, field_label: 'X', field_type: 'text', order },
        { token },
      );
      expect(res, String(order)).toMatchObject({ status: 400, body: { message: M.flows.orderNegative } });
    }
    for (const order of ['abc', '', null, undefined, {}])
      expect((await newField(step.id, { order })).order, JSON.stringify(order)).toBe(0);
    expect((await newField(step.id, { order: '7' })).order).toBe(7);
    expect((await newField(step.id, { order: 2.9 })).order).toBe(2);
    const field = await newField(step.id, { order: 5 });
    expect(await api.patch(`/flow_field/v1/${field.id}`, { order: -2 }, { token })).toMatchObject({
      status: 400,
      body: { message: M.flows.orderNegative },
    });
    expect((await api.patch(`/flow_field/v1/${field.id}`, { order: 'x' }, { token })).body.order).toBe(0);
  });

  it('a step order below 1', async () => {
    const flow = await newFlow();
    for (const step_order of [0, -1, 'x']) {
      const res = await api.post('/flow_step/v1/', { flow_id: flow.id, step_order }, { token });
      expect(res, String(step_order)).toMatchObject({ status: 400, body: { message: M.flows.stepOrderInvalid } });
    }
    expect(await app.database.db.flowStep.count({ where: { flowId: flow.id } })).toBe(0);
  });
});

describe('another agency’s flows, steps, fields and companies answer 404 and stay as they were', () => {
  const foreignFlow = () => app.database.db.flow.findUniqueOrThrow({ where: { id: other.rows.flow[0] } });
  const foreignStep = () => app.database.db.flowStep.findUniqueOrThrow({ where: { id: other.rows.flowStep[0] } });
  const foreignField = () => app.database.db.flowField.findUniqueOrThrow({ where: { id: other.rows.flowField[0] } });
  const foreignCounts = async () => ({
    flows: await app.database.db.flow.count({ where: { businessId: other.businessId } }),
    steps: await app.database.db.flowStep.count({ where: { businessId: other.businessId } }),
    fields: await app.database.db.flowField.count({ where: { businessId: other.businessId } }),
  });
  const expect404 = (res: { status: number; body: any }, message: string, what: string) => {
    expect(res.status, what).toBe(404);
    expect(res.body, what).toEqual({ message, code: 'NOT_FOUND', requestId: expect.any(String) });
  };

  it('flows: read by id and by flow_uid, list, update, delete, duplicate', async () => {
    const [flow, counts] = [await foreignFlow(), await foreignCounts()];
    for (const url of [`/flows/v1/${flow.id}`, `/api/flows/${flow.id}`, `/flows/v1/?flow_uid=${flow.flowUid}`])
      expect404(await api.get(url, { token }), M.flows.notFound, url);
    expect(await trpc.flows.get.query({ flowUid: flow.flowUid }).catch(trpcCode)).toBe('NOT_FOUND');
    expect((await api.get('/flows/v1/?limit=100', { token })).body.map((f: { id: number }) => f.id)).not.toContain(
      flow.id,
    );
    expect((await trpc.flows.list.query({ search: 'Foreign Foundry', limit: 100 })).items).toEqual([]);
    expect404(
      await api.patch(`/flows/v1/${flow.id}`, { name: 'Taken over', is_active: false }, { token }),
      M.flows.notFound,
      'update',
    );
    expect404(await del(`/flows/v1/${flow.id}`), M.flows.notFound, 'delete');
    expect404(await api.post(`/flows/v1/${flow.id}/duplicate`, {}, { token }), M.flows.notFound, 'duplicate');
    expect(await trpc.flows.publishPreview.query({ id: flow.id }).catch(trpcCode)).toBe('NOT_FOUND');
    expect(await trpc.flows.unpublish.mutate({ id: flow.id }).catch(trpcCode)).toBe('NOT_FOUND');
    await app.database.db.flow.update({ where: { id: flow.id }, data: { isActive: false } });
    expect(await trpc.flows.publish.mutate({ id: flow.id }).catch(trpcCode)).toBe('NOT_FOUND');
    await app.database.db.flow.update({
      where: { id: flow.id },
      data: { isActive: flow.isActive, updatedAt: flow.updatedAt },
    });
    expect(await foreignFlow()).toEqual(flow);
    expect(await foreignCounts()).toEqual(counts);
    expect(await app.database.db.flow.count({ where: { businessId, name: { contains: 'Foreign Foundry' } } })).toBe(0);
  });

  it('companies: another agency’s company on create, update and as the list filter', async () => {
    const foreignCompany = other.companies[0].id;
    const name = unique('Sneaky');
    expect404(
      await api.post(
        '/flows/v1/',
        { name, description: 'x', workflow_type: 'onboard', company_id: foreignCompany },
        { token },
      ),
      M.flows.companyNotFound,
      'create',
    );
    expect(await app.database.db.flow.count({ where: { name } })).toBe(0);
    const mine = await newFlow({ company_id: acme.id });
    expect404(
      await api.patch(`/flows/v1/${mine.id}`, { company_id: foreignCompany, name: 'Moved' }, { token }),
      M.flows.companyNotFound,
      'update',
    );
    expect(await app.database.db.flow.findUniqueOrThrow({ where: { id: mine.id } })).toMatchObject({
      companyId: acme.id,
      name: mine.name,
    });
    expect404(
      await api.get(`/flows/v1/?company_id=${foreignCompany}`, { token }),
      M.flows.companyNotFound,
      'list filter',
    );
  });

  it('steps: create in a foreign flow, save, delete, and reorder a foreign flow or with a foreign step inside', async () => {
    const [flow, step, counts] = [await foreignFlow(), await foreignStep(), await foreignCounts()];
    expect404(
      await api.post('/flow_step/v1/', { flow_id: flow.id, step_title: 'Injected', content: 'x' }, { token }),
      M.flows.notFound,
      'create',
    );
    expect404(
      await api.patch(`/flow_step/v1/${step.id}`, { step_title: 'Taken over', content: 'x' }, { token }),
      M.flows.stepNotFound,
      'update',
    );
    expect404(await del(`/flow_step/v1/${step.id}`), M.flows.stepNotFound, 'delete');
    expect404(
      await api.post('/flow_step/v1/reorder', { flow_id: flow.id, step_ids: [step.id] }, { token }),
      M.flows.notFound,
      'reorder a foreign flow',
    );
    // A foreign step inside the reorder of an own flow.
    const mine = await newFlow();
    const [a, b] = [await newStep(mine.id), await newStep(mine.id)];
    const before = await stepOrders(mine.id);
    for (const stepIds of [
      [b.id, a.id, step.id],
      [b.id, step.id],
    ]) {
      expect404(
        await api.post('/flow_step/v1/reorder', { flow_id: mine.id, step_ids: stepIds }, { token }),
        M.flows.stepNotFound,
        `reorder ${stepIds}`,
      );
    }
    expect(await stepOrders(mine.id)).toEqual(before);
    expect(await foreignStep()).toEqual(step);
    expect(await foreignFlow()).toEqual(flow);
    expect(await foreignCounts()).toEqual(counts);
  });

  it('fields: list a foreign step, create in it, update and delete a foreign field', async () => {
    const [step, field, counts] = [await foreignStep(), await foreignField(), await foreignCounts()];
    expect404(await api.get(`/flow_field/v1/?flow_step_id=${step.id}`, { token }), M.flows.stepNotFound, 'list');
    for (const key of ['flow_step', 'flow_step_id']) {
      expect404(
        await api.post(
          '/flow_field/v1/',
          { [key]: step.id, field_label: 'Injected', field_type: 'text', options: '{}', order: 0 },
          { token },
        ),
        M.flows.stepNotFound,
        `create (${key})`,
      );
    }
    for (const patch of [
      { field_label: 'Taken over' },
      { field_type: 'file' },
      { order: 9 },
      { is_required: true },
      { help_text: 'x' },
      { choices: ['x'] },
    ]) {
      expect404(
        await api.patch(`/flow_field/v1/${field.id}`, patch, { token }),
        M.flows.fieldNotFound,
        `update ${JSON.stringify(patch)}`,
      );
    }
    expect404(await del(`/flow_field/v1/${field.id}`), M.flows.fieldNotFound, 'delete');
    expect(await foreignField()).toEqual(field);
    expect(await foreignCounts()).toEqual(counts);
  });

  it('the other agency still sees its own flow whole', async () => {
    const theirs = client(app.baseUrl);
    const flow = await foreignFlow();
    const res = await theirs.get(`/flows/v1/?flow_uid=${flow.flowUid}`, { token: other.token });
    expect(res.status).toBe(200);
    expect(res.body.steps_of_flow.map((s: { id: number }) => s.id)).toEqual([other.rows.flowStep[0]]);
    expect(res.body.steps_of_flow[0].fields_of_flow_step.map((f: { id: number }) => f.id)).toEqual([
      other.rows.flowField[0],
    ]);
  });
});

/**
 * Issue 27: flows are drafts until published. A flow reaches clients only while published and with a step (the
 * portal's rule, server/portal/visibility.ts); Publish refuses a flow without steps and says who will be asked.
 */
describe('publishing: a flow is a draft until staff publish it', () => {
  let pub: Agency;
  let staff: TrpcClient;
  let portal: TrpcClient;
  let companyId: number;

  beforeAll(async () => {
    pub = await createAgency(app, ['Publish Press', 'Quiet Quarry']);
    staff = trpcClient(app.baseUrl, { token: pub.token });
    portal = trpcClient(app.baseUrl, { token: pub.portal.token });
    companyId = pub.portal.companyId;
  });

  const portalNames = async () => (await portal.portalFlows.list.query()).map((f) => f.name);
  const portalGet = (flowUid: string) => portal.portalFlows.get.query({ flowUid }).then(() => 'SHOWN', trpcCode);
  const entries = (flowId: number) =>
    app.database.db.activity.findMany({
      where: { businessId: pub.businessId, entityType: 'flow', entityId: flowId },
      orderBy: { id: 'asc' },
      select: { action: true, clientVisible: true },
    });
  /** Runs this agency's notification jobs (only its own: test files share the database), then its client e-mails. */
  const clientMails = async () => {
    await new JobRunner(
      { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
      notificationHandlers,
      { pollMs: 0, log: () => {}, businessIds: [pub.businessId] },
    ).drain();
    const jobs = await app.database.db.job.findMany({
      where: { businessId: pub.businessId, kind: 'email' },
      orderBy: { id: 'asc' },
      select: { payload: true },
    });
    return jobs
      .map((j) => JSON.parse(j.payload) as { to: string; subject: string })
      .filter((mail) => mail.to === pub.portal.email);
  };
  const hubFlow = async (name: string, company: number | null = companyId) => {
    const flow = await staff.flows.create.mutate({
      name: unique(name),
      description: 'Made in the hub',
      workflowType: 'onboard',
      companyId: company,
    });
    return flow;
  };

  it('a flow created in the hub is a draft: the client neither sees it (even with a step) nor gets an e-mail', async () => {
    const mailsBefore = (await clientMails()).length;
    const flow = await hubFlow('Draft welcome');
    expect(flow).toMatchObject({ isActive: false, stepCount: 0 });
    await staff.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'Hello' });
    expect(await portalNames()).not.toContain(flow.name);
    expect(await portalGet(flow.flowUid)).toBe('NOT_FOUND');
    expect(await clientMails()).toHaveLength(mailsBefore);
    expect((await entries(flow.id)).filter((e) => e.clientVisible || e.action === 'published')).toEqual([]);
  });

  it('publish refuses a flow without steps with a sentence, and changes nothing', async () => {
    const flow = await hubFlow('Empty');
    const refused = await staff.flows.publish.mutate({ id: flow.id }).catch((e: Error) => e);
    expect(refusal(refused)).toEqual({ code: 'BAD_REQUEST', httpStatus: 400 });
    expect((refused as Error).message).toBe(M.flows.publishNeedsStep);
    expect(
      await app.database.db.flow.findUniqueOrThrow({ where: { id: flow.id }, select: { isActive: true } }),
    ).toEqual({ isActive: false });
    expect((await entries(flow.id)).map((e) => e.action)).toEqual(['created']);
  });

  it('publishPreview names who will be asked: the portal contacts of the company, or every client for a flow for all companies', async () => {
    const db = app.database.db;
    for (const [firstName, portalAccess] of [
      ['Avery', true],
      ['Blake', false],
    ] as const) {
      await db.contact.create({
        data: {
          businessId: pub.businessId,
          companyId,
          firstName,
          lastName: 'Press',
          email: `${firstName.toLowerCase()}-${Date.now().toString(36)}@press.test`,
          portalAccess,
        },
      });
    }
    const flow = await hubFlow('Preview');
    expect(await staff.flows.publishPreview.query({ id: flow.id })).toEqual({
      id: flow.id,
      isActive: false,
      stepCount: 0,
      company: { id: companyId, name: 'Publish Press' },
      contactCount: 2,
      firstNames: ['Avery', 'Casey'],
    });
    // The other company has nobody with portal access; a flow for all companies reaches both companies' clients.
    expect(
      await staff.flows.publishPreview.query({ id: (await hubFlow('Quiet', pub.companies[1].id)).id }),
    ).toMatchObject({ contactCount: 0, firstNames: [] });
    await db.contact.update({ where: { id: pub.rows.contact[1] }, data: { portalAccess: true } });
    const all = await staff.flows.publishPreview.query({ id: (await hubFlow('Everyone', null)).id });
    expect(all).toMatchObject({ company: null, contactCount: 3, firstNames: ['Avery', 'Casey', 'Casey'] });
  });

  it('publish with a step shows the flow to the client, records one client-visible "published" entry; again changes nothing', async () => {
    const flow = await hubFlow('Onboarding');
    await staff.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'Welcome' });
    expect(await portalGet(flow.flowUid)).toBe('NOT_FOUND');
    const mailsBefore = (await clientMails()).length;
    expect(await staff.flows.publish.mutate({ id: flow.id })).toMatchObject({
      id: flow.id,
      isActive: true,
      stepCount: 1,
    });
    expect(await portalNames()).toContain(flow.name);
    expect(await portalGet(flow.flowUid)).toBe('SHOWN');
    await staff.flows.publish.mutate({ id: flow.id });
    expect((await entries(flow.id)).filter((e) => e.action === 'published')).toEqual([
      { action: 'published', clientVisible: true },
    ]);
    // Only now is the client asked, once (the e-mail itself is server/notifications' business).
    const mails = (await clientMails()).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(M.notifications.portalFlowSubject(pub.name, flow.name));
  });

  it('unpublish hides the flow again and keeps the client’s submission; publishing again brings their answers back', async () => {
    const flow = await hubFlow('Intake');
    const step = await staff.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'About you' });
    await staff.flows.publish.mutate({ id: flow.id });
    await portal.portalFlows.saveStep.mutate({ flowId: flow.id, stepId: step.id, answers: [] });
    expect(await staff.flows.unpublish.mutate({ id: flow.id })).toMatchObject({ isActive: false });
    expect(await portalNames()).not.toContain(flow.name);
    expect(await portalGet(flow.flowUid)).toBe('NOT_FOUND');
    expect(
      await portal.portalFlows.saveStep.mutate({ flowId: flow.id, stepId: step.id, answers: [] }).catch(trpcCode),
    ).toBe('NOT_FOUND');
    expect(await portal.portalFlows.submit.mutate({ flowId: flow.id }).catch(trpcCode)).toBe('NOT_FOUND');
    // The submission stays, for staff and for the client once it is published again.
    expect((await staff.flows.submissions.query({ flowId: flow.id })).total).toBe(1);
    expect((await entries(flow.id)).filter((e) => e.action === 'unpublished')).toEqual([
      { action: 'unpublished', clientVisible: false },
    ]);
    await staff.flows.unpublish.mutate({ id: flow.id });
    expect((await entries(flow.id)).filter((e) => e.action === 'unpublished')).toHaveLength(1);
    await staff.flows.publish.mutate({ id: flow.id });
    expect((await portal.portalFlows.get.query({ flowUid: flow.flowUid })).state.status).toBe('in_progress');
  });

  it('an API create with is_active true but no step is invisible to the client; its first step publishes it, deleting it hides it', async () => {
    const res = await api.post(
      '/flows/v1/',
      {
        name: unique('Api flow'),
        description: 'From a script',
        workflow_type: 'inform',
        company_id: companyId,
        is_active: true,
      },
      { token: pub.token },
    );
    expect(res.body).toMatchObject({ is_active: true, step_count: 0 });
    expect(await portalNames()).not.toContain(res.body.name);
    expect(await portalGet(res.body.flow_uid)).toBe('NOT_FOUND');
    expect((await entries(res.body.id)).map((e) => e.action)).toEqual(['created']);
    const step = await api.post(
      '/flow_step/v1/',
      { flow_id: res.body.id, step_title: 'Read me' },
      { token: pub.token },
    );
    expect(await portalGet(res.body.flow_uid)).toBe('SHOWN');
    expect((await entries(res.body.id)).filter((e) => e.action === 'published')).toEqual([
      { action: 'published', clientVisible: true },
    ]);
    expect((await api.call('DELETE', `/flow_step/v1/${step.body.id}`, { token: pub.token })).status).toBe(200);
    expect(await portalGet(res.body.flow_uid)).toBe('NOT_FOUND');
    expect((await entries(res.body.id)).map((e) => e.action).slice(-1)).toEqual(['unpublished']);
  });

  it('PATCH is_active publishes and unpublishes like the buttons (entries "published" / "unpublished", not an edit)', async () => {
    const flow = await hubFlow('Patched');
    await staff.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'One' });
    expect((await api.patch(`/flows/v1/${flow.id}`, { is_active: true }, { token: pub.token })).body.is_active).toBe(
      true,
    );
    expect(await portalGet(flow.flowUid)).toBe('SHOWN');
    expect((await api.patch(`/flows/v1/${flow.id}`, { is_active: false }, { token: pub.token })).body.is_active).toBe(
      false,
    );
    expect(await portalGet(flow.flowUid)).toBe('NOT_FOUND');
    expect((await entries(flow.id)).map((e) => e.action)).toEqual(['created', 'updated', 'published', 'unpublished']);
  });

  it('duplicating a published flow makes a draft the client does not see', async () => {
    const flow = await hubFlow('Source');
    await staff.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'One' });
    await staff.flows.publish.mutate({ id: flow.id });
    const copy = await staff.flows.duplicate.mutate({ id: flow.id });
    expect(copy).toMatchObject({ isActive: false, stepCount: 1 });
    expect(await portalGet(copy.flowUid)).toBe('NOT_FOUND');
    expect(await portalGet(flow.flowUid)).toBe('SHOWN');
  });
});

describe("the company page's Flows tab (flows.forCompany)", () => {
  it('lists the company’s flows and the all-companies flows live in its portal, each with this company’s progress', async () => {
    const tab = await createAgency(app, ['Tab Timber', 'Other Oak']);
    const staff = trpcClient(app.baseUrl, { token: tab.token });
    const db = app.database.db;
    const [own, otherCompany] = tab.companies;
    const liveForAll = await staff.flows.create.mutate({
      name: unique('Welcome everyone'),
      description: 'For every client',
      workflowType: 'inform',
      companyId: null,
    });
    await staff.flowSteps.create.mutate({ flowId: liveForAll.id, stepTitle: 'Hello' });
    await staff.flows.publish.mutate({ id: liveForAll.id });
    // Not live in any portal: a draft for all companies; and a flow of the other company.
    const draftForAll = await staff.flows.create.mutate({
      name: unique('Draft for all'),
      description: 'Not yet',
      workflowType: 'inform',
      companyId: null,
    });
    const colleague = await db.contact.create({
      data: {
        businessId: tab.businessId,
        companyId: own.id,
        firstName: 'Cole',
        lastName: 'League',
        email: 'cole@tab.test',
        portalAccess: true,
      },
    });
    const outsider = await db.contact.create({
      data: {
        businessId: tab.businessId,
        companyId: otherCompany.id,
        firstName: 'Oz',
        lastName: 'Out',
        email: 'oz@oak.test',
        portalAccess: true,
      },
    });
    // Submissions: the client completed it, a colleague is on step 2, the other company's contact completed it too.
    for (const [contactId, companyId, status] of [
      [tab.portal.contactId, own.id, 'completed'],
      [colleague.id, own.id, 'in_progress'],
      [outsider.id, otherCompany.id, 'completed'],
    ] as const)
      await db.flowSubmission.create({
        data: { businessId: tab.businessId, flowId: liveForAll.id, contactId, companyId, status, currentStep: 2 },
      });

    const page = await staff.flows.forCompany.query({ companyId: own.id });
    const ownFlows = await db.flow.findMany({
      where: { businessId: tab.businessId, companyId: own.id },
      select: { id: true },
    });
    expect(page.items.map((f) => f.id).sort((x, y) => x - y)).toEqual(
      [...ownFlows.map((f) => f.id), liveForAll.id].sort((x, y) => x - y),
    );
    expect(page.total).toBe(ownFlows.length + 1);
    expect(page.items.map((f) => f.id)).not.toContain(draftForAll.id);
    const forAll = page.items.find((f) => f.id === liveForAll.id)!;
    expect(forAll).toMatchObject({ companyId: null, companyOfFlow: null, isActive: true, stepCount: 1 });
    // Two contacts of this company with portal access (the fixture's client and the colleague); the outsider's
    // submission counts for their own company.
    expect(forAll.progress).toEqual({ started: 2, completed: 1, contacts: 2 });
    for (const flow of page.items.filter((f) => f.id !== liveForAll.id))
      expect(flow.progress).toEqual({ started: 0, completed: 0, contacts: 2 });
    const other = await staff.flows.forCompany.query({ companyId: otherCompany.id });
    expect(other.items.find((f) => f.id === liveForAll.id)?.progress).toMatchObject({ started: 1, completed: 1 });

    // Paged: newest first, the all-companies flow (the newest) on the first page of one.
    const first = await staff.flows.forCompany.query({ companyId: own.id, limit: 1 });
    expect(first.items.map((f) => f.id)).toEqual([liveForAll.id]);
    expect(first.nextCursor).toBe(liveForAll.id);
  });

  it('answers 404 for a company of another agency', async () => {
    expect(await trpc.flows.forCompany.query({ companyId: other.companies[0].id }).catch(trpcCode)).toBe('NOT_FOUND');
  });
});
