/**
 * Archiving and deleting a client company (issue 29): archive hides it from the list, pickers, search and the
 * dashboard and closes its portal, unarchive restores it; delete removes the company and everything it lists in one
 * transaction and its stored files after; another agency's company is 404 on every procedure and REST row; a member
 * may archive but not delete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createAgency, PORTAL_PASSWORD, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { addStaff, type StaffUser } from '../support/staff';
import { storedKeys } from '../support/stored';
import { refusal, trpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let a: Agency;
let b: Agency;
let member: StaffUser;

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  a = await createAgency(app, ['Quartz Archive Co', 'Umber Keep Ltd']);
  b = await createAgency(app, ['Foreign Quartz Inc']);
  member = await addStaff(app, a, 'member');
});
afterAll(() => app.close());

const trpcOf = (token: string) => trpcClient(app.baseUrl, { token });
const listNames = async (query = '') =>
  ((await api.get(`/api/companies${query}`, { token: a.token })).body as { name: string }[]).map((c) => c.name);
const searchNames = async (q: string) => {
  const res = await api.get(`/api/search?q=${encodeURIComponent(q)}`, { token: a.token });
  expect(res.status).toBe(200);
  const groups = res.body.groups as { kind: string; results: { title: string }[] }[];
  return groups.filter((g) => g.kind === 'company').flatMap((g) => g.results.map((r) => r.title));
};
/** The ids the dashboard's lists show. */
const dashboardIds = async () => {
  const overview = await trpcOf(a.token).dashboard.overview.query();
  return {
    projects: overview.activeProjects.map((p) => p.id),
    files: overview.recentFiles.map((f) => f.id),
    companies: overview.recentCompanies.map((c) => c.id),
    contacts: overview.recentContacts.map((k) => k.id),
  };
};
const portalLogin = () =>
  api.post('/auth/portal/v1/login', { slug: a.slug, email: a.portal.email, password: PORTAL_PASSWORD });

describe('archiving a company', () => {
  it('hides it from the list, the picker, search and the dashboard; it stays reachable by id, in the Archived view', async () => {
    const [quartz] = a.companies;
    const owner = trpcOf(a.token);
    const statsBefore = await owner.dashboard.stats.query();
    expect(await listNames()).toContain(quartz.name);
    expect(await searchNames('Quartz')).toEqual([quartz.name]);

    const res = await api.post(`/api/companies/${quartz.id}/archive`, undefined, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: quartz.id, name: quartz.name });
    expect(Date.parse(res.body.archivedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect(await listNames()).not.toContain(quartz.name);
    expect((await api.get('/api/companies', { token: a.token })).headers.get('x-total-count')).toBe('1');
    // The pickers ask companies.list with a search.
    expect((await owner.companies.list.query({ search: 'Quartz', limit: 10 })).items).toEqual([]);
    expect(await listNames('?archived=true')).toEqual([quartz.name]);
    expect(await searchNames('Quartz')).toEqual([]);
    const stats = await owner.dashboard.stats.query();
    expect(stats.totalClients).toBe(statsBefore.totalClients - 1);
    // Its in-progress project and its pending task leave the dashboard's counts and lists with it.
    expect(stats.activeProjects).toBe(statsBefore.activeProjects - 1);
    expect(stats.pendingTasks).toBe(statsBefore.pendingTasks - 1);
    expect(stats.tasksByPriority.medium).toBe(statsBefore.tasksByPriority.medium - 1);
    expect(await dashboardIds()).toEqual({
      projects: [a.rows.project[1]],
      files: [a.rows.document[1]],
      companies: [a.companies[1].id],
      contacts: expect.not.arrayContaining([a.rows.contact[0]]),
    });
    // The project picker asks for live companies' projects only; the Projects list keeps the archived client's work.
    const projectIds = async (query: string) =>
      ((await api.get(`/api/projects${query}`, { token: a.token })).body as { id: number }[]).map((p) => p.id).sort();
    expect((await owner.projects.list.query({ limit: 50, liveCompanies: true })).items.map((p) => p.id)).toEqual([
      a.rows.project[1],
    ]);
    expect(await projectIds('?liveCompanies=true')).toEqual([a.rows.project[1]]);
    expect(await projectIds('')).toEqual([...a.rows.project].sort());
    // Its page and its records still open by id.
    expect((await owner.companies.get.query({ id: quartz.id })).archivedAt).toBeInstanceOf(Date);
    expect((await api.get(`/api/projects/${a.rows.project[0]}`, { token: a.token })).status).toBe(200);
    const entry = await app.database.db.activity.findFirst({
      where: { businessId: a.businessId, entityType: 'company', entityId: quartz.id, action: 'archived' },
    });
    expect(entry?.entityName).toBe(quartz.name);
  });

  it('closes its portal: the live session ends and sign-in is refused with a sentence', async () => {
    expect((await api.get('/auth/portal/v1/me', { token: a.portal.token })).status).toBe(401);
    const login = await portalLogin();
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(M.portalAuth.companyArchived);
  });

  it('unarchive restores it everywhere and its contacts can sign in again', async () => {
    const [quartz] = a.companies;
    const res = await api.post(`/companies/v1/${quartz.id}/unarchive`, undefined, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.archived_at).toBeNull();
    expect(await listNames()).toContain(quartz.name);
    expect(await listNames('?archived=true')).toEqual([]);
    expect(await searchNames('Quartz')).toEqual([quartz.name]);
    const stats = await trpcOf(a.token).dashboard.stats.query();
    expect([stats.activeProjects, stats.pendingTasks]).toEqual([2, 2]);
    expect(
      (await trpcOf(a.token).projects.list.query({ limit: 50, liveCompanies: true })).items.map((p) => p.id).sort(),
    ).toEqual([...a.rows.project].sort());
    expect(await dashboardIds()).toMatchObject({
      projects: expect.arrayContaining(a.rows.project),
      files: expect.arrayContaining(a.rows.document),
      contacts: expect.arrayContaining([a.rows.contact[0]]),
    });
    const login = await portalLogin();
    expect(login.status).toBe(200);
    expect((await api.get('/auth/portal/v1/me', { token: login.body.authToken })).status).toBe(200);
  });

  it('is open to a member, like editing', async () => {
    const [, umber] = a.companies;
    const staff = trpcOf(member.token);
    expect((await staff.companies.archive.mutate({ id: umber.id })).archivedAt).toBeInstanceOf(Date);
    expect((await staff.companies.unarchive.mutate({ id: umber.id })).archivedAt).toBeNull();
  });
});

describe('deleting a company', () => {
  it('is refused to a member (403), and the company stays', async () => {
    const [quartz] = a.companies;
    const staff = trpcOf(member.token);
    await expect(staff.companies.deleteSummary.query({ id: quartz.id }).catch(refusal)).resolves.toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });
    await expect(staff.companies.delete.mutate({ id: quartz.id }).catch(refusal)).resolves.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await api.call('DELETE', `/api/companies/${quartz.id}`, { token: member.token })).status).toBe(403);
    expect(await app.database.db.company.count({ where: { id: quartz.id } })).toBe(1);
  });

  it('counts what goes with it, then removes all of it and its stored files, and clears links from other records', async () => {
    const db = app.database.db;
    const [quartz, umber] = a.companies;
    const owner = trpcOf(a.token);
    const projectId = a.rows.project[0];
    const contactId = a.portal.contactId;
    // An uploaded file of the company (bytes in storage).
    const form = new FormData();
    form.append('companyId', String(quartz.id));
    form.append('file', new Blob(['%PDF quartz'], { type: 'application/pdf' }), 'quartz.pdf');
    const upload = await fetch(`${app.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(upload.status).toBe(201);
    const uploaded = await db.document.findFirstOrThrow({ where: { businessId: a.businessId, name: 'quartz.pdf' } });
    expect(storedKeys(app, a.businessId)).toContain(uploaded.storageKey);
    // A flow for every client with a submission of the company's contact; another company's file and resource
    // naming the company's project (optional links, cleared rather than deleted).
    const everyone = await db.flow.create({
      data: {
        businessId: a.businessId,
        name: 'Everyone survey',
        description: '',
        workflowType: 'collect',
        isActive: true,
      },
    });
    await db.flowSubmission.create({
      data: { businessId: a.businessId, flowId: everyone.id, contactId, companyId: quartz.id },
    });
    const otherFile = await db.document.create({
      data: { businessId: a.businessId, companyId: umber.id, projectId, name: 'Umber brief', url: 'https://x.test/b' },
    });
    const otherResource = await db.resource.create({
      data: {
        businessId: a.businessId,
        companyId: umber.id,
        projectId,
        title: 'Umber access',
        description: '',
        type: 'tool',
        status: 'active',
      },
    });

    const summary = await api.get(`/api/companies/${quartz.id}/delete-summary`, { token: a.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      id: quartz.id,
      name: quartz.name,
      contacts: 1,
      portalUsers: 1,
      projects: 1,
      tasks: 1,
      // The fixture's link, the upload, and the other company's file in the company's project.
      files: 3,
      flows: 1,
      resources: 2,
      submissions: 1,
    });

    const res = await api.call('DELETE', `/companies/v1/${quartz.id}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const where = { businessId: a.businessId };
    expect(await db.company.count({ where: { id: quartz.id } })).toBe(0);
    expect(await db.contact.count({ where: { ...where, companyId: quartz.id } })).toBe(0);
    expect(await db.contact.count({ where: { id: contactId } })).toBe(0);
    expect(await db.portalSession.count({ where: { contactId } })).toBe(0);
    expect(await db.project.count({ where: { id: projectId } })).toBe(0);
    expect(await db.task.count({ where: { id: a.rows.task[0] } })).toBe(0);
    expect(await db.document.count({ where: { id: { in: [a.rows.document[0], uploaded.id, otherFile.id] } } })).toBe(0);
    expect(await db.resource.count({ where: { id: { in: a.rows.resource.slice(0, 2) } } })).toBe(0);
    expect(await db.flow.count({ where: { id: a.rows.flow[0] } })).toBe(0);
    expect(await db.flowSubmission.count({ where: { ...where, contactId } })).toBe(0);
    expect(await db.flow.count({ where: { id: everyone.id } })).toBe(1);
    expect(await db.searchEntry.count({ where: { ...where, companyId: quartz.id } })).toBe(0);
    // The stored bytes are gone from storage (local folder or bucket).
    expect(storedKeys(app, a.businessId)).not.toContain(uploaded.storageKey);
    // Another company's resource in the project stays, without the project; Umber itself is untouched.
    expect(await db.resource.findUnique({ where: { id: otherResource.id }, select: { projectId: true } })).toEqual({
      projectId: null,
    });
    expect(await owner.companies.get.query({ id: umber.id })).toMatchObject({ name: umber.name, contactCount: 1 });
    // The log says so, with no link to what is gone.
    const entry = await db.activity.findFirstOrThrow({
      where: { ...where, entityType: 'company', entityId: quartz.id, action: 'deleted' },
    });
    expect(entry).toMatchObject({ entityName: quartz.name, companyId: null, actorUserId: a.userId });
    await expect(owner.companies.get.query({ id: quartz.id }).catch(refusal)).resolves.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe("another agency's company", () => {
  it('answers 404 on every new procedure and REST row, and stays as it was', async () => {
    const [foreign] = b.companies;
    const db = app.database.db;
    const before = await db.company.findUniqueOrThrow({ where: { id: foreign.id } });
    const owner = trpcOf(a.token);
    for (const call of [
      () => owner.companies.archive.mutate({ id: foreign.id }),
      () => owner.companies.unarchive.mutate({ id: foreign.id }),
      () => owner.companies.deleteSummary.query({ id: foreign.id }),
      () => owner.companies.delete.mutate({ id: foreign.id }),
    ]) {
      await expect(call().catch(refusal)).resolves.toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
    }
    for (const base of ['/api/companies', '/companies/v1']) {
      for (const [method, path] of [
        ['POST', `${base}/${foreign.id}/archive`],
        ['POST', `${base}/${foreign.id}/unarchive`],
        ['GET', `${base}/${foreign.id}/delete-summary`],
        ['DELETE', `${base}/${foreign.id}`],
      ]) {
        const res = await api.call(method, path, { token: a.token });
        expect([method, path, res.status, res.body.message]).toEqual([method, path, 404, M.companies.notFound]);
      }
    }
    expect(await db.company.findUniqueOrThrow({ where: { id: foreign.id } })).toEqual(before);
    expect(await db.contact.count({ where: { companyId: foreign.id } })).toBe(1);
    expect(await db.project.count({ where: { companyId: foreign.id } })).toBe(1);
  });
});
