/**
 * The hub dashboard against a known data set, on SQLite and PostgreSQL: agency A's rows are written straight to the
 * database (unscoped client) with fixed dates, agency B has newer and more rows of every kind, and a brand-new
 * agency has nothing. The numbers and lists must be exactly A's, whatever B holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_PROJECT_STATUSES, PENDING_TASK_STATUSES } from '../../shared/status';
import { createPortalInvite, createPortalReset } from '../../server/auth/portal-access';
import { client, signUpAgency, startApp, type TestApp } from '../support/app';
import { trpcClient, trpcCode } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;

type Tenant = { token: string; businessId: number; userId: number };

async function agency(): Promise<Tenant> {
  const signedUp = await signUpAgency(api, { password: 'a-strong-password-2' });
  const business = await app.database.db.business.findUniqueOrThrow({
    where: { slug: signedUp.slug },
    include: { users: true },
  });
  return { token: signedUp.token, businessId: business.id, userId: business.users[0].id };
}

/** Minutes after a fixed day, so "newest" is known exactly (B's rows are all newer than A's). */
const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 9, 0) + minutes * 60_000);

let a: Tenant;
let b: Tenant;
let fresh: Tenant;

/** What agency A's data set must produce, filled in while it is written. */
const expected = {
  stats: { activeProjects: 0, pendingTasks: 0, totalClients: 0, tasksByPriority: { high: 0, medium: 0, low: 0 } },
  activeProjects: [] as {
    id: number;
    projectUid: string;
    name: string;
    status: string;
    company: { id: number; name: string } | null;
  }[],
  recentFiles: [] as { id: number; name: string; type: string; createdAt: Date }[],
  recentCompanies: [] as { id: number; name: string; industry: string | null; status: string; createdAt: Date }[],
  recentContacts: [] as {
    id: number;
    firstName: string;
    lastName: string;
    email: string;
    company: { id: number; name: string } | null;
    portalAccess: boolean;
    createdAt: Date;
  }[],
};

/**
 * Agency A: 5 companies (one 'inactive', which is not a client status), 10 projects (6 active, one of them without a
 * company; the newest project is a draft), 11 tasks (7 pending or in progress), 7 documents, 6 contacts (one with
 * portal access, one without a company).
 */
async function seedAgencyA(t: Tenant) {
  const db = app.database.db;
  const businessId = t.businessId;
  const companies: { id: number; name: string; industry: string | null; status: string; createdAt: Date }[] = [];
  for (const [i, [name, status, industry]] of (
    [
      ['Alder Architects', 'active', 'Architecture'],
      ['Maple Media', 'onboarding', 'Media'],
      ['Sorrel Studio', 'prospect', null],
      ['Zinnia Zoology', 'at-risk', 'Science'],
      ['Old Oak', 'inactive', 'Retail'],
    ] as const
  ).entries()) {
    const company = await db.company.create({ data: { businessId, name, status, industry, createdAt: at(i) } });
    companies.push(company);
  }
  expected.stats.totalClients = 4;
  expected.recentCompanies = companies
    .toReversed()
    .map(({ id, name, industry, status, createdAt }) => ({ id, name, industry, status, createdAt }));

  // [status, company index or null]; createdAt grows with the index, so the last is the newest.
  const projectSpecs: [string, number | null][] = [
    ['in-progress', 0], // oldest active: the sixth, not shown
    ['waiting', 1],
    ['complete', 0],
    ['approval', 2],
    ['on-hold', 1],
    ['at-risk', null],
    ['complete', 3],
    ['waiting', 3],
    ['in-progress', 0],
    ['draft', 0], // newest, but not active
  ];
  const projects = [];
  for (const [i, [status, companyIndex]] of projectSpecs.entries()) {
    const company = companyIndex === null ? null : companies[companyIndex];
    projects.push(
      await db.project.create({
        data: { businessId, companyId: company?.id ?? null, name: `Project ${i}`, status, createdAt: at(10 + i) },
      }),
    );
  }
  const active = projects.filter((p) => (ACTIVE_PROJECT_STATUSES as readonly string[]).includes(p.status));
  expected.stats.activeProjects = active.length;
  expect(active.length).toBe(6);
  expected.activeProjects = active
    .toReversed()
    .slice(0, 5)
    .map((p) => {
      const company = companies.find((c) => c.id === p.companyId);
      return {
        id: p.id,
        projectUid: p.projectUid,
        name: p.name,
        status: p.status,
        company: company ? { id: company.id, name: company.name } : null,
      };
    });

  const taskSpecs: [string, string][] = [
    ['pending', 'high'],
    ['pending', 'high'],
    ['in-progress', 'high'],
    ['pending', 'medium'],
    ['in-progress', 'medium'],
    ['pending', 'low'],
    ['in-progress', 'low'],
    ['completed', 'high'],
    ['completed', 'low'],
    ['cancelled', 'medium'],
    ['cancelled', 'high'],
  ];
  for (const [i, [status, priority]] of taskSpecs.entries()) {
    await db.task.create({
      data: { businessId, projectId: projects[i % projects.length].id, title: `Task ${i}`, status, priority },
    });
  }
  const pending = taskSpecs.filter(([status]) => (PENDING_TASK_STATUSES as readonly string[]).includes(status));
  expected.stats.pendingTasks = pending.length;
  expected.stats.tasksByPriority = { high: 3, medium: 2, low: 2 };
  expect(pending.length).toBe(7);

  const types = ['contract', 'agreement', 'proposal', 'invoice', 'report', 'other', 'contract'];
  const documents = [];
  for (const [i, type] of types.entries()) {
    documents.push(
      await db.document.create({
        data: {
          businessId,
          companyId: companies[0].id,
          name: `File ${i}.pdf`,
          type,
          url: `https://files.example.test/${i}.pdf`,
          uploadedById: t.userId,
          createdAt: at(20 + i),
        },
      }),
    );
  }
  expected.recentFiles = documents
    .toReversed()
    .slice(0, 5)
    .map(({ id, name, type, createdAt }) => ({ id, name, type, createdAt }));

  const contacts = [];
  const contactSpecs: [string, number | null, boolean][] = [
    ['Ada', 0, false],
    ['Ben', 1, true],
    ['Cleo', null, false],
    ['Dev', 2, false],
    ['Eli', 3, false],
    ['Fay', 0, false],
  ];
  for (const [i, [firstName, companyIndex, portalAccess]] of contactSpecs.entries()) {
    const company = companyIndex === null ? null : companies[companyIndex];
    contacts.push({
      row: await db.contact.create({
        data: {
          businessId,
          companyId: company?.id ?? null,
          firstName,
          lastName: 'Known',
          email: `${firstName.toLowerCase()}-${businessId}@client.test`,
          portalAccess,
          createdAt: at(30 + i),
          // A contact with access has been let in (a password set), so the checklist's step ticks.
          portalPasswordHash: portalAccess ? 'not-a-real-hash' : null,
        },
      }),
      company,
    });
  }
  expected.recentContacts = contacts
    .toReversed()
    .slice(0, 5)
    .map(({ row, company }) => ({
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      company: company ? { id: company.id, name: company.name } : null,
      portalAccess: row.portalAccess,
      createdAt: row.createdAt,
    }));
}

/** Agency B: newer rows of every kind, active and pending ones included, which A must never see or count. */
async function seedAgencyB(t: Tenant) {
  const db = app.database.db;
  const businessId = t.businessId;
  for (let i = 0; i < 7; i++) {
    const company = await db.company.create({
      data: { businessId, name: `B company ${i}`, status: 'active', createdAt: at(1000 + i) },
    });
    const project = await db.project.create({
      data: {
        businessId,
        companyId: company.id,
        name: `B project ${i}`,
        status: 'in-progress',
        createdAt: at(1000 + i),
      },
    });
    await db.task.create({
      data: { businessId, projectId: project.id, title: `B task ${i}`, status: 'pending', priority: 'high' },
    });
    await db.document.create({
      data: {
        businessId,
        name: `B file ${i}.pdf`,
        type: 'invoice',
        url: 'https://files.example.test/b.pdf',
        createdAt: at(1000 + i),
      },
    });
    const contact = await db.contact.create({
      data: {
        businessId,
        companyId: company.id,
        firstName: 'Bea',
        lastName: `B${i}`,
        email: `bea${i}-${businessId}@b.test`,
        portalAccess: true,
        createdAt: at(1000 + i),
      },
    });
    // Invited (the checklist's portal step ticks on an invite as on a password).
    await createPortalInvite(db, businessId, contact.id);
  }
  await db.business.update({ where: { id: businessId }, data: { primaryColor: '#112233' } });
}

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  [a, b, fresh] = [await agency(), await agency(), await agency()];
  await seedAgencyA(a);
  await seedAgencyB(b);
});
afterAll(() => app.close());

const dashboard = (t: Tenant) => trpcClient(app.baseUrl, { token: t.token }).dashboard;

describe('dashboard.stats', () => {
  it("counts exactly agency A's active projects, pending tasks by priority and client companies", async () => {
    expect(await dashboard(a).stats.query()).toEqual({
      activeProjects: 6,
      pendingTasks: 7,
      totalClients: 4,
      tasksByPriority: { high: 3, medium: 2, low: 2 },
    });
    expect(await dashboard(a).stats.query()).toEqual(expected.stats);
  });

  it("counts agency B's own rows only", async () => {
    expect(await dashboard(b).stats.query()).toEqual({
      activeProjects: 7,
      pendingTasks: 7,
      totalClients: 7,
      tasksByPriority: { high: 7, medium: 0, low: 0 },
    });
  });

  it('answers zeros for a brand-new agency', async () => {
    expect(await dashboard(fresh).stats.query()).toEqual({
      activeProjects: 0,
      pendingTasks: 0,
      totalClients: 0,
      tasksByPriority: { high: 0, medium: 0, low: 0 },
    });
  });

  it('is GET /api/dashboard/stats in camelCase', async () => {
    const res = await api.get('/api/dashboard/stats', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      activeProjects: 6,
      pendingTasks: 7,
      totalClients: 4,
      tasksByPriority: { high: 3, medium: 2, low: 2 },
    });
  });

  it('answers 401 without a session', async () => {
    expect((await api.get('/api/dashboard/stats')).status).toBe(401);
    await expect(trpcClient(app.baseUrl).dashboard.stats.query()).rejects.toSatisfy(
      (e) => trpcCode(e) === 'UNAUTHORIZED',
    );
  });
});

describe('dashboard.overview', () => {
  it("lists agency A's 5 newest active projects (company or null), files, companies and contacts, newest first", async () => {
    const overview = await dashboard(a).overview.query();
    expect(overview.activeProjects).toEqual(expected.activeProjects);
    expect(overview.activeProjects.map((p) => p.name)).toEqual([
      'Project 8',
      'Project 7',
      'Project 5',
      'Project 3',
      'Project 1',
    ]);
    expect(overview.activeProjects.find((p) => p.name === 'Project 5')?.company).toBeNull();
    expect(overview.recentFiles).toEqual(expected.recentFiles);
    expect(overview.recentFiles.map((f) => f.type)).toEqual(['contract', 'other', 'report', 'invoice', 'proposal']);
    expect(overview.recentCompanies).toEqual(expected.recentCompanies);
    expect(overview.recentContacts).toEqual(expected.recentContacts);
    expect(overview.recentContacts.map((c) => c.firstName)).toEqual(['Fay', 'Eli', 'Dev', 'Cleo', 'Ben']);
    expect(overview.checklist).toEqual({ company: true, contact: true, portalAccess: true, branding: false });
  });

  it('shows a brand-new agency empty lists and an open checklist (the schema defaults are not "branding set")', async () => {
    expect(await dashboard(fresh).overview.query()).toEqual({
      activeProjects: [],
      recentFiles: [],
      recentCompanies: [],
      recentContacts: [],
      checklist: { company: false, contact: false, portalAccess: false, branding: false },
    });
  });

  it('ticks items off from real data: a contact, portal access only once an invite was sent, then branding', async () => {
    const db = app.database.db;
    const t = await agency();
    const company = await db.company.create({ data: { businessId: t.businessId, name: 'First Client' } });
    const contact = await db.contact.create({
      data: {
        businessId: t.businessId,
        companyId: company.id,
        firstName: 'Pat',
        lastName: 'Lee',
        email: `pat-${t.businessId}@client.test`,
      },
    });
    expect((await dashboard(t).overview.query()).checklist).toEqual({
      company: true,
      contact: true,
      portalAccess: false,
      branding: false,
    });

    // The switch alone lets nobody in: the step ticks only once an invite was sent or a password set.
    await db.contact.update({ where: { id: contact.id }, data: { portalAccess: true } });
    // The same colour in capitals is still the default.
    await db.business.update({ where: { id: t.businessId }, data: { primaryColor: '#276398'.toUpperCase() } });
    expect((await dashboard(t).overview.query()).checklist).toEqual({
      company: true,
      contact: true,
      portalAccess: false,
      branding: false,
    });
    // A password reset link is no invite.
    await createPortalReset(db, t.businessId, contact.id);
    expect((await dashboard(t).overview.query()).checklist.portalAccess).toBe(false);
    await createPortalInvite(db, t.businessId, contact.id);
    expect((await dashboard(t).overview.query()).checklist).toEqual({
      company: true,
      contact: true,
      portalAccess: true,
      branding: false,
    });
    // Still ticked once the invite is used or expired: it was sent.
    await db.portalInvite.updateMany({
      where: { contactId: contact.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await dashboard(t).overview.query()).checklist.portalAccess).toBe(true);

    // Access turned off (which voids unused invites): open again.
    await db.contact.update({ where: { id: contact.id }, data: { portalAccess: false } });
    await db.portalInvite.deleteMany({ where: { contactId: contact.id } });
    expect((await dashboard(t).overview.query()).checklist.portalAccess).toBe(false);

    await db.business.update({ where: { id: t.businessId }, data: { loginText: 'Welcome to our client portal.' } });
    expect((await dashboard(t).overview.query()).checklist.branding).toBe(true);
    await db.business.update({
      where: { id: t.businessId },
      data: {
        loginText: (await db.business.findFirstOrThrow({ where: { id: fresh.businessId } })).loginText,
        logoKey: 'logos/x.png',
      },
    });
    expect((await dashboard(t).overview.query()).checklist.branding).toBe(true);
  });

  it("never shows agency B's newer rows to agency A, nor A's to B", async () => {
    const overview = await dashboard(b).overview.query();
    expect(overview.activeProjects.map((p) => p.name)).toEqual([
      'B project 6',
      'B project 5',
      'B project 4',
      'B project 3',
      'B project 2',
    ]);
    expect(overview.recentFiles.every((f) => f.name.startsWith('B file'))).toBe(true);
    expect(overview.recentCompanies.every((c) => c.name.startsWith('B company'))).toBe(true);
    expect(overview.recentContacts.every((c) => c.firstName === 'Bea' && c.company?.name.startsWith('B company'))).toBe(
      true,
    );
    expect(overview.checklist).toEqual({ company: true, contact: true, portalAccess: true, branding: true });
  });

  it('is GET /api/dashboard/overview in camelCase, dates as ISO text', async () => {
    const res = await api.get('/api/dashboard/overview', { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.recentFiles[0]).toEqual({
      ...expected.recentFiles[0],
      createdAt: expected.recentFiles[0].createdAt.toISOString(),
    });
    expect(res.body.activeProjects[0]).toEqual(expected.activeProjects[0]);
    expect(Object.keys(res.body)).toEqual([
      'activeProjects',
      'recentFiles',
      'recentCompanies',
      'recentContacts',
      'checklist',
    ]);
  });
});

describe("the checklist's portal access step through the contact procedures", () => {
  it('ticks after "Send invite now" or "Set a password", not after the switch alone', async () => {
    const t = await agency();
    const staff = trpcClient(app.baseUrl, { token: t.token });
    const company = await staff.companies.create.mutate({ name: 'Checklist Co' });
    const n = Date.now().toString(36);
    await staff.contacts.create.mutate({
      firstName: 'Sw',
      lastName: 'Itch',
      email: `switch-${n}@client.test`,
      companyId: company.id,
      portalAccess: true,
    });
    expect((await dashboard(t).overview.query()).checklist.portalAccess).toBe(false);
    await staff.contacts.create.mutate({
      firstName: 'In',
      lastName: 'Vite',
      email: `invite-${n}@client.test`,
      companyId: company.id,
      portalAccess: true,
      sendInvite: true,
    });
    expect((await dashboard(t).overview.query()).checklist.portalAccess).toBe(true);

    const other = await agency();
    const otherStaff = trpcClient(app.baseUrl, { token: other.token });
    const theirs = await otherStaff.companies.create.mutate({ name: 'Password Co' });
    await otherStaff.contacts.create.mutate({
      firstName: 'Pass',
      lastName: 'Word',
      email: `password-${n}@client.test`,
      companyId: theirs.id,
      portalAccess: true,
      portalPassword: 'violet harbour quartz 4817 engine',
    });
    expect((await dashboard(other).overview.query()).checklist.portalAccess).toBe(true);
  });
});
