import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo';

/**
 * The frame of the sign-in and sign-up screens. Anchored near the top rather than centred, so content that arrives
 * late (the demo hint, a field error) grows the card downwards instead of shifting everything above it.
 */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-screen justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 pt-[max(2.5rem,12vh)] pb-10">
      <div className="w-full max-w-md">
        <Link
          to="/"
          className="mb-6 flex justify-center rounded-md focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
        >
          <Logo />
        </Link>
        <div className="rounded-2xl bg-white p-8 shadow-lg ring-1 ring-slate-200">
          <div className="mb-6 text-center">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
            {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </main>
  );
}
