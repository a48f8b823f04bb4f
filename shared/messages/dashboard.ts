import * as T from './texts';

export const dashboard = {
  morning: 'Good morning',
  afternoon: 'Good afternoon',
  evening: 'Good evening',
  subtitle: "Here's what's happening with your business today.",
  activeProjects: T.activeProjects,
  /** Tasks not done: pending or in progress (shared/status.ts PENDING_TASK_STATUSES), as the task board shows them. */
  openTasks: 'Open tasks',
  totalClients: 'Total Clients',
  viewAllProjects: 'View all projects →',
  noProjects: T.noProjectsYet,
  unknownCompany: 'Unknown Company',
  tasksOverview: 'Tasks Overview',
  /** Under the open-task count: what it counts, in the task board's words. */
  openTasksLine: 'open tasks (pending or in progress)',
  highPriority: 'High Priority',
  mediumPriority: 'Medium Priority',
  lowPriority: 'Low Priority',
  viewAllTasks: 'View All Tasks',
  recentFiles: T.recentFiles,
  noFiles: T.noFilesYet,
  browseAllFiles: 'Browse all files →',
  unknownTime: 'Unknown time',
  /** A relative time within the last minute (client/src/features/dashboard/format.tsx relativeTime). */
  justNow: 'just now',
  recentCompanies: 'Recent Companies',
  recentContacts: 'Recent Contacts',
  noCompanies: T.noCompaniesYet,
  noContacts: T.noContactsYet,
  viewAllCompanies: 'View all companies →',
  viewAllContacts: 'View all contacts →',
  gettingStarted: 'Get started with Clientflow',
  gettingStartedText: 'Four steps to your first client in the portal.',
  checklist: {
    company: 'Add your first client company',
    contact: 'Add a contact at that company',
    portalAccess: 'Give a contact access to the client portal',
    branding: 'Set your portal branding',
  },
  /** Beside the checklist's "Import from CSV". */
  importHint: 'Have your clients in a spreadsheet already? Bring them in at once.',
  checklistDone: (done: number, total: number) => `${done} of ${total} done`,
  /** Read after a ticked step by screen readers (the strike-through is only visual). */
  stepDone: 'done',
  statsFailed: 'The numbers could not be loaded.',
} as const;
