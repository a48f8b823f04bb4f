import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Columns3, FolderKanban, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
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
  type ViewOption,
} from '../../lists/ListToolbar';
import type { Column } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { useListSort } from '../../lists/useListParams';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Feedback';
import { PageHeader } from '../../ui/PageHeader';
import { DeleteTaskDialog } from './DeleteTaskDialog';
import { useProjectName } from './ProjectPicker';
import { TaskDialog } from './TaskDialog';
import {
  TaskFilterFields,
  taskChips,
  useTaskFilters,
  useTaskView,
  type TaskFilterKey,
  type TaskView,
} from './TaskFilters';
import { useLinkParam } from '../search/useLinkParam';
import { useLinkedRecord } from '../search/useLinkedRecord';
import {
  Assignee,
  CompleteCheck,
  DueDate,
  InternalBadge,
  PriorityBadge,
  StatusSelect,
  useTaskStatus,
  type TaskRow,
  type TaskStatusControl,
} from './taskParts';

const T = M.tasks;
// The board (and its drag-and-drop library) loads only when it is shown.
const TaskBoard = lazy(() => import('./TaskBoard').then((m) => ({ default: m.TaskBoard })));
const searchMaxLength = taskListInput.shape.search.unwrap().maxLength ?? undefined;

/** List (the default), grid and board: the list kit's views plus the board. */
const viewOptions: ViewOption<TaskView>[] = [
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

/** The table's columns: the title with its check and description, then project, status, priority, assignee, due, actions. */
function taskColumns({
  control,
  onOpen,
  onDelete,
}: {
  control: TaskStatusControl;
  onOpen: (task: TaskRow) => void;
  onDelete: (task: TaskRow) => void;
}): Column<TaskRow>[] {
  const [colTask, colProject, colStatus, colPriority, colAssignee, colDue, colActions] = T.columns;
  return [
    {
      header: colTask,
      cell: (t) => (
        <div className="flex max-w-96 min-w-56 items-center gap-3">
          <CompleteCheck task={t} control={control} />
          <div className="min-w-0">
            <OpenButton task={t} done={control.statusOf(t) === 'completed'} onOpen={() => onOpen(t)} />
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
          <Button variant="ghost" size="sm" onClick={() => onOpen(t)} aria-label={T.editTask(t.title)}>
            <Pencil className="size-4" aria-hidden /> {T.edit}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onDelete(t)}
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
}

/** The Add/Edit dialog and the delete confirmation; ?task={id} (search, notifications, the activity log) opens that task, ?new=1 the Add dialog. */
function useTaskDialogs() {
  const [dialog, setDialog] = useState<{ open: boolean; task: TaskRow | null }>({ open: false, task: null });
  const [toDelete, setToDelete] = useState<TaskRow | null>(null);
  const openAdd = () => setDialog({ open: true, task: null });
  const openEdit = (task: TaskRow) => setDialog({ open: true, task });
  const utils = trpc.useUtils();
  useLinkedRecord('task', (id) => utils.tasks.get.fetch({ id }), openEdit);
  useLinkParam('new', openAdd);
  return {
    dialog,
    closeDialog: () => setDialog((d) => ({ ...d, open: false })),
    toDelete,
    setToDelete,
    openAdd,
    openEdit,
  };
}

export default function TasksPage() {
  useDocumentTitle(T.title);
  const filters = useTaskFilters();
  const sort = useListSort(taskSorts);
  const [view, setView] = useTaskView(filters);
  // The board's columns are the statuses: it takes every filter but that one.
  const { status: _status, ...boardFilters } = filters.values;
  const team = trpc.team.list.useQuery(undefined, { staleTime: 60_000 });
  const control = useTaskStatus();
  const dialogs = useTaskDialogs();
  const filteredProjectId = filters.values.projectId ?? null;
  const filteredProject = useProjectName(filteredProjectId);

  const addButton = (
    <Button onClick={dialogs.openAdd}>
      <Plus className="size-4" aria-hidden /> {T.add}
    </Button>
  );
  const chips = taskChips(filters, view, team.data, filteredProject);
  const columns = taskColumns({ control, onOpen: dialogs.openEdit, onDelete: dialogs.setToDelete });
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
          <TaskFilterFields filters={filters} view={view} team={team.data} project={filteredProject} />
        </ListFilters>
        {view !== 'board' && <SortSelect sorts={taskSorts} sort={sort} view={view} columns={columns} />}
      </ListToolbar>
      <FilterChips
        chips={chips}
        onRemove={(key) => filters.remove(key as TaskFilterKey)}
        onClearAll={filters.clearAll}
      />
      {view === 'board' ? (
        <Suspense fallback={<Spinner />}>
          <TaskBoard
            filters={boardFilters}
            control={control}
            onOpen={dialogs.openEdit}
            empty={empty}
            noMatch={noMatch}
          />
        </Suspense>
      ) : (
        <TaskList
          input={{ ...filters.values, ...sort.input }}
          view={view}
          count={T.showing}
          rowKey={(t) => t.id}
          onOpen={dialogs.openEdit}
          skeletons={5}
          empty={empty}
          noMatch={noMatch}
          table={{ caption: T.title, columns, sort }}
          card={(t) => <TaskCard task={t} control={control} onOpen={() => dialogs.openEdit(t)} />}
        />
      )}
      <TaskDialog
        open={dialogs.dialog.open}
        task={dialogs.dialog.task}
        defaultProjectId={filteredProjectId}
        onClose={dialogs.closeDialog}
      />
      <DeleteTaskDialog task={dialogs.toDelete} onClose={() => dialogs.setToDelete(null)} />
    </>
  );
}
