/** Tasks (server/domain/tasks): the list, one task, create/update/status/delete. */
import {
  taskCreateInput,
  taskIdInput,
  taskListInput,
  taskOutput,
  taskPageOutput,
  taskRemoveOutput,
  taskStatusInput,
  taskUpdateInput,
} from '../../shared/schemas/tasks';
import { createTask, getTask, listTasks, removeTask, setTaskStatus, updateTask } from '../domain/tasks';
import { router, staffProcedure } from '../trpc';

export const tasksRouter = router({
  list: staffProcedure
    .input(taskListInput)
    .output(taskPageOutput)
    .query(({ ctx, input }) => listTasks(ctx, input)),

  get: staffProcedure
    .input(taskIdInput)
    .output(taskOutput)
    .query(({ ctx, input }) => getTask(ctx, input)),

  create: staffProcedure
    .input(taskCreateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => createTask(ctx, input)),

  update: staffProcedure
    .input(taskUpdateInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => updateTask(ctx, input)),

  setStatus: staffProcedure
    .input(taskStatusInput)
    .output(taskOutput)
    .mutation(({ ctx, input }) => setTaskStatus(ctx, input)),

  remove: staffProcedure
    .input(taskIdInput)
    .output(taskRemoveOutput)
    .mutation(({ ctx, input }) => removeTask(ctx, input)),
});
