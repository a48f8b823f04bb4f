import { exportHandlers, removeExpiredExports } from '../data/export-job';
import { notificationHandlers } from '../notifications/fanout';
import { JobRunner, type JobDeps, type JobRunnerOptions } from './queue';

/** The app's job runner with every handler, and the hourly clean-up of expired exports. */
export const createJobRunner = (deps: JobDeps, options?: JobRunnerOptions) =>
  new JobRunner(deps, { ...notificationHandlers, ...exportHandlers }, { maintenance: [removeExpiredExports], ...options });
