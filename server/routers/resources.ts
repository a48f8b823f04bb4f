import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import {
  companyResourcesOutput,
  resourceVisibilityInput,
  resourceVisibilityOutput,
  resourcesForCompanyInput,
} from '../../shared/schemas/resources';
import { notFoundOn } from '../errors';
import { router, staffProcedure } from '../trpc';

export const resourcesRouter = router({
  /** A company's resources, for the company dialog's Resources Access tab. */
  forCompany: staffProcedure.input(resourcesForCompanyInput).output(companyResourcesOutput).query(async ({ ctx, input }) => {
    const company = await ctx.db.company.findFirst({ where: { id: input.companyId }, select: { id: true } });
    if (!company) throw new TRPCError({ code: 'NOT_FOUND', message: M.companies.notFound });
    return ctx.db.resource.findMany({
      where: { companyId: company.id },
      select: { id: true, title: true, description: true, type: true, status: true, visibleToClient: true },
      orderBy: [{ title: 'asc' }, { id: 'asc' }],
    });
  }),

  /** Shows or hides a resource in the client's portal. */
  setVisibility: staffProcedure.input(resourceVisibilityInput).output(resourceVisibilityOutput).mutation(({ ctx, input }) =>
    ctx.db.resource
      .update({
        where: { id: input.id },
        data: { visibleToClient: input.visibleToClient },
        select: { id: true, visibleToClient: true },
      })
      .catch(notFoundOn(M.resources.notFound)),
  ),
});
