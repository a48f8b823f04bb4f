import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router-dom';
import { Info, MailCheck } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { portalResetRequestInput } from '../../../../shared/schemas/portal-auth';
import type { z } from 'zod';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { zodResolver } from '../../lib/zodResolver';
import { Button, buttonClass } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert, Spinner } from '../../ui/Feedback';
import { PortalAuthFrame } from './PortalBrand';
import { readableOn, type PortalBrand } from './branding';
import { usePortalBranding } from './useBranding';

type RequestForm = z.input<typeof portalResetRequestInput>;

const brandButton = (brand: PortalBrand | null) =>
  brand ? { backgroundColor: brand.primaryColor, color: readableOn(brand.primaryColor) } : undefined;
const loginPath = (slug: string | undefined) =>
  slug ? `/portal/${encodeURIComponent(slug.trim().toLowerCase())}/login` : '/portal/login';

/** A notice with the way back to the portal's sign-in. */
export function PortalNotice({
  icon,
  tone,
  text,
  slug,
  brand,
  action,
}: {
  icon: React.ReactNode;
  tone: 'amber' | 'slate';
  text: string;
  slug?: string;
  brand: PortalBrand | null;
  action?: React.ReactNode;
}) {
  return (
    <div className="space-y-6">
      <div
        className={`flex gap-3 rounded-xl border p-4 text-sm leading-6 ${tone === 'amber' ? 'border-amber-200 bg-amber-50 text-amber-900' : 'border-slate-200 bg-slate-50 text-slate-700'}`}
      >
        <span className="mt-0.5 shrink-0">{icon}</span>
        <p>{text}</p>
      </div>
      {action}
      <Link
        to={loginPath(slug)}
        className={buttonClass(action ? 'secondary' : 'primary', 'md', 'w-full hover:brightness-95')}
        style={action ? undefined : brandButton(brand)}
      >
        {M.passwordReset.backToSignIn}
      </Link>
    </div>
  );
}

/**
 * /portal/{slug}/forgot-password (and /portal/forgot-password, the slug typed in): mails a one-time link to choose a
 * new portal password. The reply is the same whether or not the address has access to the portal.
 */
export default function PortalForgotPasswordPage() {
  const routeSlug = useParams().slug;
  const brand = usePortalBranding(routeSlug);
  const available = trpc.auth.passwordResetAvailable.useQuery(undefined, { retry: false });
  const request = trpc.portalAuth.requestPasswordReset.useMutation();
  const [sent, setSent] = useState<{ email: string; slug: string } | null>(null);
  const [mailOff, setMailOff] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<RequestForm>({
    resolver: zodResolver(portalResetRequestInput),
    defaultValues: { slug: routeSlug ?? '', email: '' },
  });
  useDocumentTitle(sent ? M.passwordReset.sentTitle : M.portalAuth.forgot.title);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const reply = await request.mutateAsync(values);
      if (reply.emailConfigured) setSent({ email: values.email, slug: values.slug });
      else setMailOff(true);
    } catch (error) {
      setAlert(errorText(error) ?? M.common.internal);
    }
  });

  if (sent)
    return (
      <PortalAuthFrame brand={brand} title={M.passwordReset.sentTitle}>
        <PortalNotice
          icon={<MailCheck className="size-5" aria-hidden />}
          tone="slate"
          text={M.portalAuth.forgot.sentText(sent.email)}
          slug={sent.slug}
          brand={brand}
        />
      </PortalAuthFrame>
    );

  const unavailable = mailOff || available.data?.available === false;
  return (
    <PortalAuthFrame
      brand={brand}
      title={M.portalAuth.forgot.title}
      subtitle={unavailable ? undefined : M.portalAuth.forgot.text}
    >
      {available.isPending ? (
        <Spinner />
      ) : unavailable ? (
        <PortalNotice
          icon={<Info className="size-5" aria-hidden />}
          tone="amber"
          text={M.portalAuth.forgot.unavailable}
          slug={routeSlug}
          brand={brand}
        />
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {alert && <Alert>{alert}</Alert>}
          {!routeSlug && (
            <TextField
              label={M.portalAuth.slugLabel}
              autoComplete="organization"
              autoCapitalize="none"
              spellCheck={false}
              autoFocus
              placeholder={M.portalAuth.slugPlaceholder}
              hint={M.portalAuth.slugHint}
              error={formState.errors.slug?.message}
              {...register('slug')}
            />
          )}
          <TextField
            label={M.shell.email}
            type="email"
            autoComplete="email"
            autoFocus={!!routeSlug}
            error={formState.errors.email?.message}
            {...register('email')}
          />
          <Button
            type="submit"
            className="w-full hover:brightness-95"
            busy={request.isPending}
            style={brandButton(brand)}
          >
            {request.isPending ? M.passwordReset.submitting : M.passwordReset.submit}
          </Button>
          <p className="text-center text-sm">
            <Link
              to={loginPath(routeSlug)}
              className="rounded-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
            >
              {M.passwordReset.backToSignIn}
            </Link>
          </p>
        </form>
      )}
    </PortalAuthFrame>
  );
}
