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
