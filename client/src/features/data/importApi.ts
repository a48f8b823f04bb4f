import { M } from '../../../../shared/messages';
import type {
  ImportIssue,
  ImportKind,
  ImportMapping,
  ImportPreview,
  ImportSummary,
} from '../../../../shared/schemas/data';
import { replyBodyText } from '../../lib/trpc';

/** A refused or failed import request: the server's sentence, and the file's problems when it listed them. */
export class ImportRequestError extends Error {
  constructor(
    message: string,
    readonly issues: ImportIssue[] = [],
  ) {
    super(message);
    this.name = 'ImportRequestError';
  }
}

/** applyBusiness (a zip's commit): the export's agency details and branding replace the current ones. */
type ImportRequest = { file: File; kind: ImportKind; mapping?: ImportMapping | null; applyBusiness?: boolean };

/**
 * POST /api/imports as multipart/form-data (like the file upload: the session cookie authenticates it, the
 * browser's Origin header passes the same-origin check). Text fields go first: the server reads them before the file.
 */
async function postImport(
  { file, kind, mapping, applyBusiness }: ImportRequest,
  commit: boolean,
  signal?: AbortSignal,
): Promise<unknown> {
  const body = new FormData();
  body.append('kind', kind);
  if (mapping) body.append('mapping', JSON.stringify(mapping));
  body.append('commit', commit ? 'true' : 'false');
  if (kind === 'archive' && applyBusiness) body.append('applyBusiness', 'true');
  body.append('file', file, file.name);
  let response: Response;
  try {
    response = await fetch('/api/imports', { method: 'POST', body, credentials: 'same-origin', signal });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    throw new ImportRequestError(M.data.page.noReply);
  }
  const contentType = response.headers.get('content-type');
  const text = await response.text().catch(() => '');
  let json: unknown;
  if (contentType && /json/i.test(contentType)) {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (response.ok && json !== undefined) return json;
  const reply = (json ?? {}) as { message?: unknown; issues?: unknown };
  const message =
    typeof reply.message === 'string' && reply.message.trim()
      ? reply.message
      : `${response.status}: ${replyBodyText(text, contentType) || response.statusText}`;
  throw new ImportRequestError(message, Array.isArray(reply.issues) ? (reply.issues as ImportIssue[]) : []);
}

export const previewImport = (request: ImportRequest, signal?: AbortSignal) =>
  postImport(request, false, signal) as Promise<ImportPreview>;
export const commitImport = (request: ImportRequest) => postImport(request, true) as Promise<ImportSummary>;
