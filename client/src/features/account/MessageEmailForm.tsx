import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import {
  messageEmailInput,
  type BusinessDetails,
  type MessageEmailForm as FormValues,
} from '../../../../shared/schemas/business';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zodResolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { onFormError } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { SettingsCard } from './accountParts';

const A = M.account;

const valuesOf = (b: BusinessDetails): FormValues => ({ ...b.messageEmail });

/**
 * Account → Business: when an unread message is e-mailed to its recipient, and whether the e-mail carries its text
 * (off by default: only a link). Read-only for roles without account.manage.
 */
export function MessageEmailForm({ business, canEdit }: { business: BusinessDetails; canEdit: boolean }) {
  const utils = trpc.useUtils();
  const form = useForm<FormValues, unknown, FormValues>({
    resolver: zodResolver(messageEmailInput),
    defaultValues: valuesOf(business),
  });
  const { formState } = form;
  const update = trpc.business.updateMessageEmail.useMutation({
    onSuccess: (saved) => {
      utils.business.get.setData(undefined, saved);
      form.reset(valuesOf(saved));
      toast.success(A.messageEmailUpdated);
    },
    onError: onFormError(form, messageEmailInput, ({ text }) =>
      toast.error(A.updateFailed, { description: text ?? A.messageEmailDelayInvalid }),
    ),
  });
  const onSubmit = form.handleSubmit((values) => update.mutate(values));

  return (
    <form onSubmit={onSubmit} noValidate className="mt-6 max-w-4xl">
      <SettingsCard
        title={A.messageEmailTitle}
        text={A.messageEmailDescription}
        footer={
          canEdit && (
            <>
              {formState.isDirty && (
                <Button variant="ghost" onClick={() => form.reset(valuesOf(business))} disabled={update.isPending}>
                  {A.discard}
                </Button>
              )}
              <Button type="submit" busy={update.isPending} disabled={!formState.isDirty}>
                {update.isPending ? A.saving : A.save}
              </Button>
            </>
          )
        }
      >
        <fieldset disabled={!canEdit} className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={A.messageEmailDelay}
            type="number"
            inputMode="numeric"
            min={1}
            max={1440}
            required
            hint={A.messageEmailDelayHint}
            error={formState.errors.delayMinutes?.message}
            {...form.register('delayMinutes', { valueAsNumber: true })}
          />
          <div className="flex items-start justify-between gap-4 sm:pt-6">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{A.messageEmailIncludesText}</p>
              <p className="mt-1 text-sm text-slate-500">{A.messageEmailIncludesTextHint}</p>
            </div>
            <Controller
              control={form.control}
              name="includesText"
              render={({ field }) => (
                <Switch
                  checked={field.value}
                  onChange={field.onChange}
                  label={A.messageEmailIncludesText}
                  disabled={!canEdit}
                />
              )}
            />
          </div>
        </fieldset>
      </SettingsCard>
    </form>
  );
}
