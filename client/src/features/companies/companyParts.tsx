import { ExternalLink } from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { companiesStatusLabels } from '../../../../shared/messages/labels';
import { cn } from '../../lib/cn';
import { Badge, type Tone } from '../../ui/Badge';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = {
  common: CORE.common,
  companies: { statusLabels: companiesStatusLabels as Record<string, string> },
} as const;

const statusTone: Record<string, Tone> = {
  active: 'green',
  onboarding: 'blue',
  prospect: 'purple',
  paused: 'yellow',
  'at-risk': 'orange',
  canceled: 'red',
  inactive: 'gray',
};
export const statusName = (status: string) => M.companies.statusLabels[status] ?? status;

export const CompanyStatusBadge = ({ status }: { status: string }) => (
  <Badge tone={statusTone[status] ?? 'gray'}>{statusName(status)}</Badge>
);

/** "https://www.acme.com/" → "acme.com". */
const websiteText = (url: string) => url.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '');

/** A company's website as an external link (new tab, said for screen readers); a dash when there is none. */
export function WebsiteLink({ url, className }: { url: string | null; className?: string }) {
  if (!url) return <span className="text-slate-500">—</span>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'relative z-10 inline-flex max-w-full items-center gap-1 rounded-sm text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        className,
      )}
    >
      <span className="truncate">{websiteText(url)}</span>
      <ExternalLink className="size-3.5 shrink-0" aria-hidden />
      <span className="sr-only">{M.common.opensInNewTab}</span>
    </a>
  );
}
