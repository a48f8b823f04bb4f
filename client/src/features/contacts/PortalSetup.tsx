import { useEffect, useId, useState, type ReactNode } from 'react';
import { CheckCircle2, Clock, Info, KeyRound, Send, ShieldOff } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { portalPasswordSchema } from '../../../../shared/schemas/contacts';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import {
  formatDateTime,
  fullName,
  PortalBadge,
  portalState,
  useInvalidateContactData,
  type ContactRow,
} from './contactParts';
import { InviteLink, useSendInvite, type PortalInvite } from './InviteLink';

const P = M.contacts.portal;

/** How portal access starts: a one-time invite link by e-mail (the default), or a password staff choose. */
export type SetupMode = 'invite' | 'password';

/** The server may answer a path (/portal/{slug}/invite/{token}): people copy a full address. */
export const withAbsoluteUrl = (invite: PortalInvite): PortalInvite => ({
  ...invite,
  url: new URL(invite.url, window.location.origin).href,
});

/** What happened to a link made by a save, in one sentence: e-mailed, or only shown (no SMTP, or it refused). */
export const inviteOutcome = (invite: PortalInvite, email: string) =>
  invite.emailed ? P.inviteSentText(email) : invite.emailConfigured ? P.inviteSendFailed : P.inviteNotEmailed;

/** Tells staff what happened to a link made by a save: e-mailed, or only shown (no SMTP, or it refused). */
function announceInvite(invite: PortalInvite, email: string) {
  if (invite.emailed) toast.success(P.inviteSent, { description: inviteOutcome(invite, email) });
  else toast(P.inviteCreated, { description: inviteOutcome(invite, email) });
  return withAbsoluteUrl(invite);
}

/**
 * "Send invite now" or "Set a password", as two native radio buttons (arrow keys move between them); the password
 * field shows under its choice.
 */
export function PortalSetupChoice({
  mode,
  onMode,
  password,
}: {
  mode: SetupMode;
  onMode: (mode: SetupMode) => void;
  password: ReactNode;
}) {
  const name = useId();
  const option = (value: SetupMode, title: string, text: string, icon: ReactNode) => (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg p-3 ring-1 ring-inset has-focus-visible:ring-2 has-focus-visible:ring-brand-500',
        mode === value ? 'bg-brand-50/60 ring-brand-300' : 'bg-white ring-slate-200 hover:bg-slate-50',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={mode === value}
        onChange={() => onMode(value)}
        className="mt-1 size-4 accent-brand-600 focus:outline-none"
      />
      <span className="min-w-0">
        <span className="flex items-center gap-1.5 text-sm font-medium text-slate-900">
          {icon}
          {title}
        </span>
        <span className="mt-0.5 block text-xs text-slate-600">{text}</span>
      </span>
    </label>
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-2 text-sm font-medium text-slate-700">{P.setupLegend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {option('invite', P.setupInvite, P.setupInviteText, <Send className="size-4 text-slate-500" aria-hidden />)}
        {option(
          'password',
          P.setupPassword,
          P.setupPasswordText,
          <KeyRound className="size-4 text-slate-500" aria-hidden />,
        )}
      </div>
      {mode === 'password' && <div className="pt-2">{password}</div>}
    </fieldset>
  );
}

/**
 * The focused panel of one contact's portal access (the company page's "Set up access"): invite now or set a
 * password, resend a pending invite, set a new password, or revoke. Each action is one contacts.update /
 * contacts.sendInvite call; the state (Invited / Active / No access) is re-read after each.
 */
export function PortalAccessPanel({ contact, onClose }: { contact: ContactRow | null; onClose: () => void }) {
  // Keeps the last contact while the dialog closes.
  const [shown, setShown] = useState<ContactRow | null>(contact);
  useEffect(() => {
    if (contact) setShown(contact);
  }, [contact]);
  const open = contact !== null;
  const details = trpc.contacts.get.useQuery({ id: shown?.id ?? 0 }, { enabled: open && !!shown });
  const current = details.data ?? shown;

  const [mode, setMode] = useState<SetupMode>('invite');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [invite, setInvite] = useState<PortalInvite | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the dialog opens, not when its data refreshes
  useEffect(() => {
    if (!open) return;
    setMode('invite');
    setPassword('');
    setPasswordError(null);
    setInvite(null);
    setConfirmRevoke(false);
  }, [open, contact?.id]);

  const invalidate = useInvalidateContactData();
  const update = trpc.contacts.update.useMutation({
    onSuccess: (saved, input) => {
      if (saved.invite) setInvite(announceInvite(saved.invite, saved.email));
      else if (input.portalPassword) toast.success(P.passwordSet, { description: P.passwordSetText });
      else if (input.portalAccess === false) toast.success(P.revoked, { description: P.revokedText });
      setPassword('');
      setConfirmRevoke(false);
      void invalidate();
    },
    onError: (error, input) => {
      const text = errorText(error);
      if (input.portalPassword && text) setPasswordError(text);
      else toast.error(M.common.error, { description: text ?? P.saveFailed });
    },
  });
  const resend = useSendInvite((sent) => setInvite(sent));

  if (!current) return null;
  const name = fullName(current);
  const state = portalState(current, invite !== null);
  const busy = update.isPending || resend.pendingId !== null;

  const setPasswordNow = (grant: boolean) => {
    const checked = portalPasswordSchema.safeParse(password);
    if (!checked.success) return setPasswordError(checked.error.issues[0]?.message ?? P.saveFailed);
    setPasswordError(null);
    update.mutate({ id: current.id, ...(grant ? { portalAccess: true } : {}), portalPassword: checked.data });
  };

  const passwordField = (label: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      placeholder={P.passwordPlaceholder}
      value={password}
      error={passwordError ?? undefined}
      onChange={(e) => {
        setPassword(e.target.value);
        setPasswordError(null);
      }}
    />
  );

  let body: ReactNode;
  if (current.companyId === null) {
    body = <Note icon={<Info className="size-4 text-slate-400" aria-hidden />}>{P.needsCompany}</Note>;
  } else if (state === 'none') {
    body = (
      <form
        className="space-y-4"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (mode === 'invite') update.mutate({ id: current.id, portalAccess: true, sendInvite: true });
          else setPasswordNow(true);
        }}
      >
        {current.portalAccess && (
          <Note icon={<Clock className="size-4 text-amber-600" aria-hidden />}>{P.inviteExpired}</Note>
        )}
        <PortalSetupChoice mode={mode} onMode={setMode} password={passwordField(P.password)} />
        <div className="flex justify-end">
          <Button type="submit" busy={update.isPending}>
            {update.isPending ? P.granting : mode === 'invite' ? P.setupInvite : P.grant}
          </Button>
        </div>
      </form>
    );
  } else {
    const pendingUntil = details.data?.pendingInviteExpiresAt ?? null;
    body = (
      <div className="space-y-4">
        {state === 'invited' ? (
          <div className="flex flex-col gap-3 rounded-lg bg-sky-50/60 p-3 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
            <p className="flex items-center gap-2 text-sm text-sky-900">
              <Clock className="size-4 shrink-0 text-sky-600" aria-hidden />{' '}
              {pendingUntil ? P.pendingInvite(formatDateTime(pendingUntil)) : P.inviteSent}
            </p>
            <Button
              variant="secondary"
              size="sm"
              busy={resend.pendingId !== null}
              disabled={busy}
              onClick={() => resend.send(current)}
              className="shrink-0"
            >
              {resend.pendingId === null && <Send className="size-4" aria-hidden />}
              {resend.pendingId !== null ? P.sendingInvite : P.resendInvite}
            </Button>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-emerald-700">
            <CheckCircle2 className="size-4 shrink-0" aria-hidden /> {P.hasPassword}
          </p>
        )}
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-start"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setPasswordNow(false);
          }}
        >
          <div className="min-w-0 flex-1">
            {passwordField(state === 'invited' ? P.setupPassword : P.changePassword)}
          </div>
          <Button
            type="submit"
            variant="secondary"
            busy={update.isPending && !!update.variables?.portalPassword}
            disabled={busy || password === ''}
            className="sm:mt-6"
          >
            <KeyRound className="size-4" aria-hidden /> {P.setupPassword}
          </Button>
        </form>
      </div>
    );
  }

  return (
    <Dialog open={open} onClose={() => !busy && onClose()} title={P.panelTitle(name)} size="md">
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="min-w-0 truncate text-sm text-slate-600">{P.panelText(current.email)}</p>
          <PortalBadge state={state} />
        </div>
        {body}
        {invite && <InviteLink invite={invite} email={current.email} />}
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
          {current.portalAccess && !confirmRevoke && (
            <Button
              variant="ghost"
              onClick={() => setConfirmRevoke(true)}
              disabled={busy}
              className="text-red-600! hover:bg-red-50 hover:text-red-700! sm:mr-auto"
            >
              <ShieldOff className="size-4" aria-hidden /> {P.revoke}
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy} className="sm:ml-auto">
            {P.close}
          </Button>
        </div>
        {confirmRevoke && (
          <div
            role="alertdialog"
            aria-label={P.revoke}
            className="space-y-3 rounded-lg bg-red-50 p-3 ring-1 ring-red-200 ring-inset"
          >
            <p className="text-sm text-red-900">{P.revokeConfirm}</p>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" size="sm" onClick={() => setConfirmRevoke(false)} disabled={busy}>
                {M.contacts.cancel}
              </Button>
              <Button
                variant="danger"
                size="sm"
                busy={update.isPending}
                onClick={() => update.mutate({ id: current.id, portalAccess: false })}
              >
                {update.isPending ? P.revoking : P.revoke}
              </Button>
            </div>
          </div>
        )}
      </div>
    </Dialog>
  );
}

function Note({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200 ring-inset">
      <span className="mt-px shrink-0">{icon}</span> {children}
    </p>
  );
}
