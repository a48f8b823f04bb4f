import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { AlertTriangle, Archive, ArchiveRestore, ChevronDown, Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import { useSession } from '../../app/useSession';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/Field';
import { menuPanelClass, onMenuKeyDown, useDropdown } from '../../ui/useDropdown';

const C = M.companies;

type ActionCompany = { id: number; name: string; archivedAt: Date | null };

/** Everything that shows companies (lists, pickers, the page, the dashboard, search) reads them afresh. */
function useInvalidateCompanies() {
  const utils = trpc.useUtils();
  return () =>
    Promise.all([utils.companies.invalidate(), utils.dashboard.invalidate(), utils.search.invalidate()]).then(
      () => undefined,
    );
}

/** Archive and unarchive, with a toast that undoes an archive. */
function useArchive(company: ActionCompany) {
  const invalidate = useInvalidateCompanies();
  const unarchive = trpc.companies.unarchive.useMutation({
    onSuccess: () => {
      toast.success(C.unarchived(company.name));
      void invalidate();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? C.unarchiveFailed }),
  });
  const archive = trpc.companies.archive.useMutation({
    onSuccess: () => {
      toast.success(C.archived(company.name), {
        description: C.archivedText,
        action: { label: C.undo, onClick: () => unarchive.mutate({ id: company.id }) },
      });
      void invalidate();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? C.archiveFailed }),
  });
  return { archive, unarchive, busy: archive.isPending || unarchive.isPending };
}

/** The company page's actions menu: Archive or Unarchive, and Delete for those who may. */
export function CompanyActions({ company }: { company: ActionCompany }) {
  const dropdown = useDropdown('end');
  const { user } = useSession();
  const mayDelete = !!user && can(user.role, 'companies.delete');
  const { archive, unarchive, busy } = useArchive(company);
  const [deleting, setDeleting] = useState(false);
  const itemClass =
    'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';
  const run = (action: () => void) => () => {
    dropdown.close();
    action();
  };
  return (
    <>
      <Button variant="secondary" {...dropdown.button} aria-haspopup="menu" busy={busy}>
        {C.actions} <ChevronDown className="size-4" aria-hidden />
      </Button>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a native popover panel; its keys are the menu's, handled for its items */}
      <div
        {...dropdown.panel}
        onToggle={(event) => {
          dropdown.panel.onToggle(event);
          if (event.newState === 'open') event.currentTarget.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
        }}
        onKeyDown={(event) => onMenuKeyDown(event, dropdown.close)}
        className={cn(menuPanelClass, 'w-52')}
      >
        <div role="menu" aria-label={C.actions}>
          {company.archivedAt ? (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={run(() => unarchive.mutate({ id: company.id }))}
            >
              <ArchiveRestore className="size-4" aria-hidden /> {C.unarchive}
            </button>
          ) : (
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={run(() => archive.mutate({ id: company.id }))}
            >
              <Archive className="size-4" aria-hidden /> {C.archive}
            </button>
          )}
          {mayDelete && (
            <>
              <div className="my-1 h-px bg-slate-100" />
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                className={cn(itemClass, 'text-red-700 hover:bg-red-50 focus:bg-red-50')}
                onClick={run(() => setDeleting(true))}
              >
                <Trash2 className="size-4" aria-hidden /> {C.delete}
              </button>
            </>
          )}
        </div>
      </div>
      {mayDelete && <DeleteCompanyDialog company={company} open={deleting} onClose={() => setDeleting(false)} />}
    </>
  );
}

/**
 * Asks before deleting a company, listing what goes with it (counted on the server), and is only confirmed once the
 * company's name is typed: deleting cannot be undone, archiving can.
 */
function DeleteCompanyDialog({
  company,
  open,
  onClose,
}: {
  company: ActionCompany;
  open: boolean;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const summary = trpc.companies.deleteSummary.useQuery({ id: company.id }, { enabled: open, staleTime: 0 });
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const remove = trpc.companies.delete.useMutation({
    onSuccess: () => {
      toast.success(C.deleted(company.name), { description: C.deletedText });
      navigate('/hub/companies', { replace: true });
      // Its contacts, projects, files and flows went too: every list reads afresh (only the shown ones refetch).
      void utils.invalidate();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? C.deleteFailed }),
  });
  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    onClose();
  };
  const matches = typed.trim() === company.name.trim();
  const counts = summary.data;
  const lines = counts
    ? (
        [
          ['contacts', counts.contacts],
          ['portalUsers', counts.portalUsers],
          ['projects', counts.projects],
          ['tasks', counts.tasks],
          ['files', counts.files],
          ['flows', counts.flows],
          ['resources', counts.resources],
          ['submissions', counts.submissions],
        ] as const
      ).map(([key, n]) => ({ key, text: C.deleteCounts[key](n), none: n === 0 }))
    : [];

  return (
    <Dialog open={open} onClose={close} title={C.deleteTitle(company.name)} size="md">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && counts) remove.mutate({ id: company.id });
        }}
      >
        <div className="flex gap-4">
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
            <AlertTriangle className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 text-sm text-slate-600">
            <p>{C.deleteIntro}</p>
            {summary.isPending ? (
              <p className="mt-3 flex items-center gap-2 text-slate-500" role="status">
                <Loader2 className="size-4 animate-spin" aria-hidden /> {C.deleteLoading}
              </p>
            ) : summary.isError ? (
              <p className="mt-3 font-medium text-red-700" role="alert">
                {errorText(summary.error) ?? M.common.error}
              </p>
            ) : (
              <ul className="mt-3 space-y-1" aria-label={C.deleteIntro}>
                {lines.map((line) => (
                  <li
                    key={line.key}
                    className={cn('flex items-center gap-2', line.none ? 'text-slate-400' : 'text-slate-800')}
                  >
                    <span
                      className={cn('size-1.5 shrink-0 rounded-full', line.none ? 'bg-slate-300' : 'bg-red-500')}
                      aria-hidden
                    />
                    {line.text}
                  </li>
                ))}
              </ul>
            )}
            {!company.archivedAt && <p className="mt-3 text-slate-500">{C.deleteArchiveHint}</p>}
          </div>
        </div>
        <TextField
          className="mt-5"
          label={C.deleteConfirmLabel(company.name)}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          error={
            typed.trim() !== '' && !matches && typed.length >= company.name.length ? C.deleteConfirmMismatch : undefined
          }
        />
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={close} disabled={remove.isPending}>
            {C.cancel}
          </Button>
          <Button type="submit" variant="danger" busy={remove.isPending} disabled={!matches || !counts}>
            <Trash2 className="size-4" aria-hidden /> {remove.isPending ? C.deleting : C.deleteSubmit}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
