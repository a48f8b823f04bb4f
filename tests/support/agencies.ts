import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPortalSession, createStaffSession } from '../../server/auth/sessions';
import { hashPassword } from '../../server/auth/password';
import type { Db } from '../../server/db';
import { newAgency, type TestApp } from './app';

/** The tenant-owned models the fixture fills, by their Prisma client name. */
const TENANT_MODELS = [
  'user',
  'company',
  'contact',
  'project',
  'task',
  'document',
  'resource',
  'flow',
  'flowStep',
  'flowField',
  'apiToken',
  'staffInvite',
  'notification',
  'job',
  'projectTemplate',
  'flowTemplate',
  'savedView',
  'messageThread',
  'message',
  'approvalRequest',
  'reviewComment',
  'colleagueInvite',
] as const;
export type TenantModel = (typeof TENANT_MODELS)[number];
/** The rows of TENANT_MODELS, and of each area fixture's model (tests/support/fixtures/). */
export type RowsByModel = Record<TenantModel, number[]> & Partial<Record<string, number[]>>;

/**
 * A record area's rows in the fixture, one file per area in tests/support/fixtures/ (default export), so a new area
 * adds its file rather than editing this one: its model's client name, and a row made under a company's tree.
 * @public (the area fixtures' type)
 */
export type AreaFixture = {
  model: string;
  create: (
    db: Db,
    tree: { businessId: number; userId: number; companyId: number; projectId: number; name: string },
  ) => Promise<number[]>;
};

const FIXTURES_DIR = path.join(import.meta.dirname, 'fixtures');
let areaFixtures: Promise<AreaFixture[]> | undefined;
const loadAreaFixtures = () =>
  (areaFixtures ??= Promise.all(
    (fs.existsSync(FIXTURES_DIR) ? fs.readdirSync(FIXTURES_DIR) : [])
      .filter((file) => file.endsWith('.ts'))
      .sort()
      .map(
        async (file) =>
          ((await import(pathToFileURL(path.join(FIXTURES_DIR, file)).href)) as { default: AreaFixture }).default,
      ),
  ));

export type Agency = {
  slug: string;
  name: string;
  /** The owner's sign-in and Bearer token. */
  email: string;
  password: string;
  token: string;
  businessId: number;
  userId: number;
  /** In creation order (names need not be sorted). */
  companies: { id: number; name: string }[];
  /** A contact with portal access at companies[0], and a live portal session of theirs. */
  portal: { contactId: number; companyId: number; email: string; password: string; token: string };
  /**
   * Every row the fixture made, per model; each company has a contact, a shared project (in progress) with a task, a
   * shared document, a published flow (step, field)
   * and two resources, the first hidden from the client, the second visible; with each company the owner also gets
   * an API token and a saved view and sends a staff invite (unusable: their tokens are unknown), gets a notification, and the agency a
   * dead job.
   */
  rows: RowsByModel;
};

export const PORTAL_PASSWORD = 'portal client password';

const emptyRows = (): RowsByModel => Object.fromEntries(TENANT_MODELS.map((m) => [m, []])) as unknown as RowsByModel;

let counter = 0;

/**
 * One company with a row of every tenant-owned model under it, written through the unscoped client
 * (the fixture is the database's truth, not a test of the procedures).
 */
export async function addCompanyTree(db: Db, businessId: number, userId: number, name: string): Promise<RowsByModel> {
  const n = `${process.pid}-${Date.now().toString(36)}-${counter++}`;
  const rows = emptyRows();
  const company = await db.company.create({
    data: { businessId, name, industry: `Industry of ${name}`, status: 'active' },
  });
  rows.company.push(company.id);
  const contact = await db.contact.create({
    data: { businessId, companyId: company.id, firstName: 'Casey', lastName: name, email: `casey-${n}@client.test` },
  });
  rows.contact.push(contact.id);
  const project = await db.project.create({
    data: { businessId, companyId: company.id, name: `${name} website`, status: 'in-progress', visibleToClient: true },
  });
  rows.project.push(project.id);
  const task = await db.task.create({ data: { businessId, projectId: project.id, title: `Kick-off for ${name}` } });
  rows.task.push(task.id);
  const document = await db.document.create({
    data: {
      businessId,
      companyId: company.id,
      projectId: project.id,
      name: `${name} contract.pdf`,
      url: 'https://files.example.test/contract.pdf',
      uploadedById: userId,
      visibleInPortal: true,
    },
  });
  // Its version 1, as every writer of files makes it (issue 31).
  await db.documentVersion.create({
    data: {
      businessId,
      documentId: document.id,
      number: 1,
      url: document.url,
      uploadedById: userId,
      previewStatus: 'none',
    },
  });
  rows.document.push(document.id);
  for (const [title, visibleToClient] of [
    [`${name} internal notes`, false],
    [`${name} brand guide`, true],
  ] as const) {
    const resource = await db.resource.create({
      data: {
        businessId,
        companyId: company.id,
        projectId: project.id,
        title,
        description: 'Fixture resource',
        type: 'information',
        status: 'active',
        visibleToClient,
      },
    });
    rows.resource.push(resource.id);
  }
  const flow = await db.flow.create({
    data: {
      businessId,
      companyId: company.id,
      createdById: userId,
      name: `${name} onboarding`,
      description: 'Fixture flow',
      workflowType: 'onboard',
      isActive: true,
    },
  });
  rows.flow.push(flow.id);
  const step = await db.flowStep.create({ data: { businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'Welcome' } });
  rows.flowStep.push(step.id);
  const field = await db.flowField.create({
    data: { businessId, flowStepId: step.id, fieldLabel: 'Company goals', fieldType: 'text' },
  });
  rows.flowField.push(field.id);
  // A flow template, and a project template with a task that creates a flow from it (issue 29).
  const flowTemplate = await db.flowTemplate.create({
    data: {
      businessId,
      name: `${name} onboarding template`,
      description: 'Fixture flow template',
      workflowType: 'onboard',
      steps: JSON.stringify([{ stepTitle: 'Welcome', content: 'Hello', fields: [] }]),
    },
  });
  rows.flowTemplate.push(flowTemplate.id);
  const projectTemplate = await db.projectTemplate.create({ data: { businessId, name: `${name} project template` } });
  rows.projectTemplate.push(projectTemplate.id);
  await db.projectTemplateTask.create({
    data: { businessId, templateId: projectTemplate.id, title: 'Kick-off', dueOffsetDays: 3, position: 0 },
  });
  await db.projectTemplateFlow.create({
    data: { businessId, projectTemplateId: projectTemplate.id, flowTemplateId: flowTemplate.id },
  });
  // A saved view of the companies list: the user's personal one (a team view is anyone's to read, not this).
  const savedView = await db.savedView.create({
    data: { businessId, userId, list: 'company', name: `${name} view ${n}`, query: 'status=active' },
  });
  rows.savedView.push(savedView.id);
  // The user's API token and an unused staff invite they sent (unknown tokens: only their hashes are stored).
  const apiToken = await db.apiToken.create({
    data: { businessId, userId, name: `${name} script`, tokenHash: `fixture-token-${n}`, prefix: 'cf_pat_fixtur' },
  });
  rows.apiToken.push(apiToken.id);
  const invite = await db.staffInvite.create({
    data: {
      businessId,
      email: `invitee-${n}@agency.test`,
      role: 'member',
      tokenHash: `fixture-invite-${n}`,
      invitedById: userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    },
  });
  rows.staffInvite.push(invite.id);
  // A notification of the user's, and a dead e-mail job of the agency (the owner's Background jobs).
  const notification = await db.notification.create({
    data: {
      businessId,
      userId,
      kind: 'task_assigned',
      title: `Task assigned for ${name}`,
      link: `/hub/tasks?task=${task.id}`,
      dedupeKey: `fixture:${n}`,
    },
  });
  rows.notification.push(notification.id);
  const job = await db.job.create({
    data: {
      businessId,
      kind: 'email',
      payload: JSON.stringify({ to: 'nobody@fixture.test', subject: 'Fixture', text: 'Fixture' }),
      status: 'dead',
      attempts: 5,
      lastError: 'Fixture failure',
      dedupeKey: `fixture:${n}`,
    },
  });
  rows.job.push(job.id);
  // The company's conversation: the user's message, then an internal note (staff only).
  const thread = await db.messageThread.create({
    data: {
      businessId,
      companyId: company.id,
      kind: 'company',
      singletonKey: `company:${company.id}`,
      createdById: userId,
      lastMessageAt: new Date(),
      lastPublicMessageAt: new Date(),
    },
  });
  rows.messageThread.push(thread.id);
  for (const [body, internal] of [
    [`Welcome aboard, ${name}!`, false],
    [`Internal: ${name} pays late, keep an eye on it`, true],
  ] as const) {
    const message = await db.message.create({
      data: {
        businessId,
        threadId: thread.id,
        authorUserId: userId,
        authorKind: 'staff',
        authorName: 'Owner',
        body,
        internal,
      },
    });
    rows.message.push(message.id);
  }
  for (const fixture of await loadAreaFixtures()) {
    const ids = await fixture.create(db, { businessId, userId, companyId: company.id, projectId: project.id, name });
    rows[fixture.model] = [...(rows[fixture.model] ?? []), ...ids];
  }
  return rows;
}

/**
 * An agency and its owner with a staff session, written straight to the database (sign-up itself is tested in
 * auth.test.ts, and this way the fixture never meets the sign-up throttle); then its companies, each with a full
 * tree of rows, and a portal client.
 */
export async function createAgency(app: TestApp, companyNames: string[]): Promise<Agency> {
  const db = app.database.db;
  const agency = newAgency();
  const business = await db.business.create({
    data: { name: agency.name, slug: agency.slug, email: agency.email, phone: agency.phone },
  });
  const user = await db.user.create({
    data: {
      businessId: business.id,
      email: agency.email,
      firstName: agency.first_name,
      lastName: agency.last_name,
      passwordHash: await hashPassword(agency.password),
      role: 'owner',
    },
    select: { id: true, businessId: true },
  });
  const { token } = await createStaffSession(db, user.id);
  const rows = emptyRows();
  rows.user.push(user.id);
  const companies: Agency['companies'] = [];
  for (const name of companyNames) {
    const tree = await addCompanyTree(db, user.businessId, user.id, name);
    for (const [model, ids] of Object.entries(tree)) rows[model] = [...(rows[model] ?? []), ...(ids ?? [])];
    companies.push({ id: tree.company[0], name });
  }
  // The first company's contact is the portal client.
  const contactId = rows.contact[0];
  const contact = await db.contact.update({
    where: { id: contactId },
    data: { portalAccess: true, portalPasswordHash: await hashPassword(PORTAL_PASSWORD) },
  });
  const { token: portalToken } = await createPortalSession(db, user.businessId, contactId);
  return {
    slug: agency.slug,
    name: agency.name,
    email: agency.email,
    password: agency.password,
    token,
    businessId: user.businessId,
    userId: user.id,
    companies,
    portal: {
      contactId,
      companyId: companies[0].id,
      email: contact.email,
      password: PORTAL_PASSWORD,
      token: portalToken,
    },
    rows,
  };
}

/** Company names of the two agencies interleave alphabetically, so a leak of position or order shows in either list. */
export const AGENCY_A_COMPANIES = ['Alder Architects', 'Maple Media', 'Sorrel Studio', 'Zinnia Zoology'];
export const AGENCY_B_COMPANIES = ['Birch Bakery', 'Nutmeg Nursery', 'Quince Quarry', 'Yew Yachts'];

/** The two-agency fixture: agency A and agency B, each with several companies, their rows and a portal client. */
export async function twoAgencies(app: TestApp): Promise<{ a: Agency; b: Agency }> {
  const a = await createAgency(app, AGENCY_A_COMPANIES);
  const b = await createAgency(app, AGENCY_B_COMPANIES);
  return { a, b };
}
