/**
 * The e-mail bridge, outbound side (issue 30): a message still unread by a recipient after the agency's delay
 * (Business.messageEmailDelayMinutes, default 5) is e-mailed to them, every pending message of the thread in one
 * e-mail, with the text or only a link (Business.messageEmailIncludesText, default: only a link).
 *
 * - Posting a message that is not an internal note queues one 'message_email' job at createdAt + delay
 *   (writeMessage, in the message's transaction). The job looks at the whole thread: everyone with a message they
 *   have neither read nor been e-mailed gets one e-mail with all of them, so a burst of messages is one e-mail.
 * - Per person and thread, MessageRead.emailedUpToMessageId remembers the newest message e-mailed: nothing twice.
 *   Read markers count too: a message read in the app is never mailed.
 * - Clients: the company's contacts with portal access (the company not archived, the thread shown to them by
 *   clientVisible.messageThread, their own "e-mail me" choice on) get the agency's messages that are not internal
 *   notes (clientVisible.message) — never their own, never a deleted one.
 * - Staff: the clients' messages go to the thread's assignee, or to everyone when it has none, each by their
 *   'message_client' preference (e-mail by default).
 * - The Reply-To is a reply address of that person and thread (server/inbound-mail) when INBOUND_DOMAIN is set.
 * - A run handles at most MESSAGE_EMAIL_BATCH people; more, and it queues itself again.
 */
import { portalLink } from '../../portal/links';
import { M } from '../../../shared/messages';
import { formatDateTime } from '../../../shared/dates';
import { NOTIFICATION_DEFAULTS } from '../../../shared/notifications';
import { replyAddressFor } from '../../inbound-mail/reply-tokens';
import { enqueueJob, type ClaimedJob, type JobDeps, type JobHandler, type JobWriter } from '../../jobs/queue';
import { clientVisible } from '../../portal/visibility';
import { sql, TENANT, tenantRunner, toBool, toDate, toInt, toText, type Sql, type SqlRunner } from '../../sql';

/** The most people one job run e-mails (the rest go in a follow-up run). */
const MESSAGE_EMAIL_BATCH = 50;
/** The most messages one e-mail shows (the newest); it says how many earlier ones it leaves out. */
const MESSAGE_EMAIL_MAX_SHOWN = 20;

/** Queues the thread's e-mail run for a new message (in the message's transaction). */
export async function queueMessageEmail(
  tx: JobWriter & { business: { findUnique(args: object): PromiseLike<{ messageEmailDelayMinutes: number } | null> } },
  input: { businessId: number; threadId: number; messageId: number; createdAt: Date },
) {
  const business = await tx.business.findUnique({
    where: { id: input.businessId },
    select: { messageEmailDelayMinutes: true },
  });
  const delay = business?.messageEmailDelayMinutes ?? 5;
  await enqueueJob(tx, {
    businessId: input.businessId,
    kind: 'message_email',
    payload: { threadId: input.threadId, messageId: input.messageId },
    dedupeKey: `message-mail:${input.messageId}`,
    runAt: new Date(input.createdAt.getTime() + delay * 60_000),
  });
}

type Recipient = {
  kind: 'user' | 'contact';
  id: number;
  email: string;
  firstName: string;
  readUpTo: number;
  emailedUpTo: number;
};

/** Messages of the thread a recipient has neither read nor been e-mailed (alias m; r is their MessageRead). */
const pendingFor = (kind: 'user' | 'contact', threadId: number, person: Sql, readRow: Sql) => {
  const who =
    kind === 'contact'
      ? sql`${clientVisible.message(sql`m`)} AND m."authorKind" = 'staff'`
      : sql`m."businessId" = ${TENANT} AND m."authorKind" = 'contact'`;
  const notMine = kind === 'contact' ? sql`m."authorContactId"` : sql`m."authorUserId"`;
  return sql`${who} AND m."threadId" = ${threadId} AND m."deletedAt" IS NULL
    AND (${notMine} IS NULL OR ${notMine} <> ${person})
    AND m."id" > COALESCE(${readRow}."lastReadMessageId", 0) AND m."id" > COALESCE(${readRow}."emailedUpToMessageId", 0)`;
};

async function recipients(
  db: SqlRunner,
  thread: { id: number; companyId: number; assigneeId: number | null },
  clientsMayRead: boolean,
  afterKey: string | null,
): Promise<Recipient[]> {
  const [afterKind, afterId] = afterKey ? (afterKey.split(':') as ['user' | 'contact', string]) : [null, '0'];
  const found: Recipient[] = [];
  if (clientsMayRead && afterKind !== 'user') {
    const rows = await db.all(sql`
      SELECT c."id", c."email", c."firstName", r."lastReadMessageId", r."emailedUpToMessageId"
      FROM "Contact" c
      JOIN "Company" co ON co."businessId" = c."businessId" AND co."id" = ${thread.companyId}
      LEFT JOIN "MessageRead" r ON r."businessId" = c."businessId" AND r."threadId" = ${thread.id} AND r."contactId" = c."id"
      WHERE c."businessId" = ${TENANT} AND c."companyId" IS NOT NULL AND c."portalAccess" = ${true}
        AND (c."companyId" = ${thread.companyId} OR EXISTS (SELECT 1 FROM "ContactCompany" cc
          WHERE cc."businessId" = ${TENANT} AND cc."contactId" = c."id" AND cc."companyId" = ${thread.companyId}))
        AND c."notifyByEmail" = ${true} AND co."archivedAt" IS NULL AND c."id" > ${afterKind === 'contact' ? Number(afterId) : 0}
        AND EXISTS (SELECT 1 FROM "Message" m WHERE ${pendingFor('contact', thread.id, sql`c."id"`, sql`r`)})
      ORDER BY c."id" LIMIT ${MESSAGE_EMAIL_BATCH + 1}`);
    for (const r of rows) found.push(recipientOf('contact', r));
  }
  if (found.length <= MESSAGE_EMAIL_BATCH) {
    const rows = await db.all(sql`
      SELECT u."id", u."email", u."firstName", r."lastReadMessageId", r."emailedUpToMessageId"
      FROM "User" u
      LEFT JOIN "MessageRead" r ON r."businessId" = u."businessId" AND r."threadId" = ${thread.id} AND r."userId" = u."id"
      LEFT JOIN "NotificationPreference" np ON np."businessId" = u."businessId" AND np."userId" = u."id" AND np."kind" = 'message_client'
      WHERE u."businessId" = ${TENANT} AND COALESCE(np."channel", ${NOTIFICATION_DEFAULTS.message_client}) = 'email'
        ${thread.assigneeId === null ? sql`` : sql`AND u."id" = ${thread.assigneeId}`}
        AND u."id" > ${afterKind === 'user' ? Number(afterId) : 0}
        AND EXISTS (SELECT 1 FROM "Message" m WHERE ${pendingFor('user', thread.id, sql`u."id"`, sql`r`)})
      ORDER BY u."id" LIMIT ${MESSAGE_EMAIL_BATCH + 1 - found.length}`);
    for (const r of rows) found.push(recipientOf('user', r));
  }
  return found;
}

const recipientOf = (kind: 'user' | 'contact', r: Record<string, unknown>): Recipient => ({
  kind,
  id: toInt(r.id),
  email: String(r.email),
  firstName: String(r.firstName),
  readUpTo: r.lastReadMessageId == null ? 0 : toInt(r.lastReadMessageId),
  emailedUpTo: r.emailedUpToMessageId == null ? 0 : toInt(r.emailedUpToMessageId),
});

/** Moves the person's "e-mailed up to" forward (never back), creating their marker row when they have none. */
async function markEmailed(deps: JobDeps, businessId: number, threadId: number, who: Recipient, upTo: number) {
  const db = deps.database.db;
  const owner = who.kind === 'user' ? { userId: who.id } : { contactId: who.id };
  const { count } = await db.messageRead.updateMany({
    where: { businessId, threadId, ...owner, emailedUpToMessageId: { lt: upTo } },
    data: { emailedUpToMessageId: upTo },
  });
  if (count > 0) return;
  const existing = await db.messageRead.findFirst({ where: { businessId, threadId, ...owner }, select: { id: true } });
  if (existing) return;
  await db.messageRead
    .create({ data: { businessId, threadId, ...owner, lastReadMessageId: 0, emailedUpToMessageId: upTo } })
    .catch(() =>
      db.messageRead.updateMany({
        where: { businessId, threadId, ...owner, emailedUpToMessageId: { lt: upTo } },
        data: { emailedUpToMessageId: upTo },
      }),
    );
}

export const messageEmailHandler: JobHandler = {
  transactional: false,
  async run(job: ClaimedJob, deps: JobDeps) {
    const { businessId } = job;
    const threadId = Number(job.payload.threadId);
    const db = tenantRunner(deps.database.sqlExecutor, businessId);
    const thread = await db.get(sql`
      SELECT t."id", t."companyId", t."projectId", t."assigneeId", t."subject", co."name" AS "companyName",
        p."name" AS "projectName", b."name" AS "businessName", b."slug", b."messageEmailIncludesText"
      FROM "MessageThread" t
      JOIN "Company" co ON co."businessId" = t."businessId" AND co."id" = t."companyId"
      JOIN "Business" b ON b."id" = t."businessId"
      LEFT JOIN "Project" p ON p."businessId" = t."businessId" AND p."id" = t."projectId"
      WHERE t."businessId" = ${TENANT} AND t."id" = ${threadId}`);
    if (!thread) return; // deleted meanwhile
    const companyId = toInt(thread.companyId);
    const shown = await db.get(
      sql`SELECT 1 AS "ok" FROM "MessageThread" t WHERE ${clientVisible.messageThread(sql`t`, companyId)} AND t."id" = ${threadId}`,
    );
    const title = toText(thread.subject) ?? toText(thread.projectName) ?? String(thread.companyName);
    const includesText = toBool(thread.messageEmailIncludesText);
    const base = deps.env.publicUrl;
    const slug = String(thread.slug);
    const people = await recipients(
      db,
      {
        id: threadId,
        companyId,
        assigneeId: thread.assigneeId == null ? null : toInt(thread.assigneeId),
      },
      Boolean(shown),
      typeof job.payload.after === 'string' ? job.payload.after : null,
    );
    for (const who of people.slice(0, MESSAGE_EMAIL_BATCH)) {
      const after = Math.max(who.readUpTo, who.emailedUpTo);
      const kindFilter =
        who.kind === 'contact'
          ? sql`${clientVisible.message(sql`m`)} AND m."authorKind" = 'staff' AND (m."authorContactId" IS NULL OR m."authorContactId" <> ${who.id})`
          : sql`m."businessId" = ${TENANT} AND m."authorKind" = 'contact'`;
      const where = sql`${kindFilter} AND m."threadId" = ${threadId} AND m."deletedAt" IS NULL AND m."id" > ${after}`;
      const [rows, total] = await Promise.all([
        db.all(sql`
          SELECT m."id", m."authorName", m."body", m."createdAt" FROM "Message" m WHERE ${where}
          ORDER BY m."id" DESC LIMIT ${MESSAGE_EMAIL_MAX_SHOWN}`),
        db.get(sql`SELECT COUNT(*) AS "n", MAX(m."id") AS "upTo" FROM "Message" m WHERE ${where}`),
      ]);
      if (rows.length === 0) continue;
      const count = toInt(total?.n ?? rows.length);
      const upTo = toInt(total?.upTo ?? rows[0].id);
      const shownRows = [...rows].reverse();
      const authors = [...new Set(shownRows.map((r) => String(r.authorName)))];
      const from = who.kind === 'contact' ? String(thread.businessName) : authors.join(', ');
      const url =
        who.kind === 'contact'
          ? portalLink(base, slug, `messages/${threadId}`, companyId)
          : `${base}/hub/messages/${threadId}`;
      const replyTo = deps.env.INBOUND_DOMAIN
        ? (
            await replyAddressFor(deps.database.db, deps.env.INBOUND_DOMAIN, {
              businessId,
              threadId,
              recipient: { kind: who.kind, id: who.id },
            })
          ).address
        : undefined;
      const parts = [M.messages.emailIntro(who.firstName, count, title)];
      if (includesText) {
        if (count > shownRows.length) parts.push(M.messages.emailMore(count - shownRows.length));
        for (const r of shownRows)
          parts.push(
            M.messages.emailMessage(String(r.authorName), formatDateTime(toDate(r.createdAt)), String(r.body)),
          );
      }
      parts.push(M.messages.emailOpen(url));
      if (replyTo) parts.push(M.messages.emailReplyHint);
      parts.push(
        who.kind === 'contact'
          ? M.notifications.portalOptOut(`${base}/portal/${slug}/settings`)
          : M.messages.emailStaffSettings(`${base}/hub/account?tab=notifications`),
      );
      await deps.mailer.send({
        to: who.email,
        subject: M.messages.emailSubject(count, from, title),
        text: parts.join('\n\n'),
        ...(replyTo ? { replyTo } : {}),
      });
      await markEmailed(deps, businessId, threadId, who, upTo);
    }
    if (people.length > MESSAGE_EMAIL_BATCH) {
      const last = people[MESSAGE_EMAIL_BATCH - 1];
      await enqueueJob(deps.database.db, {
        businessId,
        kind: 'message_email',
        payload: { threadId, messageId: job.payload.messageId, after: `${last.kind}:${last.id}` },
        dedupeKey: `message-mail:${String(job.payload.messageId)}:${last.kind}:${last.id}`,
      });
    }
  },
};
