import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { CircleCheck, Link2Off, TimerOff, UserRoundX, type LucideIcon } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { staffInviteFormSchema, type StaffInviteForm } from '../../../../shared/schemas/team';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Skeleton } from '../../ui/Feedback';
import { AuthCard } from '../auth/AuthCard';
import { BackToSignIn, CardNotice } from '../auth/AuthNotice';
import { PasswordStrengthMeter, preloadPasswordStrength } from '../auth/PasswordStrengthMeter';

const S = M.staffInvite;

type Problem = { title: string; message: string; Icon: LucideIcon };
/** How the server refuses a link (server/domain/auth/rules.ts usableLink): unknown, used or expired. */
const problems: Record<string, Problem> = {
  NOT_FOUND: { title: S.problem.invalid, message: S.invalid, Icon: Link2Off },
  CONFLICT: { title: S.problem.used, message: S.used, Icon: CircleCheck },
  PRECONDITION_FAILED: { title: S.problem.expired, message: S.expired, Icon: TimerOff },
};
/** The address already has an account (one address, one agency): accepting would be refused, so the page says so at once. */
const emailTaken: Problem = { title: S.problem.emailHasAccount, message: S.emailHasAccount, Icon: UserRoundX };

const FIELDS = ['firstName', 'lastName', 'password'] as const;

/** /hub/invite/{token}: someone invited to the agency's staff chooses their name and password, and lands in the hub. */
export default function StaffInvitePage() {
  const token = useParams().token ?? '';
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const info = trpc.staffInvite.info.useQuery({ token }, { retry: false, enabled: token.length > 0 });
  const accept = trpc.staffInvite.accept.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<StaffInviteForm>({
    resolver: zodResolver(staffInviteFormSchema),
    defaultValues: { firstName: '', lastName: '', password: '', confirmPassword: '' },
  });
  const { register, handleSubmit, formState, watch } = form;
  const [password, firstName, lastName] = watch(['password', 'firstName', 'lastName']);
  const problem = !token
    ? problems.NOT_FOUND
    : info.isError
      ? (problems[errorCode(info.error) ?? ''] ?? problems.NOT_FOUND)
      : info.data?.emailHasAccount
        ? emailTaken
        : null;
  useDocumentTitle(problem?.title ?? (info.data ? S.title(info.data.businessName) : M.shell.titles.signIn));

  const onSubmit = handleSubmit(async ({ firstName, lastName, password }) => {
    setAlert(null);
    try {
      await accept.mutateAsync({ token, firstName, lastName, password });
    } catch (error) {
      onFormError(form, FIELDS, ({ text, onFields }) => !onFields && setAlert(text ?? S.failed), { focus: true })(
        error,
      );
      return;
    }
    toast.success(S.joined(info.data?.businessName ?? ''));
    // The new session's user, fetched before the hub asks (refetching everything here would re-check the used link).
    await utils.auth.me.fetch(undefined, { staleTime: 0 }).catch(() => undefined);
    navigate('/hub', { replace: true });
  });

  if (problem)
    return (
      <AuthCard title={problem.title} subtitle="">
        <CardNotice
          icon={<problem.Icon className="size-6" aria-hidden />}
          tone="amber"
          action={
            <Link to="/hub/login" className={buttonClass('primary', 'md', 'w-full')}>
              {M.auth.signIn}
            </Link>
          }
        >
          {errorText(info.error) ?? problem.message}
        </CardNotice>
      </AuthCard>
    );

  if (!info.data)
    return (
      <AuthCard title={M.common.loading} subtitle="">
        <div role="status" className="space-y-5">
          <span className="sr-only">{M.common.loading}</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
          <Skeleton className="h-10 w-full" />
        </div>
      </AuthCard>
    );

  const { email, businessName, invitedBy, role } = info.data;
  return (
    <AuthCard
      title={S.title(businessName)}
      subtitle={S.text(invitedBy, M.team.roles[role]?.toLowerCase() ?? role)}
      footer={<BackToSignIn />}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {alert && <Alert>{alert}</Alert>}
        {/* Whose account this is, for the person and for password managers. */}
        <TextField
          label={M.signup.email}
          type="email"
          name="username"
          autoComplete="username"
          value={email}
          readOnly
          className="[&_input]:bg-slate-50 [&_input]:text-slate-600"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={M.signup.firstName}
            required
            autoFocus
            autoComplete="given-name"
            error={formState.errors.firstName?.message}
            {...register('firstName')}
          />
          <TextField
            label={M.signup.lastName}
            required
            autoComplete="family-name"
            error={formState.errors.lastName?.message}
            {...register('lastName')}
          />
        </div>
        <TextField
          label={M.signup.password}
          type="password"
          required
          autoComplete="new-password"
          error={formState.errors.password?.message}
          hint={
            password ? (
              <PasswordStrengthMeter password={password} userInputs={[email, firstName, lastName, businessName]} />
            ) : (
              M.profile.newPasswordHint
            )
          }
          onFocus={preloadPasswordStrength}
          {...register('password')}
        />
        <TextField
          label={M.signup.confirmPassword}
          type="password"
          required
          autoComplete="new-password"
          error={formState.errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" className="w-full" busy={accept.isPending}>
          {accept.isPending ? S.submitting : S.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
