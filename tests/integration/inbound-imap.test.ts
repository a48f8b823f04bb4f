import type { AddressInfo } from 'node:net';
import hoodiecrow, { type HoodiecrowServer } from 'hoodiecrow-imap';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../server/db';
import { startImapPoller } from '../../server/inbound-mail/imap';
import { ReplyHandlerRegistry, type InboundReply } from '../../server/inbound-mail/replies';
import { replyAddressFor } from '../../server/inbound-mail/reply-tokens';

const DOMAIN = 'reply.clientflow.test';

let database: Database;
let businessId: number;
let contactEmail: string;
let contactId: number;

beforeAll(async () => {
  database = await openDatabase(inject('databaseUrl'));
  const n = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  businessId = (await database.db.business.create({ data: { name: `Imap ${n}`, slug: `im${n}` } })).id;
  const contact = await database.db.contact.create({
    data: { businessId, email: `carol-${n}@client.test`, firstName: 'Carol', lastName: 'Client' },
  });
  contactEmail = contact.email;
  contactId = contact.id;
});
afterAll(() => database?.close());

/** A message as it lies in the mailbox: built by nodemailer exactly as it would be sent. */
async function raw(mail: SendMailOptions): Promise<string> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail({ subject: 'Re: Launch', ...mail });
  return (info.message as Buffer).toString('utf8');
}

/** A real IMAP server (hoodiecrow-imap) holding these messages in INBOX, with an empty Processed folder. */
async function mailbox(messages: string[]): Promise<{ server: HoodiecrowServer; url: string }> {
  const server = hoodiecrow({
    plugins: ['MOVE', 'UIDPLUS'],
    storage: {
      INBOX: { messages: messages.map((m) => ({ raw: m })) },
      '': { separator: '/', folders: { Processed: { messages: [] } } },
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `imap://testuser:testpass@127.0.0.1:${port}/INBOX?processed=Processed` };
}
const flagsOf = (server: HoodiecrowServer, folder: 'INBOX' | 'Processed') =>
  (folder === 'INBOX' ? server.storage.INBOX : server.storage[''].folders?.Processed)?.messages?.map((m) =>
    [...(m.flags ?? [])].sort(),
  ) ?? [];

/** A message thread of the agency per name (a reply address names a real thread: ReplyToken's tenant foreign key). */
const threadIds = new Map<string, number>();
async function thread(name: string): Promise<number> {
  let id = threadIds.get(name);
  if (id === undefined) {
    const company =
      (await database.db.company.findFirst({ where: { businessId }, select: { id: true } })) ??
      (await database.db.company.create({ data: { businessId, name: 'Inbound client' }, select: { id: true } }));
    id = (
      await database.db.messageThread.create({
        data: { businessId, companyId: company.id, kind: 'topic', subject: name },
        select: { id: true },
      })
    ).id;
    threadIds.set(name, id);
  }
  return id;
}

describe('replies read from an IMAP mailbox (INBOUND_IMAP_URL)', () => {
  it('hands a reply over like SMTP does, moves it to Processed, and flags what it refuses', async () => {
    const { address } = await replyAddressFor(database.db, DOMAIN, {
      businessId,
      threadId: await thread('imap-thread'),
      recipient: { kind: 'contact', id: contactId },
    });
    const logo = Buffer.from('not really a png, but bytes');
    const { server, url } = await mailbox([
      await raw({ from: 'mallory@elsewhere.test', to: address, text: 'Let me in' }),
      await raw({
        from: contactEmail,
        to: address,
        text: 'Here is the logo.\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane <jane@agency.test> wrote:\n> Logo?\n',
        attachments: [{ filename: 'logo.png', content: logo, contentType: 'image/png' }],
      }),
      await raw({ from: contactEmail, to: 'someone@else.test', text: 'Lost mail' }),
      await raw({ from: contactEmail, to: `reply+${'b'.repeat(32)}@${DOMAIN}`, text: 'Forged' }),
    ]);
    const registry = new ReplyHandlerRegistry();
    const received: InboundReply[] = [];
    registry.register(async (reply) => {
      received.push(reply);
    });
    const poller = startImapPoller({
      db: database.db,
      registry,
      maxBytes: 1024 * 1024,
      domain: DOMAIN,
      url,
      pollSeconds: 0,
    });
    try {
      expect(await poller.pollOnce()).toEqual({ delivered: 1, refused: 3, retried: 0 });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({
        businessId,
        threadId: await thread('imap-thread'),
        recipient: { kind: 'contact', id: contactId },
        text: 'Here is the logo.',
        via: 'imap',
      });
      expect(received[0].attachments.map((a) => [a.filename, a.contentType])).toEqual([['logo.png', 'image/png']]);
      expect(Buffer.compare(received[0].attachments[0].content, logo)).toBe(0);
      // The delivered one left INBOX for Processed, seen; the refused ones stay, seen and flagged.
      expect(flagsOf(server, 'Processed')).toEqual([['\\Seen']]);
      expect(flagsOf(server, 'INBOX')).toEqual([
        ['\\Flagged', '\\Seen'],
        ['\\Flagged', '\\Seen'],
        ['\\Flagged', '\\Seen'],
      ]);
      // Nothing is unseen any more: the next poll takes nothing.
      expect(await poller.pollOnce()).toEqual({ delivered: 0, refused: 0, retried: 0 });
    } finally {
      await poller.stop();
      await new Promise<void>((resolve) => server.close(resolve));
    }
  });

  it('leaves a reply unseen while no handler is registered, and delivers it at a later poll', async () => {
    const { address } = await replyAddressFor(database.db, DOMAIN, {
      businessId,
      threadId: await thread('imap-later'),
      recipient: { kind: 'contact', id: contactId },
    });
    const { server, url } = await mailbox([await raw({ from: contactEmail, to: address, text: 'Are you there?' })]);
    const registry = new ReplyHandlerRegistry();
    const poller = startImapPoller({
      db: database.db,
      registry,
      maxBytes: 1024 * 1024,
      domain: DOMAIN,
      url,
      pollSeconds: 0,
    });
    try {
      expect(await poller.pollOnce()).toEqual({ delivered: 0, refused: 0, retried: 1 });
      expect(flagsOf(server, 'INBOX')).toEqual([[]]);
      const texts: string[] = [];
      registry.register(async (reply) => {
        texts.push(reply.text);
      });
      expect(await poller.pollOnce()).toEqual({ delivered: 1, refused: 0, retried: 0 });
      expect(texts).toEqual(['Are you there?']);
    } finally {
      await poller.stop();
      await new Promise<void>((resolve) => server.close(resolve));
    }
  });
});
