import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { fullName, useInvalidateContactData } from './contactParts';

type DeletableContact = { id: number; firstName: string; lastName: string; portalAccess: boolean };

/** Asks before deleting a contact (and says they lose portal access when they have it). */
export function DeleteContactDialog({
  contact: asked,
  onClose,
  onDeleted,
}: {
  contact: DeletableContact | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  // The last contact asked about stays on screen while the dialog fades out.
  const [contact, setContact] = useState(asked);
  if (asked && asked !== contact) setContact(asked);
  const invalidate = useInvalidateContactData();
  const remove = trpc.contacts.remove.useMutation({
    onSuccess: (_done, input) => {
      toast.success(M.contacts.deleted, {
        description: contact && contact.id === input.id ? M.contacts.deletedText(fullName(contact)) : undefined,
      });
      void invalidate();
      onDeleted?.();
      onClose();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? M.contacts.deleteFailed }),
  });
  const name = contact ? fullName(contact) : '';

  return (
    <Dialog
      open={asked !== null}
      onClose={() => !remove.isPending && onClose()}
      title={M.contacts.deleteTitle(name)}
      size="md"
    >
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <div className="space-y-2 text-sm text-slate-600">
          <p>{M.contacts.deleteText}</p>
          {contact?.portalAccess && <p className="font-medium text-slate-700">{M.contacts.deletePortalText}</p>}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending} autoFocus>
          {M.contacts.cancel}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => contact && remove.mutate({ id: contact.id })}>
          {remove.isPending ? M.contacts.deleting : M.contacts.delete}
        </Button>
      </div>
    </Dialog>
  );
}
