/**
 * The e-mail bridge, inbound side (issue 30): a reply that passed server/inbound-mail's checks (token, sender, size)
 * is posted into its thread as the token's recipient through writeMessage, the same write the composers use, so the
 * body's bounds, the per-person throttle, the thread's times and `announce()` all apply.
 *
 * Who may still write is checked now, not when the e-mail was sent: a contact only while they have portal access,
 * belong to the thread's company and that company is not archived (and the thread is one the portal shows them); a
 * staff member only while they are on the team. Anything else is a permanent refusal (ReplyRefused) with a
 * sentence. A reply by e-mail is never an internal note. Its attachments become the company's files, as a
 * composer's uploads do, and a mail delivered twice (the same Message-ID) is posted once.
 */
import { portalCompaniesOf } from '../../auth/sessions';
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Response } from 'express';
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import { documentDownloadPath } from '../../../shared/schemas/documents';
import { MESSAGE_ATTACHMENTS_MAX, messageBodySchema } from '../../../shared/schemas/messages';
import { contactActor, recordActivity, staffActor } from '../../activity';
import type { AppScope } from '../../app-scope';
import { tenantClients } from '../../auth/access';
import { assertStorageQuota } from '../../files/quota';
import { safeFileName, safeMimeType } from '../../files/routes';
import { ReplyRefused, replyHandlers, type InboundReply } from '../../inbound-mail';
import { log } from '../../log';
import { isClientVisible } from '../../portal/visibility';
import { runAsTenant } from '../../tenancy';
import { announce } from './changes';
import { recordFirstVersion } from '../documents/versions';
import { writeMessage, type Person } from './index';

/** The Message-ID as stored: bounded (a hostile header cannot grow the row). */
const messageIdKey = (id: string | null) => (id ? id.trim().slice(0, 250) || null : null);

/** Registers the handler with the app's inbound-mail registry (once, when the app is built). */
export function registerEmailReplies(app: AppScope): () => void {
  return replyHandlers.register((reply) => postEmailReply(app, reply));
}

/** Posts one reply (see the file's comment); throws ReplyRefused for what must never be retried. */
async function postEmailReply(app: AppScope, reply: InboundReply): Promise<void> {
  const { businessId } = reply;
  await runAsTenant(businessId, async () => {
    const scope = tenantClients(app, businessId);
    // A deleted thread takes its reply addresses with it (the tenant foreign key cascades); this is the moment between.
    const thread = await scope.db.messageThread.findUnique({
      where: { id: reply.threadId },
      select: { id: true, companyId: true, projectId: true, project: true },
    });
    if (!thread) throw new ReplyRefused(M.messages.emailReplyThreadGone);
    const person = await writerOf(app, scope, reply, thread);

    const emailMessageId = messageIdKey(reply.messageId);
    if (emailMessageId) {
      const seen = await scope.db.message.findFirst({
        where: { threadId: thread.id, emailMessageId },
        select: { id: true },
      });
      if (seen) return; // Delivered before: posted once.
    }

    const body = messageBodySchema.safeParse(reply.text || M.messages.emailReplyOnlyFiles);
    if (!body.success) throw new ReplyRefused(body.error.issues[0]?.message ?? M.messages.empty);
    if (reply.attachments.length > MESSAGE_ATTACHMENTS_MAX)
      throw new ReplyRefused(M.messages.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX));
    for (const file of reply.attachments)
      if (file.content.length > app.env.MAX_UPLOAD_BYTES) throw new ReplyRefused(M.messages.emailReplyTooLarge);

    const stored = await storeAttachments(app, scope, thread.companyId, person, reply);
    try {
      const { change } = await writeMessage(
        { ...scope, app, res: noResponse },
        { id: thread.id, companyId: thread.companyId, projectId: thread.projectId },
        person,
        { body: body.data, internal: false, attachmentIds: stored.map((s) => s.id), emailMessageId },
      );
      announce(app, change);
    } catch (error) {
      // Nothing half-written: the files of a reply that was not posted go again.
      if (stored.length) {
        await scope.db.document.deleteMany({ where: { id: { in: stored.map((s) => s.id) } } });
        await Promise.all(stored.map((s) => app.storage.remove(s.storageKey).catch(() => {})));
      }
      if (isDuplicate(error)) return;
      if (error instanceof TRPCError && error.code === 'BAD_REQUEST') throw new ReplyRefused(error.message);
      throw error;
    }
  });
}

/** No HTTP response to set Retry-After on: a throttled reply fails temporarily and the sender retries. */
const noResponse = { setHeader: () => noResponse } as unknown as Pick<Response, 'setHeader'>;

const isDuplicate = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';

type Scope = ReturnType<typeof tenantClients>;
type ThreadRow = {
  id: number;
  companyId: number;
  projectId: number | null;
  project: { companyId: number | null; visibleToClient: boolean; status: string } | null;
};

/** The token's recipient as a writer of this thread today, or a refusal. */
async function writerOf(app: AppScope, scope: Scope, reply: InboundReply, thread: ThreadRow): Promise<Person> {
  const { recipient } = reply;
  if (recipient.kind === 'user') {
    const user = await scope.db.user.findUnique({
      where: { id: recipient.id },
      select: { id: true, firstName: true, lastName: true },
    });
    if (!user) throw new ReplyRefused(M.messages.emailReplyNoLongerTeam);
    return { kind: 'staff', userId: user.id, name: `${user.firstName} ${user.lastName}`.trim() };
  }
  const contact = await scope.db.contact.findUnique({
    where: { id: recipient.id },
    select: {
      id: true,
      firstName: true,
      lastName: true,
      portalAccess: true,
      companyId: true,
    },
  });
  // The thread's company must be one the contact signs in to today (their own or a ContactCompany row), live.
  const companies =
    contact?.portalAccess && contact.companyId !== null
      ? await portalCompaniesOf(app.database.db, scope.businessId, contact.id)
      : [];
  if (
    !contact ||
    !companies.some((c) => c.id === thread.companyId) ||
    !isClientVisible.messageThread(thread, thread.project, thread.companyId)
  )
    throw new ReplyRefused(M.messages.emailReplyNoAccess);
  return {
    kind: 'contact',
    contactId: contact.id,
    companyId: thread.companyId,
    name: `${contact.firstName} ${contact.lastName}`.trim(),
  };
}

/** Each attachment stored and recorded as a company file (shared with the client, as a sent attachment is). */
async function storeAttachments(
  app: AppScope,
  scope: Scope,
  companyId: number,
  person: Person,
  reply: InboundReply,
): Promise<{ id: number; storageKey: string }[]> {
  const stored: { id: number; storageKey: string }[] = [];
  const actor =
    person.kind === 'staff'
      ? staffActor({ id: person.userId, firstName: person.name, lastName: '' })
      : contactActor({ id: person.contactId, firstName: person.name, lastName: '' });
  try {
    if (reply.attachments.length > MESSAGE_ATTACHMENTS_MAX)
      throw new ReplyRefused(M.messages.tooManyAttachments(MESSAGE_ATTACHMENTS_MAX));
    for (const file of reply.attachments) {
      const storageKey = app.storage.newKey(scope.businessId);
      const { size } = await app.storage.writeStream(storageKey, Readable.from([file.content]), {
        maxBytes: app.env.MAX_UPLOAD_BYTES,
      });
      // The attachment is in memory already (the parsed e-mail): its hash is the version's checksum.
      const sha256 = createHash('sha256').update(file.content).digest('hex');
      const originalName = safeFileName(file.filename);
      const id = await scope.db
        .$transaction(async (tx) => {
          await assertStorageQuota(tx, scope.businessId, size, app.env);
          const row = await tx.document.create({
            data: {
              businessId: scope.businessId,
              companyId,
              name: originalName.slice(0, 255),
              type: 'other',
              url: '',
              size,
              storageKey,
              mimeType: safeMimeType(file.contentType),
              originalName,
              visibleInPortal: true,
              uploadedById: person.kind === 'staff' ? person.userId : null,
            },
            select: { id: true, name: true },
          });
          await tx.document.update({
            where: { id: row.id },
            data: { url: documentDownloadPath(row.id) },
            select: { id: true },
          });
          await recordFirstVersion(tx, scope.businessId, row.id, {
            sha256,
            uploadedByName: person.kind === 'staff' ? null : person.name,
          });
          await recordActivity(tx, scope.businessId, actor, {
            entityType: 'file',
            entityId: row.id,
            entityName: row.name,
            companyId,
            action: 'uploaded',
            changes: [],
            clientVisible: true,
          });
          return row.id;
        })
        .catch(async (error: unknown) => {
          await app.storage.remove(storageKey).catch(() => {});
          throw error;
        });
      stored.push({ id, storageKey });
    }
    return stored;
  } catch (error) {
    if (stored.length) await scope.db.document.deleteMany({ where: { id: { in: stored.map((s) => s.id) } } });
    await Promise.all(stored.map((s) => app.storage.remove(s.storageKey).catch(() => {})));
    log.warn({ err: error, businessId: scope.businessId }, 'inbound-mail: an attachment could not be stored');
    if (error instanceof TRPCError && error.code === 'PAYLOAD_TOO_LARGE') throw new ReplyRefused(error.message);
    throw error;
  }
}
