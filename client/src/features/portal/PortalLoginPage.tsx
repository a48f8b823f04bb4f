import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { M } from '../../../../shared/messages';
import { portalLoginInput, type PortalLoginInput } from '../../../../shared/schemas/portal-auth';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { PortalAuthFrame } from './PortalBrand';
import { portalPath, sameSlug, usePortalMe } from './session';

// Deviation from spec §3 (portal_token, portal_user, portal_slug in localStorage): the session is an HttpOnly cookie only.
/** /portal/login (the slug typed in) and /portal/{slug}/login (spec §2.11). */
export default function PortalLoginPage() {
  const routeSlug = useParams().slug;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = usePortalMe();
  const login = trpc.portalAuth.login.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<PortalLoginInput>({
    resolver: zodResolver(portalLoginInput),
    defaultValues: { slug: routeSlug ?? '', email: '', password: '' },
  });
  // Known only once signed in to this portal; the agency's branding (and its name before sign-in) comes later.
  const businessName = me.data && (!routeSlug || sameSlug(me.data.business.slug, routeSlug)) ? me.data.business.name : undefined;
  const title = businessName ? M.portalAuth.welcome(businessName) : M.portalAuth.loginTitle;
  useDocumentTitle(title);

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      await login.mutateAsync(values);
    } catch (error) {
      setAlert(errorText(error) ?? M.portalAuth.loginFailed);
      return;
    }
    try {
      const user = await utils.portalAuth.me.fetch(undefined, { staleTime: 0 });
      navigate(portalPath(user.business.slug, 'dashboard'), { replace: true });
    } catch {
      setAlert(M.portalAuth.fetchUserFailed);
    }
  });

  // Already signed in to this portal (or, at /portal/login, to any): straight to its dashboard.
  if (businessName && !login.isPending && me.data) return <Navigate to={portalPath(me.data.business.slug, 'dashboard')} replace />;

  const busy = login.isPending || formState.isSubmitting;
  return (
    <PortalAuthFrame businessName={businessName} title={title} subtitle={M.portalAuth.subtitle}>
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
          autoComplete="username"
          autoFocus={!!routeSlug}
          error={formState.errors.email?.message}
          {...register('email')}
        />
        <TextField label={M.shell.password} type="password" autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
        <Button type="submit" className="w-full tracking-wide" busy={busy}>
          {busy ? M.portalAuth.submitting : M.portalAuth.submit}
        </Button>
      </form>
    </PortalAuthFrame>
  );
}
