import { M } from '../../../../shared/messages';
import { useSession } from '../../app/useSession';
import { useDocumentTitle } from '../../lib/useDocumentTitle';

/** 'Good morning' before 12:00, 'Good afternoon' before 17:00, otherwise 'Good evening' (local time). */
export function greeting(date = new Date()) {
  const hour = date.getHours();
  if (hour < 12) return M.dashboard.morning;
  if (hour < 17) return M.dashboard.afternoon;
  return M.dashboard.evening;
}

export default function DashboardPage() {
  const { user } = useSession();
  useDocumentTitle(M.shell.titles.dashboard);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">
        {greeting()}, {user?.firstName}
      </h1>
      <p className="mt-1 text-sm text-slate-500">{M.dashboard.subtitle}</p>
    </div>
  );
}
