/**
 * The portal's side of messages (`portal.messages.*`): a client reads and writes only the threads of their own
 * company that the rule allows (clientVisible.messageThread: a project thread only while the project is visible to
 * them), and never an internal note (clientVisible.message). Company and contact come from the portal session, so
 * a contact whose access is switched off, or who moved to another company, loses these threads with their next
 * request. Anything else answers NOT_FOUND, like a missing thread.
 */
import type { z } from 'zod';
import type {
  portalEditInput,
  portalMarkReadInput,
  portalMessageIdInput,
  portalMessagesPageInput,
  portalOpenInput,
  portalPostInput,
  portalThreadInput,
  portalThreadsInput,
  portalUnreadInput,
} from '../../../shared/schemas/messages';
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { keysetPage } from '../../lib/pagination';
import { clientVisible, isClientVisible } from '../../portal/visibility';
import { join, sql, TENANT, toInt, type Sql } from '../../sql';
import type { RequestScope } from '../auth/rules';
import type { PortalScope } from '../context';
import { checkSlug } from '../portal';
import { announce } from './changes';
import {
  changeMessage,
  contactPerson,
  messageNotFound,
  messagesPage,
  readThread,
  readUpToMessage,
  singletonThread,
  threadExtras,
  threadFromRow,
  threadNotFound,
  unreadOf,
  writeMessage,
  type MessageLookup,
} from './index';

type Client = Pick<PortalScope, 'db' | 'sql' | 'businessId' | 'companyId' | 'portalSession' | 'app'> &
  Pick<RequestScope, 'res'>;

const visibleThread = (scope: Pick<Client, 'companyId'>, t: Sql = sql`t`) =>
  clientVisible.messageThread(t, scope.companyId);

/**
 * The conversations the client's list shows: visible by the rule, with at least one message a client sees. The
 * portal's search asks the same condition (server/domain/search), so it finds nothing the list would not show.
 */
export const clientListedThread = (companyId: number, t: Sql) =>
  sql`${clientVisible.messageThread(t, companyId)} AND ${t}."lastPublicMessageAt" IS NOT NULL`;

/** What a client reads of a thread: never its assignee, "waiting for us" or a note's preview. */
function forClient(thread: ReturnType<typeof threadFromRow>) {
  return {
    id: thread.id,
    kind: thread.kind,
    title: thread.title,
    project: thread.project,
    lastMessageAt: thread.lastMessageAt,
    unread: thread.unread,
    preview: thread.preview,
    previewAuthor: thread.previewAuthor,
  };
}

/** A thread the client may see, or NOT_FOUND. */
async function clientThread(scope: Client, threadId: number) {
  const thread = await readThread(scope.sql, threadId, contactPerson(scope), visibleThread(scope));
  return thread ?? threadNotFound();
}

/**
 * The company's conversations the client sees, newest first (by the last message a client sees, so a note never
 * moves a thread). Only threads with such a message, plus the company's own thread when it exists.
 */
export async function portalThreads(scope: Client, input: z.output<typeof portalThreadsInput>) {
  checkSlug(scope, input.slug);
  const person = contactPerson(scope);
  const page = await keysetPage(scope.sql, {
    table: 'MessageThread',
    // No assignee, "waiting for us" or staff-side time: forClient strips what is left.
    columns: sql`t."id", t."kind", t."subject", t."companyId", t."projectId", t."assigneeId", t."lastPublicMessageAt", t."createdAt"`,
    filters: [clientListedThread(scope.companyId, sql`t`)],
    sort: { column: 'lastPublicMessageAt', direction: 'desc' },
    pageExtras: threadExtras(person),
    limit: input.limit,
    cursor: input.cursor,
    map: (r) => forClient(threadFromRow(r)),
  });
  return { items: page.items, nextCursor: page.nextCursor, total: page.total };
}

/** The newest message any of the agency's staff has read in the thread: a client's "Seen". */
async function agencyReadUpTo(scope: Client, threadId: number) {
  const row = await scope.sql.get(
    sql`SELECT MAX(r."lastReadMessageId") AS "n" FROM "MessageRead" r WHERE r."businessId" = ${TENANT} AND r."threadId" = ${threadId} AND r."userId" IS NOT NULL`,
  );
  return row?.n == null ? 0 : toInt(row.n);
}

async function detail(scope: Client, threadId: number) {
  const [thread, upTo] = await Promise.all([clientThread(scope, threadId), agencyReadUpTo(scope, threadId)]);
  return { thread: forClient(thread), agencyReadUpTo: upTo };
}

export async function portalThread(scope: Client, input: z.output<typeof portalThreadInput>) {
  checkSlug(scope, input.slug);
  return detail(scope, input.threadId);
}

/**
 * Opens the company's conversation (created when first opened, by client or staff), or a visible project's
 * (NOT_FOUND for a project the client may not see).
 */
export async function portalOpenThread(scope: Client, input: z.output<typeof portalOpenInput>) {
  checkSlug(scope, input.slug);
  if (input.projectId === undefined) {
    const { id } = await singletonThread(scope, {
      kind: 'company',
      companyId: scope.companyId,
      projectId: null,
      createdById: null,
    });
    return detail(scope, id);
  }
  const project = await scope.db.project.findUnique({
    where: { id: input.projectId },
    select: { id: true, companyId: true, visibleToClient: true, status: true },
  });
  if (!project || !isClientVisible.project(project, scope.companyId))
    throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.projectNotFound });
  const { id } = await singletonThread(scope, {
    kind: 'project',
    companyId: scope.companyId,
    projectId: project.id,
    createdById: null,
  });
  return detail(scope, id);
}

export async function portalMessages(scope: Client, input: z.output<typeof portalMessagesPageInput>) {
  checkSlug(scope, input.slug);
  await clientThread(scope, input.threadId);
  const page = await messagesPage(scope.sql, input, contactPerson(scope), {
    message: clientVisible.message(sql`m`),
    document: clientVisible.document(sql`d`, scope.companyId),
  });
  // The portal's output schema has no `internal`; every message here is a client one by the rule above.
  return { items: page.items.map(({ internal: _internal, ...message }) => message), nextCursor: page.nextCursor };
}

/**
 * The conversation a client's upload is for (POST /api/portal/messages/upload): one they may see, else NOT_FOUND.
 * Its project is the file's project.
 */
export async function portalAttachmentThread(
  scope: Pick<Client, 'sql' | 'companyId' | 'portalSession'>,
  threadId: number,
) {
  const thread = await readThread(scope.sql, threadId, contactPerson(scope), visibleThread(scope));
  if (!thread) return threadNotFound();
  return { id: thread.id, projectId: thread.project?.id ?? null };
}

/**
 * The files a client may attach: their own company's files they see in the portal (clientVisible.document). Any
 * other id (another company's, an internal file, a hidden project's, a missing one) is NOT_FOUND, like a missing file.
 */
async function clientAttachments(scope: Client, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const rows = await scope.sql.all(sql`
    SELECT d."id" FROM "Document" d
    WHERE ${clientVisible.document(sql`d`, scope.companyId)} AND d."id" IN (${join(
      unique.map((id) => sql`${id}`),
      ', ',
    )})`);
  if (rows.length !== unique.length) throw new TRPCError({ code: 'NOT_FOUND', message: M.messages.attachmentNotFound });
  return unique;
}

export async function portalPost(scope: Client, input: z.output<typeof portalPostInput>) {
  checkSlug(scope, input.slug);
  const thread = await clientThread(scope, input.threadId);
  const attachmentIds = await clientAttachments(scope, input.attachmentIds);
  const { messageId, change } = await writeMessage(
    scope,
    { id: thread.id, companyId: thread.company.id, projectId: thread.project?.id ?? null },
    contactPerson(scope),
    { body: input.body, internal: false, attachmentIds },
  );
  announce(scope.app, change);
  return readOwn(scope, thread.id, messageId);
}

async function readOwn(scope: Client, threadId: number, messageId: number) {
  const page = await portalMessages(scope, { threadId, limit: 1, cursor: messageId + 1 });
  return page.items[0] ?? messageNotFound();
}

/** Whether the client may see a message found by id (its thread by the rule, and not a note). */
const clientMaySee = (scope: Client) => async (m: MessageLookup) => {
  if (!isClientVisible.message(m) || m.thread.companyId !== scope.companyId) return false;
  return (await readThread(scope.sql, m.threadId, contactPerson(scope), visibleThread(scope))) !== null;
};

export async function portalEdit(scope: Client, input: z.output<typeof portalEditInput>) {
  checkSlug(scope, input.slug);
  const { change } = await changeMessage(scope, contactPerson(scope), input, clientMaySee(scope));
  announce(scope.app, change);
  return readOwn(scope, change.threadId, input.messageId);
}

export async function portalDelete(scope: Client, input: z.output<typeof portalMessageIdInput>) {
  checkSlug(scope, input.slug);
  const { change } = await changeMessage(scope, contactPerson(scope), { ...input, body: null }, clientMaySee(scope));
  announce(scope.app, change);
  return readOwn(scope, change.threadId, input.messageId);
}

export async function portalMarkRead(scope: Client, input: z.output<typeof portalMarkReadInput>) {
  checkSlug(scope, input.slug);
  const thread = await clientThread(scope, input.threadId);
  const { lastReadMessageId, change } = await readUpToMessage(
    scope,
    { id: thread.id, companyId: thread.company.id, projectId: thread.project?.id ?? null },
    contactPerson(scope),
    input.messageId,
  );
  if (change) announce(scope.app, change);
  return { lastReadMessageId };
}

/** How many of the client's threads hold a message they have not read: the portal's badge, one statement. */
export async function portalUnread(scope: Client, input: z.output<typeof portalUnreadInput>) {
  checkSlug(scope, input?.slug);
  const row = await scope.sql.get(sql`
    SELECT COUNT(*) AS "n" FROM "MessageThread" t
    WHERE ${clientListedThread(scope.companyId, sql`t`)} AND ${unreadOf(sql`t`, contactPerson(scope))} > 0`);
  return { threads: toInt(row?.n ?? 0) };
}
