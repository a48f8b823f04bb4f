import net from 'node:net';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { hashToken } from '../../server/auth/tokens';
import { openDatabase, type Database } from '../../server/db';
import { wireLimit } from '../../server/inbound-mail/deliver';
import { ReplyHandlerRegistry, ReplyRefused, type InboundReply } from '../../server/inbound-mail/replies';
import {
  REPLY_TOKEN_DAYS,
  REPLY_TOKENS_PER_THREAD,
  removeExpiredReplyTokens,
  replyAddressFor,
  replyTokenOf,
  resolveReplyToken,
} from '../../server/inbound-mail/reply-tokens';
import { startSmtpListener, type SmtpListener } from '../../server/inbound-mail/smtp';
import { startInboundMail } from '../../server/inbound-mail';
import { replyHandlers } from '../../server/inbound-mail/replies';
import { loadEnv } from '../../server/env';
import { captureLogs } from '../../server/log';

const DOMAIN = 'reply.clientflow.test';
/** The upload limit of these tests: small, so an oversize reply is cheap to send. */
const MAX_BYTES = 64 * 1024;
const DAY = 24 * 60 * 60 * 1000;

let database: Database;
let listener: SmtpListener;
const registry = new ReplyHandlerRegistry();
let businessId: number;
let otherBusinessId: number;
let contact: { id: number; email: string };
let staff: { id: number; email: string };
let seq = 0;

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

const unique = () => `${Date.now().toString(36)}${process.pid.toString(36)}${(seq++).toString(36)}`;

beforeAll(async () => {
  database = await openDatabase(inject('databaseUrl'));
  const db = database.db;
  const n = unique();
  businessId = (await db.business.create({ data: { name: `Inbound ${n}`, slug: `in${n}` } })).id;
  otherBusinessId = (await db.business.create({ data: { name: `Other ${n}`, slug: `ot${n}` } })).id;
  staff = await db.user.create({
    data: { businessId, email: `jane-${n}@agency.test`, firstName: 'Jane', lastName: 'Doe', passwordHash: 'x' },
    select: { id: true, email: true },
  });
  contact = await db.contact.create({
    data: { businessId, email: `Bob-${n}@Client.test`, firstName: 'Bob', lastName: 'Client', portalAccess: true },
    select: { id: true, email: true },
  });
  listener = await startSmtpListener({
    db,
    registry,
    maxBytes: MAX_BYTES,
    domain: DOMAIN,
    port: 0,
    host: '127.0.0.1',
  });
});

afterAll(async () => {
  await listener?.close();
  await database?.close();
});

/** Replies the handler received; each test registers its own handler. */
let received: InboundReply[] = [];
let unregister: (() => void) | null = null;
const collect = () => {
  received = [];
  unregister = registry.register(async (reply) => {
    received.push(reply);
  });
};
afterEach(() => {
  unregister?.();
  unregister = null;
});

/** A reply as a mail client sends it: nodemailer over SMTP to the listener. */
async function send(mail: SendMailOptions) {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: listener.port,
    secure: false,
    ignoreTLS: true,
  });
  try {
    return await transport.sendMail({ subject: 'Re: Launch', ...mail });
  } finally {
    transport.close();
  }
}
/** The SMTP answer of a refused send: its code, the command it answered, and its text. */
async function refusal(mail: SendMailOptions) {
  const error = await send(mail).then(
    () => null,
    (e: Error & { responseCode?: number; command?: string; response?: string }) => e,
  );
  if (!error) throw new Error('the mail was accepted');
  return { code: error.responseCode, command: error.command, response: error.response ?? error.message };
}

/** A raw SMTP conversation: each command once the previous answer is complete; every line the server said. */
function smtpDialogue(commands: string[]): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(listener.port, '127.0.0.1');
    const lines: string[] = [];
    let buffer = '';
    const queue = [...commands];
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const complete = buffer.split('\r\n');
      buffer = complete.pop() ?? '';
      lines.push(...complete);
      // A final answer line is "NNN text"; "NNN-text" continues.
      if (complete.some((l) => /^\d{3} /.test(l))) {
        const next = queue.shift();
        if (next) socket.write(`${next}\r\n`);
      }
    });
    socket.on('end', () => resolve(lines));
    socket.on('error', reject);
  });
}

const contactAddress = async (threadName = 'thread-1', now?: Date) =>
  (
    await replyAddressFor(
      database.db,
      DOMAIN,
      { businessId, threadId: await thread(threadName), recipient: { kind: 'contact', id: contact.id } },
      now,
    )
  ).address;

const QUOTED =
  '\n\nOn Thu, Nov 26, 2026 at 3:04 PM Jane Doe <jane@agency.test> wrote:\n> When can we launch?\n> Jane\n';

describe('a reply sent by e-mail (SMTP, nodemailer → the listener)', () => {
  it('reaches the handler with the quote stripped and the attachment bytes intact', async () => {
    collect();
    const address = await contactAddress();
    const pdf = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256));
    const info = await send({
      from: `Bob Client <${contact.email.toUpperCase()}>`,
      to: address,
      text: `Tuesday works for us.\n\nSee the brief attached.${QUOTED}`,
      attachments: [{ filename: 'brief.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    expect(info.accepted).toEqual([address]);
    expect(received).toHaveLength(1);
    const [reply] = received;
    expect(reply).toMatchObject({
      businessId,
      threadId: await thread('thread-1'),
      recipient: { kind: 'contact', id: contact.id, email: contact.email.toLowerCase() },
      text: 'Tuesday works for us.\n\nSee the brief attached.',
      via: 'smtp',
    });
    expect(reply.messageId).toBe(info.messageId);
    expect(reply.attachments).toHaveLength(1);
    expect(reply.attachments[0]).toMatchObject({ filename: 'brief.pdf', contentType: 'application/pdf' });
    expect(Buffer.compare(reply.attachments[0].content, pdf)).toBe(0);
  });

  it('takes the text of an HTML-only reply, without the quoted history', async () => {
    collect();
    const address = await contactAddress();
    await send({
      from: contact.email,
      to: address,
      html: '<div>Approved, go ahead.</div><br><div class="gmail_quote">On Thu, Nov 26, 2026 at 3:04 PM Jane Doe &lt;jane@agency.test&gt; wrote:<br><blockquote>Can we go?</blockquote></div>',
    });
    expect(received.map((r) => r.text)).toEqual(['Approved, go ahead.']);
  });

  it("refuses a reply from another sender than the token's recipient, logs it without the text, and hands nothing over", async () => {
    collect();
    const address = await contactAddress();
    const logs = captureLogs();
    try {
      const answer = await refusal({
        from: 'mallory@elsewhere.test',
        to: address,
        text: 'Secret plan: wire the money.',
      });
      expect(answer.code).toBe(550);
      expect(answer.command).toBe('DATA');
      expect(answer.response).toContain('5.7.1 This reply address belongs to another sender');
    } finally {
      logs.stop();
    }
    expect(received).toEqual([]);
    const line = logs.entries().find((e) => e.event === 'inbound-mail refused');
    expect(line).toMatchObject({
      level: 'warn',
      reason: 'wrong-sender',
      via: 'smtp',
      businessId,
      threadId: await thread('thread-1'),
      recipientKind: 'contact',
      recipientId: contact.id,
      from: 'mallory@elsewhere.test',
    });
    expect(logs.text()).not.toContain('Secret plan');
  });

  it('refuses a staff reply address from the client, and takes it from the staff member', async () => {
    collect();
    const { address } = await replyAddressFor(database.db, DOMAIN, {
      businessId,
      threadId: await thread('thread-1'),
      recipient: { kind: 'user', id: staff.id },
    });
    expect((await refusal({ from: contact.email, to: address, text: 'Me again' })).code).toBe(550);
    await send({ from: staff.email, to: address, text: 'Noted, thanks.' });
    expect(received.map((r) => [r.recipient.kind, r.recipient.id, r.text])).toEqual([
      ['user', staff.id, 'Noted, thanks.'],
    ]);
  });

  it('refuses a forged token at RCPT, before any data', async () => {
    collect();
    const forged = `reply+${'a'.repeat(32)}@${DOMAIN}`;
    const answer = await refusal({ from: contact.email, to: forged, text: 'Hello' });
    expect(answer.code).toBe(550);
    expect(answer.command).toBe('RCPT TO');
    expect(answer.response).toContain('5.1.1 This reply address is not known');
    for (const to of [
      `hello@${DOMAIN}`,
      `reply+short@${DOMAIN}`,
      (await contactAddress()).replace(DOMAIN, 'example.test'),
    ]) {
      const other = await refusal({ from: contact.email, to, text: 'Hello' });
      expect([other.code, other.command]).toEqual([550, 'RCPT TO']);
      expect(other.response).toContain('This address takes replies to Clientflow e-mails only.');
    }
    expect(received).toEqual([]);
  });

  it('refuses an expired token at RCPT, and takes the same address in any case', async () => {
    collect();
    const expired = await contactAddress('thread-old', new Date(Date.now() - (REPLY_TOKEN_DAYS + 1) * DAY));
    const answer = await refusal({ from: contact.email, to: expired, text: 'Late answer' });
    expect([answer.code, answer.command]).toEqual([550, 'RCPT TO']);
    expect(answer.response).toContain('This reply address has expired.');
    const address = await contactAddress('thread-case');
    const upper = `${address.split('@')[0].toUpperCase()}@${DOMAIN.toUpperCase()}`;
    await send({ from: contact.email, to: upper, text: 'Shouting, but fine.' });
    expect(received.map((r) => [r.threadId, r.text])).toEqual([[await thread('thread-case'), 'Shouting, but fine.']]);
  });

  it('refuses a second reply address in one transaction (452: send it separately)', async () => {
    collect();
    const first = await contactAddress('thread-a');
    const second = await contactAddress('thread-b');
    const info = await send({ from: contact.email, to: [first, second], text: 'To both' });
    expect(info.accepted).toEqual([first]);
    expect(info.rejected).toEqual([second]);
    expect(received.map((r) => r.threadId)).toEqual([await thread('thread-a')]);
  });

  it('refuses a mail larger than the SIZE limit and one whose attachments exceed the upload limit', async () => {
    collect();
    const address = await contactAddress();
    const huge = await refusal({
      from: contact.email,
      to: address,
      text: 'Big one',
      attachments: [{ filename: 'video.bin', content: Buffer.alloc(wireLimit(MAX_BYTES) + 1024, 7) }],
    });
    expect(huge.code).toBe(552);
    const over = await refusal({
      from: contact.email,
      to: address,
      text: 'Slightly too big',
      attachments: [{ filename: 'scan.bin', content: Buffer.alloc(MAX_BYTES + 1, 7) }],
    });
    expect(over.code).toBe(552);
    expect(over.response).toContain('This reply is larger than the upload limit of 64 KB.');
    expect(received).toEqual([]);
  });

  it('announces its SIZE limit and refuses a larger declared size at MAIL FROM', async () => {
    const lines = await smtpDialogue([
      'EHLO client.test',
      `MAIL FROM:<${contact.email}> SIZE=${wireLimit(MAX_BYTES) + 1}`,
      'QUIT',
    ]);
    expect(lines).toContain(`250 SIZE ${wireLimit(MAX_BYTES)}`);
    expect(lines.find((l) => l.startsWith('552 '))).toContain('exceeds fixed maximum message size');
  });

  it('answers a temporary failure (451) while no handler is registered, and when the handler fails', async () => {
    const address = await contactAddress();
    const none = await refusal({ from: contact.email, to: address, text: 'Anyone there?' });
    expect(none.code).toBe(451);
    expect(none.response).toContain('Replies by e-mail are not taken right now.');
    unregister = registry.register(async () => {
      throw new Error('database is down');
    });
    const logs = captureLogs();
    try {
      expect((await refusal({ from: contact.email, to: address, text: 'Retry me' })).code).toBe(451);
    } finally {
      logs.stop();
    }
    expect(logs.entries().find((e) => e.reason === 'handler-failed')).toMatchObject({ level: 'error' });
  });

  it("refuses for good what the handler refuses (ReplyRefused), with the handler's sentence", async () => {
    unregister = registry.register(async () => {
      throw new ReplyRefused('You no longer take part in this conversation.');
    });
    const answer = await refusal({ from: contact.email, to: await contactAddress(), text: 'Hello?' });
    expect(answer.code).toBe(550);
    expect(answer.response).toContain('You no longer take part in this conversation.');
  });

  it('takes an out-of-office answer and drops it, and refuses an empty reply', async () => {
    collect();
    const address = await contactAddress();
    await send({
      from: contact.email,
      to: address,
      text: 'I am out of the office until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    expect(received).toEqual([]);
    const empty = await refusal({ from: contact.email, to: address, text: `   ${QUOTED}` });
    expect(empty.code).toBe(550);
    expect(empty.response).toContain('This reply is empty');
    expect(received).toEqual([]);
  });
});

describe('reply addresses', () => {
  it('store only the hash of an unguessable token, bound to one recipient and one thread', async () => {
    const { address, token, expiresAt } = await replyAddressFor(database.db, DOMAIN, {
      businessId,
      threadId: await thread('thread-hash'),
      recipient: { kind: 'contact', id: contact.id },
    });
    expect(address).toBe(`reply+${token}@${DOMAIN}`);
    expect(token).toMatch(/^[a-z2-7]{32}$/); // 160 bits
    expect(replyTokenOf(address, DOMAIN)).toBe(token);
    const rows = await database.db.replyToken.findMany({
      where: { businessId, threadId: await thread('thread-hash') },
    });
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Math.round((expiresAt.getTime() - Date.now()) / DAY)).toBe(REPLY_TOKEN_DAYS);
    expect(await resolveReplyToken(database.db, token)).toMatchObject({
      status: 'valid',
      reply: { businessId, threadId: await thread('thread-hash'), recipient: { kind: 'contact', id: contact.id } },
    });
    expect(await resolveReplyToken(database.db, 'not a token')).toEqual({ status: 'malformed' });
  });

  it(`keep at most ${REPLY_TOKENS_PER_THREAD} per recipient and thread: the oldest stop working`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i < REPLY_TOKENS_PER_THREAD + 2; i++) {
      const at = new Date(Date.now() - (REPLY_TOKENS_PER_THREAD + 2 - i) * 60_000);
      tokens.push(
        (
          await replyAddressFor(
            database.db,
            DOMAIN,
            { businessId, threadId: await thread('thread-busy'), recipient: { kind: 'contact', id: contact.id } },
            at,
          )
        ).token,
      );
    }
    expect(await database.db.replyToken.count({ where: { businessId, threadId: await thread('thread-busy') } })).toBe(
      REPLY_TOKENS_PER_THREAD,
    );
    const statuses = await Promise.all(tokens.map(async (t) => (await resolveReplyToken(database.db, t)).status));
    expect(statuses.slice(0, 2)).toEqual(['unknown', 'unknown']);
    expect(statuses.slice(2).every((s) => s === 'valid')).toBe(true);
  });

  it("go with the job runner's hourly clean-up once expired", async () => {
    const recipient = { kind: 'contact' as const, id: contact.id };
    const old = await replyAddressFor(
      database.db,
      DOMAIN,
      { businessId, threadId: await thread('thread-sweep'), recipient },
      new Date(Date.now() - (REPLY_TOKEN_DAYS + 1) * DAY),
    );
    const fresh = await replyAddressFor(database.db, DOMAIN, {
      businessId,
      threadId: await thread('thread-sweep-2'),
      recipient,
    });
    await removeExpiredReplyTokens({ database }, new Date(), [businessId]);
    const left = await database.db.replyToken.findMany({
      where: { businessId, threadId: { in: [await thread('thread-sweep'), await thread('thread-sweep-2')] } },
    });
    expect(left.map((r) => r.tokenHash)).toEqual([hashToken(fresh.token)]);
    expect((await resolveReplyToken(database.db, old.token)).status).toBe('unknown');
  });

  it('are refused for a recipient of another agency, and go when their recipient is deleted', async () => {
    await expect(
      replyAddressFor(database.db, DOMAIN, {
        businessId: otherBusinessId,
        threadId: await thread('thread-1'),
        recipient: { kind: 'contact', id: contact.id },
      }),
    ).rejects.toThrow(/No contact/);
    const db = database.db;
    const gone = await db.contact.create({
      data: { businessId, email: `gone-${unique()}@client.test`, firstName: 'Gone', lastName: 'Soon' },
    });
    const { token } = await replyAddressFor(db, DOMAIN, {
      businessId,
      threadId: await thread('thread-1'),
      recipient: { kind: 'contact', id: gone.id },
    });
    await db.contact.delete({ where: { id: gone.id } });
    expect((await resolveReplyToken(db, token)).status).toBe('unknown');
  });

  it('name a thread of their own agency, and go with it when it is deleted', async () => {
    const db = database.db;
    const doomed = await thread(`thread-doomed-${unique()}`);
    const { token } = await replyAddressFor(db, DOMAIN, {
      businessId,
      threadId: doomed,
      recipient: { kind: 'contact', id: contact.id },
    });
    await expect(
      replyAddressFor(db, DOMAIN, {
        businessId,
        threadId: 2_000_000_000,
        recipient: { kind: 'contact', id: contact.id },
      }),
    ).rejects.toThrow(/No message thread/);
    await db.messageThread.delete({ where: { id: doomed } });
    expect(await db.replyToken.count({ where: { threadId: doomed } })).toBe(0);
    expect((await resolveReplyToken(db, token)).status).toBe('unknown');
  });
});

describe('startInboundMail (server/index.ts)', () => {
  it('starts the SMTP listener of INBOUND_SMTP_PORT, delivering to the handler the app registered', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const env = loadEnv({ INBOUND_DOMAIN: DOMAIN, INBOUND_SMTP_PORT: String(port), INBOUND_SMTP_HOST: '127.0.0.1' });
    const inbound = await startInboundMail(env, database);
    const texts: string[] = [];
    const unregisterApp = replyHandlers.register(async (reply) => {
      texts.push(reply.text);
    });
    try {
      const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
      await transport.sendMail({
        from: contact.email,
        to: await contactAddress(),
        subject: 'Re: x',
        text: 'Via the app.',
      });
      transport.close();
      expect(texts).toEqual(['Via the app.']);
    } finally {
      unregisterApp();
      await inbound.stop();
    }
  });
});
