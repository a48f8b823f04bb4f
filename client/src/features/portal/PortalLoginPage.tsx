import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { MailCheck, MapPinOff } from 'lucide-react';
import { magicLink } from '../../../../shared/messages/magicLink';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import type { PortalLoginInput, PortalMagicLinkRequest } from '../../../../shared/schemas/portal-auth';
import { errorText, trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { usePortalBrandingState } from './branding';
import { PortalAuthFrame } from './PortalBrand';
import { PortalLoginView } from './PortalLoginView';
import { portalPath, sameSlug, usePortalMe } from './session';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { portalAuth, magicLink } as const;

// Deviation from spec §3 (portal_token, portal_user, portal_slug in localStorage): the session is an HttpOnly cookie only.
/** /portal/login (the slug typed in) and /portal/{slug}/login (spec §2.11), branded by the slug's agency. */
export default function PortalLoginPage() {
  const routeSlug = useParams().slug;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = usePortalMe();
  const { brand, missing } = usePortalBrandingState(routeSlug);
  const login = trpc.portalAuth.login.useMutation();
  const requestLink = trpc.portalAuth.requestMagicLink.useMutation();
  const [alert, setAlert] = useState<string | null>(null);
  // The address a sign-in link was sent to (the same answer whether or not it can sign in).
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Known once signed in to this portal (at /portal/login: to any).
  const signedInName =
    me.data && (!routeSlug || sameSlug(me.data.business.slug, routeSlug)) ? me.data.business.name : undefined;
  const name = brand?.businessName ?? signedInName;
  useDocumentTitle(missing ? M.portalAuth.noPortal : name ? M.portalAuth.welcome(name) : M.portalAuth.loginTitle);

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

  const onMagicLink = async (values: PortalMagicLinkRequest) => {
    setAlert(null);
    try {
      const reply = await requestLink.mutateAsync(values);
      if (reply.emailConfigured) setSentTo(values.email);
      else setAlert(M.magicLink.unavailable);
    } catch (error) {
      setAlert(errorText(error) ?? M.portalAuth.loginError);
    }
  };

  // Already signed in to this portal (or, at /portal/login, to any): straight to its dashboard.
  if (signedInName && !login.isPending && me.data)
    return <Navigate to={portalPath(me.data.business.slug, 'dashboard')} replace />;

  if (missing) return <NoPortalHere />;

  if (sentTo)
    return (
      <PortalAuthFrame brand={brand} businessName={signedInName} title={M.magicLink.sentTitle}>
        <div className="space-y-6">
          <div className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm leading-6 text-slate-700">
            <MailCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
            <p role="status">{M.magicLink.sentText(sentTo)}</p>
          </div>
          <Button variant="secondary" className="w-full" onClick={() => setSentTo(null)}>
            {M.magicLink.useAnother}
          </Button>
        </div>
      </PortalAuthFrame>
    );

  return (
    <PortalLoginView
      brand={brand}
      routeSlug={routeSlug}
      businessName={signedInName}
      alert={alert}
      busy={login.isPending}
      onLogin={onLogin}
      magicBusy={requestLink.isPending}
      onMagicLink={onMagicLink}
    />
  );
}

/**
 * /portal/{slug}/login for a slug no agency uses: the not-found state, and a way to the sign-in page that asks for the
 * address. Nothing else is said (the branding lookup answers only "not found").
 */
function NoPortalHere() {
  return (
    <main className="grid min-h-dvh place-items-center bg-slate-50 px-4 py-16">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
        <span className="mx-auto grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500">
          <MapPinOff className="size-6" aria-hidden />
        </span>
        <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">{M.portalAuth.noPortal}</h1>
        <p className="mt-2 text-sm leading-6 text-slate-500">{M.portalAuth.noPortalText}</p>
        <Link to="/portal/login" className={buttonClass('primary', 'md', 'mt-6 w-full')}>
          {M.portalAuth.toPortalLogin}
        </Link>
      </div>
    </main>
  );
}
