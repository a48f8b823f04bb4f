import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import {
  SESSION_LIFETIME_DAYS,
  sessionLifetimeForm,
  type SessionLifetimeForm,
} from '../../../../shared/schemas/security';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zodResolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Skeleton } from '../../ui/Feedback';
import { onFormError } from '../../ui/form';
import { Switch } from '../../ui/Switch';
import { SettingsCard } from './accountParts';

const S = M.security;

/** Account → Security, owner only: clients sign in with e-mailed links only, and the session lifetime. */
export function SignInPolicyCard() {
  const utils = trpc.useUtils();
  const policy = trpc.security.policy.useQuery();
  const form = useForm<SessionLifetimeForm, unknown, SessionLifetimeForm>({
    resolver: zodResolver(sessionLifetimeForm),
    defaultValues: { sessionLifetimeDays: null },
  });
  const saved = policy.data?.sessionLifetimeDays;
  useEffect(() => {
    if (saved !== undefined) form.reset({ sessionLifetimeDays: saved });
  }, [saved, form]);
  const update = trpc.security.updatePolicy.useMutation({
    onSuccess: (next, input) => {
      utils.security.policy.setData(undefined, next);
      if (input.clientMagicLinkOnly !== undefined)
        toast.success(next.clientMagicLinkOnly ? S.magicOnlyOn : S.magicOnlyOff);
      else toast.success(S.lifetimeSaved);
    },
    onError: onFormError(form, sessionLifetimeForm, ({ text }) => toast.error(text ?? M.common.internal)),
  });
  const onSubmit = form.handleSubmit((values) => update.mutate({ sessionLifetimeDays: values.sessionLifetimeDays }));
  const { formState } = form;

  return (
    <form onSubmit={onSubmit} noValidate>
      <SettingsCard
        title={S.policyTitle}
        text={S.policyText}
        footer={
          <Button
            type="submit"
            busy={update.isPending && update.variables?.sessionLifetimeDays !== undefined}
            disabled={!formState.isDirty}
          >
            {S.save}
          </Button>
        }
      >
        <div className="space-y-6">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="text-sm font-medium text-slate-900">{S.magicOnlyLabel}</p>
              <p className="mt-1 text-sm text-slate-500">{S.magicOnlyHint}</p>
              {policy.data && !policy.data.emailConfigured && !policy.data.clientMagicLinkOnly && (
                <p className="mt-1 text-sm text-amber-700">{S.magicOnlyNeedsMail}</p>
              )}
            </div>
            {policy.data ? (
              <Switch
                checked={policy.data.clientMagicLinkOnly}
                onChange={(clientMagicLinkOnly) => update.mutate({ clientMagicLinkOnly })}
                label={S.magicOnlyLabel}
                busy={update.isPending && update.variables?.clientMagicLinkOnly !== undefined}
                disabled={!policy.data.emailConfigured && !policy.data.clientMagicLinkOnly}
              />
            ) : (
              <Skeleton className="h-6 w-11 rounded-full" />
            )}
          </div>
          <TextField
            label={S.lifetimeLabel}
            type="number"
            inputMode="numeric"
            min={SESSION_LIFETIME_DAYS.min}
            max={SESSION_LIFETIME_DAYS.max}
            className="max-w-md"
            placeholder={policy.data ? String(policy.data.serverSessionLifetimeDays) : undefined}
            hint={policy.data ? S.lifetimeHint(policy.data.serverSessionLifetimeDays) : undefined}
            error={formState.errors.sessionLifetimeDays?.message}
            {...form.register('sessionLifetimeDays', {
              // An empty field is the server's lifetime (null), not 0.
              setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
            })}
          />
        </div>
      </SettingsCard>
    </form>
  );
}
