import { useCallback, useEffect, useRef, useState } from 'react';
import { M } from '../../../../../shared/messages';
import { pointIn, type ViewerFile, type ViewerLayers } from './types';

const V = M.documents.viewer;
const MIN_ZOOM = 0.1;
const MAX_ZOOM = 8;
const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

export type ZoomControls = { zoom: number; zoomIn(): void; zoomOut(): void; fit(): void };

/**
 * An image at the screen's size, zoomed by the wheel, a pinch (two pointers), the buttons of the viewer's bar or the
 * keys + − 0 (handled by the viewer); the wheel and pinch zoom around the pointer. `zoom` 1 = fitted.
 */
export function ImageViewer({
  file,
  layers,
  onZoom,
}: {
  file: ViewerFile;
  layers: ViewerLayers;
  onZoom: (controls: ZoomControls) => void;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });
  const [zoom, setZoom] = useState(1);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setBox({ width: el.clientWidth, height: el.clientHeight }));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const fitScale =
    natural && box.width ? Math.min(1, (box.width - 32) / natural.width, (box.height - 32) / natural.height) : 1;
  const shown = natural
    ? { width: Math.max(1, natural.width * fitScale * zoom), height: Math.max(1, natural.height * fitScale * zoom) }
    : null;

  /** Zooms by `factor` keeping the point under (clientX, clientY) in place (the view's centre without one). */
  const zoomBy = useCallback((factor: number, clientX?: number, clientY?: number) => {
    const el = scroller.current;
    setZoom((current) => {
      const next = clampZoom(current * factor);
      if (el) {
        const rect = el.getBoundingClientRect();
        const px = (clientX ?? rect.left + rect.width / 2) - rect.left;
        const py = (clientY ?? rect.top + rect.height / 2) - rect.top;
        const ratio = next / current;
        requestAnimationFrame(() => {
          el.scrollLeft = (el.scrollLeft + px) * ratio - px;
          el.scrollTop = (el.scrollTop + py) * ratio - py;
        });
      }
      return next;
    });
  }, []);

  useEffect(() => {
    onZoom({ zoom, zoomIn: () => zoomBy(1.25), zoomOut: () => zoomBy(0.8), fit: () => setZoom(1) });
  }, [zoom, zoomBy, onZoom]);

  // The wheel zooms (a listener that may prevent the page's scroll); two pointers pinch.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      zoomBy(Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.0015)), event.clientX, event.clientY);
    };
    const pointers = new Map<number, { x: number; y: number }>();
    let pinch = 0;
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const down = (e: PointerEvent) => {
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2) pinch = distance();
    };
    const move = (e: PointerEvent) => {
      if (!pointers.has(e.pointerId)) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 2 && pinch > 0) {
        const now = distance();
        const [a, b] = [...pointers.values()];
        zoomBy(now / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
        pinch = now;
      }
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      if (pointers.size < 2) pinch = 0;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('pointerdown', down);
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('pointerdown', down);
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
  }, [zoomBy]);

  return (
    <div
      ref={scroller}
      className="h-full touch-none overflow-auto"
      data-testid="image-viewer"
      data-zoom={zoom.toFixed(2)}
    >
      {failed ? (
        <p className="grid h-full place-items-center p-6 text-center text-sm text-slate-200">{V.failed}</p>
      ) : (
        <div
          className="grid min-h-full min-w-full place-items-center p-4"
          style={shown ? { width: 'max-content' } : undefined}
        >
          {/* biome-ignore lint/a11y/useKeyWithClickEvents: a pin is placed with the pointer; the keyboard zooms */}
          {/* biome-ignore lint/a11y/noStaticElementInteractions: the click only reports a point on the image */}
          <div
            className="relative bg-white shadow-2xl"
            style={shown ? { width: shown.width, height: shown.height } : undefined}
            onClick={
              layers.onPointClick
                ? (e) => {
                    const { x, y } = pointIn(e.currentTarget.getBoundingClientRect(), e.clientX, e.clientY);
                    layers.onPointClick?.(1, x, y);
                  }
                : undefined
            }
          >
            <img
              src={file.url}
              alt={file.name}
              draggable={false}
              onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
              onError={() => setFailed(true)}
              className="block size-full select-none"
              style={shown ? undefined : { maxWidth: '100%', maxHeight: '100%' }}
            />
            {shown && layers.overlay && <div className="absolute inset-0">{layers.overlay(1, shown)}</div>}
          </div>
        </div>
      )}
    </div>
  );
}
