import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import NotFoundPage from './NotFoundPage';

export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-24 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Something went wrong</h1>
      <p className="mt-2 text-slate-500">Reload the page to try again. If it keeps happening, the server log has the details.</p>
      <button type="button" className="mt-6 text-brand-700 underline" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
