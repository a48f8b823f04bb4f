import { RECORD_KINDS, type RecordKind, type SearchOnlyKind } from '../entities';
import { areas } from './areas';
import * as F from './frames';
import * as T from './texts';

/** Global search: the command palette (Ctrl/Cmd-K) and search.query. */
export const search = {
  queryTooLong: (max: number) => `Search text must be ${max} characters or fewer.`,
  companyNotFound: T.companyNotInAgency,
  open: T.search,
  shortcut: F.searchShortcut,
  dialogTitle: T.search,
  placeholder: 'Search companies, contacts, projects, tasks, files, messages, comments…',
  hint: 'Type to search companies, contacts, projects, tasks, files, resources, flows, messages and comments.',
  noResults: (q: string) => `No results for “${q}”`,
  noResultsHint: T.tryFewerWords,
  loading: 'Searching…',
  failed: 'Search failed. Please try again.',
  quickActions: 'Quick actions',
  /** Each record area's group, named as the navigation names it (shared/entities.ts). */
  kinds: {
    ...(Object.fromEntries(RECORD_KINDS.map((kind) => [kind, areas[kind].label])) as Record<RecordKind, string>),
    thread: T.conversations,
    message: T.messagesLabel,
    reviewComment: T.reviewCommentsLabel,
  } satisfies Record<RecordKind | SearchOnlyKind, string>,
  /** A message or review comment result that is internal (staff only). */
  internalNote: T.internalNote,
  /** A message result's title: who wrote it, where. */
  messageTitle: (author: string, conversation: string) => `${author} in ${conversation}`,
  /** A review comment result's title: who wrote it, on which file. */
  reviewCommentTitle: T.xOnY,
  /** Each record area's quick action (shared/messages/areas.ts). */
  actions: Object.fromEntries(RECORD_KINDS.map((kind) => [kind, areas[kind].create])) as Record<RecordKind, string>,
  footer: { move: 'to move', open: 'to open', close: 'to close' },
} as const;
