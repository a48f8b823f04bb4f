/**
 * Reports against a known data set, on SQLite and PostgreSQL. Agency A's rows are written straight to the database
 * with fixed dates in Jan–Mar 2026 (tasks with their completedAt); agency B has rows of every kind in the same
 * months, which must never be counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
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

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);
const at = (iso: string) => new Date(`${iso}.000Z`);

let a: Tenant;
let b: Tenant;
const ids = { alder: 0, maple: 0, onboard: 0, p1: 0, p2: 0 };

/** Writes one agency's data set; returns nothing (the expected numbers are written out in the tests). */
async function seed(t: Tenant, prefix: string) {
  const db = app.database.db;
  const businessId = t.businessId;
  const alder = await db.company.create({ data: { businessId, name: `${prefix}Alder`, status: 'active' } });
  const maple = await db.company.create({ data: { businessId, name: `${prefix}Maple`, status: 'onboarding' } });
  await db.company.create({ data: { businessId, name: `${prefix}Sorrel`, status: 'prospect' } });
  await db.company.create({ data: { businessId, name: `${prefix}Zinnia`, status: 'active' } });

  const project = (
    name: string,
    companyId: number | null,
    status: string,
    startDate: string | null,
    completionDate: string | null,
    est: number | null,
    worked: number | null,
    billed: number | null,
  ) =>
    db.project.create({
      data: {
        businessId,
        companyId,
        name: `${prefix}${name}`,
        status,
        startDate: startDate ? day(startDate) : null,
        completionDate: completionDate ? day(completionDate) : null,
        totalHoursEstimated: est,
        totalHoursWorked: worked,
        totalBilledCents: billed,
        createdAt: day('2025-12-15'),
      },
    });
  // In Jan–Mar 2026: P1 (Alder, started Jan, completed Mar), P2 (Alder, started Feb), P3 (Maple, started Jan),
  // P4 (no company, started Mar, draft). Out of range: P5 (completed in 2025), P6 (starts in May).
  const p1 = await project('Website', alder.id, 'complete', '2026-01-10', '2026-03-05', 40, 42.5, 500000);
  const p2 = await project('Rebrand', alder.id, 'in-progress', '2026-02-01', null, 20, 8, 100000);
  await project('Launch', maple.id, 'at-risk', '2026-01-20', null, 30, 35, null);
  await project('Internal', null, 'draft', '2026-03-31', null, 5, null, null);
  await project('Old', maple.id, 'complete', '2025-06-01', '2025-11-30', 100, 100, 900000);
  await project('Later', maple.id, 'waiting', '2026-05-01', null, 10, 0, 0);

  // Overdue: 2 high (one on Alder's project, one without project), 1 low on Maple's; not overdue: completed,
  // cancelled, due in the future, no due date.
  const task = (
    title: string,
    projectId: number | null,
    status: string,
    priority: string,
    due: string | null,
    completedAt: string | null = null,
  ) =>
    db.task.create({
      data: {
        businessId,
        projectId,
        title: `${prefix}${title}`,
        status,
        priority,
        dueDate: due ? day(due) : null,
        completedAt: completedAt ? at(completedAt) : null,
      },
    });
  const launch = await db.project.findFirstOrThrow({ where: { businessId, name: `${prefix}Launch` } });
  await task('T1', p1.id, 'pending', 'high', '2020-01-01');
  await task('T2', null, 'in-progress', 'high', '2021-05-05');
  await task('T3', launch.id, 'pending', 'low', '2022-02-02');
  // Completed per week (Task.completedAt, UTC): week of Mon 2026-01-05: T4 (Monday) and T8 (Sunday 23:59), both
  // Alder's; week of Mon 2026-02-16: T9 (Maple's) and T10 (no project: counted only without a company filter).
  // Not counted: T11 before the range (in its first week, Mon 2025-12-29), T12 after it; the open and cancelled ones.
  await task('T4', p1.id, 'completed', 'high', '2020-01-01', '2026-01-05T00:00:00');
  await task('T5', p1.id, 'cancelled', 'medium', '2020-01-01');
  await task('T6', p1.id, 'pending', 'medium', '2099-01-01');
  await task('T7', p1.id, 'pending', 'medium', null);
  await task('T8', p2.id, 'completed', 'low', null, '2026-01-11T23:59:59');
  await task('T9', launch.id, 'completed', 'medium', null, '2026-02-18T08:00:00');
  await task('T10', null, 'completed', 'medium', null, '2026-02-22T12:00:00');
  await task('T11', p1.id, 'completed', 'medium', null, '2025-12-31T23:59:59');
  await task('T12', launch.id, 'completed', 'medium', null, '2026-04-01T00:00:00');

  // Flows: Onboarding (Alder ×2 contacts, Maple ×1): 2 completed in 24 h and 48 h; Survey (Maple): 1 open.
  const onboard = await db.flow.create({
    data: { businessId, name: `${prefix}Onboarding`, description: '', workflowType: 'onboard', companyId: null },
  });
  const survey = await db.flow.create({
    data: { businessId, name: `${prefix}Survey`, description: '', workflowType: 'collect', companyId: null },
  });
  const contact = (n: number, companyId: number) =>
    db.contact.create({
      data: {
        businessId,
        companyId,
        firstName: `C${n}`,
        lastName: prefix || 'A',
        email: `${prefix.toLowerCase()}c${n}-${businessId}@example.test`,
      },
    });
  const c1 = await contact(1, alder.id);
  const c2 = await contact(2, alder.id);
  const c3 = await contact(3, maple.id);
  const submission = (
    flowId: number,
    contactId: number,
    companyId: number,
    createdAt: string,
    completedAt: string | null,
  ) =>
    db.flowSubmission.create({
      data: {
        businessId,
        flowId,
        contactId,
        companyId,
        status: completedAt ? 'completed' : 'in_progress',
        createdAt: at(createdAt),
        completedAt: completedAt ? at(completedAt) : null,
      },
    });
  await submission(onboard.id, c1.id, alder.id, '2026-01-02T09:00:00', '2026-01-03T09:00:00');
  await submission(onboard.id, c2.id, alder.id, '2026-02-02T09:00:00', '2026-02-04T09:00:00');
  await submission(onboard.id, c3.id, maple.id, '2026-03-02T09:00:00', null);
  await submission(survey.id, c3.id, maple.id, '2026-03-03T09:00:00', null);

  // Files: uploaded Jan ×2 (Alder), Feb ×1 (Maple), Apr ×1 (out of range); client downloads Jan ×1 (Alder),
  // Mar ×2 (Maple); a staff download entry (none are written, but a 'downloaded' by staff would not count).
  const doc = (companyId: number | null, createdAt: string) =>
    db.document.create({
      data: {
        businessId,
        companyId,
        name: `${prefix}file.pdf`,
        url: 'https://files.example.test/f.pdf',
        createdAt: at(createdAt),
      },
    });
  await doc(alder.id, '2026-01-03T10:00:00');
  await doc(alder.id, '2026-01-30T10:00:00');
  await doc(maple.id, '2026-02-14T10:00:00');
  await doc(maple.id, '2026-04-01T10:00:00');
  const download = (companyId: number, createdAt: string, actorType = 'contact') =>
    db.activity.create({
      data: {
        businessId,
        actorType,
        actorName: 'Client',
        entityType: 'file',
        entityId: 1,
        companyId,
        action: 'downloaded',
        createdAt: at(createdAt),
      },
    });
  await download(alder.id, '2026-01-04T10:00:00');
  await download(maple.id, '2026-03-10T10:00:00');
  await download(maple.id, '2026-03-11T10:00:00');
  await download(maple.id, '2026-03-12T10:00:00', 'staff');
  return { alder: alder.id, maple: maple.id, onboard: onboard.id, p1: p1.id, p2: p2.id };
}

beforeAll(async () => {
  app = await startApp();
  api = client(app.baseUrl);
  a = await agency();
  b = await agency();
  Object.assign(ids, await seed(a, ''));
  await seed(b, 'B ');
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const reports = (t: Tenant) => trpcClient(app.baseUrl, { token: t.token }).reports;
const Q1 = { from: '2026-01-01', to: '2026-03-31' };

describe('reports.overview', () => {
  it('answers the exact numbers of the data set for Jan–Mar 2026', async () => {
    const r = await reports(a).overview.query(Q1);
    expect(r.range).toEqual(Q1);
    expect(r.companyId).toBeNull();
    // P1–P4 overlap the range; Old (completed 2025) and Later (starts May) do not.
    expect(r.projectsByStatus).toEqual([
      { status: 'at-risk', count: 1 },
      { status: 'complete', count: 1 },
      { status: 'draft', count: 1 },
      { status: 'in-progress', count: 1 },
    ]);
    expect(r.projectsPerMonth).toEqual([
      { month: '2026-01', started: 2, completed: 0 },
      { month: '2026-02', started: 1, completed: 0 },
      { month: '2026-03', started: 1, completed: 1 },
    ]);
    expect(r.tasksCompletedPerWeek.length).toBe(14); // Mon 2025-12-29 … Mon 2026-03-30
    expect(r.tasksCompletedPerWeek[0]).toEqual({ week: '2025-12-29', count: 0 });
    expect(r.tasksCompletedPerWeek.filter((w) => w.count > 0)).toEqual([
      { week: '2026-01-05', count: 2 },
      { week: '2026-02-16', count: 2 },
    ]);
    expect(r.overdueTasksByPriority).toEqual([
      { priority: 'high', count: 2 },
      { priority: 'medium', count: 0 },
      { priority: 'low', count: 1 },
    ]);
    expect(r.hoursByCompany).toEqual([
      { companyId: ids.alder, name: 'Alder', projects: 2, estimated: 60, worked: 50.5, billedCents: 600000 },
      { companyId: ids.maple, name: 'Maple', projects: 1, estimated: 30, worked: 35, billedCents: 0 },
      { companyId: null, name: null, projects: 1, estimated: 5, worked: 0, billedCents: 0 },
    ]);
    expect(r.hoursByProject.map((p) => [p.name, p.companyName, p.estimated, p.worked, p.billedCents])).toEqual([
      ['Website', 'Alder', 40, 42.5, 500000],
      ['Launch', 'Maple', 30, 35, 0],
      ['Rebrand', 'Alder', 20, 8, 100000],
      ['Internal', null, 5, 0, 0],
    ]);
    expect(r.clientsByStatus).toEqual([
      { status: 'active', count: 2 },
      { status: 'onboarding', count: 1 },
      { status: 'prospect', count: 1 },
    ]);
    expect(r.flows).toEqual([
      {
        flowId: ids.onboard,
        name: 'Onboarding',
        started: 3,
        completed: 2,
        completionRate: 0.667,
        avgHoursToComplete: 36,
      },
      {
        flowId: expect.any(Number),
        name: 'Survey',
        started: 1,
        completed: 0,
        completionRate: 0,
        avgHoursToComplete: null,
      },
    ]);
    expect(r.filesPerMonth).toEqual([
      { month: '2026-01', uploaded: 2, downloaded: 1 },
      { month: '2026-02', uploaded: 1, downloaded: 0 },
      { month: '2026-03', uploaded: 0, downloaded: 2 },
    ]);
  });

  it('narrows every report to one company', async () => {
    const r = await reports(a).overview.query({ ...Q1, companyId: ids.maple });
    expect(r.companyId).toBe(ids.maple);
    expect(r.projectsByStatus).toEqual([{ status: 'at-risk', count: 1 }]);
    expect(r.projectsPerMonth.map((m) => [m.started, m.completed])).toEqual([
      [1, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(r.tasksCompletedPerWeek.filter((w) => w.count > 0)).toEqual([{ week: '2026-02-16', count: 1 }]);
    expect(r.overdueTasksByPriority).toEqual([
      { priority: 'high', count: 0 },
      { priority: 'medium', count: 0 },
      { priority: 'low', count: 1 },
    ]);
    expect(r.hoursByCompany).toEqual([
      { companyId: ids.maple, name: 'Maple', projects: 1, estimated: 30, worked: 35, billedCents: 0 },
    ]);
    expect(r.clientsByStatus).toEqual([{ status: 'onboarding', count: 1 }]);
    expect(r.flows.map((f) => [f.name, f.started, f.completed])).toEqual([
      ['Onboarding', 1, 0],
      ['Survey', 1, 0],
    ]);
    expect(r.filesPerMonth.map((m) => [m.uploaded, m.downloaded])).toEqual([
      [0, 0],
      [1, 0],
      [0, 2],
    ]);
  });

  it('follows the date range (one month)', async () => {
    const r = await reports(a).overview.query({ from: '2026-02-01', to: '2026-02-28' });
    // P1 (Jan–Mar), P2 (from Feb) and Launch (from Jan, open) overlap February; Internal starts Mar 31.
    expect(r.projectsByStatus.reduce((n, s) => n + s.count, 0)).toBe(3);
    expect(r.projectsPerMonth).toEqual([{ month: '2026-02', started: 1, completed: 0 }]);
    expect(r.tasksCompletedPerWeek).toEqual([
      { week: '2026-01-26', count: 0 },
      { week: '2026-02-02', count: 0 },
      { week: '2026-02-09', count: 0 },
      { week: '2026-02-16', count: 2 },
      { week: '2026-02-23', count: 0 },
    ]);
    // The range's last day ends at its midnight (UTC): 23:59:59 on Sunday 11 January is in, so are both Mondays' 00:00.
    const january = await reports(a).overview.query({ from: '2026-01-05', to: '2026-01-11' });
    expect(january.tasksCompletedPerWeek).toEqual([{ week: '2026-01-05', count: 2 }]);
    const sundayOff = await reports(a).overview.query({ from: '2026-01-05', to: '2026-01-10' });
    expect(sundayOff.tasksCompletedPerWeek).toEqual([{ week: '2026-01-05', count: 1 }]);
    expect(r.flows.map((f) => [f.name, f.started, f.completed, f.avgHoursToComplete])).toEqual([
      ['Onboarding', 1, 1, 48],
    ]);
    expect(r.filesPerMonth).toEqual([{ month: '2026-02', uploaded: 1, downloaded: 0 }]);
  });

  it('defaults to the last 12 months', async () => {
    const r = await reports(a).overview.query({});
    const now = new Date();
    expect(r.range.to).toBe(now.toISOString().slice(0, 10));
    expect(r.range.from).toBe(
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 10),
    );
    expect(r.projectsPerMonth).toHaveLength(12);
  });

  it('counts a task completed through the app this week, and no longer once it is reopened', async () => {
    const hub = trpcClient(app.baseUrl, { token: a.token });
    const task = await hub.tasks.create.mutate({ title: 'Finish me', priority: 'low', projectId: ids.p2 } as never);
    const today = new Date().toISOString().slice(0, 10);
    const total = (r: Awaited<ReturnType<typeof hub.reports.overview.query>>) =>
      r.tasksCompletedPerWeek.reduce((n, w) => n + w.count, 0);
    const count = async (companyId?: number) =>
      total(await hub.reports.overview.query({ from: today, to: today, companyId }));
    const before = { all: await count(), alder: await count(ids.alder), maple: await count(ids.maple) };
    const id = (task as { id: number }).id;
    await hub.tasks.setStatus.mutate({ id, status: 'completed' });
    expect({ all: await count(), alder: await count(ids.alder), maple: await count(ids.maple) }).toEqual({
      ...before,
      all: before.all + 1,
      alder: before.alder + 1,
    });
    await hub.tasks.setStatus.mutate({ id, status: 'in-progress' });
    expect({ all: await count(), alder: await count(ids.alder), maple: await count(ids.maple) }).toEqual(before);
  });

  it('refuses a foreign company (404), a reversed range and a bad date (400, with a sentence)', async () => {
    const foreign = await app.database.db.company.findFirstOrThrow({ where: { businessId: b.businessId } });
    await expect(reports(a).overview.query({ companyId: foreign.id })).rejects.toSatisfy(
      (e) => trpcCode(e) === 'NOT_FOUND',
    );
    const reversed = await api.get(`/api/reports?from=2026-03-01&to=2026-02-01`, { token: a.token });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('The end of the date range cannot be before its start.');
    const bad = await api.get(`/api/reports?from=2026-02-30`, { token: a.token });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Enter a valid date');
    const foreignRest = await api.get(`/api/reports?company_id=${foreign.id}`, { token: a.token });
    expect(foreignRest.status).toBe(404);
  });

  it('answers the widest allowed range: 5 years, at either end of 1900–2200 too, with a reply of a few KB', async () => {
    // Five years of the data set's months: every task completed in 2025–2026 (T4, T8–T12) is in.
    const wide = await api.get(`/api/reports?from=2022-01-01&to=2026-12-31`, { token: a.token });
    expect(wide.status).toBe(200);
    const r = wide.body as Awaited<ReturnType<ReturnType<typeof reports>['overview']['query']>>;
    expect(r.range).toEqual({ from: '2022-01-01', to: '2026-12-31' });
    expect(r.projectsPerMonth).toHaveLength(60);
    expect(r.filesPerMonth).toHaveLength(60);
    expect(r.tasksCompletedPerWeek).toHaveLength(262); // Mon 2021-12-27 … Mon 2026-12-28
    expect(r.tasksCompletedPerWeek.reduce((n, w) => n + w.count, 0)).toBe(6);
    expect(r.filesPerMonth.reduce((n, m) => n + m.uploaded, 0)).toBe(4);
    // The whole reply stays small (0001-01-01 to 9999-12-31 used to build 24.6 MB).
    expect(JSON.stringify(wide.body).length).toBeLessThan(32_000);
    for (const range of [
      { from: '1900-01-01', to: '1904-12-31' },
      { from: '2196-01-01', to: '2200-12-31' },
      { from: '2021-03-01', to: '2026-02-28' }, // the last day before "5 years later"
    ]) {
      const res = await reports(a).overview.query(range);
      expect(res.range).toEqual(range);
      expect(res.projectsPerMonth).toHaveLength(60);
    }
  });

  it('refuses a range over 5 years or a day outside 1900–2200 (400, with the sentence), 9999-12-31 included', async () => {
    const refused = async (query: string, message: string) => {
      const res = await api.get(`/api/reports?${query}`, { token: a.token });
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBe(message);
    };
    await refused('from=0001-01-01&to=9999-12-31', M.reports.dateOutOfRange);
    await refused('to=9999-12-31', M.reports.dateOutOfRange); // was a 500 on PostgreSQL (the day after is year 10000)
    await refused('from=1899-12-31&to=1900-06-30', M.reports.dateOutOfRange);
    await refused('from=2200-06-01&to=2201-01-01', M.reports.dateOutOfRange);
    await refused('from=2021-03-01&to=2026-03-01', M.reports.rangeTooLong); // 5 years and a day
    await refused('from=1900-01-01&to=2200-12-31', M.reports.rangeTooLong);
    // One end alone: checked with the other filled in (from 1900 up to today; 2200 back to the default start).
    await refused('from=1900-01-01', M.reports.rangeTooLong);
    await refused('to=2200-12-31', M.reports.rangeTooLong);
    await expect(reports(a).overview.query({ from: '1900-01-01', to: '2200-12-31' })).rejects.toSatisfy(
      (e: Error) => trpcCode(e) === 'BAD_REQUEST' && e.message.includes(M.reports.rangeTooLong),
    );
  });

  it('answers over REST with company_id', async () => {
    const res = await api.get(`/api/reports?from=2026-01-01&to=2026-03-31&company_id=${ids.alder}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.hoursByCompany).toEqual([
      { companyId: ids.alder, name: 'Alder', projects: 2, estimated: 60, worked: 50.5, billedCents: 600000 },
    ]);
    const anon = await api.get(`/api/reports`);
    expect(anon.status).toBe(401);
  });
});

describe('reports.overview: the median time to the first reply per client', () => {
  /** An agency of its own, so the fixture above stays as it is; every duration below is written out. */
  let r: Tenant;
  const co = { quarry: 0, sorrel: 0, willow: 0, staffOnly: 0 };

  beforeAll(async () => {
    r = await agency();
    const db = app.database.db;
    const businessId = r.businessId;
    const company = async (name: string) => (await db.company.create({ data: { businessId, name } })).id;
    co.quarry = await company('Quick Quarry');
    co.sorrel = await company('Slow Sorrel');
    co.willow = await company('Waiting Willow');
    co.staffOnly = await company('Quiet Quince');
    type Line = [kind: 'contact' | 'staff' | 'note', iso: string, deleted?: boolean];
    /** One thread of the company with its messages, in the order written. */
    const thread = async (companyId: number, lines: Line[]) => {
      const t = await db.messageThread.create({
        data: { businessId, companyId, kind: 'topic', subject: 'Questions', createdAt: at(`${lines[0][1]}`) },
      });
      for (const [kind, iso, deleted] of lines)
        await db.message.create({
          data: {
            businessId,
            threadId: t.id,
            authorKind: kind === 'contact' ? 'contact' : 'staff',
            authorName: kind === 'contact' ? 'Client' : 'Staff',
            ...(kind === 'contact' ? {} : { authorUserId: r.userId }),
            internal: kind === 'note',
            body: deleted ? '' : 'Hello',
            deletedAt: deleted ? at(iso) : null,
            createdAt: at(iso),
          },
        });
    };
    // Quick Quarry: 30 min (the internal note in between answers nobody), 2 h (the follow-up does not restart the
    // clock), 10 min, and 1 day (from a message the client later deleted): 600, 1800, 7200, 86400 s → median 4500 s.
    await thread(co.quarry, [
      ['contact', '2026-01-05T09:00:00'],
      ['note', '2026-01-05T09:10:00'],
      ['staff', '2026-01-05T09:30:00'],
      ['contact', '2026-01-05T10:00:00'],
      ['contact', '2026-01-05T10:20:00'],
      ['staff', '2026-01-05T12:00:00'],
      ['staff', '2026-01-05T12:05:00'],
    ]);
    await thread(co.quarry, [
      ['contact', '2026-01-10T08:00:00'],
      ['staff', '2026-01-10T08:10:00'],
      ['contact', '2026-01-11T08:00:00', true],
      ['staff', '2026-01-12T08:00:00'],
    ]);
    // Slow Sorrel: 1 day, 6 h, 3 days, and 2 h answered after the range (its question was in it): 7200, 21600,
    // 86400, 259200 s → median 54000 s. A question before the range is not counted; one is still unanswered.
    await thread(co.sorrel, [
      ['contact', '2025-12-31T23:00:00'],
      ['staff', '2026-01-01T01:00:00'],
      ['contact', '2026-02-01T09:00:00'],
      ['staff', '2026-02-02T09:00:00'],
      ['contact', '2026-02-03T09:00:00'],
      ['staff', '2026-02-03T15:00:00'],
      ['contact', '2026-02-05T09:00:00'],
      ['note', '2026-02-06T09:00:00'],
      ['staff', '2026-02-08T09:00:00'],
    ]);
    await thread(co.sorrel, [
      ['contact', '2026-03-31T23:00:00'],
      ['staff', '2026-04-01T01:00:00'],
    ]);
    await thread(co.sorrel, [['contact', '2026-03-01T09:00:00']]);
    // Waiting Willow: answered only by an internal note, so still waiting; Quiet Quince: staff wrote, no client.
    await thread(co.willow, [
      ['contact', '2026-02-10T09:00:00'],
      ['note', '2026-02-10T09:05:00'],
    ]);
    await thread(co.staffOnly, [['staff', '2026-02-10T09:00:00']]);
  }, 60_000);

  it('answers the median of each client’s waits in the range, slowest first, the unanswered counted apart', async () => {
    const result = await reports(r).overview.query(Q1);
    expect(result.replyTimesByCompany).toEqual([
      { companyId: co.sorrel, name: 'Slow Sorrel', medianSeconds: 54_000, answered: 4, unanswered: 1 },
      { companyId: co.quarry, name: 'Quick Quarry', medianSeconds: 4_500, answered: 4, unanswered: 0 },
      { companyId: co.willow, name: 'Waiting Willow', medianSeconds: null, answered: 0, unanswered: 1 },
    ]);
    // An odd count: February holds three of Sorrel's waits, and the median is the middle one.
    const february = await reports(r).overview.query({ from: '2026-02-01', to: '2026-02-28' });
    expect(february.replyTimesByCompany).toEqual([
      { companyId: co.sorrel, name: 'Slow Sorrel', medianSeconds: 86_400, answered: 3, unanswered: 0 },
      { companyId: co.willow, name: 'Waiting Willow', medianSeconds: null, answered: 0, unanswered: 1 },
    ]);
  });

  it('narrows to one company, and counts nothing of another agency', async () => {
    const one = await reports(r).overview.query({ ...Q1, companyId: co.quarry });
    expect(one.replyTimesByCompany).toEqual([
      { companyId: co.quarry, name: 'Quick Quarry', medianSeconds: 4_500, answered: 4, unanswered: 0 },
    ]);
    // Agency A has no messages: an empty list (the page's empty state).
    expect((await reports(a).overview.query(Q1)).replyTimesByCompany).toEqual([]);
  });

  it('answers over REST in the reports row', async () => {
    const res = await api.get(`/api/reports?from=2026-01-01&to=2026-03-31&company_id=${co.willow}`, {
      token: r.token,
    });
    expect(res.status).toBe(200);
    expect(res.body.replyTimesByCompany).toEqual([
      { companyId: co.willow, name: 'Waiting Willow', medianSeconds: null, answered: 0, unanswered: 1 },
    ]);
  });
});
