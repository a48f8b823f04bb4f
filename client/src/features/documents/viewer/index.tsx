// The viewer's API for lists and the detail; FileViewer's `overlay` and `onPointClick` (./types.ts ViewerLayers) are
// for the layers drawn over a file (comment pins).
export { PreviewThumb } from './PreviewThumb';
export { viewerKind, type ViewerFile } from './types';
export { preloadViewer, useFileViewer } from './useFileViewer';
