import { formatDistanceToNowStrict } from 'date-fns';
import { CircleCheck, RotateCcw } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  type NotificationChannel,
} from '../../../../shared/notifications';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { cn } from '../../lib/cn';
import { errorText, trpc, type RouterOutputs } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/Field';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { SettingsCard } from '../account/accountParts';
import { formatDateTime } from '../../../../shared/dates';

const N = M.notifications;
type Preferences = RouterOutputs['notifications']['preferences'];

/**
 * Account → Notifications (/hub/account?tab=notifications, where e-mails link to): each kind's channel and the
 * daily digest, saved on change; for the owner, the background jobs that failed, with Retry.
 */
export function NotificationsPanel() {
  const { user } = useSession();
  return (
    <div className="max-w-4xl space-y-6">
      <PreferencesCard />
      {user && can(user.role, 'jobs.manage') && <JobsCard />}
    </div>
  );
}

function PreferencesCard() {
  const utils = trpc.useUtils();
  const prefs = trpc.notifications.preferences.useQuery();
  const update = trpc.notifications.updatePreferences.useMutation({
    onMutate: async (input) => {
      await utils.notifications.preferences.cancel();
      const before = utils.notifications.preferences.getData();
      if (before)
        utils.notifications.preferences.setData(undefined, {
          emailDigest: input.emailDigest ?? before.emailDigest,
          kinds: before.kinds.map((k) => ({
            ...k,
            channel: input.kinds?.find((c) => c.kind === k.kind)?.channel ?? k.channel,
          })),
        });
      return { before };
    },
    onSuccess: (saved) => {
      utils.notifications.preferences.setData(undefined, saved);
      toast.success(N.saved);
    },
    onError: (error, _input, context) => {
      if (context?.before) utils.notifications.preferences.setData(undefined, context.before);
      toast.error(errorText(error));
    },
  });

  return (
    <SettingsCard title={N.preferencesTitle} text={N.preferencesText}>
      {prefs.isError ? (
        <LoadFailed onRetry={() => void prefs.refetch()} />
      ) : !prefs.data ? (
        <div role="status" aria-label={M.common.loading} className="divide-y divide-slate-100">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="flex items-center justify-between gap-4 py-4">
              <div className="flex-1 space-y-2">
                <Skeleton className="h-4 w-48" />
                <Skeleton className="h-3.5 w-64 max-w-full" />
              </div>
              <Skeleton className="h-10 w-44" />
            </div>
          ))}
        </div>
      ) : (
        <PreferencesForm prefs={prefs.data} onChange={(input) => update.mutate(input)} />
      )}
    </SettingsCard>
  );
}

function PreferencesForm({
  prefs,
  onChange,
}: {
  prefs: Preferences;
  onChange: (input: { kinds?: Preferences['kinds']; emailDigest?: boolean }) => void;
}) {
  return (
    <div>
      <ul className="-my-4 divide-y divide-slate-100">
        {prefs.kinds.map(({ kind, channel }) => {
          const { label, description } = NOTIFICATION_KIND_LABELS[kind];
          const id = `notification-channel-${kind}`;
          return (
            <li key={kind} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
              <div className="min-w-0">
                <label htmlFor={id} className="text-sm font-medium text-slate-900">
                  {label}
                </label>
                <p className="mt-0.5 text-sm text-slate-500">{description}</p>
              </div>
              <select
                id={id}
                value={channel}
                onChange={(e) => onChange({ kinds: [{ kind, channel: e.target.value as NotificationChannel }] })}
                className={cn(controlClass(), 'sm:w-48 sm:shrink-0', channel === 'off' && 'text-slate-500')}
              >
                {NOTIFICATION_CHANNELS.map((c) => (
                  <option key={c} value={c}>
                    {NOTIFICATION_CHANNEL_LABELS[c]}
                  </option>
                ))}
              </select>
            </li>
          );
        })}
      </ul>
      <div className="mt-8 flex items-start justify-between gap-6 rounded-lg bg-slate-50 px-4 py-4 ring-1 ring-slate-200/70">
        <div className="min-w-0">
          <p id="digest-label" className="text-sm font-medium text-slate-900">
            {N.digestLabel}
          </p>
          <p className="mt-0.5 text-sm text-slate-500">{N.digestHelp}</p>
        </div>
        <Switch checked={prefs.emailDigest} onChange={(on) => onChange({ emailDigest: on })} label={N.digestLabel} />
      </div>
    </div>
  );
}

type Job = RouterOutputs['jobs']['list']['items'][number];

function JobsCard() {
  const utils = trpc.useUtils();
  const jobs = trpc.jobs.list.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const retry = trpc.jobs.retry.useMutation({
    onSuccess: () => {
      toast.success(N.retried);
      void utils.jobs.list.invalidate();
    },
    onError: (error) => toast.error(errorText(error)),
  });
  const items = jobs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <SettingsCard title={N.jobsTitle} text={N.jobsText}>
      {jobs.isError ? (
        <LoadFailed onRetry={() => void jobs.refetch()} />
      ) : jobs.isPending ? (
        <div role="status" aria-label={M.common.loading} className="space-y-3">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : items.length === 0 ? (
        <div className="flex items-center gap-3 rounded-lg bg-emerald-50/60 px-4 py-3 ring-1 ring-emerald-600/10">
          <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-hidden />
          <div>
            <p className="text-sm font-medium text-slate-900">{N.jobsEmptyTitle}</p>
            <p className="text-sm text-slate-500">{N.jobsEmptyText}</p>
          </div>
        </div>
      ) : (
        <>
          <ul className="-my-3 divide-y divide-slate-100">
            {items.map((job) => (
              <JobRow
                key={job.id}
                job={job}
                busy={retry.isPending && retry.variables?.id === job.id}
                onRetry={() => retry.mutate({ id: job.id })}
              />
            ))}
          </ul>
          {jobs.hasNextPage && (
            <div className="mt-4 text-center">
              <Button
                variant="ghost"
                size="sm"
                busy={jobs.isFetchingNextPage}
                onClick={() => void jobs.fetchNextPage()}
              >
                {N.loadMore}
              </Button>
            </div>
          )}
        </>
      )}
    </SettingsCard>
  );
}

function JobRow({ job, busy, onRetry }: { job: Job; busy: boolean; onRetry: () => void }) {
  const dead = job.status === 'dead';
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-medium text-slate-900">{N.jobKinds[job.kind] ?? job.kind}</span>
          <Badge tone={dead ? 'red' : 'yellow'}>{N.jobStatus[job.status] ?? job.status}</Badge>
          <span className="text-xs text-slate-500">#{job.id}</span>
        </div>
        {job.lastError && (
          <p className="mt-1 line-clamp-2 font-mono text-xs break-all text-slate-600">{job.lastError}</p>
        )}
        <p className="mt-1 text-xs text-slate-500">
          {formatDateTime(job.createdAt)} · {N.jobAttempts(job.attempts, job.maxAttempts)}
          {!dead && ` · ${N.jobNextTry(formatDistanceToNowStrict(job.runAt, { addSuffix: true }))}`}
        </p>
      </div>
      <Button variant="secondary" size="sm" busy={busy} onClick={onRetry} className="self-start sm:self-center">
        <RotateCcw className="size-4" aria-hidden /> {N.retry}
      </Button>
    </li>
  );
}
