import { z } from 'zod';
import { M } from '../messages';
import { SAVED_VIEW_LIMITS, SAVED_VIEW_LISTS } from '../saved-views';
import { idSchema } from './common';

const L = SAVED_VIEW_LIMITS;

const savedViewListSchema = z.enum(SAVED_VIEW_LISTS);

const savedViewNameSchema = z
  .string()
  .trim()
  .min(1, M.savedViews.nameRequired)
  .max(L.nameMax, M.savedViews.nameTooLong(L.nameMax));

/** The list's URL query as the address bar has it (a leading `?` is fine); the server keeps what the list reads. */
const querySchema = z.string().max(L.queryMax, M.savedViews.queryTooLong(L.queryMax));

export const savedViewListInput = z.object({ list: savedViewListSchema });

export const savedViewCreateInput = z.object({
  list: savedViewListSchema,
  name: savedViewNameSchema,
  query: querySchema,
  shared: z.boolean().default(false),
});

/** The dialog's fields (the list and the query come from the page). */
export const savedViewFormSchema = z.object({ name: savedViewNameSchema, shared: z.boolean() });
export type SavedViewForm = z.input<typeof savedViewFormSchema>;

/** Rename, share or unshare; a field left out stays as it is. */
export const savedViewUpdateInput = z.object({
  id: idSchema,
  name: savedViewNameSchema.optional(),
  shared: z.boolean().optional(),
});

export const savedViewIdInput = z.object({ id: idSchema });

export const savedViewOutput = z.object({
  id: z.number().int(),
  list: savedViewListSchema,
  name: z.string(),
  /** The list's URL query without `?`, only the parameters it reads. */
  query: z.string(),
  shared: z.boolean(),
  /** Saved by the caller. */
  mine: z.boolean(),
  creatorName: z.string(),
  /** The caller may rename, share or delete it (its creator; a team view also an owner or admin). */
  canEdit: z.boolean(),
  updatedAt: z.date(),
});
export type SavedView = z.infer<typeof savedViewOutput>;

export const savedViewListOutput = z.array(savedViewOutput);
export const savedViewDeleteOutput = z.object({ ok: z.literal(true) });
