import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { idSchema } from '../../../../shared/schemas/common';
import { versionDownloadPath } from '../../../../shared/schemas/document-versions';
import { trpc } from '../../lib/trpc';
import type { DocumentRow } from './documentParts';
import { viewerKind, type ViewerFile } from './viewer';

const PARAMS = ['view', 'version', 'comment'] as const;

/**
 * ?view={file}&version={n}&comment={id} (a review comment found by search, shared/entities.ts): the viewer on that
 * version of the file, at the comment; a file the viewer cannot show opens its details. The parameters then leave
 * the address; a file that is gone or not the agency's shows the server's sentence.
 */
export function useReviewLink(open: (file: ViewerFile) => void, details: (document: DocumentRow) => void) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [view, version, comment] = PARAMS.map((name) => params.get(name));
  const handlers = useRef({ open, details });
  handlers.current = { open, details };
  useEffect(() => {
    if (view === null) return;
    const rest = new URLSearchParams(window.location.search);
    for (const name of PARAMS) rest.delete(name);
    void navigate({ search: rest.size ? `?${rest}` : '' }, { replace: true, preventScrollReset: true });
    const id = idSchema.safeParse(view);
    if (!id.success) return;
    const number = idSchema.safeParse(version);
    const focus = idSchema.safeParse(comment);
    const openIt = async () => {
      const document = await utils.documents.get.fetch({ id: id.data });
      const n = number.success ? number.data : document.version;
      // An older version: its own type and bytes (the versions list, newest first, from just above it).
      const older =
        n === document.version
          ? null
          : (await utils.documents.versions.fetch({ id: id.data, limit: 1, cursor: n + 1 })).items.find(
              (v) => v.number === n,
            );
      const mimeType = older ? older.mimeType : document.mimeType;
      if (!document.stored || !viewerKind(mimeType)) return handlers.current.details(document);
      handlers.current.open({
        name: document.name,
        url: older ? versionDownloadPath(id.data, n) : document.url,
        mimeType,
        review: { documentId: id.data, number: older ? n : document.version, portal: false, focus: focus.data },
      });
    };
    openIt().catch((error: unknown) => toast.error(error instanceof Error ? error.message : String(error)));
  }, [view, version, comment, navigate, utils]);
}
