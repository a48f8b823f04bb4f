import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { idSchema } from '../../../../shared/schemas/common';
import { versionDownloadPath } from '../../../../shared/schemas/document-versions';
import { trpc } from '../../lib/trpc';
import type { DocumentRow } from './documentParts';
import { viewerKind, type ViewerFile } from './viewer';

const PARAMS = ['view', 'version', 'comment'] as const;

/** What the address asks for: a file, a version of it (null: its current one) and a comment to focus. */
type ReviewTarget = { id: number; number: number | null; focus: number | undefined };

/**
 * ?view={file}&version={n}&comment={id} (a review comment found by search, shared/entities.ts): the parameters leave
 * the address, and `openIt` opens the viewer on them; a file that is gone or not theirs shows the server's sentence.
 */
function useReviewParams(openIt: (target: ReviewTarget) => Promise<void>) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [view, version, comment] = PARAMS.map((name) => params.get(name));
  const handler = useRef(openIt);
  handler.current = openIt;
  useEffect(() => {
    if (view === null) return;
    const rest = new URLSearchParams(window.location.search);
    for (const name of PARAMS) rest.delete(name);
    void navigate({ search: rest.size ? `?${rest}` : '' }, { replace: true, preventScrollReset: true });
    const id = idSchema.safeParse(view);
    if (!id.success) return;
    const number = idSchema.safeParse(version);
    const focus = idSchema.safeParse(comment);
    handler
      .current({
        id: id.data,
        number: number.success ? number.data : null,
        focus: focus.success ? focus.data : undefined,
      })
      .catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  }, [view, version, comment, navigate]);
}

/** The hub's Files: the viewer on that version of the file, at the comment; a file it cannot show opens its details. */
export function useReviewLink(open: (file: ViewerFile) => void, details: (document: DocumentRow) => void) {
  const utils = trpc.useUtils();
  useReviewParams(async ({ id, number, focus }) => {
    const document = await utils.documents.get.fetch({ id });
    const n = number ?? document.version;
    // An older version: its own type and bytes (the versions list, newest first, from just above it).
    const older =
      n === document.version
        ? null
        : (await utils.documents.versions.fetch({ id, limit: 1, cursor: n + 1 })).items.find((v) => v.number === n);
    const mimeType = older ? older.mimeType : document.mimeType;
    if (!document.stored || !viewerKind(mimeType)) return details(document);
    open({
      name: document.name,
      url: older ? versionDownloadPath(id, n) : document.url,
      mimeType,
      review: { documentId: id, number: older ? n : document.version, portal: false, focus },
    });
  });
}

/**
 * The portal's Files: the viewer on that version of a file the client sees (its current one, or an older one staff
 * shared), at the comment. A version not shared with them opens the current one; a file gone says so.
 */
export function usePortalReviewLink(open: (file: ViewerFile) => void) {
  const utils = trpc.useUtils();
  useReviewParams(async ({ id, number, focus }) => {
    const { file, items } = await utils.portalFiles.versions.fetch({ id });
    const older = number === null || number === file.version ? null : items.find((v) => v.number === number);
    const shown = older ?? { number: file.version, mimeType: file.mimeType, url: file.url };
    if (!viewerKind(shown.mimeType)) return void toast.error(M.documents.viewer.failed);
    open({
      name: file.name,
      url: shown.url,
      mimeType: shown.mimeType,
      review: { documentId: id, number: shown.number, portal: true, focus },
    });
  });
}
