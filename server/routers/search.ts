import { searchQueryInput, searchQueryOutput } from '../../shared/schemas/search';
import { searchQuery } from '../domain/search';
import { router, staffProcedure } from '../trpc';

export const searchRouter = router({
  /** GET /api/search?q= : the agency's records whose words start with every word of q, a few of each kind. */
  query: staffProcedure
    .input(searchQueryInput)
    .output(searchQueryOutput)
    .query(({ ctx, input }) => searchQuery(ctx, input)),
});
