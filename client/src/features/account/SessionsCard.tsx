import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Monitor, Smartphone } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { formatDateTime } from '../../../../shared/dates';
import type { StaffSessionItem } from '../../../../shared/schemas/security';
import { describeUserAgent } from '../../../../shared/user-agent';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { SettingsCard } from './accountParts';
import { Confirm } from './Confirm';

const S = M.security;

/** "Firefox on macOS", or what is known of it. */
function deviceOf(userAgent: string) {
  const { browser, os } = describeUserAgent(userAgent);
  if (browser && os) return S.deviceOn(browser, os);
  return browser ?? os ?? S.unknownDevice;
}

/** Which session is being asked about: one (by key), or all the others. */
type Asked = { kind: 'one'; session: StaffSessionItem } | { kind: 'others' } | null;

/** Account → Security, for every staff member: their own sessions, each of which they can end. */
export function SessionsCard() {
  const list = trpc.security.sessions.useQuery();
  const [asked, setAsked] = useState<Asked>(null);
  const items = list.data?.items ?? [];
  const others = items.filter((s) => !s.current).length;
  return (
    <SettingsCard
      title={S.sessionsTitle}
      text={S.sessionsText}
      footer={
        list.data && (
          <Button variant="secondary" disabled={others === 0} onClick={() => setAsked({ kind: 'others' })}>
            {S.endOthers}
          </Button>
        )
      }
    >
      {list.isPending ? (
        <div className="space-y-3" role="status" aria-label={M.common.loading}>
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : list.isError ? (
        <LoadFailed onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ul className="-my-3 divide-y divide-slate-100">
            {items.map((session) => (
              <SessionRow key={session.key} session={session} onEnd={() => setAsked({ kind: 'one', session })} />
            ))}
          </ul>
          {list.data.total > items.length && (
            <p className="mt-4 text-xs text-slate-500">{S.showing(items.length, list.data.total)}</p>
          )}
          {others === 0 && <p className="mt-4 text-sm text-slate-500">{S.noOthers}</p>}
        </>
      )}
      <EndSessionDialog asked={asked} onClose={() => setAsked(null)} />
    </SettingsCard>
  );
}

function SessionRow({ session, onEnd }: { session: StaffSessionItem; onEnd: () => void }) {
  const mobile = /Mobile|Android|iPhone|iPad/.test(session.userAgent);
  const Icon = mobile ? Smartphone : Monitor;
  const details = [
    session.ip && S.ipAddress(session.ip),
    S.method[session.method] ?? session.method,
    S.signedIn(formatDateTime(session.createdAt)),
    session.lastSeenAt && S.lastActive(formatDateTime(session.lastSeenAt)),
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-500">
          <Icon className="size-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            <span className="break-words">{deviceOf(session.userAgent)}</span>
            {session.current && <Badge tone="green">{S.thisDevice}</Badge>}
          </p>
          <p className="mt-0.5 text-xs leading-5 text-slate-500">{details.join(' · ')}</p>
        </div>
      </div>
      <Button variant="secondary" size="sm" className="self-start sm:self-center" onClick={onEnd}>
        {session.current ? S.endThis : S.end}
      </Button>
    </li>
  );
}

function EndSessionDialog({ asked, onClose }: { asked: Asked; onClose: () => void }) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const onError = (error: unknown) => {
    toast.error(errorText(error) ?? M.common.internal);
    if (errorCode(error) === 'NOT_FOUND') void utils.security.sessions.invalidate();
    onClose();
  };
  const endOne = trpc.security.endSession.useMutation({
    onSuccess: ({ current }) => {
      onClose();
      if (current) {
        // This device is signed out: back to the sign-in page, with nothing of the session left in the cache.
        queryClient.clear();
        navigate('/hub/login', { replace: true });
        return;
      }
      toast.success(S.ended);
      void utils.security.sessions.invalidate();
    },
    onError,
  });
  const endOthers = trpc.security.endOtherSessions.useMutation({
    onSuccess: ({ ended }) => {
      onClose();
      toast.success(S.endedOthers(ended));
      void utils.security.sessions.invalidate();
    },
    onError,
  });
  const busy = endOne.isPending || endOthers.isPending;
  const current = asked?.kind === 'one' && asked.session.current;
  const title = asked?.kind === 'others' ? S.endOthers : current ? S.endThis : S.end;
  return (
    <Dialog open={asked !== null} onClose={() => !busy && onClose()} title={title} size="md">
      <Confirm
        text={asked?.kind === 'others' ? S.endOthersConfirm : current ? S.endThisConfirm : S.endConfirm}
        busy={busy}
        cancel={S.cancel}
        confirm={title}
        onCancel={onClose}
        onConfirm={() => {
          if (asked?.kind === 'others') endOthers.mutate();
          else if (asked) endOne.mutate({ key: asked.session.key });
        }}
      />
    </Dialog>
  );
}
