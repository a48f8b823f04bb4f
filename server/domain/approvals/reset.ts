/**
 * A new version of a file resets the file's pending approval requests (issue 31): the client was asked about bytes
 * that are no longer current. Each pending request becomes 'reset', and so do its steps still pending or waiting
 * (decided steps keep their decision, for the record). Run in the transaction that writes the new version.
 */

/** What resetPendingApprovals needs of a transaction (the tenant-scoped client's or the unscoped one's). */
type ApprovalTx = {
  approvalRequest: {
    findMany(args: {
      where: { businessId: number; documentId: number; status: string };
      select: { id: true };
      orderBy: { id: 'asc' };
    }): PromiseLike<{ id: number }[]>;
    updateMany(args: {
      where: { businessId: number; id: { in: number[] }; status: string };
      data: { status: string };
    }): PromiseLike<unknown>;
  };
  approvalStep: {
    updateMany(args: {
      where: { businessId: number; requestId: { in: number[] }; status: { in: string[] } };
      data: { status: string };
    }): PromiseLike<unknown>;
  };
};

/**
 * Resets the pending approval requests of one file of the agency and their open steps; returns the ids of the
 * requests it reset (empty: there were none). A file has few requests at a time (one pending per version at most in
 * practice), read over the (businessId, documentId, status) index.
 */
export async function resetPendingApprovals(tx: ApprovalTx, businessId: number, documentId: number): Promise<number[]> {
  const pending = await tx.approvalRequest.findMany({
    where: { businessId, documentId, status: 'pending' },
    select: { id: true },
    orderBy: { id: 'asc' },
  });
  const ids = pending.map((r) => r.id);
  if (ids.length === 0) return [];
  await tx.approvalRequest.updateMany({
    where: { businessId, id: { in: ids }, status: 'pending' },
    data: { status: 'reset' },
  });
  await tx.approvalStep.updateMany({
    where: { businessId, requestId: { in: ids }, status: { in: ['pending', 'waiting'] } },
    data: { status: 'reset' },
  });
  return ids;
}
