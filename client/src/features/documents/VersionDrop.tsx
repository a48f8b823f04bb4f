import { useState, type DragEvent } from 'react';
import { FileUp } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import type { DocumentRow } from './documentParts';
import { useVersionUpload, VersionProgress } from './versionUpload';

const V = M.versions;

/** The attribute that names a row's or card's file for the drop (on an element inside it). */
const DROP_ATTR = 'data-version-drop';

/** Dragging files from the computer (not text, not a link from the page). */
const carriesFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

/** The file whose row or card the pointer is over: the row (tr) or card (li) holding an element that names it. */
function fileUnder(e: DragEvent): { id: number; row: HTMLElement } | null {
  const row = (e.target as Element | null)?.closest?.('tr, li') as HTMLElement | null;
  const marker = row?.querySelector(`[${DROP_ATTR}]`);
  const id = Number(marker?.getAttribute(DROP_ATTR));
  return row && Number.isInteger(id) && id > 0 ? { id, row } : null;
}

/**
 * Drag a file onto an existing file's row or card in the Files list to add a version (native HTML5 drop, one handler
 * pair on the list around the rows): the row shows the drop target, then a dialog names the file and the new version
 * number before anything is sent. `zone` goes on the element around the list; `Marker` inside each row and card.
 */
export function useVersionDrop(items: DocumentRow[]) {
  const [target, setTarget] = useState<number | null>(null);
  const [pending, setPending] = useState<{ document: DocumentRow; file: File } | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const mark = (row: HTMLElement | null) => {
    for (const el of document.querySelectorAll('[data-drop-active]')) el.removeAttribute('data-drop-active');
    row?.setAttribute('data-drop-active', 'true');
  };
  const zone = {
    onDragOver: (e: DragEvent) => {
      if (!carriesFiles(e)) return;
      const under = fileUnder(e);
      if (!under) {
        mark(null);
        setTarget(null);
        return;
      }
      e.preventDefault();
      e.dataTransfer.dropEffect = 'copy';
      mark(under.row);
      setTarget(under.id);
    },
    onDragLeave: (e: DragEvent) => {
      // Leaving the list itself (not moving between its children).
      if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
      mark(null);
      setTarget(null);
    },
    onDrop: (e: DragEvent) => {
      const under = fileUnder(e);
      mark(null);
      setTarget(null);
      if (!under || !carriesFiles(e)) return;
      e.preventDefault();
      const files = Array.from(e.dataTransfer.files);
      const document = items.find((d) => d.id === under.id);
      if (!document) return;
      if (files.length !== 1) return setRefused(V.oneFileOnly);
      setRefused(null);
      setPending({ document, file: files[0] });
    },
  };
  return {
    zone,
    target,
    dialog: (
      <VersionDropDialog
        pending={pending}
        refused={refused}
        onClose={() => {
          setPending(null);
          setRefused(null);
        }}
      />
    ),
  };
}

/** Inside a row or card: names its file for the drop, and says what a drop does while a file is dragged over it. */
export function VersionDropMarker({ document, active }: { document: DocumentRow; active: boolean }) {
  return (
    <span {...{ [DROP_ATTR]: document.id }} className={active ? 'mt-1 flex' : 'hidden'} aria-hidden={!active}>
      {active && (
        <span className="inline-flex items-center gap-1 rounded-full bg-brand-600 px-2 py-0.5 text-[11px] font-semibold text-white">
          <FileUp className="size-3" aria-hidden /> {V.dropHere(document.name)}
        </span>
      )}
    </span>
  );
}

/** Asks before a dropped file becomes the file's next version; then uploads it with its progress. */
function VersionDropDialog({
  pending,
  refused,
  onClose,
}: {
  pending: { document: DocumentRow; file: File } | null;
  refused: string | null;
  onClose: () => void;
}) {
  const upload = useVersionUpload(pending?.document.id ?? null, onClose);
  const next = (pending?.document.version ?? 0) + 1;
  const open = pending !== null || refused !== null;
  const close = () => {
    upload.clearError();
    onClose();
  };
  return (
    <Dialog open={open} onClose={() => !upload.busy && close()} title={V.confirmTitle} size="md">
      {refused && <Alert>{refused}</Alert>}
      {pending && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">{V.confirmText(pending.document.name, next)}</p>
          <p className="truncate rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200 ring-inset">
            {V.confirmFile(pending.file.name)}
          </p>
          {upload.percent !== null && <VersionProgress percent={upload.percent} />}
          {upload.error && <Alert>{upload.error}</Alert>}
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={close} disabled={upload.busy} autoFocus>
          {M.documents.cancel}
        </Button>
        {pending && (
          <Button busy={upload.busy} onClick={() => upload.start(pending.file)}>
            {V.confirmAction(next)}
          </Button>
        )}
      </div>
    </Dialog>
  );
}
