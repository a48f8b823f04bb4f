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
 *   files/<documentId>/v<n>/<name>  the bytes of an older version of it (issue 31)
 *   files/logo/<name>          the agency's logo, when it has one (agency exports only)
 *
 * Ids are the source installation's; an import gives every row a new id and rewrites the references (the `refs` of
 * each entity), so an export can go into any agency. Secrets are never exported: no password hashes, two-factor
 * secrets, sessions, API tokens, invites, notifications or e-mail reply tokens (ReplyToken). Nor saved views (SavedView): they are each user's list
 * preferences, and their queries name ids (a company or project filter) that an import gives new values, so a view
 * carried over would filter by the wrong record or by none.
 */

import { z } from 'zod';
import '../../shared/zod-messages';
import { companyFields } from '../../shared/schemas/companies';
import { contactFields, contactRoleSchema } from '../../shared/schemas/contacts';
import { documentNameSchema, documentTypeSchema, documentUrlText } from '../../shared/schemas/documents';
import { flowFieldFields, flowFields, flowStepFields, flowUidSchema, stepTypeSchema } from '../../shared/schemas/flows';
import { storedAnswerSchema, submissionStatusSchema } from '../../shared/schemas/portal-flows';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX, THREAD_KINDS } from '../../shared/schemas/messages';
import {
  APPROVAL_COMMENT_MAX,
  APPROVAL_MESSAGE_MAX,
  APPROVAL_MODES,
  APPROVAL_SEQUENCE_MAX,
  APPROVAL_STATUSES,
  APPROVAL_STEP_STATUSES,
} from '../../shared/schemas/approvals';
import { pinInput, REVIEW_COMMENT_MAX } from '../../shared/schemas/review-comments';
import { projectFields, projectUidSchema } from '../../shared/schemas/projects';
import {
  resourceDetailFields,
  resourceFields,
  resourceStatusSchema,
  resourceTypeSchema,
} from '../../shared/schemas/resources';
import { taskFields } from '../../shared/schemas/tasks';
import {
  flowTemplateRowFields,
  projectTemplateRowFields,
  projectTemplateTaskRowFields,
} from '../../shared/schemas/templates';
import { staffRoleSchema } from '../../shared/schemas/team';

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
  /**
   * References among `refs` that no foreign key holds, so the row named may be gone (a removed contact's decision keeps
   * their name, not their id): the export writes one empty unless the zip holds that row. An import checks them like
   * every reference.
   */
  softRefs?: readonly string[];
  /** Rows are written in this order (keyset pagination over it). */
  orderBy: string[];
  /**
   * Columns that may be null (the rest must have a value on import). A reference not listed is one a row cannot exist
   * without: pointing outside an export, the row is left out (export.ts); on import it must name a row (requiredRefs).
   */
  nullable?: readonly string[];
  /**
   * A company's export: the rows of this entity that are that client's (a Prisma `where`; the business is added).
   * Most areas: `byCompany`, the rows whose companyId is the company's.
   */
  company: (companyId: number) => Where;
  /**
   * The row as the app's own fields check it on import (its create calls' schemas without their defaults, and the
   * stored choices its output schemas read back): a value outside them never reaches the database, where one bad
   * status would break a list. Only the verdict is used: a row is written as exported (nothing trimmed or filled in).
   */
  row?: z.ZodObject;
  /**
   * Imported by the generic writer (server/data/import-commit.ts): every row created with a new id and its references
   * rewritten, and paired with the row it came from by this column. Entities with a writer of their own leave it out.
   */
  pairBy?: string;
  /**
   * Added to version 1 after its first exports: an export written before has no file of it, read as no rows (and
   * listed in a newer manifest like every other entity).
   */
  addedLater?: true;
};

/** A person's name kept on a row (a message's, a comment's or a decision's author): first and last name and a margin. */
const PERSON_NAME_MAX = 400;

/** A Prisma `where` of one entity's model. */
type Where = Record<string, unknown>;

/** The references of an entity a row cannot exist without (not nullable). */
export const requiredRefs = (spec: EntitySpec): string[] =>
  Object.keys(spec.refs).filter((column) => !(spec.nullable ?? []).includes(column));

/** A company's rows of an entity that names its company (companyId). */
const byCompany = (companyId: number): Where => ({ companyId });

/** Templates are the agency's, never one client's: a company export holds none (no row has id -1). */
const agencyOnly =
  (column = 'id') =>
  (): Where => ({ [column]: -1 });

/*
 * What a company export holds (EntitySpec.company): the client's own data (its contacts, projects and their tasks and
 * contacts, its files, resources, its flows and the agency-wide ones it submitted to, its submissions and their
 * answers, its activity, and only the staff those rows name). Submissions go by their own companyId only: a contact
 * who moved in from another client never brings that client's submissions or flows along.
 */
const projectOf = (c: number): Where => ({ project: { companyId: c } });
const documentsOf = (c: number): Where => ({ OR: [{ companyId: c }, projectOf(c)] });
const flowsOf = (c: number): Where => ({
  OR: [{ companyId: c }, { companyId: null, submissions: { some: { companyId: c } } }],
});
const submissionsOf = (c: number): Where => ({ companyId: c, flow: flowsOf(c) });

/**
 * Columns added to version 1 after its first exports (issues 27 and 29, and the company archive), with the value a row of
 * an export written before them takes: the behaviour of the installation that wrote it. Its projects were all shown
 * to their company's clients (a draft too; the importing installation's rule still hides drafts), and no task was
 * internal. A newer export always holds these columns; the version stays 1, since every reader of version 1 that
 * knows these columns reads both kinds.
 */
export const COLUMNS_OF_OLDER_EXPORTS: Partial<Record<EntityName, Record<string, boolean | number | null>>> = {
  // Exports written before companies could be archived hold live companies only.
  companies: { archivedAt: null },
  projects: { visibleToClient: true },
  tasks: { internal: false },
  // Issue 29: a step of an older export has its flow type's shape (no type of its own, nothing added).
  flowSteps: { stepType: null, addedContent: false, addedFields: false },
  // Issue 31: a file of an older export is at its version 1 (the import writes that version from the row).
  documents: { version: 1 },
};

export const ENTITY_NAMES = [
  'users',
  'companies',
  'contacts',
  'contactCompanies',
  'projects',
  'projectContacts',
  'tasks',
  'documents',
  'documentVersions',
  'resources',
  'resourceDetails',
  'flows',
  'flowSteps',
  'flowFields',
  'flowSubmissions',
  'flowAnswers',
  'flowTemplates',
  'projectTemplates',
  'projectTemplateTasks',
  'projectTemplateFlows',
  'messageThreads',
  'messages',
  'messageAttachments',
  'approvalRequests',
  'approvalSteps',
  'reviewComments',
  'activities',
] as const;
export type EntityName = (typeof ENTITY_NAMES)[number];

/**
 * In dependency order: an entity only refers to entities before it, so an import creates them in this order.
 * - users: the team, for names and for matching assignees/uploaders/flow authors by e-mail on import (users are
 *   never created by an import; one not in the target agency leaves the reference empty).
 * - documents.file: the path of its bytes in the zip (files/<id>/<name>), or null for a link (url) without a file.
 * - flowAnswers.value: for a field of type "file", the id of the document it names (rewritten on import).
 * - messageThreads, messages, messageAttachments (issue 30): the conversations, internal notes among them (`internal`
 *   kept, so a note stays staff-only wherever it goes) and deleted messages (`deletedAt`, body emptied). Not exported:
 *   a thread's singletonKey (an import makes it again from the thread's kind and its company's or project's new id),
 *   its derived times and "waiting" flag (recomputed from its messages on import), a message's e-mail Message-ID,
 *   who has read how far (MessageRead: an imported conversation starts unread) and the e-mail reply tokens.
 * - approvalRequests, approvalSteps, reviewComments (issue 31): the client's sign-offs and the comments on versions.
 *   A request keeps its status (pending, approved, changes requested, reset by a newer version, cancelled) and names
 *   the version it was about; each step keeps its whole decision record (who, when, from which address, the version's
 *   SHA-256, the comment). A comment keeps its pin, resolved state, `internal` flag (staff-only wherever it goes) and
 *   the top-level comment it answers (parentId). Not exported: the reminders' jobs (an import queues a pending
 *   request's reminder again) and the thumbnails' state.
 * - activities: the log, exported for the record; an import does not replay it (its rows name old ids).
 */
export const ENTITIES: readonly EntitySpec[] = [
  {
    name: 'users',
    model: 'User',
    columns: { id: 'int', email: 'string', firstName: 'string', lastName: 'string', role: 'string', createdAt: 'date' },
    refs: {},
    orderBy: ['id'],
    company: (c) => ({
      OR: [
        { assignedTasks: { some: projectOf(c) } },
        { documents: { some: documentsOf(c) } },
        { flows: { some: flowsOf(c) } },
        { messages: { some: { thread: { companyId: c } } } },
        { assignedThreads: { some: { companyId: c } } },
        { createdThreads: { some: { companyId: c } } },
        { uploadedVersions: { some: { document: documentsOf(c) } } },
        { approvalRequests: { some: { companyId: c } } },
        { reviewComments: { some: { document: documentsOf(c) } } },
      ],
    }),
    row: z.object({ role: staffRoleSchema }),
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
      archivedAt: 'date',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: {},
    orderBy: ['id'],
    // archivedAt: an archived company stays archived in the agency it moves to.
    nullable: ['industry', 'website', 'address', 'phone', 'archivedAt'],
    company: (c) => ({ id: c }),
    row: z.object(companyFields),
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
    nullable: ['companyId', 'phone', 'role', 'title'],
    company: byCompany,
    row: z.object({
      firstName: contactFields.firstName,
      lastName: contactFields.lastName,
      // An address no mailbox can have (RFC 5321: 320 characters at most) is no e-mail either.
      email: contactFields.email.refine((email) => email.length <= 320),
      phone: contactFields.phone,
      role: contactRoleSchema,
      title: contactFields.title,
    }),
  },
  {
    // Several companies per client login (issue 32): the other companies a contact's sign-in opens. A company export
    // holds the rows of its own contacts whose other company is in it too (none: it holds one company), so only an
    // agency export carries them; an import keeps at most LIMITS.companiesPerContact companies per contact.
    name: 'contactCompanies',
    model: 'ContactCompany',
    columns: { contactId: 'int', companyId: 'int', clientAdmin: 'boolean', createdAt: 'date' },
    refs: { contactId: 'contacts', companyId: 'companies' },
    orderBy: ['contactId', 'companyId'],
    company: (c) => ({ companyId: c, contact: { companyId: c } }),
    addedLater: true,
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
    nullable: [
      'companyId',
      'description',
      'startDate',
      'completionDate',
      'totalHoursEstimated',
      'totalHoursWorked',
      'totalBilledCents',
    ],
    company: byCompany,
    row: z.object({
      projectUid: projectUidSchema,
      name: projectFields.name,
      description: projectFields.description,
      // The current words, or the older ones an earlier export holds (written as their current word).
      status: projectFields.status,
      priority: taskFields.priority,
    }),
  },
  {
    name: 'projectContacts',
    model: 'ProjectContact',
    columns: { projectId: 'int', contactId: 'int' },
    refs: { projectId: 'projects', contactId: 'contacts' },
    orderBy: ['projectId', 'contactId'],
    // Both ends in the company: a contact of another company on this company's project stays out.
    company: (c) => ({ ...projectOf(c), contact: { companyId: c } }),
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
    nullable: ['projectId', 'description', 'dueDate', 'assigneeId', 'completedAt'],
    company: projectOf,
    row: z.object({
      title: taskFields.title,
      description: taskFields.description,
      status: taskFields.status,
      priority: taskFields.priority,
    }),
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
      version: 'int',
      createdAt: 'date',
      file: 'string',
    },
    refs: { companyId: 'companies', projectId: 'projects', uploadedById: 'users' },
    orderBy: ['id'],
    nullable: ['companyId', 'projectId', 'mimeType', 'originalName', 'uploadedById', 'file'],
    company: documentsOf,
    // No form sends a stored file's type, original name or path in the zip: their limits are the upload's.
    row: z.object({
      name: documentNameSchema,
      type: documentTypeSchema,
      url: documentUrlText,
      mimeType: z.string().max(255),
      originalName: z.string().max(255),
      file: z.string().max(1024),
      version: z.number().int().positive(),
    }),
  },
  {
    // Issue 31: every version of a file. The current one (number = the document's version) carries no file of its
    // own (its bytes are the document's); an older one's bytes are at files/<documentId>/v<number>/<name>.
    name: 'documentVersions',
    model: 'DocumentVersion',
    columns: {
      id: 'int',
      documentId: 'int',
      number: 'int',
      url: 'string',
      mimeType: 'string',
      originalName: 'string',
      size: 'int',
      sha256: 'string',
      uploadedById: 'int',
      uploadedByName: 'string',
      sharedWithClient: 'boolean',
      createdAt: 'date',
      file: 'string',
    },
    refs: { documentId: 'documents', uploadedById: 'users' },
    orderBy: ['id'],
    nullable: ['mimeType', 'originalName', 'sha256', 'uploadedById', 'uploadedByName', 'file'],
    company: (c) => ({ document: documentsOf(c) }),
    row: z.object({
      number: z.number().int().positive(),
      url: documentUrlText,
      mimeType: z.string().max(255),
      originalName: z.string().max(255),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      uploadedByName: z.string().max(255),
      file: z.string().max(1024),
    }),
    addedLater: true,
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
    nullable: ['projectId'],
    company: byCompany,
    row: z.object({ ...resourceFields, type: resourceTypeSchema, status: resourceStatusSchema }),
    pairBy: 'title',
  },
  {
    name: 'resourceDetails',
    model: 'ResourceDetail',
    columns: { id: 'int', resourceId: 'int', key: 'string', value: 'text', position: 'int' },
    refs: { resourceId: 'resources' },
    orderBy: ['id'],
    company: (c) => ({ resource: { companyId: c } }),
    row: z.object(resourceDetailFields),
    pairBy: 'key',
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
    nullable: ['companyId', 'createdById'],
    company: flowsOf,
    row: z.object({ flowUid: flowUidSchema, ...flowFields }),
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
    company: (c) => ({ flow: flowsOf(c) }),
    // Issue 29: a step of an older export has no type of its own (its flow type's shape).
    nullable: ['stepType'],
    row: z.object({ ...flowStepFields, stepType: stepTypeSchema }),
    pairBy: 'stepTitle',
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
    nullable: ['helpText'],
    company: (c) => ({ step: { flow: flowsOf(c) } }),
    // Options are stored JSON text (the calls take them parsed): at most twice what a call may send as text.
    row: z.object({ ...flowFieldFields, options: z.string().max(20_000) }),
    pairBy: 'fieldLabel',
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
    nullable: ['companyId', 'completedAt'],
    company: submissionsOf,
    row: z.object({ status: submissionStatusSchema }),
  },
  {
    name: 'flowAnswers',
    model: 'FlowAnswer',
    columns: { id: 'int', submissionId: 'int', flowFieldId: 'int', value: 'text' },
    refs: { submissionId: 'flowSubmissions', flowFieldId: 'flowFields' },
    orderBy: ['id'],
    company: (c) => ({ submission: submissionsOf(c) }),
    row: z.object({ value: storedAnswerSchema }),
  },
  // Templates (issue 29): flow templates (their steps as one JSON snapshot), project templates with their tasks and
  // the flow templates they start. An import skips a template whose name the agency already has (the starters).
  {
    name: 'flowTemplates',
    model: 'FlowTemplate',
    columns: {
      id: 'int',
      name: 'string',
      description: 'text',
      workflowType: 'string',
      steps: 'json',
      createdAt: 'date',
      updatedAt: 'date',
    },
    refs: {},
    orderBy: ['id'],
    company: agencyOnly(),
    row: z.object(flowTemplateRowFields),
    addedLater: true,
  },
  {
    name: 'projectTemplates',
    model: 'ProjectTemplate',
    columns: { id: 'int', name: 'string', description: 'text', createdAt: 'date', updatedAt: 'date' },
    refs: {},
    orderBy: ['id'],
    nullable: ['description'],
    company: agencyOnly(),
    row: z.object(projectTemplateRowFields),
    addedLater: true,
  },
  {
    name: 'projectTemplateTasks',
    model: 'ProjectTemplateTask',
    columns: {
      id: 'int',
      templateId: 'int',
      title: 'string',
      description: 'text',
      priority: 'string',
      dueOffsetDays: 'int',
      internal: 'boolean',
      position: 'int',
    },
    refs: { templateId: 'projectTemplates' },
    orderBy: ['id'],
    nullable: ['description', 'dueOffsetDays'],
    company: agencyOnly(),
    row: z.object(projectTemplateTaskRowFields),
    addedLater: true,
  },
  {
    name: 'projectTemplateFlows',
    model: 'ProjectTemplateFlow',
    columns: { projectTemplateId: 'int', flowTemplateId: 'int' },
    refs: { projectTemplateId: 'projectTemplates', flowTemplateId: 'flowTemplates' },
    orderBy: ['projectTemplateId', 'flowTemplateId'],
    company: agencyOnly('projectTemplateId'),
    addedLater: true,
  },
  // Messages (issue 30): a company's conversations are the client's (a company export holds them, notes included:
  // it goes to the agency's owner or admin, never to the client).
  {
    name: 'messageThreads',
    model: 'MessageThread',
    columns: {
      id: 'int',
      kind: 'string',
      subject: 'string',
      companyId: 'int',
      projectId: 'int',
      createdById: 'int',
      assigneeId: 'int',
      createdAt: 'date',
    },
    refs: { companyId: 'companies', projectId: 'projects', createdById: 'users', assigneeId: 'users' },
    orderBy: ['id'],
    nullable: ['subject', 'projectId', 'createdById', 'assigneeId'],
    company: byCompany,
    row: z.object({ kind: z.enum(THREAD_KINDS), subject: z.string().max(MESSAGE_SUBJECT_MAX) }),
    addedLater: true,
  },
  {
    name: 'messages',
    model: 'Message',
    columns: {
      id: 'int',
      threadId: 'int',
      authorKind: 'string',
      authorName: 'string',
      authorUserId: 'int',
      authorContactId: 'int',
      body: 'text',
      internal: 'boolean',
      editedAt: 'date',
      deletedAt: 'date',
      createdAt: 'date',
    },
    refs: { threadId: 'messageThreads', authorUserId: 'users', authorContactId: 'contacts' },
    orderBy: ['id'],
    // An author's link where it exists: a removed user or contact (or one outside a company export) leaves the name.
    nullable: ['authorUserId', 'authorContactId', 'editedAt', 'deletedAt'],
    company: (c) => ({ thread: { companyId: c } }),
    // A deleted message's body is empty (an empty text is kept as exported).
    row: z.object({
      authorKind: z.enum(['staff', 'contact']),
      authorName: z.string().max(PERSON_NAME_MAX),
      body: z.string().max(MESSAGE_BODY_MAX),
    }),
    addedLater: true,
  },
  {
    name: 'messageAttachments',
    model: 'MessageAttachment',
    columns: { id: 'int', messageId: 'int', documentId: 'int' },
    refs: { messageId: 'messages', documentId: 'documents' },
    orderBy: ['id'],
    company: (c) => ({ message: { thread: { companyId: c } }, document: documentsOf(c) }),
    pairBy: 'documentId',
    addedLater: true,
  },
  // Approvals and review comments (issue 31): a company's requests and the comments on its files' versions (internal
  // ones included: a company export goes to the agency's owner or admin, never to the client).
  {
    name: 'approvalRequests',
    model: 'ApprovalRequest',
    columns: {
      id: 'int',
      documentId: 'int',
      versionId: 'int',
      companyId: 'int',
      mode: 'string',
      message: 'text',
      dueAt: 'date',
      status: 'string',
      requestedById: 'int',
      requestedByName: 'string',
      remindedAt: 'date',
      decidedAt: 'date',
      createdAt: 'date',
    },
    refs: { documentId: 'documents', versionId: 'documentVersions', companyId: 'companies', requestedById: 'users' },
    orderBy: ['id'],
    nullable: ['message', 'dueAt', 'requestedById', 'remindedAt', 'decidedAt'],
    company: byCompany,
    row: z.object({
      mode: z.enum(APPROVAL_MODES),
      message: z.string().max(APPROVAL_MESSAGE_MAX),
      status: z.enum(APPROVAL_STATUSES),
      requestedByName: z.string().max(PERSON_NAME_MAX),
    }),
    addedLater: true,
  },
  {
    name: 'approvalSteps',
    model: 'ApprovalStep',
    columns: {
      id: 'int',
      requestId: 'int',
      contactId: 'int',
      position: 'int',
      status: 'string',
      decidedById: 'int',
      decidedByName: 'string',
      decidedAt: 'date',
      decidedIp: 'string',
      versionSha256: 'string',
      comment: 'text',
    },
    // contactId: the approver (none: any contact of the company); decidedById: the contact who decided.
    refs: { requestId: 'approvalRequests', contactId: 'contacts', decidedById: 'contacts' },
    softRefs: ['decidedById'],
    orderBy: ['id'],
    nullable: ['contactId', 'decidedById', 'decidedByName', 'decidedAt', 'decidedIp', 'versionSha256', 'comment'],
    company: (c) => ({ request: { companyId: c } }),
    row: z.object({
      position: z
        .number()
        .int()
        .min(0)
        .max(APPROVAL_SEQUENCE_MAX - 1),
      status: z.enum(APPROVAL_STEP_STATUSES),
      decidedByName: z.string().max(PERSON_NAME_MAX),
      // An IPv6 address with its zone is under 64 characters.
      decidedIp: z.string().max(100),
      versionSha256: z.string().regex(/^[0-9a-f]{64}$/),
      comment: z.string().max(APPROVAL_COMMENT_MAX),
    }),
    pairBy: 'position',
    addedLater: true,
  },
  {
    name: 'reviewComments',
    model: 'ReviewComment',
    columns: {
      id: 'int',
      documentId: 'int',
      versionId: 'int',
      parentId: 'int',
      authorKind: 'string',
      authorUserId: 'int',
      authorContactId: 'int',
      authorName: 'string',
      body: 'text',
      internal: 'boolean',
      pinPage: 'int',
      pinX: 'number',
      pinY: 'number',
      pinNumber: 'int',
      resolvedAt: 'date',
      resolvedByName: 'string',
      editedAt: 'date',
      deletedAt: 'date',
      createdAt: 'date',
    },
    refs: {
      documentId: 'documents',
      versionId: 'documentVersions',
      parentId: 'reviewComments',
      authorUserId: 'users',
      authorContactId: 'contacts',
    },
    orderBy: ['id'],
    nullable: [
      'parentId',
      'authorUserId',
      'authorContactId',
      'pinPage',
      'pinX',
      'pinY',
      'pinNumber',
      'resolvedAt',
      'resolvedByName',
      'editedAt',
      'deletedAt',
    ],
    company: (c) => ({ document: documentsOf(c) }),
    row: z.object({
      authorKind: z.enum(['staff', 'contact']),
      authorName: z.string().max(PERSON_NAME_MAX),
      body: z.string().max(REVIEW_COMMENT_MAX),
      // The pin's rules (shared/schemas/review-comments.ts pinInput): a point of the page, pages 1-based.
      pinPage: pinInput.shape.page,
      pinX: pinInput.shape.x,
      pinY: pinInput.shape.y,
      pinNumber: z.number().int().positive(),
      resolvedByName: z.string().max(PERSON_NAME_MAX),
    }),
    addedLater: true,
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
    company: byCompany,
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
