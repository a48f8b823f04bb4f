import { useState } from 'react';
import { Info } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { Badge, statusLabel } from '../../ui/Badge';
import { Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { ShareDialog, type ShareTarget } from '../documents/ShareDialog';

/**
 * The company dialog's Resources Access tab: which resources this company's contacts see in the portal. Showing
 * one asks once who it reaches (ShareDialog); hiding saves at once.
 */
export function CompanyResourcesAccess({ companyId }: { companyId: number | null }) {
  const utils = trpc.useUtils();
  const resources = trpc.resources.forCompany.useQuery({ companyId: companyId ?? 0 }, { enabled: companyId !== null });
  // Showing a resource to the client asks once who it reaches; hiding it saves at once.
  const [asking, setAsking] = useState<(ShareTarget & { id: number }) | null>(null);
  const setVisibility = trpc.resources.setVisibility.useMutation({
    onSuccess: (resource, input) => {
      setAsking(null);
      utils.resources.forCompany.setData({ companyId: companyId! }, (rows) =>
        rows?.map((r) => (r.id === resource.id ? { ...r, visibleToClient: resource.visibleToClient } : r)),
      );
      // The same flag as the resource's own: the resource lists and details follow.
      void utils.resources.list.invalidate();
      void utils.resources.get.invalidate({ id: resource.id });
      const title = resources.data?.find((r) => r.id === input.id)?.title;
      toast.success(resource.visibleToClient ? M.resources.solutionEnabled : M.resources.solutionDisabled, {
        description: title,
      });
    },
    onError: () => toast.error(M.common.error, { description: M.resources.solutionFailed }),
  });

  if (companyId === null) return <p className="py-8 text-center text-sm text-slate-500">{M.resources.saveFirst}</p>;
  if (resources.isPending)
    return (
      <div className="space-y-2" role="status" aria-label={M.common.loading}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  if (resources.isError) return <p className="py-8 text-center text-sm text-red-600">{M.common.loadFailed}</p>;
  if (resources.data.length === 0)
    return <p className="py-8 text-center text-sm text-slate-500">{M.resources.noneYet}</p>;

  return (
    <div>
      <p className="text-sm text-slate-500">{M.resources.accessIntro}</p>
      <p className="mt-2 mb-3 flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2 text-sm text-sky-800 ring-1 ring-sky-200 ring-inset">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        {M.resources.savesAtOnce}
      </p>
      {/* Scrolls within itself so a long list does not make the dialog taller than the details tab by much. */}
      <ul className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-lg ring-1 ring-slate-200">
        {resources.data.map((resource) => {
          const pending = setVisibility.isPending && setVisibility.variables?.id === resource.id;
          return (
            <li key={resource.id} className="flex items-center gap-4 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{resource.title}</p>
                <div className="mt-1 flex gap-2">
                  <Badge tone="blue">{statusLabel(resource.type)}</Badge>
                  <Badge>{statusLabel(resource.status)}</Badge>
                </div>
              </div>
              <Switch
                checked={resource.visibleToClient}
                busy={pending}
                onChange={(visibleToClient) =>
                  visibleToClient
                    ? setAsking({ id: resource.id, name: resource.title, companyId, projectId: resource.projectId })
                    : setVisibility.mutate({ id: resource.id, visibleToClient })
                }
                label={`${M.resources.visibleToClient}: ${resource.title}`}
              />
            </li>
          );
        })}
      </ul>
      <ShareDialog
        kind="resource"
        target={asking}
        busy={setVisibility.isPending}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && setVisibility.mutate({ id: asking.id, visibleToClient: true })}
      />
    </div>
  );
}
