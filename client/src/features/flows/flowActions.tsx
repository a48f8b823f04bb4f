import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { Copy, EyeOff, Ellipsis, Loader2, Send, Trash2, Users } from 'lucide-react';
import { toast } from 'sonner';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Skeleton } from '../../ui/Feedback';
import { ConfirmDialog, flowPath, useInvalidateFlows } from './flowParts';

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
export function DeleteFlowDialog({
  flow: asked,
  onClose,
  onDeleted,
}: {
  flow: DeletableFlow | null;
  onClose: () => void;
  onDeleted?: () => void;
}) {
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

type PublishableFlow = { id: number; name: string };

/**
 * Publish (issue 27): says who will be asked — the contacts with portal access of the flow's company, or every
 * client for a flow for all companies — and refuses, saying why, while the flow has no step.
 */
export function PublishFlowDialog({ flow: asked, onClose }: { flow: PublishableFlow | null; onClose: () => void }) {
  // The last flow asked about stays on screen while the dialog fades out.
  const [flow, setFlow] = useState(asked);
  if (asked && asked !== flow) setFlow(asked);
  const invalidate = useInvalidateFlows();
  const id = asked?.id ?? flow?.id ?? 0;
  const preview = trpc.flows.publishPreview.useQuery(
    { id },
    { enabled: asked !== null, staleTime: 0, refetchOnMount: 'always' },
  );
  const publish = trpc.flows.publish.useMutation({
    onSuccess: (saved) => {
      toast.success(F.statusUpdated(true), { description: saved.name });
      void invalidate();
      onClose();
    },
    onError: (error) => toast.error(F.publishFailed, { description: errorText(error) ?? undefined }),
  });
  const data = preview.data?.id === id ? preview.data : undefined;
  const names = data ? F.nameList(data.firstNames, data.contactCount) : '';
  const noSteps = data?.stepCount === 0;
  return (
    <Dialog
      open={asked !== null}
      onClose={() => !publish.isPending && onClose()}
      title={F.publishTitle(flow?.name ?? '')}
      size="md"
    >
      <div className="space-y-3 text-sm text-slate-600" aria-busy={!data && !preview.isError}>
        <p>{F.publishIntro}</p>
        {preview.isError && !data && <Alert>{F.publishPreviewFailed}</Alert>}
        {!data && !preview.isError && (
          <div className="space-y-2">
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </div>
        )}
        {data && noSteps && <Alert>{F.publishNeedsStep}</Alert>}
        {data && !noSteps && (
          <p
            className="flex gap-2 rounded-lg bg-slate-50 px-3 py-2.5 text-slate-700 ring-1 ring-slate-200"
            data-publish-audience
          >
            <Users className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
            <span>
              {data.company
                ? F.publishAudience(data.company.name, data.contactCount, names)
                : F.publishAudienceAll(data.contactCount, names)}
            </span>
          </p>
        )}
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={publish.isPending} autoFocus>
          {F.cancel}
        </Button>
        <Button
          busy={publish.isPending}
          disabled={!data || noSteps}
          onClick={() => flow && publish.mutate({ id: flow.id })}
        >
          {!publish.isPending && <Send className="size-4" aria-hidden />} {publish.isPending ? F.publishing : F.publish}
        </Button>
      </div>
    </Dialog>
  );
}

/** Unpublish: hidden from clients at once (their submissions stay); both lists and the flow's page read it again. */
export function useUnpublishFlow() {
  const invalidate = useInvalidateFlows();
  const unpublish = trpc.flows.unpublish.useMutation({
    onSuccess: (saved) => {
      toast.success(F.statusUpdated(false), { description: saved.name });
      void invalidate();
    },
    onError: (error) => toast.error(F.unpublishFailed, { description: errorText(error) ?? undefined }),
  });
  return {
    unpublish: (flow: { id: number }) => unpublish.mutate({ id: flow.id }),
    pendingId: unpublish.isPending ? Number(unpublish.variables?.id) : null,
  };
}

const itemClass =
  'group flex w-full items-center gap-2 rounded-md px-2.5 py-1.5 text-left text-sm text-slate-700 data-disabled:opacity-50 data-focus:bg-slate-100 data-focus:text-slate-900';

type FlowMenuProps = {
  flow: { name: string; isActive: boolean };
  onPublish: () => void;
  onUnpublish: () => void;
  onDuplicate: () => void;
  onDelete: () => void;
  duplicating?: boolean;
  busy?: boolean;
};

/** The row's ⋯ menu: Publish or Unpublish, Duplicate and Delete (Headless UI: arrow keys, Escape, focus back to the button). */
export function FlowMenu({ flow, onPublish, onUnpublish, onDuplicate, onDelete, duplicating, busy }: FlowMenuProps) {
  return (
    <Menu>
      <MenuButton
        aria-label={F.moreActions(flow.name)}
        title={F.moreActions(flow.name)}
        className="grid size-8 place-items-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none data-open:bg-slate-100"
      >
        {duplicating || busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden />
        ) : (
          <Ellipsis className="size-4" aria-hidden />
        )}
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        transition
        className="z-40 w-44 rounded-lg bg-white p-1 shadow-lg ring-1 ring-slate-200 [--anchor-gap:4px] transition duration-100 focus:outline-none data-closed:scale-95 data-closed:opacity-0"
      >
        <MenuItem disabled={busy}>
          {flow.isActive ? (
            <button type="button" onClick={onUnpublish} className={itemClass}>
              <EyeOff className="size-4 text-slate-400 group-data-focus:text-slate-600" aria-hidden /> {F.unpublish}
            </button>
          ) : (
            <button type="button" onClick={onPublish} className={itemClass}>
              <Send className="size-4 text-slate-400 group-data-focus:text-slate-600" aria-hidden /> {F.publishMore}
            </button>
          )}
        </MenuItem>
        <MenuItem disabled={duplicating}>
          <button type="button" onClick={onDuplicate} className={itemClass}>
            <Copy className="size-4 text-slate-400 group-data-focus:text-slate-600" aria-hidden /> {F.duplicate}
          </button>
        </MenuItem>
        <MenuItem>
          <button
            type="button"
            onClick={onDelete}
            className={cn(itemClass, 'text-red-700 data-focus:bg-red-50 data-focus:text-red-800')}
          >
            <Trash2 className="size-4 text-red-500" aria-hidden /> {F.delete}
          </button>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
