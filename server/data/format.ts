/**
 * The Clientflow export format (version 1): one zip, written by server/data/export.ts and read by
 * server/data/import-archive.ts. Both sides use the ENTITIES table below, so what is written is what is read.
 *
 *   manifest.json              written last: format, version, exportedAt, scope, business, entities (file names and
 *                              row counts) and files (path, size, sha256 of every stored file in the zip)
 *   data/business.json         one object: the agency's details and branding (no secrets)
 *   data/<entity>.json         a JSON array, one object per row, the columns below, in id order
 *   data/<entity>.csv          the same rows as CSV (header line = the columns; dates ISO 8601 UTC, booleans
 *                              true/false, empty cell = null), for spreadsheets: CRLF lines, no byte-order mark; a text
 *                              cell a spreadsheet would run as a formula (= + - @ …) starts with an apostrophe
 *                              (csvCell), so an import reads the JSON files, which hold every value as it is
 *   files/<documentId>/<name>  the stored bytes of each uploaded document (name: its original name, made safe)
 *   files/logo/<name>          the agency's logo, when it has one (agency exports only)
 *
 * Ids are the source installation's; an import gives every row a new id and rewrites the references (the `refs` of
 * each entity), so an export can go into any agency. Secrets are never exported: no password hashes, two-factor
 * secrets, sessions, API tokens, invites or notifications.
 */

export const EXPORT_FORMAT = 'clientflow-export';
export const EXPORT_VERSION = 1;

type ColumnType = 'int' | 'string' | 'text' | 'boolean' | 'date' | 'number' | 'json';

export type EntitySpec = {
  /** The file name under data/ (without .json/.csv) and the key of the manifest's counts. */
  name: EntityName;
  /** The Prisma model (delegate name = model with a lower-case first letter). */
  model: string;
  /** Columns, in the order the CSV lists them. `id` first when the model has one. */
  columns: Record<string, ColumnType>;
  /** Column → the entity whose id it holds (rewritten on import). */
  refs: Record<string, EntityName>;
  /** Rows are written in this order (keyset pagination over it). */
  orderBy: string[];
};

/**
 * Columns added to version 1 after its first exports (issues 27 and 29), with the value a row of
 * an export written before them takes: the behaviour of the installation that wrote it. Its projects were all shown
 * to their company's clients (a draft too; the importing installation's rule still hides drafts), and no task was
 * internal. A newer export always holds these columns; the version stays 1, since every reader of version 1 that
 * knows these columns reads both kinds.
 */
export const COLUMNS_OF_OLDER_EXPORTS: Partial<Record<EntityName, Record<string, boolean | null>>> = {
  projects: { visibleToClient: true },
  tasks: { internal: false },
  // Issue 29: a step of an older export has its flow type's shape (no type of its own, nothing added).
  flowSteps: { stepType: null, addedContent: false, addedFields: false },
};

export const ENTITY_NAMES = [
  'users',
  'companies',
  'contacts',
  'projects',
  'projectContacts',
  'tasks',
  'documents',
  'resources',
  'resourceDetails',
  'flows',
  'flowSteps',
  'flowFields',
  'flowSubmissions',
  'flowAnswers',
  'activities',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

/**
 * In dependency order: an entity only refers to entities before it, so an import creates them in this order.
 * - users: the team, for names and for matching assignees/uploaders/flow authors by e-mail on import (users are
 *   never created by an import; one not in the target agency leaves the reference empty).
 * - documents.file: the path of its bytes in the zip (files/<id>/<name>), or null for a link (url) without a file.
 * - flowAnswers.value: for a field of type "file", the id of the document it names (rewritten on import).
 * - activities: the log, exported for the record; an import does not replay it (its rows name old ids).
 */
export const ENTITIES: readonly EntitySpec[] = [
  {
    name: 'users',
    model: 'User',
    columns: { id: 'int', email: 'string', firstName: 'string', lastName: 'string', role: 'string', createdAt: 'date' },
    refs: {},
    orderBy: ['id'],
  },
  {
    name: 'companies',
    model: 'Company',
    columns: {
      id: 'int',
      name: 'string',
      industry: 'string',
      website: 'string',
      address: 'string',
      phone: 'string',
      status: 'string',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: {},
    orderBy: ['id'],
  },
  {
    name: 'contacts',
    model: 'Contact',
    columns: {
      id: 'int',
      companyId: 'int',
      firstName: 'string',
      lastName: 'string',
      email: 'string',
      phone: 'string',
      role: 'string',
      title: 'string',
      portalAccess: 'boolean',
      notifyByEmail: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { companyId: 'companies' },
    orderBy: ['id'],
  },
  {
    name: 'projects',
    model: 'Project',
    columns: {
      id: 'int',
      projectUid: 'string',
      companyId: 'int',
      name: 'string',
      description: 'text',
      status: 'string',
      priority: 'string',
      startDate: 'date',
      completionDate: 'date',
      totalHoursEstimated: 'number',
      totalHoursWorked: 'number',
      totalBilledCents: 'int',
      visibleToClient: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { companyId: 'companies' },
    orderBy: ['id'],
  },
  {
    name: 'projectContacts',
    model: 'ProjectContact',
    columns: { projectId: 'int', contactId: 'int' },
    refs: { projectId: 'projects', contactId: 'contacts' },
    orderBy: ['projectId', 'contactId'],
  },
  {
    name: 'tasks',
    model: 'Task',
    columns: {
      id: 'int',
      projectId: 'int',
      title: 'string',
      description: 'text',
      status: 'string',
      priority: 'string',
      dueDate: 'date',
      assigneeId: 'int',
      completedAt: 'date',
      internal: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { projectId: 'projects', assigneeId: 'users' },
    orderBy: ['id'],
  },
  {
    name: 'documents',
    model: 'Document',
    columns: {
      id: 'int',
      companyId: 'int',
      projectId: 'int',
      name: 'string',
      type: 'string',
      url: 'string',
      mimeType: 'string',
      originalName: 'string',
      size: 'int',
      uploadedById: 'int',
      visibleInPortal: 'boolean',
      createdAt: 'date',
      file: 'string',
    },
    refs: { companyId: 'companies', projectId: 'projects', uploadedById: 'users' },
    orderBy: ['id'],
  },
  {
    name: 'resources',
    model: 'Resource',
    columns: {
      id: 'int',
      companyId: 'int',
      projectId: 'int',
      title: 'string',
      description: 'text',
      type: 'string',
      status: 'string',
      visibleToClient: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { companyId: 'companies', projectId: 'projects' },
    orderBy: ['id'],
  },
  {
    name: 'resourceDetails',
    model: 'ResourceDetail',
    columns: { id: 'int', resourceId: 'int', key: 'string', value: 'text', position: 'int' },
    refs: { resourceId: 'resources' },
    orderBy: ['id'],
  },
  {
    name: 'flows',
    model: 'Flow',
    columns: {
      id: 'int',
      flowUid: 'string',
      companyId: 'int',
      createdById: 'int',
      name: 'string',
      description: 'text',
      workflowType: 'string',
      isActive: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { companyId: 'companies', createdById: 'users' },
    orderBy: ['id'],
  },
  {
    name: 'flowSteps',
    model: 'FlowStep',
    columns: {
      id: 'int',
      flowId: 'int',
      stepOrder: 'int',
      stepTitle: 'string',
      content: 'text',
      stepType: 'string',
      addedContent: 'boolean',
      addedFields: 'boolean',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { flowId: 'flows' },
    orderBy: ['id'],
  },
  {
    name: 'flowFields',
    model: 'FlowField',
    columns: {
      id: 'int',
      flowStepId: 'int',
      fieldLabel: 'string',
      fieldType: 'string',
      isRequired: 'boolean',
      options: 'json',
      helpText: 'text',
      order: 'int',
      createdAt: 'date',
    },
    refs: { flowStepId: 'flowSteps' },
    orderBy: ['id'],
  },
  {
    name: 'flowSubmissions',
    model: 'FlowSubmission',
    columns: {
      id: 'int',
      flowId: 'int',
      contactId: 'int',
      companyId: 'int',
      status: 'string',
      currentStep: 'int',
      completedAt: 'date',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: { flowId: 'flows', contactId: 'contacts', companyId: 'companies' },
    orderBy: ['id'],
  },
  {
    name: 'flowAnswers',
    model: 'FlowAnswer',
    columns: { id: 'int', submissionId: 'int', flowFieldId: 'int', value: 'text' },
    refs: { submissionId: 'flowSubmissions', flowFieldId: 'flowFields' },
    orderBy: ['id'],
  },
  {
    name: 'activities',
    model: 'Activity',
    columns: {
      id: 'int',
      actorType: 'string',
      actorUserId: 'int',
      actorContactId: 'int',
      actorName: 'string',
      entityType: 'string',
      entityId: 'int',
      entityName: 'string',
      companyId: 'int',
      action: 'string',
      changes: 'json',
      clientVisible: 'boolean',
      createdAt: 'date',
    },
    refs: {},
    orderBy: ['id'],
  },
];

/** data/business.json: the agency's own details (the keys of Business that are exported and imported). */
export const BUSINESS_COLUMNS = [
  'name',
  'slug',
  'email',
  'phone',
  'street1',
  'street2',
  'cityTown',
  'state',
  'zipcode',
  'country',
  'primaryColor',
  'secondaryColor',
  'buttonTextColor',
  'loginText',
  'logoName',
  'logoMime',
] as const;

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: string;
  scope: { kind: 'agency' } | { kind: 'company'; companyId: number; companyName: string };
  business: { name: string; slug: string };
  /** Per entity: its two files and its row count. */
  entities: { name: EntityName; json: string; csv: string; count: number }[];
  /** Every stored file in the zip; `logo` is files/logo/… or null. */
  files: ManifestFile[];
  logo: string | null;
};

export const jsonPath = (name: string) => `data/${name}.json`;
export const csvPath = (name: string) => `data/${name}.csv`;
export const MANIFEST_PATH = 'manifest.json';
export const BUSINESS_PATH = 'data/business.json';
