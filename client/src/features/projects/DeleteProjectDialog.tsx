import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useInvalidateProjectData } from './projectParts';

type DeletableProject = { id: number; name: string; taskCount: number };

/** Asks before deleting a project, saying what goes with it (its tasks) and what stays (its files). */
export function DeleteProjectDialog({
  project: asked,
  onClose,
  onDeleted,
}: {
  project: DeletableProject | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  // The last project asked about stays on screen while the dialog fades out.
  const [project, setProject] = useState(asked);
  if (asked && asked !== project) setProject(asked);
  const invalidate = useInvalidateProjectData();
  const remove = trpc.projects.remove.useMutation({
    onSuccess: (_done, input) => {
      toast.success(M.projects.deleted, {
        description: project && project.id === input.id ? M.projects.deletedText(project.name) : undefined,
      });
      onDeleted?.();
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? M.projects.deleteFailed }),
  });

  return (
    <Dialog
      open={asked !== null}
      onClose={() => !remove.isPending && onClose()}
      title={M.projects.deleteTitle(project?.name ?? '')}
      size="md"
    >
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">{M.projects.deleteText(project?.taskCount ?? 0)}</p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending} autoFocus>
          {M.projects.cancel}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => project && remove.mutate({ id: project.id })}>
          {remove.isPending ? M.projects.deleting : M.projects.deleteConfirm}
        </Button>
      </div>
    </Dialog>
  );
}
