import { useState } from 'react';
import { AlertTriangle } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useInvalidateTaskData } from './taskParts';

const T = M.tasks;

/** Asks before deleting a task. */
export function DeleteTaskDialog({
  task: asked,
  onClose,
  onDeleted,
}: {
  task: { id: number; title: string } | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  // The last task asked about stays on screen while the dialog fades out.
  const [task, setTask] = useState(asked);
  if (asked && asked !== task) setTask(asked);
  const invalidate = useInvalidateTaskData();
  const remove = trpc.tasks.remove.useMutation({
    onSuccess: (_done, input) => {
      toast.success(T.deleted, { description: task && task.id === input.id ? T.deletedText(task.title) : undefined });
      void invalidate();
      onDeleted?.();
      onClose();
    },
    onError: (error) => toast.error(M.common.error, { description: errorText(error) ?? T.deleteFailed }),
  });

  return (
    <Dialog
      open={asked !== null}
      onClose={() => !remove.isPending && onClose()}
      title={T.deleteTitle(task?.title ?? '')}
      size="md"
    >
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">{T.deleteText}</p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={remove.isPending} autoFocus>
          {T.cancel}
        </Button>
        <Button variant="danger" busy={remove.isPending} onClick={() => task && remove.mutate({ id: task.id })}>
          {remove.isPending ? T.deleting : T.delete}
        </Button>
      </div>
    </Dialog>
  );
}
