import { Mail } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { PortalPageHeader } from '../portal/PortalUi';
import { usePortalUser } from '../portal/session';

const N = M.notifications;

/** /portal/{slug}/settings: the client's e-mail switch (the opt-out link of every portal e-mail lands here). */
export default function PortalSettingsPage() {
  const user = usePortalUser();
  useDocumentTitle(`${N.portalSettingsTitle} · ${user.business.name}`);
  const utils = trpc.useUtils();
  const settings = trpc.portalNotifications.get.useQuery();
  const update = trpc.portalNotifications.update.useMutation({
    onMutate: ({ emailNotifications }) => {
      const before = utils.portalNotifications.get.getData();
      utils.portalNotifications.get.setData(undefined, { emailNotifications });
      return { before };
    },
    onSuccess: (saved) => {
      utils.portalNotifications.get.setData(undefined, saved);
      toast.success(N.portalSaved(saved.emailNotifications));
    },
    onError: (error, _input, context) => {
      if (context?.before) utils.portalNotifications.get.setData(undefined, context.before);
      toast.error(errorText(error));
    },
  });

  return (
    <>
      <PortalPageHeader title={N.portalSettingsTitle} />
      <section aria-labelledby="portal-email-label" className="max-w-2xl rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        <div className="flex items-start gap-4 px-5 py-5 sm:px-6">
          <span className="hidden size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid">
            <Mail className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="portal-email-label" className="text-sm font-semibold text-slate-900">
              {N.portalEmailLabel}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{N.portalEmailText}</p>
            <p className="mt-2 truncate text-xs text-slate-400" title={user.email}>
              {user.email}
            </p>
          </div>
          <div className="pt-0.5">
            {settings.isError ? null : settings.data ? (
              <Switch checked={settings.data.emailNotifications} onChange={(on) => update.mutate({ emailNotifications: on })} label={N.portalEmailLabel} />
            ) : (
              <Skeleton className="h-6 w-11 rounded-full" />
            )}
          </div>
        </div>
        {settings.isError && (
          <div className="px-5 pb-5 sm:px-6">
            <LoadFailed onRetry={() => void settings.refetch()} />
          </div>
        )}
      </section>
    </>
  );
}
