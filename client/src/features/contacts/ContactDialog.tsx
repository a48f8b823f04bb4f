import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { CheckCircle2, Clock, Info, Send, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import { CONTACT_ROLES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { contactFormSchema, portalPasswordSchema } from '../../../../shared/schemas/contacts';
import { errorStatus, HttpReplyError, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Skeleton } from '../../ui/Feedback';
import { Field, SelectField, TextField } from '../../ui/Field';
import { FormFields, formDefaults, formValuesOf, useSaveMutation, type FormFieldSpec } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { CompanyPicker } from './CompanyPicker';
import { formatDateTime, useInvalidateContactData } from './contactParts';
import { DeleteContactDialog } from './DeleteContactDialog';
import { InviteLink, useSendInvite, type PortalInvite } from './InviteLink';
import { announceInvite, PortalSetupChoice } from './PortalSetup';

const F = M.contacts.fields;
const P = M.contacts.portal;

/**
 * The shared contact form plus the optional portal password ('' keeps the current one) and, when access is being
 * switched on, how it starts: "Send invite now" (the default) or "Set a password".
 */
const dialogSchema = contactFormSchema.extend({
  portalPassword: z.union([z.literal(''), portalPasswordSchema]),
  portalSetup: z.enum(['invite', 'password']),
});
type DialogInput = z.input<typeof dialogSchema>;
type DialogOutput = z.output<typeof dialogSchema>;

const blank = (companyId: number | null | undefined) =>
  formDefaults<DialogInput>(dialogSchema, {
    companyId: companyId ?? '',
    portalAccess: false,
    role: '',
    portalPassword: '',
    portalSetup: 'invite',
  });

const personFields: FormFieldSpec<DialogInput>[] = [
  { name: 'firstName', label: F.firstName, autoFocus: true, autoComplete: 'off' },
  { name: 'lastName', label: F.lastName, autoComplete: 'off' },
  { name: 'email', label: F.email, type: 'email', autoComplete: 'off' },
  { name: 'phone', label: F.phone, type: 'tel', autoComplete: 'off' },
  { name: 'title', label: F.title, placeholder: F.titlePlaceholder },
];

type ContactDialogProps = {
  open: boolean;
  /** null: a new contact. */
  contactId: number | null;
  /** A new contact's company (the company page's Add Contact). */
  defaultCompanyId?: number | null;
  onClose: () => void;
};

/** Add or edit a contact, with their client portal access (password or one-time invite link). */
export function ContactDialog({ open, contactId, defaultCompanyId, onClose }: ContactDialogProps) {
  const editing = contactId !== null;
  const details = trpc.contacts.get.useQuery({ id: contactId ?? 0 }, { enabled: open && editing });
  const form = useForm<DialogInput, unknown, DialogOutput>({
    resolver: zodResolver(dialogSchema),
    defaultValues: blank(defaultCompanyId),
  });
  const { reset, setValue, setError, watch } = form;

  // The form takes the stored values once per opening: a refetch (after an invite) never wipes what is being typed.
  const [readyFor, setReadyFor] = useState<number | 'new' | null>(null);
  const [invite, setInvite] = useState<PortalInvite | null>(null);
  // A link made by the save itself that could not be e-mailed: shown to copy before the dialog closes.
  const [madeInvite, setMadeInvite] = useState<{ invite: PortalInvite; email: string } | null>(null);
  const savedInvite = useRef<{ invite: PortalInvite; email: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  useEffect(() => {
    if (!open) {
      setReadyFor(null);
      setMadeInvite(null);
      return;
    }
    if (!editing && readyFor !== 'new') {
      reset(blank(defaultCompanyId));
      setInvite(null);
      setReadyFor('new');
    } else if (editing && readyFor !== contactId && details.data && !details.isFetching) {
      reset(formValuesOf(dialogSchema, { ...details.data, portalPassword: '' }, blank(null)));
      setInvite(null);
      setReadyFor(contactId);
    }
  }, [open, editing, contactId, defaultCompanyId, details.data, details.isFetching, readyFor, reset]);

  // The spec's toast when the contact cannot be read before editing.
  const fetchError = open && editing ? details.error : null;
  useEffect(() => {
    if (fetchError)
      toast.error(M.contacts.fetchFailed, { description: M.contacts.fetchFailedStatus(errorStatus(fetchError) ?? 0) });
  }, [fetchError]);

  const stored = editing ? details.data : undefined;
  const portalOn = watch('portalAccess');
  const companyId = watch('companyId');
  const hasCompany = companyId !== '' && companyId !== null && companyId !== undefined;
  const revoking = !!stored?.portalAccess && !portalOn;
  // Access being switched on: how should they get in? (A contact whose access was already on keeps Resend and the
  // password field, so saving other fields never sends an invite by itself.)
  const needsSetup = !stored?.portalAccess;
  const setupMode = watch('portalSetup');

  const invalidate = useInvalidateContactData();
  const save = useSaveMutation({
    create: trpc.contacts.create,
    update: trpc.contacts.update,
    form: form as unknown as UseFormReturn<DialogInput>,
    schema: dialogSchema,
    // Conflicts and a foreign company come back as plain errors: put them on their fields too.
    fieldFor: ({ code, text }) =>
      code === 'CONFLICT'
        ? { field: 'email', message: text || M.contacts.emailTaken }
        : text === M.contacts.companyNotFound
          ? { field: 'companyId', message: text }
          : null,
    messages: {
      created: { title: M.contacts.created, text: M.contacts.createdText },
      updated: {
        title: M.contacts.updated,
        text: revoking ? `${M.contacts.updatedText} ${P.revokedText}` : M.contacts.updatedText,
      },
      createFailed: (text) => text ?? M.contacts.createFailed,
      updateFailed: (text, error) => {
        const e = error as { cause?: unknown } | null;
        const foreign = e?.cause instanceof HttpReplyError ? e.cause : error instanceof HttpReplyError ? error : null;
        if (foreign) return M.contacts.updateFailed(foreign.status, foreign.bodyText);
        return text ? M.contacts.updateFailed(errorStatus(error) ?? 0, text) : M.contacts.updateFailedFallback;
      },
    },
    invalidate: () => void invalidate(),
    onReply: (data) => {
      const saved = data as { email: string; invite?: PortalInvite };
      savedInvite.current = saved.invite
        ? { invite: announceInvite(saved.invite, saved.email), email: saved.email }
        : null;
    },
    onSaved: () => {
      const made = savedInvite.current;
      savedInvite.current = null;
      if (made && !made.invite.emailed) setMadeInvite(made);
      else onClose();
    },
  });

  const sendInvite = useSendInvite((sent) => setInvite(sent));

  const onSubmit = form.handleSubmit(({ portalPassword, portalSetup, ...fields }) => {
    const setup = fields.portalAccess && needsSetup ? portalSetup : null;
    if (setup === 'password' && !portalPassword) {
      setError('portalPassword', { type: 'required', message: P.setupPasswordRequired });
      return;
    }
    // A password only means something with access on (the field is hidden otherwise), and not with an invite.
    const password = fields.portalAccess && portalPassword && setup !== 'invite' ? portalPassword : undefined;
    const sendInvite = setup === 'invite' ? true : undefined;
    if (editing) save.update({ id: contactId, ...fields, portalPassword: password, sendInvite });
    else save.create({ ...fields, portalPassword: password, sendInvite });
  });

  const close = () => !save.pending && onClose();
  const loading = editing && readyFor !== contactId && !fetchError;
  const errors = form.formState.errors;

  return (
    <Dialog open={open} onClose={close} title={editing ? M.contacts.dialogEdit : M.contacts.dialogAdd}>
      {fetchError ? (
        <div className="space-y-4">
          <Alert>
            {M.contacts.fetchFailed}.{' '}
            <button
              type="button"
              className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
              onClick={() => void details.refetch()}
            >
              {M.common.retry}
            </button>
          </Alert>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {M.contacts.cancel}
            </Button>
          </div>
        </div>
      ) : madeInvite ? (
        <div className="space-y-4">
          <InviteLink invite={madeInvite.invite} email={madeInvite.email} />
          <div className="flex justify-end">
            <Button onClick={onClose}>{P.close}</Button>
          </div>
        </div>
      ) : loading ? (
        <DialogSkeleton />
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormFields
              form={form as unknown as UseFormReturn<DialogInput>}
              schema={dialogSchema}
              fields={personFields}
            />
            <SelectField label={F.role} error={errors.role?.message} {...form.register('role')}>
              <option value="">{M.contacts.roleNone}</option>
              {CONTACT_ROLES.map((role) => (
                <option key={role} value={role}>
                  {M.contacts.roleLabels[role]}
                </option>
              ))}
            </SelectField>
            <Field label={F.company} error={errors.companyId?.message} className="sm:col-span-2">
              {({ id, describedBy, invalid }) => (
                <Controller
                  control={form.control}
                  name="companyId"
                  render={({ field }) => (
                    <CompanyPicker
                      id={id}
                      describedBy={describedBy}
                      invalid={invalid}
                      value={field.value === '' || field.value == null ? '' : String(field.value)}
                      selectedName={
                        stored && stored.companyId === field.value ? stored.companyOfContact?.name : undefined
                      }
                      fixedOptions={[{ value: '', label: M.contacts.companyPicker.none }]}
                      onChange={(value) => {
                        field.onChange(value === '' ? '' : Number(value));
                        // No company, no portal: the switch turns off with the company.
                        if (value === '') {
                          setValue('portalAccess', false);
                          setValue('portalPassword', '');
                        }
                      }}
                    />
                  )}
                />
              )}
            </Field>
          </div>

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
                      if (!on) setValue('portalPassword', '');
                    }}
                  />
                )}
              />
            </div>

            {portalOn && hasCompany && needsSetup && (
              <div className="mt-4 space-y-3 border-t border-slate-100 pt-4">
                <PortalSetupChoice
                  mode={setupMode ?? 'invite'}
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
                      error={errors.portalPassword?.message}
                      {...form.register('portalPassword')}
                    />
                  }
                />
              </div>
            )}
            {portalOn && hasCompany && !needsSetup && (
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
                  error={errors.portalPassword?.message}
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
            )}
          </section>

          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
            {editing && stored && (
              <Button
                variant="ghost"
                onClick={() => setConfirmDelete(true)}
                disabled={save.pending}
                className="text-red-600! hover:bg-red-50 hover:text-red-700! sm:mr-auto"
              >
                <Trash2 className="size-4" aria-hidden /> {M.contacts.delete}
              </Button>
            )}
            <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
              <Button variant="secondary" onClick={onClose} disabled={save.pending}>
                {M.contacts.cancel}
              </Button>
              <Button type="submit" busy={save.pending}>
                {save.pending
                  ? editing
                    ? M.contacts.updating
                    : M.contacts.creating
                  : editing
                    ? M.contacts.submitEdit
                    : M.contacts.submitAdd}
              </Button>
            </div>
          </div>
        </form>
      )}
      <DeleteContactDialog
        contact={confirmDelete && stored ? stored : null}
        onClose={() => setConfirmDelete(false)}
        onDeleted={onClose}
      />
    </Dialog>
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

function DialogSkeleton() {
  return (
    <div role="status" aria-label={M.common.loading} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
      <Skeleton className="h-9 w-full" />
      <Skeleton className="h-20 w-full rounded-xl" />
      <div className="flex justify-end gap-2">
        <Skeleton className="h-10 w-20" />
        <Skeleton className="h-10 w-32" />
      </div>
    </div>
  );
}
