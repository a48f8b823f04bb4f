import { lazy, Suspense, useState } from 'react';
import type { ViewerFile, ViewerLayers } from './types';

/** The viewer's code (pdfjs-dist included) is fetched when a viewer first opens, never with a list. */
const FileViewer = lazy(() => import('./FileViewer'));

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
