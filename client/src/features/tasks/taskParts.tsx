import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Check, ChevronDown, Flag, Lock } from 'lucide-react';
import { toast } from 'sonner';
import { TASK_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { PENDING_TASK_STATUSES } from '../../../../shared/status';
import type { taskOutput } from '../../../../shared/schemas/tasks';
import { cn } from '../../lib/cn';
import { errorText, trpc } from '../../lib/trpc';
import { Badge, type Tone } from '../../ui/Badge';
import { formatDate } from '../../../../shared/dates';

/** A task as lists show it and the dialog edits it (the shared contract, so the client never drifts). */
export type TaskRow = z.output<typeof taskOutput>;
export type TaskStatus = (typeof TASK_STATUSES)[number];

const T = M.tasks;

export const statusName = (status: string) => T.statusLabels[status] ?? status;
export const priorityName = (priority: string) => T.priorityLabels[priority] ?? priority;

/** The spec's hub statuses, coloured like the portal's: pending yellow, in progress blue, completed green. */
const statusTone: Record<string, Tone> = {
  pending: 'yellow',
  'in-progress': 'blue',
  completed: 'green',
  cancelled: 'gray',
};
/** The spec's priority colours: high red, medium yellow, low green. */
const priorityTone: Record<string, Tone> = { high: 'red', medium: 'yellow', low: 'green' };

/** Dot colours of the status columns and menus (the badge tones' strong shade). */
export const statusDot: Record<string, string> = {
  pending: 'bg-amber-400',
  'in-progress': 'bg-sky-500',
  completed: 'bg-emerald-500',
  cancelled: 'bg-slate-400',
};

export function PriorityBadge({ priority, className }: { priority: string; className?: string }) {
  return (
    <Badge tone={priorityTone[priority] ?? 'gray'} className={cn('gap-1 whitespace-nowrap', className)}>
      <Flag className="size-3" aria-hidden />
      <span className="sr-only">{T.priorityName(priorityName(priority))}</span>
      <span aria-hidden>{priorityName(priority)}</span>
    </Badge>
  );
}

/** A lock and "Internal" on a task hidden from the client (nothing for the others). */
export function InternalBadge({ task, className }: { task: { internal: boolean }; className?: string }) {
  if (!task.internal) return null;
  return (
    <span title={T.internalHint} className={cn('inline-flex', className)}>
      <Badge tone="gray" className="gap-1 whitespace-nowrap">
        <Lock className="size-3" aria-hidden />
        {T.internalBadge}
      </Badge>
    </span>
  );
}

export const fullName = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
const initials = (u: { firstName: string; lastName: string }) =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();

/** The assignee by name; the spec's "User {value}" only when the name is not known. */
function assigneeText(task: Pick<TaskRow, 'assignee' | 'assignedTo'>): string | null {
  if (task.assignee) return fullName(task.assignee);
  return task.assignedTo !== null ? T.userValue(task.assignedTo) : null;
}

export function Assignee({ task, compact }: { task: Pick<TaskRow, 'assignee' | 'assignedTo'>; compact?: boolean }) {
  const name = assigneeText(task);
  if (!name) return <span className="text-slate-500">{T.unassigned}</span>;
  const person = task.assignee ?? { firstName: 'U', lastName: String(task.assignedTo ?? '') };
  return (
    <span className="inline-flex min-w-0 items-center gap-2" title={name}>
      <span
        aria-hidden
        className="grid size-6 shrink-0 place-items-center rounded-full bg-brand-50 text-[0.65rem] font-semibold text-brand-700"
      >
        {initials(person)}
      </span>
      <span className={cn('truncate', compact && 'sr-only')}>{name}</span>
    </span>
  );
}

/** 'yyyy-mm-dd' as that calendar day where the user is (never shifted by time zones). */
const dayDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
};
/** Lists show dates as "MMM dd, yyyy" (spec §9). */
const formatDay = (day: string) => formatDate(dayDate(day));
const today = () => format(new Date(), 'yyyy-MM-dd');

const isOpen = (status: string) => (PENDING_TASK_STATUSES as readonly string[]).includes(status);
const isOverdue = (task: { dueDate: string | null; status: string }) =>
  !!task.dueDate && isOpen(task.status) && task.dueDate < today();

export function DueDate({ task, className }: { task: { dueDate: string | null; status: string }; className?: string }) {
  if (!task.dueDate) return <span className={cn('text-slate-500', className)}>{T.noDueDate}</span>;
  const overdue = isOverdue(task);
  return (
    <span
      className={cn(
        'whitespace-nowrap tabular-nums',
        overdue ? 'font-medium text-red-600' : 'text-slate-600',
        className,
      )}
    >
      <time dateTime={task.dueDate}>{formatDay(task.dueDate)}</time>
      {overdue && (
        <span className="ml-1.5 rounded bg-red-50 px-1 py-px text-[0.7rem] font-semibold text-red-700 uppercase">
          {T.overdue}
        </span>
      )}
    </span>
  );
}

/**
 * Refreshes everything a task change can alter: task lists, project pages (their task counts and tabs) and the
 * dashboard (matched by key, so this never depends on which routers are mounted).
 */
export function useInvalidateTaskData() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const path = query.queryKey[0];
          return Array.isArray(path) && ['tasks', 'projects', 'dashboard'].includes(String(path[0]));
        },
      }),
    [queryClient],
  );
}

/**
 * The one-click status change of rows, cards and the board: the new status shows at once and stays until the
 * lists have reloaded (or goes back, with the spec's error toast, when the server refuses).
 */
export function useTaskStatus() {
  const [pending, setPending] = useState<ReadonlyMap<number, TaskStatus>>(new Map());
  const invalidate = useInvalidateTaskData();
  const forget = (id: number) =>
    setPending((current) => {
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  const mutation = trpc.tasks.setStatus.useMutation({
    onSuccess: async (_task, input) => {
      await invalidate();
      forget(Number(input.id));
    },
    onError: (error, input) => {
      forget(Number(input.id));
      toast.error(M.common.error, { description: errorText(error) ?? T.statusFailed });
    },
  });
  const statusOf = (task: Pick<TaskRow, 'id' | 'status'>): string => pending.get(task.id) ?? task.status;
  const change = (task: Pick<TaskRow, 'id' | 'status'>, status: TaskStatus) => {
    if (statusOf(task) === status) return;
    setPending((current) => new Map(current).set(task.id, status));
    mutation.mutate({ id: task.id, status });
  };
  return { statusOf, change, pending };
}
export type TaskStatusControl = ReturnType<typeof useTaskStatus>;

/** A status as a coloured menu: one click (or the keyboard) changes it. A native select, so phones get their picker. */
export function StatusSelect({
  task,
  control,
  className,
}: {
  task: TaskRow;
  control: TaskStatusControl;
  className?: string;
}) {
  const status = control.statusOf(task);
  const tone = statusTone[status] ?? 'gray';
  const toneClass: Record<Tone, string> = {
    yellow: 'bg-amber-50 text-amber-800 ring-amber-600/25 hover:bg-amber-100',
    blue: 'bg-sky-50 text-sky-700 ring-sky-600/25 hover:bg-sky-100',
    green: 'bg-emerald-50 text-emerald-700 ring-emerald-600/25 hover:bg-emerald-100',
    gray: 'bg-slate-100 text-slate-700 ring-slate-500/25 hover:bg-slate-200',
    red: 'bg-red-50 text-red-700 ring-red-600/25',
    purple: 'bg-violet-50 text-violet-700 ring-violet-600/25',
    orange: 'bg-orange-50 text-orange-700 ring-orange-600/25',
  };
  return (
    <span className={cn('relative z-10 inline-flex', className)}>
      <select
        aria-label={T.changeStatus(task.title)}
        value={status}
        onChange={(e) => control.change(task, e.target.value as TaskStatus)}
        className={cn(
          'h-7 cursor-pointer appearance-none rounded-full py-0 pr-7 pl-2.5 text-xs font-medium ring-1 ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
          toneClass[tone],
        )}
      >
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusName(s)}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-2 size-3.5 -translate-y-1/2 opacity-70"
        aria-hidden
      />
    </span>
  );
}

/** The round check of a row: completes an open task in one click, or opens a completed one again. */
export function CompleteCheck({ task, control }: { task: TaskRow; control: TaskStatusControl }) {
  const status = control.statusOf(task);
  const done = status === 'completed';
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={done}
      aria-label={done ? T.markPending(task.title) : T.markCompleted(task.title)}
      title={done ? T.markPending(task.title) : T.markCompleted(task.title)}
      onClick={() => control.change(task, done ? 'pending' : 'completed')}
      className={cn(
        'relative z-10 grid size-5 shrink-0 place-items-center rounded-full ring-1 transition-colors ring-inset focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1 focus-visible:outline-none',
        done
          ? 'bg-emerald-500 text-white ring-emerald-500 hover:bg-emerald-600'
          : 'bg-white text-transparent ring-slate-300 hover:text-slate-400 hover:ring-slate-400',
      )}
    >
      <Check className="size-3.5" strokeWidth={3} aria-hidden />
    </button>
  );
}
