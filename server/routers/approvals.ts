/**
 * Approval requests (server/domain/approvals): staff ask a client to approve a shared file's current version and read
 * its requests (every staff member, as editing files); the portal's contacts read and decide theirs.
 */
import {
  approvalCreateInput,
  approvalDocumentInput,
  approvalIdInput,
  approvalOutput,
  approvalSummaryOutput,
  approvalTurnaroundInput,
  approvalTurnaroundOutput,
  documentApprovalsOutput,
  portalApprovalInput,
  portalApprovalOutput,
  portalDecideInput,
  portalReviewsInput,
  portalReviewsOutput,
} from '../../shared/schemas/approvals';
import { approvalSummary, cancelApproval, createApproval, documentApprovals, getApproval } from '../domain/approvals';
import { portalApproval, portalDecide, portalReviews } from '../domain/approvals/portal';
import { approvalTurnaround } from '../domain/approvals/turnaround';
import { portalProcedure, router, staffProcedure } from '../trpc';

export const approvalsRouter = router({
  forDocument: staffProcedure
    .input(approvalDocumentInput)
    .output(documentApprovalsOutput)
    .query(({ ctx, input }) => documentApprovals(ctx, input)),

  get: staffProcedure
    .input(approvalIdInput)
    .output(approvalOutput)
    .query(({ ctx, input }) => getApproval(ctx, input)),

  create: staffProcedure
    .input(approvalCreateInput)
    .output(approvalOutput)
    .mutation(({ ctx, input }) => createApproval(ctx, input)),

  cancel: staffProcedure
    .input(approvalIdInput)
    .output(approvalOutput)
    .mutation(({ ctx, input }) => cancelApproval(ctx, input)),

  /** The dashboard's card. */
  summary: staffProcedure.output(approvalSummaryOutput).query(({ ctx }) => approvalSummary(ctx)),

  /** The Reports page's "Approval turnaround". */
  turnaround: staffProcedure
    .input(approvalTurnaroundInput)
    .output(approvalTurnaroundOutput)
    .query(({ ctx, input }) => approvalTurnaround(ctx, input)),
});

export const portalApprovalsRouter = router({
  /** "Needs your review": what this contact may decide now. */
  reviews: portalProcedure
    .input(portalReviewsInput)
    .output(portalReviewsOutput)
    .query(({ ctx, input }) => portalReviews(ctx, input)),

  get: portalProcedure
    .input(portalApprovalInput)
    .output(portalApprovalOutput)
    .query(({ ctx, input }) => portalApproval(ctx, input)),

  decide: portalProcedure
    .input(portalDecideInput)
    .output(portalApprovalOutput)
    .mutation(({ ctx, input }) => portalDecide(ctx, input)),
});
