import { ENTITIES, RECORD_KINDS, type RecordKind } from '../entities';
import { nav } from './nav';
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
  /** Each record area's group, named as the navigation names it (shared/entities.ts). */
  kinds: Object.fromEntries(RECORD_KINDS.map((kind) => [kind, nav[ENTITIES[kind].label]])) as Record<
    RecordKind,
    string
  >,
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
