import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { AlertTriangle, CalendarDays, ExternalLink, FolderKanban, Pencil, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import {
  CompanyName,
  formatListDate,
  isWebAddress,
  ResourceIcon,
  StatusBadge,
  TypeBadge,
  useInvalidateResources,
  VisibilityTag,
  type ResourceRow,
} from './resourceParts';

const R = M.resources;

const linkClass =
  'rounded-sm hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 min-w-0 text-sm text-slate-800">{children}</dd>
    </div>
  );
}

/** A detail's value: a web address opens in a new tab; other text wraps, keeping its line breaks. */
function DetailValue({ value }: { value: string }) {
  if (isWebAddress(value))
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer"
        className={`inline-flex max-w-full items-center gap-1 break-all text-brand-700 ${linkClass}`}
      >
        {value}
        <ExternalLink className="size-3.5 shrink-0" aria-hidden />
        <span className="sr-only">{M.common.opensInNewTab}</span>
      </a>
    );
  return <span className="break-words whitespace-pre-wrap">{value}</span>;
}

/**
 * The details dialog of a resource (list, grid, company page): every key/value entry, visibility, company and
 * project, with Edit (the form) and Delete, which asks first in a dialog of its own.
 */
export function ResourceDetailsDialog({
  resource: asked,
  onClose,
}: {
  resource: ResourceRow | null;
  onClose: () => void;
}) {
  // The last resource asked about stays on screen while the dialog fades out.
  const [resource, setResource] = useState(asked);
  if (asked && asked !== resource) setResource(asked);
  const [confirming, setConfirming] = useState(false);
  const invalidate = useInvalidateResources();
  const remove = trpc.resources.remove.useMutation({
    onSuccess: () => {
      toast.success(R.deleted, { description: resource?.title });
      void invalidate();
      setConfirming(false);
      onClose();
    },
    onError: () => toast.error(M.common.error, { description: R.deleteFailed }),
  });

  const close = () => {
    if (remove.isPending) return;
    setConfirming(false);
    onClose();
  };

  return (
    <>
      <Dialog
        open={asked !== null && !confirming}
        onClose={close}
        title={
          resource && (
            <span className="flex min-w-0 items-center gap-3">
              <ResourceIcon type={resource.type} />
              <span className="min-w-0 break-words">{resource.title}</span>
            </span>
          )
        }
      >
        {resource && (
          <div className="space-y-5">
            <div className="flex flex-wrap items-center gap-2">
              <TypeBadge type={resource.type} />
              <StatusBadge status={resource.status} />
              <VisibilityTag visible={resource.visibleToClient} className="ml-1" />
            </div>
            <p className="text-sm break-words whitespace-pre-wrap text-slate-600">{resource.description}</p>
            <dl className="grid gap-4 rounded-lg bg-slate-50 px-4 py-3 ring-1 ring-slate-200 ring-inset sm:grid-cols-2">
              <Fact term={R.company}>
                <Link to={`/hub/companies/${resource.company.id}`} className={`block truncate ${linkClass}`}>
                  <CompanyName resource={resource} />
                </Link>
              </Fact>
              <Fact term={R.project}>
                {resource.project ? (
                  <Link
                    to={`/hub/projects/${resource.project.id}`}
                    className={`inline-flex max-w-full min-w-0 items-center gap-1.5 ${linkClass}`}
                    title={resource.project.name}
                  >
                    <FolderKanban className="size-3.5 shrink-0 text-slate-400" aria-hidden />
                    <span className="truncate">{resource.project.name}</span>
                  </Link>
                ) : (
                  <span className="text-slate-500">{R.noProject}</span>
                )}
              </Fact>
              <Fact term={R.visibility}>
                <VisibilityTag visible={resource.visibleToClient} className="text-sm" />
                <p className="mt-0.5 text-xs text-slate-500">
                  {resource.visibleToClient ? R.visibleHint : R.hiddenHint}
                </p>
              </Fact>
              <Fact term={R.createdOn}>
                <span className="inline-flex items-center gap-1.5 tabular-nums">
                  <CalendarDays className="size-3.5 text-slate-400" aria-hidden />
                  {formatListDate(resource.createdAt)}
                </span>
              </Fact>
            </dl>
            <section aria-labelledby="resource-details-heading">
              <h3
                id="resource-details-heading"
                className="mb-2 flex items-baseline justify-between text-sm font-semibold text-slate-900"
              >
                {R.details}
                <span className="text-xs font-normal text-slate-500">{R.detailCount(resource.details.length)}</span>
              </h3>
              {resource.details.length ? (
                <dl
                  className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200"
                  data-testid="resource-details"
                >
                  {resource.details.map((d) => (
                    <div
                      key={d.key}
                      className="grid gap-1 px-4 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
                    >
                      <dt className="text-sm font-medium break-words text-slate-600">{d.key}</dt>
                      <dd className="min-w-0 text-sm text-slate-900">
                        <DetailValue value={d.value} />
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : (
                <p className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-500">
                  {R.noDetails}
                </p>
              )}
            </section>
            <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
              <Button
                variant="ghost"
                onClick={() => setConfirming(true)}
                className="text-red-600! hover:bg-red-50 sm:mr-auto"
              >
                <Trash2 className="size-4" aria-hidden /> {R.delete}
              </Button>
              <Button variant="secondary" onClick={close}>
                {R.close}
              </Button>
              <Link to={`/hub/resources/${resource.id}/edit`} className={buttonClass('primary')}>
                <Pencil className="size-4" aria-hidden /> {R.edit}
              </Link>
            </div>
          </div>
        )}
      </Dialog>
      <Dialog
        open={asked !== null && confirming}
        onClose={() => !remove.isPending && setConfirming(false)}
        title={R.deleteTitle(resource?.title ?? '')}
        size="md"
      >
        <div className="flex gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
            <AlertTriangle className="size-5" aria-hidden />
          </span>
          <p className="text-sm text-slate-600">{R.deleteText}</p>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={remove.isPending} autoFocus>
            {R.cancel}
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => resource && remove.mutate({ id: resource.id })}
          >
            {remove.isPending ? R.deleting : R.delete}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
