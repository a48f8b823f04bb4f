import { useQueryClient } from '@tanstack/react-query';
import { parseISO } from 'date-fns';
import { EyeOff, Users } from 'lucide-react';
import type { z } from 'zod';
import { projects } from '../../../../shared/messages/projects';
import type { projectOutput, projectRowOutput } from '../../../../shared/schemas/projects';
import { cn } from '../../lib/cn';
import { Badge } from '../../ui/Badge';
import { formatDate, formatLongDate } from '../../../../shared/dates';

/** The catalogue's sections this first-load module shows (not all of shared/messages.ts). */
const M = { projects } as const;

/** A project as lists read it, and as its page reads it (the shared contracts). */
export type ProjectRow = z.output<typeof projectRowOutput>;
export type ProjectDetails = z.output<typeof projectOutput>;

export { ProjectStatusBadge, projectStatusName } from './projectStatus';

/** "Shared" or "Internal", for lists (a shared draft reads Internal: the client does not see it). */
export function ProjectVisibilityBadge({
  project,
  className,
}: {
  project: { visibleToClient: boolean; status: string; companyId: number | null };
  className?: string;
}) {
  const shown = project.visibleToClient && project.status !== 'draft' && project.companyId !== null;
  return (
    <span title={shown ? M.projects.visibility.sharedTitle : M.projects.visibility.internalTitle} className={className}>
      <Badge tone={shown ? 'green' : 'gray'} className="gap-1 whitespace-nowrap">
        {shown ? <Users className="size-3" aria-hidden /> : <EyeOff className="size-3" aria-hidden />}
        {shown ? M.projects.visibility.shared : M.projects.visibility.internal}
      </Badge>
    </span>
  );
}

/** The project page's address: by uid, falling back to the numeric id (spec §2.3). */
export const projectPath = (project: { id: number; projectUid?: string | null }) =>
  `/hub/projects/${project.projectUid || project.id}`;

/** A yyyy-mm-dd day in the spec's formats: "MMM dd, yyyy" in lists, "MMMM d, yyyy" on the project page (§9). */
export function formatDay(day: string | null | undefined, pattern: 'list' | 'detail' = 'list'): string | null {
  if (!day) return null;
  const date = parseISO(day);
  if (Number.isNaN(date.getTime())) return null;
  return pattern === 'list' ? formatDate(date) : formatLongDate(date);
}

/** A project's dates as one short line ("Sep 01, 2026 → Dec 15, 2026"), or 'No dates set'. */
export function dateRange(start: string | null, due: string | null): string {
  if (!start && !due) return M.projects.noDates;
  return `${formatDay(start) ?? '—'} → ${formatDay(due) ?? '—'}`;
}

/** Hours with at most one decimal ("12.5"); money goes through useMoney (the agency's currency). */
export const formatHours = (hours: number) => hours.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** Tasks done out of all, as a thin bar and "2/5 tasks". */
export function TaskProgress({ done, total, className }: { done: number; total: number; className?: string }) {
  if (total === 0) return <span className={cn('text-xs text-slate-500', className)}>{M.projects.noTasks}</span>;
  const percent = total === 0 ? 0 : Math.round((done / total) * 100);
  return (
    <div className={cn('flex items-center gap-2', className)}>
      <div
        className="h-1.5 w-16 shrink-0 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={M.projects.tasksDone(done, total)}
      >
        <div
          className={cn('h-full rounded-full', percent === 100 ? 'bg-emerald-500' : 'bg-brand-500')}
          style={{ width: `${percent}%` }}
        />
      </div>
      <span className="text-xs text-slate-500 tabular-nums">{M.projects.tasksDone(done, total)}</span>
    </div>
  );
}

/**
 * Refreshes everything a project change can alter: project lists and pages, company counts, the dashboard, and
 * the task and file lists (a deleted project takes its tasks and leaves its files without a project). Matched by
 * key, so this never depends on which routers are mounted.
 */
export function useInvalidateProjectData() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (query) => {
        const path = query.queryKey[0];
        return (
          Array.isArray(path) && ['projects', 'companies', 'dashboard', 'tasks', 'documents'].includes(String(path[0]))
        );
      },
    });
}
