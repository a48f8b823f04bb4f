/**
 * Templates (server/domain/templates): two routers of one domain, templates (project templates) and flowTemplates
 * (each `id` names its own model, which the access matrix relies on). Open to all staff, like creating projects and flows.
 */
import {
  createFlowFromTemplateInput,
  createProjectFromTemplateInput,
  flowFromTemplateOutput,
  flowTemplateCreateInput,
  flowTemplateDetailOutput,
  flowTemplateListOutput,
  flowTemplateUpdateInput,
  projectFromTemplateOutput,
  projectTemplateCreateInput,
  projectTemplateDetailOutput,
  projectTemplateListOutput,
  projectTemplateUpdateInput,
  saveFlowAsTemplateInput,
  saveProjectAsTemplateInput,
  startersAddedOutput,
  templateIdInput,
  templateListInput,
  templateRemoveOutput,
} from '../../shared/schemas/templates';
import {
  addStarters,
  createFlowFromTemplate,
  createFlowTemplate,
  createProjectFromTemplate,
  createProjectTemplate,
  getFlowTemplate,
  getProjectTemplate,
  listFlowTemplates,
  listProjectTemplates,
  removeFlowTemplate,
  removeProjectTemplate,
  saveFlowAsTemplate,
  saveProjectAsTemplate,
  updateFlowTemplate,
  updateProjectTemplate,
} from '../domain/templates';
import { router, staffProcedure } from '../trpc';

export const templatesRouter = router({
  list: staffProcedure
    .input(templateListInput)
    .output(projectTemplateListOutput)
    .query(({ ctx }) => listProjectTemplates(ctx)),

  get: staffProcedure
    .input(templateIdInput)
    .output(projectTemplateDetailOutput)
    .query(({ ctx, input }) => getProjectTemplate(ctx, input)),

  create: staffProcedure
    .input(projectTemplateCreateInput)
    .output(projectTemplateDetailOutput)
    .mutation(({ ctx, input }) => createProjectTemplate(ctx, input)),

  update: staffProcedure
    .input(projectTemplateUpdateInput)
    .output(projectTemplateDetailOutput)
    .mutation(({ ctx, input }) => updateProjectTemplate(ctx, input)),

  remove: staffProcedure
    .input(templateIdInput)
    .output(templateRemoveOutput)
    .mutation(({ ctx, input }) => removeProjectTemplate(ctx, input)),

  saveProject: staffProcedure
    .input(saveProjectAsTemplateInput)
    .output(projectTemplateDetailOutput)
    .mutation(({ ctx, input }) => saveProjectAsTemplate(ctx, input)),

  createProject: staffProcedure
    .input(createProjectFromTemplateInput)
    .output(projectFromTemplateOutput)
    .mutation(({ ctx, input }) => createProjectFromTemplate(ctx, input)),

  /** The starter templates the agency lacks (by name): for agencies made before templates. */
  addStarters: staffProcedure
    .input(templateListInput)
    .output(startersAddedOutput)
    .mutation(({ ctx }) => addStarters(ctx)),
});

export const flowTemplatesRouter = router({
  list: staffProcedure
    .input(templateListInput)
    .output(flowTemplateListOutput)
    .query(({ ctx }) => listFlowTemplates(ctx)),

  get: staffProcedure
    .input(templateIdInput)
    .output(flowTemplateDetailOutput)
    .query(({ ctx, input }) => getFlowTemplate(ctx, input)),

  create: staffProcedure
    .input(flowTemplateCreateInput)
    .output(flowTemplateDetailOutput)
    .mutation(({ ctx, input }) => createFlowTemplate(ctx, input)),

  update: staffProcedure
    .input(flowTemplateUpdateInput)
    .output(flowTemplateDetailOutput)
    .mutation(({ ctx, input }) => updateFlowTemplate(ctx, input)),

  remove: staffProcedure
    .input(templateIdInput)
    .output(templateRemoveOutput)
    .mutation(({ ctx, input }) => removeFlowTemplate(ctx, input)),

  saveFlow: staffProcedure
    .input(saveFlowAsTemplateInput)
    .output(flowTemplateDetailOutput)
    .mutation(({ ctx, input }) => saveFlowAsTemplate(ctx, input)),

  createFlow: staffProcedure
    .input(createFlowFromTemplateInput)
    .output(flowFromTemplateOutput)
    .mutation(({ ctx, input }) => createFlowFromTemplate(ctx, input)),
});
