import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { M } from '../../../shared/messages';
import { SAVED_VIEW_LIMITS, type SavedViewList } from '../../../shared/saved-views';
import { savedViewFormSchema, type SavedView, type SavedViewForm } from '../../../shared/schemas/saved-views';
import { trpc } from '../lib/trpc';
import { zodResolver } from '../lib/zodResolver';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { TextField } from '../ui/Field';
import { onFormError } from '../ui/form';
import { Switch } from '../ui/Switch';
import type { SavedViewDialogState } from './SavedViews';

const V = M.savedViews;

type Props = {
  list: SavedViewList;
  state: NonNullable<SavedViewDialogState>;
  onClose: () => void;
  /** A new view is applied at once (its query as the server kept it), so the menu's button names it. */
  onSaved: (query: string) => void;
};

/** Save view… (name, Share with the team), and a view's Change: rename, share or unshare, delete (asks first). */
export default function SavedViewDialog({ list, state, onClose, onSaved }: Props) {
  const editing = state.mode === 'edit' ? state.view : null;
  const utils = trpc.useUtils();
  const form = useForm<SavedViewForm, unknown, z.output<typeof savedViewFormSchema>>({
    resolver: zodResolver(savedViewFormSchema),
    defaultValues: { name: editing?.name ?? '', shared: editing?.shared ?? false },
  });
  const errors = form.formState.errors;
  const [confirmDelete, setConfirmDelete] = useState(false);

  const refresh = () => utils.savedViews.list.invalidate({ list });
  const onError = (values: SavedViewForm) =>
    onFormError(
      form,
      savedViewFormSchema,
      ({ text, onFields }) => !onFields && toast.error(V.saveFailed, { description: text ?? undefined }),
      {
        focus: true,
        // A taken name is no validation issue, but it belongs under the name.
        fieldFor: ({ text }) =>
          text === V.nameTaken(values.name.trim(), values.shared) ? { field: 'name', message: text } : null,
      },
    );

  const create = trpc.savedViews.create.useMutation();
  const update = trpc.savedViews.update.useMutation();
  const remove = trpc.savedViews.delete.useMutation({
    onSuccess: () => {
      toast.success(V.deleted(editing?.name ?? ''));
      void refresh();
      onClose();
    },
    onError: (error) => toast.error(V.deleteFailed, { description: error.message }),
  });
  const pending = create.isPending || update.isPending || remove.isPending;

  const onSubmit = form.handleSubmit((values) => {
    if (!editing && state.mode === 'create') {
      create.mutate(
        { list, query: state.query, ...values },
        {
          onSuccess: (view) => {
            toast.success(V.saved(view.name));
            void refresh();
            onSaved(view.query);
            onClose();
          },
          onError: onError(values),
        },
      );
      return;
    }
    if (!editing) return;
    update.mutate(
      { id: editing.id, ...values },
      {
        onSuccess: (view: SavedView) => {
          const text =
            view.shared !== editing.shared
              ? view.shared
                ? V.shared(view.name)
                : V.unshared(view.name)
              : V.saved(view.name);
          toast.success(text);
          void refresh();
          onClose();
        },
        onError: onError(values),
      },
    );
  });

  const close = () => !pending && onClose();
  const title = editing ? (confirmDelete ? V.deleteTitle(editing.name) : V.editTitle) : V.saveTitle;

  return (
    <Dialog open onClose={close} title={title} size="md">
      {editing && confirmDelete ? (
        <div>
          <p className="text-sm text-slate-600">{editing.shared ? V.deleteTextTeam : V.deleteTextMine}</p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setConfirmDelete(false)} disabled={pending} autoFocus>
              {V.cancel}
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate({ id: editing.id })}>
              {remove.isPending ? V.deleting : V.delete}
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {!editing && <p className="mb-4 text-sm text-slate-600">{V.saveIntro}</p>}
          <div className="space-y-4">
            <TextField
              label={V.name}
              required
              autoFocus
              autoComplete="off"
              maxLength={SAVED_VIEW_LIMITS.nameMax}
              placeholder={V.namePlaceholder}
              error={errors.name?.message}
              {...form.register('name')}
            />
            <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-3 py-3 ring-1 ring-slate-200 ring-inset">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-800">{V.share}</p>
                <p className="mt-0.5 text-xs text-slate-500">{V.shareHint}</p>
              </div>
              <Controller
                control={form.control}
                name="shared"
                render={({ field }) => <Switch checked={field.value} label={V.share} onChange={field.onChange} />}
              />
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
            {editing && (
              <Button
                variant="ghost"
                className="text-red-700 hover:bg-red-50 hover:text-red-800 sm:mr-auto"
                disabled={pending}
                onClick={() => setConfirmDelete(true)}
              >
                {V.delete}
              </Button>
            )}
            <Button variant="secondary" onClick={close} disabled={pending}>
              {V.cancel}
            </Button>
            <Button type="submit" busy={create.isPending || update.isPending}>
              {create.isPending || update.isPending ? V.saving : editing ? V.saveChanges : V.saveButton}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
