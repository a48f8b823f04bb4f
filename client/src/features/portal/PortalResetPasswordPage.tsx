import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CircleCheck, Link2Off, ShieldOff, TimerOff, type LucideIcon } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { portalPasswordFormSchema, type PortalPasswordForm } from '../../../../shared/schemas/portal-auth';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { zodResolver } from '../../lib/zodResolver';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Spinner } from '../../ui/Feedback';
import { PasswordStrengthMeter, preloadPasswordStrength } from '../auth/PasswordStrengthMeter';
import { PortalAuthFrame } from './PortalBrand';
import { PortalNotice } from './PortalForgotPasswordPage';
import { readableOn } from './branding';
import { usePortalBranding } from './useBranding';
import { portalPath } from './session';

type Problem = { title: string; message: string; Icon: LucideIcon };

/** How the server refuses a reset link: unknown, used, expired (as staff reset links), or access turned off. */
const problems: Record<string, Problem> = {
  NOT_FOUND: { title: M.passwordReset.problem.invalid, message: M.passwordReset.invalid, Icon: Link2Off },
  CONFLICT: { title: M.passwordReset.problem.used, message: M.passwordReset.used, Icon: CircleCheck },
  PRECONDITION_FAILED: { title: M.passwordReset.problem.expired, message: M.passwordReset.expired, Icon: TimerOff },
  FORBIDDEN: { title: M.portalAuth.inviteProblem.noAccess, message: M.portalAuth.noAccess, Icon: ShieldOff },
};

/** /portal/{slug}/reset-password/{token}: the link from the reset e-mail; the new password signs the client in (and out elsewhere). */
export default function PortalResetPasswordPage() {
  const { slug = '', token = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const brand = usePortalBranding(slug);
  const reset = trpc.portalAuth.resetPassword.useMutation();
  // Once used, the link is not checked again (it would now answer "already used").
  const check = trpc.portalAuth.checkPasswordReset.useQuery(
    { slug, token },
    { retry: false, enabled: !!slug && !!token && !reset.isSuccess },
  );
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, watch } = useForm<PortalPasswordForm>({
    resolver: zodResolver(portalPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const problem =
    !slug || !token
      ? problems.NOT_FOUND!
      : check.isError
        ? (problems[errorCode(check.error) ?? ''] ?? problems.NOT_FOUND!)
        : null;
  useDocumentTitle(problem ? problem.title : M.passwordReset.newTitle);

  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert(null);
    try {
      await reset.mutateAsync({ slug, token, password });
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
    toast.success(M.passwordReset.done);
    // The reply set the portal session cookie: the dashboard opens with its user already known.
    await utils.portalAuth.me.fetch(undefined, { staleTime: 0 }).catch(() => undefined);
    navigate(portalPath(slug, 'dashboard'), { replace: true });
  });

  if (problem)
    return (
      <PortalAuthFrame brand={brand} title={problem.title}>
        <PortalNotice
          icon={<problem.Icon className="size-5" aria-hidden />}
          tone="amber"
          text={errorText(check.error) ?? problem.message}
          slug={slug}
          brand={brand}
          action={
            problem !== problems.FORBIDDEN ? (
              <Link
                to={portalPath(slug, 'forgot-password')}
                className={buttonClass('primary', 'md', 'w-full hover:brightness-95')}
                style={
                  brand ? { backgroundColor: brand.primaryColor, color: readableOn(brand.primaryColor) } : undefined
                }
              >
                {M.passwordReset.requestNew}
              </Link>
            ) : undefined
          }
        />
      </PortalAuthFrame>
    );

  if (!check.data)
    return (
      <PortalAuthFrame brand={brand} title={M.passwordReset.newTitle}>
        <Spinner />
      </PortalAuthFrame>
    );

  const { email, businessName } = check.data;
  return (
    <PortalAuthFrame
      brand={brand}
      businessName={businessName}
      title={M.passwordReset.newTitle}
      subtitle={M.portalAuth.forgot.newText(email)}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {alert && <Alert>{alert}</Alert>}
        {/* Whose password this is, for the client and for password managers. */}
        <TextField
          label={M.shell.email}
          type="email"
          name="username"
          autoComplete="username"
          value={email}
          readOnly
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        <TextField
          label={M.signup.password}
          type="password"
          autoComplete="new-password"
          autoFocus
          error={formState.errors.password?.message}
          hint={
            password ? (
              <PasswordStrengthMeter password={password} userInputs={[email, businessName, slug]} />
            ) : undefined
          }
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
        <Button
          type="submit"
          className="w-full hover:brightness-95"
          busy={reset.isPending}
          style={brand ? { backgroundColor: brand.primaryColor, color: readableOn(brand.primaryColor) } : undefined}
        >
          {reset.isPending ? M.passwordReset.newSubmitting : M.passwordReset.newSubmit}
        </Button>
      </form>
    </PortalAuthFrame>
  );
}
