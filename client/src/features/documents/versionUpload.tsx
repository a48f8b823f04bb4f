import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { versionUploadPath } from '../../../../shared/schemas/document-versions';
import { trpc } from '../../lib/trpc';
import { useInvalidateDocuments } from './documentParts';

const V = M.versions;

/** What POST /api/documents/{id}/versions answers (shared/schemas/document-versions.ts, versionUploadOutput). */
type Uploaded = {
  version: { number: number };
  resetApprovalRequestIds: number[];
  reaskedApprovalRequestId: number | null;
};

/** Why the server refused, from its JSON reply ({ message }); null when it says nothing readable. */
function replyMessage(xhr: XMLHttpRequest): string | null {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body.message === 'string' && body.message.trim() ? body.message : null;
  } catch {
    return null;
  }
}

/**
 * Uploads a new version of a file (multipart, the session cookie), with its progress in percent and the server's
 * sentence when it refuses; on success a toast says the version's number, and that pending approvals were reset.
 */
export function useVersionUpload(documentId: number | null, onDone?: () => void) {
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const xhrRef = useRef<XMLHttpRequest | null>(null);
  const invalidate = useInvalidateDocuments();
  const utils = trpc.useUtils();

  const start = (file: File) => {
    if (documentId === null || xhrRef.current) return;
    setError(null);
    setPercent(0);
    const body = new FormData();
    body.append('file', file, file.name);
    const xhr = new XMLHttpRequest();
    xhrRef.current = xhr;
    xhr.open('POST', versionUploadPath(documentId));
    xhr.responseType = 'text';
    xhr.upload.onprogress = (e) =>
      setPercent(Math.min(100, Math.floor((e.loaded / Math.max(1, e.lengthComputable ? e.total : file.size)) * 100)));
    const end = () => {
      xhrRef.current = null;
      setPercent(null);
    };
    xhr.onload = () => {
      end();
      if (xhr.status !== 201) return setError(replyMessage(xhr) ?? V.uploadFailed);
      const reply = JSON.parse(xhr.responseText) as Uploaded;
      const resets = reply.resetApprovalRequestIds.length;
      const n = reply.version.number;
      toast.success(
        reply.reaskedApprovalRequestId !== null
          ? V.uploadedReasked(n)
          : resets
            ? V.uploadedReset(n, resets)
            : V.uploaded(n),
      );
      void invalidate();
      void utils.documents.versions.invalidate({ id: documentId });
      onDone?.();
    };
    xhr.onerror = () => {
      end();
      setError(V.uploadFailed);
    };
    xhr.onabort = end;
    xhr.send(body);
  };

  return {
    start,
    percent,
    error,
    busy: percent !== null,
    clearError: () => setError(null),
    abort: () => xhrRef.current?.abort(),
  };
}

/** The upload's progress bar, with its percentage for screen readers. */
export function VersionProgress({ percent }: { percent: number }) {
  return (
    <div className="space-y-1">
      <p className="text-xs font-medium text-slate-600" aria-live="polite">
        {V.uploading(percent)}
      </p>
      <div
        role="progressbar"
        aria-label={V.uploadNew}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-200"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
