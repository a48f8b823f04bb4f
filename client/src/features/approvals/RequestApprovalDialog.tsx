import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { M } from '../../../../shared/messages';
import {
  APPROVAL_MESSAGE_MAX,
  APPROVAL_MODES,
  approvalContactsProblem,
  type ApprovalMode,
} from '../../../../shared/schemas/approvals';
import { errorText, trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zodResolver';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextareaField, TextField } from '../../ui/Field';
import { onFormError } from '../../ui/form';

const A = M.approvals;

/** The dialog's fields: the shared rules (approvalContactsProblem, the message's limit), a date-time input's text. */
const formSchema = z
  .object({
    mode: z.enum(APPROVAL_MODES),
    contactIds: z.array(z.number().int()),
    dueAt: z.string(),
    message: z.string().max(APPROVAL_MESSAGE_MAX, A.messageTooLong(APPROVAL_MESSAGE_MAX)),
  })
  .superRefine((v, ctx) => {
    const problem = approvalContactsProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['contactIds'] });
    if (v.dueAt && new Date(v.dueAt).getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', message: A.dueInPast, path: ['dueAt'] });
  });
type FormValues = z.infer<typeof formSchema>;

const CONTACTS_LIMIT = 100;

/** "Request approval": who approves (one contact, any, several in order), an optional due date and message. */
export function RequestApprovalDialog({
  open,
  onClose,
  documentId,
  companyId,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  documentId: number;
  companyId: number;
  onSent: () => void;
}) {
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { mode: 'one', contactIds: [], dueAt: '', message: '' },
  });
  const mode = useWatch({ control: form.control, name: 'mode' }) as ApprovalMode;
  const contactIds = useWatch({ control: form.control, name: 'contactIds' });
  const contacts = trpc.contacts.list.useQuery({ companyId, limit: CONTACTS_LIMIT }, { enabled: open });
  const withAccess = (contacts.data?.items ?? []).filter((c) => c.portalAccess);
  const nameOf = (id: number) => {
    const c = withAccess.find((x) => x.id === id);
    return c ? `${c.firstName} ${c.lastName}`.trim() : `#${id}`;
  };
  const create = trpc.approvals.create.useMutation({
    onSuccess: () => {
      toast.success(A.sent);
      form.reset();
      onSent();
      onClose();
    },
    onError: onFormError(form, ['mode', 'contactIds', 'dueAt', 'message'], ({ error, onFields }) => {
      if (!onFields) toast.error(M.common.error, { description: errorText(error) ?? undefined });
    }),
  });
  const submit = form.handleSubmit((values) => {
    create.mutate({
      documentId,
      mode: values.mode,
      contactIds: values.mode === 'any' ? [] : values.contactIds,
      dueAt: values.dueAt ? new Date(values.dueAt) : null,
      message: values.message || undefined,
    });
  });
  const setContacts = (ids: number[]) =>
    form.setValue('contactIds', ids, { shouldValidate: form.formState.isSubmitted });
  const errors = form.formState.errors;

  return (
    <Dialog open={open} onClose={() => !create.isPending && onClose()} title={A.requestTitle}>
      <form
        onSubmit={(event) => {
          // The dialog sits in the file's dialog: its submit is its own.
          event.stopPropagation();
          void submit(event);
        }}
        noValidate
        className="space-y-5"
      >
        <p className="text-sm text-slate-600">{A.requestIntro}</p>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-900">{A.modeLabel}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {APPROVAL_MODES.map((m) => (
              <label
                key={m}
                className="flex cursor-pointer flex-col gap-1 rounded-lg p-3 text-sm ring-1 ring-slate-200 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-500"
              >
                <span className="flex items-center gap-2 font-medium text-slate-900">
                  <input
                    type="radio"
                    value={m}
                    {...form.register('mode', {
                      onChange: () => setContacts(contactIds.slice(0, m === 'one' ? 1 : 10)),
                    })}
                  />
                  {A.modes[m]}
                </span>
                <span className="text-xs text-slate-500">{A.modeHints[m]}</span>
              </label>
            ))}
          </div>
        </fieldset>

        {mode !== 'any' && (
          <div className="space-y-2">
            {mode === 'one' ? (
              <SelectField
                label={A.contactLabel}
                value={contactIds[0] ?? ''}
                onChange={(e) => setContacts(e.target.value ? [Number(e.target.value)] : [])}
                error={errors.contactIds?.message}
                required
              >
                <option value="">{A.chooseContact}</option>
                {withAccess.map((c) => (
                  <option key={c.id} value={c.id}>
                    {`${c.firstName} ${c.lastName}`.trim()} ({c.email})
                  </option>
                ))}
              </SelectField>
            ) : (
              <>
                <ol className="space-y-1.5" aria-label={A.contactsLabel}>
                  {contactIds.map((id, i) => (
                    <li
                      key={id}
                      className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2 text-sm"
                    >
                      <span>
                        <span className="mr-2 text-slate-500">{i + 1}.</span>
                        {nameOf(id)}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        onClick={() => setContacts(contactIds.filter((x) => x !== id))}
                        aria-label={A.removeContact(nameOf(id))}
                      >
                        ×
                      </Button>
                    </li>
                  ))}
                </ol>
                <SelectField
                  label={A.contactsLabel}
                  value=""
                  onChange={(e) => e.target.value && setContacts([...contactIds, Number(e.target.value)])}
                  error={errors.contactIds?.message}
                  required
                >
                  <option value="">{A.addContact}</option>
                  {withAccess
                    .filter((c) => !contactIds.includes(c.id))
                    .map((c) => (
                      <option key={c.id} value={c.id}>
                        {`${c.firstName} ${c.lastName}`.trim()} ({c.email})
                      </option>
                    ))}
                </SelectField>
              </>
            )}
          </div>
        )}
        {mode === 'any' && errors.contactIds?.message && (
          <p className="text-sm text-red-600" role="alert">
            {errors.contactIds.message}
          </p>
        )}

        <TextField type="datetime-local" label={A.dueLabel} error={errors.dueAt?.message} {...form.register('dueAt')} />
        <TextareaField
          label={A.messageLabel}
          placeholder={A.messagePlaceholder}
          rows={3}
          error={errors.message?.message}
          {...form.register('message')}
        />
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            {A.dismiss}
          </Button>
          <Button type="submit" busy={create.isPending}>
            {create.isPending ? A.sending : A.send}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
