import { useCallback, useEffect, useState } from 'react';
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { Download, Maximize, Minus, Plus, X } from 'lucide-react';
import { VERSIONS_LIVE_TOPIC } from '../../../../../shared/live';
import { M } from '../../../../../shared/messages';
import { versionDownloadPath } from '../../../../../shared/schemas/document-versions';
import { useLiveEvents } from '../../../lib/live';
import { buttonClass } from '../../../ui/Button';
import { ImageViewer, type ZoomControls } from './ImageViewer';
import { PdfViewer } from './PdfViewer';
import { viewerKind, type ViewerFile, type ViewerLayers } from './types';
import { useReview } from './useReview';

const V = M.documents.viewer;
const VS = M.versions;
const barButton =
  'grid size-9 place-items-center rounded-md text-slate-200 hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none disabled:opacity-40';

/**
 * The file on the whole screen, hub and portal alike: an image to zoom, or a PDF's pages. + − 0 zoom and fit,
 * Escape closes (the dialog's own), focus stays inside. Loaded on demand (React.lazy), pdfjs-dist with it.
 */
export default function FileViewer({
  file: opened,
  onClose,
  ...layers
}: { file: ViewerFile; onClose: () => void } & ViewerLayers) {
  // A newer version uploaded while the viewer is open (live): said at once, shown when the person asks.
  const [file, setFile] = useState(opened);
  const [newer, setNewer] = useState<number | null>(null);
  useLiveEvents(VERSIONS_LIVE_TOPIC, (event) => {
    const data = event.data as { documentId?: number; current?: number } | null;
    const review = file.review;
    if (review && data?.documentId === review.documentId && (data.current ?? 0) > review.number)
      setNewer(data.current ?? null);
  });
  const showNewer = () => {
    if (!file.review || newer === null) return;
    setFile({
      ...file,
      url: versionDownloadPath(file.review.documentId, newer),
      review: { ...file.review, number: newer },
    });
    setNewer(null);
  };
  const kind = viewerKind(file.mimeType);
  const [zoom, setZoom] = useState<ZoomControls | null>(null);
  const [page, setPage] = useState<{ n: number; total: number } | null>(null);
  const onZoom = useCallback((controls: ZoomControls) => setZoom(controls), []);
  const onPage = useCallback((n: number, total: number) => setPage({ n, total }), []);
  // A version's comments: pins over the file, the list beside it (under it on a phone).
  const review = useReview(file.review && kind ? file.review : null, kind);
  const shownLayers = review ? review.layers : layers;

  // The keys work wherever focus is while the viewer is open (it is the only thing on screen).
  useEffect(() => {
    if (!zoom) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      // Typing a comment beside the file is not zooming.
      if (event.target instanceof HTMLElement && event.target.closest('input, textarea, select, [contenteditable]'))
        return;
      if (event.key === '+' || event.key === '=') zoom.zoomIn();
      else if (event.key === '-' || event.key === '−' || event.key === '_') zoom.zoomOut();
      else if (event.key === '0') zoom.fit();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [zoom]);

  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-950" aria-hidden />
      <div className="fixed inset-0 flex flex-col">
        <DialogPanel className="flex h-full flex-col">
          <header className="flex items-center gap-2 border-b border-white/10 bg-slate-900 px-3 py-2 text-slate-100 sm:px-4">
            <DialogTitle className="min-w-0 flex-1 truncate text-sm font-medium">{file.name}</DialogTitle>
            {page && kind === 'pdf' && (
              <span className="hidden text-xs text-slate-300 tabular-nums sm:inline" aria-live="polite">
                {V.pageOf(page.n, page.total)}
              </span>
            )}
            {zoom && (
              <div className="flex items-center gap-0.5" role="group" aria-label={V.keyboardHint}>
                <button
                  type="button"
                  className={barButton}
                  onClick={zoom.zoomOut}
                  aria-label={V.zoomOut}
                  title={V.zoomOut}
                >
                  <Minus className="size-4" aria-hidden />
                </button>
                <span className="w-12 text-center text-xs text-slate-300 tabular-nums" data-testid="zoom-level">
                  {V.zoomLevel(Math.round(zoom.zoom * 100))}
                </span>
                <button
                  type="button"
                  className={barButton}
                  onClick={zoom.zoomIn}
                  aria-label={V.zoomIn}
                  title={V.zoomIn}
                >
                  <Plus className="size-4" aria-hidden />
                </button>
                <button type="button" className={barButton} onClick={zoom.fit} aria-label={V.fit} title={V.fit}>
                  <Maximize className="size-4" aria-hidden />
                </button>
              </div>
            )}
            <a
              href={`${file.url}?download=1`}
              download
              className={buttonClass('ghost', 'sm', 'text-slate-200! hover:bg-white/10!')}
              aria-label={`${V.download} ${file.name}`}
            >
              <Download className="size-4" aria-hidden />
              <span className="hidden sm:inline">{V.download}</span>
            </a>
            <button type="button" className={barButton} onClick={onClose} aria-label={V.close} title={V.close}>
              <X className="size-5" aria-hidden />
            </button>
          </header>
          {newer !== null && (
            <div
              role="status"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 bg-amber-100 px-3 py-2 text-sm text-amber-950 sm:px-4"
            >
              <span className="min-w-0 flex-1">{VS.newerLive(newer)}</span>
              <button
                type="button"
                onClick={showNewer}
                className="rounded-md bg-amber-950 px-3 py-1 text-xs font-semibold text-white hover:bg-amber-900 focus-visible:ring-2 focus-visible:ring-amber-950 focus-visible:ring-offset-2 focus-visible:outline-none"
              >
                {VS.showNewer(newer)}
              </button>
            </div>
          )}
          <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
            <div className="min-h-0 flex-1">
              {kind === 'image' ? (
                <ImageViewer key={file.url} file={file} layers={shownLayers} onZoom={onZoom} />
              ) : kind === 'pdf' ? (
                <PdfViewer key={file.url} file={file} layers={shownLayers} onZoom={onZoom} onPage={onPage} />
              ) : (
                <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-200">{V.failed}</p>
              )}
            </div>
            {review?.panel}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
