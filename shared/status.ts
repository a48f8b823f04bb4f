// Which stored statuses count as what. The dashboard, the portal, reports and search all read these sets, so a
// number means the same on every screen. SQL builds its IN lists from them (never a copy of the values).
import {
  COMPANY_STATUSES,
  type PROJECT_FILTER_STATUSES,
  PROJECT_STATUSES,
  type RESOURCE_TYPES,
  type TASK_PRIORITIES,
  type TASK_STATUSES,
} from './constants';

type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/**
 * "Active Projects": work in flight. Draft (not started), on hold and complete are not active. The list filter's
 * "All active" choice (the spec's `active` filter value) matches the same set.
 */
export const ACTIVE_PROJECT_STATUSES = [
  'waiting',
  'approval',
  'in-progress',
  'at-risk',
] as const satisfies readonly ProjectStatus[];

/**
 * The words older rows and older exports hold, as the status they became (migration 20261127034255; an archive
 * written before it is read with this table too).
 */
const OLDER_PROJECT_STATUS_OF = { active: 'in-progress', completed: 'complete' } as const satisfies Record<
  string,
  ProjectStatus
>;

/** A status as stored today: an older word becomes its current one, anything else stays as it is. */
export const currentProjectStatus = (status: string): string =>
  (OLDER_PROJECT_STATUS_OF as Record<string, string>)[status] ?? status;

/**
 * What the project list's status filter accepts: every status (the form's words), `active` (every in-flight
 * status, the dashboard's "Active Projects") and the spec's `completed` (the same as complete) for REST callers.
 */
export const PROJECT_LIST_STATUS_FILTERS = [...PROJECT_STATUSES, 'active', 'completed'] as const satisfies readonly (
  | ProjectStatus
  | (typeof PROJECT_FILTER_STATUSES)[number]
)[];
export type ProjectListStatusFilter = (typeof PROJECT_LIST_STATUS_FILTERS)[number];

/** The stored statuses a list filter value matches. */
export function projectStatusesFor(filter: ProjectListStatusFilter): readonly ProjectStatus[] {
  if (filter === 'active') return ACTIVE_PROJECT_STATUSES;
  return [currentProjectStatus(filter) as ProjectStatus];
}

/** Badge colours of a project status, the same in the hub and the portal. */
export const PROJECT_STATUS_TONE = {
  draft: 'gray',
  waiting: 'yellow',
  approval: 'purple',
  'in-progress': 'green',
  'at-risk': 'orange',
  'on-hold': 'gray',
  complete: 'blue',
} as const satisfies Record<ProjectStatus, string>;

/** A task counted as done in a project's progress ("tasks done out of total"). */
export const DONE_TASK_STATUSES = ['completed'] as const satisfies readonly (typeof TASK_STATUSES)[number][];

/** "Open tasks" on the dashboard: every task not completed or cancelled (pending or in progress). */
export const PENDING_TASK_STATUSES = ['pending', 'in-progress'] as const;

/** "Total Clients": every client company of the agency, prospects included (a new company starts as one). */
export const CLIENT_COMPANY_STATUSES = COMPANY_STATUSES;

/** Priorities in the order the dashboard lists them. */
export const PRIORITY_ORDER = ['high', 'medium', 'low'] as const satisfies readonly (typeof TASK_PRIORITIES)[number][];

/**
 * The resource list's type filter, mapped onto the stored types in this one place. Resources are stored as
 * 'information' or 'tool' (spec §4); the hub's route also takes template, guideline or tool (spec §2.1). A
 * template and a guideline are both information a client reads (neither is a stored type of its own), so both
 * match 'information'; 'tool' matches 'tool'. The stored types themselves match exactly.
 */
export const RESOURCE_TYPE_FILTER_MATCHES = {
  information: ['information'],
  tool: ['tool'],
  template: ['information'],
  guideline: ['information'],
} as const satisfies Record<string, readonly (typeof RESOURCE_TYPES)[number][]>;

/** What the resource list's type filter accepts: the stored types, then the route's words. */
export const RESOURCE_TYPE_FILTERS = [
  'information',
  'tool',
  'template',
  'guideline',
] as const satisfies readonly (keyof typeof RESOURCE_TYPE_FILTER_MATCHES)[];
export type ResourceTypeFilter = (typeof RESOURCE_TYPE_FILTERS)[number];

/** The stored types a resource type filter matches. */
export const resourceTypesFor = (filter: ResourceTypeFilter): readonly (typeof RESOURCE_TYPES)[number][] =>
  RESOURCE_TYPE_FILTER_MATCHES[filter];

/**
 * The client portal's statuses: the hub's own, one for one (issue 27: "The portal uses the same status words as the
 * hub"; this replaces spec §4's coarser portal set, whose "blocked" showed a cancelled task as a red "Blocked" and
 * whose "pending" named a draft). The portal's API spells them in snake_case (in_progress, at_risk, on_hold) and
 * shows them with the hub's words (shared/messages/labels.ts), so a status reads the same on both sides.
 * - Projects: every stored status keeps its name. A draft is never shown to a client (server/portal/visibility.ts);
 *   it is here only so the table covers every stored status.
 * - Tasks: pending, in_progress, completed, cancelled (grey).
 */
export const PORTAL_PROJECT_STATUSES = [
  'draft',
  'waiting',
  'approval',
  'in_progress',
  'at_risk',
  'on_hold',
  'complete',
] as const;
/** The portal's project filter: a status, or (REST callers of the spec) `active` (in flight) and `completed`. */
export const PORTAL_PROJECT_STATUS_FILTERS = [...PORTAL_PROJECT_STATUSES, 'active', 'completed'] as const;
export type PortalProjectStatus = (typeof PORTAL_PROJECT_STATUSES)[number];
export const PORTAL_TASK_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type PortalTaskStatus = (typeof PORTAL_TASK_STATUSES)[number];

export const PORTAL_PROJECT_STATUS_OF = {
  draft: 'draft',
  waiting: 'waiting',
  approval: 'approval',
  'in-progress': 'in_progress',
  'at-risk': 'at_risk',
  'on-hold': 'on_hold',
  complete: 'complete',
} as const satisfies Record<ProjectStatus, PortalProjectStatus>;

export const PORTAL_TASK_STATUS_OF = {
  pending: 'pending',
  'in-progress': 'in_progress',
  completed: 'completed',
  cancelled: 'cancelled',
} as const satisfies Record<(typeof TASK_STATUSES)[number], PortalTaskStatus>;

/** The hub's stored status a portal status names (the inverse of the tables above, one for one). */
const inverse = <K extends string, V extends string>(table: Record<K, V>) =>
  Object.fromEntries(Object.entries(table).map(([k, v]) => [v, k])) as Record<V, K>;
const STORED_PROJECT_STATUS_OF = inverse(PORTAL_PROJECT_STATUS_OF);
const STORED_TASK_STATUS_OF = inverse(PORTAL_TASK_STATUS_OF);

/** A stored project status in the portal's spelling (an unknown one reads as waiting: started, not finished). */
export const portalProjectStatus = (stored: string): PortalProjectStatus =>
  (PORTAL_PROJECT_STATUS_OF as Record<string, PortalProjectStatus>)[stored] ?? 'waiting';

/** A stored task status in the portal's spelling (an unknown one reads as pending). */
export const portalTaskStatus = (stored: string): PortalTaskStatus =>
  (PORTAL_TASK_STATUS_OF as Record<string, PortalTaskStatus>)[stored] ?? 'pending';

/** The stored task statuses a portal task status stands for. */
export const storedTaskStatusesFor = (status: PortalTaskStatus): (typeof TASK_STATUSES)[number][] => [
  STORED_TASK_STATUS_OF[status],
];

/** The stored project statuses a portal project filter stands for. */
export const storedProjectStatusesFor = (
  status: (typeof PORTAL_PROJECT_STATUS_FILTERS)[number],
): readonly ProjectStatus[] =>
  status === 'active' || status === 'completed' ? projectStatusesFor(status) : [STORED_PROJECT_STATUS_OF[status]];

/**
 * Badge colours of the portal: the hub's (PROJECT_STATUS_TONE) for projects; tasks as spec §4 (completed green, in
 * progress blue, pending yellow) and a cancelled task grey (issue 27), never red.
 */
export const PORTAL_PROJECT_STATUS_TONE = Object.fromEntries(
  Object.entries(PORTAL_PROJECT_STATUS_OF).map(([stored, portal]) => [
    portal,
    PROJECT_STATUS_TONE[stored as ProjectStatus],
  ]),
) as Record<PortalProjectStatus, (typeof PROJECT_STATUS_TONE)[ProjectStatus]>;
export const PORTAL_TASK_STATUS_TONE = {
  completed: 'green',
  in_progress: 'blue',
  pending: 'yellow',
  cancelled: 'gray',
} as const satisfies Record<PortalTaskStatus, string>;
export const PORTAL_PRIORITY_TONE = { high: 'red', medium: 'yellow', low: 'green' } as const satisfies Record<
  (typeof TASK_PRIORITIES)[number],
  string
>;
