import type { RecordKind } from '../entities';
import * as T from './texts';

/** What one record area says: the part of its registry entry (shared/entities.ts) that people read. */
export type AreaTexts = {
  /** The plural label: the navigation, the search groups and the activity filters show it. */
  label: string;
  /** The command palette's quick action that creates one. */
  create: string;
  /** The export archive's data files (server/data/format.ts) holding this kind's records and their parts, by label. */
  files: Record<string, string>;
};

/**
 * Each record area's texts, one entry per area of shared/entities.ts (the type check asks for the entry): the
 * navigation, the palette, the search groups, the activity filters and the import's list of files read them here.
 * Small, and free of the area's own section, so the hub's first-load module can import it.
 */
export const areas = {
  company: { label: T.companies, create: 'Add company', files: { companies: T.companies } },
  contact: { label: T.contacts, create: 'Add contact', files: { contacts: T.contacts } },
  project: {
    label: T.projects,
    create: 'Add project',
    files: { projects: T.projects, projectContacts: 'Project contacts' },
  },
  task: { label: T.tasks, create: T.addTaskLower, files: { tasks: T.tasks } },
  file: { label: T.files, create: 'Upload file', files: { documents: T.files } },
  resource: {
    label: T.resources,
    create: 'Add resource',
    files: { resources: T.resources, resourceDetails: T.resourceDetails },
  },
  flow: {
    label: T.flows,
    create: 'Create flow',
    files: {
      flows: T.flows,
      flowSteps: 'Flow steps',
      flowFields: 'Flow fields',
      flowSubmissions: 'Flow submissions',
      flowAnswers: 'Flow answers',
    },
  },
} as const satisfies Record<RecordKind, AreaTexts>;
