/** A shared file's older versions in the client portal (issue 31): the ones staff shared explicitly. */
import { portalFileVersionsInput } from '../../shared/schemas/portal';
import { portalVersionListOutput } from '../../shared/schemas/document-versions';
import { portalDocumentVersions } from '../domain/documents/versions';
import { checkSlug } from '../domain/portal';
import { portalProcedure, router } from '../trpc';

export const portalFilesRouter = router({
  versions: portalProcedure
    .input(portalFileVersionsInput)
    .output(portalVersionListOutput)
    .query(({ ctx, input }) => {
      checkSlug(ctx, input.slug);
      return portalDocumentVersions(ctx, input.id);
    }),
});
