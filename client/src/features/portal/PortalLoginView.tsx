import { useForm, type Resolver } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { CORE } from '../../../../shared/messages-core';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import type { PortalLoginInput } from '../../../../shared/schemas/portal-auth';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { buttonInk, type PortalBrand } from './branding';
import { PortalAuthFrame } from './PortalBrand';
import { ClientSsoSignIn } from '../auth/SsoSignIn';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { shell: CORE.shell, portalAuth } as const;

// The shared schema (and zod with it) loads on the first keystroke or submit, not with the page, as on the hub's
// sign-in (see SignInPage).
const loadResolver = () => import('./portalLoginResolver');
const portalLoginResolver: Resolver<PortalLoginInput> = async (...args) =>
  (await loadResolver()).portalLoginResolver(...args);

type LoginViewProps = {
  /** The agency's branding; null: "Client Portal Login" in the product's own look. */
  brand: PortalBrand | null;
  /** The slug of the address (/portal/{slug}/login); without one the form asks for it. */
  routeSlug?: string;
  /** The agency's name when its branding is not known (yet). */
  businessName?: string;
  alert?: string | null;
  busy?: boolean;
  onLogin?: (values: PortalLoginInput) => Promise<void> | void;
  /** Drawn inside the account page as a live preview: nothing in it can be focused or submitted. */
  preview?: boolean;
};

/**
 * The portal's login page as it looks (spec §2.11), from its branding alone: used by /portal/login and
 * /portal/{slug}/login, and by the account page's Brand Style preview with the branding not yet saved.
 */
export function PortalLoginView({ brand, routeSlug, businessName, alert, busy, onLogin, preview }: LoginViewProps) {
  const name = brand?.businessName ?? businessName;
  const title = name ? M.portalAuth.welcome(name) : M.portalAuth.loginTitle;
  return (
    // With branding, the agency's own login text is on the branding side: no generic subtitle under the title.
    <PortalAuthFrame
      brand={brand}
      businessName={businessName}
      title={title}
      subtitle={brand ? undefined : M.portalAuth.subtitle}
      preview={preview}
    >
      <PortalLoginForm
        brand={brand}
        routeSlug={routeSlug}
        alert={alert}
        busy={busy}
        onLogin={onLogin}
        preview={preview}
      />
    </PortalAuthFrame>
  );
}

function PortalLoginForm({
  brand,
  routeSlug,
  alert,
  busy: pending,
  onLogin,
  preview,
}: Omit<LoginViewProps, 'businessName'>) {
  const { register, handleSubmit, formState } = useForm<PortalLoginInput>({
    resolver: portalLoginResolver,
    defaultValues: { slug: routeSlug ?? '', email: '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!preview) await onLogin?.(values);
  });
  const busy = !preview && (pending || formState.isSubmitting);
  // In the preview, nothing takes focus (the page around it is the account page).
  const inert = preview ? { tabIndex: -1, autoFocus: false } : {};
  return (
    <form onSubmit={onSubmit} onInput={() => void loadResolver()} noValidate className="space-y-5">
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
          {...inert}
        />
      )}
      <TextField
        label={M.shell.email}
        type="email"
        autoComplete="username"
        autoFocus={!!routeSlug}
        error={formState.errors.email?.message}
        {...register('email')}
        {...inert}
      />
      <TextField
        label={M.shell.password}
        type="password"
        autoComplete="current-password"
        error={formState.errors.password?.message}
        {...register('password')}
        {...inert}
      />
      <p className="-mt-2 text-right text-sm">
        {preview ? (
          <span className="font-medium text-slate-600">{M.portalAuth.forgot.link}</span>
        ) : (
          <Link
            to={
              routeSlug
                ? `/portal/${encodeURIComponent(routeSlug.trim().toLowerCase())}/forgot-password`
                : '/portal/forgot-password'
            }
            className="rounded-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {M.portalAuth.forgot.link}
          </Link>
        )}
      </p>
      <Button
        type="submit"
        className="h-12! w-full text-[19px]! font-bold! tracking-wider hover:brightness-95 disabled:opacity-70"
        busy={busy}
        // The agency's LOGIN button: its primary colour with its button text colour (spec §2.11) when that reads on
        // it, else white or black (buttonInk).
        style={brand ? { backgroundColor: brand.primaryColor, color: buttonInk(brand) } : undefined}
        {...(preview ? { tabIndex: -1 } : {})}
      >
        {busy ? M.portalAuth.submitting : M.portalAuth.submit}
      </Button>
      {!preview && routeSlug && <ClientSsoSignIn slug={routeSlug} />}
    </form>
  );
}
