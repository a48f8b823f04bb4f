/** The activity log's read side (server/domain/activity): a company's tab, the dashboard card, the owner's log. */
import {
  activityForCompanyInput,
  activityListInput,
  activityPageOutput,
  activityRecentInput,
  activityRecentOutput,
} from '../../shared/schemas/activity';
import { activityForCompany, listActivity, recentActivity } from '../domain/activity';
import { permittedProcedure, router, staffProcedure } from '../trpc';

export const activityRouter = router({
  forCompany: staffProcedure
    .input(activityForCompanyInput)
    .output(activityPageOutput)
    .query(({ ctx, input }) => activityForCompany(ctx, input)),

  recent: staffProcedure
    .input(activityRecentInput)
    .output(activityRecentOutput)
    .query(({ ctx, input }) => recentActivity(ctx, input)),

  list: permittedProcedure('activity.viewAll')
    .input(activityListInput)
    .output(activityPageOutput)
    .query(({ ctx, input }) => listActivity(ctx, input)),
});
