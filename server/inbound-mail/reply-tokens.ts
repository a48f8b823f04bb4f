/**
 * Reply addresses: `reply+<token>@INBOUND_DOMAIN`. Each e-mail the messages domain sends about a thread carries one,
 * bound to its one recipient (a staff user or a portal contact) and that thread; a reply that arrives at it lands in
 * the thread as that recipient (server/inbound-mail/deliver.ts checks the sender too).
 *
 * The token is 20 random bytes in lower-case base32 (160 bits, 32 characters): unguessable, and safe in a local part
 * whatever case a relay writes it in. Only its SHA-256 is stored (ReplyToken.tokenHash), like session tokens, so a
 * leaked database holds no usable address. The consequence: a token cannot be shown twice, so every address asked
 * for is a new token; what bounds the table is that a (recipient, thread) keeps at most REPLY_TOKENS_PER_THREAD
 * unexpired tokens, the oldest going when a newer one is made (replies to the last few e-mails of a thread still land).
 */
import type { Db } from '../db';
import { generateSessionToken, hashToken } from '../auth/tokens';

/** How long a reply address works after its e-mail was sent. */
export const REPLY_TOKEN_DAYS = 90;
/** The most unexpired tokens one recipient keeps for one thread (the newest e-mails' addresses). */
export const REPLY_TOKENS_PER_THREAD = 10;
/** The token's alphabet and length (generateSessionToken: 32 characters of lower-case base32). */
const TOKEN = /^[a-z2-7]{32}$/;
/** The local part of a reply address, in any case (some relays upper-case it). */
const REPLY_LOCAL_PART = /^reply\+([a-z2-7]{32})$/i;

export type ReplyRecipient = { kind: 'user' | 'contact'; id: number };
export type ResolvedRecipient = ReplyRecipient & { email: string };

export type ResolvedReplyToken = {
  businessId: number;
  threadId: number;
  recipient: ResolvedRecipient;
  expiresAt: Date;
};

/** The token of `reply+<token>@<domain>` (lower-cased), or null when the address is not a well-formed reply address. */
export function replyTokenOf(address: string, domain: string): string | null {
  const at = address.lastIndexOf('@');
  if (at < 0 || address.slice(at + 1).toLowerCase() !== domain.toLowerCase()) return null;
  const match = REPLY_LOCAL_PART.exec(address.slice(0, at));
  return match ? match[1].toLowerCase() : null;
}

/**
 * A new reply address for this recipient in this thread: the recipient's current e-mail is read from the agency's
 * own users or contacts, and the thread must be the agency's (another agency's recipient or thread is an error,
 * never an address; the tenant foreign key says so too). The oldest tokens of the pair
 * beyond REPLY_TOKENS_PER_THREAD go in the same transaction.
 */
export async function replyAddressFor(
  db: Db,
  domain: string,
  input: { businessId: number; threadId: number; recipient: ReplyRecipient },
  now = new Date(),
): Promise<{ address: string; token: string; expiresAt: Date }> {
  const { businessId, threadId, recipient } = input;
  const person =
    recipient.kind === 'user'
      ? await db.user.findFirst({ where: { businessId, id: recipient.id }, select: { email: true } })
      : await db.contact.findFirst({ where: { businessId, id: recipient.id }, select: { email: true } });
  if (!person) throw new Error(`No ${recipient.kind} ${recipient.id} in business ${businessId}`);
  const thread = await db.messageThread.findFirst({ where: { businessId, id: threadId }, select: { id: true } });
  if (!thread) throw new Error(`No message thread ${threadId} in business ${businessId}`);
  const token = generateSessionToken();
  const expiresAt = new Date(now.getTime() + REPLY_TOKEN_DAYS * 24 * 60 * 60 * 1000);
  const owner = recipient.kind === 'user' ? { userId: recipient.id } : { contactId: recipient.id };
  await db.$transaction(async (tx) => {
    await tx.replyToken.create({
      data: {
        businessId,
        threadId,
        ...owner,
        recipientEmail: person.email.toLowerCase(),
        tokenHash: hashToken(token),
        createdAt: now,
        expiresAt,
      },
    });
    // The pair's tokens, newest first: the expired ones and those past the bound go (a handful of rows at most).
    const kept = await tx.replyToken.findMany({
      where: { businessId, threadId, ...owner },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true, expiresAt: true },
    });
    const stale = kept
      .filter((row, index) => index >= REPLY_TOKENS_PER_THREAD || row.expiresAt <= now)
      .map((row) => row.id);
    if (stale.length) await tx.replyToken.deleteMany({ where: { businessId, id: { in: stale } } });
  });
  return { address: `reply+${token}@${domain.toLowerCase()}`, token, expiresAt };
}

export type ReplyTokenLookup =
  | { status: 'valid'; reply: ResolvedReplyToken }
  | { status: 'malformed' | 'unknown' | 'expired' };

/** What a token stands for: valid (unexpired, of a recipient that still exists), or why not. One indexed read. */
export async function resolveReplyToken(db: Db, token: string, now = new Date()): Promise<ReplyTokenLookup> {
  const normalised = token.toLowerCase();
  if (!TOKEN.test(normalised)) return { status: 'malformed' };
  const row = await db.replyToken.findUnique({
    where: { tokenHash: hashToken(normalised) },
    select: {
      businessId: true,
      threadId: true,
      userId: true,
      contactId: true,
      recipientEmail: true,
      expiresAt: true,
    },
  });
  if (!row) return { status: 'unknown' };
  if (row.expiresAt <= now) return { status: 'expired' };
  const recipient: ResolvedRecipient | null =
    row.userId !== null
      ? { kind: 'user', id: row.userId, email: row.recipientEmail }
      : row.contactId !== null
        ? { kind: 'contact', id: row.contactId, email: row.recipientEmail }
        : null;
  if (!recipient) return { status: 'unknown' };
  return {
    status: 'valid',
    reply: { businessId: row.businessId, threadId: row.threadId, recipient, expiresAt: row.expiresAt },
  };
}

/** Deletes expired tokens (the job runner's hourly maintenance, server/jobs): they answer nothing any more. */
export async function removeExpiredReplyTokens(
  deps: { database: { db: Db } },
  now: Date,
  businessIds: number[] | null,
): Promise<void> {
  await deps.database.db.replyToken.deleteMany({
    where: { expiresAt: { lte: now }, ...(businessIds ? { businessId: { in: businessIds } } : {}) },
  });
}
