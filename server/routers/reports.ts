import { reportsOverviewInput, reportsOverviewOutput } from '../../shared/schemas/reports';
import { reportsOverview } from '../domain/reports';
import { router, staffProcedure } from '../trpc';

export const reportsRouter = router({
  /** Every report of /hub/reports in one call (all staff): ten aggregate statements run side by side. */
  overview: staffProcedure
    .input(reportsOverviewInput)
    .output(reportsOverviewOutput)
    .query(({ ctx, input }) => reportsOverview(ctx, input)),
});
