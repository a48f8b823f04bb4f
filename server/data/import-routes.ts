/**
 * POST /api/imports: multipart (`file` and the fields of importFormFields: kind, mapping, commit, applyBusiness). A CSV of companies
 * or contacts ('data.import': owner and admin) or a Clientflow export zip ('data.importArchive': owner). commit
 * "true" writes everything in one transaction (200 with the summary) or, when the file has any problem, nothing
 * (400 with the issues, line by line); otherwise the answer is the preview. The upload lands in a temporary file
 * (never in the upload folder) that is always deleted afterwards. Checked like every procedure (server/http/route.ts,
 * declared in server/http/registry.ts; app.ts's Origin check covers the cookie POST).
 */
import fsp from 'node:fs/promises';
import type { Request, Response } from 'express';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import type { Permission } from '../../shared/permissions';
import { importFormFields, type ImportIssue } from '../../shared/schemas/data';
import { staffActor } from '../activity';
import { requirePermission } from '../auth/access';
import type { StaffScope } from '../domain/context';
import { safeFileName } from '../files/routes';
import { checkMultipart, receiveFile, tempFileEngine, withPendingUpload, type UploadRefusals } from '../http/multipart';
import { badRequest, RouteRefusal, tooLarge, type Refusal } from '../http/reply';
import { hasNul } from '../lib/input-guards';
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
const CSV_MAX_BYTES = 10 * 1024 * 1024;

/** A refusal with the file's problems, line by line. */
const withIssues = (message: string, issues: ImportIssue[]): Refusal => ({
  status: 400,
  message,
  code: 'BAD_REQUEST',
  issues,
});

/** What an import's own failures answer. */
function importRefusal(error: unknown): Refusal | null {
  if (error instanceof ImportIssuesError) return withIssues(error.message, error.issues);
  if (error instanceof ImportFileError) return badRequest(error.message);
  if (error instanceof ImportBusyError) return { status: 409, message: error.message, code: 'CONFLICT' };
  return null;
}

/**
 * POST /api/imports ('data.import' to upload at all; an archive also needs 'data.importArchive'). The temporary
 * file is removed before the answer is sent.
 */
export async function importUpload(scope: StaffScope, req: Request, res: Response) {
  const { env, storage } = scope.app;
  const db = scope.app.database.db;
  const { businessId } = scope;
  // The kind is only known once the form is read: the zip's limit applies to the upload, a CSV is checked after.
  const maxBytes = Math.max(env.IMPORT_MAX_BYTES, CSV_MAX_BYTES);
  const archiveTooLarge = tooLarge(I.archiveTooLarge(formatFileSize(env.IMPORT_MAX_BYTES)));
  const refusals: UploadRefusals = {
    notMultipart: badRequest(I.notMultipart),
    badUpload: badRequest(I.badUpload),
    tooLarge: archiveTooLarge,
  };
  checkMultipart(req, res, maxBytes, refusals);
  let archive: Archive | null = null;
  const remove = (file: string) => {
    (archive as Archive | null)?.close();
    return fsp.rm(file, { force: true });
  };
  const body = await withPendingUpload(remove, 'import: the temporary file could not be removed', async (pending) => {
    const file = await receiveFile(req, res, {
      engine: tempFileEngine('clientflow-import-'),
      maxBytes,
      fieldSize: 32 * 1024,
      refusals,
    });
    if (file) pending.hold(file.path);
    if (!file) throw new RouteRefusal(badRequest(I.noFile));
    if (file.size === 0) throw new RouteRefusal(badRequest(I.emptyFile));

    const fields = importFormFields.safeParse({ ...req.body });
    if (!fields.success) {
      const issues = fields.error.issues.map((i) => ({
        line: null,
        field: i.path.map(String).join('.'),
        message: i.message,
      }));
      throw new RouteRefusal(withIssues(issues[0].message, issues));
    }
    if (hasNul(fields.data) || hasNul(file.originalname)) throw new RouteRefusal(badRequest(M.common.nulCharacter));
    const { kind, mapping, commit, applyBusiness } = fields.data;
    const permission: Permission = kind === 'archive' ? 'data.importArchive' : 'data.import';
    requirePermission(scope.session, permission);
    const fileName = safeFileName(file.originalname ?? '');
    const actor = staffActor(scope.user);

    try {
      if (kind === 'archive') {
        if (file.size > env.IMPORT_MAX_BYTES) throw new RouteRefusal(archiveTooLarge);
        // A preview reads as much as a commit: both run under the agency's import guard (another one meanwhile is
        // 409), and what the analysis found duplicates is what the commit skips.
        const limits = {
          maxUnpackedBytes: env.IMPORT_MAX_UNPACKED_BYTES,
          maxRatio: env.IMPORT_MAX_RATIO,
          fileBytes: file.size,
        };
        return await oneImportAtATime(db, businessId, async () => {
          const opened = await Archive.open(file.path, limits);
          archive = opened;
          const analysis = await analyseArchive(db, businessId, opened, { applyBusiness });
          return commit
            ? commitArchive(db, storage, businessId, actor, fileName, opened, analysis, env)
            : analysis.preview;
        });
      }
      if (file.size > CSV_MAX_BYTES) throw new RouteRefusal(tooLarge(I.csvTooLarge(formatFileSize(CSV_MAX_BYTES))));
      const analysis = await analyseCsv(db, businessId, kind, await fsp.readFile(file.path), mapping);
      return commit
        ? await oneImportAtATime(db, businessId, () => commitCsv(db, businessId, actor, kind, fileName, analysis))
        : analysis.preview;
    } catch (error) {
      const refusal = importRefusal(error);
      throw refusal ? new RouteRefusal(refusal) : error;
    }
  });
  if (res.headersSent || res.destroyed) return;
  res.status(200).json(body);
}
