/**
 * Notifications end to end, over the real SMTP path (tests/support/smtp.ts): a task assigned to a colleague
 * notifies them exactly once (twice drained, a failing job retried), never the actor; preferences (off, in-app,
 * e-mail) and the daily digest; portal contacts' e-mails for files and flows shared with their company, and their
 * opt-out; the bell's procedures (only one's own notifications); and the job queue itself: dead letter after
 * maxAttempts (owner only, retry), two runners never run a job twice, and a job stuck past its lease is taken again.
 *
 * Test files share one database and run at once: every runner here claims only this file's agencies' jobs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { enqueueJob, JobRunner, type JobHandler, type JobKind } from '../../server/jobs/queue';
import { Mailer } from '../../server/mail';
import { nextDigestAt, notificationHandlers } from '../../server/notifications/fanout';
import { M } from '../../shared/messages';
import { createAgency, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';
import { addStaff, type StaffUser } from '../support/staff';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

let smtp: TestSmtpServer;
let app: TestApp;
let agency: Agency;
let other: Agency;
let colleague: StaffUser;
let owner: { id: number; firstName: string; lastName: string };
let ownerApi: TrpcClient;
let colleagueApi: TrpcClient;
let mailer: Mailer;
let env: ReturnType<typeof loadEnv>;
let projectId: number;

/** A runner like the app's, over this file's agencies only, with handlers replaced where a test says so. */
function runner(
  handlers: Partial<Record<JobKind, JobHandler>> = {},
  businessIds = [agency.businessId, other.businessId],
) {
  return new JobRunner(
    { database: app.database, mailer, env, storage: app.storage },
    { ...notificationHandlers, ...handlers },
    { pollMs: 0, log: () => {}, businessIds },
  );
}
const drain = (now?: Date) => runner().drain(now);
const minutesFrom = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);

const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));
const notificationsOf = (userId: number) =>
  app.database.db.notification.findMany({ where: { userId }, orderBy: { id: 'asc' } });

let taskCounter = 0;
const assignTask = (assigneeId: number | null, title = `Task ${++taskCounter}`, api = ownerApi) =>
  api.tasks.create.mutate({ title, projectId, assigneeId });

async function clearInbox(userId: number) {
  await app.database.db.notification.deleteMany({ where: { userId } });
  smtp.received.length = 0;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(undefined, { smtpUrl: smtp.url });
  mailer = new Mailer({ smtpUrl: smtp.url, from: 'Clientflow <hub@clientflow.test>' }, () => {});
  env = loadEnv({ NODE_ENV: 'test', DATABASE_URL: 'file:unused.db', PORT: '0', PUBLIC_URL: 'http://hub.test' });
  agency = await createAgency(app, ['Acme Studio']);
  other = await createAgency(app, ['Foreign Foundry']);
  colleague = await addStaff(app, agency, 'member', 'Grace');
  owner = await app.database.db.user.findUniqueOrThrow({
    where: { id: agency.userId },
    select: { id: true, firstName: true, lastName: true },
  });
  ownerApi = trpcClient(app.baseUrl, { token: agency.token });
  colleagueApi = trpcClient(app.baseUrl, { token: colleague.token });
  projectId = (
    await app.database.db.project.create({
      data: { businessId: agency.businessId, companyId: agency.companies[0].id, name: 'Website relaunch' },
    })
  ).id;
  // The fixture's own notifications and dead jobs are not this file's subject.
  await app.database.db.notification.deleteMany({
    where: { businessId: { in: [agency.businessId, other.businessId] } },
  });
  await app.database.db.job.deleteMany({ where: { businessId: { in: [agency.businessId, other.businessId] } } });
});
afterAll(async () => {
  await app?.close();
  mailer?.close();
  await smtp?.close();
});

describe('a task assigned to a colleague', () => {
  it('notifies them exactly once, in the bell and by one e-mail, even when drained twice', async () => {
    await clearInbox(colleague.id);
    const task = await assignTask(colleague.id, 'Homepage copy');
    await drain();
    await drain();
    const notes = await notificationsOf(colleague.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      kind: 'task_assigned',
      title: M.notifications.taskAssigned(`${owner.firstName} ${owner.lastName}`, 'Homepage copy'),
      readAt: null,
    });
    expect(notes[0].link).toContain(String(task.id));
    const mails = mailsTo(colleague.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(notes[0].title);
    expect(mails[0].text).toContain(`http://hub.test${notes[0].link}`);
    expect(mails[0].text).toContain('http://hub.test/hub/account?tab=notifications');

    const page = await colleagueApi.notifications.list.query({});
    expect(page.items.map((n) => n.id)).toEqual([notes[0].id]);
    expect(page.total).toBe(1);
    expect(await colleagueApi.notifications.unreadCount.query()).toEqual({ count: 1 });
  });

  it('never notifies the actor of their own change', async () => {
    const before = (await notificationsOf(owner.id)).length;
    const task = await assignTask(owner.id, 'My own task');
    await ownerApi.tasks.update.mutate({ id: task.id, status: 'completed' });
    await drain();
    expect(await notificationsOf(owner.id)).toHaveLength(before);
    expect(mailsTo(agency.email)).toHaveLength(0);
  });

  it('tells the assignee when someone else moves their task', async () => {
    await clearInbox(colleague.id);
    const task = await assignTask(colleague.id, 'Moodboard');
    await ownerApi.tasks.update.mutate({ id: task.id, status: 'in-progress' });
    await drain();
    const kinds = (await notificationsOf(colleague.id)).map((n) => n.kind);
    expect(kinds).toEqual(['task_assigned', 'task_status']);
  });

  it('still yields one notification and one e-mail when the fan-out job fails after writing (rolled back, retried)', async () => {
    await clearInbox(colleague.id);
    let calls = 0;
    const flakyNotify: JobHandler = {
      transactional: true,
      async run(tx, job, deps) {
        await (notificationHandlers.notify as Extract<JobHandler, { transactional: true }>).run(tx, job, deps);
        if (calls++ === 0) throw new Error('Database hiccup after the writes');
      },
    };
    await assignTask(colleague.id, 'Flaky fan-out');
    const now = minutesFrom(new Date(), 1);
    await runner({ notify: flakyNotify }).drain(now);
    expect(await notificationsOf(colleague.id)).toHaveLength(0);
    const failed = await app.database.db.job.findFirstOrThrow({
      where: { businessId: agency.businessId, kind: 'notify' },
      orderBy: { id: 'desc' },
    });
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, lastError: 'Database hiccup after the writes' });
    expect(failed.runAt.getTime()).toBeGreaterThan(now.getTime());

    await runner({ notify: flakyNotify }).drain(minutesFrom(now, 5));
    await drain(minutesFrom(now, 5));
    expect(await notificationsOf(colleague.id)).toHaveLength(1);
    expect(mailsTo(colleague.email)).toHaveLength(1);
    expect(await app.database.db.job.findUniqueOrThrow({ where: { id: failed.id } })).toMatchObject({
      status: 'done',
      attempts: 2,
    });
  });

  it('sends one e-mail when the mail job fails once (SMTP down) and is retried', async () => {
    await clearInbox(colleague.id);
    const down = new Mailer({ smtpUrl: 'smtp://127.0.0.1:9', from: 'Clientflow <hub@clientflow.test>' }, () => {});
    await assignTask(colleague.id, 'Mail outage');
    const now = minutesFrom(new Date(), 1);
    await new JobRunner({ database: app.database, mailer: down, env, storage: app.storage }, notificationHandlers, {
      pollMs: 0,
      log: () => {},
      businessIds: [agency.businessId],
    }).drain(now);
    down.close();
    expect(mailsTo(colleague.email)).toHaveLength(0);
    const mailJob = await app.database.db.job.findFirstOrThrow({
      where: { businessId: agency.businessId, kind: 'email' },
      orderBy: { id: 'desc' },
    });
    expect(mailJob).toMatchObject({ status: 'pending', attempts: 1 });
    expect(mailJob.lastError).toBeTruthy();
    await drain(minutesFrom(now, 5));
    await drain(minutesFrom(now, 10));
    expect(mailsTo(colleague.email)).toHaveLength(1);
    expect(await notificationsOf(colleague.id)).toHaveLength(1);
  });
});

describe('preferences', () => {
  it('answers every kind with its default, and saves channels and the digest switch', async () => {
    const prefs = await colleagueApi.notifications.preferences.query();
    expect(prefs.emailDigest).toBe(false);
    expect(prefs.kinds.find((k) => k.kind === 'task_assigned')).toEqual({ kind: 'task_assigned', channel: 'email' });
    const saved = await colleagueApi.notifications.updatePreferences.mutate({
      kinds: [{ kind: 'file_activity', channel: 'off' }],
    });
    expect(saved.kinds.find((k) => k.kind === 'file_activity')?.channel).toBe('off');
    expect(
      (await ownerApi.notifications.preferences.query()).kinds.find((k) => k.kind === 'file_activity')?.channel,
    ).toBe('in_app');
    await colleagueApi.notifications.updatePreferences.mutate({
      kinds: [{ kind: 'file_activity', channel: 'in_app' }],
    });
  });

  it.each([
    ['off', 0, 0],
    ['in_app', 1, 0],
    ['email', 1, 1],
  ] as const)('honours %s: %i notification(s), %i e-mail(s)', async (channel, notifications, mails) => {
    await clearInbox(colleague.id);
    await colleagueApi.notifications.updatePreferences.mutate({ kinds: [{ kind: 'task_assigned', channel }] });
    await assignTask(colleague.id, `Preference ${channel}`);
    await drain();
    expect(await notificationsOf(colleague.id)).toHaveLength(notifications);
    expect(mailsTo(colleague.email)).toHaveLength(mails);
  });

  it('refuses an unknown channel with 400', async () => {
    const error = await colleagueApi.notifications.updatePreferences
      .mutate({ kinds: [{ kind: 'task_assigned', channel: 'pigeon' as 'off' }] })
      .catch((e) => e);
    expect(refusal(error)).toEqual({ code: 'BAD_REQUEST', httpStatus: 400 });
  });
});

describe('the daily digest', () => {
  it('collects e-mails into one digest at the digest hour instead of single mails', async () => {
    await clearInbox(colleague.id);
    await colleagueApi.notifications.updatePreferences.mutate({
      kinds: [{ kind: 'task_assigned', channel: 'email' }],
      emailDigest: true,
    });
    await assignTask(colleague.id, 'Digest one');
    await assignTask(colleague.id, 'Digest two');
    await drain();
    expect(await notificationsOf(colleague.id)).toHaveLength(2);
    expect(mailsTo(colleague.email)).toHaveLength(0);
    const digestAt = nextDigestAt(new Date(), env.DIGEST_HOUR_UTC);
    await drain(minutesFrom(digestAt, -1));
    expect(mailsTo(colleague.email)).toHaveLength(0);
    await drain(minutesFrom(digestAt, 1));
    await drain(minutesFrom(digestAt, 2));
    const mails = mailsTo(colleague.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(M.notifications.digestSubject(2));
    expect(mails[0].text).toContain('Digest one');
    expect(mails[0].text).toContain('Digest two');
    await colleagueApi.notifications.updatePreferences.mutate({ emailDigest: false });
  });
});

describe('the bell', () => {
  it('lists newest first in pages, marks read (only one’s own: another user’s id is NOT_FOUND), and marks all read', async () => {
    await clearInbox(colleague.id);
    await colleagueApi.notifications.updatePreferences.mutate({
      kinds: [{ kind: 'task_assigned', channel: 'in_app' }],
    });
    for (const title of ['Bell one', 'Bell two', 'Bell three']) await assignTask(colleague.id, title);
    await drain();
    const first = await colleagueApi.notifications.list.query({ limit: 2 });
    expect(first.total).toBe(3);
    expect(first.items.map((n) => n.title)).toEqual([
      expect.stringContaining('Bell three'),
      expect.stringContaining('Bell two'),
    ]);
    const second = await colleagueApi.notifications.list.query({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((n) => n.title)).toEqual([expect.stringContaining('Bell one')]);
    expect(second.nextCursor).toBeNull();

    await assignTask(owner.id, 'For the owner', colleagueApi);
    await drain();
    const ownersNote = (await notificationsOf(owner.id)).at(-1)!;
    const refused = await colleagueApi.notifications.markRead
      .mutate({ ids: [first.items[0].id, ownersNote.id] })
      .catch((e) => e);
    expect(refusal(refused)).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
    expect((await app.database.db.notification.findUniqueOrThrow({ where: { id: ownersNote.id } })).readAt).toBeNull();
    expect(
      (await app.database.db.notification.findUniqueOrThrow({ where: { id: first.items[0].id } })).readAt,
    ).toBeNull();
    expect((await colleagueApi.notifications.list.query({})).items.map((n) => n.id)).not.toContain(ownersNote.id);

    expect(await colleagueApi.notifications.markRead.mutate({ ids: [first.items[0].id] })).toEqual({ updated: 1 });
    expect(await colleagueApi.notifications.unreadCount.query()).toEqual({ count: 2 });
    expect((await colleagueApi.notifications.list.query({ unreadOnly: true })).items).toHaveLength(2);
    expect(await colleagueApi.notifications.markAllRead.mutate()).toEqual({ updated: 2 });
    expect(await colleagueApi.notifications.unreadCount.query()).toEqual({ count: 0 });
    expect(await ownerApi.notifications.unreadCount.query()).toMatchObject({ count: expect.any(Number) });
    expect((await app.database.db.notification.findUniqueOrThrow({ where: { id: ownersNote.id } })).readAt).toBeNull();
  });

  it('answers over REST: GET /api/notifications, POST /api/notifications/read-all, GET/PUT preferences', async () => {
    const headers = { authorization: `Bearer ${colleague.token}`, 'content-type': 'application/json' };
    const list = await fetch(`${app.baseUrl}/api/notifications?unreadOnly=false&limit=1`, { headers });
    expect(list.status).toBe(200);
    expect(Array.isArray(await list.json())).toBe(true);
    expect((await fetch(`${app.baseUrl}/api/notifications/read-all`, { method: 'POST', headers })).status).toBe(200);
    const put = await fetch(`${app.baseUrl}/api/notifications/preferences`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ emailDigest: false }),
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({ emailDigest: false });
  });
});

describe('portal contacts', () => {
  const contactEmail = () => agency.portal.email;

  /** Staff add a file for the contact's company, visible in the portal (the real procedure, which logs it). */
  const shareFile = (name: string, visibleInPortal = true) =>
    ownerApi.documents.create.mutate({
      name,
      type: 'other',
      url: 'https://files.example.test/x.pdf',
      companyId: agency.portal.companyId,
      visibleInPortal,
    } as never);

  it('e-mails the company’s portal contacts when a file is shared with it, with the opt-out link', async () => {
    smtp.received.length = 0;
    await shareFile('Brand guide.pdf');
    await drain();
    const mails = mailsTo(contactEmail());
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(M.notifications.portalFileSubject(agency.name, 'Brand guide.pdf'));
    expect(smtp.linkIn(mails[0], `/portal/${agency.slug}/settings`)).toBe(
      `http://hub.test/portal/${agency.slug}/settings`,
    );
  });

  /** A real upload (POST /api/documents/upload), internal unless `visibleInPortal`. */
  async function uploadFile(name: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    for (const [key, value] of Object.entries({ companyId: String(agency.portal.companyId), ...fields }))
      form.append(key, value);
    form.append('file', new Blob(['%PDF-1.4 test'], { type: 'application/pdf' }), name);
    const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${agency.token}` },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number };
  }
  const fileMails = (name: string) =>
    mailsTo(contactEmail()).filter((m) => m.subject === M.notifications.portalFileSubject(agency.name, name));
  const flowMails = (name: string) =>
    mailsTo(contactEmail()).filter((m) => m.subject === M.notifications.portalFlowSubject(agency.name, name));

  it('an internal upload mails nobody; sharing it mails once; renaming it while shared mails nothing more', async () => {
    smtp.received.length = 0;
    const file = await uploadFile('Draft budget.pdf');
    await drain();
    expect(smtp.received).toHaveLength(0);
    await ownerApi.documents.update.mutate({ id: file.id, visibleInPortal: true });
    await drain();
    await drain();
    expect(fileMails('Draft budget.pdf')).toHaveLength(1);
    await ownerApi.documents.update.mutate({ id: file.id, name: 'Budget.pdf' });
    await drain();
    expect(mailsTo(contactEmail())).toHaveLength(1);
  });

  it('exactly one e-mail per share, even when the upload’s own job runs after the file was shared', async () => {
    smtp.received.length = 0;
    const file = await uploadFile('Site map.pdf');
    // Shared before the upload's job ran: the upload is still no share.
    await ownerApi.documents.update.mutate({ id: file.id, visibleInPortal: true });
    await drain();
    expect(fileMails('Site map.pdf')).toHaveLength(1);
    // Unshared and shared again: a second share, a second e-mail.
    await ownerApi.documents.update.mutate({ id: file.id, visibleInPortal: false });
    await ownerApi.documents.update.mutate({ id: file.id, visibleInPortal: true });
    await drain();
    expect(fileMails('Site map.pdf')).toHaveLength(2);
    expect(mailsTo(contactEmail())).toHaveLength(2);
  });

  it('an upload shared at once mails once; a file shared then unshared before its job ran mails nobody', async () => {
    smtp.received.length = 0;
    await uploadFile('Logo pack.pdf', { visibleInPortal: 'true' });
    const gone = await shareFile('Gone.pdf');
    await ownerApi.documents.update.mutate({ id: gone.id, visibleInPortal: false });
    await drain();
    expect(fileMails('Logo pack.pdf')).toHaveLength(1);
    expect(mailsTo(contactEmail())).toHaveLength(1);
  });

  it('a file shared inside an internal project mails nobody, even when the project is shared later', async () => {
    smtp.received.length = 0;
    const project = await ownerApi.projects.create.mutate({
      name: 'Internal rebrand',
      companiesId: agency.portal.companyId,
      status: 'in-progress',
    });
    await ownerApi.documents.create.mutate({
      name: 'Rebrand deck.pdf',
      url: 'https://files.example.test/deck.pdf',
      companyId: agency.portal.companyId,
      projectId: project.id,
      visibleInPortal: true,
    });
    await drain();
    await ownerApi.projects.update.mutate({ id: project.id, visibleToClient: true });
    await drain();
    // Sharing a project e-mails nothing (its files show in the portal; the client's feed says the project was shared).
    expect(smtp.received.filter((m) => m.to.includes(contactEmail().toLowerCase()))).toHaveLength(0);
  });

  it('a flow created mails nobody, nor does its first step; publishing it asks the contacts once', async () => {
    smtp.received.length = 0;
    const created = (await ownerApi.flows.create.mutate({
      name: 'Onboarding',
      description: 'Welcome',
      workflowType: 'onboard',
      companyId: agency.portal.companyId,
    } as never)) as { id: number };
    const flow = await app.database.db.flow.findUniqueOrThrow({ where: { id: created.id } });
    await drain();
    expect(smtp.received).toHaveLength(0);
    await ownerApi.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'About you' });
    await drain();
    expect(smtp.received).toHaveLength(0);
    await ownerApi.flows.publish.mutate({ id: flow.id });
    await drain();
    await drain();
    const mails = flowMails('Onboarding');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/portal/${agency.slug}/workflows/${flow.flowUid}`);
    // Edited while published: nothing more. Unpublished and published again: once more.
    await ownerApi.flows.update.mutate({ id: flow.id, description: 'Welcome aboard' } as never);
    await ownerApi.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'Goals' });
    await drain();
    expect(flowMails('Onboarding')).toHaveLength(1);
    await ownerApi.flows.unpublish.mutate({ id: flow.id });
    await ownerApi.flows.publish.mutate({ id: flow.id });
    await drain();
    expect(flowMails('Onboarding')).toHaveLength(2);
  });

  it('mails nobody of an archived company: neither a file shared with it nor a flow for all companies', async () => {
    const company = await ownerApi.companies.create.mutate({ name: 'Shelved Studio' } as never);
    const shelved = await app.database.db.contact.create({
      data: {
        businessId: agency.businessId,
        companyId: company.id,
        firstName: 'Sky',
        lastName: 'Shelved',
        email: 'sky@shelved.test',
        portalAccess: true,
      },
    });
    await ownerApi.companies.archive.mutate({ id: company.id });
    smtp.received.length = 0;
    await ownerApi.documents.create.mutate({
      name: 'Shelved brief.pdf',
      url: 'https://files.example.test/shelved.pdf',
      companyId: company.id,
      visibleInPortal: true,
    } as never);
    const flow = (await ownerApi.flows.create.mutate({
      name: 'Everyone survey',
      description: 'All clients',
      workflowType: 'collect',
      companyId: null,
    } as never)) as { id: number };
    await ownerApi.flowSteps.create.mutate({ flowId: flow.id, stepTitle: 'Questions' });
    expect(await ownerApi.flows.publishPreview.query({ id: flow.id })).toMatchObject({ contactCount: 1 });
    await ownerApi.flows.publish.mutate({ id: flow.id });
    await drain();
    await drain();
    // The live client hears of the flow; the archived one of nothing.
    expect(flowMails('Everyone survey')).toHaveLength(1);
    expect(mailsTo(shelved.email)).toEqual([]);
  });

  it('a flow created switched on over the API mails nobody until it has a step; then once', async () => {
    smtp.received.length = 0;
    const created = (await ownerApi.flows.create.mutate({
      name: 'Kick-off form',
      description: 'Start here',
      workflowType: 'collect',
      companyId: agency.portal.companyId,
      isActive: true,
    } as never)) as { id: number };
    await drain();
    expect(smtp.received).toHaveLength(0);
    await ownerApi.flowSteps.create.mutate({ flowId: created.id, stepTitle: 'Basics' });
    await ownerApi.flowSteps.create.mutate({ flowId: created.id, stepTitle: 'Details' });
    await drain();
    expect(flowMails('Kick-off form')).toHaveLength(1);
    expect(mailsTo(contactEmail())).toHaveLength(1);
  });

  it('a flow for every client asks the portal contacts of every company, once each; another agency’s, none', async () => {
    const db = app.database.db;
    const second = await db.company.create({
      data: { businessId: agency.businessId, name: 'Second Client Co', status: 'active' },
    });
    const secondContact = await db.contact.create({
      data: {
        businessId: agency.businessId,
        companyId: second.id,
        firstName: 'Sam',
        lastName: 'Second',
        email: `sam-${Date.now()}@second.test`,
        portalAccess: true,
      },
    });
    smtp.received.length = 0;
    const created = (await ownerApi.flows.create.mutate({
      name: 'Satisfaction survey',
      description: 'How are we doing?',
      workflowType: 'collect',
      companyId: null,
    } as never)) as { id: number };
    await ownerApi.flowSteps.create.mutate({ flowId: created.id, stepTitle: 'Questions' });
    await ownerApi.flows.publish.mutate({ id: created.id });
    await drain();
    await drain();
    expect(flowMails('Satisfaction survey')).toHaveLength(1);
    expect(mailsTo(secondContact.email)).toHaveLength(1);
    expect(smtp.received.filter((m) => m.to.includes(other.portal.email.toLowerCase()))).toHaveLength(0);
  });

  it('sends nothing for a file kept internal (not visible in the portal)', async () => {
    smtp.received.length = 0;
    await shareFile('Internal notes.pdf', false);
    await drain();
    expect(mailsTo(contactEmail())).toHaveLength(0);
  });

  it('sends nothing once the contact turns e-mails off in the portal', async () => {
    const portalApi = trpcClient(app.baseUrl, { token: agency.portal.token });
    expect(await portalApi.portalNotifications.get.query()).toEqual({ emailNotifications: true });
    expect(await portalApi.portalNotifications.update.mutate({ emailNotifications: false })).toEqual({
      emailNotifications: false,
    });
    smtp.received.length = 0;
    await shareFile('Invoice.pdf');
    await drain();
    expect(mailsTo(contactEmail())).toHaveLength(0);
    await portalApi.portalNotifications.update.mutate({ emailNotifications: true });
  });
});

describe('the job queue', () => {
  const failing: JobHandler = {
    transactional: false,
    run: async () => {
      throw new Error('Mailbox unavailable');
    },
  };

  it('leaves a job dead after maxAttempts; the owner sees it in jobs.list (a member gets 403) and retries it', async () => {
    const db = app.database.db;
    const id = await enqueueJob(db, {
      businessId: agency.businessId,
      kind: 'email',
      payload: { to: 'dead-letter@client.test', subject: 'Dead letter', text: 'Hello' },
      maxAttempts: 2,
    });
    const now = new Date();
    await runner({ email: failing }).drain(now);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'pending', attempts: 1 });
    const failedList = await ownerApi.jobs.list.query({});
    expect(failedList.items.find((j) => j.id === id)).toMatchObject({
      status: 'pending',
      lastError: 'Mailbox unavailable',
      attempts: 1,
    });
    await runner({ email: failing }).drain(minutesFrom(now, 60));
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({
      status: 'dead',
      attempts: 2,
      lastError: 'Mailbox unavailable',
    });

    const list = await ownerApi.jobs.list.query({});
    expect(list.items.find((j) => j.id === id)).toMatchObject({
      kind: 'email',
      status: 'dead',
      attempts: 2,
      maxAttempts: 2,
      lastError: 'Mailbox unavailable',
    });
    expect(refusal(await colleagueApi.jobs.list.query({}).catch((e) => e))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });
    expect(refusal(await colleagueApi.jobs.retry.mutate({ id }).catch((e) => e))).toEqual({
      code: 'FORBIDDEN',
      httpStatus: 403,
    });
    expect(
      (await trpcClient(app.baseUrl, { token: other.token }).jobs.list.query({})).items.map((j) => j.id),
    ).not.toContain(id);

    expect(await ownerApi.jobs.retry.mutate({ id })).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    expect((await ownerApi.jobs.list.query({})).items.map((j) => j.id)).not.toContain(id);
    smtp.received.length = 0;
    await drain();
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'done', attempts: 1 });
    expect(mailsTo('dead-letter@client.test')).toHaveLength(1);
    expect(refusal(await ownerApi.jobs.retry.mutate({ id }).catch((e) => e))).toEqual({
      code: 'CONFLICT',
      httpStatus: 409,
    });
    expect(
      refusal(
        await trpcClient(app.baseUrl, { token: other.token })
          .jobs.retry.mutate({ id })
          .catch((e) => e),
      ),
    ).toEqual({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('runs each job once when two runners drain the same queue at the same time', async () => {
    const db = app.database.db;
    const isolated = await createAgency(app, ['Isolated Ink']);
    await db.job.deleteMany({ where: { businessId: isolated.businessId } });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push(await enqueueJob(db, { businessId: isolated.businessId, kind: 'email', payload: { n: i } }));
    const runs: number[] = [];
    const counting: JobHandler = {
      transactional: false,
      async run(job) {
        runs.push(job.id);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const one = runner({ email: counting }, [isolated.businessId]);
    const two = runner({ email: counting }, [isolated.businessId]);
    await Promise.all([one.drain(), two.drain(), one.drain(), two.drain()]);
    expect([...runs].sort((a, b) => a - b)).toEqual(ids);
    expect(await db.job.count({ where: { id: { in: ids }, status: 'done' } })).toBe(40);
  });

  it('takes again a job stuck "running" past its lease (its process died), and not before', async () => {
    const db = app.database.db;
    const now = new Date();
    const id = await enqueueJob(db, {
      businessId: agency.businessId,
      kind: 'email',
      payload: { to: 'stuck@client.test', subject: 'Stuck', text: 'Hello' },
    });
    await db.job.update({ where: { id }, data: { status: 'running', attempts: 1, lockedAt: minutesFrom(now, -1) } });
    await drain(now);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'running', attempts: 1 });
    await db.job.update({ where: { id }, data: { lockedAt: minutesFrom(now, -10) } });
    smtp.received.length = 0;
    await drain(now);
    expect(await db.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'done', attempts: 2 });
    expect(mailsTo('stuck@client.test')).toHaveLength(1);
  });
});

describe('client and invite events, each from its real request, notify the staff once', () => {
  const kindsOf = async (userId: number, kind: string) =>
    (await notificationsOf(userId)).filter((n) => n.kind === kind);

  it('a client download: every staff member gets one "file activity" notification (in-app by default, no e-mail)', async () => {
    await clearInbox(owner.id);
    await clearInbox(colleague.id);
    const file = await app.database.db.document.create({
      data: {
        businessId: agency.businessId,
        companyId: agency.portal.companyId,
        name: 'Proofs.pdf',
        url: 'https://files.example.test/proofs.pdf',
        visibleInPortal: true,
      },
    });
    const res = await fetch(`${app.baseUrl}/api/documents/${file.id}/download`, {
      headers: { authorization: `Bearer ${agency.portal.token}` },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    await drain();
    await drain();
    const contact = await app.database.db.contact.findUniqueOrThrow({ where: { id: agency.portal.contactId } });
    const title = M.notifications.fileDownloaded(`${contact.firstName} ${contact.lastName}`, 'Proofs.pdf');
    for (const userId of [owner.id, colleague.id]) {
      expect((await kindsOf(userId, 'file_activity')).map((n) => [n.title, n.link, n.emailState])).toEqual([
        [title, `/hub/documents?file=${file.id}`, 'none'],
      ]);
    }
    expect(mailsTo(colleague.email)).toHaveLength(0);
  });

  it('a client completes a flow: "flow completed" once per staff member, with an e-mail (the default)', async () => {
    await clearInbox(owner.id);
    await clearInbox(colleague.id);
    const db = app.database.db;
    const flow = await db.flow.create({
      data: {
        businessId: agency.businessId,
        companyId: agency.portal.companyId,
        name: 'Brand intake',
        description: 'Tell us',
        workflowType: 'collect',
        isActive: true,
      },
    });
    const step = await db.flowStep.create({
      data: { businessId: agency.businessId, flowId: flow.id, stepOrder: 1, stepTitle: 'About you' },
    });
    await db.flowField.create({
      data: { businessId: agency.businessId, flowStepId: step.id, fieldLabel: 'Notes', fieldType: 'text' },
    });
    const portal = trpcClient(app.baseUrl, { token: agency.portal.token });
    await portal.portalFlows.submit.mutate({ flowId: flow.id });
    await drain();
    await drain();
    for (const user of [
      { id: owner.id, email: agency.email },
      { id: colleague.id, email: colleague.email },
    ]) {
      const notices = await kindsOf(user.id, 'flow_completed');
      expect(notices).toHaveLength(1);
      expect(notices[0].title).toContain('“Brand intake”');
      expect(notices[0].link).toBe(`/hub/flows/${flow.flowUid}`);
      expect(mailsTo(user.email).filter((m) => m.subject === notices[0].title)).toHaveLength(1);
    }
  });

  it('a contact accepts their portal invite: "portal invite accepted" once per staff member', async () => {
    await clearInbox(owner.id);
    const db = app.database.db;
    const contact = await db.contact.create({
      data: {
        businessId: agency.businessId,
        companyId: agency.portal.companyId,
        firstName: 'Ines',
        lastName: 'Invited',
        email: `ines-${Date.now()}@client.test`,
        portalAccess: true,
      },
    });
    const { url } = await ownerApi.contacts.sendInvite.mutate({ id: contact.id });
    const token = decodeURIComponent(url.split('/').pop()!);
    await trpcClient(app.baseUrl).portalAuth.acceptInvite.mutate({
      slug: agency.slug,
      token,
      password: 'marble orchard kettle 6614',
    });
    await drain();
    await drain();
    const notices = await kindsOf(owner.id, 'portal_invite_accepted');
    expect(notices.map((n) => [n.title, n.link])).toEqual([
      [M.notifications.portalInviteAccepted('Ines Invited'), `/hub/contacts?contact=${contact.id}`],
    ]);
  });

  it('someone joins from a team invite: owners and admins are told once, the newcomer is not', async () => {
    await clearInbox(owner.id);
    const email = `nia-${Date.now()}@agency.test`;
    const { url } = await ownerApi.team.invite.mutate({ email, role: 'member' });
    const token = decodeURIComponent(url.split('/').pop()!);
    await trpcClient(app.baseUrl).staffInvite.accept.mutate({
      token,
      firstName: 'Nia',
      lastName: 'Newbie',
      password: 'saffron meadow lantern 4471',
    });
    await drain();
    await drain();
    const newbie = await app.database.db.user.findUniqueOrThrow({ where: { email } });
    expect((await kindsOf(owner.id, 'team_invite_accepted')).map((n) => n.title)).toEqual([
      M.notifications.teamInviteAccepted('Nia Newbie'),
    ]);
    expect(await notificationsOf(newbie.id)).toEqual([]);
    // A member is not told about the team.
    expect(await kindsOf(colleague.id, 'team_invite_accepted')).toEqual([]);
  });
});
