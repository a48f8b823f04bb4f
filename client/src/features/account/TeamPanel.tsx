import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { CircleCheck, Lock, MailWarning, RefreshCw, Trash2, UserPlus, X } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { M } from '../../../../shared/messages';
import { assignableRoles, can, canRemoveMember } from '../../../../shared/permissions';
import { teamInviteInput, type teamInviteLinkOutput, type TeamInviteForm } from '../../../../shared/schemas/team';
import { useSession } from '../../app/useSession';
import { cn } from '../../lib/cn';
import { errorText, trpc, type RouterOutputs } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { onFormError } from '../../ui/form';
import { Dialog } from '../../ui/Dialog';
import { controlClass, Field, TextField } from '../../ui/Field';
import { Alert, LoadFailed, Skeleton } from '../../ui/Feedback';
import { SettingsCard } from './accountParts';
import { Confirm } from './Confirm';
import { CopyField } from './CopyField';
import { formatDate, formatDateTime } from '../../../../shared/dates';

const T = M.team;

type Member = RouterOutputs['team']['list'][number];
type Invite = RouterOutputs['team']['invites'][number];
type InviteLink = z.output<typeof teamInviteLinkOutput>;
type Actor = { id: number; role: string };

const roleTone: Record<string, Tone> = { owner: 'purple', admin: 'blue', member: 'gray' };
const roleLabel = (role: string) => T.roles[role] ?? role;
const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const initials = (u: { firstName: string; lastName: string }) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();
const day = formatDate;

function useInvalidateTeam() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.team.list.invalidate(), utils.team.invites.invalidate()]);
}

/**
 * The account page's Team tab: everyone on the agency's staff with their role. Owners and admins invite people,
 * change roles and remove members as shared/permissions.ts allows (the server checks the same); members read it.
 */
export function TeamPanel() {
  const { user } = useSession();
  const members = trpc.team.list.useQuery(undefined, { staleTime: 30_000 });
  const actor: Actor | null = user ? { id: user.id, role: user.role } : null;
  const canManage = !!actor && can(actor.role, 'team.manage');
  const invites = trpc.team.invites.useQuery(undefined, { enabled: canManage });
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const [renewed, setRenewed] = useState<InviteLink | null>(null);
  const invalidate = useInvalidateTeam();

  const renew = trpc.team.renewInvite.useMutation({
    onSuccess: (link) => {
      setRenewed(link);
      void invalidate();
    },
    onError: (error) => toast.error(T.newLinkFailed, { description: errorText(error) ?? undefined }),
  });

  const list = members.data ?? [];
  return (
    <div className="max-w-4xl space-y-6">
      <SettingsCard
        title={T.title}
        text={T.subtitle}
        actions={
          canManage && (
            <Button onClick={() => setInviting(true)}>
              <UserPlus className="size-4" aria-hidden />
              <span className="hidden sm:inline">{T.invite}</span>
              <span className="sr-only sm:hidden">{T.invite}</span>
            </Button>
          )
        }
      >
        {actor && !canManage && (
          <p className="mb-4 flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600">
            <Lock className="size-4 shrink-0" aria-hidden /> {T.readOnly}
          </p>
        )}
        {members.isError ? (
          <LoadFailed onRetry={() => void members.refetch()} />
        ) : !members.data || !actor ? (
          <MemberSkeleton />
        ) : (
          <>
            <p className="mb-2 text-xs font-medium tracking-wide text-slate-500 uppercase">
              {T.memberCount(list.length)}
            </p>
            <ul className="-mx-5 divide-y divide-slate-100 sm:-mx-6">
              {list.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  actor={actor}
                  canManage={canManage}
                  onRemove={() => setRemoving(member)}
                />
              ))}
            </ul>
          </>
        )}
      </SettingsCard>

      {canManage && invites.isError && <LoadFailed onRetry={() => void invites.refetch()} />}
      {canManage && invites.data && invites.data.length > 0 && (
        <SettingsCard title={T.pending} actions={<Badge tone="yellow">{T.pendingCount(invites.data.length)}</Badge>}>
          <ul className="-mx-5 -my-3 divide-y divide-slate-100 sm:-mx-6">
            {invites.data.map((invite) => (
              <InviteRow
                key={invite.id}
                invite={invite}
                renewing={renew.isPending && renew.variables?.inviteId === invite.id}
                onRenew={() => renew.mutate({ inviteId: invite.id })}
                onRevoke={() => setRevoking(invite)}
              />
            ))}
          </ul>
        </SettingsCard>
      )}

      {actor && canManage && <InviteDialog open={inviting} actor={actor} onClose={() => setInviting(false)} />}
      <RemoveDialog member={removing} onClose={() => setRemoving(null)} />
      <RevokeDialog invite={revoking} onClose={() => setRevoking(null)} />
      <Dialog open={renewed !== null} onClose={() => setRenewed(null)} title={T.newLinkTitle} size="md">
        {renewed && (
          <>
            <p className="mb-4 text-sm text-slate-600">{T.newLinkText(renewed.email)}</p>
            <LinkResult link={renewed} />
            <div className="mt-6 flex justify-end">
              <Button onClick={() => setRenewed(null)}>{T.done}</Button>
            </div>
          </>
        )}
      </Dialog>
    </div>
  );
}

function MemberSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading} className="space-y-4 py-2">
      {[0, 1, 2].map((i) => (
        <div key={i} className="flex items-center gap-3">
          <Skeleton className="size-10 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-9 w-28" />
        </div>
      ))}
    </div>
  );
}

function MemberRow({
  member,
  actor,
  canManage,
  onRemove,
}: {
  member: Member;
  actor: Actor;
  canManage: boolean;
  onRemove: () => void;
}) {
  const self = member.id === actor.id;
  const name = fullName(member);
  const roles = assignableRoles(actor, member);
  const invalidate = useInvalidateTeam();
  const setRole = trpc.team.setRole.useMutation({
    onSuccess: (saved) => {
      toast.success(T.roleChanged, { description: T.roleChangedText(name, roleLabel(saved.role)) });
      void invalidate();
    },
    onError: (error) => {
      toast.error(T.roleFailed, { description: errorText(error) ?? undefined });
      void invalidate();
    },
  });
  const role = setRole.isPending && setRole.variables ? setRole.variables.role : member.role;

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 px-5 py-3.5 sm:flex-nowrap sm:px-6">
      <span
        aria-hidden
        className={cn(
          'grid size-10 shrink-0 place-items-center rounded-full text-sm font-semibold',
          self ? 'bg-brand-600 text-white' : 'bg-brand-50 text-brand-700',
        )}
      >
        {initials(member)}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-2 truncate text-sm font-medium text-slate-900">
          <span className="truncate">{name}</span>
          {self && <Badge tone="green">{T.you}</Badge>}
        </p>
        <p className="truncate text-sm text-slate-500">
          {member.email}
          <span className="hidden md:inline"> · {T.joined(day(member.createdAt))}</span>
        </p>
      </div>
      <div className="flex w-full items-center justify-end gap-2 pl-14 sm:w-auto sm:pl-0">
        {canManage ? (
          <div className="w-32">
            <select
              aria-label={T.roleOf(name)}
              title={roles.length ? undefined : T.roleLocked}
              value={role}
              disabled={roles.length === 0 || setRole.isPending}
              onChange={(e) => setRole.mutate({ id: member.id, role: e.target.value as Member['role'] })}
              className={cn(controlClass(), 'py-1.5')}
            >
              {(['owner', 'admin', 'member'] as const).map((r) => (
                <option key={r} value={r} disabled={r !== member.role && !roles.includes(r)}>
                  {roleLabel(r)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <Badge tone={roleTone[member.role]}>{roleLabel(member.role)}</Badge>
        )}
        {canManage &&
          (canRemoveMember(actor, member) ? (
            <Button
              variant="ghost"
              size="sm"
              className="size-9 px-0 text-slate-500 hover:text-red-600"
              onClick={onRemove}
              aria-label={T.removeMember(name)}
              title={T.removeMember(name)}
            >
              <Trash2 className="size-4" aria-hidden />
            </Button>
          ) : (
            // Keeps the role selects in one column.
            <span className="size-9" aria-hidden />
          ))}
      </div>
    </li>
  );
}

function InviteRow({
  invite,
  renewing,
  onRenew,
  onRevoke,
}: {
  invite: Invite;
  renewing: boolean;
  onRenew: () => void;
  onRevoke: () => void;
}) {
  const expired = invite.expiresAt.getTime() <= Date.now();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3.5 sm:flex-nowrap sm:px-6">
      <div className="w-full min-w-0 sm:w-auto sm:flex-1">
        <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
          <span className="truncate">{invite.email}</span>
          <Badge tone={roleTone[invite.role]}>{roleLabel(invite.role)}</Badge>
        </p>
        <p className="mt-0.5 text-sm text-slate-500">
          {invite.invitedBy && `${T.invitedBy(fullName(invite.invitedBy))} · `}
          {expired ? <span className="font-medium text-amber-700">{T.expired}</span> : T.expires(day(invite.expiresAt))}
        </p>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" busy={renewing} onClick={onRenew} aria-label={T.newLinkFor(invite.email)}>
          {!renewing && <RefreshCw className="size-4" aria-hidden />}
          {T.newLink}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRevoke}
          aria-label={T.revokeFor(invite.email)}
          className="text-slate-600 hover:text-red-600"
        >
          <X className="size-4" aria-hidden />
          {T.revoke}
        </Button>
      </div>
    </li>
  );
}

/** A fresh invite link: whether it was mailed, and the link to copy (always: people also send it themselves). */
function LinkResult({ link }: { link: InviteLink }) {
  const url = new URL(link.url, window.location.origin).href;
  return (
    <div className="space-y-3">
      {link.emailed ? (
        <p className="flex items-start gap-2 text-sm text-emerald-700">
          <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden /> {T.invitedText(link.email)}
        </p>
      ) : (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />{' '}
          {link.emailConfigured ? T.sendFailed : T.notEmailed}
        </p>
      )}
      <CopyField
        label={T.inviteLink}
        value={url}
        labels={{ copy: T.copy, copied: T.copied, failed: T.copyFailed }}
        hint={T.linkExpires(formatDateTime(link.expiresAt))}
      />
    </div>
  );
}

function InviteDialog({ open, actor, onClose }: { open: boolean; actor: Actor; onClose: () => void }) {
  const roles = assignableRoles(actor, null);
  const defaults: TeamInviteForm = { email: '', role: roles.includes('member') ? 'member' : roles[0] };
  const form = useForm<TeamInviteForm>({ resolver: zodResolver(teamInviteInput), defaultValues: defaults });
  const { register, formState, watch, reset } = form;
  const [link, setLink] = useState<InviteLink | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const invalidate = useInvalidateTeam();
  const invite = trpc.team.invite.useMutation({
    onSuccess: (created) => {
      // The dialog itself says whether it was mailed, with the link to copy.
      setLink(created);
      void invalidate();
    },
    onError: onFormError(form, teamInviteInput, ({ text, onFields }) => !onFields && setAlert(text ?? T.inviteFailed), {
      focus: true,
      fieldFor: ({ code, text }) => (code === 'CONFLICT' ? { field: 'email', message: text ?? T.alreadyMember } : null),
    }),
  });
  const close = () => {
    if (invite.isPending) return;
    onClose();
    // After the fade-out, the next invite starts blank.
    setTimeout(() => {
      setLink(null);
      setAlert(null);
      reset(defaults);
    }, 200);
  };
  const role = watch('role');

  return (
    <Dialog
      open={open}
      onClose={close}
      title={link ? (link.emailed ? T.invited : T.inviteCreated) : T.inviteTitle}
      size="md"
    >
      {link ? (
        <>
          <LinkResult link={link} />
          <div className="mt-6 flex justify-end">
            <Button onClick={close}>{T.done}</Button>
          </div>
        </>
      ) : (
        <form
          noValidate
          onSubmit={form.handleSubmit((values) => {
            setAlert(null);
            invite.mutate(values);
          })}
          className="space-y-4"
        >
          <p className="text-sm text-slate-600">{T.inviteText}</p>
          {alert && <Alert>{alert}</Alert>}
          <TextField
            label={T.email}
            type="email"
            required
            autoFocus
            autoComplete="off"
            placeholder={T.emailPlaceholder}
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Field label={T.role} error={formState.errors.role?.message} hint={T.roleHints[role]}>
            {({ id, describedBy, invalid }) => (
              <select
                id={id}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                className={controlClass(invalid)}
                {...register('role')}
              >
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={invite.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" busy={invite.isPending}>
              {invite.isPending ? T.sending : T.sendInvite}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

/** Asks before removing a member, saying what goes with them. */
function RemoveDialog({ member: asked, onClose }: { member: Member | null; onClose: () => void }) {
  // The last member asked about stays on screen while the dialog fades out.
  const [member, setMember] = useState(asked);
  if (asked && asked !== member) setMember(asked);
  const invalidate = useInvalidateTeam();
  const remove = trpc.team.remove.useMutation({
    onSuccess: () => {
      if (member) toast.success(T.removed, { description: T.removedText(fullName(member)) });
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(T.removeFailed, { description: errorText(error) ?? undefined }),
  });
  const name = member ? fullName(member) : '';
  return (
    <Dialog open={asked !== null} onClose={() => !remove.isPending && onClose()} title={T.removeTitle(name)} size="md">
      <Confirm
        cancel={T.cancel}
        text={T.removeText(name)}
        busy={remove.isPending}
        confirm={remove.isPending ? T.removing : T.remove}
        onCancel={onClose}
        onConfirm={() => member && remove.mutate({ id: member.id })}
      />
    </Dialog>
  );
}

function RevokeDialog({ invite: asked, onClose }: { invite: Invite | null; onClose: () => void }) {
  const [invite, setInvite] = useState(asked);
  if (asked && asked !== invite) setInvite(asked);
  const invalidate = useInvalidateTeam();
  const revoke = trpc.team.revokeInvite.useMutation({
    onSuccess: () => {
      toast.success(T.revoked);
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(T.revokeFailed, { description: errorText(error) ?? undefined }),
  });
  return (
    <Dialog
      open={asked !== null}
      onClose={() => !revoke.isPending && onClose()}
      title={T.revokeTitle(invite?.email ?? '')}
      size="md"
    >
      <Confirm
        cancel={T.cancel}
        text={T.revokeText}
        busy={revoke.isPending}
        confirm={revoke.isPending ? T.revoking : T.revoke}
        onCancel={onClose}
        onConfirm={() => invite && revoke.mutate({ inviteId: invite.id })}
      />
    </Dialog>
  );
}
