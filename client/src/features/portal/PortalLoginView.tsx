import { useForm, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { CORE } from '../../../../shared/messages-core';
import { magicLink } from '../../../../shared/messages/magicLink';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import type { PortalLoginInput, PortalMagicLinkRequest } from '../../../../shared/schemas/portal-auth';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { Alert } from '../../ui/Feedback';
import { buttonInk, type PortalBrand } from './branding';
import { PortalAuthFrame } from './PortalBrand';
import { ClientSsoSignIn } from '../auth/SsoSignIn';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { shell: CORE.shell, portalAuth, magicLink } as const;

// The shared schema (and zod with it) loads on the first keystroke or submit, not with the page, as on the hub's
// sign-in (see SignInPage).
const loadResolver = () => import('./portalLoginResolver');
const portalLoginResolver: Resolver<PortalLoginInput> = async (...args) =>
  (await loadResolver()).portalLoginResolver(...args);
const portalMagicLinkResolver: Resolver<PortalMagicLinkRequest> = async (...args) =>
  (await loadResolver()).portalMagicLinkResolver(...args);

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
  /** "Email me a sign-in link" (beside the password, or alone when the agency signs clients in with links only). */
  onMagicLink?: (values: PortalMagicLinkRequest) => Promise<void> | void;
  magicBusy?: boolean;
  /** Drawn inside the account page as a live preview: nothing in it can be focused or submitted. */
  preview?: boolean;
};

/**
 * The portal's login page as it looks (spec §2.11), from its branding alone: used by /portal/login and
 * /portal/{slug}/login, and by the account page's Brand Style preview with the branding not yet saved.
 */
export function PortalLoginView({ brand, routeSlug, businessName, ...form }: LoginViewProps) {
  const name = brand?.businessName ?? businessName;
  const title = name ? M.portalAuth.welcome(name) : M.portalAuth.loginTitle;
  const linksOnly = !!brand?.magicLinkOnly;
  return (
    // With branding, the agency's own login text is on the branding side: no generic subtitle under the title.
    <PortalAuthFrame
      brand={brand}
      businessName={businessName}
      title={title}
      subtitle={linksOnly ? M.magicLink.onlyText : brand ? undefined : M.portalAuth.subtitle}
      preview={form.preview}
    >
      {linksOnly ? (
        <PortalMagicLinkForm brand={brand} routeSlug={routeSlug} {...form} />
      ) : (
        <PortalLoginForm brand={brand} routeSlug={routeSlug} {...form} />
      )}
    </PortalAuthFrame>
  );
}

const linkClass =
  'rounded-sm font-medium text-slate-600 hover:text-slate-900 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none';
/** The agency's big sign-in button: its primary colour with a text colour that reads on it (spec §2.11). */
const bigButton = 'h-12! w-full text-[19px]! font-bold! tracking-wider hover:brightness-95 disabled:opacity-70';
const brandStyle = (brand: PortalBrand | null) =>
  brand ? { backgroundColor: brand.primaryColor, color: buttonInk(brand) } : undefined;

/** The slug field, only at /portal/login (no slug in the address). */
function SlugField({ error, inert, ...field }: UseFormRegisterReturn & { error?: string; inert: object }) {
  return (
    <TextField
      label={M.portalAuth.slugLabel}
      autoComplete="organization"
      autoCapitalize="none"
      spellCheck={false}
      autoFocus
      placeholder={M.portalAuth.slugPlaceholder}
      hint={M.portalAuth.slugHint}
      error={error}
      {...field}
      {...inert}
    />
  );
}

/** An agency that signs its clients in with e-mailed links only: the e-mail, and the button that sends the link. */
function PortalMagicLinkForm({
  brand,
  routeSlug,
  alert,
  magicBusy,
  onMagicLink,
  preview,
}: Omit<LoginViewProps, 'businessName'>) {
  const { register, handleSubmit, formState } = useForm<PortalMagicLinkRequest>({
    resolver: portalMagicLinkResolver,
    defaultValues: { slug: routeSlug ?? '', email: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!preview) await onMagicLink?.(values);
  });
  const busy = !preview && (magicBusy || formState.isSubmitting);
  const inert = preview ? { tabIndex: -1, autoFocus: false } : {};
  return (
    <form onSubmit={onSubmit} onInput={() => void loadResolver()} noValidate className="space-y-5">
      {alert && <Alert>{alert}</Alert>}
      {!routeSlug && <SlugField error={formState.errors.slug?.message} inert={inert} {...register('slug')} />}
      <TextField
        label={M.shell.email}
        type="email"
        autoComplete="email"
        autoFocus={!!routeSlug}
        error={formState.errors.email?.message}
        {...register('email')}
        {...inert}
      />
      <Button
        type="submit"
        className={bigButton}
        busy={busy}
        style={brandStyle(brand)}
        {...(preview ? { tabIndex: -1 } : {})}
      >
        {busy ? M.magicLink.requesting : M.magicLink.request}
      </Button>
    </form>
  );
}

function PortalLoginForm({
  brand,
  routeSlug,
  alert,
  busy: pending,
  onLogin,
  onMagicLink,
  magicBusy,
  preview,
}: Omit<LoginViewProps, 'businessName'>) {
  const { register, handleSubmit, formState, trigger, getValues } = useForm<PortalLoginInput>({
    resolver: portalLoginResolver,
    defaultValues: { slug: routeSlug ?? '', email: '', password: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    if (!preview) await onLogin?.(values);
  });
  const busy = !preview && (pending || formState.isSubmitting);
  // In the preview, nothing takes focus (the page around it is the account page).
  const inert = preview ? { tabIndex: -1, autoFocus: false } : {};
  // The link needs the e-mail (and the slug) only: the password may stay empty.
  const askForLink = async () => {
    if (preview || !(await trigger(['slug', 'email']))) return;
    const { slug, email } = getValues();
    await onMagicLink?.({ slug, email });
  };
  return (
    <form onSubmit={onSubmit} onInput={() => void loadResolver()} noValidate className="space-y-5">
      {alert && <Alert>{alert}</Alert>}
      {!routeSlug && <SlugField error={formState.errors.slug?.message} inert={inert} {...register('slug')} />}
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
            className={linkClass}
          >
            {M.portalAuth.forgot.link}
          </Link>
        )}
      </p>
      <Button
        type="submit"
        className={bigButton}
        busy={busy}
        // The agency's LOGIN button: its primary colour with its button text colour (spec §2.11) when that reads on
        // it, else white or black (buttonInk).
        style={brandStyle(brand)}
        {...(preview ? { tabIndex: -1 } : {})}
      >
        {busy ? M.portalAuth.submitting : M.portalAuth.submit}
      </Button>
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase" aria-hidden>
        <span className="h-px flex-1 bg-slate-200" />
        {M.magicLink.or}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        variant="secondary"
        className="w-full"
        busy={!preview && magicBusy}
        onClick={() => void askForLink()}
        {...(preview ? { tabIndex: -1 } : {})}
      >
        {!preview && magicBusy ? M.magicLink.requesting : M.magicLink.request}
      </Button>
      {!preview && routeSlug && <ClientSsoSignIn slug={routeSlug} />}
    </form>
  );
}
