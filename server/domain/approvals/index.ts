/**
 * Approval requests (issue 31): staff ask a client company to approve the current version of a file it can see in
 * its portal — one contact (mode one), any contact with portal access (any), or several contacts in order
 * (sequence: later steps wait until the one before has approved) — with an optional due date and message.
 *
 * - One pending request per file at a time; staff cancel it to send another.
 * - Only a file the client sees (server/portal/visibility.ts: of the company, shared, its project shown) is sent.
 * - The approvers are e-mailed (./mail.ts) and, when a due date is given, reminded once a day before it
 *   (./reminders.ts); a decision (./portal.ts) notifies staff through the activity log's fan-out.
 * - Every write publishes its change to open windows after its commit (./changes.ts).
 * The portal's side is ./portal.ts; the certificate ./certificate.ts; the turnaround report ./turnaround.ts.
 */
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import {
  APPROVAL_HISTORY_MAX,
  APPROVAL_REMINDER_BEFORE_MS,
  type approvalCreateInput,
  type approvalDocumentInput,
  type approvalIdInput,
} from '../../../shared/schemas/approvals';
import { recordActivity, staffActor } from '../../activity';
import { fieldError } from '../../errors';
import { enqueueJob } from '../../jobs/queue';
import { isClientVisible } from '../../portal/visibility';
import { sql, TENANT, toInt } from '../../sql';
import type { StaffScope } from '../context';
import { announceApproval } from './changes';
import { mailApprovers } from './mail';
import { anyDb, fullName, readRequest, requestSelect, staffView } from './read';
import { currentVersion, hashStoredFile } from './versions';

const A = M.approvals;
type Staff = Pick<StaffScope, 'db' | 'sql' | 'businessId' | 'user' | 'session' | 'app'>;

export const approvalNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: A.notFound });
};
const documentNotFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.documents.notFound });
};
const badRequest = (message: string): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message });
};

const fileSelect = {
  id: true,
  name: true,
  companyId: true,
  visibleInPortal: true,
  storageKey: true,
  version: true,
  project: { select: { companyId: true, visibleToClient: true, status: true } },
} as const;

/** Whether the file's company sees it in the portal (the one rule, server/portal/visibility.ts). */
const sharedWithClient = (file: {
  companyId: number | null;
  visibleInPortal: boolean;
  project: { companyId: number | null; visibleToClient: boolean; status: string } | null;
}) => file.companyId !== null && isClientVisible.document(file, file.project, file.companyId);

/** The SHA-256 a stored file's current version still lacks, read before the transaction (null for a link). */
async function missingHash(scope: Staff, documentId: number, storageKey: string | null, number: number) {
  if (!storageKey) return null;
  const version = await scope.db.documentVersion.findFirst({
    where: { documentId, number },
    select: { sha256: true },
  });
  return version?.sha256 ? null : hashStoredFile(scope.app.storage, storageKey);
}

/** Asks for approval of a shared file's current version. */
export async function createApproval(scope: Staff, input: z.output<typeof approvalCreateInput>) {
  const file =
    (await scope.db.document.findUnique({ where: { id: input.documentId }, select: fileSelect })) ?? documentNotFound();
  if (file.companyId === null) badRequest(A.noCompany);
  if (!sharedWithClient(file)) badRequest(A.shareFirst);
  const companyId = file.companyId as number;
  if (input.dueAt && input.dueAt.getTime() <= Date.now()) fieldError('dueAt', A.dueInPast);
  // Every approver a contact of the file's company (another company's or agency's contact looks like a missing one)
  // with portal access; mode any needs at least one such contact.
  if (input.contactIds.length) {
    const contacts = await scope.db.contact.findMany({
      where: { id: { in: input.contactIds } },
      select: { id: true, companyId: true, portalAccess: true, firstName: true, lastName: true },
    });
    if (contacts.length !== input.contactIds.length)
      throw new TRPCError({ code: 'NOT_FOUND', message: M.contacts.notFound });
    if (contacts.some((c) => c.companyId !== companyId)) fieldError('contactIds', A.contactNotOfCompany);
    const blocked = contacts.find((c) => !c.portalAccess);
    if (blocked) fieldError('contactIds', A.contactNoAccess(fullName(blocked)));
  } else if ((await scope.db.contact.count({ where: { companyId, portalAccess: true } })) === 0) {
    fieldError('contactIds', A.noContactsWithAccess);
  }
  const sha256 = await missingHash(scope, file.id, file.storageKey, file.version);
  const business = scope.session.business;
  const id = await scope.db.$transaction(async (tx) => {
    if (await tx.approvalRequest.findFirst({ where: { documentId: file.id, status: 'pending' }, select: { id: true } }))
      badRequest(A.alreadyPending);
    const version = (await currentVersion(anyDb(tx), scope.businessId, file.id, sha256)) ?? documentNotFound();
    const request = await tx.approvalRequest.create({
      data: {
        businessId: scope.businessId,
        documentId: file.id,
        versionId: version.id,
        companyId,
        mode: input.mode,
        message: input.message ?? null,
        dueAt: input.dueAt ?? null,
        status: 'pending',
        requestedById: scope.user.id,
        requestedByName: fullName(scope.user),
      },
      select: { id: true, companyId: true, message: true, dueAt: true },
    });
    const contactIds: (number | null)[] = input.mode === 'any' ? [null] : input.contactIds;
    await tx.approvalStep.createMany({
      data: contactIds.map((contactId, position) => ({
        businessId: scope.businessId,
        requestId: request.id,
        contactId,
        position,
        status: position === 0 ? 'pending' : 'waiting',
      })),
    });
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'file',
      entityId: file.id,
      entityName: file.name,
      companyId,
      action: 'approval_requested',
      changes: [{ field: 'approval', from: null, to: 'pending', toId: request.id }],
    });
    await mailApprovers(anyDb(tx), {
      businessId: scope.businessId,
      business,
      publicUrl: scope.app.env.publicUrl,
      request,
      fileName: file.name,
      contactIds: input.mode === 'any' ? null : [input.contactIds[0]],
      reason: 'request',
    });
    if (request.dueAt) await queueReminder(tx, scope.businessId, request.id, request.dueAt);
    return request.id;
  });
  announceApproval(scope.app, {
    businessId: scope.businessId,
    companyId,
    requestId: id,
    documentId: file.id,
    status: 'pending',
  });
  return getApproval(scope, { id });
}

/**
 * The reminder's job: due a day before the due date (at once when that is already past), once per request. Also
 * queued by an import for a pending request (server/data/import-commit.ts).
 */
export function queueReminder(
  tx: Parameters<typeof enqueueJob>[0],
  businessId: number,
  requestId: number,
  dueAt: Date,
) {
  return enqueueJob(tx, {
    businessId,
    kind: 'approval_reminder',
    payload: { requestId },
    dedupeKey: `approval-reminder:${requestId}`,
    runAt: new Date(Math.max(Date.now(), dueAt.getTime() - APPROVAL_REMINDER_BEFORE_MS)),
  });
}

export async function getApproval(scope: Pick<Staff, 'db' | 'businessId'>, input: z.output<typeof approvalIdInput>) {
  const request = (await readRequest(anyDb(scope.db), scope.businessId, input.id)) ?? approvalNotFound();
  return staffView(request);
}

/** A file's approvals: its current version, whether the client sees it, and its newest requests. */
export async function documentApprovals(
  scope: Pick<Staff, 'db' | 'businessId'>,
  input: z.output<typeof approvalDocumentInput>,
) {
  const file =
    (await scope.db.document.findUnique({ where: { id: input.documentId }, select: fileSelect })) ?? documentNotFound();
  const requests = await scope.db.approvalRequest.findMany({
    where: { documentId: file.id },
    orderBy: { id: 'desc' },
    take: APPROVAL_HISTORY_MAX,
    select: requestSelect,
  });
  const now = new Date();
  return {
    documentId: file.id,
    versionNumber: file.version,
    sharedWithClient: sharedWithClient(file),
    requests: requests.map((r) => staffView(r, now)),
  };
}

/** Cancels a pending request: its open steps stay as they were, the request is closed. */
export async function cancelApproval(scope: Staff, input: z.output<typeof approvalIdInput>) {
  const request = await scope.db.$transaction(async (tx) => {
    const found = (await readRequest(anyDb(tx), scope.businessId, input.id)) ?? approvalNotFound();
    const { count } = await tx.approvalRequest.updateMany({
      where: { id: found.id, status: 'pending' },
      data: { status: 'cancelled', decidedAt: new Date() },
    });
    if (count === 0) badRequest(A.onlyPendingCancel);
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'file',
      entityId: found.documentId,
      entityName: found.document.name,
      companyId: found.companyId,
      action: 'approval_cancelled',
      changes: [{ field: 'approval', from: 'pending', to: 'cancelled', toId: found.id }],
    });
    return found;
  });
  announceApproval(scope.app, {
    businessId: scope.businessId,
    companyId: request.companyId,
    requestId: request.id,
    documentId: request.documentId,
    status: 'cancelled',
  });
  return getApproval(scope, input);
}

/** The dashboard's card: pending requests and the overdue among them, one statement over (businessId, status, dueAt). */
export async function approvalSummary(scope: Pick<Staff, 'sql'>) {
  const row = await scope.sql.get(sql`
    SELECT COUNT(*) AS "pending", COUNT(CASE WHEN r."dueAt" < ${new Date()} THEN 1 END) AS "overdue"
    FROM "ApprovalRequest" r WHERE r."businessId" = ${TENANT} AND r."status" = 'pending'`);
  return { pending: toInt(row?.pending ?? 0), overdue: toInt(row?.overdue ?? 0) };
}
