/**
 * POST /api/imports: multipart (`file` and the fields of importFormFields: kind, mapping, commit, applyBusiness). A CSV of companies
 * or contacts ('data.import': owner and admin) or a Clientflow export zip ('data.importArchive': owner). commit
 * "true" writes everything in one transaction (200 with the summary) or, when the file has any problem, nothing
 * (400 with the issues, line by line); otherwise the answer is the preview. The upload lands in a temporary file
 * (never in the upload folder) that is always deleted afterwards. Authenticated like every procedure (Bearer token,
 * else the staff cookie; app.ts's Origin check covers the cookie POST).
 */
import fsp from 'node:fs/promises';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { Router, type Request, type Response } from 'express';
import multer, { MulterError } from 'multer';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { can, forbiddenMessage, type Permission } from '../../shared/permissions';
import { importFormFields, type ImportIssue, type ImportPreview, type ImportSummary } from '../../shared/schemas/data';
import { staffActor } from '../activity';
import { MULTIPART_OVERHEAD, safeFileName } from '../files/routes';
import { hasNul } from '../lib/input-guards';
import { sendError, sendRefusal } from '../rest';
import { log } from '../log';
import { twoFactorSetupRefusal, type createContextFactory } from '../trpc';
import { analyseArchive } from './import-analysis';
import { Archive } from './import-archive';
import { commitArchive } from './import-commit';
import {
  ImportBusyError,
  ImportFileError,
  ImportIssuesError,
  analyseCsv,
  commitCsv,
  oneImportAtATime,
} from './import-csv';

const I = M.data.import;

/** A CSV is read whole into memory: at most this large. */
export const CSV_MAX_BYTES = 10 * 1024 * 1024;

type Refusal = { status: number; message: string; code: string; issues?: ImportIssue[] };
/** What the route answers: a refusal, or 200 with the preview or the summary. */
type Reply = Refusal | { status: 200; body: ImportPreview | ImportSummary };

const ok = (body: ImportPreview | ImportSummary): Reply => ({ status: 200, body });
const forbidden = (permission: Permission): Refusal => ({
  status: 403,
  message: forbiddenMessage(permission),
  code: 'FORBIDDEN',
});

const unauthenticated: Refusal = { status: 401, message: M.auth.unauthenticated, code: 'UNAUTHORIZED' };
const badRequest = (message: string): Refusal => ({ status: 400, message, code: 'BAD_REQUEST' });
const tooLarge = (message: string): Refusal => ({ status: 413, message, code: 'PAYLOAD_TOO_LARGE' });

/** multer into a temporary file of its own (random name under the system's temp folder). */
function receive(req: Request, res: Response, maxBytes: number): Promise<void> {
  const middleware = multer({
    storage: multer.diskStorage({
      destination: os.tmpdir(),
      filename: (_req, _file, cb) => cb(null, `clientflow-import-${randomUUID()}`),
    }),
    defParamCharset: 'utf8',
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: 10,
      fieldSize: 32 * 1024,
      fieldNameSize: 100,
      parts: 12,
      headerPairs: 20,
    },
  }).single('file');
  return new Promise((resolve, reject) =>
    middleware(req, res, (error?: unknown) => (error ? reject(error) : resolve())),
  );
}

export function importRoutes(createContext: ReturnType<typeof createContextFactory>) {
  const routes = Router();

  routes.post('/api/imports', async (req, res) => {
    const ctx = createContext({ req, res });
    const { env, storage } = ctx.app;
    const db = ctx.app.database.db;
    // The kind is only known once the form is read: the zip's limit applies to the upload, a CSV is checked after.
    const maxBytes = Math.max(env.IMPORT_MAX_BYTES, CSV_MAX_BYTES);
    let tempFile: string | null = null;
    let archive: Archive | null = null;

    /** The answer (null: the client is gone); the temporary file is removed before it is sent. */
    const handle = async (): Promise<Reply | null> => {
      const session = await ctx.sessions.getStaff();
      if (!session) return unauthenticated;
      if (session.twoFactorSetupNeeded) return twoFactorSetupRefusal;
      // Nobody without either permission gets as far as uploading.
      if (!can(session.user.role, 'data.import')) return forbidden('data.import');
      if (!req.is('multipart/form-data')) return badRequest(I.notMultipart);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) {
        res.setHeader('Connection', 'close');
        return tooLarge(I.archiveTooLarge(formatFileSize(env.IMPORT_MAX_BYTES)));
      }
      try {
        await receive(req, res, maxBytes);
      } catch (error) {
        if (res.destroyed || !res.socket || res.socket.destroyed) return null;
        if (error instanceof MulterError && error.code === 'LIMIT_FILE_SIZE')
          return tooLarge(I.archiveTooLarge(formatFileSize(env.IMPORT_MAX_BYTES)));
        if (
          error instanceof MulterError &&
          (error.code === 'LIMIT_UNEXPECTED_FILE' || error.code === 'LIMIT_FILE_COUNT')
        )
          return badRequest(I.notMultipart);
        return badRequest(I.badUpload);
      }
      const file = req.file;
      tempFile = file?.path ?? null;
      if (!file) return badRequest(I.noFile);
      if (file.size === 0) return badRequest(I.emptyFile);

      const fields = importFormFields.safeParse({ ...req.body });
      if (!fields.success) {
        const issues = fields.error.issues.map((i) => ({
          line: null,
          field: i.path.map(String).join('.'),
          message: i.message,
        }));
        return { status: 400, message: issues[0].message, code: 'BAD_REQUEST', issues };
      }
      if (hasNul(fields.data) || hasNul(file.originalname)) return badRequest(M.common.nulCharacter);
      const { kind, mapping, commit, applyBusiness } = fields.data;
      const permission = kind === 'archive' ? 'data.importArchive' : 'data.import';
      if (!can(session.user.role, permission)) return forbidden(permission);
      const businessId = session.user.businessId;
      const fileName = safeFileName(file.originalname ?? '');
      const actor = staffActor(session.user);

      if (kind === 'archive') {
        if (file.size > env.IMPORT_MAX_BYTES) return tooLarge(I.archiveTooLarge(formatFileSize(env.IMPORT_MAX_BYTES)));
        // A preview reads as much as a commit: both run under the agency's import guard (another one meanwhile is 409),
        // and what the analysis found duplicates is what the commit skips.
        const limits = {
          maxUnpackedBytes: env.IMPORT_MAX_UNPACKED_BYTES,
          maxRatio: env.IMPORT_MAX_RATIO,
          fileBytes: file.size,
        };
        return ok(
          await oneImportAtATime(db, businessId, async () => {
            const opened = await Archive.open(file.path, limits);
            archive = opened;
            const analysis = await analyseArchive(db, businessId, opened, { applyBusiness });
            return commit
              ? commitArchive(db, storage, businessId, actor, fileName, opened, analysis, env)
              : analysis.preview;
          }),
        );
      }
      if (file.size > CSV_MAX_BYTES) return tooLarge(I.csvTooLarge(formatFileSize(CSV_MAX_BYTES)));
      const analysis = await analyseCsv(db, businessId, kind, await fsp.readFile(file.path), mapping);
      return ok(
        commit
          ? await oneImportAtATime(db, businessId, () => commitCsv(db, businessId, actor, kind, fileName, analysis))
          : analysis.preview,
      );
    };

    let reply: Reply | null = null;
    let failure: unknown = null;
    try {
      reply = await handle();
    } catch (error) {
      if (error instanceof ImportIssuesError)
        reply = { status: 400, message: error.message, code: 'BAD_REQUEST', issues: error.issues };
      else if (error instanceof ImportFileError) reply = badRequest(error.message);
      else if (error instanceof ImportBusyError) reply = { status: 409, message: error.message, code: 'CONFLICT' };
      else failure = error;
    } finally {
      (archive as Archive | null)?.close();
      if (tempFile)
        await fsp
          .rm(tempFile, { force: true })
          .catch((error: unknown) =>
            log.error({ err: error, file: tempFile }, 'import: the temporary file could not be removed'),
          );
    }
    if (failure) return sendError(res, failure);
    if (!reply || res.headersSent || res.destroyed) return;
    const { status, ...body } = reply;
    if ('body' in body) res.status(status).json(body.body);
    else sendRefusal(res, status, body);
  });

  return routes;
}
