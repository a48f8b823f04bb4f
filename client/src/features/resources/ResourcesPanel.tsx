import { useState } from 'react';
import { Library } from 'lucide-react';
import { toast } from 'sonner';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { PanelResults } from '../../lists/ListResults';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Switch } from '../../ui/Switch';
import { ShareDialog, type ShareTarget } from '../documents/ShareDialog';
import { ResourceDetailsDialog } from './ResourceDetailsDialog';
import {
  CreateResourceLink,
  DetailPreview,
  ResourceIcon,
  StatusBadge,
  TypeBadge,
  useInvalidateResources,
  type ResourceRow,
} from './resourceParts';

const R = M.resources;

/** The panel's list input; the company page's tab count reads the same query (one request for both). */
const panelInput = (companyId: number) => ({ limit: LIMITS.pageSize, companyId });

/** How many resources a company has (the first page's total), for its tab's count; undefined while loading. */
export function useResourceCount(companyId: number): number | undefined {
  const list = useInfiniteList(trpc.resources.list, panelInput(companyId));
  return list.state === 'loading' || list.state === 'error' ? undefined : list.total;
}

/**
 * The company page's Resources tab: the company's resources, each opening the details dialog, with its client
 * visibility as a switch (the same flag as the company dialog's Resources Access tab: showing asks once who it
 * reaches, then saves; hiding saves at once), and a
 * 'Create Resource' link that starts the form with this company.
 */
export function ResourcesPanel({ companyId }: { companyId: number }) {
  const list = useInfiniteList(trpc.resources.list, panelInput(companyId));
  const [open, setOpen] = useState<ResourceRow | null>(null);
  const invalidate = useInvalidateResources();
  // Showing a resource to the client asks once who it reaches; hiding it saves at once.
  const [asking, setAsking] = useState<(ShareTarget & { id: number }) | null>(null);
  const setVisibility = trpc.resources.setVisibility.useMutation({
    onSuccess: (resource, input) => {
      setAsking(null);
      void invalidate();
      const title = list.items.find((r) => r.id === input.id)?.title;
      toast.success(resource.visibleToClient ? M.resources.solutionEnabled : M.resources.solutionDisabled, {
        description: title,
      });
    },
    onError: () => toast.error(M.common.error, { description: M.resources.solutionFailed }),
  });
  const pendingId = setVisibility.isPending ? setVisibility.variables?.id : undefined;

  return (
    <PanelResults
      list={list}
      label={R.title}
      count={R.panelCount}
      action={<CreateResourceLink companyId={companyId} />}
      empty={{ icon: <Library className="size-10" />, title: R.emptyTitle, text: R.companyEmptyText }}
      skeleton={{ trailing: 'h-6 w-11 rounded-full' }}
      rowKey={(resource) => resource.id}
      row={(resource) => (
        <ResourceItem
          resource={resource}
          pending={pendingId === resource.id}
          onOpen={() => setOpen(resource)}
          onVisibility={(visibleToClient) =>
            visibleToClient
              ? setAsking({
                  id: resource.id,
                  name: resource.title,
                  companyId: resource.companyId,
                  projectId: resource.projectId,
                })
              : setVisibility.mutate({ id: resource.id, visibleToClient })
          }
        />
      )}
    >
      <ResourceDetailsDialog resource={open} onClose={() => setOpen(null)} />
      <ShareDialog
        kind="resource"
        target={asking}
        busy={setVisibility.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && setVisibility.mutate({ id: asking.id, visibleToClient: true })}
      />
    </PanelResults>
  );
}

type ResourceItemProps = {
  resource: ResourceRow;
  pending: boolean;
  onOpen: () => void;
  onVisibility: (visibleToClient: boolean) => void;
};

function ResourceItem({ resource, pending, onOpen, onVisibility }: ResourceItemProps) {
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 px-4 py-3.5 sm:flex-nowrap">
      <div className="flex min-w-0 flex-1 basis-64 items-start gap-3">
        <ResourceIcon type={resource.type} />
        <div className="min-w-0 flex-1">
          <button
            type="button"
            onClick={onOpen}
            aria-label={R.openResource(resource.title)}
            className="block max-w-full truncate rounded-sm text-left text-sm font-medium text-slate-900 hover:text-brand-700 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {resource.title}
          </button>
          <p className="truncate text-xs text-slate-500">{resource.description}</p>
          <div className="mt-2 max-w-md">
            <DetailPreview resource={resource} />
          </div>
        </div>
      </div>
      <div className="flex w-full shrink-0 items-center gap-2 sm:w-auto">
        <TypeBadge type={resource.type} />
        <StatusBadge status={resource.status} />
        <span className="ml-auto flex items-center gap-2 pl-2 sm:ml-3">
          <span className="w-12 text-right text-xs text-slate-500">
            {resource.visibleToClient ? R.visible : R.hidden}
          </span>
          <Switch
            checked={resource.visibleToClient}
            busy={pending}
            onChange={onVisibility}
            label={`${R.visibleToClient}: ${resource.title}`}
          />
        </span>
      </div>
    </li>
  );
}
