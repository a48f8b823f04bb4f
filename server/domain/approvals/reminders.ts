/**
 * The reminder before a request's due date: a job of the queue ('approval_reminder', enqueued with the request, due
 * APPROVAL_REMINDER_BEFORE_MS before dueAt). It e-mails whoever may decide now (./mail.ts: portal access and e-mails
 * on) if the request is still pending, and sets remindedAt in the same transaction, conditionally on it being unset,
 * so a request is reminded at most once whatever the retries or runners.
 */
import type { JobHandler } from '../../jobs/queue';
import { mailApprovers } from './mail';
import { anyDb } from './read';

export const approvalReminderHandler: JobHandler = {
  transactional: true,
  async run(tx, job, deps) {
    const requestId = Number(job.payload.requestId);
    const request = await tx.approvalRequest.findFirst({
      where: { businessId: job.businessId, id: requestId },
      select: {
        id: true,
        companyId: true,
        message: true,
        dueAt: true,
        status: true,
        mode: true,
        document: { select: { name: true } },
        steps: { where: { status: 'pending' }, select: { contactId: true } },
      },
    });
    if (request?.status !== 'pending' || !request.dueAt || request.steps.length === 0) return;
    const { count } = await tx.approvalRequest.updateMany({
      where: { businessId: job.businessId, id: requestId, remindedAt: null, status: 'pending' },
      data: { remindedAt: new Date() },
    });
    if (count === 0) return;
    const business = await tx.business.findUniqueOrThrow({
      where: { id: job.businessId },
      select: { name: true, slug: true },
    });
    const anyone = request.mode === 'any';
    await mailApprovers(anyDb(tx), {
      businessId: job.businessId,
      business,
      publicUrl: deps.env.publicUrl,
      request,
      fileName: request.document.name,
      contactIds: anyone ? null : request.steps.flatMap((s) => (s.contactId === null ? [] : [s.contactId])),
      reason: 'reminder',
    });
  },
};
