/**
 * Steps that mix text and form fields (issue 29): any step type may be added to any flow and starts in its shape
 * (content: markdown placeholder; information: plain text; form: fields); "Add text" gives a form step its text and
 * the first field gives a content step its form, both saved and shown together in the editor's read and the portal
 * (text above fields). The portal checks the fields of every step that shows them and lets a text-only step through
 * without answers. Flows made before keep their shape and their answers (the migration itself:
 * flow-steps-migration.test.ts), and
 * another agency's steps and fields answer 404 and stay as they were.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

const P = M.portalFlows;

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let portal: TrpcClient;
let api: ReturnType<typeof client>;

let n = 0;
const unique = (name: string) => `${name} ${Date.now().toString(36)}-${n++}`;

/** How a call was refused: code, HTTP status and message. */
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ ok: true }),
    (error: { message?: string }) => ({ ...refusal(error), message: error.message }),
  );

const newFlow = (workflowType: 'onboard' | 'collect' | 'inform', companyId: number | null = null) =>
  staff.flows.create.mutate({ name: unique('Flow'), description: 'Mixed steps', workflowType, companyId });

const stepOf = async (flowId: number, stepId: number) =>
  (await staff.flows.get.query({ id: flowId })).stepsOfFlow.find((s) => s.id === stepId)!;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  portal = trpcClient(app.baseUrl, { token: a.portal.token });
  api = client(app.baseUrl);
});
afterAll(() => app?.close());

describe('the editor: one step with text and form fields', () => {
  it('a form step starts with its fields only; "Add text" shows its text above them, and removing it keeps the text', async () => {
    const flow = await newFlow('collect');
    const step = await staff.flowSteps.create.mutate({ flowId: flow.id });
    expect(step).toMatchObject({ stepType: 'form', hasContent: false, hasFields: true, content: '' });
    const withText = await staff.flowSteps.update.mutate({ id: step.id, hasContent: true });
    expect(withText).toMatchObject({ stepType: 'form', hasContent: true, hasFields: true });
    await staff.flowSteps.update.mutate({ id: step.id, content: '## Welcome\n\nA few questions first.' });
    const field = await staff.flowFields.create.mutate({
      flowStepId: step.id,
      fieldLabel: 'Your name',
      fieldType: 'text',
      isRequired: true,
    });
    expect(await stepOf(flow.id, step.id)).toMatchObject({
      stepType: 'form',
      hasContent: true,
      hasFields: true,
      content: '## Welcome\n\nA few questions first.',
      fieldsOfFlowStep: [{ id: field.id, fieldLabel: 'Your name' }],
    });
    // The text goes from view, not from the database: adding it again brings it back.
    expect(await staff.flowSteps.update.mutate({ id: step.id, hasContent: false })).toMatchObject({
      hasContent: false,
      hasFields: true,
      content: '## Welcome\n\nA few questions first.',
    });
    expect(await refused(staff.flowSteps.update.mutate({ id: step.id, hasFields: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.flows.stepKeepsFields,
    });
  });

  it('a content step takes fields: the first one gives it a form, which goes only once its fields are deleted', async () => {
    const flow = await newFlow('onboard');
    const step = await staff.flowSteps.create.mutate({ flowId: flow.id });
    expect(step).toMatchObject({
      stepType: 'content',
      hasContent: true,
      hasFields: false,
      content: M.flows.onboardPlaceholder(1),
    });
    const field = await staff.flowFields.create.mutate({
      flowStepId: step.id,
      fieldLabel: 'Preferred start date',
      fieldType: 'date',
    });
    expect(await stepOf(flow.id, step.id)).toMatchObject({
      hasContent: true,
      hasFields: true,
      content: M.flows.onboardPlaceholder(1),
      fieldsOfFlowStep: [{ id: field.id }],
    });
    expect(await refused(staff.flowSteps.update.mutate({ id: step.id, hasFields: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.flows.removeFieldsFirst,
    });
    expect(await refused(staff.flowSteps.update.mutate({ id: step.id, hasContent: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: M.flows.stepKeepsContent,
    });
    await staff.flowFields.remove.mutate({ id: field.id });
    expect(await staff.flowSteps.update.mutate({ id: step.id, hasFields: false })).toMatchObject({
      hasContent: true,
      hasFields: false,
      fieldsOfFlowStep: [],
    });
  });

  it('POST /flow_step/v1/ adds any step type to any flow (default: the flow type’s); PATCH takes has_content and has_fields', async () => {
    const flow = await newFlow('collect');
    const post = (body: Record<string, unknown>) =>
      api.post('/flow_step/v1/', { flow_id: flow.id, ...body }, { token: a.token });
    const form = await post({});
    expect(form).toMatchObject({ status: 201, body: { step_type: 'form', has_content: false, has_fields: true } });
    const content = await post({ step_type: 'content' });
    expect(content.body).toMatchObject({
      step_type: 'content',
      has_content: true,
      has_fields: false,
      content: M.flows.onboardPlaceholder(2),
    });
    const information = await post({ step_type: 'information', content: 'Office hours: 9–5' });
    expect(information.body).toMatchObject({
      step_type: 'information',
      has_content: true,
      content: 'Office hours: 9–5',
    });
    expect(await post({ step_type: 'banner' })).toMatchObject({
      status: 400,
      body: { message: M.flows.stepTypeInvalid },
    });
    const patched = await api.patch(
      `/flow_step/v1/${form.body.id}`,
      { has_content: true, content: 'Read this first' },
      { token: a.token },
    );
    expect(patched).toMatchObject({
      status: 200,
      body: { has_content: true, has_fields: true, content: 'Read this first' },
    });
    expect((await app.database.db.flowStep.count({ where: { flowId: flow.id } })).valueOf()).toBe(3);
  });

  it('a duplicate keeps every step’s type and blocks', async () => {
    const flow = await newFlow('collect');
    const form = await staff.flowSteps.create.mutate({ flowId: flow.id });
    await staff.flowSteps.update.mutate({ id: form.id, hasContent: true, content: 'Hello' });
    const info = await staff.flowSteps.create.mutate({ flowId: flow.id, stepType: 'information', content: 'Bye' });
    await staff.flowFields.create.mutate({ flowStepId: info.id, fieldLabel: 'Rating', fieldType: 'text' });
    const copy = await staff.flows.duplicate.mutate({ id: flow.id });
    const steps = (await staff.flows.get.query({ id: copy.id })).stepsOfFlow;
    expect(steps.map((s) => [s.stepType, s.hasContent, s.hasFields, s.content, s.fieldsOfFlowStep.length])).toEqual([
      ['form', true, true, 'Hello', 0],
      ['information', true, true, 'Bye', 1],
    ]);
  });
});

describe('the portal: a step with welcome text and a form', () => {
  let flowUid: string;
  let flowId: number;
  let mixed: number;
  let textOnly: number;
  let fields: { name: number; notes: number };

  beforeAll(async () => {
    const flow = await newFlow('collect', a.portal.companyId);
    ({ flowUid, id: flowId } = flow);
    const step = await staff.flowSteps.create.mutate({ flowId, stepTitle: 'Welcome + form' });
    mixed = step.id;
    await staff.flowSteps.update.mutate({ id: mixed, hasContent: true, content: '## Welcome\n\nTell us who you are.' });
    const name = await staff.flowFields.create.mutate({
      flowStepId: mixed,
      fieldLabel: 'Your name',
      fieldType: 'text',
      isRequired: true,
    });
    const notes = await staff.flowFields.create.mutate({
      flowStepId: mixed,
      fieldLabel: 'Notes',
      fieldType: 'textarea',
      order: 1,
    });
    fields = { name: name.id, notes: notes.id };
    textOnly = (await staff.flowSteps.create.mutate({ flowId, stepType: 'content', content: 'Thanks, we are on it.' }))
      .id;
    await staff.flows.update.mutate({ id: flowId, isActive: true });
  });

  it('shows the text and the fields of the same step, and a text-only step without fields', async () => {
    const flow = await portal.portalFlows.get.query({ flowUid });
    expect(flow.steps).toMatchObject([
      {
        id: mixed,
        stepType: 'form',
        content: '## Welcome\n\nTell us who you are.',
        fields: [{ id: fields.name, isRequired: true }, { id: fields.notes }],
      },
      { id: textOnly, stepType: 'content', content: 'Thanks, we are on it.', fields: [] },
    ]);
  });

  it('enforces the required field of the mixed step, and saves nothing then', async () => {
    const save = (value: string) =>
      portal.portalFlows.saveStep.mutate({ flowId, stepId: mixed, answers: [{ field: fields.name, value }] });
    expect(await refused(save('  '))).toMatchObject({ code: 'BAD_REQUEST', message: P.required('Your name') });
    expect(await refused(portal.portalFlows.submit.mutate({ flowId }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.missingField('Your name'),
    });
    expect((await portal.portalFlows.get.query({ flowUid })).state.status).toBe('not_started');
  });

  it('saves the mixed step, lets the text-only step through without answers, and submits', async () => {
    const saved = await portal.portalFlows.saveStep.mutate({
      flowId,
      stepId: mixed,
      answers: [
        { field: fields.name, value: 'Ada Lovelace' },
        { field: fields.notes, value: 'Mornings are best.' },
      ],
    });
    expect(saved.state).toMatchObject({ status: 'in_progress', currentStep: 2, stepCount: 2 });
    const read = await portal.portalFlows.saveStep.mutate({ flowId, stepId: textOnly, answers: [] });
    expect(read.state).toMatchObject({ status: 'in_progress', currentStep: 2 });
    const done = await portal.portalFlows.submit.mutate({ flowId });
    expect(done.state.status).toBe('completed');
    expect(done.answers.map((x) => [x.fieldId, x.value])).toEqual(
      expect.arrayContaining([
        [fields.name, 'Ada Lovelace'],
        [fields.notes, 'Mornings are best.'],
      ]),
    );
    const submissions = await staff.flows.submissions.query({ flowId });
    expect(submissions.items[0]).toMatchObject({ status: 'completed', currentStep: 2, stepCount: 2 });
    expect(submissions.items[0].answers.map((x) => x.stepTitle)).toEqual(['Welcome + form', 'Welcome + form']);
  });

  it('an answer to a field of a text-only step is refused: a step shows only the blocks it has', async () => {
    // The fixture's onboard flow has a field on its content step from before issue 29: hidden then, hidden now.
    const legacy = await app.database.db.flow.findUniqueOrThrow({ where: { id: a.rows.flow[0] } });
    const flow = await portal.portalFlows.get.query({ flowUid: legacy.flowUid });
    expect(flow.steps[0].fields).toEqual([]);
    expect(
      await refused(
        portal.portalFlows.saveStep.mutate({
          flowId: legacy.id,
          stepId: a.rows.flowStep[0],
          answers: [{ field: a.rows.flowField[0], value: 'Grow' }],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: P.fieldNotInStep });
  });
});

describe('flows made before issue 29 keep their shape and their answers', () => {
  it('a collect flow answered before keeps its fields and answers, also once its step gets text', async () => {
    const db = app.database.db;
    const businessId = a.businessId;
    // Rows as the app wrote them before: no step type, nothing added (the migration's defaults).
    const flow = await db.flow.create({
      data: {
        businessId,
        companyId: a.portal.companyId,
        name: unique('Old intake'),
        description: 'Before',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      data: { businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Questions', content: 'hidden note' },
    });
    const field = await db.flowField.create({
      data: { businessId, flowStepId: step.id, fieldLabel: 'Budget', fieldType: 'text', isRequired: true },
    });
    await portal.portalFlows.saveStep.mutate({
      flowId: flow.id,
      stepId: step.id,
      answers: [{ field: field.id, value: '10k' }],
    });
    await portal.portalFlows.submit.mutate({ flowId: flow.id });

    const before = await portal.portalFlows.get.query({ flowUid: flow.flowUid });
    // A collect step showed its fields and never its text: still so.
    expect(before.steps[0]).toMatchObject({ stepType: 'form', content: '', fields: [{ id: field.id }] });
    expect(before.answers).toEqual([{ fieldId: field.id, value: '10k', file: null }]);
    expect(await stepOf(flow.id, step.id)).toMatchObject({ stepType: 'form', hasContent: false, hasFields: true });

    await staff.flowSteps.update.mutate({ id: step.id, hasContent: true, content: 'Welcome back' });
    const after = await portal.portalFlows.get.query({ flowUid: flow.flowUid });
    expect(after.state).toEqual(before.state);
    expect(after.answers).toEqual(before.answers);
    expect(after.steps[0]).toMatchObject({ content: 'Welcome back', fields: [{ id: field.id }] });
    expect((await staff.flows.submissions.query({ flowId: flow.id })).items[0].answers).toMatchObject([
      { fieldId: field.id, value: '10k' },
    ]);
  });
});

describe('another agency’s steps and fields answer 404 and stay as they were', () => {
  it('adding or removing text or a form, a typed step in its flow, a field on its step', async () => {
    const db = app.database.db;
    const [stepId, flowId] = [b.rows.flowStep[0], b.rows.flow[0]];
    const before = {
      step: await db.flowStep.findUniqueOrThrow({ where: { id: stepId } }),
      steps: await db.flowStep.count({ where: { businessId: b.businessId } }),
      fields: await db.flowField.count({ where: { businessId: b.businessId } }),
    };
    for (const change of [{ hasContent: true }, { hasFields: true }, { hasFields: false }]) {
      expect(await refused(staff.flowSteps.update.mutate({ id: stepId, ...change }))).toMatchObject({
        code: 'NOT_FOUND',
        message: M.flows.stepNotFound,
      });
    }
    expect(await api.patch(`/flow_step/v1/${stepId}`, { has_content: true }, { token: a.token })).toMatchObject({
      status: 404,
      body: { message: M.flows.stepNotFound },
    });
    expect(await refused(staff.flowSteps.create.mutate({ flowId, stepType: 'form' }))).toMatchObject({
      code: 'NOT_FOUND',
      message: M.flows.notFound,
    });
    expect(
      await refused(staff.flowFields.create.mutate({ flowStepId: stepId, fieldLabel: 'Injected', fieldType: 'text' })),
    ).toMatchObject({ code: 'NOT_FOUND', message: M.flows.stepNotFound });
    expect(await db.flowStep.findUniqueOrThrow({ where: { id: stepId } })).toEqual(before.step);
    expect(await db.flowStep.count({ where: { businessId: b.businessId } })).toBe(before.steps);
    expect(await db.flowField.count({ where: { businessId: b.businessId } })).toBe(before.fields);
  });
});
