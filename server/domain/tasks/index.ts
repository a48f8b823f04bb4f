/**
 * Tasks: the list (keyset SQL, names for the page's rows only), one task, create/update/status/delete with their
 * activity entries. A task's project and assignee must be the agency's own (else NOT_FOUND, like missing ones).
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../../shared/messages';
import type { z } from 'zod';
import type {
  taskCreateInput,
  taskIdInput,
  taskListInput,
  taskStatusInput,
  taskUpdateInput,
} from '../../../shared/schemas/tasks';
import { notFoundOn } from '../../errors';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../../shared/constants';
import { taskSorts } from '../../../shared/schemas/tasks';
import {
  byColumns,
  byRank,
  nullsLast,
  containsText,
  sortedPage,
  listSort,
  type SortSegment,
} from '../../lib/pagination';
import { sql, TENANT, toBool, toDate, toInt, type Row, type Sql, type SqlRunner } from '../../sql';
import type { Prisma } from '../../generated/sqlite/client';
import type { StaffScope, TenantScope } from '../context';
import { changesOf, recordActivity, staffActor, type ActivityWriter } from '../../activity';
import type { ActivityChange } from '../../../shared/activity';

const taskColumns = sql`t."id", t."title", t."description", t."status", t."priority", t."dueDate", t."projectId", t."assigneeId", t."internal", t."createdAt"`;

/** The project's name and uid and the assignee's names of a task row `r` (indexed (businessId, id) look-ups). */
const namesOf = (r: Sql) => sql`
  (SELECT pr."name" FROM "Project" pr WHERE pr."businessId" = ${TENANT} AND pr."id" = ${r}."projectId") AS "projectName",
  (SELECT pr."projectUid" FROM "Project" pr WHERE pr."businessId" = ${TENANT} AND pr."id" = ${r}."projectId") AS "projectUid",
  (SELECT u."firstName" FROM "User" u WHERE u."businessId" = ${TENANT} AND u."id" = ${r}."assigneeId") AS "assigneeFirstName",
  (SELECT u."lastName" FROM "User" u WHERE u."businessId" = ${TENANT} AND u."id" = ${r}."assigneeId") AS "assigneeLastName"`;

/** The due day as the API answers it: 'yyyy-mm-dd' (stored as that day's UTC midnight). */
const dayOf = (value: unknown) => (value == null ? null : toDate(value).toISOString().slice(0, 10));

/** A due day as stored. */
const dueDateValue = (day: string | null | undefined) => (day == null ? day : new Date(`${day}T00:00:00.000Z`));

const taskFromRow = (r: Row) => {
  const projectId = r.projectId == null ? null : toInt(r.projectId);
  const assignedTo = r.assigneeId == null ? null : toInt(r.assigneeId);
  return {
    id: toInt(r.id),
    title: String(r.title),
    description: (r.description as string | null) ?? null,
    status: String(r.status),
    priority: String(r.priority),
    dueDate: dayOf(r.dueDate),
    projectId,
    project:
      projectId !== null && r.projectName != null
        ? { id: projectId, name: String(r.projectName), projectUid: String(r.projectUid) }
        : null,
    assignedTo,
    assignee:
      assignedTo !== null && r.assigneeFirstName != null
        ? { id: assignedTo, firstName: String(r.assigneeFirstName), lastName: String(r.assigneeLastName) }
        : null,
    internal: toBool(r.internal),
    createdAt: toDate(r.createdAt),
  };
};

async function readTask(db: SqlRunner, id: number) {
  const row = await db.get(
    sql`SELECT ${taskColumns}, ${namesOf(sql`t`)} FROM "Task" t WHERE t."businessId" = ${TENANT} AND t."id" = ${id}`,
  );
  return row ? taskFromRow(row) : null;
}

const notFound = (): never => {
  throw new TRPCError({ code: 'NOT_FOUND', message: M.tasks.notFound });
};

/**
 * The project and the assignee a task names must be the session agency's own (another agency's row looks exactly
 * like a missing one: NOT_FOUND). Both look-ups run together; undefined/null skip a check.
 */
async function requireOwnRows(
  db: SqlRunner,
  { projectId, assigneeId }: { projectId?: number | null; assigneeId?: number | null },
) {
  const [project, user] = await Promise.all([
    projectId == null
      ? true
      : db.get(sql`SELECT 1 AS "ok" FROM "Project" WHERE "businessId" = ${TENANT} AND "id" = ${projectId}`),
    assigneeId == null
      ? true
      : db.get(sql`SELECT 1 AS "ok" FROM "User" WHERE "businessId" = ${TENANT} AND "id" = ${assigneeId}`),
  ]);
  if (!project) throw new TRPCError({ code: 'NOT_FOUND', message: M.tasks.projectNotFound });
  if (!user) throw new TRPCError({ code: 'NOT_FOUND', message: M.tasks.assigneeNotFound });
}

type TaskTx = ActivityWriter & {
  task: {
    findUnique(args: { where: { id: number }; select: typeof taskStateSelect }): PromiseLike<TaskStateRow | null>;
  };
};
const taskStateSelect = {
  title: true,
  description: true,
  status: true,
  priority: true,
  dueDate: true,
  projectId: true,
  assigneeId: true,
  internal: true,
  project: { select: { name: true, companyId: true } },
  assignee: { select: { firstName: true, lastName: true } },
} as const;
type TaskStateRow = Prisma.TaskGetPayload<{ select: typeof taskStateSelect }>;

/**
 * Task.completedAt follows the status on every write: now when it becomes 'completed', null when it leaves it,
 * untouched otherwise (a completed task's later edits keep its completion time; the reports count by it).
 */
const completedAtFor = (before: string | null, after: string | undefined) =>
  after === undefined || after === before ? {} : { completedAt: after === 'completed' ? new Date() : null };

const personName = (p: { firstName: string; lastName: string } | null) =>
  p ? `${p.firstName} ${p.lastName}`.trim() : null;

/** What changed on a task, old → new: its own fields, and its project and assignee by name (the assignee's ids too). */
function taskChanges(before: TaskStateRow | null, after: TaskStateRow): ActivityChange[] {
  const changes = changesOf(before, after, ['title', 'description', 'status', 'priority', 'dueDate', 'internal']);
  if ((before?.projectId ?? null) !== after.projectId)
    changes.push({ field: 'project', from: before?.project?.name ?? null, to: after.project?.name ?? null });
  if ((before?.assigneeId ?? null) !== after.assigneeId) {
    changes.push({
      field: 'assignee',
      from: personName(before?.assignee ?? null),
      to: personName(after.assignee),
      fromId: before?.assigneeId ?? null,
      toId: after.assigneeId,
    });
  }
  return changes;
}

/** Logs a task's creation or change (in the write's transaction); nothing when an update changed nothing. */
async function logTask(
  tx: TaskTx,
  ctx: Pick<StaffScope, 'businessId' | 'user'>,
  id: number,
  before: TaskStateRow | null,
) {
  const after = await tx.task.findUnique({ where: { id }, select: taskStateSelect });
  if (!after) return;
  const changes = taskChanges(before, after);
  if (before && changes.length === 0) return;
  await recordActivity(tx, ctx.businessId, staffActor(ctx.user), {
    entityType: 'task',
    entityId: id,
    entityName: after.title,
    companyId: after.project?.companyId ?? null,
    action: before ? 'updated' : 'created',
    changes,
  });
}

/** Who writes: the agency's clients and the staff user the activity log names. */
type Writer = Pick<StaffScope, 'businessId' | 'db' | 'sql' | 'user'>;

/** Each sort over its (businessId, key, id) index; tasks without a due date last; priority and status in the spec's order. */
const taskSortSegments: Record<(typeof taskSorts.keys)[number], SortSegment[]> = {
  dueDate: nullsLast(sql`t."dueDate"`, 'date'),
  priority: byRank(sql`t."priority"`, TASK_PRIORITIES),
  status: byRank(sql`t."status"`, TASK_STATUSES),
  created: byColumns({ expr: sql`t."createdAt"`, type: 'date' }),
};

const taskSort = listSort(taskSorts, taskSortSegments, { column: 'createdAt', direction: 'desc' });

/** The agency's tasks, newest first unless another sort is asked for, by search, project, status, priority and assignee ('none': unassigned). */
export async function listTasks(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof taskListInput>) {
  const { search, projectId, status, priority, assigneeId } = input;
  const filters: Sql[] = [];
  if (search)
    filters.push(
      sql`(${containsText(scope.sql, sql`t."title"`, search)} OR ${containsText(scope.sql, sql`t."description"`, search)})`,
    );
  if (projectId !== undefined) filters.push(sql`t."projectId" = ${projectId}`);
  if (status) filters.push(sql`t."status" = ${status}`);
  if (priority) filters.push(sql`t."priority" = ${priority}`);
  if (assigneeId === 'none') filters.push(sql`t."assigneeId" IS NULL`);
  else if (assigneeId !== undefined) filters.push(sql`t."assigneeId" = ${assigneeId}`);
  const [, page] = await Promise.all([
    // A filter naming another agency's project or user is refused, not answered with an empty page.
    requireOwnRows(scope.sql, { projectId, assigneeId: typeof assigneeId === 'number' ? assigneeId : undefined }),
    sortedPage(scope.sql, {
      table: 'Task',
      columns: taskColumns,
      filters,
      sort: taskSort(input),
      // Names for the page's rows only (no N+1 round trips, no join over the whole table).
      pageExtras: namesOf(sql`p`),
      limit: input.limit,
      cursor: input.cursor,
      withOverall: input.withOverall,
      map: taskFromRow,
    }),
  ]);
  return page;
}

export async function getTask(scope: Pick<TenantScope, 'sql'>, input: z.output<typeof taskIdInput>) {
  return (await readTask(scope.sql, input.id)) ?? notFound();
}

export async function createTask(scope: Writer, input: z.output<typeof taskCreateInput>) {
  const { dueDate, assigneeId, ...fields } = input;
  await requireOwnRows(scope.sql, { projectId: fields.projectId, assigneeId });
  const task = await scope.db.$transaction(async (tx) => {
    const created = await tx.task.create({
      data: {
        ...fields,
        ...completedAtFor(null, fields.status),
        dueDate: dueDateValue(dueDate),
        assigneeId: assigneeId ?? null,
        businessId: scope.businessId,
      },
      select: { id: true },
    });
    await logTask(tx, scope, created.id, null);
    return created;
  });
  return (await readTask(scope.sql, task.id)) ?? notFound();
}

/** Only the given fields change; the project and the assignee must be the agency's own. */
export async function updateTask(scope: Writer, input: z.output<typeof taskUpdateInput>) {
  const { id, dueDate, ...fields } = input;
  await requireOwnRows(scope.sql, fields);
  await scope.db.$transaction(async (tx) => {
    const before = (await tx.task.findUnique({ where: { id }, select: taskStateSelect })) ?? notFound();
    await tx.task
      .update({
        where: { id },
        data: { ...fields, ...completedAtFor(before.status, fields.status), dueDate: dueDateValue(dueDate) },
        select: { id: true },
      })
      .catch(notFoundOn(M.tasks.notFound));
    await logTask(tx, scope, id, before);
  });
  return (await readTask(scope.sql, id)) ?? notFound();
}

/** The one-click status change and the board's move. */
export async function setTaskStatus(scope: Writer, input: z.output<typeof taskStatusInput>) {
  await scope.db.$transaction(async (tx) => {
    const before = (await tx.task.findUnique({ where: { id: input.id }, select: taskStateSelect })) ?? notFound();
    await tx.task
      .update({
        where: { id: input.id },
        data: { status: input.status, ...completedAtFor(before.status, input.status) },
        select: { id: true },
      })
      .catch(notFoundOn(M.tasks.notFound));
    await logTask(tx, scope, input.id, before);
  });
  return (await readTask(scope.sql, input.id)) ?? notFound();
}

export async function removeTask(scope: Writer, input: z.output<typeof taskIdInput>) {
  await scope.db.$transaction(async (tx) => {
    const before = (await tx.task.findUnique({ where: { id: input.id }, select: taskStateSelect })) ?? notFound();
    await tx.task.delete({ where: { id: input.id }, select: { id: true } }).catch(notFoundOn(M.tasks.notFound));
    await recordActivity(tx, scope.businessId, staffActor(scope.user), {
      entityType: 'task',
      entityId: input.id,
      entityName: before.title,
      companyId: before.project?.companyId ?? null,
      action: 'deleted',
    });
  });
  return { ok: true as const };
}
