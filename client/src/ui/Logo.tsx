import { Workflow } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/messages';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2 font-semibold text-slate-900">
      <span className="grid size-8 place-items-center rounded-lg bg-brand-600 text-white">
        <Workflow className="size-5" aria-hidden />
      </span>
      {!compact && <span className="text-lg tracking-tight">{PRODUCT_NAME}</span>}
    </span>
  );
}
