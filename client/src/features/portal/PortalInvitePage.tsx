import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../lib/zodResolver';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { CircleCheck, Link2Off, ShieldOff, TimerOff, type LucideIcon } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { portalPasswordFormSchema, type PortalPasswordForm } from '../../../../shared/schemas/portal-auth';
import { errorCode, errorText, trpc } from '../../lib/trpc';
import { onFormError } from '../../ui/form';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Skeleton } from '../../ui/Feedback';
import { PasswordStrengthMeter, preloadPasswordStrength } from '../auth/PasswordStrengthMeter';
import { PortalAuthFrame } from './PortalBrand';
import { readableOn, type PortalBrand } from './branding';
import { usePortalBranding } from './useBranding';

/** The agency's primary colour on the page's main button, with whichever text colour reads on it (normal-size text). */
const brandButton = (brand: PortalBrand | null) =>
  brand ? { backgroundColor: brand.primaryColor, color: readableOn(brand.primaryColor) } : undefined;
import { portalPath } from './session';

type Problem = { title: string; message: string; Icon: LucideIcon; tone: 'amber' | 'slate' };

/** How the server refuses a link (server/domain/auth/rules.ts usableLink): unknown, used, expired, or access turned off. */
const problems: Record<string, Problem> = {
  NOT_FOUND: {
    title: M.portalAuth.inviteProblem.invalid,
    message: M.portalAuth.inviteInvalid,
    Icon: Link2Off,
    tone: 'amber',
  },
  CONFLICT: {
    title: M.portalAuth.inviteProblem.used,
    message: M.portalAuth.inviteUsed,
    Icon: CircleCheck,
    tone: 'slate',
  },
  PRECONDITION_FAILED: {
    title: M.portalAuth.inviteProblem.expired,
    message: M.portalAuth.inviteExpired,
    Icon: TimerOff,
    tone: 'amber',
  },
  FORBIDDEN: {
    title: M.portalAuth.inviteProblem.noAccess,
    message: M.portalAuth.noAccess,
    Icon: ShieldOff,
    tone: 'amber',
  },
};

function LinkProblem({
  problem,
  text,
  slug,
  brand,
}: {
  problem: Problem;
  text: string;
  slug: string;
  brand: PortalBrand | null;
}) {
  return (
    <PortalAuthFrame brand={brand} title={problem.title}>
      <div className="space-y-6">
        <div
          className={`flex gap-3 rounded-xl border p-4 text-sm leading-6 ${problem.tone === 'amber' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
        >
          <problem.Icon className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>{text}</p>
        </div>
        <Link
          to={portalPath(slug, 'login')}
          className={buttonClass('primary', 'md', 'w-full hover:brightness-95')}
          style={brandButton(brand)}
        >
          {M.portalAuth.goToLogin}
        </Link>
      </div>
    </PortalAuthFrame>
  );
}

/** /portal/{slug}/invite/{token}: the contact chooses a password and lands in the portal signed in. */
export default function PortalInvitePage() {
  const { slug = '', token = '' } = useParams();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const info = trpc.portalAuth.inviteInfo.useQuery({ slug, token }, { retry: false });
  // The agency's logo, colours and name, as on its login page.
  const brand = usePortalBranding(slug);
  const accept = trpc.portalAuth.acceptInvite.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, watch } = useForm<PortalPasswordForm>({
    resolver: zodResolver(portalPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = watch('password');
  const problem = info.isError ? (problems[errorCode(info.error) ?? ''] ?? problems.NOT_FOUND!) : null;
  useDocumentTitle(
    info.data ? M.portalAuth.inviteTitle(info.data.businessName) : (problem?.title ?? M.portalAuth.loginTitle),
  );

  const onSubmit = handleSubmit(async ({ password }) => {
    setAlert(null);
    try {
      await accept.mutateAsync({ slug, token, password });
    } catch (error) {
      onFormError(
        { setError },
        ['password'],
        ({ text, onFields }) => !onFields && setAlert(text ?? M.portalAuth.loginError),
        {
          focus: true,
        },
      )(error);
      return;
    }
    // The reply set the portal session cookie: the dashboard opens with its user already known.
    await utils.portalAuth.me.fetch(undefined, { staleTime: 0 }).catch(() => undefined);
    navigate(portalPath(slug, 'dashboard'), { replace: true });
  });

  if (problem)
    return <LinkProblem problem={problem} text={errorText(info.error) ?? problem.message} slug={slug} brand={brand} />;

  if (!info.data)
    return (
      <PortalAuthFrame brand={brand} title={M.portalAuth.loginTitle}>
        <div role="status" className="space-y-5">
          <span className="sr-only">{M.common.loading}</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-10 w-full" />
            </div>
          ))}
          <Skeleton className="h-10 w-full" />
        </div>
      </PortalAuthFrame>
    );

  const { firstName, email, businessName } = info.data;
  return (
    <PortalAuthFrame
      brand={brand}
      businessName={businessName}
      title={M.portalAuth.inviteTitle(businessName)}
      subtitle={M.portalAuth.inviteText(firstName)}
      brandText={M.portalAuth.inviteBrandText(businessName)}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        {alert && <Alert>{alert}</Alert>}
        {/* Whose password this is, for the contact and for password managers. */}
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
              <PasswordStrengthMeter password={password} userInputs={[email, firstName, businessName, slug]} />
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
        <Button type="submit" className="w-full hover:brightness-95" busy={accept.isPending} style={brandButton(brand)}>
          {accept.isPending ? M.portalAuth.inviteSubmitting : M.portalAuth.inviteSubmit}
        </Button>
      </form>
    </PortalAuthFrame>
  );
}
