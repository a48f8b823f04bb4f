import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Clock, UserMinus, UserPlus, Users } from 'lucide-react';
import { toast } from 'sonner';
import { formatDate } from '../../../../shared/dates';
import { M } from '../../../../shared/messages';
import { portalTeamInviteInput, type PortalTeamInviteForm } from '../../../../shared/schemas/client-team';
import { errorText, trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zodResolver';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { onFormError } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { Confirm } from '../account/Confirm';
import { usePortalUser } from '../portal/session';
import { portalListOptions } from '../portal/usePortalList';

const T = M.clientTeam;

type Member = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  clientAdmin: boolean;
  you: boolean;
  guest: boolean;
};
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/**
 * Portal → Settings → Team, for a client admin of the session's company (issue 32): its portal users with their
 * e-mail switch and Remove, the invitations waiting for the agency, and "Invite a colleague". Nothing for others.
 */
export function PortalTeamSection() {
  const status = trpc.portalTeam.status.useQuery();
  if (!status.data?.clientAdmin) return null;
  return <TeamCard />;
}

function TeamCard() {
  const user = usePortalUser();
  const utils = trpc.useUtils();
  // A page at a time in name order (a company may give many people access); invitations come with the first page.
  const team = trpc.portalTeam.members.useInfiniteQuery({}, portalListOptions);
  const first = team.data?.pages[0];
  const members = team.data?.pages.flatMap((page) => page.members) ?? [];
  const [removing, setRemoving] = useState<Member | null>(null);
  const setNotifications = trpc.portalTeam.setNotifications.useMutation({
    onSuccess: () => void utils.portalTeam.members.invalidate(),
    onError: (error) => toast.error(errorText(error) ?? M.common.error),
  });

  return (
    <section
      aria-labelledby="portal-team-title"
      className="mt-6 max-w-2xl rounded-xl bg-white shadow-xs ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-4 px-5 pt-5 sm:px-6">
        <span className="hidden size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid">
          <Users className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="portal-team-title" className="text-sm font-semibold text-slate-900">
            {T.title}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{T.text}</p>
        </div>
      </div>
      <div className="px-5 py-4 sm:px-6">
        {team.isError && !team.isFetchNextPageError ? (
          <LoadFailed onRetry={() => void team.refetch()} />
        ) : !first ? (
          <div className="space-y-3" role="status" aria-label={M.common.loading}>
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : (
          <>
            <ul className="divide-y divide-slate-100" aria-label={T.title}>
              {members.map((member) => {
                const name = nameOf(member);
                return (
                  <li key={member.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3">
                    <div className="min-w-0 flex-1 basis-48">
                      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
                        <span className="truncate">{name}</span>
                        {member.you && <Badge tone="gray">{T.you}</Badge>}
                        {member.clientAdmin && <Badge tone="blue">{T.adminBadge}</Badge>}
                        {member.guest && (
                          <span title={T.guestHint}>
                            <Badge tone="gray">{T.guestBadge}</Badge>
                            <span className="sr-only"> {T.guestHint}</span>
                          </span>
                        )}
                        {member.portalState === 'invited' && <Badge tone="yellow">{T.invitedBadge}</Badge>}
                      </p>
                      <p className="truncate text-sm text-slate-500" title={member.email}>
                        {member.email}
                      </p>
                    </div>
                    <div className="flex items-center gap-3">
                      {!member.guest && (
                        <>
                          <span className="text-xs text-slate-500" aria-hidden>
                            {T.emailsOn}
                          </span>
                          <Switch
                            checked={member.notifyByEmail}
                            busy={setNotifications.isPending && setNotifications.variables?.contactId === member.id}
                            onChange={(on) => setNotifications.mutate({ contactId: member.id, notifyByEmail: on })}
                            label={T.emailsLabel(name)}
                          />
                        </>
                      )}
                      {!member.you && !member.clientAdmin && (
                        <Button
                          variant="ghost"
                          size="sm"
                          onClick={() => setRemoving(member)}
                          aria-label={T.removeLabel(name)}
                        >
                          <UserMinus className="size-4" aria-hidden /> {T.remove}
                        </Button>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            {(team.hasNextPage || team.isFetchNextPageError) && (
              <div className="flex justify-center pt-3">
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => void team.fetchNextPage()}
                  disabled={team.isFetchingNextPage}
                >
                  {team.isFetchNextPageError ? M.common.retry : T.loadMore}
                </Button>
              </div>
            )}
            {members.length <= 1 && !team.hasNextPage && (
              <p className="py-2 text-sm text-slate-500">{T.emptyMembers}</p>
            )}
            {first.pending.length > 0 && (
              <div className="mt-4">
                <h3 className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{T.pendingTitle}</h3>
                <ul className="mt-2 divide-y divide-slate-100">
                  {first.pending.map((invite) => (
                    <li key={invite.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5">
                      <Clock className="size-4 shrink-0 text-amber-600" aria-hidden />
                      <span className="min-w-0 flex-1 truncate text-sm text-slate-900">
                        {nameOf(invite)} <span className="text-slate-500">· {invite.email}</span>
                      </span>
                      <span className="text-xs text-slate-500">{T.pendingRow(formatDate(invite.createdAt))}</span>
                    </li>
                  ))}
                </ul>
              </div>
            )}
          </>
        )}
      </div>
      <InviteForm agency={user.business.name} selfService={first?.selfService ?? false} />
      <RemoveDialog member={removing} agency={user.business.name} onClose={() => setRemoving(null)} />
    </section>
  );
}

const blank: PortalTeamInviteForm = { firstName: '', lastName: '', email: '' };

function InviteForm({ agency, selfService }: { agency: string; selfService: boolean }) {
  const utils = trpc.useUtils();
  const form = useForm<PortalTeamInviteForm>({ resolver: zodResolver(portalTeamInviteInput), defaultValues: blank });
  const { register, handleSubmit, formState, reset } = form;
  const invite = trpc.portalTeam.invite.useMutation();
  const onSubmit = handleSubmit(async (values) => {
    try {
      const done = await invite.mutateAsync(values);
      const name = nameOf(values);
      toast.success(done.status === 'pending' ? T.invitePending(name) : T.inviteSent(name));
      reset(blank);
      void utils.portalTeam.members.invalidate();
    } catch (error) {
      onFormError(
        form,
        ['firstName', 'lastName', 'email'],
        ({ text, onFields }) => !onFields && toast.error(M.common.error, { description: text ?? undefined }),
        { focus: true },
      )(error);
    }
  });
  return (
    <div className="border-t border-slate-100 px-5 py-5 sm:px-6">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <UserPlus className="size-4 text-brand-700" aria-hidden /> {T.inviteTitle}
      </h3>
      <p className="mt-1 text-sm text-slate-500">{T.inviteText(agency, selfService)}</p>
      <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-4 sm:grid-cols-2">
        <TextField
          label={T.firstName}
          autoComplete="off"
          error={formState.errors.firstName?.message}
          {...register('firstName')}
        />
        <TextField
          label={T.lastName}
          autoComplete="off"
          error={formState.errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label={T.email}
          type="email"
          autoComplete="off"
          className="sm:col-span-2"
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <div className="flex justify-end sm:col-span-2">
          <Button type="submit" busy={invite.isPending}>
            {invite.isPending ? T.inviteSubmitting : T.inviteSubmit}
          </Button>
        </div>
      </form>
    </div>
  );
}

function RemoveDialog({
  member: asked,
  agency,
  onClose,
}: {
  member: Member | null;
  agency: string;
  onClose: () => void;
}) {
  // The last person asked about stays on screen while the dialog fades out.
  const [member, setMember] = useState(asked);
  if (asked && asked !== member) setMember(asked);
  const utils = trpc.useUtils();
  const remove = trpc.portalTeam.remove.useMutation({
    onSuccess: () => {
      if (member) toast.success((member.guest ? T.removedGuest : T.removed)(nameOf(member)));
      void utils.portalTeam.members.invalidate();
      onClose();
    },
    onError: (error) => toast.error(errorText(error) ?? M.common.error),
  });
  const name = member ? nameOf(member) : '';
  return (
    <Dialog open={asked !== null} onClose={() => !remove.isPending && onClose()} title={T.removeTitle(name)} size="md">
      <Confirm
        cancel={T.cancel}
        text={member?.guest ? T.removeGuestText(agency) : T.removeText(agency)}
        busy={remove.isPending}
        confirm={remove.isPending ? T.removing : T.removeConfirm}
        onCancel={onClose}
        onConfirm={() => member && remove.mutate({ contactId: member.id })}
      />
    </Dialog>
  );
}
