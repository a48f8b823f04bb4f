import { useEffect, useState } from 'react';
import { or, ssoEmailFirst, ssoSignInWith } from '../../../../shared/messages/texts-core';
import { buttonClass } from '../../ui/Button';

/** The sso section's texts the sign-in pages show, without the section (the account page's SSO settings). */
const sso = { or, signInWith: ssoSignInWith, emailFirst: ssoEmailFirst } as const;

type SsoOption = { enabled: boolean; providerName: string };

/**
 * Whether a sign-in page shows the button (sso.staffOption / sso.clientOption). The sign-in pages render before the
 * app's tRPC client loads (their first paint stays small), so this is one plain GET of the procedure.
 */
function useSsoOption(path: string, input?: unknown): SsoOption | null {
  const [option, setOption] = useState<SsoOption | null>(null);
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  useEffect(() => {
    let live = true;
    fetch(`/trpc/${path}${query}`)
      .then((res) => (res.ok ? res.json() : null))
      .then((body: { result?: { data?: { json?: SsoOption } } } | null) => {
        if (live) setOption(body?.result?.data?.json ?? null);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [path, query]);
  return option;
}

/** "or", then the single sign-on button: a full-page visit to /auth/oidc/... (the provider's page follows). */
function SsoButton({ providerName, onClick }: { providerName: string; onClick: () => void }) {
  return (
    <div className="mt-5 space-y-3">
      <div className="flex items-center gap-3 text-xs text-slate-400" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        {sso.or}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <button type="button" className={buttonClass('secondary', 'md', 'w-full')} onClick={onClick}>
        {sso.signInWith(providerName)}
      </button>
    </div>
  );
}

/** The hub's sign-in: shown when an agency here signs its team in through a provider; the typed e-mail picks it. */
export function StaffSsoSignIn({ email }: { email: () => string }) {
  const option = useSsoOption('sso.staffOption');
  const [hint, setHint] = useState(false);
  if (!option?.enabled) return null;
  return (
    <>
      <SsoButton
        providerName={option.providerName}
        onClick={() => {
          const typed = email().trim();
          if (!typed.includes('@')) return setHint(true);
          window.location.assign(`/auth/oidc/start?email=${encodeURIComponent(typed)}`);
        }}
      />
      {hint && (
        <p role="alert" className="mt-2 text-center text-xs text-slate-600">
          {sso.emailFirst}
        </p>
      )}
    </>
  );
}

/** A portal's sign-in: shown when the agency lets its clients sign in through a provider. */
export function ClientSsoSignIn({ slug }: { slug: string }) {
  const option = useSsoOption('sso.clientOption', { slug });
  if (!option?.enabled) return null;
  return (
    <SsoButton
      providerName={option.providerName}
      onClick={() => window.location.assign(`/auth/portal/oidc/${encodeURIComponent(slug.trim().toLowerCase())}/start`)}
    />
  );
}
