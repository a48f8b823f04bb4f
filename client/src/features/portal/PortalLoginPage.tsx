import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import type { PortalLoginInput } from '../../../../shared/schemas/portal-auth';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePortalBranding } from './branding';
import { PortalLoginView } from './PortalLoginView';
import { portalPath, sameSlug, usePortalMe } from './session';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { portalAuth } as const;

// Deviation from spec §3 (portal_token, portal_user, portal_slug in localStorage): the session is an HttpOnly cookie only.
/** /portal/login (the slug typed in) and /portal/{slug}/login (spec §2.11), branded by the slug's agency. */
export default function PortalLoginPage() {
  const routeSlug = useParams().slug;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = usePortalMe();
  const brand = usePortalBranding(routeSlug);
  const login = trpc.portalAuth.login.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  // Known once signed in to this portal (at /portal/login: to any).
  const signedInName =
    me.data && (!routeSlug || sameSlug(me.data.business.slug, routeSlug)) ? me.data.business.name : undefined;
  const name = brand?.businessName ?? signedInName;
  useDocumentTitle(name ? M.portalAuth.welcome(name) : M.portalAuth.loginTitle);

  const onLogin = async (values: PortalLoginInput) => {
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
  };

  // Already signed in to this portal (or, at /portal/login, to any): straight to its dashboard.
  if (signedInName && !login.isPending && me.data)
    return <Navigate to={portalPath(me.data.business.slug, 'dashboard')} replace />;

  return (
    <PortalLoginView
      brand={brand}
      routeSlug={routeSlug}
      businessName={signedInName}
      alert={alert}
      busy={login.isPending}
      onLogin={onLogin}
    />
  );
}
