/**
 * The tasks page's filters (in the URL): the view (list, grid, or the board, which has no status filter: its columns
 * are the statuses), the filter fields and the chips that name what is filtered.
 */
import { useNavigate, useSearchParams } from 'react-router-dom';
import { X } from 'lucide-react';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { taskListInput } from '../../../../shared/schemas/tasks';
import { cn } from '../../lib/cn';
import type { RouterOutputs } from '../../lib/trpc';
import type { FilterChip } from '../../lists/ListToolbar';
import { useListFilters } from '../../lists/useListParams';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/Field';
import { ProjectPicker } from './ProjectPicker';
import { fullName, priorityName, statusName } from './taskParts';

const T = M.tasks;

export type TaskView = 'list' | 'grid' | 'board';
export type TaskFilterKey = 'search' | 'projectId' | 'status' | 'priority' | 'assigneeId';
type Team = RouterOutputs['team']['list'] | undefined;
/** The filtered project's name (null while unknown) and whether it was not found. */
type ProjectName = { name: string | null; missing: boolean };

export function useTaskFilters() {
  return useListFilters(taskListInput, { search: 'search', ...LIST_PARAMS.task });
}
export type TaskFilters = ReturnType<typeof useTaskFilters>;

/** List and grid are the list kit's views; the board is `?view=board`. */
export function useTaskView(filters: TaskFilters): [TaskView, (next: TaskView) => void] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view: TaskView = searchParams.get('view') === 'board' ? 'board' : filters.view;
  const setView = (next: TaskView) => {
    if (next !== 'board') return filters.setView(next);
    const params = new URLSearchParams(window.location.search);
    params.set('view', 'board');
    void navigate({ search: `?${params}` }, { preventScrollReset: true });
  };
  return [view, setView];
}

/** What the chips say (the board has no status filter: its columns are the statuses). */
export function taskChips(filters: TaskFilters, view: TaskView, team: Team, project: ProjectName): FilterChip[] {
  const chipValue = (key: TaskFilterKey, value: string) => {
    if (key === 'projectId') return project.name ?? T.projectPicker.unknown;
    if (key === 'status') return statusName(value);
    if (key === 'priority') return priorityName(value);
    if (key === 'assigneeId') {
      if (value === 'none') return T.unassigned;
      const member = team?.find((u) => String(u.id) === value);
      return member ? fullName(member) : value;
    }
    return value;
  };
  return filters.active
    .filter(({ key }) => !(view === 'board' && key === 'status'))
    .map(({ key, value }) => ({ key, name: T.filterNames[key], value: chipValue(key as TaskFilterKey, value) }));
}

/** The project picker, the status (not on the board), priority and assignee choices, and Clear. */
export function TaskFilterFields({
  filters,
  view,
  team,
  project,
}: {
  filters: TaskFilters;
  view: TaskView;
  team: Team;
  project: ProjectName;
}) {
  const select = (
    label: string,
    key: 'status' | 'priority' | 'assigneeId',
    options: { value: string; label: string }[],
  ) => (
    <select
      aria-label={label}
      value={filters.valueFor(key)}
      onChange={(e) => filters.set(key, e.target.value)}
      className={cn(controlClass(), 'min-w-0 xl:w-40')}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
  return (
    <div
      className={cn(
        'grid grid-cols-2 gap-3 xl:flex xl:items-center',
        view === 'board' ? 'md:grid-cols-[1.4fr_1fr_1fr_auto]' : 'md:grid-cols-[1.4fr_1fr_1fr_1fr_auto]',
      )}
    >
      <ProjectPicker
        label={T.filterProject}
        className="col-span-2 md:col-span-1 xl:w-56"
        value={filters.valueFor('projectId')}
        selectedName={project.name ?? (project.missing ? T.projectPicker.unknown : null)}
        onChange={(value) => filters.set('projectId', value)}
        fixedOptions={[{ value: '', label: T.allProjects }]}
      />
      {view !== 'board' &&
        select(T.filterStatus, 'status', [
          { value: '', label: T.allStatus },
          ...TASK_STATUSES.map((s) => ({ value: s, label: statusName(s) })),
        ])}
      {select(T.filterPriority, 'priority', [
        { value: '', label: T.allPriorities },
        ...TASK_PRIORITIES.map((p) => ({ value: p, label: priorityName(p) })),
      ])}
      {select(T.filterAssignee, 'assigneeId', [
        { value: '', label: T.allAssignees },
        { value: 'none', label: T.unassigned },
        ...(team ?? []).map((u) => ({ value: String(u.id), label: fullName(u) })),
      ])}
      <Button
        variant="ghost"
        onClick={filters.clearAll}
        disabled={filters.active.length === 0}
        className={cn(
          'shrink-0 disabled:opacity-40 disabled:hover:bg-transparent',
          view === 'board' && 'col-span-2 justify-self-end md:col-span-1',
        )}
      >
        <X className="size-4" aria-hidden /> {M.common.clear}
      </Button>
    </div>
  );
}
