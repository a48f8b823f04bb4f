import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, BookOpenText, ClipboardList, Info, type LucideIcon } from 'lucide-react';
import { M } from '../../../../shared/messages';
import type {
  FlowDetail,
  FlowFieldRow,
  FlowRow,
  FlowStepRow,
  FlowType,
  StepType,
} from '../../../../shared/schemas/flows';
import { cn } from '../../lib/cn';
import { Badge, type Tone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export type { FlowDetail, FlowFieldRow, FlowRow, FlowStepRow, FlowType, StepType };

const F = M.flows;

/** The editor's address (spec §2.8: View and Edit both go there). */
export const flowPath = (flow: { flowUid: string }) => `/hub/flows/${encodeURIComponent(flow.flowUid)}`;

const typeTone: Record<FlowType, Tone> = { onboard: 'blue', collect: 'purple', inform: 'orange' };
export const typeIcon: Record<FlowType, LucideIcon> = { onboard: BookOpenText, collect: ClipboardList, inform: Info };
/** Each step type's icon: the one of the flow type that adds it first. */
export const stepTypeIcon: Record<StepType, LucideIcon> = {
  content: BookOpenText,
  information: Info,
  form: ClipboardList,
};

export const flowTypeName = (type: string) => F.typeLabels[type] ?? type;

export function FlowTypeBadge({ type, className }: { type: FlowType; className?: string }) {
  const Icon = typeIcon[type];
  return (
    <Badge tone={typeTone[type] ?? 'gray'} className={cn('gap-1 whitespace-nowrap', className)}>
      {Icon && <Icon className="size-3" aria-hidden />}
      {flowTypeName(type)}
    </Badge>
  );
}

export function ActiveBadge({ active, className }: { active: boolean; className?: string }) {
  return (
    <Badge tone={active ? 'green' : 'gray'} className={cn('gap-1.5 whitespace-nowrap', className)}>
      <span aria-hidden className={cn('size-1.5 rounded-full', active ? 'bg-emerald-500' : 'bg-slate-400')} />
      {active ? F.active : F.inactive}
    </Badge>
  );
}

/** The tile with the flow type's icon, at the start of a row or a header. */
export function FlowTypeTile({ type, size = 'md' }: { type: FlowType; size?: 'md' | 'lg' }) {
  const Icon = typeIcon[type] ?? ClipboardList;
  return (
    <span
      className={cn(
        'grid shrink-0 place-items-center bg-brand-50 text-brand-700 ring-1 ring-brand-100',
        size === 'lg' ? 'size-12 rounded-xl' : 'size-9 rounded-lg',
      )}
    >
      <Icon className={size === 'lg' ? 'size-6' : 'size-4'} aria-hidden />
    </span>
  );
}

/** Refreshes every flow list and flow (a create, duplicate, delete or status change). Matched by key. */
export function useInvalidateFlows() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const path = query.queryKey[0];
        return Array.isArray(path) && path[0] === 'flows';
      },
    });
}

type ConfirmProps = {
  open: boolean;
  title: string;
  text: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something is deleted: Cancel has the focus, the red button does it. */
export function ConfirmDialog({ open, title, text, confirmLabel, busyLabel, busy, onConfirm, onClose }: ConfirmProps) {
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} title={title} size="md">
      <div className="flex gap-4">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-red-50 text-red-600">
          <AlertTriangle className="size-5" aria-hidden />
        </span>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={busy} autoFocus>
          {F.cancel}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
