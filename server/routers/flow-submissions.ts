/** A flow's submissions for staff (flows.submissions, server/domain/flows/submissions.ts): joined into ./flows.ts. */
import { flowSubmissionsInput, flowSubmissionsOutput } from '../../shared/schemas/portal-flows';
import { listFlowSubmissions } from '../domain/flows';
import { staffProcedure } from '../trpc';

export const flowSubmissions = staffProcedure
  .input(flowSubmissionsInput)
  .output(flowSubmissionsOutput)
  .query(({ ctx, input }) => listFlowSubmissions(ctx, input));
