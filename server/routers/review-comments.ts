/**
 * Review comments and pins on a file's version (server/domain/review-comments): staff read and write every comment
 * (internal ones too); the portal's contacts those of the versions the portal shows them, never an internal one.
 */
import {
  portalReviewCommentEditInput,
  portalReviewCommentIdInput,
  portalReviewCommentListOutput,
  portalReviewCommentOutput,
  portalReviewCommentPostInput,
  portalReviewVersionInput,
  reviewCommentDeleteOutput,
  reviewCommentEditInput,
  reviewCommentIdInput,
  reviewCommentListOutput,
  reviewCommentOutput,
  reviewCommentPostInput,
  reviewVersionInput,
} from '../../shared/schemas/review-comments';
import { checkSlug } from '../domain/portal';
import {
  deleteReviewComment,
  editReviewComment,
  listReviewComments,
  portalDeleteReviewComment,
  portalEditReviewComment,
  portalListReviewComments,
  portalPostReviewComment,
  portalReopenReviewComment,
  portalResolveReviewComment,
  postReviewComment,
  reopenReviewComment,
  resolveReviewComment,
} from '../domain/review-comments';
import { portalProcedure, router, staffProcedure } from '../trpc';

export const reviewCommentsRouter = router({
  list: staffProcedure
    .input(reviewVersionInput)
    .output(reviewCommentListOutput)
    .query(({ ctx, input }) => listReviewComments(ctx, input)),

  post: staffProcedure
    .input(reviewCommentPostInput)
    .output(reviewCommentOutput)
    .mutation(({ ctx, input }) => postReviewComment(ctx, input)),

  resolve: staffProcedure
    .input(reviewCommentIdInput)
    .output(reviewCommentOutput)
    .mutation(({ ctx, input }) => resolveReviewComment(ctx, input)),

  reopen: staffProcedure
    .input(reviewCommentIdInput)
    .output(reviewCommentOutput)
    .mutation(({ ctx, input }) => reopenReviewComment(ctx, input)),

  edit: staffProcedure
    .input(reviewCommentEditInput)
    .output(reviewCommentOutput)
    .mutation(({ ctx, input }) => editReviewComment(ctx, input)),

  delete: staffProcedure
    .input(reviewCommentIdInput)
    .output(reviewCommentDeleteOutput)
    .mutation(({ ctx, input }) => deleteReviewComment(ctx, input)),
});

export const portalReviewCommentsRouter = router({
  list: portalProcedure
    .input(portalReviewVersionInput)
    .output(portalReviewCommentListOutput)
    .query(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalListReviewComments(ctx, input);
    }),

  post: portalProcedure
    .input(portalReviewCommentPostInput)
    .output(portalReviewCommentOutput)
    .mutation(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalPostReviewComment(ctx, input);
    }),

  resolve: portalProcedure
    .input(portalReviewCommentIdInput)
    .output(portalReviewCommentOutput)
    .mutation(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalResolveReviewComment(ctx, input);
    }),

  reopen: portalProcedure
    .input(portalReviewCommentIdInput)
    .output(portalReviewCommentOutput)
    .mutation(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalReopenReviewComment(ctx, input);
    }),

  edit: portalProcedure
    .input(portalReviewCommentEditInput)
    .output(portalReviewCommentOutput)
    .mutation(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalEditReviewComment(ctx, input);
    }),

  delete: portalProcedure
    .input(portalReviewCommentIdInput)
    .output(reviewCommentDeleteOutput)
    .mutation(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalDeleteReviewComment(ctx, input);
    }),
});
