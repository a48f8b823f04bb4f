/**
 * Review comments and pins on a file's version (issue 31). Staff `reviewComments.*` and the portal's
 * `portalReviewComments.*` take and answer these; the portal's outputs carry no `internal` field (zod strips it).
 */
import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';
import { versionNumberSchema } from './document-versions';

export const REVIEW_COMMENT_MAX = 5_000;
/** At most this many comments (replies included) per version: the list answers them all, so it is bounded. */
export const REVIEW_COMMENTS_PER_VERSION_MAX = 500;

const C = M.reviewComments;

/** The text of a comment (markdown, shown safely by the client's Markdown): trimmed, not empty, at most 5,000. */
const reviewCommentBodySchema = z
  .string()
  .trim()
  .min(1, C.emptyBody)
  .max(REVIEW_COMMENT_MAX, C.tooLong(REVIEW_COMMENT_MAX));

const fraction = z.number({ error: C.pinOutside }).min(0, C.pinOutside).max(1, C.pinOutside);

/** A point on the file: x, y fractions of the image's (or the PDF page's) width and height; page: 1-based, PDFs only. */
export const pinInput = z.object({
  page: z.number().int().positive().max(100_000).nullish(),
  x: fraction,
  y: fraction,
});

/** A version of a file: the file's id and the version's number. */
export const reviewVersionInput = z.object({ id: idSchema, number: versionNumberSchema });

export const reviewCommentPostInput = reviewVersionInput.extend({
  body: reviewCommentBodySchema,
  /** A reply to this top-level comment (one level). */
  parentId: idSchema.nullish(),
  /** Staff only: a comment only staff see (its replies too). */
  internal: z.boolean().default(false),
  /** Top-level comments only. */
  pin: pinInput.nullish(),
});

export const reviewCommentIdInput = z.object({ commentId: idSchema });

/** A new text for one's own comment: the same rules as a new comment's (trimmed, not empty, at most 5,000). */
export const reviewCommentEditInput = reviewCommentIdInput.extend({ body: reviewCommentBodySchema });

/** What a delete answers: the comment and the replies removed with it. */
export const reviewCommentDeleteOutput = z.object({ deletedIds: z.array(z.number().int()) });

export const reviewCommentOutput = z.object({
  id: z.number().int(),
  versionNumber: z.number().int(),
  parentId: z.number().int().nullable(),
  author: z.object({ kind: z.enum(['staff', 'contact']), name: z.string() }),
  body: z.string(),
  internal: z.boolean(),
  /** A top-level comment's point on the file, with its number (1, 2, 3… per version). */
  pin: z
    .object({ number: z.number().int(), page: z.number().int().nullable(), x: z.number(), y: z.number() })
    .nullable(),
  resolvedAt: z.date().nullable(),
  resolvedByName: z.string().nullable(),
  editedAt: z.date().nullable(),
  createdAt: z.date(),
  /** The caller wrote it. */
  mine: z.boolean(),
});
export type ReviewCommentRow = z.output<typeof reviewCommentOutput>;

/** Every comment of a version, oldest first (replies after their comment's id; at most 500). */
export const reviewCommentListOutput = z.object({ items: z.array(reviewCommentOutput) });

// ---- Portal ----
const slug = z.string().trim().toLowerCase().min(1).max(100).optional();
export const portalReviewVersionInput = reviewVersionInput.extend({ slug });
export const portalReviewCommentPostInput = reviewCommentPostInput.omit({ internal: true }).extend({ slug });
export const portalReviewCommentIdInput = reviewCommentIdInput.extend({ slug });
export const portalReviewCommentEditInput = reviewCommentEditInput.extend({ slug });

export const portalReviewCommentOutput = reviewCommentOutput.omit({ internal: true });
export const portalReviewCommentListOutput = z.object({ items: z.array(portalReviewCommentOutput) });
