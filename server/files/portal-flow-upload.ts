/**
 * POST /api/portal/flows/upload: a contact's file for a file field of a flow they may see (multipart: `file`,
 * `flowId`, `fieldId`; portal session required). The bytes stream into FileStorage like the hub's uploads
 * (server/files/routes.ts); the file becomes a Document of the contact's company (visible in the portal, no staff
 * uploader) and the field's answer names it — the only way a file answer is set. Too large, or over the agency's
 * storage quota (./quota.ts) → 413; a flow or field the contact may not see (readPortalFlow: the portal's rule,
 * clientVisible.flow — a draft or a flow without steps takes no file) → 404, with nothing stored.
 *
 * Uploading again to the same field replaces the file: the Document the earlier upload made for this submission and
 * field goes (row in the answer's transaction, bytes once it has committed), so five uploads leave one file. Only a
 * Document this route made for exactly this submission and field is removed (its flowSubmissionId and flowFieldId
 * say so); staff editing it clear them (server/routers/documents.ts), and a file staff took over is kept.
 * Declared in server/http/registry.ts (portalRoute: a staff preview is refused before a byte is stored).
 */
import type { Request, Response } from 'express';
import { M } from '../../shared/messages';
import { portalFlowUploadFields } from '../../shared/schemas/portal-flows';
import type { PortalScope as PortalCaller } from '../domain/context';
import { checkMultipart, receiveFile, storageEngine, withPendingUpload } from '../http/multipart';
import { badRequest, notFound, RouteRefusal, type Refusal } from '../http/reply';
import { hasNul } from '../lib/input-guards';
import { readPortalFlow, submissionFor, type PortalFlowScope as PortalScope } from '../domain/portal-flows';
import { contactActor, recordActivity } from '../activity';
import { documentUploadRefusals, removeFrom, safeFileName, safeMimeType } from './routes';
import { assertStorageQuota, StorageQuotaError } from './quota';
import { log } from '../log';
import { recordFirstVersion } from '../domain/documents/versions';
import { afterUpload } from './previews/job';

/** Over the agency's quota: the client is told the storage is full (the numbers are the agency's business). */
const storageFull: Refusal = { status: 413, message: M.portalFlows.storageFull, code: 'PAYLOAD_TOO_LARGE' };

type Tx = Parameters<Parameters<PortalScope['db']['$transaction']>[0]>[0];

/**
 * The file this field's answer names, when this route made it for this very submission and field and staff have
 * not taken it over since (they clear the marker): the one a new upload replaces. null: nothing to replace.
 */
async function replacedUpload(tx: Tx, submissionId: number, flowFieldId: number) {
  const answer = await tx.flowAnswer.findUnique({
    where: { submissionId_flowFieldId: { submissionId, flowFieldId } },
    select: { value: true },
  });
  const id = Number(answer?.value);
  if (!Number.isInteger(id) || id <= 0 || id > 2_147_483_647) return null;
  return tx.document.findFirst({
    where: { id, flowSubmissionId: submissionId, flowFieldId, storageKey: { not: null } },
    select: { id: true, name: true, size: true, storageKey: true, companyId: true, visibleInPortal: true },
  });
}

const flowNotFound = notFound(M.portalFlows.notFound);

/** POST /api/portal/flows/upload (a portal session; a staff preview is refused). */
export async function uploadFlowFile(scope: PortalCaller, req: Request, res: Response) {
  const { storage, env } = scope.app;
  const { businessId } = scope;
  const contact = scope.portalSession.contact;
  const maxBytes = env.MAX_UPLOAD_BYTES;
  const refusals = documentUploadRefusals(maxBytes);
  checkMultipart(req, res, maxBytes, refusals);
  const result = await withPendingUpload(
    removeFrom(storage),
    'files: an upload not kept could not be removed from storage',
    async (pending) => {
      const file = await receiveFile(req, res, {
        engine: storageEngine(storage, businessId, maxBytes),
        maxBytes,
        refusals,
      });
      if (file) pending.hold(file.path);
      const fields = portalFlowUploadFields.safeParse({ ...req.body });
      if (!fields.success) throw new RouteRefusal(flowNotFound);
      if (!file) throw new RouteRefusal(badRequest(M.documents.noFile));
      if (file.size === 0) throw new RouteRefusal(badRequest(M.documents.emptyFile));
      if (hasNul(file.originalname)) throw new RouteRefusal(badRequest(M.common.nulCharacter));

      const originalName = safeFileName(file.originalname ?? '');
      const stored = {
        storageKey: file.path,
        size: file.size,
        mimeType: safeMimeType(file.mimetype),
        originalName,
        // Hashed as the bytes streamed in (server/http/multipart.ts).
        sha256: (file as { sha256?: string | null }).sha256 ?? null,
      };
      type Uploaded = { fieldId: number; file: { id: number; name: string; size: number } };
      type Outcome = { refusal: Refusal } | { uploaded: Uploaded; replacedKey: string | null };
      const flow = await readPortalFlow(scope, { id: fields.data.flowId });
      const field = flow.steps.flatMap((s) => s.fields).find((f) => f.id === fields.data.fieldId);
      if (!field) throw new RouteRefusal(flowNotFound);
      if (field.fieldType !== 'file') throw new RouteRefusal(badRequest(M.portalFlows.notAFileField));
      if (flow.state.status === 'completed') throw new RouteRefusal(badRequest(M.portalFlows.alreadySubmitted));
      // The document (its url names the download route, which needs the id) and the answer: one transaction.
      const outcome = await scope.db
        .$transaction(async (tx): Promise<Outcome> => {
          const submission = await submissionFor(tx, scope, flow.id);
          if (submission.status === 'completed') return { refusal: badRequest(M.portalFlows.alreadySubmitted) };
          const previous = await replacedUpload(tx, submission.id, field.id);
          // The replaced file's room counts as free: a new version no larger than the old one always fits.
          await assertStorageQuota(tx, businessId, stored.size, env, previous?.size ?? 0);
          const doc = await tx.document.create({
            data: {
              businessId,
              companyId: scope.companyId,
              name: originalName.slice(0, 255),
              type: 'other',
              url: '',
              size: stored.size,
              storageKey: stored.storageKey,
              mimeType: stored.mimeType,
              originalName,
              visibleInPortal: true,
              uploadedById: null,
              flowSubmissionId: submission.id,
              flowFieldId: field.id,
            },
            select: { id: true, name: true, size: true },
          });
          await tx.document.update({
            where: { id: doc.id },
            data: { url: `/api/documents/${doc.id}/download` },
            select: { id: true },
          });
          await recordFirstVersion(tx, businessId, doc.id, {
            sha256: stored.sha256,
            uploadedByName: `${contact.firstName} ${contact.lastName}`.trim(),
          });
          await tx.flowAnswer.deleteMany({ where: { submissionId: submission.id, flowFieldId: field.id } });
          await tx.flowAnswer.create({
            data: { businessId, submissionId: submission.id, flowFieldId: field.id, value: String(doc.id) },
          });
          if (previous) {
            await tx.document.delete({ where: { id: previous.id }, select: { id: true } });
            await recordActivity(tx, businessId, contactActor(contact), {
              entityType: 'file',
              entityId: previous.id,
              entityName: previous.name,
              companyId: previous.companyId,
              action: 'deleted',
              changes: [{ field: 'flow', from: flow.name, to: null }],
              clientVisible: previous.visibleInPortal && previous.companyId !== null,
            });
          }
          await recordActivity(tx, businessId, contactActor(contact), {
            entityType: 'file',
            entityId: doc.id,
            entityName: doc.name,
            companyId: scope.companyId,
            action: 'uploaded',
            changes: [{ field: 'flow', from: null, to: flow.name }],
            clientVisible: true,
          });
          return { uploaded: { fieldId: field.id, file: doc }, replacedKey: previous?.storageKey ?? null };
        })
        .catch((error: unknown) => {
          // Over the agency's quota: the client is told the storage is full (the numbers are the agency's business).
          if (error instanceof StorageQuotaError) throw new RouteRefusal(storageFull);
          throw error;
        });
      if ('refusal' in outcome) throw new RouteRefusal(outcome.refusal);
      pending.keep();
      return outcome;
    },
  );
  // The replaced file's row is gone: its bytes go too (a failure only leaves bytes no row names, logged).
  const replacedKey = result.replacedKey;
  if (replacedKey)
    await storage
      .remove(replacedKey)
      .catch((error: unknown) =>
        log.error({ err: error, key: replacedKey }, 'files: a replaced flow upload could not be removed from storage'),
      );
  await afterUpload(scope.app.database, scope.businessId);
  res.status(201).json(result.uploaded);
}
