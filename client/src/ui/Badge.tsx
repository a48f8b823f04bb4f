import { cn } from '../lib/cn';

const tones = {
  green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  blue: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  yellow: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  red: 'bg-red-50 text-red-700 ring-red-600/20',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  purple: 'bg-violet-50 text-violet-700 ring-violet-600/20',
  orange: 'bg-orange-50 text-orange-700 ring-orange-600/20',
} as const;
export type Tone = keyof typeof tones;

export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: Tone;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}

/** "at-risk" → "At-risk", "in-progress" → "In Progress". */
export function statusLabel(status: string) {
  if (status === 'at-risk') return 'At-risk';
  return status.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
}
