/**
 * Flows (server/domain/flows): three routers of one domain, flows, flowSteps and flowFields (each `id` names its own
 * model, which the access matrix relies on). flows.submissions lists a flow's submissions.
 */
import {
  companyFlowsInput,
  companyFlowsOutput,
  flowCreateInput,
  flowDetailOutput,
  flowFieldCreateInput,
  flowFieldIdInput,
  flowFieldListInput,
  flowFieldListOutput,
  flowFieldOutput,
  flowFieldUpdateInput,
  flowGetInput,
  flowIdInput,
  flowListInput,
  flowOutput,
  flowPageOutput,
  flowPublishPreviewOutput,
  flowRemoveOutput,
  flowStepCreateInput,
  flowStepIdInput,
  flowStepOutput,
  flowStepReorderInput,
  flowStepReorderOutput,
  flowStepUpdateInput,
  flowUpdateInput,
} from '../../shared/schemas/flows';
import {
  createFlow,
  createFlowField,
  createFlowStep,
  duplicateFlow,
  flowPublishPreview,
  getFlow,
  listFlowFields,
  listCompanyFlows,
  listFlowSubmissions,
  listFlows,
  publishFlow,
  removeFlow,
  removeFlowField,
  removeFlowStep,
  reorderFlowSteps,
  unpublishFlow,
  updateFlow,
  updateFlowField,
  updateFlowStep,
} from '../domain/flows';
import { router, staffProcedure } from '../trpc';
import { flowSubmissionsInput, flowSubmissionsOutput } from '../../shared/schemas/portal-flows';

export const flowsRouter = router({
  list: staffProcedure
    .input(flowListInput)
    .output(flowPageOutput)
    .query(({ ctx, input }) => listFlows(ctx, input)),

  /** The company page's Flows tab: its flows and the all-companies flows live in its portal, with its progress. */
  forCompany: staffProcedure
    .input(companyFlowsInput)
    .output(companyFlowsOutput)
    .query(({ ctx, input }) => listCompanyFlows(ctx, input)),

  get: staffProcedure
    .input(flowGetInput)
    .output(flowDetailOutput)
    .query(({ ctx, input }) => getFlow(ctx, input)),

  create: staffProcedure
    .input(flowCreateInput)
    .output(flowOutput)
    .mutation(({ ctx, input }) => createFlow(ctx, input)),

  update: staffProcedure
    .input(flowUpdateInput)
    .output(flowOutput)
    .mutation(({ ctx, input }) => updateFlow(ctx, input)),

  remove: staffProcedure
    .input(flowIdInput)
    .output(flowRemoveOutput)
    .mutation(({ ctx, input }) => removeFlow(ctx, input)),

  /** The clients' submissions of the flow, with their answers and files (server/domain/flows/submissions.ts). */
  submissions: staffProcedure
    .input(flowSubmissionsInput)
    .output(flowSubmissionsOutput)
    .query(({ ctx, input }) => listFlowSubmissions(ctx, input)),

  duplicate: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(({ ctx, input }) => duplicateFlow(ctx, input)),

  publishPreview: staffProcedure
    .input(flowIdInput)
    .output(flowPublishPreviewOutput)
    .query(({ ctx, input }) => flowPublishPreview(ctx, input)),

  publish: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(({ ctx, input }) => publishFlow(ctx, input)),

  unpublish: staffProcedure
    .input(flowIdInput)
    .output(flowOutput)
    .mutation(({ ctx, input }) => unpublishFlow(ctx, input)),
});

export const flowStepsRouter = router({
  create: staffProcedure
    .input(flowStepCreateInput)
    .output(flowStepOutput)
    .mutation(({ ctx, input }) => createFlowStep(ctx, input)),

  update: staffProcedure
    .input(flowStepUpdateInput)
    .output(flowStepOutput)
    .mutation(({ ctx, input }) => updateFlowStep(ctx, input)),

  reorder: staffProcedure
    .input(flowStepReorderInput)
    .output(flowStepReorderOutput)
    .mutation(({ ctx, input }) => reorderFlowSteps(ctx, input)),

  remove: staffProcedure
    .input(flowStepIdInput)
    .output(flowRemoveOutput)
    .mutation(({ ctx, input }) => removeFlowStep(ctx, input)),
});

export const flowFieldsRouter = router({
  list: staffProcedure
    .input(flowFieldListInput)
    .output(flowFieldListOutput)
    .query(({ ctx, input }) => listFlowFields(ctx, input)),

  create: staffProcedure
    .input(flowFieldCreateInput)
    .output(flowFieldOutput)
    .mutation(({ ctx, input }) => createFlowField(ctx, input)),

  update: staffProcedure
    .input(flowFieldUpdateInput)
    .output(flowFieldOutput)
    .mutation(({ ctx, input }) => updateFlowField(ctx, input)),

  remove: staffProcedure
    .input(flowFieldIdInput)
    .output(flowRemoveOutput)
    .mutation(({ ctx, input }) => removeFlowField(ctx, input)),
});
