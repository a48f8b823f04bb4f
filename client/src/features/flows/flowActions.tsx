import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Copy, Ellipsis, Loader2, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Switch } from '../../ui/Switch';
import { ConfirmDialog, flowPath, useInvalidateFlows, type FlowRow } from './flowParts';

const F = M.flows;

/** Duplicate a flow with its steps and fields, then open the copy. */
export function useDuplicateFlow() {
  const navigate = useNavigate();
  const invalidate = useInvalidateFlows();
  const duplicate = trpc.flows.duplicate.useMutation({
    onSuccess: (copy) => {
      toast.success(F.duplicated, { description: copy.name });
      void invalidate();
      void navigate(flowPath(copy));
    },
    onError: (error) => toast.error(F.duplicateFailed, { description: errorText(error) ?? undefined }),
  });
  return {
    duplicate: (flow: { id: number }) => duplicate.mutate({ id: flow.id }),
    pendingId: duplicate.isPending ? Number(duplicate.variables?.id) : null,
  };
}

type DeletableFlow = { id: number; name: string; stepCount: number };

/** Asks before deleting a flow, saying what goes with it. */
export function DeleteFlowDialog({ flow: asked, onClose, onDeleted }: { flow: DeletableFlow | null; onClose: () => void; onDeleted?: () => void }) {
  // The last flow asked about stays on screen while the dialog fades out.
  const [flow, setFlow] = useState(asked);
  if (asked && asked !== flow) setFlow(asked);
  const invalidate = useInvalidateFlows();
  const remove = trpc.flows.remove.useMutation({
    onSuccess: () => {
      toast.success(F.deleted, { description: flow?.name });
      onDeleted?.();
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(F.deleteFailed, { description: errorText(error) ?? undefined }),
  });
  return (
    <ConfirmDialog
      open={asked !== null}
      title={F.deleteFlowTitle(flow?.name ?? '')}
      text={F.deleteFlowText(flow?.stepCount ?? 0)}
      confirmLabel={F.delete}
      busyLabel={F.deleting}
      busy={remove.isPending}
      onConfirm={() => flow && remove.mutate({ id: flow.id })}
      onClose={onClose}
    />
  );
}

/**
 * The list's Active/Inactive switch: it moves at once, the change is saved, and it moves back if the save fails.
 * Both lists and the flow's page then read the new state.
 */
export function ActiveSwitch({ flow }: { flow: FlowRow }) {
  const invalidate = useInvalidateFlows();
  const [shown, setShown] = useState<boolean | null>(null);
  const update = trpc.flows.update.useMutation({
    onSuccess: (saved) => {
      toast.success(F.statusUpdated(saved.isActive), { description: saved.name });
      void invalidate().then(() => setShown(null));
    },
    onError: (error) => {
      setShown(null);
      toast.error(F.statusFailed, { description: errorText(error) ?? undefined });
    },
  });
  const checked = shown ?? flow.isActive;
  return (
    <span className="inline-flex items-center gap-2">
      <Switch
        checked={checked}
        label={F.activeSwitch(flow.name)}
        busy={update.isPending}
        onChange={(next) => {
          setShown(next);
          update.mutate({ id: flow.id, isActive: next });
        }}
      />
      <span className={cn('w-14 text-xs font-medium', checked ? 'text-emerald-700' : 'text-slate-500')} aria-hidden>
        {checked ? F.active : F.inactive}
      </span>
    </span>
  );
}

const itemClass =
  'group flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 data-disabled:opacity-50 data-focus:bg-slate-100 data-focus:text-slate-900';

/** The row's ⋯ menu: Duplicate and Delete (Headless UI: arrow keys, Escape, focus back to the button). */
export function FlowMenu({ flow, onDuplicate, onDelete, duplicating }: { flow: { name: string }; onDuplicate: () => void; onDelete: () => void; duplicating?: boolean }) {
  return (
    <Menu>
      <MenuButton
        aria-label={F.moreActions(flow.name)}
        title={F.moreActions(flow.name)}
        className="grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none data-open:bg-slate-100"
      >
        {duplicating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : <Ellipsis className="size-4" aria-hidden />}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-40 w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuItem disabled={duplicating}>
          <button type="button" onClick={onDuplicate} className={itemClass}>
            <Copy className="size-4 text-slate-400 group-data-focus:text-slate-600" aria-hidden /> {F.duplicate}
          </button>
        </MenuItem>
        <MenuItem>
          <button type="button" onClick={onDelete} className={cn(itemClass, 'text-red-700 data-focus:bg-red-50 data-focus:text-red-800')}>
            <Trash2 className="size-4 text-red-500" aria-hidden /> {F.delete}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
