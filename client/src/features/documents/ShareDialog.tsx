import { useState } from 'react';
import { Info, Share2 } from 'lucide-react';
import { M } from '../../../../shared/messages';
import { trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert } from '../../ui/Feedback';

/** What is about to be shared: its name, its company and its project (null: none; one of them is known). */
export type ShareTarget = { name: string; companyId: number | null; projectId: number | null };

type ShareDialogProps = {
  /** A file's question also says its contacts are e-mailed; a resource's does not (resources are not e-mailed). */
  kind: 'file' | 'resource';
  /** null: closed. */
  target: ShareTarget | null;
  /** The share is being saved (a switch that saves at once). */
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks once before a file or a resource is shown to a client: "Share with N contacts of {company} (and e-mail
 * them)?", N being the company's contacts with portal access; says when its project is not shared yet (the portal
 * then keeps it hidden all the same). Cancel has the focus: nothing is shared by pressing Enter.
 */
export function ShareDialog({ kind, target: asked, busy, onConfirm, onClose }: ShareDialogProps) {
  // The last target asked about stays on screen while the dialog fades out.
  const [target, setTarget] = useState(asked);
  if (asked && asked !== target) setTarget(asked);
  const input = { companyId: target?.companyId ?? null, projectId: target?.projectId ?? null };
  const files = trpc.documents.shareAudience.useQuery(input, { enabled: kind === 'file' && target !== null });
  const resources = trpc.resources.shareAudience.useQuery(input, { enabled: kind === 'resource' && target !== null });
  const audience = kind === 'file' ? files : resources;
  const S = kind === 'file' ? M.documents.share : M.resources.share;
  const data = audience.data;

  return (
    <Dialog open={asked !== null} onClose={() => !busy && onClose()} title={S.title(target?.name ?? '')} size="md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Share2 className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 space-y-2 text-sm text-slate-600" aria-live="polite">
          {audience.isError ? (
            <Alert>{M.documents.share.failed}</Alert>
          ) : !data ? (
            <p>{M.documents.share.loading}</p>
          ) : (
            <>
              <p className="font-medium text-slate-800">{S.question(data.portalContacts, data.company.name)}</p>
              {data.portalContacts === 0 && <p>{S.nobodyYet}</p>}
              {data.project && !data.project.shown && (
                <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-800 ring-1 ring-amber-200 ring-inset">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
                  {S.projectHidden(data.project.name)}
                </p>
              )}
            </>
          )}
        </div>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {S.cancel}
        </Button>
        <Button busy={busy} disabled={!data} onClick={onConfirm}>
          {S.confirm}
        </Button>
      </div>
    </Dialog>
  );
}
