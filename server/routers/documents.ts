/** Files (server/domain/documents): the list, one file, links, edits, share audience, delete and stats. */
import {
  documentCreateInput,
  documentIdInput,
  documentListInput,
  documentOutput,
  documentPageOutput,
  documentRemoveOutput,
  documentStatsOutput,
  documentUpdateInput,
  shareAudienceInput,
  shareAudienceOutput,
} from '../../shared/schemas/documents';
import {
  createDocumentLink,
  documentShareAudience,
  documentStats,
  getDocument,
  listDocuments,
  removeDocument,
  updateDocument,
} from '../domain/documents';
import {
  versionListInput,
  versionOutput,
  versionPageOutput,
  versionShareInput,
} from '../../shared/schemas/document-versions';
import { listDocumentVersions, shareDocumentVersion } from '../domain/documents/versions';
import { router, staffProcedure } from '../trpc';

export const documentsRouter = router({
  list: staffProcedure
    .input(documentListInput)
    .output(documentPageOutput)
    .query(({ ctx, input }) => listDocuments(ctx, input)),

  get: staffProcedure
    .input(documentIdInput)
    .output(documentOutput)
    .query(({ ctx, input }) => getDocument(ctx, input)),

  create: staffProcedure
    .input(documentCreateInput)
    .output(documentOutput)
    .mutation(({ ctx, input }) => createDocumentLink(ctx, input)),

  update: staffProcedure
    .input(documentUpdateInput)
    .output(documentOutput)
    .mutation(({ ctx, input }) => updateDocument(ctx, input)),

  shareAudience: staffProcedure
    .input(shareAudienceInput)
    .output(shareAudienceOutput)
    .query(({ ctx, input }) => documentShareAudience(ctx, input)),

  remove: staffProcedure
    .input(documentIdInput)
    .output(documentRemoveOutput)
    .mutation(({ ctx, input }) => removeDocument(ctx, input)),

  stats: staffProcedure.output(documentStatsOutput).query(({ ctx }) => documentStats(ctx)),

  /** A file's versions, newest first (uploads of a new one: POST /api/documents/{id}/versions, multipart). */
  versions: staffProcedure
    .input(versionListInput)
    .output(versionPageOutput)
    .query(({ ctx, input }) => listDocumentVersions(ctx, input)),

  /** Share an older version with the client, or stop sharing it. */
  shareVersion: staffProcedure
    .input(versionShareInput)
    .output(versionOutput)
    .mutation(({ ctx, input }) => shareDocumentVersion(ctx, input)),
});
