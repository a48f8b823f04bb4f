import { RECORD_KINDS, type RecordKind } from '../entities';
import { areas } from './areas';
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
  kinds: Object.fromEntries(RECORD_KINDS.map((kind) => [kind, areas[kind].label])) as Record<RecordKind, string>,
  /** Each record area's quick action (shared/messages/areas.ts). */
  actions: Object.fromEntries(RECORD_KINDS.map((kind) => [kind, areas[kind].create])) as Record<RecordKind, string>,
  footer: { move: 'to move', open: 'to open', close: 'to close' },
} as const;
