/**
 * Data export (Account → Data, the company page): whole-agency and one-company exports. Small ones download at once
 * (GET /api/export.zip, server/data/routes.ts streams the zip); large ones are built by a background job into
 * FileStorage and the owner is e-mailed when ready. Imports are multipart uploads: POST /api/imports
 * (server/data/routes.ts).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { exportListOutput, exportRequestInput, exportRequestOutput } from '../../shared/schemas/data';
import { permittedProcedure, router } from '../trpc';

const notBuilt = () => new TRPCError({ code: 'NOT_IMPLEMENTED', message: M.data.export.failed });

export const dataRouter = router({
  /** The whole agency (owner). */
  requestExport: permittedProcedure('data.export')
    .output(exportRequestOutput)
    .mutation(async () => {
      throw notBuilt();
    }),
  /** One client company (owner and admin). */
  requestCompanyExport: permittedProcedure('data.exportCompany')
    .input(exportRequestInput.required({ companyId: true }))
    .output(exportRequestOutput)
    .mutation(async () => {
      throw notBuilt();
    }),
  /** The caller's own background exports, newest first. */
  exports: permittedProcedure('data.exportCompany')
    .output(exportListOutput)
    .query(async () => ({ items: [] })),
});
