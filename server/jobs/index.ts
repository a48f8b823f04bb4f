import { notificationHandlers } from '../notifications/fanout';
import { JobRunner, type JobDeps, type JobRunnerOptions } from './queue';

/** The app's job runner with every handler. */
export const createJobRunner = (deps: JobDeps, options?: JobRunnerOptions) => new JobRunner(deps, notificationHandlers, options);
