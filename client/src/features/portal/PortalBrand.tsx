import type { ReactNode } from 'react';
import { Building2, LockKeyhole } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';

/** Up to two initials of the agency's name ("Northwind Creative" → "NC"). */
const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');

/** The agency's mark until its logo arrives with branding: its initials on a tile (decorative; the name is beside it). */
export function BusinessMark({ name, className, inverted }: { name?: string; className?: string; inverted?: boolean }) {
  return (
    <span
      aria-hidden
      className={cn(
        'grid shrink-0 place-items-center rounded-xl font-semibold tracking-tight',
        inverted ? 'bg-white/15 text-white ring-1 ring-white/25' : 'bg-brand-600 text-white shadow-sm',
        className ?? 'size-10 text-sm',
      )}
    >
      {name ? initialsOf(name) : <Building2 className="size-1/2" />}
    </span>
  );
}

/**
 * The portal's sign-in pages (login, invite): a branding side (the agency's name when known, else "Client Portal",
 * and the login text) beside the form; on phones the branding is a band above it.
 */
export function PortalAuthFrame({ businessName, title, subtitle, children }: { businessName?: string; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col bg-white lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
      <div className="relative isolate overflow-hidden bg-linear-to-br from-brand-600 via-brand-700 to-brand-900 px-6 py-6 text-white sm:px-10 lg:flex lg:flex-col lg:p-12">
        {/* Soft light shapes behind the text. */}
        <div aria-hidden className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-white/10 blur-2xl" />
        <div aria-hidden className="absolute -bottom-32 -left-20 -z-10 size-96 rounded-full bg-brand-400/20 blur-3xl" />
        <div className="flex items-center gap-3">
          <BusinessMark name={businessName} inverted className="size-10 text-sm lg:size-12 lg:text-base" />
          <p className="truncate text-lg font-semibold tracking-tight">{businessName ?? M.portalAuth.portalName}</p>
        </div>
        <div className="mt-auto hidden max-w-md lg:block">
          <p className="text-3xl leading-tight font-semibold tracking-tight text-balance">{M.portalAuth.tagline}</p>
          <p className="mt-6 flex items-center gap-2 text-sm text-brand-100">
            <LockKeyhole className="size-4" aria-hidden /> {M.portalAuth.secure}
          </p>
        </div>
      </div>
      <div className="flex justify-center px-4 pt-10 pb-12 sm:px-6 lg:items-center lg:py-12">
        <div className="w-full max-w-sm">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-2 text-sm leading-6 text-slate-500">{subtitle}</p>}
          <div className="mt-8">{children}</div>
        </div>
      </div>
    </main>
  );
}
