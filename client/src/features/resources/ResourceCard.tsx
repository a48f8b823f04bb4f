import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import {
  CompanyName,
  DetailPreview,
  ResourceIcon,
  StatusBadge,
  TypeBadge,
  VisibilityTag,
  type ResourceRow,
} from './resourceParts';

const R = M.resources;

/**
 * A resource as a grid card: type and status, title, description, at most 3 detail entries then "+N more...",
 * its company (unless the card sits on that company's page) and visibility. The title's button covers the card
 * and opens the details dialog.
 */
export function ResourceCard({
  resource,
  onOpen,
  showCompany = true,
}: {
  resource: ResourceRow;
  onOpen: () => void;
  showCompany?: boolean;
}) {
  return (
    <li
      className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300"
      data-testid="resource-card"
    >
      <div className="flex items-start justify-between gap-3">
        <ResourceIcon type={resource.type} size="lg" />
        <div className="flex flex-wrap justify-end gap-1.5">
          <TypeBadge type={resource.type} />
          <StatusBadge status={resource.status} />
        </div>
      </div>
      <h2 className="mt-3 text-base font-medium text-slate-900">
        <button
          type="button"
          onClick={onOpen}
          aria-label={R.openResource(resource.title)}
          title={resource.title}
          className="block w-full truncate rounded-sm text-left after:absolute after:inset-0 after:rounded-xl hover:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-500"
        >
          {resource.title}
        </button>
      </h2>
      <p className="mt-1 line-clamp-2 text-sm text-slate-500">{resource.description}</p>
      <div className="mt-4 border-t border-slate-100 pt-3">
        <DetailPreview resource={resource} />
      </div>
      <div
        className={cn(
          'mt-auto flex items-center gap-3 pt-4 text-sm text-slate-600',
          showCompany ? 'justify-between' : 'justify-end',
        )}
      >
        {showCompany && <CompanyName resource={resource} />}
        <VisibilityTag visible={resource.visibleToClient} className="shrink-0" />
      </div>
    </li>
  );
}
