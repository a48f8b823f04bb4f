/**
 * The agency's record areas, once: what each is called, where it opens, whether search finds it, which activity kind
 * it writes, where it sits in the hub's navigation and how it is created. The fan-out tables (search kinds, links,
 * activity kinds and labels, the hub's navigation on desktop and phone, the command palette, the export archive's
 * files, the access matrix's ids) are derived from here, so a new area is one entry (README: "Adding an area").
 * Kept free of the message catalogue so the hub's first-load module can import it: labels are keys of M.nav.
 */
import type { nav } from './messages/nav';

export const RECORD_KINDS = ['company', 'contact', 'project', 'task', 'file', 'resource', 'flow'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export type EntityDef = {
  /** The Prisma model holding the records. */
  model: 'Company' | 'Contact' | 'Project' | 'Task' | 'Document' | 'Resource' | 'Flow';
  /** The plural label, as the navigation, search groups and activity filters show it (a key of M.nav). */
  label: keyof typeof nav;
  /** The hub's list of this kind. */
  path: string;
  /** Where one record opens (lists without a page per record open it from a query parameter). */
  open: { by: 'id'; path: (id: number) => string } | { by: 'ref'; path: (ref: string) => string };
  /** Navigation: under a group (Clients, Work) or on its own; `bottomBar`: on the phone's bar rather than under More. */
  nav: { group?: 'clients' | 'work'; bottomBar?: boolean };
  /** The command palette's quick action that creates one (a key of M.search.actions) and where it opens. */
  create: { action: string; to: string };
  /** The tRPC router (namespace) whose `id` inputs name this model (the access matrix aims them at another agency). */
  router: string;
  /** The export archive's data files (server/data/format.ts) that hold this kind's records and their parts. */
  archive: readonly string[];
};

export const ENTITIES: Record<RecordKind, EntityDef> = {
  company: {
    model: 'Company',
    label: 'companies',
    path: '/hub/companies',
    open: { by: 'id', path: (id) => `/hub/companies/${id}` },
    nav: { group: 'clients', bottomBar: true },
    create: { action: 'addCompany', to: '/hub/companies?new=1' },
    router: 'companies',
    archive: ['companies'],
  },
  contact: {
    model: 'Contact',
    label: 'contacts',
    path: '/hub/contacts',
    open: { by: 'id', path: (id) => `/hub/contacts?contact=${id}` },
    nav: { group: 'clients', bottomBar: true },
    create: { action: 'addContact', to: '/hub/contacts?new=1' },
    router: 'contacts',
    archive: ['contacts'],
  },
  project: {
    model: 'Project',
    label: 'projects',
    path: '/hub/projects',
    open: { by: 'ref', path: (ref) => `/hub/projects/${encodeURIComponent(ref)}` },
    nav: { group: 'work', bottomBar: true },
    create: { action: 'addProject', to: '/hub/projects?new=1' },
    router: 'projects',
    archive: ['projects', 'projectContacts'],
  },
  task: {
    model: 'Task',
    label: 'tasks',
    path: '/hub/tasks',
    open: { by: 'id', path: (id) => `/hub/tasks?task=${id}` },
    nav: { group: 'work' },
    create: { action: 'addTask', to: '/hub/tasks?new=1' },
    router: 'tasks',
    archive: ['tasks'],
  },
  file: {
    model: 'Document',
    label: 'files',
    path: '/hub/documents',
    open: { by: 'id', path: (id) => `/hub/documents?file=${id}` },
    nav: {},
    create: { action: 'uploadFile', to: '/hub/documents?new=1' },
    router: 'documents',
    archive: ['documents'],
  },
  resource: {
    model: 'Resource',
    label: 'resources',
    path: '/hub/resources',
    open: { by: 'id', path: (id) => `/hub/resources?resource=${id}` },
    nav: {},
    create: { action: 'addResource', to: '/hub/resources/create' },
    router: 'resources',
    archive: ['resources', 'resourceDetails'],
  },
  flow: {
    model: 'Flow',
    label: 'flows',
    path: '/hub/flows',
    open: { by: 'ref', path: (ref) => `/hub/flows/${encodeURIComponent(ref)}` },
    nav: {},
    create: { action: 'createFlow', to: '/hub/flows?new=1' },
    router: 'flows',
    archive: ['flows', 'flowSteps', 'flowFields', 'flowSubmissions', 'flowAnswers'],
  },
};

const isRecordKind = (kind: string): kind is RecordKind => Object.hasOwn(ENTITIES, kind);

/** Where a record opens in the hub: one place for search results, notifications and the activity log. */
export function recordLink(kind: string, id: number | null | undefined, ref?: string | null): string | null {
  if (id == null || !isRecordKind(kind)) return null;
  const open = ENTITIES[kind].open;
  if (open.by === 'id') return open.path(id);
  return ref ? open.path(ref) : null;
}
