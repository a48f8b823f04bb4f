/**
 * Approval requests (issue 31): staff ask a client company to approve a shared file's current version — one contact,
 * any contact with portal access, or several in order — and the portal's contacts decide. Each decision records who,
 * when, from which address, the version's SHA-256 and the comment; approving twice changes nothing; a decision on an
 * old version is refused; changes need a comment. E-mails go through the test SMTP server; time moves through the
 * job runner's clock. Also: the reminder (once), the certificate (parsed back with pdf-lib), the turnaround median,
 * the files list's filter and badge, the dashboard's counts, and what a portal contact may reach.
 */
import { createHash } from 'node:crypto';
import { decodePDFRawStream, PDFDocument, PDFRawStream, PDFArray } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createPortalSession } from '../../server/auth/sessions';
import { createJobRunner } from '../../server/jobs';
import type { JobRunner } from '../../server/jobs/queue';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { startSmtpServer } from '../support/smtp';
import { trpcClient, type TrpcClient } from '../support/trpc';

const A = M.approvals;
const HOUR = 60 * 60 * 1000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let a: Agency;
let b: Agency;
let staff: TrpcClient;
let jobs: JobRunner;
let counter = 0;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp({ signupsPerAddress: 100_000 }, { smtpUrl: smtp.url });
  ({ a, b } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  jobs = createJobRunner(
    { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
    { pollMs: 0, log: () => {}, businessIds: [a.businessId] },
  );
});
afterAll(async () => {
  await jobs?.stop();
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await jobs.drain();
  smtp.received.length = 0;
});

const db = () => app.database.db;
/** The approval e-mails to an address (a shared file's own portal e-mail is not one). */
const mailsTo = (address: string) =>
  smtp.received.filter((m) => m.to.includes(address.toLowerCase()) && /approv/i.test(m.subject));
/** What a refused call said: its code and message. */
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => ({ code: 'OK', message: '' }),
    (error: { data?: { code?: string }; message: string }) => ({ code: error.data?.code, message: error.message }),
  );

/** A contact of the company with portal access (and e-mails on unless said), and a portal client of theirs. */
async function clientOf(companyId: number, options: { notifyByEmail?: boolean } = {}) {
  const n = `${Date.now().toString(36)}-${counter++}`;
  const contact = await db().contact.create({
    data: {
      businessId: a.businessId,
      companyId,
      firstName: 'Robin',
      lastName: `Reviewer ${n}`,
      email: `robin-${n}@client.test`,
      portalAccess: true,
      notifyByEmail: options.notifyByEmail ?? true,
    },
  });
  const { token } = await createPortalSession(db(), a.businessId, contact.id);
  return { id: contact.id, email: contact.email, trpc: trpcClient(app.baseUrl, { token }) };
}

/** An uploaded file of the company (shared unless said), and the SHA-256 of its bytes. */
async function uploadFile(companyId: number, options: { shared?: boolean; text?: string } = {}) {
  const text = options.text ?? `Proposal ${counter++} ${Date.now()}`;
  const form = new FormData();
  form.append('companyId', String(companyId));
  form.append('visibleInPortal', options.shared === false ? 'false' : 'true');
  form.append('file', new Blob([text], { type: 'text/plain' }), `proposal-${counter}.txt`);
  const res = await fetch(`${app.baseUrl}/api/documents/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.token}` },
    body: form,
  });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { id: number };
  return { id: body.id, sha256: createHash('sha256').update(text).digest('hex') };
}

const companyId = () => a.portal.companyId;

describe('asking for approval', () => {
  it("refuses a file the client cannot see with 'Share this file with the client first…'", async () => {
    const file = await uploadFile(companyId(), { shared: false });
    const robin = await clientOf(companyId());
    expect(
      await refused(staff.approvals.create.mutate({ documentId: file.id, mode: 'one', contactIds: [robin.id] })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: A.shareFirst,
    });
    expect(await db().approvalRequest.count({ where: { documentId: file.id } })).toBe(0);
  });

  it('refuses a contact of another company, one without portal access, a due date in the past and a wrong count', async () => {
    const file = await uploadFile(companyId());
    const other = await clientOf(a.companies[1].id);
    const noAccess = await db().contact.create({
      data: {
        businessId: a.businessId,
        companyId: companyId(),
        firstName: 'Nora',
        lastName: 'Access',
        email: `nora-${counter++}@client.test`,
      },
    });
    const robin = await clientOf(companyId());
    const create = (input: Record<string, unknown>) =>
      refused(
        staff.approvals.create.mutate({ documentId: file.id, mode: 'one', contactIds: [robin.id], ...input } as never),
      );
    expect(await create({ contactIds: [other.id] })).toEqual({ code: 'BAD_REQUEST', message: A.contactNotOfCompany });
    expect(await create({ contactIds: [noAccess.id] })).toEqual({
      code: 'BAD_REQUEST',
      message: A.contactNoAccess('Nora Access'),
    });
    expect(await create({ dueAt: new Date(Date.now() - HOUR) })).toEqual({ code: 'BAD_REQUEST', message: A.dueInPast });
    expect(await create({ contactIds: [] })).toEqual({ code: 'BAD_REQUEST', message: A.contactRequired });
    expect(await create({ mode: 'sequence' })).toEqual({ code: 'BAD_REQUEST', message: A.sequenceContacts(2, 10) });
    expect(await create({ contactIds: [b.portal.contactId] })).toEqual({
      code: 'NOT_FOUND',
      message: M.contacts.notFound,
    });
    expect(await db().approvalRequest.count({ where: { documentId: file.id } })).toBe(0);
  });

  it('allows one pending request per file; cancelling frees the file', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const first = await staff.approvals.create.mutate({ documentId: file.id, mode: 'one', contactIds: [robin.id] });
    expect(await refused(staff.approvals.create.mutate({ documentId: file.id, mode: 'any' }))).toEqual({
      code: 'BAD_REQUEST',
      message: A.alreadyPending,
    });
    const cancelled = await staff.approvals.cancel.mutate({ id: first.id });
    expect(cancelled.status).toBe('cancelled');
    expect(await refused(staff.approvals.cancel.mutate({ id: first.id }))).toEqual({
      code: 'BAD_REQUEST',
      message: A.onlyPendingCancel,
    });
    // The client no longer sees it to decide.
    expect((await robin.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).not.toContain(first.id);
    const second = await staff.approvals.create.mutate({ documentId: file.id, mode: 'any' });
    const panel = await staff.approvals.forDocument.query({ documentId: file.id });
    expect(panel.requests.map((r) => [r.id, r.status])).toEqual([
      [second.id, 'pending'],
      [first.id, 'cancelled'],
    ]);
    expect(panel).toMatchObject({ versionNumber: 1, sharedWithClient: true });
  });
});

describe('deciding', () => {
  it('mode one: the contact is e-mailed, approves once (the second approve changes nothing), and staff are notified', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const bystander = await clientOf(companyId());
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'one',
      contactIds: [robin.id],
      message: 'Please check the pricing page.',
    });
    expect(request).toMatchObject({ status: 'pending', versionNumber: 1, versionSha256: file.sha256 });
    await jobs.drain();
    const mails = mailsTo(robin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(A.requestSubject(a.name, request.documentName));
    expect(mails[0].text).toContain(`/portal/${a.slug}/approvals/${request.id}`);
    expect(mails[0].text).toContain('Please check the pricing page.');
    expect(mailsTo(bystander.email)).toHaveLength(0);

    // Needs your review: Robin's, not the bystander's (who may read it, not decide it).
    expect((await robin.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).toContain(request.id);
    expect((await bystander.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).not.toContain(request.id);
    expect((await bystander.trpc.portalApprovals.get.query({ requestId: request.id })).canDecide).toBe(false);
    expect(
      await refused(bystander.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })),
    ).toEqual({
      code: 'FORBIDDEN',
      message: A.notYourStep,
    });

    const approved = await robin.trpc.portalApprovals.decide.mutate({
      requestId: request.id,
      decision: 'approve',
      versionNumber: 1,
    });
    expect(approved.status).toBe('approved');
    const again = await robin.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' });
    expect(again.steps[0].decidedAt).toEqual(approved.steps[0].decidedAt);
    // The portal never shows the address; the hub does.
    expect(approved.steps[0]).not.toHaveProperty('decidedIp');
    const seen = await staff.approvals.get.query({ id: request.id });
    expect(seen.steps[0]).toMatchObject({
      status: 'approved',
      contact: { id: robin.id },
      decidedByName: expect.stringContaining('Robin'),
      versionSha256: file.sha256,
      decidedIp: expect.stringMatching(/127\.0\.0\.1$/),
      comment: null,
    });
    expect(seen.decidedAt).not.toBeNull();
    // The log records the decision once: who and when (the entry's), the version, its SHA-256 and the address.
    const entries = await db().activity.findMany({
      where: { businessId: a.businessId, entityId: file.id, action: 'approved' },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorType: 'contact', actorContactId: robin.id, clientVisible: false });
    expect(JSON.parse(entries[0].changes)).toEqual([
      { field: 'approval', from: 'pending', to: 'approved', toId: request.id },
      { field: 'version', from: null, to: 1 },
      { field: 'sha256', from: null, to: file.sha256 },
      { field: 'ipAddress', from: null, to: expect.stringMatching(/127\.0\.0\.1$/) },
    ]);
    // Changes after approval: closed.
    expect(
      await refused(
        robin.trpc.portalApprovals.decide.mutate({
          requestId: request.id,
          decision: 'request_changes',
          comment: 'Too late',
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: A.notPending });

    await jobs.drain();
    const notices = await db().notification.findMany({ where: { userId: a.userId, kind: 'approval_decided' } });
    expect(notices.map((n) => n.title)).toContain(
      A.decidedApproved(seen.steps[0].decidedByName!, request.documentName),
    );
    expect(mailsTo(a.email).map((m) => m.subject)).toContain(
      A.decidedApproved(seen.steps[0].decidedByName!, request.documentName),
    );
  });

  it('sequence: later steps wait, an approval opens the next (who is e-mailed), changes need a comment and end it', async () => {
    const file = await uploadFile(companyId());
    const first = await clientOf(companyId());
    const second = await clientOf(companyId());
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'sequence',
      contactIds: [first.id, second.id],
    });
    expect(request.steps.map((s) => s.status)).toEqual(['pending', 'waiting']);
    await jobs.drain();
    expect(mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(0);
    expect(
      await refused(second.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: A.notYourTurn,
    });

    const afterFirst = await first.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' });
    expect(afterFirst.status).toBe('pending');
    expect(afterFirst.steps.map((s) => s.status)).toEqual(['approved', 'pending']);
    await jobs.drain();
    expect(mailsTo(second.email)).toHaveLength(1);
    expect((await second.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).toContain(request.id);

    expect(
      await refused(second.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'request_changes' })),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: A.commentRequired,
    });
    expect(
      await refused(
        second.trpc.portalApprovals.decide.mutate({
          requestId: request.id,
          decision: 'request_changes',
          comment: 'x'.repeat(5_001),
        }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: A.commentTooLong(5_000) });
    const ended = await second.trpc.portalApprovals.decide.mutate({
      requestId: request.id,
      decision: 'request_changes',
      comment: '  The logo is **too small**.  ',
    });
    expect(ended.status).toBe('changes_requested');
    expect(ended.steps.map((s) => [s.status, s.comment])).toEqual([
      ['approved', null],
      ['changes_requested', 'The logo is **too small**.'],
    ]);
    // The log keeps the comment with the decision.
    const entry = await db().activity.findFirstOrThrow({
      where: { businessId: a.businessId, entityId: file.id, action: 'changes_requested' },
    });
    expect(JSON.parse(entry.changes)).toContainEqual({
      field: 'comment',
      from: null,
      to: 'The logo is **too small**.',
    });
  });

  it('any: every contact with access may decide; the first decision settles it, approving again changes nothing', async () => {
    const file = await uploadFile(companyId());
    const one = await clientOf(companyId());
    const two = await clientOf(companyId());
    const quiet = await clientOf(companyId(), { notifyByEmail: false });
    const request = await staff.approvals.create.mutate({ documentId: file.id, mode: 'any' });
    await jobs.drain();
    expect(mailsTo(one.email)).toHaveLength(1);
    expect(mailsTo(two.email)).toHaveLength(1);
    expect(mailsTo(quiet.email)).toHaveLength(0); // e-mails off: the portal still lists it
    expect((await quiet.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).toContain(request.id);

    expect((await two.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })).status).toBe(
      'approved',
    );
    expect((await one.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })).status).toBe(
      'approved',
    );
    expect(
      await refused(
        one.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'request_changes', comment: 'Hm' }),
      ),
    ).toEqual({ code: 'BAD_REQUEST', message: A.notPending });
    const steps = await db().approvalStep.findMany({ where: { requestId: request.id } });
    expect(steps).toHaveLength(1);
    expect(steps[0].decidedById).toBe(two.id);
  });

  it('a new version after requested changes resets the request and asks the same approvers again about it', async () => {
    const file = await uploadFile(companyId());
    const first = await clientOf(companyId());
    const second = await clientOf(companyId());
    const dueAt = new Date(Date.now() + 72 * HOUR);
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'sequence',
      contactIds: [first.id, second.id],
      message: 'Round 1',
      dueAt,
    });
    await first.trpc.portalApprovals.decide.mutate({
      requestId: request.id,
      decision: 'request_changes',
      comment: 'Bigger logo',
    });
    await jobs.drain();
    smtp.received.length = 0;

    const form = new FormData();
    form.append('file', new Blob(['Proposal, bigger logo'], { type: 'text/plain' }), 'proposal-v2.txt');
    const res = await fetch(`${app.baseUrl}/api/documents/${file.id}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { resetApprovalRequestIds: number[]; reaskedApprovalRequestId: number };
    expect(body.resetApprovalRequestIds).toEqual([request.id]);
    const reasked = await staff.approvals.get.query({ id: body.reaskedApprovalRequestId });
    expect(reasked).toMatchObject({ status: 'pending', mode: 'sequence', message: 'Round 1' });
    expect(reasked.dueAt?.getTime()).toBe(dueAt.getTime());
    expect(reasked.steps.map((s) => [s.contact?.id, s.status])).toEqual([
      [first.id, 'pending'],
      [second.id, 'waiting'],
    ]);
    // The old request keeps its decision for the record; the client decides on version 2 now.
    const old = await staff.approvals.get.query({ id: request.id });
    expect(old.status).toBe('reset');
    expect(old.steps.map((s) => s.status)).toEqual(['changes_requested', 'reset']);
    await jobs.drain();
    expect(mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(0);
    const approved = await first.trpc.portalApprovals.decide.mutate({
      requestId: reasked.id,
      decision: 'approve',
      versionNumber: 2,
    });
    expect(approved.steps.map((s) => s.status)).toEqual(['approved', 'pending']);
    // An approved request is settled: a further version leaves it alone.
    const decided = await uploadFile(companyId());
    const one = await clientOf(companyId());
    const done = await staff.approvals.create.mutate({ documentId: decided.id, mode: 'one', contactIds: [one.id] });
    await one.trpc.portalApprovals.decide.mutate({ requestId: done.id, decision: 'approve' });
    const again = new FormData();
    again.append('file', new Blob(['after approval'], { type: 'text/plain' }), 'after.txt');
    const after = await fetch(`${app.baseUrl}/api/documents/${decided.id}/versions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}` },
      body: again,
    });
    expect(await after.json()).toMatchObject({ resetApprovalRequestIds: [], reaskedApprovalRequestId: null });
    expect((await staff.approvals.get.query({ id: done.id })).status).toBe('approved');
  });

  it('refuses a decision on a version that is no longer current', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const request = await staff.approvals.create.mutate({ documentId: file.id, mode: 'one', contactIds: [robin.id] });
    // The client looked at version 1 while a version 2 arrived (as an upload of a new version will do).
    await db().document.update({ where: { id: file.id }, data: { version: 2 } });
    expect(
      await refused(
        robin.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve', versionNumber: 1 }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: A.staleVersion,
    });
    expect((await robin.trpc.portalApprovals.get.query({ requestId: request.id })).canDecide).toBe(false);
    expect((await db().approvalStep.findFirstOrThrow({ where: { requestId: request.id } })).status).toBe('pending');
  });

  it("a portal contact reaches only their own company's shared files' requests", async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const elsewhere = await clientOf(a.companies[1].id);
    const request = await staff.approvals.create.mutate({ documentId: file.id, mode: 'any' });
    const notFound = { code: 'NOT_FOUND', message: A.notFound };
    expect(await refused(elsewhere.trpc.portalApprovals.get.query({ requestId: request.id }))).toEqual(notFound);
    expect(
      await refused(elsewhere.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })),
    ).toEqual(notFound);
    expect((await elsewhere.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).not.toContain(request.id);
    // Another agency's client.
    const foreign = trpcClient(app.baseUrl, { token: b.portal.token });
    expect(
      await refused(foreign.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })),
    ).toEqual(notFound);
    // Unshared meanwhile: gone for the client too.
    await staff.documents.update.mutate({ id: file.id, visibleInPortal: false });
    expect(
      await refused(robin.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' })),
    ).toEqual(notFound);
    expect((await robin.trpc.portalApprovals.reviews.query()).items.map((r) => r.id)).not.toContain(request.id);
    expect((await db().approvalRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe('pending');
  });

  it('records the address as the app determines it (req.ip under TRUST_PROXY: loopback is a trusted proxy by default), over the REST rows', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const { token } = await createPortalSession(db(), a.businessId, robin.id);
    const created = await fetch(`${app.baseUrl}/api/documents/${file.id}/approvals`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'one', contactIds: [robin.id] }),
    });
    expect([created.status, created.status === 201 ? '' : await created.clone().text()]).toEqual([201, '']);
    const request = (await created.json()) as { id: number };
    const list = await fetch(`${app.baseUrl}/api/portal/approvals`, { headers: { authorization: `Bearer ${token}` } });
    expect(((await list.json()) as { items: { id: number }[] }).items.map((r) => r.id)).toContain(request.id);
    const decided = await fetch(`${app.baseUrl}/api/portal/approvals/${request.id}/decision`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.9',
      },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(decided.status).toBe(200);
    const step = await db().approvalStep.findFirstOrThrow({ where: { requestId: request.id } });
    // This test's requests come from loopback, which the default TRUST_PROXY believes: the client behind it is recorded
    // (server/app.ts's trust proxy; tests/integration/trust-proxy.test.ts covers the untrusted case for req.ip).
    expect(step.decidedIp).toBe('203.0.113.9');
  });

  it('publishes each change on the live channel (ids and status only)', async () => {
    const file = await uploadFile(companyId());
    const request = await staff.approvals.create.mutate({ documentId: file.id, mode: 'any' });
    await staff.approvals.cancel.mutate({ id: request.id });
    // Announced after the commit, without waiting for it: read until the cancel's event is there.
    const latest = async () =>
      (
        await db().liveEvent.findMany({
          where: { businessId: a.businessId, topic: 'approvals.changed' },
          orderBy: { id: 'desc' },
          take: 2,
        })
      ).map((e) => JSON.parse(e.payload));
    await expect.poll(latest).toEqual([
      { requestId: request.id, documentId: file.id, status: 'cancelled' },
      { requestId: request.id, documentId: file.id, status: 'pending' },
    ]);
  });
});

describe('reminders', () => {
  it('e-mails the pending approvers once, a day before the due date, and sets remindedAt', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const dueAt = new Date(Date.now() + 30 * HOUR);
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'one',
      contactIds: [robin.id],
      dueAt,
    });
    await jobs.drain();
    smtp.received.length = 0;
    await jobs.drain(new Date(Date.now() + 2 * HOUR));
    expect(mailsTo(robin.email)).toHaveLength(0);
    await jobs.drain(new Date(Date.now() + 7 * HOUR));
    const reminders = mailsTo(robin.email);
    expect(reminders.map((m) => m.subject)).toEqual([A.reminderSubject(a.name, request.documentName)]);
    await jobs.drain(new Date(Date.now() + 12 * HOUR));
    expect(mailsTo(robin.email)).toHaveLength(1);
    expect((await staff.approvals.get.query({ id: request.id })).remindedAt).not.toBeNull();
  });

  it('reminds nobody once the request is decided', async () => {
    const file = await uploadFile(companyId());
    const robin = await clientOf(companyId());
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'one',
      contactIds: [robin.id],
      dueAt: new Date(Date.now() + 30 * HOUR),
    });
    await robin.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' });
    await jobs.drain();
    smtp.received.length = 0;
    await jobs.drain(new Date(Date.now() + 10 * HOUR));
    expect(mailsTo(robin.email)).toHaveLength(0);
    expect((await staff.approvals.get.query({ id: request.id })).remindedAt).toBeNull();
  });
});

/** The text a PDF's pages draw (pdf-lib writes each run as a hex string before Tj). */
async function pdfText(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  let text = '';
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const decoded = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
      for (const match of decoded.matchAll(/<([0-9A-Fa-f]*)> Tj/g))
        text += `${Buffer.from(match[1], 'hex').toString('latin1')}\n`;
    }
  }
  return { pdf, text };
}

describe('the certificate', () => {
  it('is a PDF with the file, version, SHA-256 and every decision; 400 before a decision, 404 for another agency', async () => {
    const file = await uploadFile(companyId());
    const first = await clientOf(companyId());
    const second = await clientOf(companyId());
    const request = await staff.approvals.create.mutate({
      documentId: file.id,
      mode: 'sequence',
      contactIds: [first.id, second.id],
    });
    const get = (id: number, token = a.token) =>
      fetch(`${app.baseUrl}/api/approvals/${id}/certificate.pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect((await get(request.id)).status).toBe(400);
    await first.trpc.portalApprovals.decide.mutate({ requestId: request.id, decision: 'approve' });
    await second.trpc.portalApprovals.decide.mutate({
      requestId: request.id,
      decision: 'approve',
      comment: 'Lovely, ship it',
    });

    const res = await get(request.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const { pdf, text } = await pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getTitle()).toBe(`${A.certificateTitle}: ${request.documentName}`);
    expect(text).toContain(A.certificateTitle);
    expect(text).toContain(request.documentName);
    expect(text).toContain(file.sha256);
    expect(text).toContain('Lovely, ship it');
    expect(text).toMatch(/From address: .*127\.0\.0\.1/);

    expect((await get(request.id, b.token)).status).toBe(404);
    expect((await get(request.id, a.portal.token)).status).toBe(401);
  });
});

describe('lists, the dashboard and the report', () => {
  it('filters the files awaiting approval, shows each file’s status, and counts pending and overdue', async () => {
    const before = await staff.approvals.summary.query();
    const waiting = await uploadFile(companyId());
    const late = await uploadFile(companyId());
    await uploadFile(companyId());
    await staff.approvals.create.mutate({ documentId: waiting.id, mode: 'any' });
    const lateRequest = await staff.approvals.create.mutate({
      documentId: late.id,
      mode: 'any',
      dueAt: new Date(Date.now() + HOUR),
    });
    await db().approvalRequest.update({ where: { id: lateRequest.id }, data: { dueAt: new Date(Date.now() - HOUR) } });

    const page = await staff.documents.list.query({ approval: 'pending', limit: 100 });
    const ids = page.items.map((d) => d.id);
    expect(ids).toContain(waiting.id);
    expect(ids).toContain(late.id);
    expect(page.items.every((d) => d.approvalStatus === 'pending')).toBe(true);
    expect((await staff.documents.get.query({ id: waiting.id })).approvalStatus).toBe('pending');

    const after = await staff.approvals.summary.query();
    expect(after.pending - before.pending).toBe(2);
    expect(after.overdue - before.overdue).toBe(1);
    expect((await staff.approvals.get.query({ id: lateRequest.id })).overdue).toBe(true);
  });

  it('reports the median turnaround per client company, in SQL', async () => {
    const make = async (name: string, hours: number[]) => {
      const company = await db().company.create({
        data: { businessId: a.businessId, name, industry: 'Design', status: 'active' },
      });
      const document = await db().document.create({
        data: {
          businessId: a.businessId,
          companyId: company.id,
          name: `${name}.pdf`,
          url: 'https://files.example.test/x.pdf',
        },
      });
      const version = await db().documentVersion.create({
        data: { businessId: a.businessId, documentId: document.id, number: 1, url: document.url },
      });
      for (const h of hours) {
        const createdAt = new Date('2021-03-10T09:00:00.000Z');
        await db().approvalRequest.create({
          data: {
            businessId: a.businessId,
            documentId: document.id,
            versionId: version.id,
            companyId: company.id,
            mode: 'any',
            status: h % 2 ? 'changes_requested' : 'approved',
            requestedByName: 'Owner',
            createdAt,
            decidedAt: new Date(createdAt.getTime() + h * HOUR),
          },
        });
      }
      return company.id;
    };
    const odd = await make('Turnaround Odd', [2, 10, 4]);
    const even = await make('Turnaround Even', [1, 3, 8, 6]);
    const report = await staff.approvals.turnaround.query({ from: '2021-03-01', to: '2021-03-31' });
    expect(report.rows).toEqual([
      { companyId: even, name: 'Turnaround Even', decided: 4, medianHours: 4.5 },
      { companyId: odd, name: 'Turnaround Odd', decided: 3, medianHours: 4 },
    ]);
    expect(
      (await staff.approvals.turnaround.query({ from: '2021-03-01', to: '2021-03-31', companyId: odd })).rows,
    ).toEqual([{ companyId: odd, name: 'Turnaround Odd', decided: 3, medianHours: 4 }]);
    expect(await refused(staff.approvals.turnaround.query({ companyId: b.companies[0].id }))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
