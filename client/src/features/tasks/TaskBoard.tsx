import {
  useState,
  type KeyboardEventHandler,
  type MouseEvent as ReactMouseEvent,
  type ReactNode,
  type TouchEvent as ReactTouchEvent,
} from 'react';
import {
  closestCenter,
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { FolderKanban, GripVertical } from 'lucide-react';
import { TASK_STATUSES, LIMITS } from '../../../../shared/constants';
import { M } from '../../../../shared/messages';
import type { TaskListInput } from '../../../../shared/schemas/tasks';
import { cn } from '../../lib/cn';
import { trpc } from '../../lib/trpc';
import { ResultCount } from '../../lists/ListToolbar';
import { LoadMore } from '../../lists/ListViews';
import { useInfiniteList, type InfiniteList } from '../../lists/useInfiniteList';
import { Button } from '../../ui/Button';
import { Alert, EmptyState, Skeleton } from '../../ui/Feedback';
import {
  Assignee,
  DueDate,
  InternalBadge,
  PriorityBadge,
  StatusSelect,
  statusDot,
  statusName,
  type TaskRow,
  type TaskStatus,
  type TaskStatusControl,
} from './taskParts';

const T = M.tasks;
const B = T.board;

const columnId = (status: TaskStatus) => `column:${status}`;
type DragData = { task: TaskRow };
type DropData = { status: TaskStatus };

/**
 * Controls inside a card do their own job (open, change status); a press anywhere else, or on the title, starts a
 * drag once the pointer moves. The handle is the keyboard's way in (Space or Enter).
 */
const onControl = (target: EventTarget | null) =>
  target instanceof Element &&
  !!target.closest('a, input, select, textarea, label, button:not([data-drag-handle]):not([data-card-title])');

class CardMouseSensor extends MouseSensor {
  static activators = [
    {
      eventName: 'onMouseDown' as const,
      handler: ({ nativeEvent: e }: ReactMouseEvent) => e.button === 0 && !onControl(e.target),
    },
  ];
}
class CardTouchSensor extends TouchSensor {
  static activators = [
    { eventName: 'onTouchStart' as const, handler: ({ nativeEvent: e }: ReactTouchEvent) => !onControl(e.target) },
  ];
}

/** Left and right arrows move a picked-up card to the neighbouring column (the columns are the only drop targets). */
const columnKeys: KeyboardCoordinateGetter = (
  event,
  { currentCoordinates, context: { active, collisionRect, droppableRects, droppableContainers, over } },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (!step) return undefined;
  event.preventDefault();
  if (!active || !collisionRect) return undefined;
  const columns = droppableContainers
    .getEnabled()
    .map((c) => ({ id: c.id, rect: droppableRects.get(c.id) }))
    .filter((c): c is { id: typeof c.id; rect: NonNullable<typeof c.rect> } => !!c.rect)
    .sort((a, b) => a.rect.left - b.rect.left);
  const middle = collisionRect.left + collisionRect.width / 2;
  const current = over
    ? columns.findIndex((c) => c.id === over.id)
    : columns.findIndex((c) => middle >= c.rect.left && middle <= c.rect.right);
  const target = columns[current + step];
  if (!target) return currentCoordinates;
  return {
    x: target.rect.left + (target.rect.width - collisionRect.width) / 2,
    y: Math.max(currentCoordinates.y, target.rect.top + 48),
  };
};

/** The pointer decides under a mouse or finger; the card's position (moved by the arrows) under the keyboard. */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length ? hits : closestCenter(args);
};

const sortNewestFirst = (a: TaskRow, b: TaskRow) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;

type TaskBoardProps = {
  /** The list's filters, except status (the columns are the statuses). */
  filters: Omit<TaskListInput, 'status' | 'limit' | 'cursor' | 'withOverall'>;
  control: TaskStatusControl;
  onOpen: (task: TaskRow) => void;
  empty: { icon?: ReactNode; title: string; text?: string; action?: ReactNode };
  noMatch: { title: string; text?: string; onClear: () => void };
};

/**
 * The board view: a column per status, each its own paged list. Dragging a card to another column (mouse, touch
 * or keyboard) changes its status; the card moves at once and the columns reload behind it.
 */
export function TaskBoard({ filters, control, onOpen, empty, noMatch }: TaskBoardProps) {
  const input = { limit: LIMITS.pageSize, withOverall: true, ...filters };
  const lists: Record<TaskStatus, InfiniteList<TaskRow>> = {
    pending: useInfiniteList(trpc.tasks.list, { ...input, status: 'pending' }),
    'in-progress': useInfiniteList(trpc.tasks.list, { ...input, status: 'in-progress' }),
    completed: useInfiniteList(trpc.tasks.list, { ...input, status: 'completed' }),
    cancelled: useInfiniteList(trpc.tasks.list, { ...input, status: 'cancelled' }),
  };
  const states = TASK_STATUSES.map((s) => lists[s].state);
  const [dragged, setDragged] = useState<TaskRow | null>(null);

  // Every loaded card goes in the column of its status as shown (a card just moved shows in its new column).
  const loaded = TASK_STATUSES.flatMap((s) => lists[s].items);
  const byColumn = Object.fromEntries(TASK_STATUSES.map((s) => [s, [] as TaskRow[]])) as Record<TaskStatus, TaskRow[]>;
  const seen = new Set<number>();
  for (const task of loaded) {
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    byColumn[control.statusOf(task) as TaskStatus]?.push(task);
  }
  for (const s of TASK_STATUSES) byColumn[s].sort(sortNewestFirst);

  // Column counts follow the moves still being saved.
  const counts = Object.fromEntries(TASK_STATUSES.map((s) => [s, lists[s].total])) as Record<TaskStatus, number>;
  for (const task of loaded) {
    const shown = control.statusOf(task) as TaskStatus;
    if (shown !== task.status && counts[shown] !== undefined && counts[task.status as TaskStatus] !== undefined) {
      counts[shown] += 1;
      counts[task.status as TaskStatus] -= 1;
    }
  }

  const sensors = useSensors(
    useSensor(CardMouseSensor, { activationConstraint: { distance: 6 } }),
    // A finger holds a card for a moment to pick it up, so the board still scrolls.
    useSensor(CardTouchSensor, { activationConstraint: { delay: 220, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeys }),
  );

  const titleOf = (data: unknown) => (data as DragData | undefined)?.task.title ?? '';
  const columnOf = (data: unknown) => statusName((data as DropData | undefined)?.status ?? '');
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      B.pickedUp(titleOf(active.data.current), statusName(control.statusOf((active.data.current as DragData).task))),
    onDragOver: ({ active, over }) =>
      over ? B.over(titleOf(active.data.current), columnOf(over.data.current)) : undefined,
    onDragEnd: ({ active, over }) => {
      if (!over) return B.cancelled(titleOf(active.data.current));
      const from = statusName((active.data.current as DragData).task.status);
      const to = columnOf(over.data.current);
      return from === to
        ? B.droppedSame(titleOf(active.data.current), to)
        : B.dropped(titleOf(active.data.current), to);
    },
    onDragCancel: ({ active }) => B.cancelled(titleOf(active.data.current)),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged((active.data.current as DragData).task);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const status = (over?.data.current as DropData | undefined)?.status;
    if (status) control.change((active.data.current as DragData).task, status);
  };

  const failed = TASK_STATUSES.find((s) => lists[s].state === 'error');
  if (failed)
    return (
      <Alert>
        {M.common.loadFailed}{' '}
        <button
          type="button"
          className="font-medium underline focus-visible:ring-2 focus-visible:ring-red-500 focus-visible:outline-none"
          onClick={() => {
            for (const s of TASK_STATUSES) if (lists[s].state === 'error') lists[s].retry();
          }}
        >
          {M.common.retry}
        </button>
      </Alert>
    );

  const loading = states.includes('loading');
  const refreshing = TASK_STATUSES.some((s) => lists[s].refreshing);
  const total = TASK_STATUSES.reduce((sum, s) => sum + lists[s].total, 0);
  const overall = lists.pending.overall;

  let body: ReactNode;
  if (loading) body = <BoardSkeleton />;
  else if (overall === 0)
    body = <EmptyState icon={empty.icon} title={empty.title} text={empty.text} action={empty.action} />;
  else if (total === 0)
    body = (
      <EmptyState
        title={noMatch.title}
        text={noMatch.text}
        action={
          <Button variant="secondary" onClick={noMatch.onClear}>
            {M.lists.clearFilters}
          </Button>
        }
      />
    );
  else
    body = (
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragged(null)}
        accessibility={{ announcements, screenReaderInstructions: { draggable: B.instructions } }}
      >
        {/* `relative`: positioned text and icons in the cards stay inside the scroller instead of widening the page. */}
        <div className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:snap-none sm:px-0">
          {TASK_STATUSES.map((status) => (
            <BoardColumn key={status} status={status} count={counts[status]} list={lists[status]}>
              {byColumn[status].map((task) => (
                <BoardCard
                  key={task.id}
                  task={task}
                  control={control}
                  onOpen={onOpen}
                  hidden={dragged?.id === task.id}
                />
              ))}
            </BoardColumn>
          ))}
        </div>
        <DragOverlay dropAnimation={null}>
          {dragged ? <CardBody task={dragged} control={control} overlay /> : null}
        </DragOverlay>
      </DndContext>
    );

  return (
    <section aria-label={B.view} aria-busy={loading || refreshing}>
      <ResultCount busy={loading || refreshing} busyLabel={loading ? M.common.loading : M.lists.updating}>
        {loading ? null : T.showing(total, overall)}
      </ResultCount>
      <div className={cn('transition-opacity duration-200', refreshing && 'opacity-70')}>{body}</div>
    </section>
  );
}

function BoardColumn({
  status,
  count,
  list,
  children,
}: {
  status: TaskStatus;
  count: number;
  list: InfiniteList<TaskRow>;
  children: ReactNode[];
}) {
  const { setNodeRef, isOver } = useDroppable({ id: columnId(status), data: { status } satisfies DropData });
  const headingId = `board-column-${status}`;
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-column={status}
      className={cn(
        'flex w-[80vw] max-w-80 shrink-0 snap-start flex-col rounded-xl transition-colors sm:w-auto sm:max-w-none sm:min-w-60 sm:flex-1 sm:shrink',
        isOver ? 'bg-brand-50 ring-2 ring-brand-400' : 'bg-slate-100/80 ring-1 ring-slate-200',
      )}
    >
      <header className="flex items-center gap-2 px-3 pt-3 pb-2">
        <span aria-hidden className={cn('size-2 rounded-full', statusDot[status])} />
        <h2 id={headingId} className="text-sm font-semibold text-slate-800">
          {statusName(status)}
        </h2>
        {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the count badge names its number; axe accepts it and the e2e tests read it */}
        <span
          className="ml-auto rounded-full bg-white px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums ring-1 ring-slate-200"
          aria-label={B.count(count)}
        >
          {count}
        </span>
      </header>
      <ul className="flex min-h-28 flex-1 flex-col gap-2 px-2 pb-2">
        {children.length ? (
          children
        ) : (
          <li
            className={cn(
              'grid flex-1 place-items-center rounded-lg border border-dashed px-3 py-6 text-center text-xs',
              isOver ? 'border-brand-300 text-brand-700' : 'border-slate-300 text-slate-600',
            )}
          >
            {isOver ? B.dropHere : B.columnEmpty}
          </li>
        )}
      </ul>
      <LoadMore
        hasMore={list.hasMore}
        loading={list.loadingMore}
        failed={list.loadMoreFailed}
        onLoad={list.loadMore}
        className="px-2 pb-3"
      />
    </section>
  );
}

function BoardCard({
  task,
  control,
  onOpen,
  hidden,
}: {
  task: TaskRow;
  control: TaskStatusControl;
  onOpen: (task: TaskRow) => void;
  hidden: boolean;
}) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes } = useDraggable({
    id: `task:${task.id}`,
    data: { task } satisfies DragData,
  });
  return (
    <li
      ref={setNodeRef}
      {...listeners}
      // The keyboard starts a drag on the handle only (its own key handler); Space in the status menu stays the menu's.
      onKeyDown={undefined}
      // A click on the card's free space opens it (its title, handle and menu do their own job).
      onClick={(e) => !(e.target as Element).closest('a, input, select, textarea, label, button') && onOpen(task)}
      data-task-card={task.id}
      className={cn('cursor-grab touch-manipulation active:cursor-grabbing', hidden && 'opacity-40')}
    >
      <CardBody
        task={task}
        control={control}
        onOpen={() => onOpen(task)}
        handle={
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
            data-drag-handle
            aria-label={B.dragHandle(task.title)}
            title={B.dragHandle(task.title)}
            className="-mt-0.5 -mr-1 grid size-7 shrink-0 cursor-grab place-items-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
          >
            <GripVertical className="size-4" aria-hidden />
          </button>
        }
      />
    </li>
  );
}

function CardBody({
  task,
  control,
  onOpen,
  handle,
  overlay,
}: {
  task: TaskRow;
  control: TaskStatusControl;
  onOpen?: () => void;
  handle?: ReactNode;
  overlay?: boolean;
}) {
  const done = control.statusOf(task) === 'completed';
  return (
    <div
      className={cn(
        'rounded-lg bg-white p-3 shadow-xs ring-1 ring-slate-200 transition-shadow hover:shadow-sm hover:ring-slate-300',
        overlay && 'rotate-1 cursor-grabbing shadow-lg ring-brand-300',
      )}
    >
      <div className="flex items-start gap-2">
        <button
          type="button"
          data-card-title
          onClick={onOpen}
          tabIndex={overlay ? -1 : undefined}
          className={cn(
            'min-w-0 flex-1 rounded-sm text-left text-sm leading-5 font-medium break-words focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
            done ? 'text-slate-500 line-through decoration-slate-400' : 'text-slate-900 hover:text-brand-700',
          )}
        >
          {task.title}
        </button>
        {handle ?? <GripVertical className="size-4 shrink-0 text-slate-400" aria-hidden />}
      </div>
      {task.project && (
        <p className="mt-1 flex min-w-0 items-center gap-1 text-xs text-slate-500">
          <FolderKanban className="size-3.5 shrink-0 text-slate-400" aria-hidden />
          <span className="truncate">{task.project.name}</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <PriorityBadge priority={task.priority} />
        <InternalBadge task={task} />
        {task.dueDate && (
          <DueDate task={{ dueDate: task.dueDate, status: control.statusOf(task) }} className="text-xs" />
        )}
      </div>
      <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-2.5">
        {overlay ? <span className="h-7" /> : <StatusSelect task={task} control={control} />}
        <span className="min-w-0 text-xs text-slate-600">
          <Assignee task={task} compact />
        </span>
      </div>
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div aria-hidden className="flex gap-3 overflow-hidden">
      {TASK_STATUSES.map((s) => (
        <div
          key={s}
          className="w-[80vw] max-w-80 shrink-0 space-y-2 rounded-xl bg-slate-100/80 p-2 ring-1 ring-slate-200 sm:w-auto sm:max-w-none sm:min-w-60 sm:flex-1 sm:shrink"
        >
          <Skeleton className="m-1 h-5 w-24" />
          {Array.from({ length: 3 }, (_, i) => (
            <div key={i} className="space-y-2 rounded-lg bg-white p-3 ring-1 ring-slate-200">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/2" />
              <Skeleton className="h-5 w-16" />
            </div>
          ))}
        </div>
      ))}
    </div>
  );
}
