import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import {
  changePasswordFormSchema,
  profileUpdateInput,
  type ChangePasswordForm,
  type ProfileForm,
} from '../../../../shared/schemas/profile';
import { useSession } from '../../app/useSession';
import { trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { PasswordStrengthMeter, preloadPasswordStrength } from '../auth/PasswordStrengthMeter';
import { FormCardSkeleton, SettingsCard } from './accountParts';
import { TwoFactorCard } from './TwoFactorCard';

const P = M.profile;

/** The account page's Profile tab: the signed-in user's own name, e-mail and password. */
export function ProfilePanel() {
  const { user } = useSession();
  if (!user) return <FormCardSkeleton rows={3} />;
  return (
    <div className="max-w-4xl space-y-6">
      <DetailsForm user={user} />
      <PasswordForm user={user} />
      <TwoFactorCard />
    </div>
  );
}

type SignedIn = NonNullable<ReturnType<typeof useSession>['user']>;

function DetailsForm({ user }: { user: SignedIn }) {
  const utils = trpc.useUtils();
  const values = { firstName: user.firstName, lastName: user.lastName, email: user.email };
  const form = useForm<ProfileForm>({ resolver: zodResolver(profileUpdateInput), defaultValues: values });
  const { register, formState, reset } = form;
  // Another tab or the server may change who is signed in: show what is stored unless the user is editing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets when the stored user changes, not on every render of the form state
  useEffect(() => {
    if (!formState.isDirty) reset(values);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.firstName, user.lastName, user.email]);

  const update = trpc.profile.update.useMutation({
    onSuccess: (saved) => {
      utils.auth.me.setData(undefined, (me) => (me ? { ...me, ...saved } : me));
      // Task assignees and the team list show the name.
      void utils.team.list.invalidate();
      reset({ firstName: saved.firstName, lastName: saved.lastName, email: saved.email });
      toast.success(P.saved);
    },
    onError: onFormError(
      form,
      profileUpdateInput,
      ({ text }) => toast.error(P.saveFailed, { description: text ?? undefined }),
      {
        focus: true,
        fieldFor: ({ code, text }) => (code === 'CONFLICT' ? { field: 'email', message: text ?? P.emailTaken } : null),
      },
    ),
  });

  return (
    <form onSubmit={form.handleSubmit((v) => update.mutate(v))} noValidate>
      <SettingsCard
        title={P.detailsTitle}
        text={P.detailsText}
        actions={
          <span className="hidden text-sm text-slate-500 sm:inline">
            {P.roleLine(M.team.roles[user.role] ?? user.role, user.business.name)}
          </span>
        }
        footer={
          <>
            {formState.isDirty && (
              <Button variant="ghost" onClick={() => reset(values)} disabled={update.isPending}>
                {M.account.discard}
              </Button>
            )}
            <Button type="submit" busy={update.isPending} disabled={!formState.isDirty}>
              {update.isPending ? P.saving : P.save}
            </Button>
          </>
        }
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={P.firstName}
            required
            autoComplete="given-name"
            error={formState.errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={P.lastName}
            required
            autoComplete="family-name"
            error={formState.errors.lastName?.message}
            {...register('lastName')}
          />
          <TextField
            label={P.email}
            type="email"
            required
            autoComplete="email"
            error={formState.errors.email?.message}
            className="sm:col-span-2"
            {...register('email')}
          />
        </div>
      </SettingsCard>
    </form>
  );
}

const blankPasswords: ChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeApiTokens: true,
};

function PasswordForm({ user }: { user: SignedIn }) {
  const utils = trpc.useUtils();
  const revokeId = useId();
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: blankPasswords,
  });
  const { register, formState, watch, reset } = form;
  const newPassword = watch('newPassword');

  const change = trpc.profile.changePassword.useMutation({
    onSuccess: ({ revokedApiTokens }) => {
      reset(blankPasswords);
      toast.success(P.passwordChanged, { description: P.passwordChangedText(revokedApiTokens) });
      // The Integrations tab lists the tokens.
      if (revokedApiTokens > 0) void utils.apiTokens.invalidate();
    },
    onError: onFormError(
      form,
      ['currentPassword', 'newPassword'],
      ({ text, onFields }) =>
        toast.error(P.passwordFailed, { description: onFields ? undefined : (text ?? undefined) }),
      { focus: true },
    ),
  });

  return (
    <form
      onSubmit={form.handleSubmit(({ currentPassword, newPassword, revokeApiTokens }) =>
        change.mutate({ currentPassword, newPassword, revokeApiTokens }),
      )}
      noValidate
    >
      <SettingsCard
        title={P.passwordTitle}
        text={P.passwordText}
        footer={
          <Button type="submit" busy={change.isPending}>
            {change.isPending ? P.changing : P.changePassword}
          </Button>
        }
      >
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={user.email} readOnly hidden />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={P.currentPassword}
            type="password"
            required
            autoComplete="current-password"
            error={formState.errors.currentPassword?.message}
            className="sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]"
            {...register('currentPassword')}
          />
          <TextField
            label={P.newPassword}
            type="password"
            required
            autoComplete="new-password"
            error={formState.errors.newPassword?.message}
            hint={
              newPassword ? (
                <PasswordStrengthMeter
                  password={newPassword}
                  userInputs={[user.email, user.firstName, user.lastName, user.business.name, user.business.slug]}
                />
              ) : (
                P.newPasswordHint
              )
            }
            onFocus={preloadPasswordStrength}
            {...register('newPassword')}
          />
          <TextField
            label={P.confirmPassword}
            type="password"
            required
            autoComplete="new-password"
            error={formState.errors.confirmPassword?.message}
            {...register('confirmPassword')}
          />
          <div className="flex items-start gap-3 text-sm sm:col-span-2">
            <input
              id={`${revokeId}-box`}
              type="checkbox"
              aria-describedby={`${revokeId}-hint`}
              className="mt-0.5 size-4 shrink-0 cursor-pointer rounded accent-brand-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none"
              {...register('revokeApiTokens')}
            />
            <div className="min-w-0">
              <label htmlFor={`${revokeId}-box`} className="block cursor-pointer font-medium text-slate-900">
                {P.revokeApiTokens}
              </label>
              <p id={`${revokeId}-hint`} className="text-slate-500">
                {P.revokeApiTokensHint}
              </p>
            </div>
          </div>
        </div>
      </SettingsCard>
    </form>
  );
}
