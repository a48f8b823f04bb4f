import * as T from './texts';

// Display names of the stored values (statuses, types, roles, priorities), apart from their sections so that a
// module that only names values (shared/activity-format.ts, on the hub's first screen) does not load whole sections.

export const companiesStatusLabels = {
  prospect: 'Prospect',
  onboarding: 'Onboarding',
  active: T.active,
  canceled: 'Canceled',
  paused: 'Paused',
  'at-risk': T.atRisk,
  inactive: 'Inactive',
} as const;

export const contactsRoleLabels = { executive: 'Executive', manager: 'Manager', contributor: 'Contributor' } as const;

export const documentsTypeLabels = {
  contract: 'Contract',
  agreement: 'Agreement',
  proposal: 'Proposal',
  invoice: 'Invoice',
  report: 'Report',
  other: 'Other',
} as const;

export const flowsTypeLabels = { onboard: 'Onboard', collect: 'Collect', inform: 'Inform' } as const;

/** The one vocabulary's words (shared/constants.ts PROJECT_STATUSES), then the older words older log entries hold. */
export const projectsStatusLabels = {
  draft: T.draft,
  waiting: T.waiting,
  approval: 'Approval',
  'in-progress': T.inProgress,
  'at-risk': T.atRisk,
  'on-hold': 'On Hold',
  complete: 'Complete',
  active: T.active,
  completed: T.completed,
} as const;

export const resourcesStatusLabels = {
  active: T.active,
  live: 'Live',
  pending: T.pending,
  planned: 'Planned',
  beta: 'Beta',
  deprecated: 'Deprecated',
} as const;

export const resourcesTypeLabels = {
  information: 'Information',
  tool: 'Tool',
  template: T.templateLabel,
  guideline: 'Guideline',
} as const;

export const tasksPriorityLabels = { low: 'Low', medium: 'Medium', high: 'High' } as const;

export const tasksStatusLabels = {
  pending: T.pending,
  'in-progress': T.inProgress,
  completed: T.completed,
  cancelled: 'Cancelled',
} as const;
