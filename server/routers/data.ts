/**
 * Data export (Account → Data, the company page): whole-agency and one-company exports, small ones at once and large
 * ones by a background job (server/domain/data). Imports are multipart uploads: POST /api/imports (server/data/).
 */
import {
  exportListOutput,
  exportRequestInput,
  exportRequestOutput,
  storageUsageOutput,
} from '../../shared/schemas/data';
import { listExports, requestAgencyExport, requestCompanyExport, storageUsage } from '../domain/data';
import { permittedProcedure, router, staffProcedure } from '../trpc';

export const dataRouter = router({
  /**
   * The space the agency's stored files take, and the quota (Account → Data's Storage block). Any staff member: the
   * Files page already shows everyone the bytes stored.
   */
  storage: staffProcedure.output(storageUsageOutput).query(({ ctx }) => storageUsage(ctx)),
  /** The whole agency (owner). */
  requestExport: permittedProcedure('data.export')
    .output(exportRequestOutput)
    .mutation(({ ctx }) => requestAgencyExport(ctx)),
  /** One client company (owner and admin). */
  requestCompanyExport: permittedProcedure('data.exportCompany')
    .input(exportRequestInput.required({ companyId: true }))
    .output(exportRequestOutput)
    .mutation(({ ctx, input }) => requestCompanyExport(ctx, input)),
  /** The caller's own background exports, newest first. */
  exports: permittedProcedure('data.exportCompany')
    .output(exportListOutput)
    .query(({ ctx }) => listExports(ctx)),
});
