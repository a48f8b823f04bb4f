/**
 * The agency's record areas, once: what each is called, where it opens, whether search finds it, which activity kind
 * it writes, where it sits in the hub's navigation and how it is created. The fan-out tables (search kinds, links,
 * activity kinds and labels, the hub's navigation on desktop and phone, the command palette, the access matrix's
 * ids) are derived from here, so a new area is one entry (README: "Adding an area").
 * What people read of an area (its label, its quick action, its archive files' names) is its entry in
 * shared/messages/areas.ts, which the type check asks for; this table stays free of the catalogue.
 */

export const RECORD_KINDS = ['company', 'contact', 'project', 'task', 'file', 'resource', 'flow'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type EntityDef = {
  /** The Prisma model holding the records. */
  model: 'Company' | 'Contact' | 'Project' | 'Task' | 'Document' | 'Resource' | 'Flow';
  /** The hub's list of this kind. */
  path: string;
  /** Where one record opens (lists without a page per record open it from a query parameter). */
  open: { by: 'id'; path: (id: number) => string } | { by: 'ref'; path: (ref: string) => string };
  /** Navigation: under a group (Clients, Work) or on its own; `bottomBar`: on the phone's bar rather than under More. */
  nav: { group?: 'clients' | 'work'; bottomBar?: boolean };
  /** Where the command palette's quick action that creates one opens (its text: shared/messages/areas.ts). */
  create: { to: string };
  /** The tRPC router (namespace) whose `id` inputs name this model (the access matrix aims them at another agency). */
  router: string;
};

export const ENTITIES: Record<RecordKind, EntityDef> = {
  company: {
    model: 'Company',
    path: '/hub/companies',
    open: { by: 'id', path: (id) => `/hub/companies/${id}` },
    nav: { group: 'clients', bottomBar: true },
    create: { to: '/hub/companies?new=1' },
    router: 'companies',
  },
  contact: {
    model: 'Contact',
    path: '/hub/contacts',
    open: { by: 'id', path: (id) => `/hub/contacts?contact=${id}` },
    nav: { group: 'clients', bottomBar: true },
    create: { to: '/hub/contacts?new=1' },
    router: 'contacts',
  },
  project: {
    model: 'Project',
    path: '/hub/projects',
    open: { by: 'ref', path: (ref) => `/hub/projects/${encodeURIComponent(ref)}` },
    nav: { group: 'work', bottomBar: true },
    create: { to: '/hub/projects?new=1' },
    router: 'projects',
  },
  task: {
    model: 'Task',
    path: '/hub/tasks',
    open: { by: 'id', path: (id) => `/hub/tasks?task=${id}` },
    nav: { group: 'work' },
    create: { to: '/hub/tasks?new=1' },
    router: 'tasks',
  },
  file: {
    model: 'Document',
    path: '/hub/documents',
    open: { by: 'id', path: (id) => `/hub/documents?file=${id}` },
    nav: {},
    create: { to: '/hub/documents?new=1' },
    router: 'documents',
  },
  resource: {
    model: 'Resource',
    path: '/hub/resources',
    open: { by: 'id', path: (id) => `/hub/resources?resource=${id}` },
    nav: {},
    create: { to: '/hub/resources/create' },
    router: 'resources',
  },
  flow: {
    model: 'Flow',
    path: '/hub/flows',
    open: { by: 'ref', path: (ref) => `/hub/flows/${encodeURIComponent(ref)}` },
    nav: {},
    create: { to: '/hub/flows?new=1' },
    router: 'flows',
  },
};

/**
 * What search finds besides the record areas: conversations by their subject, messages and review comments by their
 * text. They are no area of their own (no list of records, navigation entry, quick action or archive file: a message
 * lives in its conversation, a comment on a version of a file), so they are sources of search, and of the log's links,
 * only. A conversation and a message open in the conversation, whose id is the search entry's (and the activity
 * entry's) ref; a review comment opens its file's viewer on its version (ref: '<file id>/<version number>'),
 * focused on the comment.
 */
export const SEARCH_ONLY_KINDS = ['thread', 'message', 'reviewComment'] as const;
export type SearchOnlyKind = (typeof SEARCH_ONLY_KINDS)[number];

/** The hub's documents page opens its viewer from these parameters (client/src/features/documents/DocumentsPage.tsx). */
const reviewCommentQuery = (ref: string, commentId: number) => {
  const [file = '', version = ''] = ref.split('/');
  return `view=${encodeURIComponent(file)}&version=${encodeURIComponent(version)}&comment=${commentId}`;
};

const SEARCH_SOURCES: Record<
  SearchOnlyKind,
  {
    model: 'MessageThread' | 'Message' | 'ReviewComment';
    open: { by: 'ref'; path: (ref: string, id: number) => string };
  }
> = {
  thread: { model: 'MessageThread', open: { by: 'ref', path: (ref) => `/hub/messages/${encodeURIComponent(ref)}` } },
  message: { model: 'Message', open: { by: 'ref', path: (ref) => `/hub/messages/${encodeURIComponent(ref)}` } },
  reviewComment: {
    model: 'ReviewComment',
    open: { by: 'ref', path: (ref, id) => `/hub/documents?${reviewCommentQuery(ref, id)}` },
  },
};

/** Where a conversation opens in the portal, relative to /portal/{slug}/ (a search result, a message's entry). */
export const portalThreadPath = (threadId: number | string) => `messages/${encodeURIComponent(String(threadId))}`;

/** Where a review comment opens in the portal, relative to /portal/{slug}/: its file's viewer on its version. */
export const portalReviewCommentPath = (ref: string, commentId: number) =>
  `files?${reviewCommentQuery(ref, commentId)}`;

const isRecordKind = (kind: string): kind is RecordKind => Object.hasOwn(ENTITIES, kind);
const isSearchOnlyKind = (kind: string): kind is SearchOnlyKind => Object.hasOwn(SEARCH_SOURCES, kind);

/** Where a record opens in the hub: one place for search results, notifications and the activity log. */
export function recordLink(kind: string, id: number | null | undefined, ref?: string | null): string | null {
  if (id == null) return null;
  if (isSearchOnlyKind(kind)) return ref ? SEARCH_SOURCES[kind].open.path(ref, id) : null;
  if (!isRecordKind(kind)) return null;
  const open = ENTITIES[kind].open;
  if (open.by === 'id') return open.path(id);
  return ref ? open.path(ref) : null;
}
