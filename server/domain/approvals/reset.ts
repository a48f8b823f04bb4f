/**
 * A new version of a file resets the file's open approval requests (issue 31): the client was asked about bytes that
 * are no longer current. Open means pending, or decided "changes requested" — the agency's answer to requested
 * changes is the next version. Each open request becomes 'reset' with its steps still pending or waiting (decided
 * steps keep their decision, for the record), and the newest of them is asked again about the new version: a new
 * pending request with the same approvers, mode, message and due date (dropped when already past), mailed to the
 * first approvers as a request is. Run in the transaction that writes the new version, so the file never shows a new
 * version with an old question.
 */
import { recordActivity, type Actor } from '../../activity';
import { queueReminder } from './index';
import { mailApprovers } from './mail';
import { anyDb } from './read';

const OPEN = ['pending', 'changes_requested'];

export type ApprovalReset = { resetIds: number[]; reaskedId: number | null; companyId: number | null };

/** Resets the open approval requests of one file of the agency and asks the newest again about the new version. */
export async function resetOpenApprovals(
  transaction: object,
  input: {
    businessId: number;
    documentId: number;
    fileName: string;
    versionId: number;
    versionNumber: number;
    actor: Actor;
    publicUrl: string;
  },
): Promise<ApprovalReset> {
  const { businessId, documentId } = input;
  // The tenant-scoped client's transaction or the unscoped one's: both are a Db for what this reads and writes.
  const tx = anyDb(transaction);
  // A file has few requests at a time, read over the (businessId, documentId, status) index.
  const open = await tx.approvalRequest.findMany({
    where: { businessId, documentId, status: { in: OPEN } },
    select: {
      id: true,
      companyId: true,
      mode: true,
      message: true,
      dueAt: true,
      requestedById: true,
      requestedByName: true,
      steps: { select: { contactId: true }, orderBy: { position: 'asc' } },
    },
    orderBy: { id: 'desc' },
  });
  if (open.length === 0) return { resetIds: [], reaskedId: null, companyId: null };
  const resetIds = open.map((r) => r.id);
  await tx.approvalRequest.updateMany({
    where: { businessId, id: { in: resetIds }, status: { in: OPEN } },
    data: { status: 'reset' },
  });
  await tx.approvalStep.updateMany({
    where: { businessId, requestId: { in: resetIds }, status: { in: ['pending', 'waiting'] } },
    data: { status: 'reset' },
  });

  const newest = open[0];
  // Mode any has one step without a contact; the others name contacts, of whom a removed one left an empty step.
  const contactIds: (number | null)[] =
    newest.mode === 'any' ? [null] : newest.steps.flatMap((s) => (s.contactId === null ? [] : [s.contactId]));
  if (contactIds.length === 0) return { resetIds, reaskedId: null, companyId: newest.companyId };
  const dueAt = newest.dueAt && newest.dueAt.getTime() > Date.now() ? newest.dueAt : null;
  const request = await tx.approvalRequest.create({
    data: {
      businessId,
      documentId,
      versionId: input.versionId,
      companyId: newest.companyId,
      mode: newest.mode,
      message: newest.message,
      dueAt,
      status: 'pending',
      requestedById: newest.requestedById,
      requestedByName: newest.requestedByName,
    },
    select: { id: true, companyId: true, message: true, dueAt: true },
  });
  await tx.approvalStep.createMany({
    data: contactIds.map((contactId, position) => ({
      businessId,
      requestId: request.id,
      contactId,
      position,
      status: position === 0 ? 'pending' : 'waiting',
    })),
  });
  await recordActivity(tx, businessId, input.actor, {
    entityType: 'file',
    entityId: documentId,
    entityName: input.fileName,
    companyId: newest.companyId,
    action: 'approval_requested',
    changes: [
      { field: 'version', from: null, to: input.versionNumber },
      { field: 'approval', from: 'reset', to: 'pending', toId: request.id },
    ],
  });
  const business = await tx.business.findUnique({ where: { id: businessId }, select: { name: true, slug: true } });
  if (business)
    await mailApprovers(tx, {
      businessId,
      business,
      publicUrl: input.publicUrl,
      request,
      fileName: input.fileName,
      contactIds: newest.mode === 'any' ? null : [contactIds[0] as number],
      reason: 'request',
    });
  if (request.dueAt) await queueReminder(tx, businessId, request.id, request.dueAt);
  return { resetIds, reaskedId: request.id, companyId: newest.companyId };
}
