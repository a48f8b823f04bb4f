import { FileText } from 'lucide-react';
import { dashboard } from '../../../../shared/messages/dashboard';
import { cn } from '../../lib/cn';
import { statusLabel } from '../../ui/Badge';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { dashboard } as const;

export { CompanyStatusBadge } from '../companies/companyParts';

/** Icon colours by document type (the spec: contract red, agreement blue, proposal green, invoice purple, other grey). */
const fileTone: Record<string, string> = {
  contract: 'bg-red-50 text-red-600',
  agreement: 'bg-sky-50 text-sky-600',
  proposal: 'bg-emerald-50 text-emerald-600',
  invoice: 'bg-violet-50 text-violet-600',
  report: 'bg-amber-50 text-amber-600',
  other: 'bg-slate-100 text-slate-500',
};

export function FileTypeIcon({ type }: { type: string }) {
  return (
    <span
      className={cn('grid size-8 shrink-0 place-items-center rounded-lg', fileTone[type] ?? fileTone.other)}
      title={statusLabel(type)}
    >
      <FileText className="size-4" aria-hidden />
    </span>
  );
}

const ago = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });
/** The largest unit that fits, in seconds: "3 hours ago" rather than "180 minutes ago". */
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400],
  ['month', 30 * 86_400],
  ['week', 7 * 86_400],
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * 'x ago' ("5 minutes ago", "yesterday", "last month"; "just now" within a minute), or 'Unknown time' when the date
 * is missing or unreadable. Written by the platform's Intl.RelativeTimeFormat: the first screens show these.
 */
export function relativeTime(date: Date | string | null | undefined, now = new Date()): string {
  if (!date) return M.dashboard.unknownTime;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return M.dashboard.unknownTime;
  // A clock a little behind the server's would read "in a minute": the future reads as now.
  const seconds = Math.max(0, (now.getTime() - value.getTime()) / 1000);
  for (const [unit, size] of UNITS) if (seconds >= size) return ago.format(-Math.floor(seconds / size), unit);
  return M.dashboard.justNow;
}

/** Two letters for an avatar. */
export const initials = (first: string, last: string) =>
  `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
