import { teamListOutput } from '../../shared/schemas/tasks';
import { router, staffProcedure } from '../trpc';

export const teamRouter = router({
  /** The agency's staff users (the assignee choice of tasks), by name. */
  list: staffProcedure.output(teamListOutput).query(({ ctx }) =>
    ctx.db.user.findMany({
      select: { id: true, firstName: true, lastName: true, email: true },
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
    }),
  ),
});
