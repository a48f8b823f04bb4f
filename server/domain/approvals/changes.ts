import { APPROVALS_LIVE_TOPIC } from '../../../shared/live';
import type { Database } from '../../db';
import { liveHub } from '../../live/hub';
import { log } from '../../log';

/**
 * Publishes a committed approval change (a new request, a decision, a cancellation) to the open hub windows and the
 * company's portal windows, as ids only: each refetches what it shows through its usual queries. A failure here never
 * fails the write.
 */
export function announceApproval(
  app: { database: Database },
  change: { businessId: number; companyId: number; requestId: number; documentId: number; status: string },
): void {
  const { businessId, companyId, requestId, documentId, status } = change;
  liveHub(app.database)
    .publish({
      businessId,
      companyId,
      audience: 'all',
      topic: APPROVALS_LIVE_TOPIC,
      data: { requestId, documentId, status },
    })
    .catch((error: unknown) => log.warn({ err: error, requestId }, 'approvals: publishing a live update failed'));
}
