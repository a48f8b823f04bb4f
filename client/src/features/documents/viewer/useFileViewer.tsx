import { lazy, Suspense, useState } from 'react';
import type { ViewerFile, ViewerLayers } from './types';

const loadViewer = () => import('./FileViewer');
/** The viewer's code (pdfjs-dist included) is fetched when a viewer first opens, never with a list. */
const FileViewer = lazy(loadViewer);

/**
 * Fetches the viewer's code ahead, when a pointer or focus reaches a preview button: the click then opens at once.
 * pdfjs-dist only for a PDF.
 */
export function preloadViewer(mimeType: string | null) {
  void loadViewer();
  if (mimeType === 'application/pdf') void import('./pdfRuntime').then(({ pdfRuntime }) => pdfRuntime());
}

let idlePreload: Set<string> | null = null;
/**
 * A list that shows a previewable file fetches the viewer's code (and pdf.js with its worker, for a PDF) once the
 * page is idle, so the first open pays neither (a 200-page PDF then shows its first page in about half a second).
 */
export function preloadViewerWhenIdle(mimeType: string | null) {
  const key = mimeType === 'application/pdf' ? 'pdf' : 'viewer';
  idlePreload ??= new Set();
  if (idlePreload.has(key)) return;
  idlePreload.add(key);
  const run = () => preloadViewer(mimeType);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1000);
}

/** The file a list has open in the viewer, and the viewer itself (nothing while none is open). */
export function useFileViewer(layers: ViewerLayers = {}) {
  const [file, setFile] = useState<ViewerFile | null>(null);
  const viewer = file ? (
    <Suspense fallback={null}>
      <FileViewer file={file} onClose={() => setFile(null)} {...layers} />
    </Suspense>
  ) : null;
  return { open: setFile, viewer };
}
