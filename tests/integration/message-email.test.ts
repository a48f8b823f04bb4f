/**
 * The e-mail bridge (issue 30): unread messages e-mailed after the agency's delay (one e-mail per thread and person,
 * link only by default, never an internal note, never a read message, nobody without portal access), and replies
 * sent by e-mail with nodemailer to the inbound SMTP listener landing in the thread as the client's message
 * (quote stripped, attachment stored as a company file, a duplicate delivery posted once, a refused contact's reply
 * bounced). Time is advanced through the job runner's clock, never slept.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { M } from '../../shared/messages';
import { createJobRunner } from '../../server/jobs';
import type { JobRunner } from '../../server/jobs/queue';
import { replyHandlers } from '../../server/inbound-mail/replies';
import { startSmtpListener, type SmtpListener } from '../../server/inbound-mail/smtp';
import { twoAgencies, type Agency } from '../support/agencies';
import { startApp, type TestApp } from '../support/app';
import { startSmtpServer } from '../support/smtp';
import { refusal, trpcClient, type TrpcClient } from '../support/trpc';

const DOMAIN = 'reply.bridge.test';
const MAX_BYTES = 64 * 1024;
const MINUTE = 60_000;

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let app: TestApp;
let a: Agency;
let staff: TrpcClient;
let client: TrpcClient;
let jobs: JobRunner;
let listener: SmtpListener;
let threadId: number;

const later = (minutes: number) => new Date(Date.now() + minutes * MINUTE);
const mailsTo = (address: string) => smtp.received.filter((m) => m.to.includes(address.toLowerCase()));

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startApp(
    { signupsPerAddress: 100_000 },
    { smtpUrl: smtp.url, env: { INBOUND_DOMAIN: DOMAIN, MAX_UPLOAD_BYTES: String(MAX_BYTES) } },
  );
  ({ a } = await twoAgencies(app));
  staff = trpcClient(app.baseUrl, { token: a.token });
  client = trpcClient(app.baseUrl, { token: a.portal.token });
  jobs = createJobRunner(
    { database: app.database, mailer: app.mailer, env: app.env, storage: app.storage },
    { pollMs: 0, log: () => {}, businessIds: [a.businessId] },
  );
  // The app registered its reply handler when it was built (server/trpc.ts); the listener delivers to it.
  listener = await startSmtpListener({
    db: app.database.db,
    registry: replyHandlers,
    maxBytes: MAX_BYTES,
    domain: DOMAIN,
    port: 0,
    host: '127.0.0.1',
  });
});
afterAll(async () => {
  await listener?.close();
  await jobs?.stop();
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  // Each test its own topic thread, and nothing left over from the last one.
  await jobs.drain(later(60));
  smtp.received.length = 0;
  const topic = await staff.messages.startTopic.mutate({
    companyId: a.portal.companyId,
    subject: `Topic ${Date.now()}`,
  });
  threadId = topic.thread.id;
});

const sendReply = (to: string, options: { text: string; messageId?: string; from?: string; attach?: boolean }) => {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    ignoreTLS: true,
  });
  return transport
    .sendMail({
      from: options.from ?? a.portal.email,
      to,
      subject: 'Re: your message',
      text: options.text,
      ...(options.messageId ? { messageId: options.messageId } : {}),
      ...(options.attach
        ? { attachments: [{ filename: 'brief.txt', content: 'The brief, attached.', contentType: 'text/plain' }] }
        : {}),
    })
    .finally(() => transport.close());
};

describe('unread messages by e-mail', () => {
  it('e-mails the client once, after the delay, with every pending message and a reply address', async () => {
    await staff.messages.post.mutate({ threadId, body: 'First update: the mock-ups are ready.' });
    await staff.messages.post.mutate({ threadId, body: 'Second update: please pick one.' });
    await staff.messages.post.mutate({ threadId, body: 'Margin is thin on this one', internal: true });

    await jobs.drain(later(2));
    expect(mailsTo(a.portal.email)).toHaveLength(0); // not yet: the delay is 5 minutes

    await jobs.drain(later(6));
    const mails = mailsTo(a.portal.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('2 new messages');
    expect(mails[0].replyTo).toMatch(new RegExp(`^reply\\+[a-z2-7]{32}@${DOMAIN.replace(/\./g, '\\.')}$`));
    expect(mails[0].text).toContain(`/portal/${a.slug}/messages/${threadId}`);
    // Link only (the default): no message text, and never the note.
    expect(mails[0].text).not.toContain('mock-ups');
    expect(mails[0].text).not.toContain('Margin');

    await jobs.drain(later(20));
    expect(mailsTo(a.portal.email)).toHaveLength(1); // nothing twice
  });

  it('carries the text when the agency chooses so, and never an internal note', async () => {
    await app.database.db.business.update({ where: { id: a.businessId }, data: { messageEmailIncludesText: true } });
    try {
      await staff.messages.post.mutate({ threadId, body: 'Note to self: ask for a bigger budget', internal: true });
      await jobs.drain(later(10));
      expect(mailsTo(a.portal.email)).toHaveLength(0);

      await staff.messages.post.mutate({ threadId, body: 'The invoice is attached to your portal.' });
      await staff.messages.post.mutate({ threadId, body: 'Another private note', internal: true });
      await jobs.drain(later(10));
      const [mail] = mailsTo(a.portal.email);
      expect(mail.text).toContain('The invoice is attached to your portal.');
      expect(mail.text).not.toContain('bigger budget');
      expect(mail.text).not.toContain('private note');
    } finally {
      await app.database.db.business.update({ where: { id: a.businessId }, data: { messageEmailIncludesText: false } });
    }
  });

  it('does not e-mail a message the client already read, nor a deleted one', async () => {
    await staff.messages.post.mutate({ threadId, body: 'Read in the portal' });
    await client.portalMessages.markRead.mutate({ threadId });
    const gone = await staff.messages.post.mutate({ threadId, body: 'Oops, wrong client' });
    await staff.messages.delete.mutate({ messageId: gone.id });
    await jobs.drain(later(10));
    expect(mailsTo(a.portal.email)).toHaveLength(0);
  });

  it('e-mails a company of many contacts in bounded runs, each contact once', async () => {
    const companyId = a.companies[1].id;
    const stamp = Date.now().toString(36);
    await app.database.db.contact.createMany({
      data: Array.from({ length: 60 }, (_, i) => ({
        businessId: a.businessId,
        companyId,
        firstName: `Many${i}`,
        lastName: 'Contact',
        email: `many-${stamp}-${i}@client.test`,
        portalAccess: true,
      })),
    });
    const topic = await staff.messages.startTopic.mutate({ companyId, subject: 'For everyone' });
    await staff.messages.post.mutate({ threadId: topic.thread.id, body: 'Hello all' });
    // The first run mails 50 people and queues the next run for the rest.
    expect(await jobs.runDue(later(6))).toBeGreaterThanOrEqual(1);
    const first = smtp.received.filter((m) => m.to.some((t) => t.startsWith(`many-${stamp}-`))).length;
    expect(first).toBe(50);
    await jobs.drain(later(6));
    const all = smtp.received.filter((m) => m.to.some((t) => t.startsWith(`many-${stamp}-`)));
    expect(all).toHaveLength(60);
    expect(new Set(all.map((m) => m.to[0])).size).toBe(60);
  });

  it("e-mails staff a client's unread message, with a reply address of their own", async () => {
    await client.portalMessages.post.mutate({ threadId, body: 'A question from the client' });
    await jobs.drain(later(10));
    const mails = mailsTo(a.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(`/hub/messages/${threadId}`);
    expect(mails[0].replyTo).toMatch(/^reply\+/);
    expect(mailsTo(a.portal.email)).toHaveLength(0); // the client is not mailed their own message
  });
});

describe('replies by e-mail', () => {
  it("posts the client's reply in the thread, quote stripped, attachment stored as a company file, once", async () => {
    await staff.messages.post.mutate({ threadId, body: 'Could you send us the brief?' });
    await jobs.drain(later(6));
    const [mail] = mailsTo(a.portal.email);
    const messageId = `<bridge-${Date.now()}@client.test>`;
    const text =
      'Here it is, thanks!\n\nOn Fri, Nov 27, 2026 at 9:00 AM Agency wrote:\n> Could you send us the brief?\n';
    await sendReply(mail.replyTo as string, { text, messageId, attach: true });
    await sendReply(mail.replyTo as string, { text, messageId, attach: true }); // delivered twice

    const page = await staff.messages.messages.query({ threadId });
    const replies = page.items.filter((m) => m.author.kind === 'contact');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ body: 'Here it is, thanks!', internal: false });
    expect(replies[0].author.id).toBe(a.portal.contactId);
    expect(replies[0].attachments.map((f) => f.name)).toEqual(['brief.txt']);
    const file = await app.database.db.document.findUniqueOrThrow({ where: { id: replies[0].attachments[0].id } });
    expect(file).toMatchObject({ companyId: a.portal.companyId, visibleInPortal: true, size: 20 });
    // The client sees their reply in the portal too.
    const portal = await client.portalMessages.messages.query({ threadId });
    expect(portal.items.some((m) => m.body === 'Here it is, thanks!')).toBe(true);
  });

  it("posts a staff member's reply as theirs, never as an internal note", async () => {
    await client.portalMessages.post.mutate({ threadId, body: 'Is the launch still on Monday?' });
    await jobs.drain(later(6));
    const [mail] = mailsTo(a.email);
    await sendReply(mail.replyTo as string, {
      from: a.email,
      text: 'Yes, Monday at 9.\n\n> Is the launch still on Monday?',
    });
    const page = await staff.messages.messages.query({ threadId });
    expect(page.items[0]).toMatchObject({
      body: 'Yes, Monday at 9.',
      internal: false,
      author: { kind: 'staff', id: a.userId },
    });
    const portal = await client.portalMessages.messages.query({ threadId });
    expect(portal.items[0].body).toBe('Yes, Monday at 9.');
  });

  it('sends nothing to a contact whose access was turned off, and refuses their reply', async () => {
    await staff.messages.post.mutate({ threadId, body: 'Before access was turned off' });
    await jobs.drain(later(6));
    const [mail] = mailsTo(a.portal.email);
    await app.database.db.contact.update({ where: { id: a.portal.contactId }, data: { portalAccess: false } });
    try {
      smtp.received.length = 0;
      await staff.messages.post.mutate({ threadId, body: 'After access was turned off' });
      await jobs.drain(later(10));
      expect(mailsTo(a.portal.email)).toHaveLength(0);
      await expect(sendReply(mail.replyTo as string, { text: 'Let me in' })).rejects.toThrow(
        M.messages.emailReplyNoAccess.slice(0, 40),
      );
      const page = await staff.messages.messages.query({ threadId });
      expect(page.items.some((m) => m.body === 'Let me in')).toBe(false);
    } finally {
      await app.database.db.contact.update({ where: { id: a.portal.contactId }, data: { portalAccess: true } });
    }
  });
});

describe("the agency's settings", () => {
  it('saves the delay and the text choice, refuses a delay out of bounds, and waits that long', async () => {
    const before = await staff.business.get.query();
    expect(before.messageEmail).toEqual({ delayMinutes: 5, includesText: false });
    for (const delayMinutes of [0, 1441, 2.5]) {
      const error = await staff.business.updateMessageEmail.mutate({ delayMinutes, includesText: false }).then(
        () => null,
        (e: unknown) => e as Error,
      );
      expect(refusal(error)).toMatchObject({ httpStatus: 400 });
      expect(error?.message).toContain(M.account.messageEmailDelayInvalid);
    }
    const saved = await staff.business.updateMessageEmail.mutate({ delayMinutes: 30, includesText: false });
    expect(saved.messageEmail).toEqual({ delayMinutes: 30, includesText: false });
    try {
      await staff.messages.post.mutate({ threadId, body: 'Half an hour later' });
      await jobs.drain(later(10));
      expect(mailsTo(a.portal.email)).toHaveLength(0);
      await jobs.drain(later(31));
      expect(mailsTo(a.portal.email)).toHaveLength(1);
    } finally {
      await staff.business.updateMessageEmail.mutate({ delayMinutes: 5, includesText: false });
    }
  });
});
