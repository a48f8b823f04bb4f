import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { SettingsCard } from './accountParts';

const T = M.clientTeam;

/** Account → Security, owner only: whether client admins' invitations of colleagues need a teammate's approval. */
export function ClientTeamPolicyCard() {
  const utils = trpc.useUtils();
  const policy = trpc.colleagueInvites.policy.useQuery();
  const setPolicy = trpc.colleagueInvites.setPolicy.useMutation({
    onSuccess: (saved) => {
      utils.colleagueInvites.policy.setData(undefined, saved);
      toast.success(saved.selfService ? T.policyOn : T.policyOff);
    },
    onError: (error) => toast.error(errorText(error) ?? M.common.loadFailed),
  });
  return (
    <SettingsCard title={T.policyTitle}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{T.policyLabel}</p>
          <p className="mt-1 text-sm text-slate-500">{T.policyHint}</p>
        </div>
        {policy.data ? (
          <Switch
            checked={policy.data.selfService}
            onChange={(selfService) => setPolicy.mutate({ selfService })}
            label={T.policyLabel}
            busy={setPolicy.isPending}
          />
        ) : (
          <Skeleton className="h-6 w-11 rounded-full" />
        )}
      </div>
    </SettingsCard>
  );
}
