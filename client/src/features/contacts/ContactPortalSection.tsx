import { Controller } from 'react-hook-form';
import { CheckCircle2, Clock, Info, Send, UserPlus } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Switch } from '../../ui/Switch';
import type { ContactForm, StoredContact } from './contactDialogForm';
import { formatDateTime } from './contactParts';
import { InviteLink, type PortalInvite, type useSendInvite } from './InviteLink';
import { PortalSetupChoice } from './PortalSetup';

const P = M.contacts.portal;

type InviteSender = ReturnType<typeof useSendInvite>;

/** The contact dialog's "Client Portal Access": the switch, then how access starts, or the password and invite. */
export function PortalAccessSection({
  form,
  stored,
  invite,
  sendInvite,
}: {
  form: ContactForm;
  stored: StoredContact | undefined;
  invite: PortalInvite | null;
  sendInvite: InviteSender;
}) {
  const { setValue, watch } = form;
  const errors = form.formState.errors;
  const portalOn = watch('portalAccess');
  const companyId = watch('companyId');
  const hasCompany = companyId !== '' && companyId !== null && companyId !== undefined;
  // Access being switched on: how should they get in? (A contact whose access was already on keeps Resend and the
  // password field, so saving other fields never sends an invite by itself.)
  const needsSetup = !stored?.portalAccess;

  return (
    <section aria-labelledby="contact-portal-heading" className="mt-6 rounded-xl border border-slate-200 p-4">
      <h3 id="contact-portal-heading" className="text-sm font-semibold text-slate-900">
        {P.heading}
      </h3>
      <div className="mt-3 flex items-start justify-between gap-4">
        <div className="min-w-0">
          <p id="contact-portal-switch" className="text-sm text-slate-700">
            {P.switchText}
          </p>
          {!hasCompany && <p className="mt-1 text-xs text-slate-500">{P.needsCompany}</p>}
          {errors.portalAccess?.message && (
            <p role="alert" className="mt-1 text-xs font-medium text-red-600">
              {errors.portalAccess.message}
            </p>
          )}
        </div>
        <Controller
          control={form.control}
          name="portalAccess"
          render={({ field }) => (
            <Switch
              label={P.switchText}
              checked={!!field.value}
              disabled={!hasCompany}
              onChange={(on) => {
                field.onChange(on);
                if (!on) {
                  setValue('portalPassword', '');
                  setValue('clientAdmin', false);
                }
              }}
            />
          )}
        />
      </div>

      {portalOn && hasCompany && <ClientAdminPart form={form} />}
      {stored?.invitedByName && (
        <p className="mt-3 flex items-center gap-1.5 text-xs text-slate-500">
          <UserPlus className="size-3.5" aria-hidden /> {M.clientTeam.invitedBy(stored.invitedByName)}
        </p>
      )}
      {portalOn && hasCompany && needsSetup && <PortalSetupPart form={form} />}
      {portalOn && hasCompany && !needsSetup && (
        <PortalAccessPart form={form} stored={stored} invite={invite} sendInvite={sendInvite} />
      )}
    </section>
  );
}

/** With access on: "Client admin" (issue 32), who sees their company's portal users and invites colleagues. */
function ClientAdminPart({ form }: { form: ContactForm }) {
  const error = form.formState.errors.clientAdmin?.message;
  return (
    <div className="mt-4 flex items-start justify-between gap-4 border-t border-slate-100 pt-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{M.clientTeam.adminLabel}</p>
        <p className="mt-0.5 text-xs text-slate-500">{M.clientTeam.adminText}</p>
        {error && (
          <p role="alert" className="mt-1 text-xs font-medium text-red-600">
            {error}
          </p>
        )}
      </div>
      <Controller
        control={form.control}
        name="clientAdmin"
        render={({ field }) => (
          <Switch label={M.clientTeam.adminLabel} checked={!!field.value} onChange={field.onChange} />
        )}
      />
    </div>
  );
}

/** Access being switched on: "Send invite now" or "Set a password" (with its field). */
function PortalSetupPart({ form }: { form: ContactForm }) {
  const { setValue, watch } = form;
  return (
    <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
      <PortalSetupChoice
        mode={watch('portalSetup') ?? 'invite'}
        onMode={(mode) => {
          setValue('portalSetup', mode);
          if (mode === 'invite') setValue('portalPassword', '');
        }}
        password={
          <TextField
            label={P.password}
            type="password"
            autoComplete="new-password"
            placeholder={P.passwordPlaceholder}
            error={form.formState.errors.portalPassword?.message}
            {...form.register('portalPassword')}
          />
        }
      />
    </div>
  );
}

/** Access already on: the expired invite or set password, a new password, and the invite link. */
function PortalAccessPart({
  form,
  stored,
  invite,
  sendInvite,
}: {
  form: ContactForm;
  stored: StoredContact | undefined;
  invite: PortalInvite | null;
  sendInvite: InviteSender;
}) {
  return (
    <div className="mt-4 space-y-4 border-t border-slate-100 pt-4">
      {stored?.portalState === 'none' && <p className="text-xs text-amber-800">{P.inviteExpired}</p>}
      {stored?.hasPortalPassword && (
        <p className="flex items-center gap-2 text-sm text-emerald-700">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden /> {P.hasPassword}
        </p>
      )}
      <TextField
        label={P.password}
        type="password"
        autoComplete="new-password"
        placeholder={P.passwordPlaceholder}
        hint={stored?.hasPortalPassword ? P.passwordKeep : P.passwordHint}
        error={form.formState.errors.portalPassword?.message}
        {...form.register('portalPassword')}
      />
      <InvitePart
        saved={!!stored?.portalAccess}
        invite={invite}
        email={stored?.email ?? ''}
        pendingUntil={stored?.pendingInviteExpiresAt ?? null}
        sending={sendInvite.pendingId !== null}
        onSend={() => stored && sendInvite.send(stored)}
      />
    </div>
  );
}

/** 'Send invite' for a saved contact with access on; the fresh link, or the pending one's expiry. */
function InvitePart({
  saved,
  invite,
  email,
  pendingUntil,
  sending,
  onSend,
}: {
  saved: boolean;
  invite: PortalInvite | null;
  email: string;
  pendingUntil: Date | null;
  sending: boolean;
  onSend: () => void;
}) {
  if (!saved)
    return (
      <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs text-slate-600 ring-1 ring-slate-200 ring-inset">
        <Info className="mt-px size-4 shrink-0 text-slate-400" aria-hidden /> {P.inviteSaveFirst}
      </p>
    );
  if (invite) return <InviteLink invite={invite} email={email} />;
  if (!pendingUntil)
    return (
      <Button variant="secondary" busy={sending} onClick={onSend}>
        {!sending && <Send className="size-4" aria-hidden />}
        {sending ? P.sendingInvite : P.sendInvite}
      </Button>
    );
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-sky-50/60 p-3 ring-1 ring-sky-200 ring-inset sm:flex-row sm:items-center sm:justify-between">
      <p className="flex items-center gap-2 text-sm text-sky-900">
        <Clock className="size-4 shrink-0 text-sky-600" aria-hidden /> {P.pendingInvite(formatDateTime(pendingUntil))}
      </p>
      <Button variant="secondary" size="sm" busy={sending} onClick={onSend} className="shrink-0">
        {!sending && <Send className="size-4" aria-hidden />}
        {sending ? P.sendingInvite : P.resendInvite}
      </Button>
    </div>
  );
}
