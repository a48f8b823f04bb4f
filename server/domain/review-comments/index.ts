/**
 * Review comments and pins (issue 31): staff and a file's client comment on one of its versions.
 *
 * - A comment is top-level or a reply to a top-level comment of the same version (one level).
 * - A top-level comment may be pinned to a point of the file: x, y fractions (0..1) of an image, or of a PDF's page
 *   (1-based, within the version's page count when the preview job has read it). Pins are numbered 1, 2, 3… per
 *   version; the version's row is written first in the transaction, so two comments at once never share a number.
 * - Staff may mark a comment internal: only staff ever see it or its replies (a reply to one is internal too). Every
 *   portal read goes through clientVisible.documentVersion / .reviewComment (server/portal/visibility.ts).
 * - Resolve and reopen: staff, and a client on what they see.
 * - Edit: the comment's author only (the same text rules as a new one; editedAt is set). Delete: the author, or any
 *   staff member; a client only their own (never an internal one: they never see it). Deleting a top-level comment
 *   deletes its replies with it (deletedAt: the rows stay for the count bound; no read shows them again).
 * - A client reaches only versions of their company's files the portal shows them (the current version, or an older
 *   one shared explicitly): anything else, another agency's included, answers NOT_FOUND.
 * - Posting is throttled per person as messages are; a version holds at most REVIEW_COMMENTS_PER_VERSION_MAX comments.
 * - Every change is announced on the live channel after its commit (ids only; an internal one to staff only); a
 *   client's comment writes a file activity entry ('commented'), which rings the staff's bell (server/notifications).
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { REVIEW_COMMENTS_LIVE_TOPIC } from '../../../shared/live';
import { M } from '../../../shared/messages';
import {
  REVIEW_COMMENTS_PER_VERSION_MAX,
  type pinInput,
  type ReviewCommentRow,
  type reviewCommentEditInput,
  type reviewCommentPostInput,
  type reviewVersionInput,
} from '../../../shared/schemas/review-comments';
import { recordActivity, type Actor } from '../../activity';
import type { Database } from '../../db';
import { fieldError } from '../../errors';
import { liveHub } from '../../live/hub';
import { defineLiveTopic } from '../../live/topics';
import { log } from '../../log';
import { clientVisible } from '../../portal/visibility';
import { sql, TENANT, toBool, toDate, toDateOrNull, toInt, toIntOrNull, toText, type Row } from '../../sql';
import { tooMany, type RequestScope } from '../auth/rules';
import type { PortalScope, StaffScope } from '../context';

const C = M.reviewComments;

/** Who reads or writes: a staff user, or a client contact of `companyId`. */
type Person =
  | { kind: 'staff'; userId: number; name: string }
  | { kind: 'contact'; contactId: number; companyId: number; name: string };

type Staff = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user' | 'app'> & Pick<RequestScope, 'res'>;
type Client = Pick<PortalScope, 'db' | 'sql' | 'businessId' | 'companyId' | 'portalSession' | 'app'> &
  Pick<RequestScope, 'res'>;
type Scope = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'app'> & Pick<RequestScope, 'res'>;

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
const staffPerson = (scope: Pick<Staff, 'user'>): Person => ({
  kind: 'staff',
  userId: scope.user.id,
  name: fullName(scope.user),
});
const clientPerson = (scope: Pick<Client, 'portalSession' | 'companyId'>): Person => ({
  kind: 'contact',
  contactId: scope.portalSession.contact.id,
  companyId: scope.companyId,
  name: fullName(scope.portalSession.contact),
});
const actorOf = (person: Person): Actor =>
  person.kind === 'staff'
    ? { type: 'staff', userId: person.userId, name: person.name }
    : { type: 'contact', contactId: person.contactId, name: person.name };

const notFound = (message: string = C.notFound): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message });
};

// Belt and braces: an internal comment's change is published to staff windows only; were one ever published to
// 'all', a portal window still drops it.
defineLiveTopic(REVIEW_COMMENTS_LIVE_TOPIC, {
  clientVisible: (event) => (event.data as { internal?: boolean } | null)?.internal !== true,
});

/** Publishes a committed comment change to the open windows (ids only); a failure never fails the write. */
function announce(
  app: { database: Database },
  change: { businessId: number; companyId: number | null; documentId: number; number: number; commentId: number },
  internal: boolean,
) {
  const { businessId, companyId, documentId, number, commentId } = change;
  liveHub(app.database)
    .publish({
      businessId,
      companyId,
      audience: internal || companyId === null ? 'staff' : 'all',
      topic: REVIEW_COMMENTS_LIVE_TOPIC,
      data: { documentId, number, commentId, internal },
    })
    .catch((error: unknown) => log.warn({ err: error, commentId }, 'review comments: publishing a live update failed'));
}

type VersionRecord = {
  versionId: number;
  documentId: number;
  number: number;
  name: string;
  companyId: number | null;
  mimeType: string | null;
  pageCount: number | null;
};

/** The version the person may comment on, or NOT_FOUND (a client: only what the portal's version rule shows). */
async function versionFor(scope: Pick<Scope, 'sql'>, person: Person, documentId: number, number: number) {
  const clientOnly =
    person.kind === 'contact' ? sql` AND ${clientVisible.documentVersion(sql`v`, sql`d`, person.companyId)}` : sql``;
  const row = await scope.sql.get(sql`
    SELECT v."id", v."mimeType", v."pageCount", d."name", d."companyId" FROM "DocumentVersion" v
    JOIN "Document" d ON d."businessId" = v."businessId" AND d."id" = v."documentId"
    WHERE v."businessId" = ${TENANT} AND v."documentId" = ${documentId} AND v."number" = ${number}${clientOnly}`);
  if (!row) return notFound(C.versionNotFound);
  return {
    versionId: toInt(row.id),
    documentId,
    number,
    name: String(row.name),
    companyId: toIntOrNull(row.companyId),
    mimeType: toText(row.mimeType),
    pageCount: toIntOrNull(row.pageCount),
  } satisfies VersionRecord;
}

const commentColumns = sql`c."id", c."parentId", c."authorKind", c."authorUserId", c."authorContactId", c."authorName",
  c."body", c."internal", c."pinPage", c."pinX", c."pinY", c."pinNumber", c."resolvedAt", c."resolvedByName", c."editedAt", c."createdAt"`;

function commentFromRow(r: Row, number: number, person: Person): ReviewCommentRow {
  const kind = String(r.authorKind) === 'contact' ? 'contact' : 'staff';
  const mine =
    person.kind === 'staff'
      ? kind === 'staff' && toIntOrNull(r.authorUserId) === person.userId
      : kind === 'contact' && toIntOrNull(r.authorContactId) === person.contactId;
  return {
    id: toInt(r.id),
    versionNumber: number,
    parentId: toIntOrNull(r.parentId),
    author: { kind, name: String(r.authorName) },
    body: String(r.body),
    internal: toBool(r.internal),
    pin:
      r.pinNumber == null
        ? null
        : { number: toInt(r.pinNumber), page: toIntOrNull(r.pinPage), x: Number(r.pinX), y: Number(r.pinY) },
    resolvedAt: toDateOrNull(r.resolvedAt),
    resolvedByName: toText(r.resolvedByName),
    editedAt: toDateOrNull(r.editedAt),
    createdAt: toDate(r.createdAt),
    mine,
  };
}

/** Every comment of the version the person sees, oldest first: one range of (businessId, versionId, id). */
async function listFor(scope: Pick<Scope, 'sql'>, person: Person, input: z.output<typeof reviewVersionInput>) {
  const version = await versionFor(scope, person, input.id, input.number);
  const clientOnly = person.kind === 'contact' ? sql` AND ${clientVisible.reviewComment(sql`c`)}` : sql``;
  const rows = await scope.sql.all(sql`
    SELECT ${commentColumns} FROM "ReviewComment" c
    WHERE c."businessId" = ${TENANT} AND c."versionId" = ${version.versionId} AND c."deletedAt" IS NULL${clientOnly}
    ORDER BY c."id" LIMIT ${REVIEW_COMMENTS_PER_VERSION_MAX}`);
  return { items: rows.map((r) => commentFromRow(r, input.number, person)) };
}

/** The pin's refusal on this version (or nothing): images take no page, PDFs a page within their page count. */
function checkPin(version: VersionRecord, pin: z.output<typeof pinInput>) {
  const pdf = version.mimeType === 'application/pdf';
  const image = version.mimeType?.startsWith('image/') ?? false;
  if (!pdf && !image) fieldError('pin', C.pinNotPreviewable);
  if (image && pin.page != null) fieldError('pin.page', C.pinNoPage);
  if (pdf && (pin.page == null || (version.pageCount !== null && pin.page > version.pageCount)))
    fieldError('pin.page', C.pinPageOutside(version.pageCount));
}

/** Reads one comment with its version's file, for a write; NOT_FOUND when the person may not see it. */
async function commentFor(scope: Pick<Scope, 'sql'>, person: Person, commentId: number) {
  const clientOnly =
    person.kind === 'contact'
      ? sql` AND ${clientVisible.reviewComment(sql`c`)} AND ${clientVisible.documentVersion(sql`v`, sql`d`, person.companyId)}`
      : sql``;
  const row = await scope.sql.get(sql`
    SELECT c."id", c."internal", c."parentId", c."authorKind", c."authorUserId", c."authorContactId", v."number",
      d."id" AS "documentId", d."companyId" FROM "ReviewComment" c
    JOIN "DocumentVersion" v ON v."businessId" = c."businessId" AND v."id" = c."versionId"
    JOIN "Document" d ON d."businessId" = c."businessId" AND d."id" = c."documentId"
    WHERE c."businessId" = ${TENANT} AND c."id" = ${commentId} AND c."deletedAt" IS NULL${clientOnly}`);
  return row ?? notFound();
}

async function post(scope: Scope, person: Person, input: z.output<typeof reviewCommentPostInput>) {
  const personKey = person.kind === 'staff' ? `user:${person.userId}` : `contact:${person.contactId}`;
  const version = await versionFor(scope, person, input.id, input.number);
  const pin = input.pin ?? null;
  if (pin && input.parentId != null) fieldError('pin', C.pinOnReply);
  if (pin) checkPin(version, pin);
  const wait = await scope.app.throttle.beginMessage(`${scope.businessId}:review:${personKey}`);
  if (wait > 0) tooMany(scope, wait, C.throttled);
  let internal = person.kind === 'staff' && input.internal;
  const commentId = await scope.db.$transaction(async (tx) => {
    // Written first: comments on one version are numbered one at a time (a row lock on PostgreSQL).
    await tx.documentVersion.updateMany({ where: { id: version.versionId }, data: { number: version.number } });
    if (input.parentId != null) {
      const parent = await tx.reviewComment.findUnique({
        where: { id: input.parentId },
        select: { versionId: true, parentId: true, internal: true, deletedAt: true },
      });
      if (!parent || parent.versionId !== version.versionId || parent.deletedAt !== null) return notFound();
      if (person.kind === 'contact' && parent.internal) return notFound();
      if (parent.parentId !== null) fieldError('parentId', C.replyToReply);
      // A reply to an internal comment is internal too: the client never sees the thread.
      internal ||= parent.internal;
    }
    const count = await tx.reviewComment.count({ where: { versionId: version.versionId } });
    if (count >= REVIEW_COMMENTS_PER_VERSION_MAX)
      throw new TRPCError({ code: 'BAD_REQUEST', message: C.tooMany(REVIEW_COMMENTS_PER_VERSION_MAX) });
    const pinNumber = pin
      ? // Internal pins count apart: a client's numbers have no gaps that would tell of a pin they cannot see.
        ((
          await tx.reviewComment.aggregate({
            where: { versionId: version.versionId, internal },
            _max: { pinNumber: true },
          })
        )._max.pinNumber ?? 0) + 1
      : null;
    const comment = await tx.reviewComment.create({
      data: {
        businessId: scope.businessId,
        documentId: version.documentId,
        versionId: version.versionId,
        parentId: input.parentId ?? null,
        authorKind: person.kind,
        authorUserId: person.kind === 'staff' ? person.userId : null,
        authorContactId: person.kind === 'contact' ? person.contactId : null,
        authorName: person.name,
        body: input.body,
        internal,
        pinPage: pin?.page ?? null,
        pinX: pin?.x ?? null,
        pinY: pin?.y ?? null,
        pinNumber,
      },
      select: { id: true },
    });
    // Staff's own log; a client's comment rings the staff's bell (server/notifications). Never the text.
    await recordActivity(tx, scope.businessId, actorOf(person), {
      entityType: 'file',
      entityId: version.documentId,
      entityName: version.name,
      companyId: version.companyId,
      action: 'commented',
      changes: [{ field: 'version', from: null, to: version.number }],
      clientVisible: false,
    });
    return comment.id;
  });
  announce(scope.app, { ...version, businessId: scope.businessId, commentId }, internal);
  const list = await listFor(scope, person, input);
  return list.items.find((c) => c.id === commentId) ?? notFound();
}

async function setResolved(scope: Scope, person: Person, commentId: number, resolved: boolean) {
  const found = await commentFor(scope, person, commentId);
  await scope.db.reviewComment.updateMany({
    where: { id: commentId },
    data: resolved
      ? { resolvedAt: new Date(), resolvedByName: person.name }
      : { resolvedAt: null, resolvedByName: null },
  });
  const number = toInt(found.number);
  const documentId = toInt(found.documentId);
  const internal = toBool(found.internal);
  announce(
    scope.app,
    { businessId: scope.businessId, companyId: toIntOrNull(found.companyId), documentId, number, commentId },
    internal,
  );
  const list = await listFor(scope, person, { id: documentId, number });
  return list.items.find((c) => c.id === commentId) ?? notFound();
}

/** Whether the person wrote the comment row (read by commentFor). */
const wrote = (person: Person, r: Row) =>
  person.kind === 'staff'
    ? String(r.authorKind) === 'staff' && toIntOrNull(r.authorUserId) === person.userId
    : String(r.authorKind) === 'contact' && toIntOrNull(r.authorContactId) === person.contactId;

const forbidden = (message: string): never => {
  throw new TRPCError({ code: 'FORBIDDEN', message });
};

async function edit(scope: Scope, person: Person, input: z.output<typeof reviewCommentEditInput>) {
  const found = await commentFor(scope, person, input.commentId);
  if (!wrote(person, found)) forbidden(C.notAuthorEdit);
  const changed = await scope.db.reviewComment.updateMany({
    where: { id: input.commentId, deletedAt: null },
    data: { body: input.body, editedAt: new Date() },
  });
  if (changed.count === 0) notFound();
  const number = toInt(found.number);
  const documentId = toInt(found.documentId);
  announce(
    scope.app,
    {
      businessId: scope.businessId,
      companyId: toIntOrNull(found.companyId),
      documentId,
      number,
      commentId: input.commentId,
    },
    toBool(found.internal),
  );
  const list = await listFor(scope, person, { id: documentId, number });
  return list.items.find((c) => c.id === input.commentId) ?? notFound();
}

async function remove(scope: Scope, person: Person, commentId: number) {
  const found = await commentFor(scope, person, commentId);
  if (person.kind === 'contact' && !wrote(person, found)) forbidden(C.notAuthorDelete);
  const now = new Date();
  const deletedIds = await scope.db.$transaction(async (tx) => {
    // A top-level comment takes its replies with it (a reply has none).
    const replies =
      found.parentId == null
        ? await tx.reviewComment.findMany({
            where: { parentId: commentId, deletedAt: null },
            select: { id: true },
            orderBy: { id: 'asc' },
          })
        : [];
    const ids = [commentId, ...replies.map((r) => r.id)];
    const changed = await tx.reviewComment.updateMany({
      where: { id: { in: ids }, deletedAt: null },
      data: { deletedAt: now },
    });
    if (changed.count === 0) notFound();
    return ids;
  });
  announce(
    scope.app,
    {
      businessId: scope.businessId,
      companyId: toIntOrNull(found.companyId),
      documentId: toInt(found.documentId),
      number: toInt(found.number),
      commentId,
    },
    toBool(found.internal),
  );
  return { deletedIds };
}

// ---- Staff ----
export const listReviewComments = (scope: Staff, input: z.output<typeof reviewVersionInput>) =>
  listFor(scope, staffPerson(scope), input);
export const postReviewComment = (scope: Staff, input: z.output<typeof reviewCommentPostInput>) =>
  post(scope, staffPerson(scope), input);
export const resolveReviewComment = (scope: Staff, input: { commentId: number }) =>
  setResolved(scope, staffPerson(scope), input.commentId, true);
export const reopenReviewComment = (scope: Staff, input: { commentId: number }) =>
  setResolved(scope, staffPerson(scope), input.commentId, false);
export const editReviewComment = (scope: Staff, input: z.output<typeof reviewCommentEditInput>) =>
  edit(scope, staffPerson(scope), input);
/** Any staff member deletes any comment of the agency's files (their own or not, internal or not). */
export const deleteReviewComment = (scope: Staff, input: { commentId: number }) =>
  remove(scope, staffPerson(scope), input.commentId);

// ---- Portal (never an internal comment; the output schema has no `internal` either) ----
export const portalListReviewComments = (scope: Client, input: z.output<typeof reviewVersionInput>) =>
  listFor(scope, clientPerson(scope), input);
export const portalPostReviewComment = (
  scope: Client,
  input: Omit<z.output<typeof reviewCommentPostInput>, 'internal'>,
) => post(scope, clientPerson(scope), { ...input, internal: false });
export const portalResolveReviewComment = (scope: Client, input: { commentId: number }) =>
  setResolved(scope, clientPerson(scope), input.commentId, true);
export const portalReopenReviewComment = (scope: Client, input: { commentId: number }) =>
  setResolved(scope, clientPerson(scope), input.commentId, false);
export const portalEditReviewComment = (scope: Client, input: z.output<typeof reviewCommentEditInput>) =>
  edit(scope, clientPerson(scope), input);
/** A client deletes only a comment they wrote (a public one: they never see another). */
export const portalDeleteReviewComment = (scope: Client, input: { commentId: number }) =>
  remove(scope, clientPerson(scope), input.commentId);
