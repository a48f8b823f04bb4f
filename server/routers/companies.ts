import {
  companyCreateInput,
  companyIdInput,
  companyListInput,
  companyUpdateInput,
  companyIndustriesOutput,
  companyOutput,
  companyPageOutput,
  companyWithCountsOutput,
} from '../../shared/schemas/companies';
import { companyIndustries, createCompany, getCompany, listCompanies, updateCompany } from '../domain/companies';
import { router, staffProcedure } from '../trpc';

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
});
