import { Link } from 'react-router-dom';
import { M } from '../../../shared/messages';
import { buttonClass } from '../ui/Button';

export default function NotFoundPage() {
  return (
    <div className="flex flex-col items-center justify-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600">404</p>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{M.common.notFound}</h1>
      <p className="mt-2 text-slate-500">The page you are looking for does not exist or has moved.</p>
      <Link to="/hub" className={buttonClass('primary', 'md', 'mt-6')}>
        Back to the dashboard
      </Link>
    </div>
  );
}
