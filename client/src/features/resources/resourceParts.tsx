import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import { Building2, Eye, EyeOff, Info, Plus, Wrench } from 'lucide-react';
import { RESOURCE_STATUSES, RESOURCE_TYPES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import type { ResourceRow } from '../../../../shared/schemas/resources';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { buttonClass } from '../../ui/Button';

export type { ResourceRow } from '../../../../shared/schemas/resources';

const R = M.resources;

/** A grid card shows at most this many detail entries, then "+N more..." (spec §2.7, §9). */
const CARD_DETAILS = 3;

export const typeLabel = (type: string) => R.typeLabels[type] ?? type;
export const statusLabel = (status: string) => R.statusLabels[status] ?? status;
export const typeOptions = RESOURCE_TYPES.map((value) => ({ value, label: typeLabel(value) }));
export const statusOptions = RESOURCE_STATUSES.map((value) => ({ value, label: statusLabel(value) }));

/** The spec's list date, e.g. "Mar 04, 2026". */
export { formatDate as formatListDate } from '../../../../shared/dates';

const statusTone: Record<string, Tone> = {
  active: 'green',
  live: 'green',
  pending: 'yellow',
  planned: 'blue',
  beta: 'purple',
  deprecated: 'gray',
};

export const TypeBadge = ({ type }: { type: string }) => (
  <Badge tone={type === 'tool' ? 'orange' : 'blue'}>{typeLabel(type)}</Badge>
);
export const StatusBadge = ({ status }: { status: string }) => (
  <Badge tone={statusTone[status] ?? 'gray'}>{statusLabel(status)}</Badge>
);

/** A tool (wrench) or an information item (i), tinted like its type badge. */
export function ResourceIcon({ type, size = 'md' }: { type: string; size?: 'md' | 'lg' }) {
  const Icon = type === 'tool' ? Wrench : Info;
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-lg ring-1 ring-inset',
        type === 'tool' ? 'bg-orange-50 text-orange-600 ring-orange-100' : 'bg-sky-50 text-sky-600 ring-sky-100',
        size === 'lg' ? 'size-11' : 'size-9',
      )}
    >
      <Icon className={size === 'lg' ? 'size-5' : 'size-4'} />
    </span>
  );
}

/** Visible to the client in the portal, or hidden (staff only). */
export function VisibilityTag({ visible, className }: { visible: boolean; className?: string }) {
  const Icon = visible ? Eye : EyeOff;
  return (
    <span
      title={visible ? R.visibleHint : R.hiddenHint}
      className={cn(
        'inline-flex items-center gap-1 text-xs font-medium',
        visible ? 'text-emerald-700' : 'text-slate-500',
        className,
      )}
    >
      <Icon className="size-3.5 shrink-0" aria-hidden />
      {visible ? R.visible : R.hidden}
    </span>
  );
}

export function CompanyName({ resource }: { resource: ResourceRow }) {
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" title={resource.company.name}>
      <Building2 className="size-3.5 shrink-0 text-slate-400" aria-hidden />
      <span className="truncate">{resource.company.name || R.unknownCompany}</span>
    </span>
  );
}

/** The first entries of a resource's details, then "+N more..." when there are more (the grid card's rule). */
export function DetailPreview({ resource, max = CARD_DETAILS }: { resource: ResourceRow; max?: number }) {
  const shown = resource.details.slice(0, max);
  const more = resource.details.length - shown.length;
  if (!shown.length) return <p className="text-xs text-slate-500 italic">{R.noDetails}</p>;
  return (
    <div>
      {/* Keys in one column, so the values line up. */}
      <dl
        className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs"
        data-testid="detail-preview"
      >
        {shown.map((d) => (
          <Fragment key={d.key}>
            <dt className="max-w-40 truncate font-medium text-slate-500" title={d.key}>
              {d.key}
            </dt>
            <dd className="min-w-0 truncate text-slate-800" title={d.value}>
              {d.value}
            </dd>
          </Fragment>
        ))}
      </dl>
      {more > 0 && <p className="mt-1 text-xs font-medium text-brand-700">{R.more(more)}</p>}
    </div>
  );
}

/** Refreshes every read of resources (lists, one resource, a company's Resources Access switches). */
export function useInvalidateResources() {
  const utils = trpc.useUtils();
  return () => utils.resources.invalidate();
}

/** A value that is a web address opens in a new tab; anything else (javascript:, data:…) stays text. */
export function isWebAddress(value: string) {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

/** The 'Create Resource' link; with a company filter on, the form starts with that company. */
export function CreateResourceLink({ companyId, className }: { companyId?: number | null; className?: string }) {
  return (
    <Link
      to={companyId ? `/hub/resources/create?companyId=${companyId}` : '/hub/resources/create'}
      className={buttonClass('primary', 'md', className)}
    >
      <Plus className="size-4" aria-hidden /> {R.create}
    </Link>
  );
}
