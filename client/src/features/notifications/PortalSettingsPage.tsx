import { useForm } from 'react-hook-form';
import { KeyRound, Mail } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { portalChangePasswordFormSchema, type PortalChangePasswordForm } from '../../../../shared/schemas/portal-auth';
import { errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { zodResolver } from '../../lib/zodResolver';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { LoadFailed, Skeleton } from '../../ui/Feedback';
import { PasswordStrengthMeter, preloadPasswordStrength } from '../auth/PasswordStrengthMeter';
import { Switch } from '../../ui/Switch';
import { PortalPageHeader } from '../portal/PortalUi';
import { usePortalUser } from '../portal/session';
import { PortalTeamSection } from './PortalTeamSection';

const N = M.notifications;

/** /portal/{slug}/settings: the client's e-mail switch (the opt-out link of every portal e-mail lands here) and "Change password". */
export default function PortalSettingsPage() {
  const user = usePortalUser();
  useDocumentTitle(`${N.portalSettingsTitle} · ${user.business.name}`);
  const utils = trpc.useUtils();
  const settings = trpc.portalNotifications.get.useQuery();
  const update = trpc.portalNotifications.update.useMutation({
    onMutate: ({ emailNotifications }) => {
      const before = utils.portalNotifications.get.getData();
      utils.portalNotifications.get.setData(undefined, { emailNotifications });
      return { before };
    },
    onSuccess: (saved) => {
      utils.portalNotifications.get.setData(undefined, saved);
      toast.success(N.portalSaved(saved.emailNotifications));
    },
    onError: (error, _input, context) => {
      if (context?.before) utils.portalNotifications.get.setData(undefined, context.before);
      toast.error(errorText(error));
    },
  });

  return (
    <>
      <PortalPageHeader title={N.portalSettingsTitle} />
      <section
        aria-labelledby="portal-email-label"
        className="max-w-2xl rounded-xl bg-white shadow-xs ring-1 ring-slate-200"
      >
        <div className="flex items-start gap-4 px-5 py-5 sm:px-6">
          <span className="hidden size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid">
            <Mail className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <h2 id="portal-email-label" className="text-sm font-semibold text-slate-900">
              {N.portalEmailLabel}
            </h2>
            <p className="mt-1 text-sm text-slate-500">{N.portalEmailText}</p>
            <p className="mt-2 truncate text-xs text-slate-500" title={user.email}>
              {user.email}
            </p>
          </div>
          <div className="pt-0.5">
            {settings.isError ? null : settings.data ? (
              <Switch
                checked={settings.data.emailNotifications}
                onChange={(on) => update.mutate({ emailNotifications: on })}
                label={N.portalEmailLabel}
              />
            ) : (
              <Skeleton className="h-6 w-11 rounded-full" />
            )}
          </div>
        </div>
        {settings.isError && (
          <div className="px-5 pb-5 sm:px-6">
            <LoadFailed onRetry={() => void settings.refetch()} />
          </div>
        )}
      </section>
      <PortalTeamSection />
      <ChangePasswordCard />
    </>
  );
}

const C = M.portalAuth.changePassword;

/** The current password and a new one (the portal's strength rule); the client's other sessions are signed out. */
function ChangePasswordCard() {
  const user = usePortalUser();
  const form = useForm<PortalChangePasswordForm>({
    resolver: zodResolver(portalChangePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, reset, watch } = form;
  const change = trpc.portalAuth.changePassword.useMutation();
  const newPassword = watch('newPassword');
  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const done = await change.mutateAsync({ currentPassword, newPassword });
      toast.success(C.done, { description: C.doneText(done.endedSessions) });
      reset();
    } catch (error) {
      onFormError(
        form,
        ['currentPassword', 'newPassword'],
        ({ text, onFields }) => !onFields && toast.error(M.common.error, { description: text ?? C.failed }),
        { focus: true },
      )(error);
    }
  });
  return (
    <section
      aria-labelledby="portal-password-title"
      className="mt-6 max-w-2xl rounded-xl bg-white shadow-xs ring-1 ring-slate-200"
    >
      <div className="flex items-start gap-4 px-5 py-5 sm:px-6">
        <span className="hidden size-10 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700 sm:grid">
          <KeyRound className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="portal-password-title" className="text-sm font-semibold text-slate-900">
            {C.title}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{C.text}</p>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
            {/* Whose password this is, for password managers. */}
            <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
            <TextField
              label={C.current}
              type="password"
              autoComplete="current-password"
              error={formState.errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <TextField
              label={C.new}
              type="password"
              autoComplete="new-password"
              error={formState.errors.newPassword?.message}
              hint={
                newPassword ? (
                  <PasswordStrengthMeter
                    password={newPassword}
                    userInputs={[user.email, user.firstName, user.lastName, user.business.name, user.business.slug]}
                  />
                ) : undefined
              }
              onFocus={preloadPasswordStrength}
              {...register('newPassword')}
            />
            <TextField
              label={C.confirm}
              type="password"
              autoComplete="new-password"
              error={formState.errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
            <div className="flex justify-end">
              <Button type="submit" busy={change.isPending}>
                {change.isPending ? C.submitting : C.submit}
              </Button>
            </div>
          </form>
        </div>
      </div>
    </section>
  );
}
