/**
 * The activity log's read side: the company tab (activity.forCompany), the dashboard card (activity.recent), the
 * owner's whole log (activity.list, its filters and GET /api/activity.csv) and the portal's list
 * (portalActivity.list): newest first, keyset pages without gaps or duplicates, every filter, the owner-only
 * permission, CSV escaping, and never another agency's or another company's entries, nor staff-internal ones in the
 * portal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { recordActivity, staffActor, contactActor } from '../../server/activity';
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
  fields: { companyId?: number | null; entityType?: string; entityName?: string; action?: string; actorUserId?: number | null; actorName?: string; clientVisible?: boolean; changes?: unknown[] },
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
async function allPages<T extends { id: number }>(fetchPage: (cursor: number | null) => Promise<{ items: T[]; nextCursor: number | null }>) {
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
  for (let i = 0; i < 6; i++) await entry(other.businessId, { companyId: birch, entityName: `Foreign ${i}`, clientVisible: true, actorUserId: other.userId }, at(i));
});
afterAll(() => app.close());

/** The seeded ids newest first: by time, then id. */
const newestFirst = (ids: number[]) => ids.slice().sort((x, y) => Math.floor(seeded.indexOf(y) / 2) - Math.floor(seeded.indexOf(x) / 2) || y - x);

describe('activity.list (the owner’s whole log)', () => {
  it('answers newest first, and its pages join without gaps or duplicates', async () => {
    const items = await allPages((cursor) => owner.activity.list.query({ limit: 7, cursor }));
    expect(items.map((e) => e.id)).toEqual(newestFirst(seeded));
    for (let i = 1; i < items.length; i++) expect(items[i - 1].createdAt.getTime()).toBeGreaterThanOrEqual(items[i].createdAt.getTime());
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
    expect(await ids({ companyId: alder, entityType: 'task', actorUserId: member.id })).toEqual(where((i) => i % 2 === 0 && i % 3 === 0 && i % 5 === 0));
    // A bare day as `to` includes that whole day.
    expect(await ids({ from: '2021-01-10', to: '2021-01-10' } as never)).toEqual(newestFirst(seeded));
    expect(await ids({ to: '2021-01-09' } as never)).toEqual([]);
  });

  it('answers each entry with its sentence parts, the company name and its changes', async () => {
    const id = await recordActivity(app.database.db, agency.businessId, { type: 'staff', userId: agency.userId, name: 'Olivia Owner' }, {
      entityType: 'company',
      entityId: maple,
      entityName: 'Maple Media',
      companyId: maple,
      action: 'updated',
      changes: [{ field: 'status', from: 'prospect', to: 'active' }],
    });
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
    const items = await allPages((cursor) => memberTrpc.activity.forCompany.query({ companyId: alder, limit: 4, cursor }));
    expect(items.map((e) => e.id)).toEqual(newestFirst(seeded.filter((_, i) => i % 2 === 0)));
    expect(items.every((e) => e.companyId === alder)).toBe(true);
    const tasks = await allPages((cursor) => memberTrpc.activity.forCompany.query({ companyId: alder, entityType: 'task', cursor }));
    expect(tasks.map((e) => e.id)).toEqual(newestFirst(seeded.filter((_, i) => i % 2 === 0 && i % 3 === 0)));
  });

  it('answers NOT_FOUND for another agency’s company (REST 404 too)', async () => {
    expect(trpcCode(await owner.activity.forCompany.query({ companyId: birch }).catch((e) => e))).toBe('NOT_FOUND');
    expect((await api.get(`/api/companies/${birch}/activity`, { token: agency.token })).status).toBe(404);
  });

  it('answers a real task change on its company’s tab, with the changed fields old → new', async () => {
    const project = await app.database.db.project.create({ data: { businessId: agency.businessId, companyId: maple, name: 'Relaunch' } });
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
    await app.database.db.activity.deleteMany({ where: { businessId: agency.businessId, entityId: task.id, entityType: 'task' } });
  });

  it('the dashboard card answers the agency’s latest entries, at most 20', async () => {
    const recent = await owner.activity.recent.query({ limit: 5 });
    expect(recent.map((e) => e.id)).toEqual(newestFirst(seeded).slice(0, 5));
    expect(trpcCode(await owner.activity.recent.query({ limit: 21 }).catch((e) => e))).toBe('BAD_REQUEST');
  });
});

describe('GET /api/activity.csv', () => {
  const csv = (query: string, token: string) => fetch(`${app.baseUrl}/api/activity.csv${query}`, { headers: { authorization: `Bearer ${token}` } });

  it('gives the owner every matching row, newest first, as an attachment', async () => {
    const res = await csv(`?companyId=${maple}`, agency.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
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
    const text = await (await csv(`?companyId=${alder}&from=${encodeURIComponent(at(100).toISOString())}`, agency.token)).text();
    const row = text.replace(/^\uFEFF/, '').split('\r\n')[1] + '\r\n' + text.split('\r\n')[2];
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

describe('portalActivity.list (the client’s Activity list)', () => {
  it('shows only its own company’s clientVisible entries, newest first, never internal ones or another company’s', async () => {
    const portal = trpcClient(app.baseUrl, { token: agency.portal.token });
    const items = await allPages((cursor) => portal.portalActivity.list.query({ limit: 2, cursor }));
    expect(items.map((e) => e.id)).toEqual(newestFirst(seeded.filter((_, i) => i % 2 === 0 && i % 3 === 1)));
    expect(Object.keys(items[0]).sort()).toEqual(['action', 'actorName', 'actorType', 'changes', 'createdAt', 'entityName', 'entityType', 'id', 'mine']);
  });

  it('marks what the signed-in client did as theirs (REST too)', async () => {
    const contact = await app.database.db.contact.findUniqueOrThrow({ where: { id: agency.portal.contactId } });
    const id = await recordActivity(app.database.db, agency.businessId, contactActor(contact), {
      entityType: 'file',
      entityName: 'Brief.pdf',
      companyId: alder,
      action: 'downloaded',
      clientVisible: true,
    });
    const res = await api.get('/api/portal/activity?limit=1', { token: agency.portal.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ id, mine: true, action: 'downloaded', entityName: 'Brief.pdf' })]);
    // A staff-internal entry of the same company never shows.
    const internal = await recordActivity(app.database.db, agency.businessId, staffActor({ id: agency.userId, firstName: 'Olivia', lastName: 'Owner' }), {
      entityType: 'task',
      entityName: 'Internal note',
      companyId: alder,
      action: 'created',
    });
    const again = await api.get('/api/portal/activity?limit=1', { token: agency.portal.token });
    expect(again.body[0].id).toBe(id);
    await app.database.db.activity.deleteMany({ where: { id: { in: [id, internal] } } });
  });

  it('the other agency’s portal client sees none of this agency’s entries', async () => {
    const foreignPortal = trpcClient(app.baseUrl, { token: other.portal.token });
    const items = await allPages((cursor) => foreignPortal.portalActivity.list.query({ cursor }));
    expect(items.length).toBe(6);
    expect(items.every((e) => e.entityName.startsWith('Foreign'))).toBe(true);
  });
});
