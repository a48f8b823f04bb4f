import * as T from './texts';

/** Global search: the command palette (Ctrl/Cmd-K) and search.query. */
export const search = {
  queryTooLong: (max: number) => `Search text must be ${max} characters or fewer.`,
  companyNotFound: T.companyNotInAgency,
  open: T.search,
  shortcut: 'Search or jump to… (Ctrl K)',
  dialogTitle: T.search,
  placeholder: 'Search companies, contacts, projects, tasks, files…',
  hint: 'Type to search companies, contacts, projects, tasks, files, resources and flows.',
  noResults: (q: string) => `No results for “${q}”`,
  noResultsHint: 'Try fewer or shorter words.',
  loading: 'Searching…',
  failed: 'Search failed. Please try again.',
  quickActions: 'Quick actions',
  kinds: {
    company: T.companies,
    contact: T.contacts,
    project: T.projects,
    task: T.tasks,
    file: T.files,
    resource: T.resources,
    flow: T.flows,
  },
  actions: {
    addCompany: 'Add company',
    addContact: 'Add contact',
    addProject: 'Add project',
    addTask: 'Add task',
    uploadFile: 'Upload file',
    addResource: 'Add resource',
    createFlow: 'Create flow',
  },
  footer: { move: 'to move', open: 'to open', close: 'to close' },
} as const;
