/** Resources (server/domain/resources): the list, one resource, create/update/delete, a company's, sharing. */
import { shareAudienceInput, shareAudienceOutput } from '../../shared/schemas/documents';
import {
  companyResourcesOutput,
  resourceCreateInput,
  resourceIdInput,
  resourceListInput,
  resourceOutput,
  resourcePageOutput,
  resourceRemoveOutput,
  resourcesForCompanyInput,
  resourceUpdateInput,
  resourceVisibilityInput,
  resourceVisibilityOutput,
} from '../../shared/schemas/resources';
import {
  createResource,
  getResource,
  listResources,
  removeResource,
  resourceShareAudience,
  resourcesForCompany,
  setResourceVisibility,
  updateResource,
} from '../domain/resources';
import { router, staffProcedure } from '../trpc';

export const resourcesRouter = router({
  list: staffProcedure
    .input(resourceListInput)
    .output(resourcePageOutput)
    .query(({ ctx, input }) => listResources(ctx, input)),

  get: staffProcedure
    .input(resourceIdInput)
    .output(resourceOutput)
    .query(({ ctx, input }) => getResource(ctx, input)),

  create: staffProcedure
    .input(resourceCreateInput)
    .output(resourceOutput)
    .mutation(({ ctx, input }) => createResource(ctx, input)),

  update: staffProcedure
    .input(resourceUpdateInput)
    .output(resourceOutput)
    .mutation(({ ctx, input }) => updateResource(ctx, input)),

  remove: staffProcedure
    .input(resourceIdInput)
    .output(resourceRemoveOutput)
    .mutation(({ ctx, input }) => removeResource(ctx, input)),

  forCompany: staffProcedure
    .input(resourcesForCompanyInput)
    .output(companyResourcesOutput)
    .query(({ ctx, input }) => resourcesForCompany(ctx, input)),

  shareAudience: staffProcedure
    .input(shareAudienceInput)
    .output(shareAudienceOutput)
    .query(({ ctx, input }) => resourceShareAudience(ctx, input)),

  setVisibility: staffProcedure
    .input(resourceVisibilityInput)
    .output(resourceVisibilityOutput)
    .mutation(({ ctx, input }) => setResourceVisibility(ctx, input)),
});
