// What `npm run bench` held by comparing answers byte for byte with its raw baseline, for the calls that no longer
// have one (issue 28 §4): each answer's fields in their order, every list's order and keyset pages (X-Total-Count,
// X-Overall-Count, X-Next-Cursor), and the counts, against the real server on the demo agency of `npm run seed`.
// The database is this file's own: the seed writes the demo agency, which other test files may write too.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db';
import { DEMO } from '../../server/demo';
import { seed } from '../../scripts/seed';
import { client, startApp, type Reply, type TestApp } from '../support/app';
import { temporaryDatabase, type TemporaryDatabase } from '../support/temporary';

const postgres = process.env.TEST_DATABASE === 'postgres';
/** Small pages, so that the lists of the seed at scale 2 span several. */
const PAGE = 7;

let database: TemporaryDatabase;
let app: TestApp;
let api: ReturnType<typeof client>;
let staff: string;
let portal: string;
/** The first company by name, the newest project, the newest file: as the bench picks them. */
let firstCompanyId: number;
let newestProjectId: number;
/** The portal contact's company. */
let portalCompanyId: number;

const get = async (path: string, token = staff) => {
  const res = await api.get(path, { token });
  expect(res.status, `GET ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBe(200);
  return res;
};
const withQuery = (path: string, query: string) => `${path}${path.includes('?') ? '&' : '?'}${query}`;

/** The field paths of an answer in the order they first appear (an array's elements merged under `[]`). */
function shape(value: unknown, prefix = '', into: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) shape(item, `${prefix}[]`, into);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (!into.includes(name)) into.push(name);
      shape(inner, name, into);
    }
  }
  return into;
}

type Item = Record<string, unknown>;
type Page = { items: Item[]; total: string | null; next: string | null };
/** A REST list's page (rows as the body, counts and cursor in headers), or a page inside an object body. */
const pageOf = (reply: Reply): Page =>
  Array.isArray(reply.body)
    ? { items: reply.body, total: reply.headers.get('x-total-count'), next: reply.headers.get('x-next-cursor') }
    : {
        items: reply.body.items,
        total: reply.body.total === null ? null : String(reply.body.total),
        next: reply.body.nextCursor === null ? null : String(reply.body.nextCursor),
      };

/** Every page of a list with `limit` rows each, following its cursor. */
async function walk(path: string, limit: number, token = staff) {
  const pages: Page[] = [];
  let url: string | null = withQuery(path, `limit=${limit}`);
  while (url) {
    const page = pageOf(await get(url, token));
    pages.push(page);
    url = page.next ? withQuery(path, `limit=${limit}&cursor=${page.next}`) : null;
    expect(pages.length).toBeLessThan(200);
  }
  return { pages, items: pages.flatMap((p) => p.items) };
}

/**
 * A list: the pages of PAGE rows together are the same rows, in the same order, as one page of 100; the total is on
 * the first page only and counts them (uncounted lists, such as the activity log, never send one); the last page has
 * no cursor; the ids are unique; the order holds.
 */
async function checkList(
  path: string,
  order: { field: string; direction: 'asc' | 'desc' } | null,
  token = staff,
  counted = true,
): Promise<{ items: Item[]; total: number }> {
  const whole = pageOf(await get(withQuery(path, 'limit=100'), token));
  // Pages of at most PAGE rows, and at least two pages for a list of two rows or more.
  const limit = Math.max(1, Math.min(PAGE, Math.ceil(whole.items.length / 2)));
  const { pages, items } = await walk(path, limit, token);
  if (!path.includes('?')) expect(pages.length, `${path}: one page only`).toBeGreaterThan(1);
  expect(whole.total, path).toBe(counted ? String(items.length) : null);
  expect(pages[0].total).toBe(whole.total);
  for (const page of pages.slice(1)) expect(page.total, path).toBeNull();
  expect(pages.at(-1)!.next).toBeNull();
  for (const page of pages.slice(0, -1)) expect(page.items.length).toBe(limit);
  expect(new Set(items.map((i) => i.id)).size, path).toBe(items.length);
  expect(items.slice(0, 100), path).toEqual(whole.items);
  if (whole.next === null) expect(items.length).toBe(whole.items.length);
  if (order) {
    // Sorted by (field, id), both in the list's direction; text case-insensitively, as either database collates it.
    const key = (item: Record<string, unknown>) =>
      order.field === 'id' ? Number(item.id) : String(item[order.field]).toLowerCase();
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1], items[i]];
      const cmp = key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : Number(a.id) - Number(b.id);
      expect(order.direction === 'asc' ? cmp < 0 : cmp > 0, `${path}: rows ${i - 1} and ${i} out of order`).toBe(true);
    }
  }
  return { items, total: items.length };
}

/** withOverall=true: the overall count is the unfiltered list's total, whatever the filter. */
async function checkOverall(path: string, unfiltered: string) {
  const [filtered, all] = await Promise.all([get(withQuery(path, 'withOverall=true')), get(unfiltered)]);
  expect(filtered.headers.get('x-overall-count'), path).toBe(all.headers.get('x-total-count'));
  expect(filtered.headers.get('x-total-count')).toBe((await get(path)).headers.get('x-total-count'));
}

beforeAll(async () => {
  database = await temporaryDatabase(postgres, 'contracts');
  execFileSync(process.execPath, ['scripts/prisma.mjs', 'migrate', 'deploy'], {
    env: { ...process.env, DATABASE_URL: database.url },
    stdio: 'pipe',
  });
  const opened = await openDatabase(database.url);
  await seed(opened.db, { scale: 2 });
  // A portal contact; the seed shares about one file per company, so the agency's files without a project become its
  // company's shared files, and the portal's file list spans pages.
  const contact = await opened.db.contact.findFirst({
    where: { portalAccess: true, companyId: { not: null }, business: { slug: DEMO.slug } },
    orderBy: { id: 'asc' },
    select: { email: true, companyId: true },
  });
  await opened.db.document.updateMany({
    where: { projectId: null, business: { slug: DEMO.slug } },
    data: { companyId: contact!.companyId, visibleInPortal: true },
  });
  portalCompanyId = contact!.companyId!;
  await opened.close();
  app = await startApp(undefined, { databaseUrl: database.url });
  api = client(app.baseUrl);
  staff = (await api.post('/auth/v1/login', { email: DEMO.email, password: DEMO.password })).body.authToken;
  const portalLogin = await api.post('/auth/portal/v1/login', {
    slug: DEMO.slug,
    email: contact!.email,
    password: DEMO.password,
  });
  portal = portalLogin.body.authToken;
  expect(staff && portal).toBeTruthy();
  // The first row's id (the sorted lists' X-Next-Cursor is an opaque token, not an id).
  firstCompanyId = (await get('/api/companies?limit=1')).body[0].id;
  newestProjectId = (await get('/api/projects?limit=1')).body[0].id;
}, 180_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('lists: fields, order, keyset pages and counts', () => {
  it('contacts, by first name', async () => {
    const { items } = await checkList('/api/contacts', { field: 'firstName', direction: 'asc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].companyId",
        "[].companyOfContact",
        "[].companyOfContact.id",
        "[].companyOfContact.name",
        "[].firstName",
        "[].lastName",
        "[].email",
        "[].phone",
        "[].title",
        "[].role",
        "[].portalAccess",
        "[].clientAdmin",
        "[].hasPortalPassword",
        "[].invitePending",
        "[].portalState",
        "[].createdAt",
      ]
    `);
    await checkList('/api/contacts?search=manager', { field: 'firstName', direction: 'asc' });
    const ofCompany = await checkList(`/api/contacts?companyId=${firstCompanyId}`, null);
    expect(ofCompany.items.every((c) => c.companyId === firstCompanyId)).toBe(true);
    await checkOverall(`/api/contacts?companyId=${firstCompanyId}`, '/api/contacts');
    // A company's contact count is its contacts' total.
    const [company] = (await get('/api/companies?limit=1')).body;
    expect(company.contactCount).toBe(ofCompany.total);
  });

  it('projects, newest first, with their task and file counts', async () => {
    const { items } = await checkList('/api/projects', { field: 'createdAt', direction: 'desc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].projectUid",
        "[].name",
        "[].description",
        "[].status",
        "[].companyId",
        "[].company",
        "[].company.id",
        "[].company.name",
        "[].projectContactId",
        "[].projectStartDate",
        "[].projectCompletionDate",
        "[].totalHoursEstimated",
        "[].totalHoursWorked",
        "[].totalBilled",
        "[].visibleToClient",
        "[].taskCount",
        "[].completedTaskCount",
        "[].fileCount",
        "[].createdAt",
        "[].updatedAt",
      ]
    `);
    expect(items[0].id).toBe(newestProjectId);
    const active = await checkList('/api/projects?status=active', { field: 'createdAt', direction: 'desc' });
    expect(active.total).toBeGreaterThan(0);
    await checkList('/api/projects?search=website', { field: 'createdAt', direction: 'desc' });
    await checkOverall('/api/projects?status=active', '/api/projects');
    for (const project of items.slice(0, 3)) {
      const [tasks, files] = await Promise.all([
        get(`/api/tasks?projectId=${project.id}`),
        get(`/api/documents?projectId=${project.id}`),
      ]);
      expect(project.taskCount).toBe(Number(tasks.headers.get('x-total-count')));
      expect(project.fileCount).toBe(Number(files.headers.get('x-total-count')));
    }
  });

  it('tasks, newest first', async () => {
    const { items } = await checkList('/api/tasks', { field: 'createdAt', direction: 'desc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].title",
        "[].description",
        "[].status",
        "[].priority",
        "[].dueDate",
        "[].projectId",
        "[].project",
        "[].project.id",
        "[].project.name",
        "[].project.projectUid",
        "[].assignedTo",
        "[].assignee",
        "[].assignee.id",
        "[].assignee.firstName",
        "[].assignee.lastName",
        "[].internal",
        "[].createdAt",
      ]
    `);
    await checkList('/api/tasks?search=review', { field: 'createdAt', direction: 'desc' });
    const high = await checkList('/api/tasks?status=pending&priority=high', {
      field: 'createdAt',
      direction: 'desc',
    });
    expect(high.items.every((t) => t.priority === 'high')).toBe(true);
    const ofProject = await checkList(`/api/tasks?projectId=${newestProjectId}`, {
      field: 'createdAt',
      direction: 'desc',
    });
    expect(ofProject.items.every((t) => t.projectId === newestProjectId)).toBe(true);
    await checkOverall('/api/tasks?status=pending&priority=high', '/api/tasks');
    await checkOverall('/api/tasks?status=in-progress', '/api/tasks');
  });

  it('files, newest first', async () => {
    const { items } = await checkList('/api/documents', { field: 'createdAt', direction: 'desc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].name",
        "[].type",
        "[].url",
        "[].size",
        "[].companyId",
        "[].projectId",
        "[].company",
        "[].company.id",
        "[].company.name",
        "[].project",
        "[].project.id",
        "[].project.name",
        "[].uploadedBy",
        "[].uploadedByName",
        "[].stored",
        "[].originalName",
        "[].mimeType",
        "[].visibleInPortal",
        "[].version",
        "[].createdAt",
        "[].sentIn",
        "[].approvalStatus",
        "[].thumbUrl",
      ]
    `);
    const invoices = await checkList('/api/documents?type=invoice', { field: 'createdAt', direction: 'desc' });
    expect(invoices.items.every((d) => d.type === 'invoice')).toBe(true);
    const loose = await checkList('/api/documents?projectId=none', { field: 'createdAt', direction: 'desc' });
    expect(loose.items.every((d) => d.projectId === null)).toBe(true);
    await checkList('/api/documents?search=proposal', { field: 'createdAt', direction: 'desc' });
    const ofCompany = await checkList(`/api/documents?companyId=${firstCompanyId}`, {
      field: 'createdAt',
      direction: 'desc',
    });
    expect(ofCompany.items.every((d) => d.companyId === firstCompanyId)).toBe(true);
    await checkOverall('/api/documents?type=invoice', '/api/documents');
  });

  it('resources, newest first (snake_case)', async () => {
    const { items } = await checkList('/api/resources', { field: 'id', direction: 'desc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].title",
        "[].description",
        "[].type",
        "[].status",
        "[].visible_to_client",
        "[].company_id",
        "[].project_id",
        "[].company",
        "[].company.id",
        "[].company.name",
        "[].project",
        "[].value",
        "[].value.Link",
        "[].value.Retire by",
        "[].value.Replacement",
        "[].details",
        "[].details[].key",
        "[].details[].value",
        "[].created_at",
        "[].updated_at",
        "[].value.Platform",
        "[].value.Monthly budget",
        "[].value.Refresh",
        "[].value.Data sources",
        "[].value.Access",
        "[].project.id",
        "[].project.name",
        "[].value.Cadence",
        "[].value.Owner",
        "[].value.Registrar",
        "[].value.DNS",
        "[].value.Hosting",
        "[].value.Primary colour",
        "[].value.Secondary colour",
        "[].value.Typeface",
        "[].value.Logo files",
      ]
    `);
    await checkList('/api/resources?type=template', { field: 'id', direction: 'desc' });
    await checkList('/api/resources?search=dashboard', { field: 'id', direction: 'desc' });
    expect((await get('/api/resources?withOverall=true')).headers.get('x-overall-count')).toBe(
      (await get('/api/resources')).headers.get('x-total-count'),
    );
  });

  it('flows, newest first', async () => {
    const { items } = await checkList('/api/flows', { field: 'createdAt', direction: 'desc' });
    expect(shape(items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].flowUid",
        "[].name",
        "[].description",
        "[].workflowType",
        "[].isActive",
        "[].businessId",
        "[].companyId",
        "[].companyOfFlow",
        "[].stepCount",
        "[].createdAt",
        "[].updatedAt",
      ]
    `);
    const collect = await checkList('/api/flows?workflowType=collect&isActive=true', {
      field: 'createdAt',
      direction: 'desc',
    });
    expect(collect.items.every((f) => f.workflowType === 'collect' && f.isActive === true)).toBe(true);
  });

  it('notifications and the activity log, newest first', async () => {
    const notifications = await checkList('/api/notifications', { field: 'createdAt', direction: 'desc' });
    expect(shape(notifications.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].kind",
        "[].title",
        "[].body",
        "[].link",
        "[].readAt",
        "[].createdAt",
      ]
    `);
    const unread = await checkList('/api/notifications?unreadOnly=true', { field: 'createdAt', direction: 'desc' });
    expect(unread.items.every((n) => n.readAt === null)).toBe(true);
    const activity = await checkList('/api/activity', { field: 'createdAt', direction: 'desc' }, staff, false);
    expect(shape(activity.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].actorType",
        "[].actorUserId",
        "[].actorContactId",
        "[].actorName",
        "[].entityType",
        "[].entityId",
        "[].entityName",
        "[].companyId",
        "[].companyName",
        "[].action",
        "[].changes",
        "[].clientVisible",
        "[].link",
        "[].createdAt",
        "[].changes[].field",
        "[].changes[].from",
        "[].changes[].to",
      ]
    `);
    // The company with the most entries, so that its Activity tab spans pages.
    const entriesOf = (id: unknown) => activity.items.filter((e) => e.companyId === id).length;
    const companyId = activity.items
      .map((e) => e.companyId)
      .reduce((best, id) => (id !== null && entriesOf(id) > entriesOf(best) ? id : best), null);
    expect(companyId).toBeTruthy();
    const ofCompany = await checkList(
      `/api/companies/${companyId}/activity`,
      { field: 'createdAt', direction: 'desc' },
      staff,
      false,
    );
    expect(ofCompany.items.every((e) => e.companyId === companyId)).toBe(true);
  });

  it('the portal: files, newest first; the dashboard counts them', async () => {
    const files = await checkList(`/api/portal/files/${DEMO.slug}`, { field: 'createdAt', direction: 'desc' }, portal);
    expect(shape(files.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].name",
        "[].type",
        "[].size",
        "[].createdAt",
        "[].projectId",
        "[].companyId",
        "[].project",
        "[].downloadUrl",
        "[].uploadedByYou",
        "[].version",
        "[].sharedVersions",
        "[].sentIn",
        "[].mimeType",
        "[].thumbUrl",
      ]
    `);
    const dashboard = (await get(`/api/portal/dashboard/${DEMO.slug}`, portal)).body;
    expect(shape(dashboard)).toMatchInlineSnapshot(`
      [
        "counts",
        "counts.activeProjects",
        "counts.pendingTasks",
        "counts.totalFiles",
        "recentProjects",
        "recentProjects[].id",
        "recentProjects[].name",
        "recentProjects[].description",
        "recentProjects[].status",
        "recentProjects[].priority",
        "recentProjects[].startDate",
        "recentProjects[].endDate",
        "recentProjects[].companyId",
        "recentProjects[].taskCount",
        "recentProjects[].completedTaskCount",
        "recentProjects[].fileCount",
        "recentProjects[].progress",
        "recentFiles",
        "recentFiles[].id",
        "recentFiles[].name",
        "recentFiles[].type",
        "recentFiles[].size",
        "recentFiles[].createdAt",
        "recentFiles[].projectId",
        "recentFiles[].companyId",
        "recentFiles[].project",
        "recentFiles[].downloadUrl",
        "recentFiles[].uploadedByYou",
        "recentFiles[].version",
        "recentFiles[].sharedVersions",
        "recentFiles[].sentIn",
        "recentFiles[].mimeType",
        "recentFiles[].thumbUrl",
        "resources",
        "resources[].id",
        "resources[].title",
        "resources[].description",
        "resources[].type",
        "resources[].status",
        "resources[].projectId",
        "resources[].project",
        "resources[].project.id",
        "resources[].project.name",
        "resources[].details",
        "resources[].details[].key",
        "resources[].details[].value",
        "resources[].createdAt",
      ]
    `);
    expect(dashboard.counts.totalFiles).toBe(files.total);
    expect(dashboard.recentFiles.map((f: { id: number }) => f.id)).toEqual(
      files.items.slice(0, dashboard.recentFiles.length).map((f) => f.id),
    );
  });
});

describe('single answers: fields in order', () => {
  it('the session, the business and its public branding', async () => {
    expect(shape((await get('/auth/v1/me')).body)).toMatchInlineSnapshot(`
      [
        "id",
        "email",
        "first_name",
        "last_name",
        "role",
        "business",
        "business.id",
        "business.name",
        "business.slug",
        "two_factor_setup_needed",
      ]
    `);
    expect(shape((await get('/api/business')).body)).toMatchInlineSnapshot(`
      [
        "id",
        "name",
        "slug",
        "email",
        "phone",
        "portal_url",
        "logo",
        "currency",
        "location",
        "location.street_1",
        "location.street_2",
        "location.city_town",
        "location.state",
        "location.zipcode",
        "location.country",
        "style",
        "style.primary_color",
        "style.secondary_color",
        "style.button_text_color",
        "style.login_text",
        "message_email",
        "message_email.delay_minutes",
        "message_email.includes_text",
      ]
    `);
    expect(shape((await get(`/api/business/branding/${DEMO.slug}`, '')).body)).toMatchInlineSnapshot(`
      [
        "businessName",
        "logo",
        "loginText",
        "style",
        "style.primaryColor",
        "style.secondaryColor",
        "style.button_text_color",
        "magicLinkOnly",
      ]
    `);
  });

  it('a contact, a file, a flow as the editor loads it, and one in the portal', async () => {
    const contactId = (await get('/api/contacts?limit=1')).body[0].id;
    expect(shape((await get(`/contact/v1/${contactId}`)).body)).toMatchInlineSnapshot(`
      [
        "id",
        "company_id",
        "company_of_contact",
        "company_of_contact.id",
        "company_of_contact.name",
        "first_name",
        "last_name",
        "email",
        "phone",
        "title",
        "role",
        "portal_access",
        "client_admin",
        "has_portal_password",
        "invite_pending",
        "portal_state",
        "created_at",
        "project_id",
        "pending_invite_expires_at",
        "invited_by_name",
        "updated_at",
      ]
    `);
    const documentId = (await get('/api/documents?limit=1')).body[0].id;
    expect(shape((await get(`/api/documents/${documentId}`)).body)).toMatchInlineSnapshot(`
      [
        "id",
        "name",
        "type",
        "url",
        "size",
        "companyId",
        "projectId",
        "company",
        "company.id",
        "company.name",
        "project",
        "project.id",
        "project.name",
        "uploadedBy",
        "uploadedByName",
        "stored",
        "originalName",
        "mimeType",
        "visibleInPortal",
        "version",
        "createdAt",
        "sentIn",
        "approvalStatus",
        "thumbUrl",
      ]
    `);
    const [newest] = (await get('/api/flows?limit=1')).body;
    const flow = (await get(`/flows/v1?flow_uid=${encodeURIComponent(newest.flowUid)}`)).body;
    expect(shape(flow)).toMatchInlineSnapshot(`
      [
        "id",
        "flow_uid",
        "name",
        "description",
        "workflow_type",
        "is_active",
        "business_id",
        "company_id",
        "company_of_flow",
        "step_count",
        "created_at",
        "updated_at",
        "steps_of_flow",
        "steps_of_flow[].id",
        "steps_of_flow[].business_id",
        "steps_of_flow[].flow_id",
        "steps_of_flow[].step_order",
        "steps_of_flow[].step_title",
        "steps_of_flow[].content",
        "steps_of_flow[].step_type",
        "steps_of_flow[].has_content",
        "steps_of_flow[].has_fields",
        "steps_of_flow[].fields_of_flow_step",
        "steps_of_flow[].updated_at",
      ]
    `);
    const published = (await get('/api/flows?workflowType=collect&isActive=true&limit=100')).body.find(
      (f: { companyId: number | null; stepCount: number }) => f.companyId === null && f.stepCount > 0,
    );
    expect(published).toBeTruthy();
    const portalFlow = (await get(`/api/portal/flows/${encodeURIComponent(published.flowUid)}`, portal)).body;
    expect(shape(portalFlow)).toMatchInlineSnapshot(`
      [
        "id",
        "flowUid",
        "name",
        "description",
        "workflowType",
        "state",
        "state.status",
        "state.currentStep",
        "state.stepCount",
        "state.startedAt",
        "state.completedAt",
        "steps",
        "steps[].id",
        "steps[].stepOrder",
        "steps[].stepTitle",
        "steps[].stepType",
        "steps[].content",
        "steps[].fields",
        "steps[].fields[].id",
        "steps[].fields[].fieldLabel",
        "steps[].fields[].fieldType",
        "steps[].fields[].isRequired",
        "steps[].fields[].choices",
        "steps[].fields[].helpText",
        "steps[].fields[].order",
        "answers",
      ]
    `);
  });

  it('the dashboard overview, reports, team, API tokens and search', async () => {
    expect(shape((await get('/api/dashboard/overview')).body)).toMatchInlineSnapshot(`
      [
        "activeProjects",
        "activeProjects[].id",
        "activeProjects[].projectUid",
        "activeProjects[].name",
        "activeProjects[].status",
        "activeProjects[].company",
        "activeProjects[].company.id",
        "activeProjects[].company.name",
        "recentFiles",
        "recentFiles[].id",
        "recentFiles[].name",
        "recentFiles[].type",
        "recentFiles[].createdAt",
        "recentCompanies",
        "recentCompanies[].id",
        "recentCompanies[].name",
        "recentCompanies[].industry",
        "recentCompanies[].status",
        "recentCompanies[].createdAt",
        "recentContacts",
        "recentContacts[].id",
        "recentContacts[].firstName",
        "recentContacts[].lastName",
        "recentContacts[].email",
        "recentContacts[].company",
        "recentContacts[].company.id",
        "recentContacts[].company.name",
        "recentContacts[].portalAccess",
        "recentContacts[].createdAt",
        "checklist",
        "checklist.company",
        "checklist.contact",
        "checklist.portalAccess",
        "checklist.branding",
      ]
    `);
    expect(shape((await get('/api/reports')).body)).toMatchInlineSnapshot(`
      [
        "range",
        "range.from",
        "range.to",
        "companyId",
        "projectsByStatus",
        "projectsByStatus[].status",
        "projectsByStatus[].count",
        "projectsPerMonth",
        "projectsPerMonth[].month",
        "projectsPerMonth[].started",
        "projectsPerMonth[].completed",
        "tasksCompletedPerWeek",
        "tasksCompletedPerWeek[].week",
        "tasksCompletedPerWeek[].count",
        "overdueTasksByPriority",
        "overdueTasksByPriority[].priority",
        "overdueTasksByPriority[].count",
        "hoursByCompany",
        "hoursByCompany[].companyId",
        "hoursByCompany[].name",
        "hoursByCompany[].projects",
        "hoursByCompany[].estimated",
        "hoursByCompany[].worked",
        "hoursByCompany[].billedCents",
        "hoursByProject",
        "hoursByProject[].id",
        "hoursByProject[].name",
        "hoursByProject[].companyName",
        "hoursByProject[].estimated",
        "hoursByProject[].worked",
        "hoursByProject[].billedCents",
        "clientsByStatus",
        "clientsByStatus[].status",
        "clientsByStatus[].count",
        "flows",
        "filesPerMonth",
        "filesPerMonth[].month",
        "filesPerMonth[].uploaded",
        "filesPerMonth[].downloaded",
        "replyTimesByCompany",
        "replyTimesByCompany[].companyId",
        "replyTimesByCompany[].name",
        "replyTimesByCompany[].medianSeconds",
        "replyTimesByCompany[].answered",
        "replyTimesByCompany[].unanswered",
      ]
    `);
    expect(shape((await get('/api/team')).body)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].firstName",
        "[].lastName",
        "[].email",
        "[].role",
        "[].createdAt",
      ]
    `);
    expect(shape((await get('/api/api-tokens')).body)).toMatchInlineSnapshot(`[]`);
    const design = (await get('/api/search?q=design')).body;
    expect(shape(design)).toMatchInlineSnapshot(`
      [
        "q",
        "terms",
        "groups",
        "groups[].kind",
        "groups[].results",
        "groups[].results[].kind",
        "groups[].results[].id",
        "groups[].results[].title",
        "groups[].results[].snippet",
        "groups[].results[].link",
        "groups[].results[].companyId",
        "groups[].results[].companyName",
        "groups[].results[].internal",
      ]
    `);
    const both = (await get('/api/search?q=review%20client')).body;
    const prefix = (await get('/api/search?q=a')).body;
    expect(shape(both).every((field) => shape(prefix).includes(field) || shape(design).includes(field))).toBe(true);
  });
});

describe('messages (issue 30): the REST rows of the hub and the portal', () => {
  it('the inbox (its rows, count and cursor like every list), a conversation newest first, the portal’s', async () => {
    const post = async (path: string, body: unknown, token = staff) => {
      const res = await api.post(path, body, { token });
      expect(res.status, `POST ${path}: ${JSON.stringify(res.body).slice(0, 300)}`).toBeLessThan(300);
      return res.body;
    };
    const companies = ((await get('/api/companies?limit=6')).body as Item[]).map((c) => Number(c.id));
    // The demo agency already has conversations of its own: the inbox holds those and the ones opened here.
    const seeded = ((await get('/api/messages/threads?limit=100')).body as Item[]).map((t) => Number(t.id));
    for (const id of seeded) await post(`/api/messages/threads/${id}/read`, {});
    const threads: number[] = [];
    for (const companyId of [portalCompanyId, ...companies.filter((id) => id !== portalCompanyId).slice(0, 5)]) {
      const { thread } = await post(`/api/messages/companies/${companyId}/thread`, undefined);
      await post(`/api/messages/threads/${thread.id}/messages`, { body: `Hello from the agency (${companyId})` });
      threads.push(thread.id);
    }
    const threadId = threads[0];
    await post(`/api/messages/threads/${threadId}/messages`, { body: 'A note for the team', internal: true });
    await post(`/api/portal/messages/threads/${threadId}/messages`, { body: 'A question from the client' }, portal);

    const inbox = await checkList('/api/messages/threads', null);
    expect(inbox.total).toBe(new Set([...seeded, ...threads]).size);
    expect(shape(inbox.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].kind",
        "[].title",
        "[].subject",
        "[].company",
        "[].company.id",
        "[].company.name",
        "[].project",
        "[].assignee",
        "[].assignee.id",
        "[].assignee.name",
        "[].lastMessageAt",
        "[].waitingOnStaff",
        "[].unread",
        "[].preview",
        "[].previewAuthor",
        "[].previewInternal",
      ]
    `);
    const conversation = await checkList(
      `/api/messages/threads/${threadId}/messages`,
      { field: 'id', direction: 'desc' },
      staff,
      false,
    );
    expect(shape(conversation.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].threadId",
        "[].author",
        "[].author.kind",
        "[].author.id",
        "[].author.name",
        "[].body",
        "[].internal",
        "[].editedAt",
        "[].deletedAt",
        "[].createdAt",
        "[].mine",
        "[].attachments",
      ]
    `);
    expect(shape((await get(`/api/messages/threads/${threadId}`)).body)).toMatchInlineSnapshot(`
      [
        "thread",
        "thread.id",
        "thread.kind",
        "thread.title",
        "thread.subject",
        "thread.company",
        "thread.company.id",
        "thread.company.name",
        "thread.project",
        "thread.assignee",
        "thread.assignee.id",
        "thread.assignee.name",
        "thread.lastMessageAt",
        "thread.waitingOnStaff",
        "thread.unread",
        "thread.preview",
        "thread.previewAuthor",
        "thread.previewInternal",
        "readers",
        "readers[].kind",
        "readers[].id",
        "readers[].name",
        "readers[].lastReadMessageId",
        "readers[].lastReadAt",
      ]
    `);
    expect((await get('/api/messages/unread')).body).toEqual({ threads: 1 });

    const portalThreads = await get('/api/portal/messages/threads', portal);
    expect(portalThreads.headers.get('x-total-count')).toBe('1');
    expect(shape(portalThreads.body)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].kind",
        "[].title",
        "[].project",
        "[].lastMessageAt",
        "[].unread",
        "[].preview",
        "[].previewAuthor",
      ]
    `);
    const portalConversation = await checkList(
      `/api/portal/messages/threads/${threadId}/messages`,
      { field: 'id', direction: 'desc' },
      portal,
      false,
    );
    // The internal note is not there: the client's question, then the agency's message (the demo's own before them).
    expect(portalConversation.items.slice(0, 2).map((m) => m.body)).toEqual([
      'A question from the client',
      `Hello from the agency (${portalCompanyId})`,
    ]);
    expect(portalConversation.items.some((m) => String(m.body).includes('A note for the team'))).toBe(false);
    expect(shape(portalConversation.items)).toMatchInlineSnapshot(`
      [
        "[].id",
        "[].threadId",
        "[].author",
        "[].author.kind",
        "[].author.id",
        "[].author.name",
        "[].body",
        "[].editedAt",
        "[].deletedAt",
        "[].createdAt",
        "[].mine",
        "[].attachments",
      ]
    `);
    expect(shape((await get(`/api/portal/messages/threads/${threadId}`, portal)).body)).toMatchInlineSnapshot(`
      [
        "thread",
        "thread.id",
        "thread.kind",
        "thread.title",
        "thread.project",
        "thread.lastMessageAt",
        "thread.unread",
        "thread.preview",
        "thread.previewAuthor",
        "agencyReadUpTo",
      ]
    `);
  });
});
