import {
  savedViewCreateInput,
  savedViewDeleteOutput,
  savedViewIdInput,
  savedViewListInput,
  savedViewListOutput,
  savedViewOutput,
  savedViewUpdateInput,
} from '../../shared/schemas/saved-views';
import { createSavedView, deleteSavedView, listSavedViews, updateSavedView } from '../domain/savedViews';
import { router, staffProcedure } from '../trpc';

/**
 * Saved views of the hub's lists (the toolbar's Views menu): any staff member saves their own and shares them with
 * the team; a team view is changed by its creator, an owner or an admin (server/domain/savedViews).
 */
export const savedViewsRouter = router({
  /** The caller's personal views of the list and the team's, by name. */
  list: staffProcedure
    .input(savedViewListInput)
    .output(savedViewListOutput)
    .query(({ ctx, input }) => listSavedViews(ctx, input)),

  /** Keeps only the query parameters the list reads; at most 50 views per user and list. */
  create: staffProcedure
    .input(savedViewCreateInput)
    .output(savedViewOutput)
    .mutation(({ ctx, input }) => createSavedView(ctx, input)),

  /** Rename, share or unshare. */
  update: staffProcedure
    .input(savedViewUpdateInput)
    .output(savedViewOutput)
    .mutation(({ ctx, input }) => updateSavedView(ctx, input)),

  delete: staffProcedure
    .input(savedViewIdInput)
    .output(savedViewDeleteOutput)
    .mutation(({ ctx, input }) => deleteSavedView(ctx, input)),
});
