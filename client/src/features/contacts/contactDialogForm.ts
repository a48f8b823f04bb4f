import { useEffect, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { z } from 'zod';
import { M } from '../../../../shared/messages';
import { contactFormSchema, type contactOutput, portalPasswordSchema } from '../../../../shared/schemas/contacts';
import { errorStatus, HttpReplyError, trpc } from '../../lib/trpc';
import { formDefaults, formValuesOf, useSaveMutation, type FieldRefusal } from '../../ui/form';
import { useInvalidateContactData } from './contactParts';
import { useSendInvite, type PortalInvite } from './InviteLink';
import { inviteOutcome, withAbsoluteUrl } from './PortalSetup';

const P = M.contacts.portal;

/**
 * The shared contact form plus the optional portal password ('' keeps the current one) and, when access is being
 * switched on, how it starts: "Send invite now" (the default) or "Set a password".
 */
export const dialogSchema = contactFormSchema.extend({
  portalPassword: z.union([z.literal(''), portalPasswordSchema]),
  portalSetup: z.enum(['invite', 'password']),
});
export type DialogInput = z.input<typeof dialogSchema>;
type DialogOutput = z.output<typeof dialogSchema>;
export type ContactForm = UseFormReturn<DialogInput, unknown, DialogOutput>;
/** The contact being edited, as contacts.get reads it. */
export type StoredContact = z.output<typeof contactOutput>;
/** A link made by the save itself, and whom it is for. */
export type MadeInvite = { invite: PortalInvite; email: string };

const blank = (companyId: number | null | undefined) =>
  formDefaults<DialogInput>(dialogSchema, {
    companyId: companyId ?? '',
    portalAccess: false,
    clientAdmin: false,
    role: '',
    portalPassword: '',
    portalSetup: 'invite',
  });

/**
 * The dialog's form, the contact it edits, and the invite links made while it is open. The form takes the stored
 * values once per opening: a refetch (after an invite) never wipes what is being typed.
 */
export function useContactForm({
  open,
  contactId,
  defaultCompanyId,
}: {
  open: boolean;
  contactId: number | null;
  defaultCompanyId?: number | null;
}) {
  const editing = contactId !== null;
  const details = trpc.contacts.get.useQuery({ id: contactId ?? 0 }, { enabled: open && editing });
  const form: ContactForm = useForm<DialogInput, unknown, DialogOutput>({
    resolver: zodResolver(dialogSchema),
    defaultValues: blank(defaultCompanyId),
  });
  const { reset } = form;
  const [readyFor, setReadyFor] = useState<number | 'new' | null>(null);
  const [invite, setInvite] = useState<PortalInvite | null>(null);
  // A link made by the save itself that could not be e-mailed: shown to copy before the dialog closes.
  const [madeInvite, setMadeInvite] = useState<MadeInvite | null>(null);
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

  const sendInvite = useSendInvite((sent) => setInvite(sent));
  return {
    editing,
    form,
    stored: editing ? details.data : undefined,
    refetch: () => void details.refetch(),
    fetchError,
    loading: editing && readyFor !== contactId && !fetchError,
    invite,
    sendInvite,
    madeInvite,
    setMadeInvite,
  };
}

// Conflicts and a foreign company come back as plain errors: put them on their fields too.
const fieldFor: FieldRefusal<DialogInput> = ({ code, text }) =>
  code === 'CONFLICT'
    ? { field: 'email', message: text || M.contacts.emailTaken }
    : text === M.contacts.companyNotFound
      ? { field: 'companyId', message: text }
      : null;

/** The spec's toasts for a save; `revoking`: the save turns portal access off. */
const saveMessages = (revoking: boolean) => ({
  created: { title: M.contacts.created, text: M.contacts.createdText },
  updated: {
    title: M.contacts.updated,
    text: revoking ? `${M.contacts.updatedText} ${P.revokedText}` : M.contacts.updatedText,
  },
  createFailed: (text: string | null) => text ?? M.contacts.createFailed,
  updateFailed: (text: string | null, error: unknown) => {
    const e = error as { cause?: unknown } | null;
    const foreign = e?.cause instanceof HttpReplyError ? e.cause : error instanceof HttpReplyError ? error : null;
    if (foreign) return M.contacts.updateFailed(foreign.status, foreign.bodyText);
    return text ? M.contacts.updateFailed(errorStatus(error) ?? 0, text) : M.contacts.updateFailedFallback;
  },
});

/**
 * Create or update the contact: the password only with access on, the invite only when access is being switched
 * on with "Send invite now". A link the save made but could not e-mail goes to `onInviteMade`, else it closes.
 */
export function useContactSave({
  form,
  contactId,
  stored,
  onInviteMade,
  onClose,
}: {
  form: ContactForm;
  contactId: number | null;
  stored: StoredContact | undefined;
  onInviteMade: (made: MadeInvite) => void;
  onClose: () => void;
}) {
  const savedInvite = useRef<MadeInvite | null>(null);
  const revoking = !!stored?.portalAccess && !form.watch('portalAccess');
  // A contact whose access was already on keeps Resend and the password field: saving never sends an invite.
  const needsSetup = !stored?.portalAccess;
  const invalidate = useInvalidateContactData();
  const save = useSaveMutation({
    create: trpc.contacts.create,
    update: trpc.contacts.update,
    form: form as unknown as UseFormReturn<DialogInput>,
    schema: dialogSchema,
    fieldFor,
    messages: saveMessages(revoking),
    invalidate: () => void invalidate(),
    // The save's one toast says what happened to the invite too ("Contact created … An invite link was e-mailed").
    onReply: (data) => {
      const saved = data as { email: string; invite?: PortalInvite };
      savedInvite.current = saved.invite ? { invite: withAbsoluteUrl(saved.invite), email: saved.email } : null;
      return saved.invite ? inviteOutcome(saved.invite, saved.email) : undefined;
    },
    onSaved: () => {
      const made = savedInvite.current;
      savedInvite.current = null;
      if (made && !made.invite.emailed) onInviteMade(made);
      else onClose();
    },
  });

  const onSubmit = form.handleSubmit(({ portalPassword, portalSetup, ...fields }) => {
    const setup = fields.portalAccess && needsSetup ? portalSetup : null;
    if (setup === 'password' && !portalPassword) {
      form.setError('portalPassword', { type: 'required', message: P.setupPasswordRequired });
      return;
    }
    // A password only means something with access on (the field is hidden otherwise), and not with an invite.
    const password = fields.portalAccess && portalPassword && setup !== 'invite' ? portalPassword : undefined;
    const sendInvite = setup === 'invite' ? true : undefined;
    if (contactId !== null) save.update({ id: contactId, ...fields, portalPassword: password, sendInvite });
    else save.create({ ...fields, portalPassword: password, sendInvite });
  });
  return { onSubmit, pending: save.pending };
}
