import { Link } from 'react-router-dom';
import { CORE as M } from '../../../shared/messages-core';
import { buttonClass } from '../ui/Button';

/** The 404 message itself; NotFoundPage frames it (marketing header or hub) and this page's error boundary uses it bare. */
export function NotFoundMessage({ to, label }: { to: string; label: string }) {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{M.common.notFound}</h1>
      <p className="mt-2 text-slate-500">{M.shell.notFoundText}</p>
      <Link to={to} className={buttonClass('primary', 'md', 'mt-6')}>
        {label}
      </Link>
    </div>
  );
}

/** A screen that failed to render or to load (client/src/app/routes.tsx RouteFrame). */
export function RouteError() {
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-xl font-semibold text-slate-900">{M.shell.somethingWrong}</h1>
      <p className="mt-2 text-slate-500">{M.shell.somethingWrongText}</p>
      <button type="button" className="mt-6 text-brand-700 underline" onClick={() => window.location.reload()}>
        {M.shell.reload}
      </button>
    </div>
  );
}
