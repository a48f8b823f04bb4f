import { dashboardOverviewOutput, dashboardStatsOutput } from '../../shared/schemas/dashboard';
import { dashboardOverview, dashboardStats } from '../domain/dashboard';
import { router, staffProcedure } from '../trpc';

/** The hub dashboard (/hub): counts and short newest-first lists (server/domain/dashboard). */
export const dashboardRouter = router({
  stats: staffProcedure.output(dashboardStatsOutput).query(({ ctx }) => dashboardStats(ctx)),
  overview: staffProcedure.output(dashboardOverviewOutput).query(({ ctx }) => dashboardOverview(ctx)),
});
