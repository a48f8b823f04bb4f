import { Switch } from '@headlessui/react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { Badge, statusLabel } from '../../ui/Badge';
import { Skeleton } from '../../ui/Feedback';

/** The company dialog's Resources Access tab: which resources this company's contacts see in the portal. */
export function CompanyResourcesAccess({ companyId }: { companyId: number | null }) {
  const utils = trpc.useUtils();
  const resources = trpc.resources.forCompany.useQuery({ companyId: companyId ?? 0 }, { enabled: companyId !== null });
  const setVisibility = trpc.resources.setVisibility.useMutation({
    onSuccess: (resource, input) => {
      utils.resources.forCompany.setData({ companyId: companyId! }, (rows) =>
        rows?.map((r) => (r.id === resource.id ? { ...r, visibleToClient: resource.visibleToClient } : r)),
      );
      const title = resources.data?.find((r) => r.id === input.id)?.title;
      toast.success(resource.visibleToClient ? M.resources.solutionEnabled : M.resources.solutionDisabled, { description: title });
    },
    onError: () => toast.error(M.common.error, { description: M.resources.solutionFailed }),
  });

  if (companyId === null) return <p className="py-8 text-center text-sm text-slate-500">{M.resources.saveFirst}</p>;
  if (resources.isPending)
    return (
      <div className="space-y-2" role="status" aria-label="Loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14 w-full" />
        ))}
      </div>
    );
  if (resources.isError) return <p className="py-8 text-center text-sm text-red-600">{M.common.loadFailed}</p>;
  if (resources.data.length === 0) return <p className="py-8 text-center text-sm text-slate-500">{M.resources.noneYet}</p>;

  return (
    <div>
      <p className="mb-3 text-sm text-slate-500">{M.resources.accessIntro}</p>
      <ul className="divide-y divide-slate-100 rounded-lg ring-1 ring-slate-200">
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
                disabled={pending}
                onChange={(visibleToClient) => setVisibility.mutate({ id: resource.id, visibleToClient })}
                aria-label={`${M.resources.visibleToClient}: ${resource.title}`}
                className={cn(
                  'relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-wait disabled:opacity-60',
                  resource.visibleToClient ? 'bg-brand-600' : 'bg-slate-300',
                )}
              >
                <span
                  aria-hidden
                  className={cn('inline-block size-5 translate-y-0.5 rounded-full bg-white shadow transition-transform', resource.visibleToClient ? 'translate-x-5.5' : 'translate-x-0.5')}
                />
              </Switch>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
