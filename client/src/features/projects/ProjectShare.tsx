import { useState } from 'react';
import { Info, Share2 } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';
import { Switch } from '../../ui/Switch';
import { useInvalidateProjectData, type ProjectDetails } from './projectParts';

const V = M.projects.visibility;

/** What is about to be shared: the project's name, company and status (a draft is never shown). */
export type ProjectShareTarget = { name: string; companyId: number; status: string };

type ShareDialogProps = {
  /** null: closed. */
  target: ProjectShareTarget | null;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks once before a project is shown to a client: "Share with N contacts of {company}?", N being the company's
 * contacts with portal access, and says when the project is a draft (drafts are never shown). Cancel has the focus:
 * nothing is shared by pressing Enter.
 */
export function ProjectShareDialog({ target: asked, busy, onConfirm, onClose }: ShareDialogProps) {
  // The last target asked about stays on screen while the dialog fades out.
  const [target, setTarget] = useState(asked);
  if (asked && asked !== target) setTarget(asked);
  const audience = trpc.projects.audience.useQuery({ companyId: target?.companyId ?? 0 }, { enabled: target !== null });
  const data = audience.data;

  return (
    <Dialog open={asked !== null} onClose={() => !busy && onClose()} title={V.shareTitle(target?.name ?? '')} size="md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Share2 className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 space-y-2 text-sm text-slate-600" aria-live="polite">
          {audience.isError ? (
            <Alert>{V.failed}</Alert>
          ) : !data ? (
            <p>{V.loading}</p>
          ) : (
            <>
              <p className="font-medium text-slate-800">{V.question(data.portalContacts, data.companyName)}</p>
              <p>{V.sharedHint}</p>
              {data.portalContacts === 0 && <p>{V.nobodyYet}</p>}
              {target?.status === 'draft' && (
                <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-800 ring-1 ring-amber-200 ring-inset">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {V.draftHint}
                </p>
              )}
            </>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {V.cancel}
        </Button>
        <Button busy={busy} disabled={!data} onClick={onConfirm}>
          {V.confirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** The project page's share control: a switch that asks once before sharing, and unshares at once. */
export function ProjectShareControl({ project }: { project: ProjectDetails }) {
  const [asking, setAsking] = useState(false);
  const invalidate = useInvalidateProjectData();
  const utils = trpc.useUtils();
  const update = trpc.projects.update.useMutation({
    onSuccess: (saved) => {
      utils.projects.get.setData({ id: saved.id }, saved);
      if (saved.projectUid) utils.projects.get.setData({ projectUid: saved.projectUid }, saved);
      void invalidate();
      setAsking(false);
      toast.success(saved.visibleToClient ? V.sharedToast(saved.name) : V.unsharedToast(saved.name));
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? V.changeFailed }),
  });
  const noCompany = project.companyId === null;
  const hint = noCompany
    ? V.noCompanyHint
    : !project.visibleToClient
      ? V.internalHint
      : project.status === 'draft'
        ? V.draftHint
        : V.sharedHint;
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-slate-200">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800">{M.projects.fields.visibleToClient}</p>
        <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
      </div>
      <Switch
        checked={project.visibleToClient}
        disabled={noCompany && !project.visibleToClient}
        busy={update.isPending}
        label={M.projects.fields.visibleToClient}
        onChange={(on) => (on ? setAsking(true) : update.mutate({ id: project.id, visibleToClient: false }))}
      />
      <ProjectShareDialog
        target={
          asking && project.companyId !== null
            ? { name: project.name, companyId: project.companyId, status: project.status }
            : null
        }
        busy={update.isPending}
        onConfirm={() => update.mutate({ id: project.id, visibleToClient: true })}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}
