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
 */
import { Router, type Response } from 'express';
import { MulterError, type StorageEngine } from 'multer';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { portalFlowUploadFields } from '../../shared/schemas/portal-flows';
import { hasNul } from '../lib/input-guards';
import { sendError, sendRefusal } from '../rest';
import { readPortalFlow, submissionFor, type PortalFlowScope as PortalScope } from '../domain/portal-flows';
import { tenantRunner } from '../sql';
import { contactActor, recordActivity } from '../activity';
import { runAsTenant } from '../tenancy';
import { previewRefusal, type createContextFactory } from '../trpc';
import { MULTIPART_OVERHEAD, receive, safeFileName } from './routes';
import { FileTooLargeError, type FileStorage } from './storage';
import { assertStorageQuota, StorageQuotaError } from './quota';
import { log } from '../log';

type Refusal = { status: number; message: string; code: string };

function refuse(res: Response, { status, message, code }: Refusal) {
  if (res.headersSent || res.destroyed) return;
  sendRefusal(res, status, { message, code });
}

const badRequest = (message: string): Refusal => ({ status: 400, message, code: 'BAD_REQUEST' });
const tooLarge = (maxBytes: number): Refusal => ({
  status: 413,
  message: M.documents.tooLarge(formatFileSize(maxBytes)),
  code: 'PAYLOAD_TOO_LARGE',
});
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

const safeMimeType = (value: string | undefined) => {
  const type = (value ?? '').trim().toLowerCase();
  return /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/.test(type) ? type : null;
};

function storageEngine(storage: FileStorage, businessId: number, maxBytes: number): StorageEngine {
  return {
    _handleFile(_req, file, callback) {
      const key = storage.newKey(businessId);
      storage.writeStream(key, file.stream, { maxBytes }).then(
        ({ size }) => callback(null, { path: key, size }),
        (error: unknown) => callback(error),
      );
    },
    _removeFile(_req, file, callback) {
      storage.remove(file.path).then(() => callback(null), callback);
    },
  };
}

function uploadRefusal(error: unknown, maxBytes: number): Refusal {
  if (error instanceof FileTooLargeError) return tooLarge(maxBytes);
  if (error instanceof MulterError) {
    if (error.code === 'LIMIT_FILE_SIZE') return tooLarge(maxBytes);
    if (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT')
      return badRequest(M.documents.notMultipart);
  }
  return badRequest(M.documents.badUpload);
}

export function portalFlowUploadRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();

  routes.post('/api/portal/flows/upload', async (req, res) => {
    const ctx = createContext({ req, res });
    const { storage, env } = ctx.app;
    const maxBytes = env.MAX_UPLOAD_BYTES;
    let storedKey: string | null = null;
    /** Removes an upload that is not kept; before a refusal goes out, so whoever reads it finds nothing stored. */
    const discard = async () => {
      const key = storedKey;
      storedKey = null;
      if (key)
        await storage
          .remove(key)
          .catch((error: unknown) =>
            log.error({ err: error, key }, 'files: an upload not kept could not be removed from storage'),
          );
    };
    try {
      const session = await ctx.sessions.getPortal();
      if (!session) return refuse(res, { status: 401, message: M.auth.unauthenticated, code: 'UNAUTHORIZED' });
      // A staff preview of the portal changes nothing: refused before a byte is stored.
      if (session.preview) return refuse(res, previewRefusal);
      if (!req.is('multipart/form-data')) return refuse(res, badRequest(M.documents.notMultipart));
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
        res.setHeader('Connection', 'close');
        return refuse(res, tooLarge(maxBytes));
      }
      const businessId = session.businessId;
      try {
        await receive(req, res, storageEngine(storage, businessId, maxBytes), maxBytes);
      } catch (error) {
        if (res.destroyed || !res.socket || res.socket.destroyed) return;
        return refuse(res, uploadRefusal(error, maxBytes));
      }
      const file = req.file;
      if (file) storedKey = file.path;
      const fields = portalFlowUploadFields.safeParse({ ...req.body });
      if (!fields.success) return refuse(res, { status: 404, message: M.portalFlows.notFound, code: 'NOT_FOUND' });
      if (!file) return refuse(res, badRequest(M.documents.noFile));
      if (file.size === 0) return refuse(res, badRequest(M.documents.emptyFile));
      if (hasNul(file.originalname)) return refuse(res, badRequest(M.common.nulCharacter));

      const scope: PortalScope = {
        db: ctx.app.tenantDb,
        sql: tenantRunner(ctx.app.database.sqlExecutor, businessId),
        businessId,
        companyId: session.contact.companyId,
        contactId: session.contact.id,
      };
      const originalName = safeFileName(file.originalname ?? '');
      const stored = { storageKey: file.path, size: file.size, mimeType: safeMimeType(file.mimetype), originalName };
      type Uploaded = { fieldId: number; file: { id: number; name: string; size: number } };
      type Outcome = { refusal: Refusal } | { uploaded: Uploaded; replacedKey: string | null };
      const result = await runAsTenant(businessId, async (): Promise<Outcome> => {
        const flow = await readPortalFlow(scope, { id: fields.data.flowId });
        const field = flow.steps.flatMap((s) => s.fields).find((f) => f.id === fields.data.fieldId);
        if (!field) return { refusal: { status: 404, message: M.portalFlows.notFound, code: 'NOT_FOUND' } };
        if (field.fieldType !== 'file') return { refusal: badRequest(M.portalFlows.notAFileField) };
        if (flow.state.status === 'completed') return { refusal: badRequest(M.portalFlows.alreadySubmitted) };
        // The document (its url names the download route, which needs the id) and the answer: one transaction.
        return scope.db.$transaction(async (tx): Promise<Outcome> => {
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
          await tx.flowAnswer.deleteMany({ where: { submissionId: submission.id, flowFieldId: field.id } });
          await tx.flowAnswer.create({
            data: { businessId, submissionId: submission.id, flowFieldId: field.id, value: String(doc.id) },
          });
          if (previous) {
            await tx.document.delete({ where: { id: previous.id }, select: { id: true } });
            await recordActivity(tx, businessId, contactActor(session.contact), {
              entityType: 'file',
              entityId: previous.id,
              entityName: previous.name,
              companyId: previous.companyId,
              action: 'deleted',
              changes: [{ field: 'flow', from: flow.name, to: null }],
              clientVisible: previous.visibleInPortal && previous.companyId !== null,
            });
          }
          await recordActivity(tx, businessId, contactActor(session.contact), {
            entityType: 'file',
            entityId: doc.id,
            entityName: doc.name,
            companyId: scope.companyId,
            action: 'uploaded',
            changes: [{ field: 'flow', from: null, to: flow.name }],
            clientVisible: true,
          });
          return { uploaded: { fieldId: field.id, file: doc }, replacedKey: previous?.storageKey ?? null };
        });
      });
      if ('refusal' in result) {
        await discard();
        return refuse(res, result.refusal);
      }
      storedKey = null;
      // The replaced file's row is gone: its bytes go too (a failure only leaves bytes no row names, logged).
      const replacedKey = result.replacedKey;
      if (replacedKey)
        await storage
          .remove(replacedKey)
          .catch((error: unknown) =>
            log.error(
              { err: error, key: replacedKey },
              'files: a replaced flow upload could not be removed from storage',
            ),
          );
      res.status(201).json(result.uploaded);
    } catch (error) {
      await discard();
      if (error instanceof StorageQuotaError) return refuse(res, storageFull);
      sendError(res, error);
    } finally {
      await discard();
    }
  });

  return routes;
}
