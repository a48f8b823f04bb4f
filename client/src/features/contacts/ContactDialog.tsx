import { useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { Trash2 } from 'lucide-react';
import { CONTACT_ROLES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Skeleton } from '../../ui/Feedback';
import { Field, SelectField } from '../../ui/Field';
import { FormFields, type FormFieldSpec } from '../../ui/form';
import { CompanyPicker } from './CompanyPicker';
import {
  dialogSchema,
  useContactForm,
  useContactSave,
  type ContactForm,
  type DialogInput,
  type StoredContact,
} from './contactDialogForm';
import { PortalAccessSection } from './ContactPortalSection';
import { ContactCompaniesSection } from './ContactCompanies';
import { DeleteContactDialog } from './DeleteContactDialog';
import { InviteLink } from './InviteLink';

const F = M.contacts.fields;
const P = M.contacts.portal;

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
  const contact = useContactForm({ open, contactId, defaultCompanyId });
  const { editing, form, stored, madeInvite } = contact;
  const save = useContactSave({ form, contactId, stored, onInviteMade: contact.setMadeInvite, onClose });
  const [confirmDelete, setConfirmDelete] = useState(false);
  const close = () => !save.pending && onClose();

  return (
    <Dialog open={open} onClose={close} title={editing ? M.contacts.dialogEdit : M.contacts.dialogAdd}>
      {contact.fetchError ? (
        <FetchFailed onRetry={contact.refetch} onClose={onClose} />
      ) : madeInvite ? (
        <div className="space-y-4">
          <InviteLink invite={madeInvite.invite} email={madeInvite.email} />
          <div className="flex justify-end">
            <Button onClick={onClose}>{P.close}</Button>
          </div>
        </div>
      ) : contact.loading ? (
        <DialogSkeleton />
      ) : (
        <form onSubmit={save.onSubmit} noValidate>
          <ContactFields form={form} stored={stored} />
          <PortalAccessSection form={form} stored={stored} invite={contact.invite} sendInvite={contact.sendInvite} />
          {editing && stored && <ContactCompaniesSection contact={stored} />}
          <DialogActions
            editing={editing}
            pending={save.pending}
            onDelete={editing && stored ? () => setConfirmDelete(true) : null}
            onCancel={onClose}
          />
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

/** The contact could not be read: the spec's text with Retry, and Cancel. */
function FetchFailed({ onRetry, onClose }: { onRetry: () => void; onClose: () => void }) {
  return (
    <div className="space-y-4">
      <Alert>
        {M.contacts.fetchFailed}.{' '}
        <button
          type="button"
          className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
          onClick={onRetry}
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
  );
}

/** Who the contact is: name, e-mail, phone, title, role and company. */
function ContactFields({ form, stored }: { form: ContactForm; stored: StoredContact | undefined }) {
  const { setValue } = form;
  const errors = form.formState.errors;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormFields form={form as unknown as UseFormReturn<DialogInput>} schema={dialogSchema} fields={personFields} />
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
                selectedName={stored && stored.companyId === field.value ? stored.companyOfContact?.name : undefined}
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
  );
}

/** Delete (a saved contact), Cancel and the submit button. */
function DialogActions({
  editing,
  pending,
  onDelete,
  onCancel,
}: {
  editing: boolean;
  pending: boolean;
  onDelete: (() => void) | null;
  onCancel: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center">
      {onDelete && (
        <Button
          variant="ghost"
          onClick={onDelete}
          disabled={pending}
          className="text-red-600! hover:bg-red-50 hover:text-red-700! sm:mr-auto"
        >
          <Trash2 className="size-4" aria-hidden /> {M.contacts.delete}
        </Button>
      )}
      <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          {M.contacts.cancel}
        </Button>
        <Button type="submit" busy={pending}>
          {pending
            ? editing
              ? M.contacts.updating
              : M.contacts.creating
            : editing
              ? M.contacts.submitEdit
              : M.contacts.submitAdd}
        </Button>
      </div>
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
