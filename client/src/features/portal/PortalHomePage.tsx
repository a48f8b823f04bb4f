import { FileText, FolderKanban, ListChecks } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { usePortalUser } from './session';

const areas = [
  { label: M.nav.projects, Icon: FolderKanban },
  { label: M.nav.tasks, Icon: ListChecks },
  { label: M.nav.files, Icon: FileText },
];

/** /portal/{slug}/dashboard until the portal's own screens arrive: who is signed in, and what will appear here. */
export default function PortalHomePage() {
  const user = usePortalUser();
  useDocumentTitle(`${M.nav.dashboard} · ${user.business.name}`);
  return (
    <>
      <div className="mb-8">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{M.portalAuth.hello(user.firstName)}</h1>
        <p className="mt-1 text-sm text-slate-500">{M.portalAuth.signedInAs(`${user.firstName} ${user.lastName}`.trim())}</p>
      </div>
      <section aria-labelledby="portal-coming" className="rounded-2xl bg-white px-6 py-12 text-center shadow-xs ring-1 ring-slate-200 sm:py-16">
        <ul className="flex justify-center gap-3 sm:gap-4">
          {areas.map(({ label, Icon }) => (
            <li key={label} className="flex w-24 flex-col items-center gap-2 sm:w-28">
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
                <Icon className="size-6" aria-hidden />
              </span>
              <span className="text-xs font-medium text-slate-600">{label}</span>
            </li>
          ))}
        </ul>
        <h2 id="portal-coming" className="mx-auto mt-8 max-w-md text-base font-semibold text-slate-900">
          {M.portalAuth.portalComing}
        </h2>
      </section>
    </>
  );
}
