/**
 * The portal's Activity list: what the agency shared with the client's company and what its contacts did in the
 * portal. Only entries of the session's company marked clientVisible, never staff-internal ones; newest first over
 * the (businessId, companyId, createdAt) index. Staff ids and hub links are not part of the answer.
 */
import { portalActivityListInput, portalActivityPageOutput } from '../../shared/schemas/activity';
import { sql, toInt } from '../sql';
import { portalProcedure, router } from '../trpc';
import { activityConditions, activityRows, entryFromRow } from './activity';

export const portalActivityRouter = router({
  list: portalProcedure
    .input(portalActivityListInput)
    .output(portalActivityPageOutput)
    .query(async ({ ctx, input }) => {
      const where = activityConditions({ companyId: ctx.companyId, clientVisible: true });
      // No per-row look-ups: the portal shows the names as they were, without links into the hub.
      const page = await activityRows(ctx.sql, where, input.cursor, input.limit, () => sql`NULL AS "ref", NULL AS "companyName"`);
      return {
        items: page.rows.map((row) => {
          const entry = entryFromRow(row);
          return {
            id: entry.id,
            actorType: entry.actorType,
            actorName: entry.actorName,
            mine: entry.actorType === 'contact' && entry.actorContactId === toInt(ctx.contactId),
            entityType: entry.entityType,
            entityName: entry.entityName,
            action: entry.action,
            changes: entry.changes,
            createdAt: entry.createdAt,
          };
        }),
        nextCursor: page.nextCursor,
        total: null,
      };
    }),
});
