/**
 * Flows in the client portal: which flows a contact sees (their company's and the all-companies ones, active only),
 * saving a step (server-side checks of every field: required, option not in the list, date, text length; progress
 * kept and resumed), file answers through POST /api/portal/flows/upload (413 over the limit; the file becomes a
 * Document of the contact's company), submitting, the staff's view of submissions, and NOT_FOUND for another
 * company's or another agency's flow on every procedure and on the upload route.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { twoAgencies, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

const MAX_UPLOAD = 4096;
const P = M.portalFlows;

let app: TestApp;
let a: Agency;
let b: Agency;
let portal: TrpcClient;
let staff: TrpcClient;

type FlowIds = { id: number; flowUid: string; steps: number[]; fields: Record<string, number> };
let collect: FlowIds;
let everyone: FlowIds;
let inactive: FlowIds;
let otherCompany: FlowIds;
let otherAgency: FlowIds;

async function makeFlow(
  agency: Agency,
  companyId: number | null,
  options: {
    name: string;
    type?: string;
    isActive?: boolean;
    steps: {
      title: string;
      content?: string;
      fields?: { label: string; type: string; required?: boolean; choices?: string[] }[];
    }[];
  },
): Promise<FlowIds> {
  const db = app.database.db;
  const flow = await db.flow.create({
    data: {
      businessId: agency.businessId,
      companyId,
      name: options.name,
      description: `About ${options.name}`,
      workflowType: options.type ?? 'collect',
      isActive: options.isActive ?? true,
    },
  });
  const ids: FlowIds = { id: flow.id, flowUid: flow.flowUid, steps: [], fields: {} };
  for (const [i, step] of options.steps.entries()) {
    const row = await db.flowStep.create({
      data: {
        businessId: agency.businessId,
        flowId: flow.id,
        stepOrder: i + 1,
        stepTitle: step.title,
        content: step.content ?? '',
      },
    });
    ids.steps.push(row.id);
    for (const [j, f] of (step.fields ?? []).entries()) {
      const field = await db.flowField.create({
        data: {
          businessId: agency.businessId,
          flowStepId: row.id,
          fieldLabel: f.label,
          fieldType: f.type,
          isRequired: f.required ?? false,
          options: JSON.stringify(f.choices ? { choices: f.choices } : {}),
          order: j,
        },
      });
      ids.fields[f.label] = field.id;
    }
  }
  return ids;
}

/** A multipart upload to the portal route, as the browser sends it. */
async function upload(
  fields: Record<string, string | number>,
  content: string | Buffer = 'logo bytes',
  token: string | null = a.portal.token,
  fileName = 'logo.png',
) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, String(value));
  form.append(
    'file',
    new Blob([typeof content === 'string' ? content : new Uint8Array(content)], { type: 'image/png' }),
    fileName,
  );
  const res = await fetch(`${app.baseUrl}/api/portal/flows/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** How a call was refused: code and message. */
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ ok: true }),
    (error: { message?: string }) => ({ ...refusal(error), message: error.message }),
  );

beforeAll(async () => {
  app = await startApp(undefined, { env: { MAX_UPLOAD_BYTES: String(MAX_UPLOAD) } });
  ({ a, b } = await twoAgencies(app));
  portal = trpcClient(app.baseUrl, { token: a.portal.token });
  staff = trpcClient(app.baseUrl, { token: a.token });
  const x = a.portal.companyId;
  collect = await makeFlow(a, x, {
    name: 'Brand intake',
    steps: [
      {
        title: 'About you',
        fields: [
          { label: 'Company name', type: 'text', required: true },
          { label: 'Team size', type: 'select', required: true, choices: ['1-10', '11-50', '51+'] },
          { label: 'Start date', type: 'date' },
          { label: 'Newsletter', type: 'checkbox' },
        ],
      },
      {
        title: 'Your assets',
        fields: [
          { label: 'Logo', type: 'file', required: true },
          { label: 'Notes', type: 'textarea' },
        ],
      },
    ],
  });
  everyone = await makeFlow(a, null, {
    name: 'Welcome to the agency',
    type: 'onboard',
    steps: [
      { title: 'Hello', content: '# Hi' },
      { title: 'How we work', content: 'We ship.' },
    ],
  });
  inactive = await makeFlow(a, x, {
    name: 'Retired survey',
    isActive: false,
    steps: [{ title: 'Old', fields: [{ label: 'Old question', type: 'text' }] }],
  });
  otherCompany = await makeFlow(a, a.companies[1].id, {
    name: 'Maple only',
    steps: [{ title: 'Maple', fields: [{ label: 'Maple file', type: 'file' }] }],
  });
  otherAgency = await makeFlow(b, null, {
    name: 'Agency B for all',
    steps: [{ title: 'B', fields: [{ label: 'B file', type: 'file' }] }],
  });
});
afterAll(() => app?.close());

describe('portalFlows.list', () => {
  it("shows the active flows of the contact's company and those for all companies, never inactive, other companies' or other agencies'", async () => {
    const names = (await portal.portalFlows.list.query()).map((f) => f.name);
    expect(names).toEqual(
      expect.arrayContaining(['Brand intake', 'Welcome to the agency', `${a.companies[0].name} onboarding`]),
    );
    for (const hidden of ['Retired survey', 'Maple only', 'Agency B for all', `${a.companies[1].name} onboarding`])
      expect(names).not.toContain(hidden);
    expect(names.some((n) => b.companies.some((c) => n.startsWith(c.name)))).toBe(false);
  });

  it('starts every flow as not started, with its step count', async () => {
    const item = (await portal.portalFlows.list.query()).find((f) => f.id === collect.id)!;
    expect(item.state).toMatchObject({ status: 'not_started', stepCount: 2, startedAt: null, completedAt: null });
  });

  it('refuses a staff session (401)', async () => {
    expect(
      refusal(
        await trpcClient(app.baseUrl, { token: a.token })
          .portalFlows.list.query()
          .catch((e) => e),
      ),
    ).toMatchObject({ httpStatus: 401 });
  });
});

describe('portalFlows.get', () => {
  it('answers the flow with its steps and fields, select choices included', async () => {
    const flow = await portal.portalFlows.get.query({ flowUid: collect.flowUid });
    expect(flow.steps.map((s) => s.stepTitle)).toEqual(['About you', 'Your assets']);
    expect(flow.steps[0].fields.find((f) => f.fieldLabel === 'Team size')).toMatchObject({
      fieldType: 'select',
      isRequired: true,
      choices: ['1-10', '11-50', '51+'],
    });
    expect(flow.answers).toEqual([]);
  });

  it('answers an onboard flow without form fields', async () => {
    const flow = await portal.portalFlows.get.query({ flowUid: everyone.flowUid });
    expect(flow.steps.map((s) => s.content)).toEqual(['# Hi', 'We ship.']);
  });

  it("answers NOT_FOUND for an inactive flow, another company's and another agency's", async () => {
    for (const flow of [inactive, otherCompany, otherAgency]) {
      expect(await refused(portal.portalFlows.get.query({ flowUid: flow.flowUid }))).toMatchObject({
        code: 'NOT_FOUND',
        message: P.notFound,
      });
    }
  });
});

describe('portalFlows.saveStep', () => {
  const step1 = (answers: Record<string, string | boolean | null>) =>
    portal.portalFlows.saveStep.mutate({
      flowId: collect.id,
      stepId: collect.steps[0],
      answers: Object.entries(answers).map(([label, value]) => ({ field: collect.fields[label], value })),
    });

  it('refuses a missing required field, naming it', async () => {
    expect(await refused(step1({ 'Company name': '  ', 'Team size': '1-10' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.required('Company name'),
    });
  });

  it('refuses a choice that is not in the list', async () => {
    expect(await refused(step1({ 'Company name': 'Alder', 'Team size': '500' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.notAChoice('Team size'),
    });
  });

  it('refuses a date that is not a real yyyy-mm-dd day', async () => {
    for (const date of ['2026-02-30', '12/01/2026', '2026-1-5']) {
      expect(await refused(step1({ 'Company name': 'Alder', 'Team size': '1-10', 'Start date': date }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: P.badDate('Start date'),
      });
    }
  });

  it('refuses text over its length and a checkbox that is not a boolean', async () => {
    expect(await refused(step1({ 'Company name': 'x'.repeat(501), 'Team size': '1-10' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.tooLong('Company name', 500),
    });
    expect(await refused(step1({ 'Company name': 'Alder', 'Team size': '1-10', Newsletter: 'maybe' }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
  });

  it('refuses an answer for a field of another step, and a file answer that the upload route did not set', async () => {
    expect(
      await refused(
        portal.portalFlows.saveStep.mutate({
          flowId: collect.id,
          stepId: collect.steps[0],
          answers: [{ field: collect.fields.Logo, value: '1' }],
        }),
      ),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.fieldNotInStep,
    });
    const someDocument = a.rows.document[0];
    expect(
      await refused(
        portal.portalFlows.saveStep.mutate({
          flowId: collect.id,
          stepId: collect.steps[1],
          answers: [{ field: collect.fields.Logo, value: String(someDocument) }],
        }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST', message: P.fileInvalid('Logo') });
  });

  it('saves nothing when refused: the flow is still not started', async () => {
    expect((await portal.portalFlows.get.query({ flowUid: collect.flowUid })).state.status).toBe('not_started');
  });

  it('saves the step, creates the submission and moves on to step 2; the answers come back on the next visit', async () => {
    const saved = await step1({
      'Company name': ' Alder Architects ',
      'Team size': '11-50',
      'Start date': '2026-12-01',
      Newsletter: true,
    });
    expect(saved.state).toMatchObject({ status: 'in_progress', currentStep: 2, stepCount: 2 });
    const again = await portal.portalFlows.get.query({ flowUid: collect.flowUid });
    const byLabel = Object.fromEntries(
      again.answers.map((ans) => [Object.entries(collect.fields).find(([, id]) => id === ans.fieldId)![0], ans.value]),
    );
    expect(byLabel).toEqual({
      'Company name': 'Alder Architects',
      'Team size': '11-50',
      'Start date': '2026-12-01',
      Newsletter: 'true',
    });
    const listed = (await portal.portalFlows.list.query()).find((f) => f.id === collect.id)!;
    expect(listed.state).toMatchObject({ status: 'in_progress', currentStep: 2 });
  });

  it('going back and saving step 1 again keeps the furthest step reached; a cleared optional answer is removed', async () => {
    const saved = await step1({ 'Company name': 'Alder Architects', 'Team size': '11-50', 'Start date': '' });
    expect(saved.state.currentStep).toBe(2);
    expect(saved.answers.map((ans) => ans.fieldId)).not.toContain(collect.fields['Start date']);
  });

  it("answers NOT_FOUND for a step of another flow, another company's flow and another agency's flow", async () => {
    expect(
      await refused(portal.portalFlows.saveStep.mutate({ flowId: collect.id, stepId: everyone.steps[0], answers: [] })),
    ).toMatchObject({ code: 'NOT_FOUND' });
    for (const flow of [inactive, otherCompany, otherAgency]) {
      expect(
        await refused(portal.portalFlows.saveStep.mutate({ flowId: flow.id, stepId: flow.steps[0], answers: [] })),
      ).toMatchObject({ code: 'NOT_FOUND' });
    }
    // Agency B's contact on agency A's flow.
    const foreign = trpcClient(app.baseUrl, { token: b.portal.token });
    expect(
      await refused(
        foreign.portalFlows.saveStep.mutate({ flowId: everyone.id, stepId: everyone.steps[0], answers: [] }),
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await app.database.db.flowSubmission.count({
        where: { flowId: { in: [inactive.id, otherCompany.id, otherAgency.id, everyone.id] } },
      }),
    ).toBe(0);
  });
});

describe('POST /api/portal/flows/upload', () => {
  it('needs a portal session (401), also against a staff token', async () => {
    expect((await upload({ flowId: collect.id, fieldId: collect.fields.Logo }, 'x', null)).status).toBe(401);
    expect((await upload({ flowId: collect.id, fieldId: collect.fields.Logo }, 'x', a.token)).status).toBe(401);
  });

  it('refuses a file over the limit with 413 and a clear message, storing nothing', async () => {
    const before = await app.database.db.document.count();
    const res = await upload({ flowId: collect.id, fieldId: collect.fields.Logo }, Buffer.alloc(MAX_UPLOAD + 1, 1));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(M.documents.tooLarge('4 KB'));
    expect(await app.database.db.document.count()).toBe(before);
  });

  it("answers 404 for another company's flow, another agency's flow and an inactive one; 400 for a field that takes no file", async () => {
    expect((await upload({ flowId: otherCompany.id, fieldId: otherCompany.fields['Maple file'] })).status).toBe(404);
    expect((await upload({ flowId: otherAgency.id, fieldId: otherAgency.fields['B file'] })).status).toBe(404);
    expect((await upload({ flowId: collect.id, fieldId: otherCompany.fields['Maple file'] })).status).toBe(404);
    expect((await upload({ flowId: inactive.id, fieldId: inactive.fields['Old question'] })).status).toBe(404);
    const textField = await upload({ flowId: collect.id, fieldId: collect.fields.Notes });
    expect(textField).toMatchObject({ status: 400, body: { message: P.notAFileField } });
    // Agency B's contact on agency A's flow.
    expect((await upload({ flowId: collect.id, fieldId: collect.fields.Logo }, 'x', b.portal.token)).status).toBe(404);
  });

  it("stores the file as a Document of the contact's company, visible in the portal, and answers the field with it", async () => {
    const res = await upload(
      { flowId: collect.id, fieldId: collect.fields.Logo },
      'png bytes',
      a.portal.token,
      'alder-logo.png',
    );
    expect(res).toMatchObject({
      status: 201,
      body: { fieldId: collect.fields.Logo, file: { name: 'alder-logo.png', size: 9 } },
    });
    const doc = await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.file.id } });
    expect(doc).toMatchObject({
      businessId: a.businessId,
      companyId: a.portal.companyId,
      visibleInPortal: true,
      uploadedById: null,
      originalName: 'alder-logo.png',
    });
    const flow = await portal.portalFlows.get.query({ flowUid: collect.flowUid });
    expect(flow.answers.find((ans) => ans.fieldId === collect.fields.Logo)).toMatchObject({
      value: String(doc.id),
      file: { id: doc.id, name: 'alder-logo.png' },
    });
    // Keeping the uploaded file while saving the step is accepted.
    const saved = await portal.portalFlows.saveStep.mutate({
      flowId: collect.id,
      stepId: collect.steps[1],
      answers: [
        { field: collect.fields.Logo, value: String(doc.id) },
        { field: collect.fields.Notes, value: 'Blue, please.' },
      ],
    });
    expect(saved.state).toMatchObject({ status: 'in_progress', currentStep: 2 });
    // Staff see it among the company's files.
    const files = await staff.documents.list.query({ companyId: a.portal.companyId });
    expect(files.items.map((f) => f.id)).toContain(doc.id);
  });
});

describe('uploading again to the same field replaces the file', () => {
  let replace: FlowIds;
  beforeAll(async () => {
    replace = await makeFlow(a, a.portal.companyId, {
      name: 'Contract upload',
      steps: [
        {
          title: 'Papers',
          fields: [
            { label: 'Contract', type: 'file' },
            { label: 'Invoice', type: 'file' },
          ],
        },
      ],
    });
  });
  const namedLike = async (prefix: string) =>
    await app.database.db.document.findMany({
      where: { businessId: a.businessId, name: { startsWith: prefix } },
      orderBy: { id: 'asc' },
    });
  const portalFileNames = async () =>
    (await portal.portal.files.query({ slug: a.slug, search: 'contract-v', limit: 100 })).items.map((f) => f.name);

  it('five uploads leave one Document, one stored file, seen once by staff and client, answering the field', async () => {
    const ids: number[] = [];
    const keys: string[] = [];
    for (let v = 1; v <= 5; v += 1) {
      const res = await upload(
        { flowId: replace.id, fieldId: replace.fields.Contract },
        `contract version ${v}`,
        a.portal.token,
        `contract-v${v}.pdf`,
      );
      expect(res.status).toBe(201);
      ids.push(res.body.file.id);
      keys.push((await app.database.db.document.findUniqueOrThrow({ where: { id: res.body.file.id } })).storageKey!);
    }
    const docs = await namedLike('contract-v');
    expect(docs.map((d) => d.id)).toEqual([ids[4]]);
    // The stored bytes of the four replaced uploads are gone; the last one is there.
    const sizes = await Promise.all(keys.map((key) => app.storage.size(key)));
    expect(sizes).toEqual([null, null, null, null, 'contract version 5'.length]);
    const staffFiles = await staff.documents.list.query({ companyId: a.portal.companyId, search: 'contract-v' });
    expect(staffFiles.items.map((f) => f.name)).toEqual(['contract-v5.pdf']);
    expect(await portalFileNames()).toEqual(['contract-v5.pdf']);
    const flow = await portal.portalFlows.get.query({ flowUid: replace.flowUid });
    expect(flow.answers.find((ans) => ans.fieldId === replace.fields.Contract)).toMatchObject({
      value: String(ids[4]),
      file: { id: ids[4], name: 'contract-v5.pdf' },
    });
    // The log tells what happened to each replaced file.
    const deleted = await app.database.db.activity.findMany({
      where: { businessId: a.businessId, entityType: 'file', action: 'deleted', entityId: { in: ids } },
    });
    expect(deleted.map((r) => r.entityId).sort()).toEqual(ids.slice(0, 4).sort());
  });

  it('keeps the stored bytes of every replaced upload out of storage', async () => {
    const first = await upload(
      { flowId: replace.id, fieldId: replace.fields.Invoice },
      'invoice one',
      a.portal.token,
      'invoice-1.pdf',
    );
    const firstKey = (await app.database.db.document.findUniqueOrThrow({ where: { id: first.body.file.id } }))
      .storageKey!;
    expect(await app.storage.size(firstKey)).toBe('invoice one'.length);
    const second = await upload(
      { flowId: replace.id, fieldId: replace.fields.Invoice },
      'invoice two',
      a.portal.token,
      'invoice-2.pdf',
    );
    expect(second.status).toBe(201);
    expect(await app.storage.size(firstKey)).toBeNull();
    expect(await app.database.db.document.findUnique({ where: { id: first.body.file.id } })).toBeNull();
    // Replacing one field never touches the other field's file.
    expect((await namedLike('contract-v')).map((d) => d.name)).toEqual(['contract-v5.pdf']);
  });

  it('keeps a file staff took over (renamed, moved) and only replaces the answer', async () => {
    const [current] = await namedLike('contract-v');
    await staff.documents.update.mutate({ id: current.id, name: 'Signed contract (kept)' });
    const res = await upload(
      { flowId: replace.id, fieldId: replace.fields.Contract },
      'contract version 6',
      a.portal.token,
      'contract-v6.pdf',
    );
    expect(res.status).toBe(201);
    const kept = await app.database.db.document.findUniqueOrThrow({ where: { id: current.id } });
    expect(kept.name).toBe('Signed contract (kept)');
    expect(await app.storage.size(kept.storageKey!)).toBe('contract version 5'.length);
    const flow = await portal.portalFlows.get.query({ flowUid: replace.flowUid });
    expect(flow.answers.find((ans) => ans.fieldId === replace.fields.Contract)?.file?.id).toBe(res.body.file.id);
  });

  it('never removes a file the answer names but this upload route did not make for that field', async () => {
    // A staff upload of the same company, named by the answer (as an import could leave it).
    const key = app.storage.newKey(a.businessId);
    await app.storage.writeStream(key, Readable.from([Buffer.from('staff')]));
    const staffDoc = await app.database.db.document.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        name: 'Staff copy',
        url: '/x',
        size: 5,
        storageKey: key,
        uploadedById: a.userId,
      },
    });
    const submission = await app.database.db.flowSubmission.findFirstOrThrow({
      where: { flowId: replace.id, contactId: a.portal.contactId },
    });
    await app.database.db.flowAnswer.update({
      where: { submissionId_flowFieldId: { submissionId: submission.id, flowFieldId: replace.fields.Contract } },
      data: { value: String(staffDoc.id) },
    });
    const res = await upload(
      { flowId: replace.id, fieldId: replace.fields.Contract },
      'contract version 7',
      a.portal.token,
      'contract-v7.pdf',
    );
    expect(res.status).toBe(201);
    expect(await app.database.db.document.findUnique({ where: { id: staffDoc.id } })).not.toBeNull();
    expect(await app.storage.size(key)).toBe(5);
    // The invoice field's upload (made for the other field) stays too.
    expect((await namedLike('invoice-')).map((d) => d.name)).toEqual(['invoice-2.pdf']);
  });
});

describe('portalFlows.submit', () => {
  it("answers NOT_FOUND for another company's and another agency's flow", async () => {
    for (const flow of [inactive, otherCompany, otherAgency])
      expect(await refused(portal.portalFlows.submit.mutate({ flowId: flow.id }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('refuses while a required field is unanswered, naming the first one', async () => {
    const fresh = await makeFlow(a, null, {
      name: 'Quick check',
      steps: [
        {
          title: 'One',
          fields: [
            { label: 'Optional', type: 'text' },
            { label: 'Must have', type: 'text', required: true },
          ],
        },
      ],
    });
    expect(await refused(portal.portalFlows.submit.mutate({ flowId: fresh.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.missingField('Must have'),
    });
  });

  it('completes the flow with its time; afterwards it is read-only', async () => {
    const done = await portal.portalFlows.submit.mutate({ flowId: collect.id });
    expect(done.state.status).toBe('completed');
    expect(done.state.completedAt).toBeInstanceOf(Date);
    expect((await portal.portalFlows.list.query()).find((f) => f.id === collect.id)!.state.status).toBe('completed');
    expect(
      await refused(portal.portalFlows.saveStep.mutate({ flowId: collect.id, stepId: collect.steps[0], answers: [] })),
    ).toMatchObject({ code: 'BAD_REQUEST', message: P.alreadySubmitted });
    expect(await refused(portal.portalFlows.submit.mutate({ flowId: collect.id }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: P.alreadySubmitted,
    });
    expect((await upload({ flowId: collect.id, fieldId: collect.fields.Logo })).status).toBe(400);
  });
});

describe('flows.submissions (staff)', () => {
  it('shows each contact with company, status, times, answers by field label and the file with its download link', async () => {
    const { items, total } = await staff.flows.submissions.query({ flowId: collect.id });
    expect(total).toBe(1);
    const [sub] = items;
    expect(sub).toMatchObject({
      status: 'completed',
      currentStep: 2,
      stepCount: 2,
      company: { id: a.portal.companyId, name: a.companies[0].name },
      contact: { id: a.portal.contactId },
    });
    expect(sub.completedAt).toBeInstanceOf(Date);
    expect(sub.answers.map((ans) => [ans.fieldLabel, ans.value])).toEqual([
      ['Company name', 'Alder Architects'],
      ['Team size', '11-50'],
      ['Newsletter', 'true'],
      ['Logo', expect.stringMatching(/^\d+$/)],
      ['Notes', 'Blue, please.'],
    ]);
    const logo = sub.answers.find((ans) => ans.fieldLabel === 'Logo')!;
    expect(logo.file).toMatchObject({ name: 'alder-logo.png', url: `/api/documents/${logo.file!.id}/download` });
    const res = await fetch(`${app.baseUrl}${logo.file!.url}`, { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('png bytes');
  });

  it('is empty for a flow nobody has opened', async () => {
    expect(await staff.flows.submissions.query({ flowId: otherCompany.id })).toEqual({ items: [], total: 0 });
  });

  it("answers NOT_FOUND to another agency's staff, and refuses a portal session", async () => {
    const foreignStaff = trpcClient(app.baseUrl, { token: b.token });
    expect(await refused(foreignStaff.flows.submissions.query({ flowId: collect.id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refused(portal.flows.submissions.query({ flowId: collect.id }))).toMatchObject({ httpStatus: 401 });
  });
});

describe('REST', () => {
  it('answers the portal flow paths with the portal token', async () => {
    const api = client(app.baseUrl);
    const list = await api.call('GET', '/api/portal/flows', { token: a.portal.token });
    expect(list.status).toBe(200);
    expect(list.body.map((f: { name: string }) => f.name)).toContain('Welcome to the agency');
    const one = await api.call('GET', `/api/portal/flows/${everyone.flowUid}`, { token: a.portal.token });
    expect(one.body.steps).toHaveLength(2);
    const step = await api.call('POST', `/api/portal/flows/${everyone.id}/steps/${everyone.steps[0]}`, {
      token: a.portal.token,
      body: { answers: [] },
    });
    expect(step.status).toBe(200);
    expect(step.body.state).toMatchObject({ status: 'in_progress', currentStep: 2 });
    const done = await api.call('POST', `/api/portal/flows/${everyone.id}/submit`, { token: a.portal.token, body: {} });
    expect(done.body.state.status).toBe('completed');
    expect((await api.call('GET', `/api/portal/flows/${otherAgency.flowUid}`, { token: a.portal.token })).status).toBe(
      404,
    );
  });
});

/**
 * Issue 27: every portal read and write of a flow asks the portal's rule (clientVisible.flow): a flow switched on but
 * without a step, or a draft, is NOT_FOUND like a missing one, takes no answers and no file, and makes no submission.
 */
describe('a flow without steps, or a draft, does not reach the client', () => {
  let stepless: FlowIds;
  let steplessForAll: FlowIds;
  let draft: FlowIds;

  beforeAll(async () => {
    stepless = await makeFlow(a, a.portal.companyId, { name: 'Switched on, no steps', steps: [] });
    steplessForAll = await makeFlow(a, null, { name: 'For all, no steps', steps: [] });
    draft = await makeFlow(a, a.portal.companyId, {
      name: 'Draft with a file',
      isActive: false,
      steps: [{ title: 'Files', fields: [{ label: 'Draft file', type: 'file' }] }],
    });
  });

  it('is not listed, and get, saveStep, submit and the upload route answer NOT_FOUND', async () => {
    const names = (await portal.portalFlows.list.query()).map((f) => f.name);
    for (const flow of [stepless, steplessForAll, draft]) {
      expect(names).not.toContain((await app.database.db.flow.findUniqueOrThrow({ where: { id: flow.id } })).name);
      expect(await refused(portal.portalFlows.get.query({ flowUid: flow.flowUid }))).toMatchObject({
        code: 'NOT_FOUND',
        message: P.notFound,
      });
      expect(
        await refused(
          portal.portalFlows.saveStep.mutate({
            flowId: flow.id,
            stepId: flow.steps[0] ?? collect.steps[0],
            answers: [],
          }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' });
      expect(await refused(portal.portalFlows.submit.mutate({ flowId: flow.id }))).toMatchObject({ code: 'NOT_FOUND' });
    }
    const documents = await app.database.db.document.count({ where: { businessId: a.businessId } });
    expect(await upload({ flowId: draft.id, fieldId: draft.fields['Draft file'] })).toMatchObject({
      status: 404,
      body: { message: P.notFound },
    });
    expect(await app.database.db.document.count({ where: { businessId: a.businessId } })).toBe(documents);
    expect(
      await app.database.db.flowSubmission.count({
        where: { flowId: { in: [stepless.id, steplessForAll.id, draft.id] } },
      }),
    ).toBe(0);
  });

  it('once staff publish the draft, the client sees it and can upload; unpublished again, the upload is refused and the file kept', async () => {
    await staff.flows.publish.mutate({ id: draft.id });
    expect((await portal.portalFlows.list.query()).map((f) => f.id)).toContain(draft.id);
    expect(
      (
        await upload(
          { flowId: draft.id, fieldId: draft.fields['Draft file'] },
          'draft bytes',
          a.portal.token,
          'draft.png',
        )
      ).status,
    ).toBe(201);
    await staff.flows.unpublish.mutate({ id: draft.id });
    expect(
      (await upload({ flowId: draft.id, fieldId: draft.fields['Draft file'] }, 'again', a.portal.token, 'again.png'))
        .status,
    ).toBe(404);
    const { items } = await staff.flows.submissions.query({ flowId: draft.id });
    expect(items.map((i) => i.answers.map((ans) => ans.file?.name))).toEqual([['draft.png']]);
  });
});
