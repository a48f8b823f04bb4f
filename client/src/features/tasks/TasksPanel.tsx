import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, ListChecks, Plus } from 'lucide-react';
import { LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { LoadMore } from '../../lists/ListViews';
import { useInfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { EmptyState, LoadFailed, Skeleton } from '../../ui/Feedback';
import { TaskDialog } from './TaskDialog';
import {
  Assignee,
  CompleteCheck,
  DueDate,
  InternalBadge,
  PriorityBadge,
  StatusSelect,
  useTaskStatus,
  type TaskRow,
} from './taskParts';

const T = M.tasks;

/**
 * A project's tasks (the project page's Tasks tab): a compact list with the one-click status change, "No tasks yet"
 * with an Add Task button, and the dialog preset to this project.
 */
function TasksPanel({ projectId }: { projectId: number }) {
  const list = useInfiniteList(trpc.tasks.list, { projectId, limit: LIMITS.pageSize });
  const control = useTaskStatus();
  const [dialog, setDialog] = useState<{ open: boolean; task: TaskRow | null }>({ open: false, task: null });
  const openAdd = () => setDialog({ open: true, task: null });
  const addButton = (
    <Button onClick={openAdd}>
      <Plus className="size-4" aria-hidden /> {T.add}
    </Button>
  );

  let body: ReactNode;
  if (list.state === 'error') body = <LoadFailed onRetry={list.retry} />;
  else if (list.state === 'loading')
    body = (
      <div aria-hidden className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-3 px-4 py-3.5">
            <Skeleton className="size-5 rounded-full" />
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="ml-auto h-6 w-20 rounded-full" />
          </div>
        ))}
      </div>
    );
  else if (list.items.length === 0)
    body = (
      <EmptyState
        icon={<ListChecks className="size-10" />}
        title={T.panel.empty}
        text={T.panel.emptyText}
        action={addButton}
      />
    );
  else
    body = (
      <ul className="divide-y divide-slate-100 rounded-xl bg-white shadow-xs ring-1 ring-slate-200">
        {list.items.map((task) => {
          const status = control.statusOf(task);
          return (
            <li key={task.id} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <CompleteCheck task={task} control={control} />
                <button
                  type="button"
                  onClick={() => setDialog({ open: true, task })}
                  title={task.title}
                  className={cn(
                    'min-w-0 truncate rounded-sm text-left text-sm font-medium focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
                    status === 'completed'
                      ? 'text-slate-500 line-through decoration-slate-400'
                      : 'text-slate-900 hover:text-brand-700',
                  )}
                >
                  {task.title}
                </button>
              </div>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2 pl-8 text-sm sm:pl-0">
                <PriorityBadge priority={task.priority} />
                <InternalBadge task={task} />
                <DueDate task={{ dueDate: task.dueDate, status }} className="text-xs" />
                <span className="max-w-40 min-w-0 text-slate-600">
                  <Assignee task={task} />
                </span>
                <StatusSelect task={task} control={control} />
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <section aria-label={T.title}>
      {list.items.length > 0 && (
        <div className="mb-3 flex items-center justify-between gap-3">
          <Link
            to={`/hub/tasks?projectId=${projectId}`}
            className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-brand-700 hover:underline focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            {T.panel.viewAll} <ArrowRight className="size-4" aria-hidden />
          </Link>
          {addButton}
        </div>
      )}
      {body}
      <LoadMore
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.loadMoreFailed}
        onLoad={list.loadMore}
        className="mt-4"
      />
      <TaskDialog
        open={dialog.open}
        task={dialog.task}
        defaultProjectId={projectId}
        onClose={() => setDialog((d) => ({ ...d, open: false }))}
      />
    </section>
  );
}

export default TasksPanel;
