import { formatDistanceToNow } from 'date-fns';
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

/** 'x ago' (date-fns), or 'Unknown time' when the date is missing or unreadable. */
export function relativeTime(date: Date | string | null | undefined, now = new Date()): string {
  if (!date) return M.dashboard.unknownTime;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return M.dashboard.unknownTime;
  // A clock a little behind the server's would read "in less than a minute".
  return formatDistanceToNow(value.getTime() > now.getTime() ? now : value, { addSuffix: true });
}

/** Two letters for an avatar. */
export const initials = (first: string, last: string) =>
  `${first.trim()[0] ?? ''}${last.trim()[0] ?? ''}`.toUpperCase() || '?';
