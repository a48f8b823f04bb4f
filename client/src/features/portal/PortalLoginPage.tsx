import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { MailCheck, MapPinOff } from 'lucide-react';
import { magicLink } from '../../../../shared/messages/magicLink';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import type { PortalLoginInput, PortalMagicLinkRequest } from '../../../../shared/schemas/portal-auth';
import { plainQuery } from '../../lib/plainQuery';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { Button, buttonClass } from '../../ui/Button';
import { useSignInBranding } from './branding';
import { PortalAuthFrame } from './PortalBrand';
import { PortalLoginView } from './PortalLoginView';
import { portalPath, sameSlug } from './paths';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { portalAuth, magicLink } as const;

// The page paints without the app's data layer (it is outside the app shell, as the hub's sign-in is): its calls go
// through a small client loaded with the first submit.
const loadClient = () => import('./portalSignIn');

/** The portal a client is signed in to in this browser, if any: its slug and its agency's name (portalAuth.me). */
type SignedIn = { slug: string; name: string };

function useSignedIn(): SignedIn | null {
  const [signedIn, setSignedIn] = useState<SignedIn | null>(null);
  useEffect(() => {
    let live = true;
    void plainQuery('portalAuth.me').then(
      ({ ok, value }) => {
        const business = (value as { business?: { slug?: unknown; name?: unknown } } | undefined)?.business;
        if (live && ok && typeof business?.slug === 'string' && typeof business.name === 'string')
          setSignedIn({ slug: business.slug, name: business.name });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return signedIn;
}

// Deviation from spec §3 (portal_token, portal_user, portal_slug in localStorage): the session is an HttpOnly cookie only.
/** /portal/login (the slug typed in) and /portal/{slug}/login (spec §2.11), branded by the slug's agency. */
export default function PortalLoginPage() {
  const routeSlug = useParams().slug;
  const navigate = useNavigate();
  const me = useSignedIn();
  const { brand, missing } = useSignInBranding(routeSlug);
  const [busy, setBusy] = useState<'login' | 'link' | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  // The address a sign-in link was sent to (the same answer whether or not it can sign in).
  const [sentTo, setSentTo] = useState<string | null>(null);
  // Known once signed in to this portal (at /portal/login: to any).
  const signedInName = me && (!routeSlug || sameSlug(me.slug, routeSlug)) ? me.name : undefined;
  const name = brand?.businessName ?? signedInName;
  useDocumentTitle(missing ? M.portalAuth.noPortal : name ? M.portalAuth.welcome(name) : M.portalAuth.loginTitle);

  const onLogin = async (values: PortalLoginInput) => {
    setAlert(null);
    setBusy('login');
    const client = await loadClient().catch(() => null);
    if (!client) {
      setBusy(null);
      setAlert(M.portalAuth.loginFailed);
      return;
    }
    try {
      await client.portalSignIn(values);
    } catch (error) {
      setBusy(null);
      setAlert(client.errorText(error) ?? M.portalAuth.loginFailed);
      return;
    }
    try {
      const user = await client.portalSignedIn();
      navigate(portalPath(user.business.slug, 'dashboard'), { replace: true });
    } catch {
      setBusy(null);
      setAlert(M.portalAuth.fetchUserFailed);
    }
  };

  const onMagicLink = async (values: PortalMagicLinkRequest) => {
    setAlert(null);
    setBusy('link');
    try {
      const client = await loadClient();
      try {
        const reply = await client.requestMagicLink(values);
        if (reply.emailConfigured) setSentTo(values.email);
        else setAlert(M.magicLink.unavailable);
      } catch (error) {
        setAlert(client.errorText(error) ?? M.portalAuth.loginError);
      }
    } catch {
      setAlert(M.portalAuth.loginError);
    } finally {
      setBusy(null);
    }
  };

  // Already signed in to this portal (or, at /portal/login, to any): straight to its dashboard.
  if (signedInName && busy !== 'login' && me) return <Navigate to={portalPath(me.slug, 'dashboard')} replace />;

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
      busy={busy === 'login'}
      onLogin={onLogin}
      magicBusy={busy === 'link'}
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
