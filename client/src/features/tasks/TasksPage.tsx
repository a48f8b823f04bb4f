import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Columns3, FolderKanban, ListChecks, Pencil, Plus, Trash2, X } from 'lucide-react';
import { LIMITS, TASK_PRIORITIES, TASK_STATUSES } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { taskListInput, taskSorts, type TaskListInput } from '../../../../shared/schemas/tasks';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { ListResults } from '../../lists/ListResults';
import { ListFilters } from '../../lists/ListFilters';
import {
  FilterChips,
  gridView,
  ListToolbar,
  listView,
  SearchBox,
  SortSelect,
  ViewToggle,
  type FilterChip,
  type ViewOption,
} from '../../lists/ListToolbar';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListFilters, useListSort } from '../../lists/useListParams';
import { LIST_PARAMS } from '../../../../shared/saved-views';
import { Button } from '../../ui/Button';
import { controlClass } from '../../ui/Field';
import { Spinner } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { DeleteTaskDialog } from './DeleteTaskDialog';
import { ProjectPicker, useProjectName } from './ProjectPicker';
import { TaskDialog } from './TaskDialog';
import { useLinkParam } from '../search/useLinkParam';
import { useLinkedRecord } from '../search/useLinkedRecord';
import {
  Assignee,
  CompleteCheck,
  DueDate,
  fullName,
  InternalBadge,
  PriorityBadge,
  priorityName,
  StatusSelect,
  statusName,
  useTaskStatus,
  type TaskRow,
  type TaskStatusControl,
} from './taskParts';

const T = M.tasks;
// The board (and its drag-and-drop library) loads only when it is shown.
const TaskBoard = lazy(() => import('./TaskBoard').then((m) => ({ default: m.TaskBoard })));
const searchMaxLength = taskListInput.shape.search.unwrap().maxLength ?? undefined;

type View = 'list' | 'grid' | 'board';
type FilterKey = 'search' | 'projectId' | 'status' | 'priority' | 'assigneeId';

/** List (the default), grid and board: the list kit's views plus the board. */
const viewOptions: ViewOption<View>[] = [
  listView,
  gridView,
  { mode: 'board', icon: <Columns3 className="size-4" aria-hidden />, label: T.board.view },
];

/** A task's title as the button that opens it; in a card it stretches over the whole card. */
function OpenButton({
  task,
  done,
  onOpen,
  stretched,
}: {
  task: TaskRow;
  done: boolean;
  onOpen: () => void;
  stretched?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      title={task.title}
      className={cn(
        'block max-w-full truncate rounded-sm text-left font-medium focus-visible:outline-none',
        stretched
          ? 'after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-2 focus-visible:after:ring-brand-500'
          : 'focus-visible:ring-2 focus-visible:ring-brand-500',
        done ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900 hover:text-brand-700',
      )}
    >
      {task.title}
    </button>
  );
}

function ProjectLink({ task }: { task: TaskRow }) {
  if (!task.project) return <span className="text-slate-500">{T.noProject}</span>;
  return (
    <Link
      to={`/hub/projects/${encodeURIComponent(task.project.projectUid)}`}
      title={task.project.name}
      className="relative z-10 inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-sm text-slate-600 hover:text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <FolderKanban className="size-3.5 shrink-0 text-slate-400" aria-hidden />
      <span className="truncate">{task.project.name}</span>
    </Link>
  );
}

function TaskCard({ task, control, onOpen }: { task: TaskRow; control: TaskStatusControl; onOpen: () => void }) {
  const status = control.statusOf(task);
  return (
    <li className="relative flex min-w-0 flex-col rounded-xl bg-white p-5 shadow-xs ring-1 ring-slate-200 transition hover:shadow-md hover:ring-slate-300">
      <div className="flex items-start gap-3">
        <span className="mt-0.5">
          <CompleteCheck task={task} control={control} />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-base">
            <OpenButton task={task} done={status === 'completed'} onOpen={onOpen} stretched />
          </h2>
          <p className="mt-0.5 min-w-0 text-sm">
            <ProjectLink task={task} />
          </p>
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1.5">
          <PriorityBadge priority={task.priority} />
          <InternalBadge task={task} />
        </div>
      </div>
      {task.description && <p className="mt-3 line-clamp-2 text-sm text-slate-500">{task.description}</p>}
      <div className="mt-auto pt-4">
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm">
          <StatusSelect task={task} control={control} />
          <DueDate task={{ dueDate: task.dueDate, status }} className="text-xs" />
        </div>
        <div className="mt-2.5 min-w-0 text-sm text-slate-600">
          <Assignee task={task} />
        </div>
      </div>
    </li>
  );
}

/** The list and grid views: one paged list (only mounted when shown, so the board never loads it). */
function TaskList({
  input,
  ...props
}: { input: TaskListInput } & Omit<Parameters<typeof ListResults<TaskRow>>[0], 'list'>) {
  const list = useInfiniteList(trpc.tasks.list, { limit: LIMITS.pageSize, withOverall: true, ...input });
  return <ListResults list={list} {...props} />;
}

export default function TasksPage() {
  useDocumentTitle(T.title);
  const filters = useListFilters(taskListInput, { search: 'search', ...LIST_PARAMS.task });
  const sort = useListSort(taskSorts);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const view: View = searchParams.get('view') === 'board' ? 'board' : filters.view;
  const setView = (next: View) => {
    if (next !== 'board') return filters.setView(next);
    const params = new URLSearchParams(window.location.search);
    params.set('view', 'board');
    void navigate({ search: `?${params}` }, { preventScrollReset: true });
  };

  // The board's columns are the statuses: it takes every filter but that one.
  const { status: _status, ...boardFilters } = filters.values;
  const team = trpc.team.list.useQuery(undefined, { staleTime: 60_000 });
  const control = useTaskStatus();
  const [dialog, setDialog] = useState<{ open: boolean; task: TaskRow | null }>({ open: false, task: null });
  const [toDelete, setToDelete] = useState<TaskRow | null>(null);

  const filteredProjectId = filters.values.projectId ?? null;
  const filteredProject = useProjectName(filteredProjectId);

  const openAdd = () => setDialog({ open: true, task: null });
  const openEdit = (task: TaskRow) => setDialog({ open: true, task });
  // ?task={id} (search, notifications, the activity log) opens that task; ?new=1 the Add dialog.
  const utils = trpc.useUtils();
  useLinkedRecord('task', (id) => utils.tasks.get.fetch({ id }), openEdit);
  useLinkParam('new', openAdd);
  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {T.add}
    </Button>
  );
  const anyFilter = filters.active.length > 0;
  // What the chips say (the board has no status filter: its columns are the statuses).
  const chipValue = (key: FilterKey, value: string) => {
    if (key === 'projectId') return filteredProject.name ?? T.projectPicker.unknown;
    if (key === 'status') return statusName(value);
    if (key === 'priority') return priorityName(value);
    if (key === 'assigneeId') {
      if (value === 'none') return T.unassigned;
      const member = team.data?.find((u) => String(u.id) === value);
      return member ? fullName(member) : value;
    }
    return value;
  };
  const chips: FilterChip[] = filters.active
    .filter(({ key }) => !(view === 'board' && key === 'status'))
    .map(({ key, value }) => ({ key, name: T.filterNames[key], value: chipValue(key as FilterKey, value) }));

  const [colTask, colProject, colStatus, colPriority, colAssignee, colDue, colActions] = T.columns;
  const columns: Column<TaskRow>[] = [
    {
      header: colTask,
      cell: (t) => (
        <div className="flex max-w-96 min-w-56 items-center gap-3">
          <CompleteCheck task={t} control={control} />
          <div className="min-w-0">
            <OpenButton task={t} done={control.statusOf(t) === 'completed'} onOpen={() => openEdit(t)} />
            {t.description && (
              <p className="truncate text-xs text-slate-500" title={t.description}>
                {t.description}
              </p>
            )}
          </div>
        </div>
      ),
    },
    { header: colProject, className: 'max-w-56', cell: (t) => <ProjectLink task={t} /> },
    { header: colStatus, sort: 'status', cell: (t) => <StatusSelect task={t} control={control} /> },
    {
      header: colPriority,
      sort: 'priority',
      cell: (t) => (
        <div className="flex flex-wrap gap-1.5">
          <PriorityBadge priority={t.priority} />
          <InternalBadge task={t} />
        </div>
      ),
    },
    { header: colAssignee, className: 'max-w-48', cell: (t) => <Assignee task={t} /> },
    {
      header: colDue,
      sort: 'dueDate',
      cell: (t) => <DueDate task={{ dueDate: t.dueDate, status: control.statusOf(t) }} />,
    },
    {
      header: colActions,
      className: 'text-right',
      cell: (t) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => openEdit(t)} aria-label={T.editTask(t.title)}>
            <Pencil className="size-4" aria-hidden /> {T.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setToDelete(t)}
            aria-label={T.deleteTask(t.title)}
            title={T.deleteTask(t.title)}
            className="text-slate-500! hover:bg-red-50 hover:text-red-600!"
          >
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      ),
    },
  ];

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

  const empty = { icon: <ListChecks className="size-10" />, title: T.emptyTitle, text: T.emptyText, action: addButton };
  const noMatch = { title: T.noMatchTitle, text: T.noMatchText, onClear: filters.clearAll };

  return (
    <>
      <PageHeader
        title={T.title}
        subtitle={T.subtitle}
        actions={
          <>
            <ViewToggle value={view} onChange={setView} options={viewOptions} />
            {addButton}
          </>
        }
      />
      <ListToolbar views="task" rowFrom="xl">
        <SearchBox
          {...filters.searchBox}
          maxLength={searchMaxLength}
          placeholder={T.searchPlaceholder}
          label={T.searchLabel}
        />
        <ListFilters active={chips.filter((c) => c.key !== 'search').length}>
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
              selectedName={filteredProject.name ?? (filteredProject.missing ? T.projectPicker.unknown : null)}
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
              ...(team.data ?? []).map((u) => ({ value: String(u.id), label: fullName(u) })),
            ])}
            <Button
              variant="ghost"
              onClick={filters.clearAll}
              disabled={!anyFilter}
              className={cn(
                'shrink-0 disabled:opacity-40 disabled:hover:bg-transparent',
                view === 'board' && 'col-span-2 justify-self-end md:col-span-1',
              )}
            >
              <X className="size-4" aria-hidden /> {M.common.clear}
            </Button>
          </div>
        </ListFilters>
        {view !== 'board' && <SortSelect sorts={taskSorts} sort={sort} view={view} columns={columns} />}
      </ListToolbar>
      <FilterChips chips={chips} onRemove={(key) => filters.remove(key as FilterKey)} onClearAll={filters.clearAll} />
      {view === 'board' ? (
        <Suspense fallback={<Spinner />}>
          <TaskBoard filters={boardFilters} control={control} onOpen={openEdit} empty={empty} noMatch={noMatch} />
        </Suspense>
      ) : (
        <TaskList
          input={{ ...filters.values, ...sort.input }}
          view={view}
          count={T.showing}
          rowKey={(t) => t.id}
          onOpen={openEdit}
          skeletons={5}
          empty={empty}
          noMatch={noMatch}
          table={{ caption: T.title, columns, sort }}
          card={(t) => <TaskCard task={t} control={control} onOpen={() => openEdit(t)} />}
        />
      )}
      <TaskDialog
        open={dialog.open}
        task={dialog.task}
        defaultProjectId={filteredProjectId}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
      <DeleteTaskDialog task={toDelete} onClose={() => setToDelete(null)} />
    </>
  );
}
