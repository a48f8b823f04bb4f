// Display names of the stored values (statuses, types, roles, priorities), apart from their sections so that a
// module that only names values (shared/activity-format.ts, on the hub's first screen) does not load whole sections.

export const companiesStatusLabels = {
  prospect: 'Prospect',
  onboarding: 'Onboarding',
  active: 'Active',
  canceled: 'Canceled',
  paused: 'Paused',
  'at-risk': 'At-risk',
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

export const projectsStatusLabels = {
  draft: 'Draft',
  active: 'Active',
  completed: 'Completed',
  'on-hold': 'On Hold',
  waiting: 'Waiting',
  approval: 'Approval',
  'in-progress': 'In Progress',
  'at-risk': 'At-risk',
  complete: 'Complete',
} as const;

export const resourcesStatusLabels = {
  active: 'Active',
  live: 'Live',
  pending: 'Pending',
  planned: 'Planned',
  beta: 'Beta',
  deprecated: 'Deprecated',
} as const;

export const resourcesTypeLabels = {
  information: 'Information',
  tool: 'Tool',
  template: 'Template',
  guideline: 'Guideline',
} as const;

export const tasksPriorityLabels = { low: 'Low', medium: 'Medium', high: 'High' } as const;

export const tasksStatusLabels = {
  pending: 'Pending',
  'in-progress': 'In Progress',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
