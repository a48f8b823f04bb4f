import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CircleCheck, Link2Off, TimerOff } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { passwordResetFormSchema, type PasswordResetForm } from '../../../../shared/schemas/auth';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Spinner } from '../../ui/Feedback';
import { AuthCard } from './AuthCard';
import { BackToSignIn, CardNotice } from './AuthNotice';
import { PasswordStrengthMeter, preloadPasswordStrength } from './PasswordStrengthMeter';
import { TwoFactorStep } from './TwoFactorStep';

/** The server refuses a link as unknown (NOT_FOUND), used (CONFLICT) or expired (PRECONDITION_FAILED). */
const problems = {
  CONFLICT: { title: M.passwordReset.problem.used, message: M.passwordReset.used, Icon: CircleCheck },
  PRECONDITION_FAILED: { title: M.passwordReset.problem.expired, message: M.passwordReset.expired, Icon: TimerOff },
} as Record<string, { title: string; message: string; Icon: typeof Link2Off } | undefined>;
const invalidLink = { title: M.passwordReset.problem.invalid, message: M.passwordReset.invalid, Icon: Link2Off };

/**
 * /hub/reset-password/{token}: the link from the reset e-mail; a new password signs the user in (and out elsewhere).
 * With two-factor sign-in on, the new password is saved but signing in takes the code step, as on the sign-in screen.
 */
export default function ResetPasswordPage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const reset = trpc.auth.resetPassword.useMutation();
  // Once used, the link is not checked again (it would now answer "already used").
  const check = trpc.auth.checkPasswordReset.useQuery(
    { token },
    { retry: false, enabled: token.length > 0 && !reset.isSuccess },
  );
  const [alert, setAlert] = useState<string | null>(null);
  /** Set when the password was saved and two-factor sign-in is on: the code step shows. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, watch } = useForm<PasswordResetForm>({
    resolver: zodResolver(passwordResetFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const problem = !token ? invalidLink : check.isError ? (problems[errorCode(check.error) ?? ''] ?? invalidLink) : null;
  useDocumentTitle(challenge ? M.twoFactor.stepTitle : problem ? problem.title : M.passwordReset.newTitle);

  const signedIn = async () => {
    toast.success(M.passwordReset.done);
    // The new session's user, fetched before the hub asks (refetching everything here would re-check the used link).
    await utils.auth.me.fetch(undefined, { staleTime: 0 }).catch(() => undefined);
    navigate('/hub', { replace: true });
  };

  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert(null);
    try {
      const reply = await reset.mutateAsync({ token, password });
      if ('twoFactorRequired' in reply) {
        setChallenge(reply.challenge);
        return;
      }
    } catch (error) {
      onFormError(
        { setError },
        ['password'],
        ({ text, onFields }) => !onFields && setAlert(text ?? M.passwordReset.failed),
        {
          focus: true,
        },
      )(error);
      return;
    }
    await signedIn();
  });

  if (challenge)
    return (
      <AuthCard title={M.twoFactor.stepTitle} subtitle={M.passwordReset.codeStepText}>
        <TwoFactorStep
          challenge={challenge}
          onSignedIn={signedIn}
          onBack={() => navigate('/hub/login', { replace: true })}
        />
      </AuthCard>
    );

  if (problem)
    return (
      <AuthCard title={problem.title} subtitle="" footer={<BackToSignIn />}>
        <CardNotice
          icon={<problem.Icon className="size-6" aria-hidden />}
          tone="amber"
          action={
            <Link to="/hub/forgot-password" className={buttonClass('primary', 'md', 'w-full')}>
              {M.passwordReset.requestNew}
            </Link>
          }
        >
          {errorText(check.error) ?? problem.message}
        </CardNotice>
      </AuthCard>
    );

  if (!check.data)
    return (
      <AuthCard title={M.passwordReset.newTitle} subtitle="">
        <Spinner />
      </AuthCard>
    );

  const email = check.data.email;
  return (
    <AuthCard title={M.passwordReset.newTitle} subtitle={M.passwordReset.newText(email)} footer={<BackToSignIn />}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {alert && <Alert>{alert}</Alert>}
        {/* Tells password managers whose password this is. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          label={M.signup.password}
          type="password"
          autoComplete="new-password"
          autoFocus
          error={formState.errors.password?.message}
          hint={password ? <PasswordStrengthMeter password={password} userInputs={[email]} /> : undefined}
          onFocus={preloadPasswordStrength}
          {...register('password')}
        />
        <TextField
          label={M.signup.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" busy={reset.isPending}>
          {reset.isPending ? M.passwordReset.newSubmitting : M.passwordReset.newSubmit}
        </Button>
      </form>
    </AuthCard>
  );
}
