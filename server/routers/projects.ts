/** Projects (server/domain/projects): the list, one project, create/update/delete, share audience and options. */
import {
  projectAudienceInput,
  projectAudienceOutput,
  projectCreateInput,
  projectGetInput,
  projectIdInput,
  projectListInput,
  projectOptionsInput,
  projectOptionsOutput,
  projectOutput,
  projectPageOutput,
  projectRemoveOutput,
  projectUpdateInput,
} from '../../shared/schemas/projects';
import {
  createProject,
  getProject,
  listProjects,
  projectAudience,
  projectOptions,
  removeProject,
  updateProject,
} from '../domain/projects';
import { router, staffProcedure } from '../trpc';

export const projectsRouter = router({
  list: staffProcedure
    .input(projectListInput)
    .output(projectPageOutput)
    .query(({ ctx, input }) => listProjects(ctx, input)),

  get: staffProcedure
    .input(projectGetInput)
    .output(projectOutput)
    .query(({ ctx, input }) => getProject(ctx, input)),

  create: staffProcedure
    .input(projectCreateInput)
    .output(projectOutput)
    .mutation(({ ctx, input }) => createProject(ctx, input)),

  update: staffProcedure
    .input(projectUpdateInput)
    .output(projectOutput)
    .mutation(({ ctx, input }) => updateProject(ctx, input)),

  remove: staffProcedure
    .input(projectIdInput)
    .output(projectRemoveOutput)
    .mutation(({ ctx, input }) => removeProject(ctx, input)),

  audience: staffProcedure
    .input(projectAudienceInput)
    .output(projectAudienceOutput)
    .query(({ ctx, input }) => projectAudience(ctx, input)),

  options: staffProcedure
    .input(projectOptionsInput)
    .output(projectOptionsOutput)
    .query(({ ctx, input }) => projectOptions(ctx, input)),
});
