import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { SettingsCard } from './accountParts';

const T = M.twoFactor;

/** Account → Security, owner only: "Require two-factor sign-in for everyone". */
export function RequireTwoFactorCard() {
  const utils = trpc.useUtils();
  const status = trpc.twoFactor.status.useQuery();
  const setRequired = trpc.twoFactor.setRequired.useMutation({
    onSuccess: ({ required }) => {
      utils.twoFactor.status.setData(undefined, (s) => (s ? { ...s, required } : s));
      toast.success(required ? T.requireOn : T.requireOff);
    },
    onError: (error) => toast.error(errorText(error) ?? M.common.loadFailed),
  });
  return (
    <SettingsCard title={T.title}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id="require-two-factor" className="text-sm font-medium text-slate-900">
            {T.requireLabel}
          </p>
          <p className="mt-1 text-sm text-slate-500">{T.requireHint}</p>
        </div>
        {status.data ? (
          <Switch
            checked={status.data.required}
            onChange={(required) => setRequired.mutate({ required })}
            label={T.requireLabel}
            busy={setRequired.isPending}
          />
        ) : (
          <Skeleton className="h-6 w-11 rounded-full" />
        )}
      </div>
    </SettingsCard>
  );
}
