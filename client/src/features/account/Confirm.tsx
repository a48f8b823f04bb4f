import { AlertTriangle } from 'lucide-react';
import { Button } from '../../ui/Button';

/** A confirm dialog's body: the warning, Cancel (focused first) and the red action. */
export function Confirm({
  text,
  busy,
  confirm,
  cancel,
  onCancel,
  onConfirm,
}: {
  text: string;
  busy: boolean;
  confirm: string;
  cancel: string;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <>
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy} autoFocus>
          {cancel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </div>
    </>
  );
}
