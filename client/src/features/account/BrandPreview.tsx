import { useLayoutEffect, useRef, useState } from 'react';
import { Lock, Monitor, Smartphone } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import type { PortalBrand } from '../portal/branding';
import { PortalLoginView } from '../portal/PortalLoginView';

const A = M.account;

/** The sizes the preview draws the page at before scaling it down to fit. */
const VIEWPORTS = { desktop: { width: 1200, height: 760 }, phone: { width: 390, height: 780 } } as const;
type Viewport = keyof typeof VIEWPORTS;

/**
 * The real portal login page (PortalLoginView) with the form's unsaved branding, drawn at a desktop or phone size
 * and scaled to the space there is, in a browser-like frame showing the portal's address. Inert: nothing in it can
 * be focused, clicked or read out (it is a picture of the page; its texts are all in the form above).
 */
export function BrandPreview({ brand, slug, portalUrl }: { brand: PortalBrand; slug: string; portalUrl: string }) {
  const [viewport, setViewport] = useState<Viewport>(() =>
    typeof window !== 'undefined' && window.innerWidth < 640 ? 'phone' : 'desktop',
  );
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(0);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const size = VIEWPORTS[viewport];
  // A phone is shown no wider than a phone would look beside the form.
  const shownWidth = viewport === 'phone' ? Math.min(available, 300) : available;
  const scale = shownWidth > 0 ? shownWidth / size.width : 0;

  return (
    <div data-testid="brand-preview">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-900">{A.preview}</h3>
          <p className="text-xs text-slate-500">{A.previewText}</p>
        </div>
        <div role="radiogroup" aria-label={A.previewSize} className="flex rounded-lg bg-slate-100 p-0.5">
          {(
            [
              ['desktop', Monitor, A.previewDesktop],
              ['phone', Smartphone, A.previewPhone],
            ] as const
          ).map(([key, Icon, label]) => (
            <button
              key={key}
              type="button"
              role="radio"
              aria-checked={viewport === key}
              onClick={() => setViewport(key)}
              className={cn(
                'flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                viewport === key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              <Icon className="size-3.5" aria-hidden /> {label}
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="w-full">
        <div
          className={cn(
            'mx-auto overflow-hidden bg-white shadow-sm ring-1 ring-slate-200',
            viewport === 'phone' ? 'rounded-[1.75rem] ring-4 ring-slate-800' : 'rounded-xl',
          )}
          style={{ width: shownWidth || undefined }}
        >
          {viewport === 'desktop' && (
            <div aria-hidden className="flex items-center gap-3 border-b border-slate-200 bg-slate-100 px-3 py-2">
              <span className="flex gap-1.5">
                <span className="size-2.5 rounded-full bg-red-300" />
                <span className="size-2.5 rounded-full bg-amber-300" />
                <span className="size-2.5 rounded-full bg-emerald-300" />
              </span>
              <span className="flex min-w-0 flex-1 items-center gap-1.5 truncate rounded-md bg-white px-2 py-0.5 font-mono text-[11px] text-slate-500 ring-1 ring-slate-200">
                <Lock className="size-3 shrink-0" /> {`${portalUrl}/login`}
              </span>
            </div>
          )}
          <div className="relative overflow-hidden" style={{ height: size.height * scale }}>
            {scale > 0 && (
              <div
                aria-hidden
                inert
                className="pointer-events-none absolute top-0 left-0 origin-top-left select-none"
                style={{ width: size.width, height: size.height, transform: `scale(${scale})` }}
              >
                <PortalLoginView brand={brand} routeSlug={slug} preview />
              </div>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
