// Which stored statuses count as what. The dashboard, the portal, reports and search all read these sets, so a
// number means the same on every screen. SQL builds its IN lists from them (never a copy of the values).
import { COMPANY_STATUSES, PROJECT_FILTER_STATUSES, PROJECT_STATUSES, TASK_PRIORITIES } from './constants';

type ProjectStatus = (typeof PROJECT_STATUSES)[number] | (typeof PROJECT_FILTER_STATUSES)[number];

/**
 * "Active Projects": work in flight. Draft (not started), on-hold and complete/completed are not active.
 * The forms store waiting, approval, in-progress and at-risk; the list filter and older rows also know active.
 */
export const ACTIVE_PROJECT_STATUSES = ['active', 'waiting', 'approval', 'in-progress', 'at-risk'] as const satisfies readonly ProjectStatus[];

/** Finished projects (the portal's "completed"; the forms store complete, the filter knows completed). */
export const FINISHED_PROJECT_STATUSES = ['complete', 'completed'] as const satisfies readonly ProjectStatus[];

/** "Pending Tasks" ("tasks in progress" under the count): every task not completed or cancelled. */
export const PENDING_TASK_STATUSES = ['pending', 'in-progress'] as const;

/** "Total Clients": every client company of the agency, prospects included (a new company starts as one). */
export const CLIENT_COMPANY_STATUSES = COMPANY_STATUSES;

/** Priorities in the order the dashboard lists them. */
export const PRIORITY_ORDER = ['high', 'medium', 'low'] as const satisfies readonly (typeof TASK_PRIORITIES)[number][];
