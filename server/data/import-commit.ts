/**
 * The commit of an analysed export (server/data/import-analysis.ts): the stored files are streamed into FileStorage,
 * then every row is created in one transaction with new ids and its references rewritten; if anything fails, the
 * files written are removed again. An entity with rules of its own (duplicates, new public ids, stored files) has its
 * own typed insert below, so Prisma checks every column it is given; the others (format.ts `pairBy`) go through one
 * generic insert: every column of format.ts (checkRow checked each), the business, and the references rewritten.
 */
import { LIMITS } from '../../shared/constants';
import { M } from '../../shared/messages';
import { TEMPLATE_LIMITS } from '../../shared/schemas/templates';
import type { ImportSummary } from '../../shared/schemas/data';
import { websiteSchema } from '../../shared/schemas/companies';
import { documentDownloadPath } from '../../shared/schemas/documents';
import { currentProjectStatus } from '../../shared/status';
import { recordActivity, type Actor } from '../activity';
import type { Db } from '../db';
import { assertStorageQuota, type QuotaEnv } from '../files/quota';
import type { FileStorage } from '../files/storage';
import type {
  ApprovalRequest,
  ApprovalStep,
  Company,
  Contact,
  Document,
  DocumentVersion,
  Flow,
  FlowAnswer,
  FlowField,
  FlowStep,
  FlowSubmission,
  FlowTemplate,
  Message,
  MessageAttachment,
  MessageThread,
  Project,
  Prisma,
  ProjectContact,
  ContactCompany,
  ProjectTemplate,
  ProjectTemplateFlow,
  ProjectTemplateTask,
  ReviewComment,
  Task,
  User,
} from '../generated/sqlite/client';
import { log } from '../log';
import { ENTITIES, requiredRefs, type EntityName, type EntitySpec } from './format';
import { sameName, templateNames, type Analysis } from './import-analysis';
import type { Archive } from './import-archive';
import { ImportFileError, ImportIssuesError, transactionRefusal } from './import-csv';
import { DOWNLOAD_PATH, IMPORTED, nameKey, type Row } from './import-rows';
import { recordMissingFirstVersions } from '../domain/documents/versions';
import { queueReminder } from '../domain/approvals';

const I = M.data.import;

const CHUNK = 200;

/** documentDownloadPath(id) around the id, for the one UPDATE that sets the urls of imported files. */
const [DOWNLOAD_PREFIX, DOWNLOAD_SUFFIX] = documentDownloadPath(0).split(/(?<=\/)0(?=\/)/);

/**
 * The rows of an export without issues, as checkRow left them: every column of format.ts there, of its type (dates as
 * Date, json as text), null only where it may be. Ids are the export's.
 */
type ArchiveRows = {
  users: Pick<User, 'id' | 'email' | 'firstName' | 'lastName' | 'role' | 'createdAt'>[];
  companies: Pick<
    Company,
    'id' | 'name' | 'industry' | 'website' | 'address' | 'phone' | 'status' | 'archivedAt' | 'createdAt' | 'updatedAt'
  >[];
  contacts: Omit<Contact, 'businessId' | 'portalPasswordHash'>[];
  projects: Omit<Project, 'businessId'>[];
  projectContacts: Pick<ProjectContact, 'projectId' | 'contactId'>[];
  contactCompanies: Pick<ContactCompany, 'contactId' | 'companyId' | 'clientAdmin' | 'createdAt'>[];
  tasks: Omit<Task, 'businessId'>[];
  documents: (Pick<
    Document,
    | 'id'
    | 'companyId'
    | 'projectId'
    | 'name'
    | 'type'
    | 'url'
    | 'mimeType'
    | 'originalName'
    | 'size'
    | 'uploadedById'
    | 'visibleInPortal'
    | 'version'
    | 'createdAt'
  > & { file: string | null })[];
  documentVersions: (Omit<
    DocumentVersion,
    'businessId' | 'storageKey' | 'previewStatus' | 'thumbKey' | 'thumbHash' | 'width' | 'height' | 'pageCount'
  > & { file: string | null })[];
  flows: Omit<Flow, 'businessId'>[];
  flowSteps: Omit<FlowStep, 'businessId'>[];
  flowFields: Omit<FlowField, 'businessId'>[];
  flowSubmissions: Omit<FlowSubmission, 'businessId'>[];
  flowAnswers: Omit<FlowAnswer, 'businessId'>[];
  flowTemplates: Omit<FlowTemplate, 'businessId'>[];
  projectTemplates: Omit<ProjectTemplate, 'businessId'>[];
  projectTemplateTasks: Omit<ProjectTemplateTask, 'businessId'>[];
  projectTemplateFlows: Omit<ProjectTemplateFlow, 'businessId'>[];
  messageThreads: Pick<
    MessageThread,
    'id' | 'kind' | 'subject' | 'companyId' | 'projectId' | 'createdById' | 'assigneeId' | 'createdAt'
  >[];
  messages: Omit<Message, 'businessId' | 'emailMessageId'>[];
  messageAttachments: Omit<MessageAttachment, 'businessId'>[];
  approvalRequests: Omit<ApprovalRequest, 'businessId'>[];
  approvalSteps: Omit<ApprovalStep, 'businessId'>[];
  reviewComments: Omit<ReviewComment, 'businessId'>[];
};

/** Writes the files, then every row in one transaction; on any failure the files written are removed. */
export async function commitArchive(
  db: Db,
  storage: FileStorage,
  businessId: number,
  actor: Actor,
  fileName: string,
  archive: Archive,
  analysis: Analysis,
  quota: QuotaEnv,
): Promise<ImportSummary> {
  if (analysis.issueCount) throw new ImportIssuesError(analysis.preview.issues, analysis.issueCount);
  // No issues: every row holds every column, of its type (checkRow).
  const rows = analysis.rows as unknown as ArchiveRows;
  // The files' sizes were checked against the zip: an import that cannot fit the agency's quota copies nothing.
  const paths = new Set(
    [...rows.documents, ...rows.documentVersions]
      .map((row) => row.file)
      .filter((path): path is string => typeof path === 'string'),
  );
  const importedBytes = [...paths].reduce(
    (total, path) => total + (archive.entries.get(path)?.uncompressedSize ?? 0),
    0,
  );
  await assertStorageQuota(db, businessId, importedBytes, quota);
  const written: string[] = [];
  let oldLogo: string | null = null;
  try {
    const { keyOfPath, logo } = await copyFiles(storage, businessId, archive, analysis, rows, written);
    const summary = await db.$transaction(
      async (tx) => {
        await assertStorageQuota(tx as unknown as Db, businessId, importedBytes, quota);
        const writer = new RowWriter(tx as unknown as Db, businessId, rows, keyOfPath);
        const summary = await writeRows(writer, actor, fileName, analysis);
        // A company export carries no logo: this agency's stays; an agency export's logo (or none) replaces it.
        const keepLogo = analysis.manifest.scope.kind === 'company';
        if (analysis.business)
          oldLogo = await applyBusiness(
            tx as unknown as Db,
            businessId,
            analysis.business.values,
            keepLogo ? undefined : logo,
          );
        return summary;
      },
      { timeout: 300_000, maxWait: 10_000 },
    );
    // The replaced logo's file goes once the business no longer names it.
    const replaced = oldLogo as string | null;
    if (replaced)
      await storage
        .remove(replaced)
        .catch((e: unknown) =>
          log.error({ err: e, key: replaced }, 'import: the replaced logo could not be removed from storage'),
        );
    return summary;
  } catch (error) {
    await Promise.all(
      written.map((key) =>
        storage
          .remove(key)
          .catch((e: unknown) =>
            log.error({ err: e, key }, 'import: a file of the failed import could not be removed from storage'),
          ),
      ),
    );
    if ((error as { code?: string }).code === 'P2002') throw new ImportFileError(I.exportConflict);
    throw transactionRefusal(error) ?? error;
  }
}

type StoredFile = { key: string; size: number };
type Logo = { key: string; name: string; mime: string };

/** Streams each stored file (once per path) and the logo into storage; every key written goes to `written`. */
async function copyFiles(
  storage: FileStorage,
  businessId: number,
  archive: Archive,
  analysis: Analysis,
  rows: ArchiveRows,
  written: string[],
): Promise<{ keyOfPath: Map<string, StoredFile>; logo: Logo | null }> {
  const keyOfPath = new Map<string, StoredFile>();
  for (const doc of [...rows.documents, ...rows.documentVersions]) {
    const path = doc.file;
    if (typeof path !== 'string' || keyOfPath.has(path)) continue;
    const key = storage.newKey(businessId);
    written.push(key);
    keyOfPath.set(path, { key, size: await copyEntry(archive, path, storage, key) });
  }
  let logo: Logo | null = null;
  if (analysis.business) {
    const { logoPath: path, logoMime } = analysis.business;
    if (path && logoMime) {
      const key = storage.newKey(businessId);
      written.push(key);
      await copyEntry(archive, path, storage, key);
      logo = { key, name: String(analysis.business.values.logoName ?? '') || path.split('/').pop()!, mime: logoMime };
    }
  }
  return { keyOfPath, logo };
}

/**
 * Streams one zip entry into storage and returns its size. The entry stream goes to writeStream as it is (no .pipe in
 * between, which would not pass a read error on): its stream/promises pipeline rejects on a read or write error.
 */
async function copyEntry(archive: Archive, path: string, storage: FileStorage, key: string): Promise<number> {
  const source = await archive.stream(archive.entries.get(path)!);
  return (await storage.writeStream(key, source)).size;
}

/** The export's business details, branding and logo on this agency (the slug stays); returns the old logo's key. */
async function applyBusiness(
  tx: Db,
  businessId: number,
  values: Row,
  logo: Logo | null | undefined,
): Promise<string | null> {
  const current = await tx.business.findUnique({ where: { id: businessId }, select: { logoKey: true } });
  const { logoName: _name, ...details } = values;
  const logoColumns =
    logo === undefined
      ? {}
      : { logoKey: logo?.key ?? null, logoName: logo?.name ?? null, logoMime: logo?.mime ?? null };
  await tx.business.update({
    where: { id: businessId },
    data: { ...details, ...logoColumns, updatedAt: new Date() },
    select: { id: true },
  });
  return logo === undefined || current?.logoKey === logo?.key ? null : (current?.logoKey ?? null);
}

/** What one insert gives back: the new id and the column its row is paired by. */
type Created<K extends string> = { id: number } & { [P in K]: unknown };

/**
 * The ids the database gave rows created in one statement, in the rows' order. Both databases number the rows of one
 * multi-row INSERT in order, so the ids sorted pair with the rows; the `check` column of each created row is compared
 * with the row it is paired with, and any mismatch aborts the import (the transaction rolls back) rather than linking
 * a record to the wrong parent.
 */
async function createAll<T extends object, K extends keyof T & string>(
  create: (data: T[]) => Promise<Created<K>[]>,
  data: T[],
  check: K,
): Promise<number[]> {
  const ids: number[] = [];
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? '' : String(value));
  for (let i = 0; i < data.length; i += CHUNK) {
    const chunk = data.slice(i, i + CHUNK);
    const created = (await create(chunk)).sort((a, b) => a.id - b.id);
    if (created.length !== chunk.length || created.some((row, j) => text(row[check]) !== text(chunk[j][check]))) {
      throw new Error(`Import: the ids of the created ${check} rows could not be paired with the file's rows.`);
    }
    ids.push(...created.map((r) => r.id));
  }
  return ids;
}

/** The transaction's writes: new ids per entity (old id → new), and what was created and skipped. */
class RowWriter {
  readonly idMap = Object.fromEntries(ENTITIES.map((e) => [e.name, new Map<number, number>()])) as Record<
    EntityName,
    Map<number, number>
  >;
  readonly created: Record<string, number> = {};
  readonly skipped: Record<string, number> = {};
  /** The export's ids of the project templates created (not skipped for their name). */
  readonly newProjectTemplates = new Set<number>();
  /** Documents that named the source installation's download route without carrying the file. */
  sourceLinks = 0;
  /** Company and project threads whose messages joined the one this agency already has. */
  joinedThreads = 0;
  /** The threads messages were written to (new ones and joined ones): their times are recomputed. */
  readonly threadsWritten = new Set<number>();

  constructor(
    readonly tx: Db,
    readonly businessId: number,
    readonly rows: ArchiveRows,
    readonly keyOfPath: Map<string, StoredFile>,
  ) {}

  /** The new id of an export's row (an existing duplicate's, a matched user's), or null. */
  ref(entity: EntityName, id: number | null): number | null {
    return id === null ? null : (this.idMap[entity].get(id) ?? null);
  }

  /** The new id of a row a reference must name (the analysis checked that every reference does). */
  need(entity: EntityName, id: number): number {
    const newId = this.idMap[entity].get(id);
    if (newId === undefined) throw new Error(`Import: ${entity} row ${id} has no new id.`);
    return newId;
  }

  /** Creates the rows of one entity (`data`: each source row's insert, in order) and keeps their new ids. */
  async record<T extends object, K extends keyof T & string>(
    name: EntityName,
    source: { id: number }[],
    data: T[],
    // Typed by the rows given: Prisma checks them against the model's insert.
    create: (data: NoInfer<T>[]) => Promise<Created<NoInfer<K>>[]>,
    check: K,
  ) {
    const ids = await createAll(create, data, check);
    source.forEach((row, i) => {
      this.idMap[name].set(row.id, ids[i]);
    });
    this.created[name] = source.length;
  }
}

/** The entities with a writer of their own; every other imported entity goes through writeEntity. */
const WRITERS: Partial<Record<EntityName, (w: RowWriter) => Promise<void>>> = {
  companies: writeCompanies,
  contacts: writeContacts,
  projects: writeProjects,
  projectContacts: writeProjectContacts,
  contactCompanies: writeContactCompanies,
  tasks: writeTasks,
  documents: writeDocuments,
  documentVersions: writeDocumentVersions,
  flows: writeFlows,
  flowSubmissions: writeSubmissions,
  flowAnswers: writeAnswers,
  flowTemplates: writeFlowTemplates,
  projectTemplates: writeProjectTemplates,
  projectTemplateTasks: writeProjectTemplateTasks,
  projectTemplateFlows: writeProjectTemplateFlows,
  messageThreads: writeMessageThreads,
  messages: writeMessages,
  approvalRequests: writeApprovalRequests,
  reviewComments: writeReviewComments,
};

/** What the generic insert needs of a Prisma delegate. */
type CreateDelegate = {
  createManyAndReturn(args: { data: Row[]; select: Record<string, true> }): Promise<Created<string>[]>;
};

/** One entity's rows by format.ts: the business, every column but the id, references to the rows' new ids. */
async function writeEntity(w: RowWriter, spec: EntitySpec) {
  const pairBy = spec.pairBy;
  if (!pairBy) throw new Error(`Import: ${spec.name} has neither a writer nor a pairBy column.`);
  const required = requiredRefs(spec);
  const rows = (w.rows as unknown as Record<string, ({ id: number } & Row)[]>)[spec.name] ?? [];
  const delegate = (w.tx as unknown as Record<string, CreateDelegate>)[
    spec.model[0].toLowerCase() + spec.model.slice(1)
  ];
  await w.record(
    spec.name,
    rows,
    rows.map(({ id: _id, ...row }) => {
      const data: Row = { businessId: w.businessId, ...row };
      for (const [column, target] of Object.entries(spec.refs)) {
        const id = row[column] as number | null;
        data[column] = required.includes(column) ? w.need(target, id as number) : w.ref(target, id);
      }
      return data;
    }),
    (data) => delegate.createManyAndReturn({ data, select: { id: true, [pairBy]: true } }),
    pairBy,
  );
}

async function writeRows(w: RowWriter, actor: Actor, fileName: string, analysis: Analysis): Promise<ImportSummary> {
  await matchAgain(w, analysis);
  for (const spec of IMPORTED) await (WRITERS[spec.name]?.(w) ?? writeEntity(w, spec));
  const sourceLinks = w.sourceLinks;

  const notes: string[] = [];
  if (analysis.unmatchedPeople.length) notes.push(I.notePeople(analysis.unmatchedPeople.join(', ')));
  if (w.skipped.flowSubmissions) notes.push(I.noteSubmissions(w.skipped.flowSubmissions));
  if (sourceLinks) notes.push(I.noteSourceLinks(sourceLinks));
  if (w.joinedThreads) notes.push(I.noteJoinedThreads(w.joinedThreads));
  if (w.rows.messages.length) notes.push(I.noteMessagesUnread);
  const sameNamed = (w.skipped.projectTemplates ?? 0) + (w.skipped.flowTemplates ?? 0);
  if (sameNamed) notes.push(I.noteTemplates(sameNamed));
  notes.push(I.noteActivities, analysis.business ? I.noteBusinessApplied : I.noteBusiness);

  await recordActivity(w.tx, w.businessId, actor, {
    entityType: 'import',
    entityName: fileName,
    action: 'imported',
    changes: Object.entries(w.created)
      .filter(([, n]) => n > 0)
      .map(([field, to]) => ({ field, from: null, to })),
  });
  const { files, ...rowsCreated } = w.created;
  return {
    kind: 'archive',
    created: rowsCreated,
    skipped: Object.fromEntries(Object.entries(w.skipped).filter(([, n]) => n > 0)),
    files: files ?? 0,
    notes,
  };
}

/**
 * The matched users, and the duplicates read again inside the transaction: a company or contact added since the
 * preview (another import, the hub) is a duplicate too, so it is never created twice.
 */
async function matchAgain(w: RowWriter, analysis: Analysis) {
  const { tx, businessId, rows, idMap } = w;
  for (const [oldId, newId] of analysis.userMatch) idMap.users.set(oldId, newId);
  for (const [oldId, newId] of analysis.existingCompany) idMap.companies.set(oldId, newId);
  for (const [oldId, newId] of analysis.existingContact) idMap.contacts.set(oldId, newId);
  const companyByName = new Map<string, number>();
  for (const c of await tx.company.findMany({
    where: { businessId },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  })) {
    if (!companyByName.has(nameKey(c.name))) companyByName.set(nameKey(c.name), c.id);
  }
  for (const c of rows.companies) {
    const match = companyByName.get(nameKey(c.name));
    if (match !== undefined && !idMap.companies.has(c.id)) idMap.companies.set(c.id, match);
  }
  const [projectTemplates, flowTemplates] = [
    sameName(rows.projectTemplates, await templateNames(tx, businessId, 'project')),
    sameName(rows.flowTemplates, await templateNames(tx, businessId, 'flow')),
  ];
  for (const [oldId, newId] of projectTemplates) idMap.projectTemplates.set(oldId, newId);
  for (const [oldId, newId] of flowTemplates) idMap.flowTemplates.set(oldId, newId);
  const emails = rows.contacts.map((c) => c.email.trim().toLowerCase());
  const contactByEmail = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK * 5) {
    const found = await tx.contact.findMany({
      where: { businessId, email: { in: emails.slice(i, i + CHUNK * 5) } },
      select: { id: true, email: true },
    });
    for (const c of found) contactByEmail.set(c.email.toLowerCase(), c.id);
  }
  for (const c of rows.contacts) {
    const match = contactByEmail.get(c.email.trim().toLowerCase());
    if (match !== undefined && !idMap.contacts.has(c.id)) idMap.contacts.set(c.id, match);
  }
}

/** Companies that are not duplicates (those already have their id here). */
async function writeCompanies(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const companies = rows.companies.filter((c) => !w.idMap.companies.has(c.id));
  w.skipped.companies = rows.companies.length - companies.length;
  await w.record(
    'companies',
    companies,
    // A bare domain is stored as the app's calls store it (https:// in front): the one website rule.
    companies.map(
      ({ id: _id, ...c }): Prisma.CompanyCreateManyInput => ({
        businessId,
        ...c,
        website: websiteSchema.parse(c.website),
      }),
    ),
    (data) => tx.company.createManyAndReturn({ data, select: { id: true, name: true } }),
    'name',
  );
}

/** Contacts that are not duplicates. */
async function writeContacts(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const contacts = rows.contacts.filter((c) => !w.idMap.contacts.has(c.id));
  w.skipped.contacts = rows.contacts.length - contacts.length;
  await w.record(
    'contacts',
    contacts,
    contacts.map(
      // Portal passwords are never exported: a contact with portal access gets an invite or a password from the hub.
      ({ id: _id, companyId, email, ...c }): Prisma.ContactCreateManyInput => ({
        businessId,
        companyId: w.ref('companies', companyId),
        ...c,
        email: email.trim().toLowerCase(),
      }),
    ),
    (data) => tx.contact.createManyAndReturn({ data, select: { id: true, email: true } }),
    'email',
  );
}

/** Projects (a new uid each). */
async function writeProjects(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'projects',
    rows.projects,
    rows.projects.map(
      ({ id: _id, projectUid: _uid, companyId, ...p }): Prisma.ProjectCreateManyInput => ({
        businessId,
        companyId: w.ref('companies', companyId),
        ...p,
        // An export written before the statuses became one vocabulary holds the older words.
        status: currentProjectStatus(p.status),
      }),
    ),
    (data) => tx.project.createManyAndReturn({ data, select: { id: true, name: true } }),
    'name',
  );
}

/**
 * The other companies of each contact (issue 32), each pair once, never the contact's own company, and at most
 * LIMITS.companiesPerContact companies per contact with the ones they have already (a contact matched by e-mail):
 * the rows past that bound are skipped.
 */
async function writeContactCompanies(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const pairs = rows.contactCompanies.map((cc) => ({
    businessId,
    contactId: w.need('contacts', cc.contactId),
    companyId: w.need('companies', cc.companyId),
    clientAdmin: cc.clientAdmin,
    createdAt: cc.createdAt,
  }));
  const contactIds = [...new Set(pairs.map((p) => p.contactId))];
  const contacts = await tx.contact.findMany({
    where: { businessId, id: { in: contactIds } },
    select: { id: true, companyId: true, otherCompanies: { select: { companyId: true } } },
  });
  const held = new Map(
    contacts.map((c) => [
      c.id,
      new Set([...(c.companyId === null ? [] : [c.companyId]), ...c.otherCompanies.map((o) => o.companyId)]),
    ]),
  );
  const data = pairs.filter((p) => {
    const companies = held.get(p.contactId);
    if (!companies || companies.has(p.companyId) || companies.size >= LIMITS.companiesPerContact) return false;
    companies.add(p.companyId);
    return true;
  });
  for (let i = 0; i < data.length; i += CHUNK) await tx.contactCompany.createMany({ data: data.slice(i, i + CHUNK) });
  w.created.contactCompanies = data.length;
  w.skipped.contactCompanies = pairs.length - data.length;
}

/** The projects' contacts, each pair once. */
async function writeProjectContacts(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const links = new Set<string>();
  const projectContacts = rows.projectContacts
    .map((pc) => ({
      businessId,
      projectId: w.need('projects', pc.projectId),
      contactId: w.need('contacts', pc.contactId),
    }))
    .filter((pc) => {
      const key = `${pc.projectId}:${pc.contactId}`;
      if (links.has(key)) return false;
      links.add(key);
      return true;
    });
  for (let i = 0; i < projectContacts.length; i += CHUNK)
    await tx.projectContact.createMany({ data: projectContacts.slice(i, i + CHUNK) });
  w.created.projectContacts = projectContacts.length;
}

async function writeTasks(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'tasks',
    rows.tasks,
    rows.tasks.map(
      ({ id: _id, projectId, assigneeId, ...t }): Prisma.TaskCreateManyInput => ({
        businessId,
        projectId: w.ref('projects', projectId),
        assigneeId: w.ref('users', assigneeId),
        ...t,
        // An older export may lack completion dates: a completed task then counts as completed at its last change.
        completedAt: t.status === 'completed' ? (t.completedAt ?? t.updatedAt ?? null) : null,
      }),
    ),
    (data) => tx.task.createManyAndReturn({ data, select: { id: true, title: true } }),
    'title',
  );
}

/** Documents, then the urls of stored ones; counts those that named a file the export did not carry. */
async function writeDocuments(w: RowWriter) {
  const { tx, businessId, rows, keyOfPath } = w;
  await w.record(
    'documents',
    rows.documents,
    rows.documents.map(
      ({ id: _id, companyId, projectId, uploadedById, file, url, size, ...d }): Prisma.DocumentCreateManyInput => {
        const stored = typeof file === 'string' ? keyOfPath.get(file) : undefined;
        return {
          businessId,
          companyId: w.ref('companies', companyId),
          projectId: w.ref('projects', projectId),
          uploadedById: w.ref('users', uploadedById),
          ...d,
          // A link to the source installation's download route would name another record here: no link instead.
          url: stored || DOWNLOAD_PATH.test(url) ? '' : url,
          storageKey: stored?.key ?? null,
          size: stored ? stored.size : size,
        };
      },
    ),
    (data) => tx.document.createManyAndReturn({ data, select: { id: true, name: true } }),
    'name',
  );
  // A stored file's url is its download route, which names the new id: one UPDATE per chunk (the ids are the
  // integers the database just gave, so they are written into the statement as they are).
  const storedIds = rows.documents.filter((d) => typeof d.file === 'string').map((d) => w.need('documents', d.id));
  for (let i = 0; i < storedIds.length; i += CHUNK * 5) {
    const ids = storedIds.slice(i, i + CHUNK * 5).map((id) => String(Math.trunc(Number(id))));
    await tx.$executeRawUnsafe(
      `UPDATE "Document" SET "url" = '${DOWNLOAD_PREFIX}' || CAST("id" AS TEXT) || '${DOWNLOAD_SUFFIX}' WHERE "businessId" = ${Math.trunc(businessId)} AND "id" IN (${ids.join(',')})`,
    );
  }
  w.created.files = keyOfPath.size;
  w.sourceLinks = rows.documents.filter((d) => typeof d.file !== 'string' && DOWNLOAD_PATH.test(d.url)).length;
}

/**
 * The files' versions (issue 31): the current one takes its file's bytes and download path, an older one its own
 * bytes from the zip. A file of an older export (no versions) gets its version 1 from its row.
 */
async function writeDocumentVersions(w: RowWriter) {
  const { tx, businessId, rows, keyOfPath } = w;
  const documentOf = new Map(rows.documents.map((d) => [d.id, d]));
  const data: Prisma.DocumentVersionCreateManyInput[] = [];
  for (const { id: _id, documentId, uploadedById, file, url, ...v } of rows.documentVersions) {
    const doc = documentOf.get(documentId);
    const newId = w.need('documents', documentId);
    const current = doc !== undefined && doc.version === v.number;
    const own = typeof file === 'string' ? keyOfPath.get(file) : undefined;
    const docBytes = current && typeof doc?.file === 'string' ? keyOfPath.get(doc.file) : undefined;
    const stored = own ?? docBytes;
    data.push({
      businessId,
      documentId: newId,
      uploadedById: w.ref('users', uploadedById),
      ...v,
      storageKey: stored?.key ?? null,
      size: stored ? stored.size : v.size,
      // A stored version is downloaded through its file's route; a link's source download path names nothing here.
      url: stored ? documentDownloadPath(newId) : DOWNLOAD_PATH.test(url) ? '' : url,
      previewStatus: stored ? 'pending' : 'none',
    });
  }
  // Their new ids: approval requests and review comments name a version.
  await w.record(
    'documentVersions',
    rows.documentVersions,
    data,
    (chunk) => tx.documentVersion.createManyAndReturn({ data: chunk, select: { id: true, documentId: true } }),
    'documentId',
  );
  // Every imported file has its version 1 at least (an older export, or a version the export left out).
  await recordMissingFirstVersions(tx, businessId);
}

/** Flows (a new uid each); their steps and fields go through writeEntity. */
async function writeFlows(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'flows',
    rows.flows,
    rows.flows.map(
      ({ id: _id, flowUid: _uid, companyId, createdById, ...f }): Prisma.FlowCreateManyInput => ({
        businessId,
        companyId: w.ref('companies', companyId),
        createdById: w.ref('users', createdById),
        ...f,
      }),
    ),
    (data) => tx.flow.createManyAndReturn({ data, select: { id: true, name: true } }),
    'name',
  );
}

/** Submissions: one per contact and flow. */
async function writeSubmissions(w: RowWriter) {
  const { tx, businessId, rows } = w;
  // One submission per contact and flow: a duplicate contact may already have answered that flow here.
  const answered = new Set<string>();
  const submissions = rows.flowSubmissions.filter((s) => {
    const key = `${w.ref('flows', s.flowId)}:${w.ref('contacts', s.contactId)}`;
    if (answered.has(key)) return false;
    answered.add(key);
    return true;
  });
  w.skipped.flowSubmissions = rows.flowSubmissions.length - submissions.length;
  await w.record(
    'flowSubmissions',
    submissions,
    submissions.map(
      ({ id: _id, flowId, contactId, companyId, ...s }): Prisma.FlowSubmissionCreateManyInput => ({
        businessId,
        flowId: w.need('flows', flowId),
        contactId: w.need('contacts', contactId),
        companyId: w.ref('companies', companyId),
        ...s,
      }),
    ),
    (data) => tx.flowSubmission.createManyAndReturn({ data, select: { id: true, contactId: true } }),
    'contactId',
  );
}

/** The answers of the submissions written; a file answer names its document's new id. */
async function writeAnswers(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const fileFields = new Set(rows.flowFields.filter((f) => f.fieldType === 'file').map((f) => f.id));
  const answers = rows.flowAnswers.filter((a) => w.idMap.flowSubmissions.has(a.submissionId));
  w.skipped.flowAnswers = rows.flowAnswers.length - answers.length;
  await w.record(
    'flowAnswers',
    answers,
    answers.map(
      (a): Prisma.FlowAnswerCreateManyInput => ({
        businessId,
        submissionId: w.need('flowSubmissions', a.submissionId),
        flowFieldId: w.need('flowFields', a.flowFieldId),
        value: fileFields.has(a.flowFieldId) && a.value !== '' ? String(w.ref('documents', Number(a.value))) : a.value,
      }),
    ),
    (data) => tx.flowAnswer.createManyAndReturn({ data, select: { id: true, flowFieldId: true } }),
    'flowFieldId',
  );
}

/**
 * Templates whose name the agency does not have yet (matchAgain gave the others the existing one's id). After them the
 * agency keeps at most TEMPLATE_LIMITS.perAgencyMax of the kind: counted again inside the transaction.
 */
async function writeTemplates(w: RowWriter, entity: 'projectTemplates' | 'flowTemplates') {
  const { tx, businessId, rows } = w;
  const all: ({ id: number; name: string } & Row)[] = rows[entity];
  const fresh = all.filter((t) => !w.idMap[entity].has(t.id));
  w.skipped[entity] = all.length - fresh.length;
  const delegate = entity === 'projectTemplates' ? tx.projectTemplate : tx.flowTemplate;
  await w.record(
    entity,
    fresh,
    fresh.map(({ id: _id, ...t }) => ({ businessId, ...t })),
    (data) =>
      (delegate as unknown as CreateDelegate).createManyAndReturn({
        data,
        select: { id: true, name: true },
      }) as Promise<Created<'name'>[]>,
    'name',
  );
  if (entity === 'projectTemplates') for (const t of fresh) w.newProjectTemplates.add(t.id);
  const count =
    entity === 'projectTemplates'
      ? await tx.projectTemplate.count({ where: { businessId } })
      : await tx.flowTemplate.count({ where: { businessId } });
  if (count > TEMPLATE_LIMITS.perAgencyMax)
    throw new ImportFileError(
      I.tooManyTemplates(
        M.data.page.entities[entity],
        TEMPLATE_LIMITS.perAgencyMax,
        count - fresh.length,
        fresh.length,
      ),
    );
}

function writeFlowTemplates(w: RowWriter) {
  return writeTemplates(w, 'flowTemplates');
}
function writeProjectTemplates(w: RowWriter) {
  return writeTemplates(w, 'projectTemplates');
}

/** The tasks of the project templates created (a skipped template keeps its own). */
async function writeProjectTemplateTasks(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const tasks = rows.projectTemplateTasks.filter((t) => w.newProjectTemplates.has(t.templateId));
  w.skipped.projectTemplateTasks = rows.projectTemplateTasks.length - tasks.length;
  await w.record(
    'projectTemplateTasks',
    tasks,
    tasks.map(
      ({ id: _id, templateId, ...t }): Prisma.ProjectTemplateTaskCreateManyInput => ({
        businessId,
        templateId: w.need('projectTemplates', templateId),
        ...t,
      }),
    ),
    (data) => tx.projectTemplateTask.createManyAndReturn({ data, select: { id: true, title: true } }),
    'title',
  );
}

/** The flows each created project template starts, each pair once: a skipped flow template links the existing one. */
async function writeProjectTemplateFlows(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const pairs = new Set<string>();
  const links = rows.projectTemplateFlows
    .filter((l) => w.newProjectTemplates.has(l.projectTemplateId))
    .map((l) => ({
      businessId,
      projectTemplateId: w.need('projectTemplates', l.projectTemplateId),
      flowTemplateId: w.need('flowTemplates', l.flowTemplateId),
    }))
    .filter((l) => {
      const key = `${l.projectTemplateId}:${l.flowTemplateId}`;
      if (pairs.has(key)) return false;
      pairs.add(key);
      return true;
    });
  for (let i = 0; i < links.length; i += CHUNK)
    await tx.projectTemplateFlow.createMany({ data: links.slice(i, i + CHUNK) });
  w.created.projectTemplateFlows = links.length;
}

/** The key that keeps a company's thread and a project's thread one each (MessageThread.singletonKey), new ids. */
function singletonKeyOf(w: RowWriter, thread: ArchiveRows['messageThreads'][number]): string | null {
  if (thread.kind === 'company') return `company:${w.need('companies', thread.companyId)}`;
  if (thread.kind === 'project' && thread.projectId !== null) return `project:${w.need('projects', thread.projectId)}`;
  return null;
}

/**
 * Threads with their singleton keys made again from the new ids. A company's or project's thread this agency already
 * has (a duplicate company's) is not created twice: the export's messages join it (and so would a second thread of
 * the same key in the file).
 */
async function writeMessageThreads(w: RowWriter) {
  const { tx, businessId, rows } = w;
  const keys = rows.messageThreads.map((t) => singletonKeyOf(w, t));
  const existing = new Map<string, number>();
  const wanted = [...new Set(keys.filter((k): k is string => k !== null))];
  for (let i = 0; i < wanted.length; i += CHUNK * 5) {
    for (const t of await tx.messageThread.findMany({
      where: { businessId, singletonKey: { in: wanted.slice(i, i + CHUNK * 5) } },
      select: { id: true, singletonKey: true },
    }))
      existing.set(t.singletonKey!, t.id);
  }
  const fresh: ArchiveRows['messageThreads'] = [];
  const freshKeys: (string | null)[] = [];
  /** Export's thread id → the export's first thread of the same key, created in this import. */
  const sameKey = new Map<number, number>();
  const firstOfKey = new Map<string, number>();
  rows.messageThreads.forEach((thread, i) => {
    const key = keys[i];
    const there = key === null ? undefined : existing.get(key);
    const first = key === null ? undefined : firstOfKey.get(key);
    if (there !== undefined) {
      w.idMap.messageThreads.set(thread.id, there);
      w.joinedThreads++;
    } else if (first !== undefined) {
      sameKey.set(thread.id, first);
      w.joinedThreads++;
    } else {
      if (key !== null) firstOfKey.set(key, thread.id);
      fresh.push(thread);
      freshKeys.push(key);
    }
  });
  await w.record(
    'messageThreads',
    fresh,
    fresh.map(
      ({ id: _id, companyId, projectId, createdById, assigneeId, ...t }, i): Prisma.MessageThreadCreateManyInput => ({
        businessId,
        companyId: w.need('companies', companyId),
        projectId: w.ref('projects', projectId),
        createdById: w.ref('users', createdById),
        assigneeId: w.ref('users', assigneeId),
        ...t,
        singletonKey: freshKeys[i],
      }),
    ),
    (data) => tx.messageThread.createManyAndReturn({ data, select: { id: true, kind: true } }),
    'kind',
  );
  for (const [oldId, firstId] of sameKey) w.idMap.messageThreads.set(oldId, w.need('messageThreads', firstId));
}

/**
 * Messages, as written (internal notes stay internal, deleted ones deleted); an author's link where this agency has
 * them (a team member matched by e-mail, an imported or existing contact), the name always. Then each thread written
 * to gets its times and "waiting for us" from its messages, as posting them would have set them.
 */
async function writeMessages(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'messages',
    rows.messages,
    rows.messages.map(
      ({ id: _id, threadId, authorUserId, authorContactId, ...m }): Prisma.MessageCreateManyInput => ({
        businessId,
        threadId: w.need('messageThreads', threadId),
        authorUserId: w.ref('users', authorUserId),
        authorContactId: w.ref('contacts', authorContactId),
        ...m,
      }),
    ),
    (data) => tx.message.createManyAndReturn({ data, select: { id: true, createdAt: true } }),
    'createdAt',
  );
  for (const m of rows.messages) w.threadsWritten.add(w.need('messageThreads', m.threadId));
  for (const t of rows.messageThreads) w.threadsWritten.add(w.need('messageThreads', t.id));
  const ids = [...w.threadsWritten];
  // The ids are the integers the database gave: written into the statement as they are.
  const of = `FROM "Message" m WHERE m."businessId" = "MessageThread"."businessId" AND m."threadId" = "MessageThread"."id"`;
  for (let i = 0; i < ids.length; i += CHUNK * 5) {
    const chunk = ids.slice(i, i + CHUNK * 5).map((id) => String(Math.trunc(Number(id))));
    await tx.$executeRawUnsafe(
      `UPDATE "MessageThread" SET "lastMessageAt" = (SELECT MAX(m."createdAt") ${of}),
        "lastPublicMessageAt" = (SELECT MAX(m."createdAt") ${of} AND m."internal" = false),
        "waitingOnStaff" = COALESCE((SELECT m."authorKind" = 'contact' ${of} AND m."internal" = false ORDER BY m."createdAt" DESC, m."id" DESC LIMIT 1), false)
       WHERE "businessId" = ${Math.trunc(businessId)} AND "id" IN (${chunk.join(',')})`,
    );
  }
}

/**
 * Approval requests as they were (issue 31): their status (pending, approved, changes requested, reset, cancelled), the
 * version they were about and who asked (a matched team member; the name always). A pending one with a due date
 * ahead gets its reminder queued again (the exporting installation's job does not travel), unless it was reminded.
 */
async function writeApprovalRequests(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'approvalRequests',
    rows.approvalRequests,
    rows.approvalRequests.map(
      ({ id: _id, documentId, versionId, companyId, requestedById, ...r }): Prisma.ApprovalRequestCreateManyInput => ({
        businessId,
        documentId: w.need('documents', documentId),
        versionId: w.need('documentVersions', versionId),
        companyId: w.need('companies', companyId),
        requestedById: w.ref('users', requestedById),
        ...r,
      }),
    ),
    (data) => tx.approvalRequest.createManyAndReturn({ data, select: { id: true, versionId: true } }),
    'versionId',
  );
  const now = Date.now();
  for (const r of rows.approvalRequests) {
    if (r.status === 'pending' && r.dueAt && r.dueAt.getTime() > now && r.remindedAt === null)
      await queueReminder(tx, businessId, w.need('approvalRequests', r.id), r.dueAt);
  }
}

/**
 * Review comments (issue 31): pins, resolved state and `internal` as they were (an internal comment stays staff-only),
 * the author's link where this agency has them (the name always), in the export's order (a list shows them by id).
 * A reply's parent is a row of the same file (the analysis checked it answers a top-level comment of its version):
 * the rows go in first, then one UPDATE per chunk of replies names each parent's new id.
 */
async function writeReviewComments(w: RowWriter) {
  const { tx, businessId, rows } = w;
  await w.record(
    'reviewComments',
    rows.reviewComments,
    rows.reviewComments.map(
      ({
        id: _id,
        documentId,
        versionId,
        parentId: _parent,
        authorUserId,
        authorContactId,
        ...c
      }): Prisma.ReviewCommentCreateManyInput => ({
        businessId,
        documentId: w.need('documents', documentId),
        versionId: w.need('documentVersions', versionId),
        parentId: null,
        authorUserId: w.ref('users', authorUserId),
        authorContactId: w.ref('contacts', authorContactId),
        ...c,
      }),
    ),
    (data) => tx.reviewComment.createManyAndReturn({ data, select: { id: true, versionId: true } }),
    'versionId',
  );
  // The ids are the integers the database gave: written into the statement as they are.
  const replies = rows.reviewComments
    .filter((c) => c.parentId !== null)
    .map((c) => [w.need('reviewComments', c.id), w.need('reviewComments', c.parentId as number)].map(Math.trunc));
  for (let i = 0; i < replies.length; i += CHUNK * 5) {
    const chunk = replies.slice(i, i + CHUNK * 5);
    await tx.$executeRawUnsafe(
      `UPDATE "ReviewComment" SET "parentId" = CASE "id" ${chunk.map(([id, parent]) => `WHEN ${id} THEN ${parent}`).join(' ')} END
       WHERE "businessId" = ${Math.trunc(businessId)} AND "id" IN (${chunk.map(([id]) => id).join(',')})`,
    );
  }
}
