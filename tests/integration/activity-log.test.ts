/**
 * The activity log's write side: every write in the hub and every client action in the portal (sign-in, download,
 * upload, flow submitted) records who, what and the changed fields (old → new), in the same transaction as the
 * change. An update that changes nothing writes nothing; a refused write leaves no entry; a change whose entry
 * cannot be written is rolled back; no secret is ever recorded; entries belong to their agency only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityChange } from '../../shared/activity';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let portal: TrpcClient;

type Entry = {
  id: number;
  businessId: number;
  actorType: string;
  actorUserId: number | null;
  actorContactId: number | null;
  actorName: string;
  entityType: string;
  entityId: number | null;
  entityName: string;
  companyId: number | null;
  action: string;
  changes: ActivityChange[];
  clientVisible: boolean;
};

/** The agency's entries after `since` (an entry id), oldest first, with their changes parsed. */
async function entriesSince(since: number, businessId = a.businessId): Promise<Entry[]> {
  const rows = await app.database.db.activity.findMany({
    where: { businessId, id: { gt: since } },
    orderBy: { id: 'asc' },
  });
  return rows.map((r) => ({ ...r, changes: JSON.parse(r.changes) as ActivityChange[] }));
}
async function lastId() {
  const row = await app.database.db.activity.findFirst({ orderBy: { id: 'desc' }, select: { id: true } });
  return row?.id ?? 0;
}
/** Runs a write and answers the entries it made. */
async function logged(write: () => Promise<unknown>, businessId = a.businessId): Promise<Entry[]> {
  const since = await lastId();
  await write();
  return entriesSince(since, businessId);
}
const change = (entry: Entry, field: string) => entry.changes.find((c) => c.field === field);
const refused = (p: Promise<unknown>) =>
  p.then(
    () => ({ code: 'none' }),
    (e: unknown) => refusal(e),
  );

let ownerName: string;
let portalName: string;

beforeAll(async () => {
  app = await startApp();
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  portal = trpcClient(app.baseUrl, { token: a.portal.token });
  const owner = await app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } });
  ownerName = `${owner.firstName} ${owner.lastName}`;
  const contact = await app.database.db.contact.findUniqueOrThrow({ where: { id: a.portal.contactId } });
  portalName = `${contact.firstName} ${contact.lastName}`;
});
afterAll(() => app.close());

describe('hub writes', () => {
  it('companies: created and updated with their changed fields, by the staff user; nothing when nothing changed', async () => {
    let id = 0;
    const [created] = await logged(async () => {
      id = (await staff.companies.create.mutate({ name: 'Juniper Joinery', industry: 'Carpentry' })).id;
    });
    expect(created).toMatchObject({
      actorType: 'staff',
      actorUserId: a.userId,
      actorName: ownerName,
      entityType: 'company',
      entityId: id,
      entityName: 'Juniper Joinery',
      companyId: id,
      action: 'created',
      clientVisible: false,
    });
    expect(change(created, 'name')).toEqual({ field: 'name', from: null, to: 'Juniper Joinery' });

    const [updated, ...rest] = await logged(() =>
      staff.companies.update.mutate({ id, industry: 'Woodwork', website: 'https://juniper.test' }),
    );
    expect(rest).toEqual([]);
    expect(updated).toMatchObject({ action: 'updated', entityId: id, companyId: id });
    expect(updated.changes).toEqual([
      { field: 'industry', from: 'Carpentry', to: 'Woodwork' },
      { field: 'website', from: null, to: 'https://juniper.test' },
    ]);
    expect(await logged(() => staff.companies.update.mutate({ id, industry: 'Woodwork' }))).toEqual([]);
  });

  it('contacts: created, portal access switched, invited, deleted; a portal password without any value', async () => {
    const companyId = a.companies[1].id;
    let id = 0;
    const [created] = await logged(async () => {
      id = (
        await staff.contacts.create.mutate({
          companyId,
          firstName: 'Pat',
          lastName: 'Quill',
          email: `pat-${Date.now()}@client.test`,
        })
      ).id;
    });
    expect(created).toMatchObject({
      entityType: 'contact',
      entityId: id,
      entityName: 'Pat Quill',
      companyId,
      action: 'created',
    });
    expect(change(created, 'company')).toEqual({ field: 'company', from: null, to: a.companies[1].name });

    const secret = 'violet harbour compass 8812';
    const [switched] = await logged(() =>
      staff.contacts.update.mutate({ id, portalAccess: true, portalPassword: secret }),
    );
    expect(change(switched, 'portalAccess')).toEqual({ field: 'portalAccess', from: false, to: true });
    expect(change(switched, 'portalPassword')).toEqual({ field: 'portalPassword', from: null, to: null });
    expect(JSON.stringify(switched)).not.toContain(secret);

    let url = '';
    const [invited] = await logged(async () => {
      url = (await staff.contacts.sendInvite.mutate({ id })).url;
    });
    expect(invited).toMatchObject({ entityType: 'contact', entityId: id, action: 'invited', companyId });
    expect(JSON.stringify(invited)).not.toContain(url.split('/').pop()!);

    const [removed] = await logged(() => staff.contacts.remove.mutate({ id }));
    expect(removed).toMatchObject({
      entityType: 'contact',
      entityId: id,
      entityName: 'Pat Quill',
      action: 'deleted',
      companyId,
    });
  });

  it('projects: a project of a company is shown to the client; contacts linked by name', async () => {
    const company = a.companies[0];
    let id = 0;
    const [created] = await logged(async () => {
      id = (
        await staff.projects.create.mutate({
          name: 'Rebrand',
          companiesId: company.id,
          projectContactId: [a.portal.contactId],
          status: 'draft',
        } as never)
      ).id;
    });
    expect(created).toMatchObject({
      entityType: 'project',
      entityId: id,
      companyId: company.id,
      action: 'created',
      clientVisible: true,
    });
    expect(change(created, 'contacts')).toEqual({ field: 'contacts', from: null, to: portalName });

    const long = 'x'.repeat(1000);
    const [updated] = await logged(() => staff.projects.update.mutate({ id, description: long, projectContactId: [] }));
    const description = change(updated, 'description')!;
    expect(String(description.to).length).toBeLessThanOrEqual(300);
    expect(String(description.to).endsWith('…')).toBe(true);
    expect(change(updated, 'contacts')).toEqual({ field: 'contacts', from: portalName, to: null });

    const [removed] = await logged(() => staff.projects.remove.mutate({ id }));
    expect(removed).toMatchObject({
      entityType: 'project',
      entityId: id,
      entityName: 'Rebrand',
      action: 'deleted',
      companyId: company.id,
    });
  });

  it("tasks: a refused write (another agency's project) leaves no entry", async () => {
    const task = a.rows.task[0];
    const before = await lastId();
    expect(await refused(staff.tasks.update.mutate({ id: task, projectId: b.rows.project[0] }))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await entriesSince(before)).toEqual([]);
  });

  it("files: links and uploads; 'visibleInPortal' and 'company' (by name) on update; shared files are the client's", async () => {
    const [c0, c1] = a.companies;
    let id = 0;
    const [created] = await logged(async () => {
      id = (
        await staff.documents.create.mutate({
          name: 'Brief.pdf',
          type: 'other',
          url: 'https://files.example.test/brief.pdf',
          companyId: c0.id,
          visibleInPortal: false,
        } as never)
      ).id;
    });
    expect(created).toMatchObject({
      entityType: 'file',
      entityId: id,
      action: 'created',
      companyId: c0.id,
      clientVisible: false,
    });

    const [shared] = await logged(() => staff.documents.update.mutate({ id, visibleInPortal: true, companyId: c1.id }));
    expect(shared).toMatchObject({ action: 'updated', companyId: c1.id, clientVisible: true });
    expect(change(shared, 'visibleInPortal')).toEqual({ field: 'visibleInPortal', from: false, to: true });
    expect(change(shared, 'company')).toEqual({ field: 'company', from: c0.name, to: c1.name });
    expect(await logged(() => staff.documents.update.mutate({ id, visibleInPortal: true }))).toEqual([]);

    const form = new FormData();
    form.append('companyId', String(c0.id));
    form.append('visibleInPortal', 'true');
    form.append('file', new Blob(['%PDF-1.4 bytes'], { type: 'application/pdf' }), 'plan.pdf');
    let uploadedId = 0;
    const [uploaded] = await logged(async () => {
      const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${a.token}` },
      });
      expect(res.status).toBe(201);
      uploadedId = ((await res.json()) as { id: number }).id;
    });
    expect(uploaded).toMatchObject({
      actorType: 'staff',
      actorUserId: a.userId,
      entityType: 'file',
      entityId: uploadedId,
      entityName: 'plan.pdf',
      action: 'uploaded',
      companyId: c0.id,
      clientVisible: true,
    });

    const [removed] = await logged(() => staff.documents.remove.mutate({ id }));
    expect(removed).toMatchObject({ entityType: 'file', entityId: id, action: 'deleted' });
  });

  it('resources: visible to the client when visibleToClient; detail values never recorded', async () => {
    const company = a.companies[0];
    let id = 0;
    const [created] = await logged(async () => {
      id = (
        await staff.resources.create.mutate({
          companyId: company.id,
          title: 'Hosting login',
          description: 'Where the site lives',
          type: 'information',
          status: 'active',
          visibleToClient: false,
          details: [{ key: 'password', value: 'hunter2-secret' }],
        } as never)
      ).id;
    });
    expect(created).toMatchObject({
      entityType: 'resource',
      entityId: id,
      companyId: company.id,
      action: 'created',
      clientVisible: false,
    });
    expect(JSON.stringify(created)).not.toContain('hunter2-secret');
    const [shown] = await logged(() => staff.resources.setVisibility.mutate({ id, visibleToClient: true }));
    expect(shown).toMatchObject({ action: 'updated', clientVisible: true });
    expect(change(shown, 'visibleToClient')).toEqual({ field: 'visibleToClient', from: false, to: true });
    const [changed] = await logged(() =>
      staff.resources.update.mutate({ id, details: [{ key: 'password', value: 'another-secret' }] } as never),
    );
    expect(change(changed, 'details')).toEqual({ field: 'details', from: null, to: null });
    expect(JSON.stringify(changed)).not.toContain('another-secret');
    const [removed] = await logged(() => staff.resources.remove.mutate({ id }));
    expect(removed).toMatchObject({ action: 'deleted', entityName: 'Hosting login' });
  });

  it("flows: 'company' by name and 'isActive'; step and field edits as the flow's updates", async () => {
    const [c0, c1] = a.companies;
    let id = 0;
    const [created] = await logged(async () => {
      // Switched on as the API may (issue 27): still no client sees it while it has no step.
      id = (
        await staff.flows.create.mutate({
          name: 'Kick-off',
          description: 'Getting started',
          workflowType: 'collect',
          companyId: null,
          isActive: true,
        })
      ).id;
    });
    expect(created).toMatchObject({
      entityType: 'flow',
      entityId: id,
      entityName: 'Kick-off',
      companyId: null,
      action: 'created',
      clientVisible: false,
    });

    const [given] = await logged(() => staff.flows.update.mutate({ id, companyId: c0.id }));
    expect(given).toMatchObject({ action: 'updated', companyId: c0.id, clientVisible: false });
    expect(given.changes).toEqual([{ field: 'company', from: null, to: c0.name }]);
    // Switching it off is its own entry ('unpublished', staff only); the other changes stay an update.
    const [off, moved] = await logged(() => staff.flows.update.mutate({ id, isActive: false, companyId: c1.id }));
    expect(off).toMatchObject({ action: 'unpublished', companyId: c1.id, clientVisible: false, changes: [] });
    expect(moved).toMatchObject({ action: 'updated', companyId: c1.id, clientVisible: false });
    expect(moved.changes).toEqual([{ field: 'company', from: c0.name, to: c1.name }]);
    expect(await logged(() => staff.flows.update.mutate({ id, isActive: false }))).toEqual([]);

    let stepId = 0;
    const [step] = await logged(async () => {
      stepId = (await staff.flowSteps.create.mutate({ flowId: id, stepTitle: 'Welcome' })).id;
    });
    expect(step).toMatchObject({ entityType: 'flow', entityId: id, entityName: 'Kick-off', action: 'updated' });
    expect(change(step, 'steps')).toEqual({ field: 'steps', from: null, to: 'Welcome' });

    const [content] = await logged(() => staff.flowSteps.update.mutate({ id: stepId, content: 'y'.repeat(2000) }));
    expect(change(content, 'step')).toEqual({ field: 'step', from: 'Welcome', to: 'Welcome' });
    expect(String(change(content, 'stepContent')!.to).length).toBeLessThanOrEqual(300);
    expect(await logged(() => staff.flowSteps.update.mutate({ id: stepId, stepTitle: 'Welcome' }))).toEqual([]);

    let fieldId = 0;
    const [field] = await logged(async () => {
      fieldId = (
        await staff.flowFields.create.mutate({
          flowStepId: stepId,
          fieldLabel: 'Budget',
          fieldType: 'text',
          isRequired: false,
        } as never)
      ).id;
    });
    expect(change(field, 'field')).toEqual({ field: 'field', from: null, to: 'Budget' });
    const [required] = await logged(() => staff.flowFields.update.mutate({ id: fieldId, isRequired: true }));
    expect(change(required, 'isRequired')).toEqual({ field: 'isRequired', from: false, to: true });
    const [fieldGone] = await logged(() => staff.flowFields.remove.mutate({ id: fieldId }));
    expect(change(fieldGone, 'field')).toEqual({ field: 'field', from: 'Budget', to: null });
    const [stepGone] = await logged(() => staff.flowSteps.remove.mutate({ id: stepId }));
    expect(change(stepGone, 'steps')).toEqual({ field: 'steps', from: 'Welcome', to: null });

    const [removed] = await logged(() => staff.flows.remove.mutate({ id }));
    expect(removed).toMatchObject({ action: 'deleted', entityName: 'Kick-off', companyId: c1.id });
  });

  it('business: account details and style; no entry for removing a logo there is none of', async () => {
    const current = await staff.business.get.query();
    const [info] = await logged(() =>
      staff.business.updateInfo.mutate({
        name: current.name,
        email: current.email,
        phone: '+1 555 0199',
        location: {
          street1: '1 Rua Augusta',
          street2: '',
          cityTown: 'Lisbon',
          state: 'Lisboa',
          zipcode: '1100-048',
          country: 'Portugal',
        },
      } as never),
    );
    expect(info).toMatchObject({
      entityType: 'business',
      entityId: a.businessId,
      action: 'updated',
      actorUserId: a.userId,
    });
    expect(change(info, 'cityTown')).toMatchObject({ to: 'Lisbon' });
    expect(change(info, 'phone')).toMatchObject({ to: '+1 555 0199' });
    const [style] = await logged(() =>
      staff.business.updateStyle.mutate({ ...current.style, primaryColor: '#112233' } as never),
    );
    expect(change(style, 'primaryColor')).toMatchObject({ to: '#112233' });
    expect(await logged(() => staff.business.removeLogo.mutate())).toEqual([]);
  });

  it('team: invited, role changed, invite accepted by the new user, removed; API tokens by name only', async () => {
    const email = `newbie-${Date.now()}@agency.test`;
    let url = '';
    const [invited] = await logged(async () => {
      url = (await staff.team.invite.mutate({ email, role: 'member' })).url;
    });
    expect(invited).toMatchObject({ entityType: 'team', action: 'invited', entityName: email });
    const token = decodeURIComponent(url.split('/').pop()!);
    expect(JSON.stringify(invited)).not.toContain(token);

    const password = 'saffron meadow lantern 4471';
    const [accepted] = await logged(() =>
      trpcClient(app.baseUrl).staffInvite.accept.mutate({ token, firstName: 'Nia', lastName: 'Newbie', password }),
    );
    const newbie = await app.database.db.user.findUniqueOrThrow({ where: { email } });
    expect(accepted).toMatchObject({
      entityType: 'team',
      action: 'invite_accepted',
      actorType: 'staff',
      actorUserId: newbie.id,
      actorName: 'Nia Newbie',
      entityId: newbie.id,
      entityName: 'Nia Newbie',
    });
    expect(JSON.stringify(accepted)).not.toContain(password);

    const [role] = await logged(() => staff.team.setRole.mutate({ id: newbie.id, role: 'admin' }));
    expect(role).toMatchObject({ entityType: 'team', entityId: newbie.id, action: 'updated' });
    expect(role.changes).toEqual([{ field: 'role', from: 'member', to: 'admin' }]);
    expect(await logged(() => staff.team.setRole.mutate({ id: newbie.id, role: 'admin' }))).toEqual([]);
    const [removed] = await logged(() => staff.team.remove.mutate({ id: newbie.id }));
    expect(removed).toMatchObject({
      entityType: 'team',
      entityId: newbie.id,
      action: 'deleted',
      entityName: 'Nia Newbie',
    });

    let created: { id: number; token: string; prefix: string } = { id: 0, token: '', prefix: '' };
    const [tokenEntry] = await logged(async () => {
      created = await staff.apiTokens.create.mutate({ name: 'Zapier' });
    });
    expect(tokenEntry).toMatchObject({
      entityType: 'api_token',
      entityId: created.id,
      entityName: 'Zapier',
      action: 'created',
      changes: [],
    });
    expect(JSON.stringify(tokenEntry)).not.toContain(created.token);
    expect(JSON.stringify(tokenEntry)).not.toContain(created.prefix);
    const [revoked] = await logged(() => staff.apiTokens.revoke.mutate({ id: created.id }));
    expect(revoked).toMatchObject({ entityType: 'api_token', entityName: 'Zapier', action: 'deleted' });
  });

  it('profile: name changes with old → new; a password change without any value', async () => {
    const own = await app.database.db.user.findUniqueOrThrow({ where: { id: a.userId } });
    const [renamed] = await logged(() =>
      staff.profile.update.mutate({ firstName: 'Augusta', lastName: own.lastName, email: own.email }),
    );
    expect(renamed).toMatchObject({ entityType: 'team', entityId: a.userId, action: 'updated' });
    expect(renamed.changes).toEqual([{ field: 'firstName', from: own.firstName, to: 'Augusta' }]);
    expect(
      await logged(() =>
        staff.profile.update.mutate({ firstName: 'Augusta', lastName: own.lastName, email: own.email }),
      ),
    ).toEqual([]);

    const newPassword = 'tangerine glacier pillow 5530';
    const [password] = await logged(() =>
      staff.profile.changePassword.mutate({ currentPassword: a.password, newPassword } as never),
    );
    expect(password.changes).toEqual([{ field: 'password', from: null, to: null }]);
    const all = await entriesSince(0);
    for (const secret of [newPassword, a.password, a.token, a.portal.token, a.portal.password])
      expect(JSON.stringify(all)).not.toContain(secret);
    // Back to the owner's own name for the other tests' actor name.
    await staff.profile.update.mutate({ firstName: own.firstName, lastName: own.lastName, email: own.email });
  });
});

describe('portal client actions', () => {
  it('sign-in: portal signed_in, by the contact, shown to their company', async () => {
    const [entry] = await logged(() =>
      trpcClient(app.baseUrl).portalAuth.login.mutate({
        slug: a.slug,
        email: a.portal.email,
        password: a.portal.password,
      }),
    );
    expect(entry).toMatchObject({
      actorType: 'contact',
      actorContactId: a.portal.contactId,
      actorUserId: null,
      actorName: portalName,
      entityType: 'portal',
      action: 'signed_in',
      companyId: a.portal.companyId,
      clientVisible: true,
    });
    // A refused sign-in writes nothing.
    expect(
      await logged(() =>
        refused(
          trpcClient(app.baseUrl).portalAuth.login.mutate({
            slug: a.slug,
            email: a.portal.email,
            password: 'wrong password here',
          }),
        ),
      ),
    ).toEqual([]);
  });

  it("download: file downloaded after the check; another company's file is NOT_FOUND with no entry", async () => {
    const shared = await app.database.db.document.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        name: 'Shared.pdf',
        url: 'https://files.example.test/shared.pdf',
        visibleInPortal: true,
      },
    });
    const download = (id: number) =>
      fetch(`${app.baseUrl}/api/documents/${id}/download`, {
        headers: { authorization: `Bearer ${a.portal.token}` },
        redirect: 'manual',
      });
    const [entry, ...rest] = await logged(async () => expect((await download(shared.id)).status).toBe(302));
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actorType: 'contact',
      actorContactId: a.portal.contactId,
      entityType: 'file',
      entityId: shared.id,
      entityName: 'Shared.pdf',
      action: 'downloaded',
      companyId: a.portal.companyId,
      clientVisible: true,
    });
    const other = a.rows.document[1];
    expect(await logged(async () => expect((await download(other)).status).toBe(404))).toEqual([]);
    // A staff download is no client action.
    expect(
      await logged(() =>
        fetch(`${app.baseUrl}/api/documents/${shared.id}/download`, {
          headers: { authorization: `Bearer ${a.token}` },
          redirect: 'manual',
        }),
      ),
    ).toEqual([]);
  });

  it('flow upload and submit: file uploaded and flow_submitted by the contact; autosaves are not logged', async () => {
    const db = app.database.db;
    const flow = await db.flow.create({
      data: {
        businessId: a.businessId,
        companyId: a.portal.companyId,
        name: 'Asset intake',
        description: 'Send us things',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      data: { businessId: a.businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Files' },
    });
    const fileField = await db.flowField.create({
      data: { businessId: a.businessId, flowStepId: step.id, fieldLabel: 'Logo', fieldType: 'file' },
    });
    const textField = await db.flowField.create({
      data: { businessId: a.businessId, flowStepId: step.id, fieldLabel: 'Notes', fieldType: 'text', order: 2 },
    });

    const form = new FormData();
    form.append('flowId', String(flow.id));
    form.append('fieldId', String(fileField.id));
    form.append('file', new Blob(['png bytes'], { type: 'image/png' }), 'logo.png');
    const [uploaded] = await logged(async () => {
      const res = await fetch(`${app.baseUrl}/api/portal/flows/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${a.portal.token}` },
      });
      expect(res.status).toBe(201);
    });
    expect(uploaded).toMatchObject({
      actorType: 'contact',
      actorContactId: a.portal.contactId,
      entityType: 'file',
      entityName: 'logo.png',
      action: 'uploaded',
      companyId: a.portal.companyId,
      clientVisible: true,
    });

    expect(
      await logged(() =>
        portal.portalFlows.saveStep.mutate({
          flowId: flow.id,
          stepId: step.id,
          answers: [{ field: textField.id, value: 'Hello' }],
        }),
      ),
    ).toEqual([]);

    const [submitted] = await logged(() => portal.portalFlows.submit.mutate({ flowId: flow.id }));
    expect(submitted).toMatchObject({
      actorType: 'contact',
      entityType: 'flow',
      entityId: flow.id,
      entityName: 'Asset intake',
      action: 'flow_submitted',
      companyId: a.portal.companyId,
      clientVisible: true,
    });
  });

  it('accepting a portal invite: contact invite_accepted, with the contact as actor', async () => {
    const contactId = a.rows.contact[1];
    const contact = await app.database.db.contact.update({ where: { id: contactId }, data: { portalAccess: true } });
    const { url } = await staff.contacts.sendInvite.mutate({ id: contactId });
    const token = decodeURIComponent(url.split('/').pop()!);
    const password = 'marble orchard kettle 6614';
    const [entry] = await logged(() =>
      trpcClient(app.baseUrl).portalAuth.acceptInvite.mutate({ slug: a.slug, token, password }),
    );
    expect(entry).toMatchObject({
      actorType: 'contact',
      actorContactId: contactId,
      entityType: 'contact',
      entityId: contactId,
      entityName: `${contact.firstName} ${contact.lastName}`,
      action: 'invite_accepted',
      companyId: contact.companyId,
      clientVisible: true,
    });
    expect(JSON.stringify(entry)).not.toContain(password);
  });
});

describe('atomic with the change', () => {
  const provider = () => app.database.sql.provider;
  async function installTrigger() {
    const run = (text: string) => app.database.db.$executeRawUnsafe(text);
    if (provider() === 'postgresql') {
      await run(
        `CREATE OR REPLACE FUNCTION activity_boom() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'boom'; END; $$ LANGUAGE plpgsql`,
      );
      await run(`DROP TRIGGER IF EXISTS activity_boom ON "Activity"`);
      await run(
        `CREATE TRIGGER activity_boom BEFORE INSERT ON "Activity" FOR EACH ROW WHEN (NEW."entityName" = 'boom') EXECUTE FUNCTION activity_boom()`,
      );
    } else {
      await run(`DROP TRIGGER IF EXISTS activity_boom`);
      await run(
        `CREATE TRIGGER activity_boom BEFORE INSERT ON "Activity" WHEN NEW."entityName" = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END`,
      );
    }
  }
  async function dropTrigger() {
    const run = (text: string) => app.database.db.$executeRawUnsafe(text);
    if (provider() === 'postgresql') {
      await run(`DROP TRIGGER IF EXISTS activity_boom ON "Activity"`);
      await run(`DROP FUNCTION IF EXISTS activity_boom()`);
    } else {
      await run(`DROP TRIGGER IF EXISTS activity_boom`);
    }
  }

  it('a change whose entry cannot be written is rolled back', async () => {
    await installTrigger();
    try {
      const before = await lastId();
      const error = await refused(staff.companies.create.mutate({ name: 'boom' }));
      expect(error.code).not.toBe('none');
      expect(await app.database.db.company.count({ where: { businessId: a.businessId, name: 'boom' } })).toBe(0);
      expect(await entriesSince(before)).toEqual([]);

      // An update too: the company keeps its old name.
      const company = a.companies[3];
      expect((await refused(staff.companies.update.mutate({ id: company.id, name: 'boom' }))).code).not.toBe('none');
      expect((await app.database.db.company.findUniqueOrThrow({ where: { id: company.id } })).name).toBe(company.name);
    } finally {
      await dropTrigger();
    }
    // With the trigger gone the same write goes through, with its entry.
    const [entry] = await logged(() => staff.companies.create.mutate({ name: 'boom' }));
    expect(entry).toMatchObject({ entityType: 'company', entityName: 'boom', action: 'created' });
  });

  it("entries belong to their agency: none of agency A's are found under agency B, nor the other way", async () => {
    const entries = await entriesSince(0);
    expect(entries.length).toBeGreaterThan(20);
    const ids = entries.map((e) => e.id);
    expect(await app.database.db.activity.count({ where: { businessId: b.businessId, id: { in: ids } } })).toBe(0);
    // Agency B's own write lands under B only, naming B's company.
    const staffB = trpcClient(app.baseUrl, { token: b.token });
    const entriesB = await logged(
      () => staffB.companies.update.mutate({ id: b.companies[0].id, industry: 'Baking' }),
      b.businessId,
    );
    expect(entriesB).toHaveLength(1);
    expect(entriesB[0]).toMatchObject({ businessId: b.businessId, companyId: b.companies[0].id });
    expect(await app.database.db.activity.count({ where: { businessId: a.businessId, id: entriesB[0].id } })).toBe(0);
  });
});
