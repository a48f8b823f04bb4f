/**
 * The activity log's read side: the company tab (activity.forCompany), the dashboard card (activity.recent), the
 * owner's whole log (activity.list, its filters and GET /api/activity.csv), and the client's feed
 * (portalActivity.list): newest first, keyset pages without gaps or duplicates, every filter, the owner-only
 * permission, CSV escaping, never another agency's or another company's entries; and in the portal only client
 * events about records the client may see now, written for them, with no diff, field name, amount or other
 * company's name, over every entity type and action the log can hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { recordActivity, contactActor } from '../../server/activity';
import { createPortalSession } from '../../server/auth/sessions';
import { PORTAL_ACTIVITY_KEYS } from '../../shared/schemas/activity';
import {
  ACTIVITY_ACTIONS,
  ACTIVITY_ENTITY_TYPES,
  CLIENT_EVENT_KINDS,
  type ActivityChange,
  type ActivityEntityType,
} from '../../shared/activity';
import { clientEventOf } from '../../server/portal/client-events';
import { join, raw, sql } from '../../server/sql';
import { csvCell } from '../../server/activity-csv';
import { createAgency, type Agency } from '../support/agencies';
import { client, startApp, type TestApp } from '../support/app';
import { addStaff, type StaffUser } from '../support/staff';
import { trpcClient, trpcCode, type TrpcClient } from '../support/trpc';

let app: TestApp;
let api: ReturnType<typeof client>;
let agency: Agency;
let other: Agency;
let owner: TrpcClient;
let member: StaffUser;
/** Alder (the portal client's company) and Maple, of the agency; Birch of the other agency. */
let alder: number;
let maple: number;
let birch: number;
/** The ids of the entries this file writes by hand, oldest first. */
const seeded: number[] = [];

const BASE = Date.UTC(2021, 0, 10, 12, 0, 0);
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

/** One entry with a chosen time (recordActivity stamps now; the log's order is by time). */
async function entry(
  businessId: number,
  fields: {
    companyId?: number | null;
    entityType?: string;
    entityName?: string;
    action?: string;
    actorUserId?: number | null;
    actorName?: string;
    clientVisible?: boolean;
    changes?: unknown[];
  },
  createdAt: Date,
) {
  const row = await app.database.db.activity.create({
    data: {
      businessId,
      actorType: fields.actorUserId ? 'staff' : 'system',
      actorUserId: fields.actorUserId ?? null,
      actorName: fields.actorName ?? 'Ada Lovelace',
      entityType: fields.entityType ?? 'task',
      entityId: null,
      entityName: fields.entityName ?? 'Homepage',
      companyId: fields.companyId ?? null,
      action: fields.action ?? 'updated',
      changes: JSON.stringify(fields.changes ?? []),
      clientVisible: fields.clientVisible ?? false,
      createdAt,
    },
    select: { id: true },
  });
  return row.id;
}

/** Every page of a list, following nextCursor. */
async function allPages<T extends { id: number }>(
  fetchPage: (cursor: number | null) => Promise<{ items: T[]; nextCursor: number | null }>,
) {
  const seen: T[] = [];
  let cursor: number | null = null;
  for (let guard = 0; guard < 100; guard++) {
    const page = await fetchPage(cursor);
    seen.push(...page.items);
    if (page.nextCursor === null) break;
    cursor = page.nextCursor;
  }
  return seen;
}

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  agency = await createAgency(app, ['Alder Architects', 'Maple Media']);
  other = await createAgency(app, ['Birch Bakery']);
  [alder, maple] = agency.companies.map((c) => c.id);
  birch = other.companies[0].id;
  owner = trpcClient(app.baseUrl, { token: agency.token });
  member = await addStaff(app, agency, 'member', 'Grace');
  // Only this file's entries count: whatever the fixture logged goes.
  await app.database.db.activity.deleteMany({ where: { businessId: { in: [agency.businessId, other.businessId] } } });

  // 30 entries over two companies, two people and three kinds; every third one shown to the client; some share a time.
  for (let i = 0; i < 30; i++) {
    seeded.push(
      await entry(
        agency.businessId,
        {
          companyId: i % 2 === 0 ? alder : maple,
          entityType: ['task', 'file', 'project'][i % 3],
          entityName: `Record ${i}`,
          actorUserId: i % 5 === 0 ? member.id : agency.userId,
          actorName: i % 5 === 0 ? 'Grace Member' : 'Olivia Owner',
          clientVisible: i % 3 === 1,
        },
        at(Math.floor(i / 2)),
      ),
    );
  }
  // The other agency's entries, at the same times and for the "same" kinds.
  for (let i = 0; i < 6; i++)
    await entry(
      other.businessId,
      { companyId: birch, entityName: `Foreign ${i}`, clientVisible: true, actorUserId: other.userId },
      at(i),
    );
});
afterAll(() => app.close());

/** The seeded ids newest first: by time, then id. */
const newestFirst = (ids: number[]) =>
  ids.slice().sort((x, y) => Math.floor(seeded.indexOf(y) / 2) - Math.floor(seeded.indexOf(x) / 2) || y - x);

describe('activity.list (the owner’s whole log)', () => {
  it('answers newest first, and its pages join without gaps or duplicates', async () => {
    const items = await allPages((cursor) => owner.activity.list.query({ limit: 7, cursor }));
    expect(items.map((e) => e.id)).toEqual(newestFirst(seeded));
    for (let i = 1; i < items.length; i++)
      expect(items[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(items[i].createdAt.getTime());
  });

  it('filters by kind, person, company and date range, each alone and together', async () => {
    const ids = async (input: Parameters<TrpcClient['activity']['list']['query']>[0]) =>
      (await allPages((cursor) => owner.activity.list.query({ ...input, limit: 5, cursor }))).map((e) => e.id);
    const where = (keep: (i: number) => boolean) => newestFirst(seeded.filter((_, i) => keep(i)));

    expect(await ids({ entityType: 'file' })).toEqual(where((i) => i % 3 === 1));
    expect(await ids({ actorUserId: member.id })).toEqual(where((i) => i % 5 === 0));
    expect(await ids({ companyId: maple })).toEqual(where((i) => i % 2 === 1));
    // Minutes 3 to 6 (exclusive): entries 6 to 11.
    expect(await ids({ from: at(3), to: at(6) })).toEqual(where((i) => i >= 6 && i <= 11));
    expect(await ids({ companyId: alder, entityType: 'task', actorUserId: member.id })).toEqual(
      where((i) => i % 2 === 0 && i % 3 === 0 && i % 5 === 0),
    );
    // A bare day as `to` includes that whole day.
    expect(await ids({ from: '2021-01-10', to: '2021-01-10' } as never)).toEqual(newestFirst(seeded));
    expect(await ids({ to: '2021-01-09' } as never)).toEqual([]);
  });

  it('answers each entry with its sentence parts, the company name and its changes', async () => {
    const id = await recordActivity(
      app.database.db,
      agency.businessId,
      { type: 'staff', userId: agency.userId, name: 'Olivia Owner' },
      {
        entityType: 'company',
        entityId: maple,
        entityName: 'Maple Media',
        companyId: maple,
        action: 'updated',
        changes: [{ field: 'status', from: 'prospect', to: 'active' }],
      },
    );
    const [latest] = (await owner.activity.list.query({ companyId: maple, limit: 1 })).items;
    expect(latest).toMatchObject({
      id,
      actorType: 'staff',
      actorUserId: agency.userId,
      actorName: 'Olivia Owner',
      entityType: 'company',
      entityName: 'Maple Media',
      companyName: 'Maple Media',
      action: 'updated',
      changes: [{ field: 'status', from: 'prospect', to: 'active' }],
      link: `/hub/companies/${maple}`,
    });
    await app.database.db.activity.delete({ where: { id } });
  });

  it('refuses another agency’s company or person with NOT_FOUND, and bad filters with a sentence', async () => {
    expect(trpcCode(await owner.activity.list.query({ companyId: birch }).catch((e) => e))).toBe('NOT_FOUND');
    expect(trpcCode(await owner.activity.list.query({ actorUserId: other.userId }).catch((e) => e))).toBe('NOT_FOUND');
    const bad = await api.get('/api/activity?entityType=spaceship', { token: agency.token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(M.activity.kindInvalid);
    const backwards = await api.get('/api/activity?from=2021-02-01&to=2021-01-01', { token: agency.token });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe(M.activity.rangeInvalid);
  });

  it('is the owner’s only: a member gets 403 over tRPC and REST', async () => {
    const memberTrpc = trpcClient(app.baseUrl, { token: member.token });
    expect(trpcCode(await memberTrpc.activity.list.query({}).catch((e) => e))).toBe('FORBIDDEN');
    expect((await api.get('/api/activity', { token: member.token })).status).toBe(403);
  });

  it('never shows another agency’s entries, even with another agency’s id as the cursor', async () => {
    const foreignId = (await app.database.db.activity.findFirstOrThrow({ where: { businessId: other.businessId } })).id;
    const items = await allPages((cursor) => owner.activity.list.query({ limit: 50, cursor }));
    expect(items.some((e) => e.entityName.startsWith('Foreign'))).toBe(false);
    expect((await owner.activity.list.query({ cursor: foreignId })).items).toEqual([]);
  });
});

describe('activity.forCompany (the company’s Activity tab) and activity.recent (the dashboard card)', () => {
  it('shows only that company’s entries, newest first, for any staff member, with the kind filter', async () => {
    const memberTrpc = trpcClient(app.baseUrl, { token: member.token });
    const items = await allPages((cursor) =>
      memberTrpc.activity.forCompany.query({ companyId: alder, limit: 4, cursor }),
    );
    expect(items.map((e) => e.id)).toEqual(newestFirst(seeded.filter((_, i) => i % 2 === 0)));
    expect(items.every((e) => e.companyId === alder)).toBe(true);
    const tasks = await allPages((cursor) =>
      memberTrpc.activity.forCompany.query({ companyId: alder, entityType: 'task', cursor }),
    );
    expect(tasks.map((e) => e.id)).toEqual(newestFirst(seeded.filter((_, i) => i % 2 === 0 && i % 3 === 0)));
  });

  it('answers NOT_FOUND for another agency’s company (REST 404 too)', async () => {
    expect(trpcCode(await owner.activity.forCompany.query({ companyId: birch }).catch((e) => e))).toBe('NOT_FOUND');
    expect((await api.get(`/api/companies/${birch}/activity`, { token: agency.token })).status).toBe(404);
  });

  it('answers a real task change on its company’s tab, with the changed fields old → new', async () => {
    const project = await app.database.db.project.create({
      data: { businessId: agency.businessId, companyId: maple, name: 'Relaunch' },
    });
    const task = await owner.tasks.create.mutate({ title: 'Homepage copy', projectId: project.id });
    await owner.tasks.update.mutate({ id: task.id, status: 'in-progress' });
    const res = await api.get(`/api/companies/${maple}/activity?entityType=task&limit=2`, { token: agency.token });
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({
      entityType: 'task',
      entityId: task.id,
      entityName: 'Homepage copy',
      action: 'updated',
      changes: [{ field: 'status', from: 'pending', to: 'in-progress' }],
      link: `/hub/tasks?task=${task.id}`,
    });
    expect(res.body[1]).toMatchObject({ entityId: task.id, action: 'created' });
    // Once the task is gone its entries stay, without a link.
    await owner.tasks.remove.mutate({ id: task.id });
    const after = await owner.activity.forCompany.query({ companyId: maple, entityType: 'task', limit: 3 });
    expect(after.items.map((e) => [e.action, e.link])).toEqual([
      ['deleted', null],
      ['updated', null],
      ['created', null],
    ]);
    await app.database.db.activity.deleteMany({
      where: { businessId: agency.businessId, entityId: task.id, entityType: 'task' },
    });
  });

  it('the dashboard card answers the agency’s latest entries, at most 20', async () => {
    const recent = await owner.activity.recent.query({ limit: 5 });
    expect(recent.map((e) => e.id)).toEqual(newestFirst(seeded).slice(0, 5));
    expect(trpcCode(await owner.activity.recent.query({ limit: 21 }).catch((e) => e))).toBe('BAD_REQUEST');
  });
});

describe('GET /api/activity.csv', () => {
  const csv = (query: string, token: string) =>
    fetch(`${app.baseUrl}/api/activity.csv${query}`, { headers: { authorization: `Bearer ${token}` } });

  it('gives the owner every matching row, newest first, as an attachment', async () => {
    const res = await csv(`?companyId=${maple}`, agency.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(M.activity.csvHeaders.join(','));
    const expected = newestFirst(seeded.filter((_, i) => i % 2 === 1)).map((id) => `Record ${seeded.indexOf(id)}`);
    expect(lines.slice(1).map((line) => line.split(',')[5])).toEqual(expected);
  });

  it('streams past one page (more than 500 rows) without gaps', async () => {
    const big = await createAgency(app, ['Pine Press']);
    await app.database.db.activity.deleteMany({ where: { businessId: big.businessId } });
    await app.database.db.activity.createMany({
      data: Array.from({ length: 1203 }, (_, i) => ({
        businessId: big.businessId,
        actorType: 'system',
        actorName: 'Importer',
        entityType: 'task',
        entityName: `Row ${i}`,
        action: 'created',
        createdAt: at(i),
      })),
    });
    const lines = (await (await csv('', big.token)).text()).trimEnd().split('\r\n').slice(1);
    expect(lines).toHaveLength(1203);
    expect(lines[0].split(',')[5]).toBe('Row 1202');
    expect(lines[1202].split(',')[5]).toBe('Row 0');
  });

  it('escapes quotes, commas and line breaks, and keeps formulas as text', async () => {
    const id = await entry(
      agency.businessId,
      {
        companyId: alder,
        entityName: '=HYPERLINK("http://evil.test","click")',
        actorName: '+Mallory, "the" tester',
        changes: [{ field: 'title', from: '@SUM(A1)', to: 'Line one\nline two' }],
      },
      at(100),
    );
    const text = await (
      await csv(`?companyId=${alder}&from=${encodeURIComponent(at(100).toISOString())}`, agency.token)
    ).text();
    const row = `${text.replace(/^\uFEFF/, '').split('\r\n')[1]}\r\n${text.split('\r\n')[2]}`;
    expect(row).toContain(`"'+Mallory, ""the"" tester"`);
    expect(row).toContain(`"'=HYPERLINK(""http://evil.test"",""click"")"`);
    expect(row).toContain(',Title: @SUM(A1) → Line one line two,No');
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a\nb')).toBe('"a\nb"');
    await app.database.db.activity.delete({ where: { id } });
  });

  it('refuses a member (403), no session (401), another agency’s company (404) and bad filters (400)', async () => {
    expect((await csv('', member.token)).status).toBe(403);
    expect((await fetch(`${app.baseUrl}/api/activity.csv`)).status).toBe(401);
    const foreign = await csv(`?companyId=${birch}`, agency.token);
    expect(foreign.status).toBe(404);
    expect((await foreign.json()).message).toBe(M.activity.companyNotFound);
    const bad = await csv('?from=yesterday', agency.token);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(M.activity.dateInvalid);
  });
});

describe('portalActivity.list (the client’s feed, not the audit log)', () => {
  const portal = () => trpcClient(app.baseUrl, { token: agency.portal.token });
  /** The whole feed, every page of `limit`, as the portal reads it. */
  const feed = (client: TrpcClient = portal(), limit = 2) =>
    allPages((cursor) => client.portalActivity.list.query({ limit, cursor }));
  const texts = async (client?: TrpcClient) => (await feed(client)).map((e) => e.text);
  /** Only the entries a test writes count: clear the agency's log (the hand-written entries above name no record). */
  const clearLog = () =>
    app.database.db.activity.deleteMany({ where: { businessId: agency.businessId, id: { notIn: seeded } } });

  it('never shows the audit log’s entries: the hand-written ones above name no record the client may see', async () => {
    expect(await feed()).toEqual([]);
  });

  it('tells the client what the agency shared with them and what moved, written for them, newest first', async () => {
    await clearLog();
    const project = await owner.projects.create.mutate({
      name: 'Website rebuild',
      companiesId: alder,
      status: 'in-progress',
      visibleToClient: true,
    });
    await owner.projects.update.mutate({ id: project.id, status: 'approval' });
    await owner.documents.create.mutate({
      name: 'Brand guide.pdf',
      url: 'https://files.example.test/guide.pdf',
      companyId: alder,
      visibleInPortal: true,
    });
    await owner.documents.create.mutate({
      name: 'Internal pricing.pdf',
      url: 'https://files.example.test/pricing.pdf',
      companyId: alder,
    });
    const flow = await owner.flows.create.mutate({
      name: 'Onboarding',
      description: 'Welcome',
      workflowType: 'onboard',
      companyId: alder,
    } as never);
    await owner.flowSteps.create.mutate({ flowId: (flow as { id: number }).id, stepTitle: 'About you' });
    await owner.flows.publish.mutate({ id: (flow as { id: number }).id });
    const items = await feed();
    expect(items.map((e) => e.text)).toEqual([
      `New flow to complete: Onboarding`,
      `${agency.name} shared a file: Brand guide.pdf`,
      `Project Website rebuild moved to ${M.portal.status.approval}`,
      `${agency.name} shared a project: Website rebuild`,
    ]);
    expect(items.map((e) => e.kind)).toEqual(['flow_published', 'file_shared', 'project_status', 'project_shared']);
    expect(items.map((e) => e.path)).toEqual([
      expect.stringMatching(/^workflows\//),
      'files',
      `projects/${project.id}`,
      `projects/${project.id}`,
    ]);
    for (const item of items) expect(Object.keys(item).sort()).toEqual([...PORTAL_ACTIVITY_KEYS].sort());
    // A page of the REST API says the same.
    const res = await api.get('/api/portal/activity?limit=1', { token: agency.portal.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ kind: 'flow_published', text: 'New flow to complete: Onboarding', mine: false }),
    ]);
  });

  it('a project edit of its description and billing adds nothing to the feed: no diff, no amount, no field name', async () => {
    await clearLog();
    const project = await owner.projects.create.mutate({
      name: 'Retainer 2027',
      companiesId: alder,
      status: 'in-progress',
      visibleToClient: true,
      description: 'Old scope: Zeta Corp budget is $90k',
      totalBilled: 4321.5,
      totalHoursWorked: 77,
    });
    await owner.projects.update.mutate({
      id: project.id,
      description: 'New scope text',
      totalBilled: 9876.25,
      totalHoursWorked: 88,
    });
    const staffLog = await owner.activity.forCompany.query({ companyId: alder });
    // The staff audit log keeps the whole diff…
    expect(JSON.stringify(staffLog)).toContain('Zeta Corp');
    expect(JSON.stringify(staffLog)).toContain('987625');
    // …the client's reply names the project once, as shared, and nothing of the edit.
    const reply = await api.get('/api/portal/activity', { token: agency.portal.token });
    expect(reply.body.map((e: { text: string }) => e.text)).toEqual([`${agency.name} shared a project: Retainer 2027`]);
    // Ids, times and the portal paths (which hold ids) are left out: an id such as 1288 is not an amount.
    const withoutIds = (items: Record<string, unknown>[]) =>
      JSON.stringify(items.map(({ id: _i, createdAt: _c, path: _p, ...rest }) => rest));
    const serialized = withoutIds(reply.body) + withoutIds((await feed()) as unknown as Record<string, unknown>[]);
    for (const leak of [
      'Zeta',
      'scope',
      '4321',
      '432150',
      '9876',
      '987625',
      '77',
      '88',
      'description',
      'totalBilled',
      'totalHours',
      'changes',
      'from',
      '→',
    ]) {
      expect(serialized).not.toContain(leak);
    }
  });

  it('a file shared then unshared leaves the feed; shared again, it shows once more', async () => {
    await clearLog();
    const file = await owner.documents.create.mutate({
      name: 'Moodboard.pdf',
      url: 'https://files.example.test/mood.pdf',
      companyId: alder,
      visibleInPortal: true,
    });
    expect(await texts()).toEqual([`${agency.name} shared a file: Moodboard.pdf`]);
    await owner.documents.update.mutate({ id: file.id, visibleInPortal: false });
    expect(await texts()).toEqual([]);
    await owner.documents.update.mutate({ id: file.id, visibleInPortal: true, name: 'Moodboard v2.pdf' });
    // Both shares, each under the file's current name (never the name it had).
    expect(await texts()).toEqual([
      `${agency.name} shared a file: Moodboard v2.pdf`,
      `${agency.name} shared a file: Moodboard v2.pdf`,
    ]);
  });

  it('a file moved from company Y to X: X’s feed never names Y, Y’s project or contacts, and Y’s feed loses it', async () => {
    await clearLog();
    const db = app.database.db;
    const mapleContact = await db.contact.findFirstOrThrow({
      where: { businessId: agency.businessId, companyId: maple },
      orderBy: { id: 'asc' },
    });
    await db.contact.update({ where: { id: mapleContact.id }, data: { portalAccess: true } });
    const maplePortal = trpcClient(app.baseUrl, {
      token: (await createPortalSession(db, agency.businessId, mapleContact.id)).token,
    });
    // The project the client sees (an earlier test adds a draft one to Maple; which row an
    // unordered read returns is up to the database).
    const mapleProject = await db.project.findFirstOrThrow({
      where: { businessId: agency.businessId, companyId: maple, visibleToClient: true },
      orderBy: { id: 'asc' },
    });
    const file = await owner.documents.create.mutate({
      name: 'Launch plan.pdf',
      url: 'https://files.example.test/plan.pdf',
      companyId: maple,
      projectId: mapleProject.id,
      visibleInPortal: true,
    });
    expect(await texts(maplePortal)).toEqual([`${agency.name} shared a file: Launch plan.pdf`]);
    await owner.documents.update.mutate({ id: file.id, companyId: alder, projectId: null });
    expect(await texts(maplePortal)).toEqual([]);
    const items = await feed();
    expect(items.map((e) => e.text)).toEqual([`${agency.name} shared a file: Launch plan.pdf`]);
    const serialized = JSON.stringify(items);
    for (const leak of ['Maple', mapleProject.name, mapleContact.firstName, mapleContact.lastName])
      expect(serialized).not.toContain(leak);
  });

  it('marks what the signed-in client did as theirs; another contact’s sign-ins are not theirs to see', async () => {
    await clearLog();
    const db = app.database.db;
    const contact = await db.contact.findUniqueOrThrow({ where: { id: agency.portal.contactId } });
    const file = await db.document.create({
      data: {
        businessId: agency.businessId,
        companyId: alder,
        name: 'Brief.pdf',
        url: 'https://files.example.test/brief.pdf',
        visibleInPortal: true,
      },
    });
    await recordActivity(db, agency.businessId, contactActor(contact), {
      entityType: 'file',
      entityId: file.id,
      entityName: 'Brief.pdf',
      companyId: alder,
      action: 'downloaded',
      clientVisible: true,
    });
    await recordActivity(db, agency.businessId, contactActor(contact), {
      entityType: 'portal',
      companyId: alder,
      action: 'signed_in',
      clientVisible: true,
    });
    const colleague = await db.contact.create({
      data: {
        businessId: agency.businessId,
        companyId: alder,
        firstName: 'Robin',
        lastName: 'Colleague',
        email: `robin-${Date.now()}@client.test`,
      },
    });
    await recordActivity(db, agency.businessId, contactActor(colleague), {
      entityType: 'portal',
      companyId: alder,
      action: 'signed_in',
      clientVisible: true,
    });
    await recordActivity(db, agency.businessId, contactActor(colleague), {
      entityType: 'file',
      entityId: file.id,
      entityName: 'Brief.pdf',
      companyId: alder,
      action: 'downloaded',
      clientVisible: true,
    });
    const items = await feed();
    expect(items.map((e) => [e.text, e.mine])).toEqual([
      ['Robin Colleague downloaded Brief.pdf', false],
      [`${M.activity.you} signed in to the portal`, true],
      [`${M.activity.you} downloaded Brief.pdf`, true],
    ]);
  });

  it('the other agency’s portal client sees none of this agency’s entries', async () => {
    const foreignPortal = trpcClient(app.baseUrl, { token: other.portal.token });
    const items = await allPages((cursor) => foreignPortal.portalActivity.list.query({ cursor }));
    expect(JSON.stringify(items)).not.toContain(agency.name);
    expect(items.every((e) => !e.text.includes('Record'))).toBe(true);
  });
});

/**
 * Every entity type × action × actor × kind of change the log can hold (a superset of what recordActivity is called
 * with: grep recordActivity), about records the client may see and records they may not, of their company, another
 * company and none. The feed answers exactly the entries that are a client event (the same rules the e-mails use)
 * about a record visible now, each with only the allow-listed keys, and never a stored name, a change, a staff
 * member's name or a hidden record's name (all "SECRET").
 */
describe('the client’s feed over every kind of entry', () => {
  it('answers exactly the client events about records the client may see now, with only the allow-listed keys', async () => {
    const db = app.database.db;
    const walk = await createAgency(app, ['Walk Xylo', 'Walk Yarrow']);
    const [x, y] = walk.companies.map((c) => c.id);
    const b = walk.businessId;
    const me = walk.portal.contactId;
    const [projectX, projectY] = walk.rows.project;
    const [taskX, taskY] = walk.rows.task;
    const [fileX, fileY] = walk.rows.document;
    const [hiddenResourceX, resourceX] = walk.rows.resource;
    const [flowX, flowY] = walk.rows.flow;
    await db.document.update({ where: { id: fileY }, data: { name: 'SECRET-Y-FILE' } });
    await db.task.update({ where: { id: taskY }, data: { title: 'SECRET-Y-TASK' } });
    await db.flow.update({ where: { id: flowY }, data: { name: 'SECRET-Y-FLOW' } });
    await db.resource.update({ where: { id: hiddenResourceX }, data: { title: 'SECRET-HIDDEN-RESOURCE' } });
    const draft = await db.project.create({
      data: { businessId: b, companyId: x, name: 'SECRET-DRAFT-PROJECT', status: 'draft', visibleToClient: true },
    });
    const internalProject = await db.project.create({
      data: { businessId: b, companyId: x, name: 'SECRET-INTERNAL-PROJECT', status: 'active' },
    });
    const internalFile = await db.document.create({
      data: { businessId: b, companyId: x, name: 'SECRET-INTERNAL-FILE', url: 'https://files.example.test/a.pdf' },
    });
    const fileInDraft = await db.document.create({
      data: {
        businessId: b,
        companyId: x,
        projectId: draft.id,
        name: 'SECRET-FILE-IN-DRAFT',
        url: 'https://files.example.test/b.pdf',
        visibleInPortal: true,
      },
    });
    const internalTask = await db.task.create({
      data: { businessId: b, projectId: projectX, title: 'SECRET-INTERNAL-TASK', internal: true },
    });
    const unpublished = await db.flow.create({
      data: { businessId: b, companyId: x, name: 'SECRET-UNPUBLISHED-FLOW', description: '', workflowType: 'collect' },
    });
    await db.flowStep.create({
      data: { businessId: b, flowId: unpublished.id, stepOrder: 1, stepTitle: 'SECRET-STEP' },
    });
    const stepless = await db.flow.create({
      data: {
        businessId: b,
        companyId: x,
        name: 'SECRET-STEPLESS-FLOW',
        description: '',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const everyone = await db.flow.create({
      data: {
        businessId: b,
        companyId: null,
        name: 'Walk survey for everyone',
        description: '',
        workflowType: 'collect',
        isActive: true,
      },
    });
    await db.flowStep.create({ data: { businessId: b, flowId: everyone.id, stepOrder: 1, stepTitle: 'Questions' } });
    const robin = await db.contact.create({
      data: {
        businessId: b,
        companyId: x,
        firstName: 'Robin',
        lastName: 'Walker',
        email: `robin-walk-${Date.now()}@client.test`,
      },
    });

    /** The records of each kind, and which of them the client may see now (by ./visibility.ts's rule). */
    const records: Partial<Record<ActivityEntityType, { id: number; visible: boolean }[]>> = {
      file: [
        { id: fileX, visible: true },
        { id: fileY, visible: false },
        { id: internalFile.id, visible: false },
        { id: fileInDraft.id, visible: false },
      ],
      project: [
        { id: projectX, visible: true },
        { id: projectY, visible: false },
        { id: draft.id, visible: false },
        { id: internalProject.id, visible: false },
      ],
      task: [
        { id: taskX, visible: true },
        { id: taskY, visible: false },
        { id: internalTask.id, visible: false },
      ],
      resource: [
        { id: resourceX, visible: true },
        { id: hiddenResourceX, visible: false },
      ],
      flow: [
        { id: flowX, visible: true },
        { id: everyone.id, visible: true },
        { id: flowY, visible: false },
        { id: unpublished.id, visible: false },
        { id: stepless.id, visible: false },
      ],
    };
    const secrets: ActivityChange[] = [
      { field: 'description', from: 'SECRET-OLD-TEXT', to: 'SECRET-NEW-TEXT' },
      { field: 'totalBilledCents', from: 1234567, to: 7654321 },
    ];
    const variants: { changes: ActivityChange[]; clientVisible: boolean }[] = [
      { changes: secrets, clientVisible: true },
      {
        changes: [
          ...secrets,
          { field: 'visibleInPortal', from: false, to: true },
          { field: 'visibleToClient', from: null, to: true },
        ],
        clientVisible: false,
      },
      { changes: [...secrets, { field: 'status', from: 'SECRET-STATUS', to: 'completed' }], clientVisible: true },
      { changes: [...secrets, { field: 'company', from: 'SECRET-Y-COMPANY', to: 'Walk Xylo' }], clientVisible: true },
      { changes: [...secrets, { field: 'company', from: 'SECRET-Y-COMPANY', to: 'Walk Xylo' }], clientVisible: false },
    ];
    const actors = [
      { actorType: 'staff', actorUserId: walk.userId, actorContactId: null, actorName: 'SECRET-STAFF-NAME' },
      { actorType: 'system', actorUserId: null, actorContactId: null, actorName: 'SECRET-SYSTEM' },
      { actorType: 'contact', actorUserId: null, actorContactId: me, actorName: 'Casey Walk Xylo' },
      { actorType: 'contact', actorUserId: null, actorContactId: robin.id, actorName: 'Robin Walker' },
    ];
    type Entry = {
      actorType: string;
      actorUserId: number | null;
      actorContactId: number | null;
      actorName: string;
      entityType: string;
      entityId: number;
      companyId: number | null;
      action: string;
      changes: string;
      clientVisible: boolean;
    };
    const rows: Entry[] = [];
    const add = (entry: Entry) => rows.push(entry);
    for (const entityType of ACTIVITY_ENTITY_TYPES) {
      for (const record of records[entityType] ?? [{ id: me, visible: true }]) {
        for (const action of ACTIVITY_ACTIONS) {
          for (const [a, actor] of actors.entries()) {
            for (const [v, variant] of variants.entries()) {
              const entry = {
                ...actor,
                entityType,
                entityId: record.id,
                action,
                changes: JSON.stringify(variant.changes),
                clientVisible: variant.clientVisible,
              };
              add({ ...entry, companyId: x });
              // Another company's entries and the agency-wide ones: a slice is enough to show they stay out.
              if (a % 2 === 0 && v < 2) {
                add({ ...entry, companyId: y });
                add({ ...entry, companyId: null });
              }
            }
          }
        }
      }
    }
    // Written in a few multi-row statements (one createMany per row would take this test's whole budget).
    const columns = [
      'businessId',
      'actorType',
      'actorUserId',
      'actorContactId',
      'actorName',
      'entityType',
      'entityId',
      'entityName',
      'companyId',
      'action',
      'changes',
      'clientVisible',
      'createdAt',
    ];
    for (let i = 0; i < rows.length; i += 500) {
      const values = rows
        .slice(i, i + 500)
        .map(
          (r, j) =>
            sql`(${b}, ${r.actorType}, ${r.actorUserId}, ${r.actorContactId}, ${r.actorName}, ${r.entityType}, ${r.entityId}, ${'SECRET-SNAPSHOT'}, ${r.companyId}, ${r.action}, ${r.changes}, ${r.clientVisible}, ${new Date(BASE + (i + j) * 1000)})`,
        );
      await app.database.sql.run(
        sql`INSERT INTO "Activity" (${raw(columns.map((c) => `"${c}"`).join(', '))}) VALUES ${join(values, ', ')}`,
      );
    }
    const written = await db.activity.findMany({
      where: { businessId: b },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    });
    const visibleNow = (e: (typeof written)[number]) =>
      records[e.entityType as ActivityEntityType]?.find((r) => r.id === e.entityId)?.visible ??
      ((e.entityType === 'portal' || e.entityType === 'contact') && e.actorContactId === me);
    const expected = written.filter(
      (e) =>
        (e.companyId === x || (e.companyId === null && e.entityType === 'flow')) &&
        visibleNow(e) &&
        clientEventOf({ ...e, changes: JSON.parse(e.changes) as ActivityChange[] }, me) !== null,
    );

    const client = trpcClient(app.baseUrl, { token: walk.portal.token });
    const items = await allPages((cursor) => client.portalActivity.list.query({ limit: 100, cursor }));
    expect(items.map((e) => e.id)).toEqual(expected.map((e) => e.id));
    expect(items.map((e) => e.kind)).toEqual(
      expected.map((e) => clientEventOf({ ...e, changes: JSON.parse(e.changes) as ActivityChange[] }, me)),
    );
    // The agency-wide flow reaches this company's feed too.
    expect(
      items.some(
        (e) =>
          e.text === 'New flow to complete: Walk survey for everyone' &&
          written.find((w) => w.id === e.id)?.companyId === null,
      ),
    ).toBe(true);
    // Every client event kind is reached, so the walk covers each rule.
    expect(new Set(items.map((e) => e.kind))).toEqual(new Set(CLIENT_EVENT_KINDS));
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual([...PORTAL_ACTIVITY_KEYS].sort());
      expect([walk.name, 'Casey Walk Xylo', 'Robin Walker']).toContain(item.actorName);
    }
    const serialized = JSON.stringify(items);
    for (const leak of ['SECRET', 'Walk Yarrow', '1234567', '7654321', '12345', 'description', 'totalBilled', 'field'])
      expect(serialized).not.toContain(leak);
  });
});
