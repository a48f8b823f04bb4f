import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Check, Copy } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/Field';

/**
 * A secret or link to copy once (an invite link, a new API token): read-only, selected on focus, with a Copy button;
 * when the browser refuses the clipboard the text is left selected for Ctrl+C and `failedText` says so.
 */
export function CopyField({
  label,
  value,
  labels,
  hint,
  className,
}: {
  label: string;
  value: string;
  labels: { copy: string; copied: string; failed: string };
  hint?: ReactNode;
  className?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 2000);
    return () => clearTimeout(timer);
  }, [copy]);

  const onCopy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      input.current?.focus();
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={cn('rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className={cn(controlClass(), 'min-w-0 flex-1 font-mono text-xs text-slate-700')}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <Button variant="secondary" onClick={() => void onCopy()} className="shrink-0">
          {copy === 'copied' ? (
            <Check className="size-4 text-emerald-600" aria-hidden />
          ) : (
            <Copy className="size-4" aria-hidden />
          )}
          {copy === 'copied' ? labels.copied : labels.copy}
        </Button>
      </div>
      {hint && (
        <div id={`${id}-hint`} className="mt-2 text-xs text-slate-500">
          {hint}
        </div>
      )}
      {copy === 'failed' && (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {labels.failed}
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {copy === 'copied' ? labels.copied : ''}
      </span>
    </div>
  );
}
