/**
 * Messages (issue 30): conversations between the agency and one client company.
 *
 * - Each company has one company thread and each project (of a company) can have one; both are created on demand
 *   (singletonKey keeps them one each). Staff start topic threads with a subject and a first message.
 * - A message is written by a staff user or a client contact. Staff may write internal notes, which only staff ever
 *   see: every portal read goes through clientVisible.messageThread / .message (server/portal/visibility.ts).
 * - Authors edit and delete their own messages within MESSAGE_EDIT_WINDOW_MINUTES; a deleted message keeps its row
 *   (the thread shows "deleted"), an edited one its editedAt.
 * - Read markers (MessageRead) are per person: unread counts and read receipts come from them in one statement.
 * - Every write returns what it changed and hands it to `announce` (./changes.ts) after its commit: the one place
 *   it is published to the open windows from (server/live).
 *
 * The staff operations are here, the portal's in ./portal.ts; both share the writes below.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { documentDownloadPath } from '../../../shared/schemas/documents';
import {
  MESSAGE_EDIT_WINDOW_MINUTES,
  type assignInput,
  type companyThreadInput,
  type editMessageInput,
  type inboxInput,
  type markReadInput,
  type messageIdInput,
  type messagesPageInput,
  type MessageRow,
  type postMessageInput,
  type projectThreadInput,
  type startTopicInput,
  type threadIdInput,
  type ThreadKind,
  type ThreadRow,
} from '../../../shared/schemas/messages';
import { recordActivity, type Actor } from '../../activity';
import { fieldError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { containsText, sortedPage, type ListSortSpec } from '../../lib/pagination';
import { join, sql, TENANT, toBool, toDate, toInt, toText, type Row, type Sql, type SqlRunner } from '../../sql';
import type { RequestScope } from '../auth/rules';
import { tooMany } from '../auth/rules';
import { clientVisible } from '../../portal/visibility';
import type { PortalScope, StaffScope } from '../context';
import { announce, type Announcer, type MessageChange } from './changes';
import { queueMessageEmail } from './email';

/** Who writes or reads: a staff user, or a client contact (of `companyId`). */
export type Person =
  | { kind: 'staff'; userId: number; name: string }
  | { kind: 'contact'; contactId: number; companyId: number; name: string };

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const staffPerson = (user: StaffScope['user']): Person => ({
  kind: 'staff',
  userId: user.id,
  name: fullName(user),
});
export const contactPerson = (scope: Pick<PortalScope, 'portalSession' | 'companyId'>): Person => ({
  kind: 'contact',
  contactId: scope.portalSession.contact.id,
  companyId: scope.companyId,
  name: fullName(scope.portalSession.contact),
});

export const threadNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.threadNotFound });
};
export const messageNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.messageNotFound });
};

// ---------------------------------------------------------------------------------------------------------------
// Reading

/** The columns of a thread row (alias t) the inbox and a thread's page read. */
const threadColumns = sql`t."id", t."kind", t."subject", t."companyId", t."projectId", t."assigneeId", t."lastMessageAt", t."lastPublicMessageAt", t."waitingOnStaff", t."createdAt"`;

/** A client's: the thread's time is that of the last message they see (an internal note's time stays the hub's). */
const clientThreadColumns = sql`t."id", t."kind", t."subject", t."companyId", t."projectId", t."assigneeId", t."lastPublicMessageAt", t."createdAt"`;

/** The reader's read marker of a thread (alias `x`): the newest message id they have read, 0 when none. */
const readUpTo = (x: Sql, person: Person) =>
  person.kind === 'staff'
    ? sql`COALESCE((SELECT r."lastReadMessageId" FROM "MessageRead" r WHERE r."businessId" = ${TENANT} AND r."threadId" = ${x}."id" AND r."userId" = ${person.userId}), 0)`
    : sql`COALESCE((SELECT r."lastReadMessageId" FROM "MessageRead" r WHERE r."businessId" = ${TENANT} AND r."threadId" = ${x}."id" AND r."contactId" = ${person.contactId}), 0)`;

/** Messages of thread `x` the person sees and did not write (alias um). */
const othersMessages = (x: Sql, person: Person) =>
  person.kind === 'staff'
    ? sql`um."businessId" = ${TENANT} AND um."threadId" = ${x}."id" AND um."deletedAt" IS NULL AND (um."authorUserId" IS NULL OR um."authorUserId" <> ${person.userId})`
    : sql`${clientVisible.message(sql`um`)} AND um."threadId" = ${x}."id" AND um."deletedAt" IS NULL AND (um."authorContactId" IS NULL OR um."authorContactId" <> ${person.contactId})`;

/**
 * How many messages of thread `x` the person has not read: one index range of (businessId, threadId, id). Ordered by
 * that index's columns (threadId as a range, which the planner cannot fold away as it folds an equality), so only
 * that index serves it: PostgreSQL could otherwise walk the primary key from the read marker through every newer
 * message of every thread (seconds per inbox page beside a thread of 100,000 messages; npm run bench).
 */
export const unreadOf = (x: Sql, person: Person) =>
  sql`(SELECT COUNT(*) FROM (SELECT 1 FROM "Message" um WHERE ${othersMessages(x, person)} AND um."threadId" BETWEEN ${x}."id" AND ${x}."id" AND um."id" > ${readUpTo(x, person)} ORDER BY um."threadId", um."id") unread)`;
/**
 * Whether thread `x` has a message the person has not read (stops at the first). OFFSET 0 keeps it a probe of the
 * thread's index range per thread: without it PostgreSQL turns the EXISTS into a hash join over every message of the
 * agency (the badge's statement read all 104,810 messages of the bench agency: 110 ms, growing with every message).
 */
const hasUnread = (x: Sql, person: Person) =>
  sql`EXISTS (SELECT 1 FROM "Message" um WHERE ${othersMessages(x, person)} AND um."id" > ${readUpTo(x, person)} LIMIT 1 OFFSET 0)`;

/** The newest message of thread `x` the reader sees (alias lm): staff see internal notes, clients never. */
const lastMessage = (x: Sql, column: Sql, person: Person) =>
  sql`(SELECT ${column} FROM "Message" lm WHERE lm."businessId" = ${TENANT} AND lm."threadId" BETWEEN ${x}."id" AND ${x}."id"${person.kind === 'contact' ? sql` AND ${clientVisible.message(sql`lm`)}` : sql``} ORDER BY lm."threadId" DESC, lm."id" DESC LIMIT 1)`;

/** The names and the reader's own figures of a page of threads (alias p). */
export const threadExtras = (person: Person) => sql`
  (SELECT c."name" FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = p."companyId") AS "companyName",
  (SELECT pr."name" FROM "Project" pr WHERE pr."businessId" = ${TENANT} AND pr."id" = p."projectId") AS "projectName",
  (SELECT u."firstName" || ' ' || u."lastName" FROM "User" u WHERE u."businessId" = ${TENANT} AND u."id" = p."assigneeId") AS "assigneeName",
  ${unreadOf(sql`p`, person)} AS "unread",
  ${lastMessage(sql`p`, sql`CASE WHEN lm."deletedAt" IS NULL THEN lm."body" ELSE '' END`, person)} AS "preview",
  ${lastMessage(sql`p`, sql`lm."authorName"`, person)} AS "previewAuthor",
  ${lastMessage(sql`p`, sql`lm."internal"`, person)} AS "previewInternal"`;

const PREVIEW_CHARS = 160;

/** A conversation's name: its subject, else its project's (a project thread), else its company's. */
export const threadTitle = (kind: string, subject: string | null, companyName: string, projectName: string | null) =>
  subject ?? (kind === 'project' && projectName !== null ? projectName : companyName);

export function threadFromRow(r: Row): ThreadRow {
  const company = { id: toInt(r.companyId), name: String(r.companyName ?? '') };
  const project = r.projectId == null ? null : { id: toInt(r.projectId), name: String(r.projectName ?? '') };
  const kind = String(r.kind) as ThreadKind;
  const subject = toText(r.subject);
  const preview = toText(r.preview);
  return {
    id: toInt(r.id),
    kind,
    title: threadTitle(kind, subject, company.name, project?.name ?? null),
    subject,
    company,
    project,
    assignee: r.assigneeId == null ? null : { id: toInt(r.assigneeId), name: String(r.assigneeName ?? '') },
    lastMessageAt: toDate(r.lastMessageAt ?? r.lastPublicMessageAt ?? r.createdAt),
    waitingOnStaff: toBool(r.waitingOnStaff),
    unread: toInt(r.unread ?? 0),
    preview: preview === null ? null : preview.slice(0, PREVIEW_CHARS),
    previewAuthor: toText(r.previewAuthor),
    previewInternal: toBool(r.previewInternal),
  };
}

/** One thread with its names and the reader's figures; `visible` limits which (a portal reader's rule). */
export async function readThread(db: SqlRunner, id: number, person: Person, visible?: Sql): Promise<ThreadRow | null> {
  const row = await db.get(sql`
    SELECT p.*, ${threadExtras(person)} FROM (
      SELECT ${person.kind === 'contact' ? clientThreadColumns : threadColumns} FROM "MessageThread" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}${visible ? sql` AND ${visible}` : sql``}
    ) p`);
  return row ? threadFromRow(row) : null;
}

const attachmentsOf = async (db: SqlRunner, messageIds: number[], clientOnly: Sql | null) => {
  if (messageIds.length === 0) return new Map<number, MessageRow['attachments']>();
  const rows = await db.all(sql`
    SELECT a."messageId", d."id", d."name", d."size", d."url", d."storageKey" FROM "MessageAttachment" a
    JOIN "Document" d ON d."businessId" = a."businessId" AND d."id" = a."documentId"
    WHERE a."businessId" = ${TENANT} AND a."messageId" IN (${join(
      messageIds.map((id) => sql`${id}`),
      ', ',
    )})${clientOnly ? sql` AND ${clientOnly}` : sql``}
    ORDER BY a."id"`);
  const byMessage = new Map<number, MessageRow['attachments']>();
  for (const r of rows) {
    const id = toInt(r.id);
    const list = byMessage.get(toInt(r.messageId)) ?? [];
    list.push({
      id,
      name: String(r.name),
      size: toInt(r.size),
      url: r.storageKey != null ? documentDownloadPath(id) : String(r.url),
    });
    byMessage.set(toInt(r.messageId), list);
  }
  return byMessage;
};

const isMine = (r: Row, person: Person) =>
  person.kind === 'staff'
    ? r.authorUserId != null && toInt(r.authorUserId) === person.userId
    : r.authorContactId != null && toInt(r.authorContactId) === person.contactId;

function messageFromRow(r: Row, person: Person, attachments: MessageRow['attachments']): MessageRow {
  const deletedAt = r.deletedAt == null ? null : toDate(r.deletedAt);
  const byStaff = String(r.authorKind) === 'staff';
  return {
    id: toInt(r.id),
    threadId: toInt(r.threadId),
    author: {
      kind: byStaff ? 'staff' : 'contact',
      id:
        (byStaff ? r.authorUserId : r.authorContactId) == null
          ? null
          : toInt(byStaff ? r.authorUserId : r.authorContactId),
      name: String(r.authorName),
    },
    body: deletedAt ? '' : String(r.body),
    internal: toBool(r.internal),
    editedAt: r.editedAt == null ? null : toDate(r.editedAt),
    deletedAt,
    createdAt: toDate(r.createdAt),
    mine: isMine(r, person),
    attachments: deletedAt ? [] : attachments,
  };
}

/**
 * A page of a thread's messages, newest first over (businessId, threadId, id): `limit + 1` rows from the cursor
 * (the oldest id already shown), so a thread of 100,000 messages opens as fast as one of 10. The caller has checked
 * the thread; clientOnly: a portal reader (no internal note, only attachments the client may see).
 */
export async function messagesPage(
  db: SqlRunner,
  input: { threadId: number; limit: number; cursor?: number | null },
  person: Person,
  clientOnly: { message: Sql; document: Sql } | null,
) {
  const rows = await db.all(sql`
    SELECT m."id", m."threadId", m."authorUserId", m."authorContactId", m."authorKind", m."authorName", m."body", m."internal",
      m."editedAt", m."deletedAt", m."createdAt"
    FROM "Message" m
    WHERE m."businessId" = ${TENANT} AND m."threadId" = ${input.threadId}${input.cursor ? sql` AND m."id" < ${input.cursor}` : sql``}${clientOnly ? sql` AND ${clientOnly.message}` : sql``}
    ORDER BY m."id" DESC LIMIT ${input.limit + 1}`);
  const page = rows.slice(0, input.limit);
  const attachments = await attachmentsOf(
    db,
    page.map((r) => toInt(r.id)),
    clientOnly?.document ?? null,
  );
  return {
    items: page.map((r) => messageFromRow(r, person, attachments.get(toInt(r.id)) ?? [])),
    nextCursor: rows.length > input.limit ? toInt(page[page.length - 1].id) : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing (shared by staff and portal)

type Db = StaffScope['db'];
type Tx = Parameters<Parameters<Db['$transaction']>[0]>[0];

const EDIT_WINDOW_MS = MESSAGE_EDIT_WINDOW_MINUTES * 60 * 1000;

/** A company's or project's thread, created the first time someone opens it; concurrent openers get the same one. */
export async function singletonThread(
  scope: { db: Db; businessId: number; app: Announcer },
  spec: { kind: 'company' | 'project'; companyId: number; projectId: number | null; createdById: number | null },
): Promise<{ id: number; created: boolean }> {
  const singletonKey = spec.kind === 'company' ? `company:${spec.companyId}` : `project:${spec.projectId}`;
  const existing = await scope.db.messageThread.findFirst({ where: { singletonKey }, select: { id: true } });
  if (existing) return { id: existing.id, created: false };
  try {
    const row = await scope.db.messageThread.create({
      data: {
        businessId: scope.businessId,
        kind: spec.kind,
        companyId: spec.companyId,
        projectId: spec.projectId,
        singletonKey,
        createdById: spec.createdById,
      },
      select: { id: true },
    });
    announce(scope.app, {
      type: 'thread.created',
      businessId: scope.businessId,
      threadId: row.id,
      companyId: spec.companyId,
      internal: false,
    });
    return { id: row.id, created: true };
  } catch (error) {
    // Someone else created it a moment ago (the unique singletonKey): theirs is the one.
    const other = await scope.db.messageThread.findFirst({ where: { singletonKey }, select: { id: true } });
    if (other) return { id: other.id, created: false };
    throw error;
  }
}

/** Advances the person's read marker of a thread to messageId (never back). */
async function advanceRead(tx: Tx | Db, businessId: number, threadId: number, person: Person, messageId: number) {
  const who = person.kind === 'staff' ? { userId: person.userId } : { contactId: person.contactId };
  const now = new Date();
  const { count } = await tx.messageRead.updateMany({
    where: { threadId, ...who, lastReadMessageId: { lt: messageId } },
    data: { lastReadMessageId: messageId, lastReadAt: now },
  });
  if (count > 0) return true;
  const existing = await tx.messageRead.findFirst({ where: { threadId, ...who }, select: { id: true } });
  if (existing) return false;
  try {
    await tx.messageRead.create({
      data: { businessId, threadId, ...who, lastReadMessageId: messageId, lastReadAt: now },
    });
    return true;
  } catch {
    // A parallel markRead created it: move it forward instead.
    const again = await tx.messageRead.updateMany({
      where: { threadId, ...who, lastReadMessageId: { lt: messageId } },
      data: { lastReadMessageId: messageId, lastReadAt: now },
    });
    return again.count > 0;
  }
}

/** Teammates a staff message mentions: @first, @firstlast or @the part of their e-mail before the @. */
async function mentionedUsers(db: Db, body: string, authorId: number): Promise<number[]> {
  const tokens = new Set(
    [...body.matchAll(/(?:^|[^\w@.])@([\p{L}\p{N}][\p{L}\p{N}._-]{0,63})/gu)].map((m) =>
      m[1].replace(/[._-]+$/, '').toLowerCase(),
    ),
  );
  if (tokens.size === 0) return [];
  const team = await db.user.findMany({ select: { id: true, firstName: true, lastName: true, email: true } });
  const squash = (s: string) => s.toLowerCase().replace(/\s+/g, '');
  return team
    .filter(
      (u) =>
        u.id !== authorId &&
        (tokens.has(squash(u.firstName)) ||
          tokens.has(squash(u.firstName + u.lastName)) ||
          tokens.has(`${squash(u.firstName)}.${squash(u.lastName)}`) ||
          tokens.has(u.email.split('@')[0].toLowerCase())),
    )
    .map((u) => u.id);
}

type ThreadForWrite = { id: number; companyId: number; projectId: number | null };

const actorOf = (person: Person): Actor =>
  person.kind === 'staff'
    ? { type: 'staff', userId: person.userId, name: person.name }
    : { type: 'contact', contactId: person.contactId, name: person.name };

/**
 * Posts a message: throttled per person (429), attachments checked to be the thread company's files (and shared
 * with the client when the message is not internal), the thread's times and "waiting for us" moved, the author's own
 * read marker advanced, and mentioned teammates told (a job), all in one transaction.
 */
export async function writeMessage(
  scope: { db: Db; sql: SqlRunner; businessId: number; app: StaffScope['app'] } & Pick<RequestScope, 'res'>,
  thread: ThreadForWrite,
  person: Person,
  input: { body: string; internal: boolean; attachmentIds: number[]; emailMessageId?: string | null },
): Promise<{ messageId: number; change: MessageChange }> {
  const personKey = person.kind === 'staff' ? `user:${person.userId}` : `contact:${person.contactId}`;
  const wait = await scope.app.throttle.beginMessage(`${scope.businessId}:${personKey}`);
  if (wait > 0) tooMany(scope, wait, M.messages.throttled);
  const internal = person.kind === 'staff' && input.internal;
  const attachmentIds = [...new Set(input.attachmentIds)];
  const mentions = person.kind === 'staff' ? await mentionedUsers(scope.db, input.body, person.userId) : [];
  const messageId = await scope.db.$transaction(async (tx) => {
    if (attachmentIds.length) {
      const files = await tx.document.findMany({
        where: { id: { in: attachmentIds } },
        select: { id: true, companyId: true },
      });
      if (files.length !== attachmentIds.length)
        throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.attachmentNotFound });
      if (files.some((f) => f.companyId !== thread.companyId))
        fieldError('attachmentIds', M.messages.attachmentOtherCompany);
    }
    const now = new Date();
    const message = await tx.message.create({
      data: {
        businessId: scope.businessId,
        threadId: thread.id,
        authorUserId: person.kind === 'staff' ? person.userId : null,
        authorContactId: person.kind === 'contact' ? person.contactId : null,
        authorKind: person.kind,
        authorName: person.name,
        body: input.body,
        internal,
        createdAt: now,
        emailMessageId: input.emailMessageId ?? null,
      },
      select: { id: true },
    });
    if (attachmentIds.length) {
      await tx.messageAttachment.createMany({
        data: attachmentIds.map((documentId) => ({ businessId: scope.businessId, messageId: message.id, documentId })),
      });
      // Sent to the client: they may open it (the portal's rule for files reads visibleInPortal).
      if (!internal)
        await tx.document.updateMany({ where: { id: { in: attachmentIds } }, data: { visibleInPortal: true } });
    }
    await tx.messageThread.update({
      where: { id: thread.id },
      data: {
        lastMessageAt: now,
        ...(internal ? {} : { lastPublicMessageAt: now, waitingOnStaff: person.kind === 'contact' }),
      },
      select: { id: true },
    });
    await advanceRead(tx, scope.businessId, thread.id, person, message.id);
    // The log says who wrote in which conversation, never what: an internal note's entry is staff-only (no client
    // event rule reads 'message' entries, server/portal/client-events.ts).
    const named = await tx.messageThread.findUnique({
      where: { id: thread.id },
      select: { kind: true, subject: true, company: { select: { name: true } }, project: { select: { name: true } } },
    });
    await recordActivity(tx, scope.businessId, actorOf(person), {
      entityType: 'message',
      entityId: message.id,
      entityName: named ? threadTitle(named.kind, named.subject, named.company.name, named.project?.name ?? null) : '',
      companyId: thread.companyId,
      action: internal ? 'noted' : 'posted',
      clientVisible: !internal,
    });
    // Still unread after the agency's delay: e-mailed (./email.ts). An internal note is never e-mailed.
    if (!internal)
      await queueMessageEmail(tx, {
        businessId: scope.businessId,
        threadId: thread.id,
        messageId: message.id,
        createdAt: now,
      });
    if (mentions.length)
      await enqueueJob(tx, {
        businessId: scope.businessId,
        kind: 'notify',
        payload: { messageId: message.id, userIds: mentions },
        dedupeKey: `notify-message:${message.id}`,
      });
    return message.id;
  });
  return {
    messageId,
    change: {
      type: 'message.posted',
      businessId: scope.businessId,
      threadId: thread.id,
      companyId: thread.companyId,
      messageId,
      internal,
    },
  };
}

/**
 * The author's own message, still within the edit window: NOT_FOUND when the reader cannot see it (`visible`),
 * FORBIDDEN for someone else's, 400 once deleted or past the window.
 */
async function ownMessage(db: Db, messageId: number, person: Person, visible: (m: MessageLookup) => boolean) {
  const message = await db.message.findUnique({
    where: { id: messageId },
    select: {
      id: true,
      threadId: true,
      internal: true,
      authorUserId: true,
      authorContactId: true,
      deletedAt: true,
      createdAt: true,
      thread: { select: { companyId: true, projectId: true } },
    },
  });
  if (!message || !visible(message)) return messageNotFound();
  const mine =
    person.kind === 'staff' ? message.authorUserId === person.userId : message.authorContactId === person.contactId;
  if (!mine) throw new TRPCError({ code: 'FORBIDDEN', message: M.messages.notAuthor });
  if (message.deletedAt) throw new TRPCError({ code: 'BAD_REQUEST', message: M.messages.alreadyDeleted });
  if (Date.now() - message.createdAt.getTime() > EDIT_WINDOW_MS)
    throw new TRPCError({ code: 'BAD_REQUEST', message: M.messages.editWindowOver(MESSAGE_EDIT_WINDOW_MINUTES) });
  return message;
}
export type MessageLookup = {
  internal: boolean;
  threadId: number;
  thread: { companyId: number; projectId: number | null };
};

export async function changeMessage(
  scope: { db: Db; businessId: number },
  person: Person,
  input: { messageId: number; body: string | null },
  visible: (m: MessageLookup) => boolean | Promise<boolean>,
): Promise<{ change: MessageChange }> {
  const lookup = await scope.db.message.findUnique({
    where: { id: input.messageId },
    select: { internal: true, threadId: true, thread: { select: { companyId: true, projectId: true } } },
  });
  const shown = lookup ? await visible(lookup) : false;
  const message = await ownMessage(scope.db, input.messageId, person, () => shown);
  const deleting = input.body === null;
  await scope.db.$transaction(async (tx) => {
    await tx.message.update({
      where: { id: message.id },
      data: deleting ? { body: '', deletedAt: new Date() } : { body: input.body as string, editedAt: new Date() },
      select: { id: true },
    });
    // A deleted message's files stay the company's files; only the link goes.
    if (deleting) await tx.messageAttachment.deleteMany({ where: { messageId: message.id } });
  });
  return {
    change: {
      type: deleting ? 'message.deleted' : 'message.edited',
      businessId: scope.businessId,
      threadId: message.threadId,
      companyId: message.thread.companyId,
      messageId: message.id,
      internal: message.internal,
    },
  };
}

/**
 * Marks a thread read up to a message (default: the newest the person sees). A messageId that is not of this thread,
 * or not one the person sees, is NOT_FOUND.
 */
export async function readUpToMessage(
  scope: { db: Db; sql: SqlRunner; businessId: number },
  thread: ThreadForWrite,
  person: Person,
  messageId: number | undefined,
): Promise<{ lastReadMessageId: number; change: MessageChange | null }> {
  const clientOnly = person.kind === 'contact' ? sql` AND ${clientVisible.message(sql`m`)}` : sql``;
  const row = await scope.sql.get(
    messageId === undefined
      ? sql`SELECT MAX(m."id") AS "id" FROM "Message" m WHERE m."businessId" = ${TENANT} AND m."threadId" = ${thread.id}${clientOnly}`
      : sql`SELECT m."id" FROM "Message" m WHERE m."businessId" = ${TENANT} AND m."threadId" = ${thread.id} AND m."id" = ${messageId}${clientOnly}`,
  );
  if (messageId !== undefined && !row) return messageNotFound();
  const upTo = row?.id == null ? 0 : toInt(row.id);
  if (upTo === 0) return { lastReadMessageId: 0, change: null };
  const moved = await advanceRead(scope.db, scope.businessId, thread.id, person, upTo);
  return {
    lastReadMessageId: upTo,
    change: moved
      ? {
          type: 'thread.read',
          businessId: scope.businessId,
          threadId: thread.id,
          companyId: thread.companyId,
          reader:
            person.kind === 'staff' ? { kind: 'staff', id: person.userId } : { kind: 'contact', id: person.contactId },
          lastReadMessageId: upTo,
          internal: false,
        }
      : null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Staff

type Staff = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user' | 'app'> & Pick<RequestScope, 'res'>;

/** The agency's thread (any of its companies'), or NOT_FOUND. */
async function staffThread(scope: Pick<Staff, 'db'>, threadId: number): Promise<ThreadForWrite> {
  return (
    (await scope.db.messageThread.findUnique({
      where: { id: threadId },
      select: { id: true, companyId: true, projectId: true },
    })) ?? threadNotFound()
  );
}

/**
 * The inbox sort: threads with something the reader has not read, then the others, each newest first over
 * (businessId, lastMessageAt, id). sortedPage reads ranked segments in reverse for a descending sort, hence the
 * order below (read, then unread).
 */
const inboxSort = (person: Person): ListSortSpec => ({
  key: 'recent',
  order: 'desc',
  segments: [
    { where: sql`NOT ${hasUnread(sql`t`, person)}`, keys: [{ expr: sql`t."lastMessageAt"`, type: 'date' }] },
    { where: hasUnread(sql`t`, person), keys: [{ expr: sql`t."lastMessageAt"`, type: 'date' }] },
  ],
});

/** The hub's inbox: every conversation with a message, unread first, filtered in the database. */
export async function inbox(scope: Staff, input: z.output<typeof inboxInput>) {
  const person = staffPerson(scope.user);
  // A filter naming another agency's company or project is NOT_FOUND, like a missing one.
  const [company, project] = await Promise.all([
    input.companyId === undefined
      ? true
      : scope.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } }),
    input.projectId === undefined
      ? true
      : scope.db.project.findUnique({ where: { id: input.projectId }, select: { id: true } }),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.companyNotFound });
  if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.projectNotFound });
  const filters: Sql[] = [];
  if (input.companyId !== undefined) filters.push(sql`t."companyId" = ${input.companyId}`);
  if (input.projectId !== undefined) filters.push(sql`t."projectId" = ${input.projectId}`);
  if (input.waiting) filters.push(sql`t."waitingOnStaff" = ${true}`);
  if (input.mine) filters.push(sql`t."assigneeId" = ${scope.user.id}`);
  if (input.unread) filters.push(hasUnread(sql`t`, person));
  if (input.search) {
    const inCompany = containsText(scope.sql, sql`sc."name"`, input.search);
    const inProject = containsText(scope.sql, sql`sp."name"`, input.search);
    filters.push(sql`(${containsText(scope.sql, sql`t."subject"`, input.search)}
      OR t."companyId" IN (SELECT sc."id" FROM "Company" sc WHERE sc."businessId" = ${TENANT} AND ${inCompany})
      OR t."projectId" IN (SELECT sp."id" FROM "Project" sp WHERE sp."businessId" = ${TENANT} AND ${inProject}))`);
  }
  const page = await sortedPage(scope.sql, {
    table: 'MessageThread',
    columns: threadColumns,
    base: [sql`t."lastMessageAt" IS NOT NULL`],
    filters,
    sort: inboxSort(person),
    pageExtras: threadExtras(person),
    limit: input.limit,
    cursor: input.cursor,
    map: threadFromRow,
  });
  return { items: page.items, nextCursor: page.nextCursor, total: page.total };
}

/** How many threads hold a message the caller has not read: the hub's badge, one statement. */
export async function unreadThreads(scope: Pick<Staff, 'sql' | 'user'>) {
  const person = staffPerson(scope.user);
  const row = await scope.sql.get(
    sql`SELECT COUNT(*) AS "n" FROM "MessageThread" t WHERE t."businessId" = ${TENANT} AND t."lastMessageAt" IS NOT NULL AND ${hasUnread(sql`t`, person)}`,
  );
  return { threads: toInt(row?.n ?? 0) };
}

/** Who has read the thread how far: staff and contacts, by name (staff see each client contact's receipt). */
async function readersOf(db: SqlRunner, threadId: number) {
  const rows = await db.all(sql`
    SELECT r."userId", r."contactId", r."lastReadMessageId", r."lastReadAt",
      u."firstName" AS "uFirst", u."lastName" AS "uLast", c."firstName" AS "cFirst", c."lastName" AS "cLast"
    FROM "MessageRead" r
    LEFT JOIN "User" u ON u."businessId" = r."businessId" AND u."id" = r."userId"
    LEFT JOIN "Contact" c ON c."businessId" = r."businessId" AND c."id" = r."contactId"
    WHERE r."businessId" = ${TENANT} AND r."threadId" = ${threadId} AND r."lastReadMessageId" > 0
    ORDER BY r."lastReadAt" DESC`);
  return rows.map((r) => {
    const staff = r.userId != null;
    return {
      kind: staff ? ('staff' as const) : ('contact' as const),
      id: toInt(staff ? r.userId : r.contactId),
      name: `${String((staff ? r.uFirst : r.cFirst) ?? '')} ${String((staff ? r.uLast : r.cLast) ?? '')}`.trim(),
      lastReadMessageId: toInt(r.lastReadMessageId),
      lastReadAt: toDate(r.lastReadAt),
    };
  });
}

async function threadDetail(scope: Pick<Staff, 'sql' | 'user'>, threadId: number) {
  const [thread, readers] = await Promise.all([
    readThread(scope.sql, threadId, staffPerson(scope.user)),
    readersOf(scope.sql, threadId),
  ]);
  return { thread: thread ?? threadNotFound(), readers };
}

export function getThread(scope: Staff, input: z.output<typeof threadIdInput>) {
  return threadDetail(scope, input.threadId);
}

/** The company's own conversation, created on first open. */
export async function companyThread(scope: Staff, input: z.output<typeof companyThreadInput>) {
  const company = await scope.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } });
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.companyNotFound });
  const { id } = await singletonThread(scope, {
    kind: 'company',
    companyId: company.id,
    projectId: null,
    createdById: scope.user.id,
  });
  return threadDetail(scope, id);
}

/** A project's conversation, created on first open; a project without a company has none (400). */
export async function projectThread(scope: Staff, input: z.output<typeof projectThreadInput>) {
  const project = await scope.db.project.findUnique({
    where: { id: input.projectId },
    select: { id: true, companyId: true },
  });
  if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.projectNotFound });
  if (project.companyId === null) fieldError('projectId', M.documents.companyRequired);
  const { id } = await singletonThread(scope, {
    kind: 'project',
    companyId: project.companyId,
    projectId: project.id,
    createdById: scope.user.id,
  });
  return threadDetail(scope, id);
}

/** A topic with a subject (and optionally a project of the company). Its first message is posted separately. */
export async function startTopic(scope: Staff, input: z.output<typeof startTopicInput>) {
  const [company, project] = await Promise.all([
    scope.db.company.findUnique({ where: { id: input.companyId }, select: { id: true } }),
    input.projectId === undefined
      ? null
      : scope.db.project.findUnique({ where: { id: input.projectId }, select: { companyId: true } }),
  ]);
  if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.companyNotFound });
  if (input.projectId !== undefined && project?.companyId !== company.id)
    throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.projectNotFound });
  const row = await scope.db.messageThread.create({
    data: {
      businessId: scope.businessId,
      kind: 'topic',
      subject: input.subject,
      companyId: company.id,
      projectId: input.projectId ?? null,
      createdById: scope.user.id,
      assigneeId: scope.user.id,
    },
    select: { id: true },
  });
  announce(scope.app, {
    type: 'thread.created',
    businessId: scope.businessId,
    threadId: row.id,
    companyId: company.id,
    internal: false,
  });
  return threadDetail(scope, row.id);
}

export async function listThreadMessages(scope: Staff, input: z.output<typeof messagesPageInput>) {
  await staffThread(scope, input.threadId);
  return messagesPage(scope.sql, input, staffPerson(scope.user), null);
}

async function readMessage(scope: Pick<Staff, 'sql' | 'user'>, threadId: number, messageId: number) {
  const page = await messagesPage(
    scope.sql,
    { threadId, limit: 1, cursor: messageId + 1 },
    staffPerson(scope.user),
    null,
  );
  return page.items[0] ?? messageNotFound();
}

export async function postMessage(scope: Staff, input: z.output<typeof postMessageInput>) {
  const thread = await staffThread(scope, input.threadId);
  const { messageId, change } = await writeMessage(scope, thread, staffPerson(scope.user), input);
  announce(scope.app, change);
  return readMessage(scope, thread.id, messageId);
}

export async function editMessage(scope: Staff, input: z.output<typeof editMessageInput>) {
  const { change } = await changeMessage(scope, staffPerson(scope.user), input, () => true);
  announce(scope.app, change);
  return readMessage(scope, change.threadId, input.messageId);
}

export async function deleteMessage(scope: Staff, input: z.output<typeof messageIdInput>) {
  const { change } = await changeMessage(scope, staffPerson(scope.user), { ...input, body: null }, () => true);
  announce(scope.app, change);
  return readMessage(scope, change.threadId, input.messageId);
}

export async function markThreadRead(scope: Staff, input: z.output<typeof markReadInput>) {
  const thread = await staffThread(scope, input.threadId);
  const { lastReadMessageId, change } = await readUpToMessage(scope, thread, staffPerson(scope.user), input.messageId);
  if (change) announce(scope.app, change);
  return { lastReadMessageId };
}

/** Gives the conversation to a teammate (or nobody); another agency's user is NOT_FOUND. */
export async function assignThread(scope: Staff, input: z.output<typeof assignInput>) {
  const thread = await staffThread(scope, input.threadId);
  if (input.assigneeId !== null) {
    const user = await scope.db.user.findUnique({ where: { id: input.assigneeId }, select: { id: true } });
    if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.assigneeNotFound });
  }
  await scope.db.messageThread.update({
    where: { id: thread.id },
    data: { assigneeId: input.assigneeId },
    select: { id: true },
  });
  announce(scope.app, {
    type: 'thread.assigned',
    businessId: scope.businessId,
    threadId: thread.id,
    companyId: thread.companyId,
    internal: true,
  });
  return threadDetail(scope, thread.id);
}
