import { type ReactNode, useEffect } from 'react';
import { previewFile } from '../../../../../shared/messages/frames';
import { cn } from '../../../lib/cn';
import { FileThumb } from './FileThumb';
import { viewerKind, type ViewerFile } from './types';
import { preloadViewer, preloadViewerWhenIdle } from './useFileViewer';

/**
 * A list row's picture of a file: its thumbnail (or `fallback`, the type's icon), and for an image or a PDF a button
 * that opens the viewer.
 */
export function PreviewThumb({
  file,
  thumbUrl,
  fallback,
  onOpen,
  className,
}: {
  file: ViewerFile | null;
  thumbUrl: string | null;
  fallback: ReactNode;
  onOpen: (file: ViewerFile) => void;
  className?: string;
}) {
  // A page's thumbnail shows its top (the title), an image its middle.
  const top = file?.mimeType === 'application/pdf' ? 'object-top' : null;
  const previewable = file !== null && viewerKind(file.mimeType) !== null;
  const mimeType = file?.mimeType ?? null;
  useEffect(() => {
    if (previewable) preloadViewerWhenIdle(mimeType);
  }, [previewable, mimeType]);
  const picture = <FileThumb thumbUrl={thumbUrl} fallback={fallback} className={cn('size-full', top, className)} />;
  if (!file || !viewerKind(file.mimeType))
    return thumbUrl ? <span className={cn('block shrink-0', className)}>{picture}</span> : picture;
  return (
    <button
      type="button"
      onClick={() => onOpen(file)}
      onPointerEnter={() => preloadViewer(file.mimeType)}
      onFocus={() => preloadViewer(file.mimeType)}
      aria-label={previewFile(file.name)}
      title={previewFile(file.name)}
      className={cn(
        'relative z-10 block shrink-0 rounded-lg transition hover:opacity-90 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        thumbUrl && className,
      )}
    >
      {picture}
    </button>
  );
}
