import { Check, CloudOff, Loader2 } from 'lucide-react';
import { M } from '../../../../../shared/messages';
import { cn } from '../../../lib/cn';
import type { SaveState } from '../useStepSaver';

const F = M.flows;

/** The page's save state, next to the steps: 'Saving…', 'Saved', or the failure with Retry. */
export function SaveIndicator({ state, onRetry }: { state: SaveState; onRetry: () => void }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-save-state={state}
      className="flex min-w-0 items-center gap-1.5 text-xs font-medium"
    >
      {state === 'saving' && (
        <span className="inline-flex items-center gap-1.5 text-slate-500">
          <Loader2 className="size-3.5 animate-spin" aria-hidden /> {F.saving}
        </span>
      )}
      {state === 'saved' && (
        <span className="inline-flex items-center gap-1.5 text-emerald-700">
          <Check className="size-3.5" aria-hidden /> {F.saved}
        </span>
      )}
      {state === 'error' && (
        <span className="inline-flex min-w-0 items-center gap-1.5 text-red-700">
          <CloudOff className="size-3.5 shrink-0" aria-hidden />
          <span className="min-w-0">{F.saveFailed}</span>
          <button
            type="button"
            onClick={onRetry}
            className={cn(
              'shrink-0 rounded-sm underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none',
            )}
          >
            {F.retrySave}
          </button>
        </span>
      )}
    </div>
  );
}
