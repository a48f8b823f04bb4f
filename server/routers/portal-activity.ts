/** The portal's Activity list (server/domain/portal-activity): the client's feed, not the audit log. */
import { portalActivityListInput, portalActivityPageOutput } from '../../shared/schemas/activity';
import { portalActivityPage } from '../domain/portal-activity';
import { portalProcedure, router } from '../trpc';

export const portalActivityRouter = router({
  list: portalProcedure
    .input(portalActivityListInput)
    .output(portalActivityPageOutput)
    .query(({ ctx, input }) => portalActivityPage(ctx, input)),
});
