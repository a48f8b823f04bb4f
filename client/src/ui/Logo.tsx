import { Layers } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/messages-core';

/** The product's mark: a gradient tile with a layered icon (decorative). */
export function LogoMark({ className = 'size-8' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-lg bg-linear-to-br from-brand-500 to-brand-800 text-white shadow-sm ring-1 ring-brand-900/10 ${className}`}
    >
      <Layers className="size-[55%]" strokeWidth={2.25} />
    </span>
  );
}

export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">{PRODUCT_NAME}</span>
    </span>
  );
}
