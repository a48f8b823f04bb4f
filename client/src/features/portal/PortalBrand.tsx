import type { CSSProperties, ReactNode } from 'react';
import { Building2, LockKeyhole } from 'lucide-react';
import { CORE } from '../../../../shared/messages-core';
import { logoAlt } from '../../../../shared/messages/texts-core';
import { portalAuth } from '../../../../shared/messages/portalAuth';
import { cn } from '../../lib/cn';
import { Skeleton } from '../../ui/Feedback';
import { controlClass } from '../../ui/Field';
import { readableOn, type PortalBrand } from './branding';
import { businessInitials } from '../../../../shared/brand-colors';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { account: { logoAlt }, portalAuth } as const;

/**
 * The agency's mark when it has no logo: its initials on a tile (decorative; the name is beside it). `color`: a
 * white tile with initials in the agency's colour, readable on any branding side.
 */
export function BusinessMark({
  name,
  initials,
  className,
  inverted,
  color,
}: {
  name?: string;
  /** Instead of the name's (the server's first frame fills them in, client/src/app/firstFrames.tsx). */
  initials?: string;
  className?: string;
  inverted?: boolean;
  color?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-xl font-semibold tracking-tight',
        color
          ? 'bg-white shadow-sm'
          : inverted
            ? 'bg-white/15 text-white ring-1 ring-white/25'
            : 'bg-brand-600 text-white shadow-sm',
        className ?? 'size-10 text-sm',
      )}
      style={color ? { color } : undefined}
    >
      {initials ?? (name ? businessInitials(name) : <Building2 className="size-1/2" />)}
    </span>
  );
}

type FrameProps = {
  /** The agency's branding (logo, name, login text, colours); without it, the product's own look. */
  brand?: PortalBrand | null;
  /** The agency's name when it is known but its branding is not (the invite page). */
  businessName?: string;
  title: string;
  subtitle?: ReactNode;
  /** The branding side's text instead of the agency's login text (the invite page greets a new client). */
  brandText?: string;
  children: ReactNode;
  /**
   * Drawn inside another page (the account page's branding preview): a plain box that fills its parent instead of
   * the whole window, with no page landmark.
   */
  preview?: boolean;
  /** The agency's initials when they cannot be taken from its name (the prerendered first frame's placeholder). */
  initials?: string;
};

/**
 * The portal's sign-in pages (login, invite; spec §2.11): a branding side (the logo, or the agency's name, and the
 * login text, on the primary colour) beside the form; narrower than 64rem, the branding is a band above it. The
 * layout follows its own width (container queries), so the account page's scaled preview lays out like the page.
 */
export function PortalAuthFrame({
  brand,
  businessName,
  title,
  subtitle,
  brandText,
  children,
  preview,
  initials,
}: FrameProps) {
  const name = brand?.businessName ?? businessName;
  const Root = preview ? 'div' : 'main';
  const ink = brand ? readableOn(brand.primaryColor) : undefined;
  const brandStyle: CSSProperties | undefined = brand ? { backgroundColor: brand.primaryColor, color: ink } : undefined;
  return (
    <div className={cn('@container', preview ? 'h-full' : 'min-h-dvh')}>
      <Root
        className={cn(
          'flex flex-col bg-white @5xl:grid @5xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]',
          preview ? 'h-full' : 'min-h-dvh',
        )}
      >
        <div
          className={cn(
            'relative isolate overflow-hidden px-6 py-6 @lg:px-10 @5xl:flex @5xl:flex-col @5xl:p-12',
            !brand && 'bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 text-white',
          )}
          style={brandStyle}
        >
          {brand ? (
            <>
              {/* Depth from the primary colour itself; the secondary colour is only the accent edge below. */}
              <div
                aria-hidden
                className="absolute inset-0 -z-10 bg-linear-to-br from-white/10 via-transparent to-black/25"
              />
              <div
                aria-hidden
                className="absolute inset-x-0 bottom-0 h-1 @5xl:inset-y-0 @5xl:right-0 @5xl:left-auto @5xl:h-auto @5xl:w-1"
                style={{ backgroundColor: brand.secondaryColor }}
              />
            </>
          ) : (
            <>
              {/* Soft light shapes behind the text. */}
              <div aria-hidden className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-white/10 blur-2xl" />
              <div
                aria-hidden
                className="absolute -bottom-32 -left-20 -z-10 size-96 rounded-full bg-brand-400/20 blur-3xl"
              />
            </>
          )}
          {brand?.logoUrl ? (
            <img
              src={brand.logoUrl}
              alt={M.account.logoAlt(brand.businessName)}
              className="h-12 w-auto max-w-56 self-start rounded-xl bg-white object-contain p-2 shadow-sm @5xl:h-16 @5xl:max-w-72"
            />
          ) : (
            <div className="flex items-center gap-3">
              <BusinessMark
                name={name}
                initials={initials}
                inverted
                color={brand?.primaryColor}
                className="size-10 text-sm @5xl:size-12 @5xl:text-base"
              />
              <p className="truncate text-lg font-semibold tracking-tight">{name ?? M.portalAuth.portalName}</p>
            </div>
          )}
          <div className={cn('max-w-md @5xl:mt-auto @5xl:block', brand || brandText ? 'mt-4' : 'hidden')}>
            <p className="text-sm leading-6 text-balance whitespace-pre-line opacity-90 @5xl:text-3xl @5xl:leading-tight @5xl:font-semibold @5xl:tracking-tight @5xl:opacity-100">
              {brandText ?? (brand ? brand.loginText : M.portalAuth.tagline)}
            </p>
            <p
              className={cn(
                'mt-6 hidden items-center gap-2 text-sm @5xl:flex',
                brand ? 'opacity-80' : 'text-brand-100',
              )}
            >
              <LockKeyhole className="size-4" aria-hidden /> {M.portalAuth.secure}
            </p>
          </div>
        </div>
        <div className="flex justify-center px-4 pt-10 pb-12 @lg:px-6 @5xl:items-center @5xl:py-12">
          <div className="w-full max-w-sm">
            <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{title}</h1>
            {subtitle && <p className="mt-2 text-sm leading-6 text-slate-500">{subtitle}</p>}
            <div className="mt-8">{children}</div>
          </div>
        </div>
      </Root>
    </div>
  );
}

/**
 * The portal sign-in page's first paint: its branding side and title, and the form's fields as placeholders. The
 * server sends it as HTML (the build prerenders it, client/src/app/firstFrames.tsx) in the agency's branding, so the
 * page paints branded before any script has run; the sign-in page replaces it when its code has arrived.
 */
export function PortalSignInFirstFrame({ brand, initials }: { brand: PortalBrand; initials: string }) {
  return (
    <PortalAuthFrame brand={brand} initials={initials} title={M.portalAuth.welcome(brand.businessName)}>
      <span role="status" className="sr-only">
        {CORE.common.loading}
      </span>
      <div aria-hidden className="space-y-5">
        {[CORE.shell.email, CORE.shell.password].map((label) => (
          <div key={label} className="space-y-1.5">
            <p className="text-sm font-medium text-slate-700">{label}</p>
            <div className={controlClass()}>&nbsp;</div>
          </div>
        ))}
        <p className="-mt-2 text-right text-sm font-medium text-slate-600">{M.portalAuth.forgot.link}</p>
        <Skeleton className="h-12 w-full rounded-lg" />
      </div>
    </PortalAuthFrame>
  );
}
