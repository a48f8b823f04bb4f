/** The client portal's work areas (server/domain/portal): dashboard, projects, one project, tasks, files, resources, one resource. */
import {
  portalDashboardOutput,
  portalFilesInput,
  portalFilesOutput,
  portalProjectInput,
  portalProjectOutput,
  portalProjectsInput,
  portalProjectsOutput,
  portalResourceInput,
  portalResourceOutput,
  portalResourcesOutput,
  portalSlugInput,
  portalTasksInput,
  portalTasksOutput,
} from '../../shared/schemas/portal';
import {
  portalDashboard,
  portalFiles,
  portalProject,
  portalProjects,
  portalResource,
  portalResources,
  portalTasks,
} from '../domain/portal';
import { portalProcedure, router } from '../trpc';

export const portalRouter = router({
  dashboard: portalProcedure
    .input(portalSlugInput)
    .output(portalDashboardOutput)
    .query(({ ctx, input }) => portalDashboard(ctx, input)),

  projects: portalProcedure
    .input(portalProjectsInput)
    .output(portalProjectsOutput)
    .query(({ ctx, input }) => portalProjects(ctx, input)),

  project: portalProcedure
    .input(portalProjectInput)
    .output(portalProjectOutput)
    .query(({ ctx, input }) => portalProject(ctx, input)),

  tasks: portalProcedure
    .input(portalTasksInput)
    .output(portalTasksOutput)
    .query(({ ctx, input }) => portalTasks(ctx, input)),

  files: portalProcedure
    .input(portalFilesInput)
    .output(portalFilesOutput)
    .query(({ ctx, input }) => portalFiles(ctx, input)),

  resources: portalProcedure
    .input(portalSlugInput)
    .output(portalResourcesOutput)
    .query(({ ctx, input }) => portalResources(ctx, input)),

  resource: portalProcedure
    .input(portalResourceInput)
    .output(portalResourceOutput)
    .query(({ ctx, input }) => portalResource(ctx, input)),
});
