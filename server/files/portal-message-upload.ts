/**
 * POST /api/portal/messages/upload: a client's file to attach to a message (multipart: `threadId`, then `file`;
 * portal session required, a staff preview refused before a byte is stored: server/http/registry.ts). The bytes
 * stream into FileStorage like every upload (./routes.ts); the file becomes a Document of the client's company,
 * shown to them in the portal (visibleInPortal) and to staff in Files, with no staff uploader. A file for a project's
 * conversation belongs to that project. The reply names it ({ id, name, size }); portal.messages.post attaches it.
 *
 * Refusals, each with nothing stored: over MAX_UPLOAD_BYTES → 413 with the upload message; over the agency's storage
 * quota → 413 "storage full" (the numbers are the agency's business); a conversation the client may not see (another
 * company's, a hidden project's, a missing one) → 404; no file, an empty one → 400.
 */
import type { Request, Response } from 'express';
import { M } from '../../shared/messages';
import { portalMessageUploadFields, portalMessageUploadOutput } from '../../shared/schemas/messages';
import { documentDownloadPath } from '../../shared/schemas/documents';
import type { PortalScope } from '../domain/context';
import { portalAttachmentThread } from '../domain/messages/portal';
import {
  checkMultipart,
  declaredLength,
  MULTIPART_OVERHEAD,
  receiveFile,
  refuseBody,
  storageEngine,
  withPendingUpload,
} from '../http/multipart';
import { badRequest, notFound, RouteRefusal, type Refusal } from '../http/reply';
import { hasNul } from '../lib/input-guards';
import { contactActor, recordActivity } from '../activity';
import { documentUploadRefusals, removeFrom, safeFileName, safeMimeType } from './routes';
import { assertStorageQuota, StorageQuotaError, storageRoom } from './quota';
import { recordFirstVersion } from '../domain/documents/versions';
import { afterUpload } from './previews/job';

const storageFull: Refusal = { status: 413, message: M.messages.uploadStorageFull, code: 'PAYLOAD_TOO_LARGE' };
const threadNotFound = notFound(M.messages.threadNotFound);

/** POST /api/portal/messages/upload (a portal session; a staff preview is refused). */
export async function uploadMessageAttachment(scope: PortalScope, req: Request, res: Response) {
  const { storage, env } = scope.app;
  const { businessId } = scope;
  const maxBytes = env.MAX_UPLOAD_BYTES;
  const refusals = documentUploadRefusals(maxBytes);
  // A declared body far over the limit is refused before a byte of it is stored.
  checkMultipart(req, res, maxBytes, refusals);
  // With a quota: a full agency, or a body declaring more than the room left, is refused before a byte is stored.
  const space = await storageRoom(scope.app.database.db, businessId, env);
  const declared = declaredLength(req);
  if (space && (space.room === 0 || (declared !== null && declared - MULTIPART_OVERHEAD > space.room)))
    refuseBody(res, storageFull);
  const limit = space ? Math.min(maxBytes, space.room) : maxBytes;
  const sizeRefusal = space && limit < maxBytes ? storageFull : refusals.tooLarge;

  await withPendingUpload(
    removeFrom(storage),
    'files: an attachment not kept could not be removed from storage',
    async (pending) => {
      const file = await receiveFile(req, res, {
        engine: storageEngine(storage, businessId, limit),
        maxBytes: limit,
        refusals: { ...refusals, tooLarge: sizeRefusal },
      });
      if (file) pending.hold(file.path);
      const fields = portalMessageUploadFields.safeParse({ ...req.body });
      if (!fields.success) throw new RouteRefusal(threadNotFound);
      // The conversation first: a client learns nothing about a file for a thread they may not see.
      const thread = await portalAttachmentThread(scope, fields.data.threadId);
      if (!file) throw new RouteRefusal(badRequest(M.documents.noFile));
      if (file.size === 0) throw new RouteRefusal(badRequest(M.documents.emptyFile));
      if (hasNul(file.originalname)) throw new RouteRefusal(badRequest(M.common.nulCharacter));
      const originalName = safeFileName(file.originalname ?? '');
      const document = await scope.db
        .$transaction(async (tx) => {
          await assertStorageQuota(tx, businessId, file.size, env);
          const row = await tx.document.create({
            data: {
              businessId,
              companyId: scope.companyId,
              projectId: thread.projectId,
              name: originalName.slice(0, 255),
              type: 'other',
              url: '',
              size: file.size,
              storageKey: file.path,
              mimeType: safeMimeType(file.mimetype),
              originalName,
              visibleInPortal: true,
              uploadedById: null,
            },
            select: { id: true, name: true, size: true },
          });
          await tx.document.update({
            where: { id: row.id },
            data: { url: documentDownloadPath(row.id) },
            select: { id: true },
          });
          // Its version 1, with the SHA-256 hashed as the bytes streamed in (issue 31).
          const contact = scope.portalSession.contact;
          await recordFirstVersion(tx, businessId, row.id, {
            sha256: (file as { sha256?: string | null }).sha256 ?? null,
            uploadedByName: `${contact.firstName} ${contact.lastName}`.trim(),
          });
          await recordActivity(tx, businessId, contactActor(scope.portalSession.contact), {
            entityType: 'file',
            entityId: row.id,
            entityName: row.name,
            companyId: scope.companyId,
            action: 'uploaded',
            clientVisible: true,
          });
          return row;
        })
        .catch((error: unknown) => {
          if (error instanceof StorageQuotaError) throw new RouteRefusal(storageFull);
          throw error;
        });
      pending.keep();
      await afterUpload(scope.app.database, scope.businessId);
      res.status(201).json(portalMessageUploadOutput.parse(document));
    },
  );
}
