import type { ReactNode } from 'react';

/**
 * The version whose review comments the viewer shows beside the file (staff's, or the portal's without internal ones);
 * `focus`: the comment it opens on (a search result's link).
 */
export type ReviewTarget = { documentId: number; number: number; portal: boolean; focus?: number };

/**
 * What the viewer opens: the authorised download path (staff or portal session), the name and the media type; with
 * `review`, the version's comments and pins too.
 */
export type ViewerFile = { name: string; url: string; mimeType: string | null; review?: ReviewTarget };

/** A page's (or the image's) size on screen, in CSS pixels. */
export type ShownSize = { width: number; height: number };

/**
 * What a later layer draws over the file and hears from it (numbered comment pins): `overlay` per page (an image is
 * page 1), positioned over that page's box; `onPointClick` with the point as fractions 0..1 of the page's width and
 * height, whatever the zoom.
 */
export type ViewerLayers = {
  overlay?: (page: number, size: ShownSize) => ReactNode;
  onPointClick?: (page: number, x: number, y: number) => void;
};

/** Images a browser draws (the same set the server makes thumbnails of), and PDFs. */
export function viewerKind(mimeType: string | null): 'image' | 'pdf' | null {
  const type = (mimeType ?? '').toLowerCase();
  if (type === 'application/pdf') return 'pdf';
  if (/^image\/(png|jpeg|webp|gif|avif)$/.test(type)) return 'image';
  return null;
}

/** The point of a click inside a box, as fractions 0..1 of its width and height (clamped). */
export function pointIn(box: DOMRect, clientX: number, clientY: number) {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  return { x: clamp((clientX - box.left) / box.width), y: clamp((clientY - box.top) / box.height) };
}
