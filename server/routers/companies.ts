import {
  companyCreateInput,
  companyDeleteOutput,
  companyDeleteSummaryOutput,
  companyIdInput,
  companyListInput,
  companyUpdateInput,
  companyIndustriesOutput,
  companyOutput,
  companyPageOutput,
  companyWithCountsOutput,
} from '../../shared/schemas/companies';
import {
  archiveCompany,
  companyDeleteSummary,
  companyIndustries,
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  unarchiveCompany,
  updateCompany,
} from '../domain/companies';
import { permittedProcedure, router, staffProcedure } from '../trpc';

export const companiesRouter = router({
  list: staffProcedure
    .input(companyListInput)
    .output(companyPageOutput)
    .query(({ ctx, input }) => listCompanies(ctx, input)),

  /** The distinct industries present, for the industry filter. */
  industries: staffProcedure.output(companyIndustriesOutput).query(({ ctx }) => companyIndustries(ctx)),

  get: staffProcedure
    .input(companyIdInput)
    .output(companyWithCountsOutput)
    .query(({ ctx, input }) => getCompany(ctx, input)),

  create: staffProcedure
    .input(companyCreateInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => createCompany(ctx, input)),

  update: staffProcedure
    .input(companyUpdateInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => updateCompany(ctx, input)),

  /** Hides the company everywhere and closes its portal; reversible, so open to every staff member like editing. */
  archive: staffProcedure
    .input(companyIdInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => archiveCompany(ctx, input)),

  unarchive: staffProcedure
    .input(companyIdInput)
    .output(companyOutput)
    .mutation(({ ctx, input }) => unarchiveCompany(ctx, input)),

  /** What deleting the company would take with it (the confirmation dialog's counts). */
  deleteSummary: permittedProcedure('companies.delete')
    .input(companyIdInput)
    .output(companyDeleteSummaryOutput)
    .query(({ ctx, input }) => companyDeleteSummary(ctx, input)),

  delete: permittedProcedure('companies.delete')
    .input(companyIdInput)
    .output(companyDeleteOutput)
    .mutation(({ ctx, input }) => deleteCompany(ctx, input)),
});
