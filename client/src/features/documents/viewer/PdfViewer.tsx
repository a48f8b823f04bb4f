import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { M } from '../../../../../shared/messages';
import type { ZoomControls } from './ImageViewer';
import { pdfRuntime } from './pdfRuntime';
import { pointIn, type ShownSize, type ViewerFile, type ViewerLayers } from './types';

const V = M.documents.viewer;
/** The widest a page is drawn at zoom 1, and the gap between pages. */
const MAX_PAGE_WIDTH = 960;
const GAP = 16;

/**
 * A PDF, page under page, drawn by pdfjs-dist (loaded only when a viewer opens or a preview button is reached) in
 * its worker (a built asset of the client, shared by every PDF: ./pdfRuntime.ts). The file is read by range requests
 * as pages are needed (the download route answers them), and a page is drawn only once it comes near the screen, so
 * a long PDF opens at its first page at once.
 */
export function PdfViewer({
  file,
  layers,
  onZoom,
  onPage,
}: {
  file: ViewerFile;
  layers: ViewerLayers;
  onZoom: (controls: ZoomControls) => void;
  onPage: (page: number, total: number) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [aspect, setAspect] = useState(11 / 8.5);
  const [failed, setFailed] = useState(false);
  const [width, setWidth] = useState(0);
  const [zoom, setZoom] = useState(1);

  useEffect(() => {
    let cancelled = false;
    let task: { destroy(): Promise<void> } | null = null;
    (async () => {
      const { pdfjs, worker } = await pdfRuntime();
      const loading = pdfjs.getDocument({
        url: file.url,
        worker,
        // Only the ranges a drawn page needs: without disableStream the first request reads the whole file anyway.
        disableStream: true,
        disableAutoFetch: true,
        rangeChunkSize: 65_536,
      });
      task = loading;
      const loaded = await loading.promise;
      const first = await loaded.getPage(1);
      if (cancelled) return;
      const size = first.getViewport({ scale: 1 });
      setAspect(size.height / size.width);
      setDoc(loaded);
    })().catch(() => !cancelled && setFailed(true));
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [file.url]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.min(MAX_PAGE_WIDTH, el.clientWidth - 2 * GAP)));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    onZoom({
      zoom,
      zoomIn: () => setZoom((z) => Math.min(4, z * 1.25)),
      zoomOut: () => setZoom((z) => Math.max(0.25, z * 0.8)),
      fit: () => setZoom(1),
    });
  }, [zoom, onZoom]);

  // The page at the top of the view, for the bar's "Page n of N".
  const total = doc?.numPages ?? 0;
  const pageWidth = Math.max(1, width * zoom);
  const pageHeight = pageWidth * aspect;
  useEffect(() => {
    const el = scroller.current;
    if (!el || !total) return;
    const update = () => onPage(Math.min(total, Math.floor((el.scrollTop + GAP) / (pageHeight + GAP)) + 1), total);
    update();
    el.addEventListener('scroll', update, { passive: true });
    return () => el.removeEventListener('scroll', update);
  }, [total, pageHeight, onPage]);

  return (
    <div ref={scroller} className="h-full overflow-auto" data-testid="pdf-viewer" data-pages={total || undefined}>
      {failed ? (
        <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-200">{V.failed}</p>
      ) : !doc || !width ? (
        <p role="status" className="grid h-full place-items-center text-sm text-slate-300">
          {V.loading}
        </p>
      ) : (
        <ol
          className="mx-auto flex flex-col items-center"
          style={{ gap: GAP, padding: GAP, width: 'max-content', minWidth: '100%' }}
        >
          {Array.from({ length: total }, (_, i) => (
            <PdfPage
              key={i + 1}
              doc={doc}
              number={i + 1}
              width={pageWidth}
              estimatedHeight={pageHeight}
              root={scroller.current}
              layers={layers}
            />
          ))}
        </ol>
      )}
    </div>
  );
}

/** One page: a box of the page's size at once, its canvas drawn when it comes within a screen of the view. */
function PdfPage({
  doc,
  number,
  width,
  estimatedHeight,
  root,
  layers,
}: {
  doc: PDFDocumentProxy;
  number: number;
  width: number;
  estimatedHeight: number;
  root: HTMLElement | null;
  layers: ViewerLayers;
}) {
  const box = useRef<HTMLLIElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [size, setSize] = useState<ShownSize | null>(null);
  const [drawn, setDrawn] = useState(false);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const observer = new IntersectionObserver((entries) => setNear(entries.some((e) => e.isIntersecting)), {
      root,
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [root]);

  useEffect(() => {
    if (!near || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | null = null;
    (async () => {
      const page = await doc.getPage(number);
      if (cancelled || !canvas.current) return;
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const ratio = window.devicePixelRatio || 1;
      const target = canvas.current;
      target.width = Math.floor(viewport.width * ratio);
      target.height = Math.floor(viewport.height * ratio);
      setSize({ width: viewport.width, height: viewport.height });
      task = page.render({
        canvas: target,
        viewport,
        transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0],
      });
      await task.promise;
      if (!cancelled) setDrawn(true);
    })().catch(() => {});
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, doc, number, width]);

  const shown = size ?? { width, height: estimatedHeight };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a pin is placed with the pointer; pages scroll with the keyboard
    <li
      ref={box}
      aria-label={V.page(number)}
      data-page={number}
      data-drawn={drawn || undefined}
      className="relative shrink-0 bg-white shadow-2xl"
      style={{ width: shown.width, height: shown.height }}
      onClick={
        layers.onPointClick
          ? (e) => {
              const { x, y } = pointIn(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
              layers.onPointClick?.(number, x, y);
            }
          : undefined
      }
    >
      <canvas ref={canvas} className="block size-full" />
      {size && layers.overlay && <div className="absolute inset-0">{layers.overlay(number, size)}</div>}
    </li>
  );
}
