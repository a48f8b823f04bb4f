/** Flows in the client portal (server/domain/portal-flows): the contact's flows, one flow, saving a step, submitting. */
import {
  portalFlowDetailOutput,
  portalFlowGetInput,
  portalFlowListOutput,
  portalFlowSaveStepInput,
  portalFlowSubmitInput,
} from '../../shared/schemas/portal-flows';
import { getPortalFlow, listPortalFlows, savePortalFlowStep, submitPortalFlow } from '../domain/portal-flows';
import { portalProcedure, router } from '../trpc';

export const portalFlowsRouter = router({
  list: portalProcedure.output(portalFlowListOutput).query(({ ctx }) => listPortalFlows(ctx)),

  get: portalProcedure
    .input(portalFlowGetInput)
    .output(portalFlowDetailOutput)
    .query(({ ctx, input }) => getPortalFlow(ctx, input)),

  saveStep: portalProcedure
    .input(portalFlowSaveStepInput)
    .output(portalFlowDetailOutput)
    .mutation(({ ctx, input }) => savePortalFlowStep(ctx, input)),

  submit: portalProcedure
    .input(portalFlowSubmitInput)
    .output(portalFlowDetailOutput)
    .mutation(({ ctx, input }) => submitPortalFlow(ctx, input)),
});
