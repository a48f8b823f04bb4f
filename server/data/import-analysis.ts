/**
 * The analysis of a Clientflow export against the agency it goes into (nothing is written): the manifest, every row
 * of every data file (server/data/import-rows.ts), the references between rows, the keys that must be unique, the
 * stored files' checksums, the business details, and the duplicates of companies and contacts already there. Its
 * result is the preview the hub shows, and what a commit (server/data/import-commit.ts) writes.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { LIMITS } from '../../shared/constants';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { hexColorSchema, loginTextSchema } from '../../shared/schemas/business';
import type { ImportPreview } from '../../shared/schemas/data';
import { TEMPLATE_LIMITS } from '../../shared/schemas/templates';
import { REVIEW_COMMENTS_PER_VERSION_MAX } from '../../shared/schemas/review-comments';
import type { Db } from '../db';
import { imageTypeOf, type ImageType } from '../files/logo';
import {
  BUSINESS_PATH,
  ENTITIES,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_PATH,
  jsonPath,
  type EntityName,
} from './format';
import { ARCHIVE_LIMITS, isSafePath, type Archive } from './import-archive';
import { ImportFileError } from './import-csv';
import { previewOf } from './import-preview';
import { Problems, type Matches } from './import-problems';

import { IMPORTED, checkRow, nameKey, type Row } from './import-rows';

const I = M.data.import;
const C = M.reviewComments;

const manifestSchema = z.object({
  format: z.string(),
  version: z.number(),
  exportedAt: z.string(),
  scope: z.union([
    z.object({ kind: z.literal('agency') }),
    z.object({ kind: z.literal('company'), companyId: z.number(), companyName: z.string() }),
  ]),
  business: z.object({ name: z.string(), slug: z.string() }),
  entities: z.array(z.object({ name: z.string(), json: z.string(), csv: z.string(), count: z.number() })),
  files: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })),
  logo: z.string().nullable(),
});
type Manifest = z.infer<typeof manifestSchema>;

/** Old company/contact id → the target agency's existing one (duplicates); old user id → the user with that e-mail. */

export type Analysis = Matches & {
  preview: ImportPreview;
  /** How many issues the file has (the preview lists the first ones). */
  issueCount: number;
  manifest: Manifest;
  /** Checked rows per entity (values converted: dates as Date, json as text). */
  rows: Record<EntityName, Row[]>;
  /** applyBusiness: the export's business columns (slug excepted, checked) and its logo, or null. */
  business: { values: Row; logoPath: string | null; logoMime: ImageType | null } | null;
};

const optional = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v ?? '');
/** business.json as applied to this agency: the limits of the business and branding forms (the slug stays). */
const businessJsonSchema = z.object({
  name: z.string().trim().min(1).max(LIMITS.businessNameMax),
  email: z.string().trim().max(254).pipe(z.email()),
  phone: optional(40),
  street1: optional(200),
  street2: optional(200),
  cityTown: optional(100),
  state: optional(100),
  zipcode: optional(20),
  country: optional(100),
  primaryColor: hexColorSchema,
  secondaryColor: hexColorSchema,
  buttonTextColor: hexColorSchema,
  loginText: loginTextSchema,
  logoName: z.string().trim().max(255).nullish(),
});

/** Reads and checks the whole export against the target agency (nothing is written). */
export async function analyseArchive(
  db: Db,
  businessId: number,
  archive: Archive,
  options: { applyBusiness?: boolean } = {},
): Promise<Analysis> {
  const { manifest, business } = await readManifest(archive);
  const issues = new Problems();
  const rows = await readDataFiles(archive, issues);
  const emails = checkReferences(rows, issues);
  checkUniqueKeys(rows, issues);
  await checkStoredFiles(archive, manifest, rows, issues);
  const applied = options.applyBusiness ? await checkBusiness(archive, manifest, business, issues) : null;
  const matches = await matchExisting(db, businessId, rows, emails);
  await checkTemplates(db, businessId, rows, issues, matches);
  return {
    preview: previewOf(manifest, rows, issues, matches),
    issueCount: issues.count,
    manifest,
    rows,
    ...matches,
    business: applied,
  };
}

/** manifest.json (a Clientflow export of a version this installation reads) and data/business.json. */
async function readManifest(archive: Archive): Promise<{ manifest: Manifest; business: object }> {
  // A manifest lists each stored file once, in 8 tokens: a zip of few entries has a small one.
  const manifestValues = 16 * archive.entries.size + 1_000;
  const manifestValue = await archive
    .json(MANIFEST_PATH, ARCHIVE_LIMITS.jsonFileBytes, manifestValues)
    .catch((error) => {
      if (!archive.entries.has(MANIFEST_PATH)) throw new ImportFileError(I.notExport);
      // A limit's refusal keeps its sentence; anything else the manifest has is "could not be read".
      if (error instanceof ImportFileError && error.message !== I.badPart(MANIFEST_PATH)) throw error;
      throw new ImportFileError(I.badManifest);
    });
  const parsed = manifestSchema.safeParse(manifestValue);
  if (!parsed.success || parsed.data.format !== EXPORT_FORMAT) {
    if (
      manifestValue &&
      typeof manifestValue === 'object' &&
      (manifestValue as { format?: unknown }).format !== EXPORT_FORMAT
    )
      throw new ImportFileError(I.notExport);
    throw new ImportFileError(I.badManifest);
  }
  const manifest = parsed.data;
  if (manifest.version > EXPORT_VERSION) throw new ImportFileError(I.newerVersion(String(manifest.version)));
  if (manifest.version !== EXPORT_VERSION) throw new ImportFileError(I.badManifest);
  const business = await archive.json(BUSINESS_PATH, ARCHIVE_LIMITS.businessBytes, 1_000);
  if (!business || typeof business !== 'object' || Array.isArray(business))
    throw new ImportFileError(I.badPart(BUSINESS_PATH));
  return { manifest, business };
}

/** The entities with a bound of their own per import, below the file's (ARCHIVE_LIMITS). */
const BOUNDED = ['messages', 'approvalRequests', 'approvalSteps', 'reviewComments'] as const;
type Bounded = (typeof BOUNDED)[number];

/** Every data file but the activity log, streamed row by row: only each row's checked columns are kept. */
async function readDataFiles(archive: Archive, issues: Problems): Promise<Record<EntityName, Row[]>> {
  const rows = {} as Record<EntityName, Row[]>;
  // The activity log is not imported: never read (it can be the largest file of an export).
  const read = ENTITIES.filter((spec) => spec.name !== 'activities');
  // Sizes first (as the zip lists them, which yauzl holds the reading to): nothing is read of a zip over a limit.
  let jsonBytes = 0;
  for (const spec of read) {
    const entry = archive.entries.get(jsonPath(spec.name));
    // An export written before the entity existed has no file of it (format.ts addedLater): no rows.
    if (!entry && spec.addedLater) continue;
    if (!entry) throw new ImportFileError(I.missingPart(jsonPath(spec.name)));
    if (entry.uncompressedSize > ARCHIVE_LIMITS.jsonFileBytes)
      throw new ImportFileError(I.jsonTooLarge(jsonPath(spec.name), formatFileSize(ARCHIVE_LIMITS.jsonFileBytes)));
    jsonBytes += entry.uncompressedSize;
  }
  if (jsonBytes > ARCHIVE_LIMITS.jsonTotalBytes)
    throw new ImportFileError(I.jsonTotalTooLarge(formatFileSize(ARCHIVE_LIMITS.jsonTotalBytes)));
  let rowsInAll = 0;
  for (const spec of ENTITIES) {
    const path = jsonPath(spec.name);
    const checked: Row[] = (rows[spec.name] = []);
    if (!read.includes(spec) || !archive.entries.has(path)) continue;
    await archive.rows(path, ARCHIVE_LIMITS.jsonFileBytes, (raw) => {
      const bound = BOUNDED.includes(spec.name as Bounded) ? ARCHIVE_LIMITS[spec.name as Bounded] : null;
      if (bound !== null && checked.length >= bound)
        throw new ImportFileError(I.tooManyOfKind(bound.toLocaleString('en-US'), M.data.page.entities[spec.name]));
      if (checked.length >= ARCHIVE_LIMITS.rowsPerFile)
        throw new ImportFileError(I.tooManyRowsInFile(path, ARCHIVE_LIMITS.rowsPerFile.toLocaleString('en-US')));
      if (++rowsInAll > ARCHIVE_LIMITS.rowsInAll)
        throw new ImportFileError(I.tooManyRowsInAll(ARCHIVE_LIMITS.rowsInAll.toLocaleString('en-US')));
      const line = checked.length + 2;
      checked.push(checkRow(spec, raw, (field, message) => issues.fail(spec.name, line, field, message)));
    });
  }
  return rows;
}

/**
 * Every id a row names is a row of the export (or null), a file answer names a document of the export, and a
 * contact's e-mail is not an earlier contact's. Returns the e-mails (lower case) the export's contacts have.
 */
function checkReferences(rows: Record<EntityName, Row[]>, issues: Problems): string[] {
  const ids = {} as Record<EntityName, Set<number>>;
  for (const spec of ENTITIES)
    if ('id' in spec.columns) ids[spec.name] = new Set(rows[spec.name].map((r) => r.id as number));
  for (const spec of IMPORTED) {
    rows[spec.name].forEach((row, index) => {
      for (const [column, target] of Object.entries(spec.refs)) {
        const id = row[column];
        if (typeof id === 'number' && !ids[target].has(id))
          issues.fail(spec.name, index + 2, column, I.danglingRef(column, id));
      }
    });
  }
  const fileFields = new Set(rows.flowFields.filter((f) => f.fieldType === 'file').map((f) => f.id as number));
  rows.flowAnswers.forEach((answer, index) => {
    if (!fileFields.has(answer.flowFieldId as number) || answer.value === '') return;
    const id = Number(answer.value);
    if (!Number.isSafeInteger(id) || !ids.documents.has(id))
      issues.fail('flowAnswers', index + 2, 'value', I.danglingRef('value', Number.isSafeInteger(id) ? id : 0));
  });
  checkMessages(rows, issues);
  checkReviews(rows, issues);
  // E-mails are unique within an agency.
  const emailLine = new Map<string, number>();
  rows.contacts.forEach((contact, index) => {
    if (typeof contact.email !== 'string') return;
    const key = contact.email.trim().toLowerCase();
    const earlier = emailLine.get(key);
    if (earlier !== undefined) issues.fail('contacts', index + 2, 'email', I.sameEmailInExport(earlier));
    else emailLine.set(key, index + 2);
  });
  return [...emailLine.keys()];
}

/**
 * What the messages domain holds true (server/domain/messages): a project's thread names its project and a company's
 * thread none; a staff message links no contact and a client's no team member.
 */
function checkMessages(rows: Record<EntityName, Row[]>, issues: Problems) {
  rows.messageThreads.forEach((thread, index) => {
    const hasProject = typeof thread.projectId === 'number';
    if ((thread.kind === 'project' && !hasProject) || (thread.kind === 'company' && hasProject))
      issues.fail('messageThreads', index + 2, 'projectId', I.threadProject(String(thread.kind)));
  });
  rows.messages.forEach((message, index) => {
    const wrong = message.authorKind === 'staff' ? 'authorContactId' : 'authorUserId';
    if (typeof message[wrong] === 'number')
      issues.fail('messages', index + 2, wrong, I.messageAuthor(String(message.authorKind)));
  });
}

/**
 * What the approvals and review comments domains hold true (server/domain/approvals, review-comments): a request and a
 * comment are about a version of the file they name (a request's steps are one per position, 0 to 9: format.ts and
 * checkUniqueKeys); a reply answers a top-level comment of the same version and has no pin; a pin has its number and
 * point together, on an image without a page or on a PDF's page, never on another type; a staff comment links no
 * contact and a client's no team member; a version holds at most REVIEW_COMMENTS_PER_VERSION_MAX.
 */
function checkReviews(rows: Record<EntityName, Row[]>, issues: Problems) {
  const versionFile = new Map(rows.documentVersions.map((v) => [v.id, v.documentId]));
  const versionMime = new Map(rows.documentVersions.map((v) => [v.id, v.mimeType as string | null | undefined]));
  const ofOtherFile = (row: Row) => versionFile.has(row.versionId) && versionFile.get(row.versionId) !== row.documentId;
  rows.approvalRequests.forEach((request, index) => {
    if (ofOtherFile(request)) issues.fail('approvalRequests', index + 2, 'versionId', I.versionOfOtherFile);
  });
  const comments = new Map(rows.reviewComments.map((c) => [c.id, c]));
  const perVersion = new Map<unknown, number>();
  rows.reviewComments.forEach((comment, index) => {
    const fail = (field: string, message: string) => issues.fail('reviewComments', index + 2, field, message);
    if (ofOtherFile(comment)) fail('versionId', I.versionOfOtherFile);
    const parent = typeof comment.parentId === 'number' ? comments.get(comment.parentId) : undefined;
    if (parent && (parent.parentId !== null || parent.versionId !== comment.versionId || parent === comment))
      fail('parentId', I.replyParent);
    const pinned = [comment.pinNumber, comment.pinX, comment.pinY].filter((v) => typeof v === 'number').length;
    if (pinned > 0 && typeof comment.parentId === 'number') fail('pinNumber', C.pinOnReply);
    else if ((pinned !== 0 && pinned !== 3) || (pinned === 0 && typeof comment.pinPage === 'number'))
      fail('pinNumber', I.pinIncomplete);
    else if (pinned === 3) {
      // As posting checks a pin (server/domain/review-comments checkPin): images take no page, PDFs one.
      const mime = versionMime.get(comment.versionId);
      const pdf = mime === 'application/pdf';
      if (typeof mime === 'string' && !pdf && !mime.startsWith('image/')) fail('pinNumber', C.pinNotPreviewable);
      else if (mime?.startsWith('image/') && typeof comment.pinPage === 'number') fail('pinPage', C.pinNoPage);
      else if (pdf && typeof comment.pinPage !== 'number') fail('pinPage', C.pinPageOutside(null));
    }
    const wrong = comment.authorKind === 'staff' ? 'authorContactId' : 'authorUserId';
    if (typeof comment[wrong] === 'number') fail(wrong, I.commentAuthor(String(comment.authorKind)));
    const n = (perVersion.get(comment.versionId) ?? 0) + 1;
    perVersion.set(comment.versionId, n);
    if (n === REVIEW_COMMENTS_PER_VERSION_MAX + 1)
      fail('versionId', I.tooManyComments(REVIEW_COMMENTS_PER_VERSION_MAX));
  });
}

/**
 * Keys that must be unique: ids within an entity, a stored file per document, a detail key per resource, one
 * submission per contact and flow (the commit would otherwise refuse, or link two rows to one file).
 */
function checkUniqueKeys(rows: Record<EntityName, Row[]>, issues: Problems) {
  const unique = (
    entity: EntityName,
    key: (row: Row) => string | null,
    message: (line: number) => string,
    field: string,
  ) => {
    const seen = new Map<string, number>();
    rows[entity].forEach((row, index) => {
      const k = key(row);
      if (k === null) return;
      const earlier = seen.get(k);
      if (earlier === undefined) seen.set(k, index + 2);
      else issues.fail(entity, index + 2, field, message(earlier));
    });
  };
  for (const spec of IMPORTED)
    if ('id' in spec.columns)
      unique(spec.name, (r) => (typeof r.id === 'number' ? String(r.id) : null), I.sameIdInExport, 'id');
  unique('documents', (r) => (typeof r.file === 'string' ? r.file : null), I.sameFileInExport, 'file');
  unique(
    'resourceDetails',
    (r) => (typeof r.resourceId === 'number' && typeof r.key === 'string' ? `${r.resourceId}:${r.key}` : null),
    I.sameDetailInExport,
    'key',
  );
  unique(
    'flowSubmissions',
    (r) => (typeof r.flowId === 'number' && typeof r.contactId === 'number' ? `${r.flowId}:${r.contactId}` : null),
    I.sameSubmissionInExport,
    'contactId',
  );
  unique(
    'approvalSteps',
    (r) => (typeof r.requestId === 'number' && typeof r.position === 'number' ? `${r.requestId}:${r.position}` : null),
    I.sameStepInExport,
    'position',
  );
  unique(
    'messageAttachments',
    (r) =>
      typeof r.messageId === 'number' && typeof r.documentId === 'number' ? `${r.messageId}:${r.documentId}` : null,
    I.sameAttachmentInExport,
    'documentId',
  );
}

/** Each stored file a document or a version names: listed in the manifest, present, with its size and checksum. */
async function checkStoredFiles(
  archive: Archive,
  manifest: Manifest,
  rows: Record<EntityName, Row[]>,
  issues: Problems,
) {
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  const named = (entity: 'documents' | 'documentVersions') =>
    rows[entity].map((row, index) => ({ entity, index, path: row.file }));
  for (const { entity, index, path } of [...named('documents'), ...named('documentVersions')]) {
    if (typeof path !== 'string') continue;
    const fail = (message: string) => issues.fail(entity, index + 2, 'file', message);
    const expected = listed.get(path);
    const entry = isSafePath(path) ? archive.entries.get(path) : undefined;
    if (!expected || !entry) {
      fail(I.fileMissing(path));
      continue;
    }
    if (entry.uncompressedSize !== expected.size) {
      fail(I.fileChanged(path));
      continue;
    }
    const actual = await archive.digest(entry).catch(() => null);
    if (!actual || actual.sha256 !== expected.sha256.toLowerCase() || actual.size !== expected.size)
      fail(I.fileChanged(path));
  }
}

/** The business details and logo, when they are to replace this agency's: checked, or null with their issues. */
async function checkBusiness(
  archive: Archive,
  manifest: Manifest,
  business: object,
  issues: Problems,
): Promise<Analysis['business']> {
  const checked = businessJsonSchema.safeParse(business);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      issues.push({
        line: null,
        entity: 'business',
        field: String(issue.path[0] ?? ''),
        message: I.businessInvalid(String(issue.path[0] ?? '')),
      });
  }
  let logoMime: ImageType | null = null;
  const logoPath = manifest.logo;
  if (logoPath) {
    const entry = isSafePath(logoPath) ? archive.entries.get(logoPath) : undefined;
    const listed = manifest.files.find((f) => f.path === logoPath);
    const bytes =
      entry && listed && entry.uncompressedSize <= LIMITS.logoMaxBytes
        ? await archive.bytes(entry).catch(() => null)
        : null;
    logoMime = bytes ? imageTypeOf(bytes) : null;
    if (
      !bytes ||
      !listed ||
      createHash('sha256').update(bytes).digest('hex') !== listed.sha256.toLowerCase() ||
      !logoMime
    ) {
      issues.push({ line: null, entity: 'business', field: 'logo', message: I.logoInvalid(logoPath) });
    }
  }
  if (!checked.success) return null;
  const { logoName, ...values } = checked.data;
  return {
    values: { ...values, logoName: logoPath ? (logoName ?? null) : null },
    logoPath: logoPath ?? null,
    logoMime,
  };
}

/** Duplicates against the target agency (companies by name, contacts by e-mail) and the team by e-mail. */
async function matchExisting(
  db: Db,
  businessId: number,
  rows: Record<EntityName, Row[]>,
  emails: string[],
): Promise<Matches> {
  const [companies, contacts, users, projectTemplates, flowTemplates] = await Promise.all([
    db.company.findMany({ where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    db.contact.findMany({ where: { businessId, email: { in: emails } }, select: { id: true, email: true } }),
    db.user.findMany({ where: { businessId }, select: { id: true, email: true } }),
    templateNames(db, businessId, 'project'),
    templateNames(db, businessId, 'flow'),
  ]);
  const companyByName = new Map<string, number>();
  for (const c of companies) if (!companyByName.has(nameKey(c.name))) companyByName.set(nameKey(c.name), c.id);
  const contactByEmail = new Map(contacts.map((c) => [c.email.toLowerCase(), c.id]));
  const existingCompany = new Map<number, number>();
  for (const c of rows.companies) {
    const match = typeof c.name === 'string' ? companyByName.get(nameKey(c.name)) : undefined;
    if (match !== undefined) existingCompany.set(c.id as number, match);
  }
  const existingContact = new Map<number, number>();
  for (const c of rows.contacts) {
    const match = typeof c.email === 'string' ? contactByEmail.get(c.email.trim().toLowerCase()) : undefined;
    if (match !== undefined) existingContact.set(c.id as number, match);
  }
  const userByEmail = new Map(users.map((u) => [u.email.toLowerCase(), u.id]));
  const userMatch = new Map<number, number>();
  const unmatchedPeople: string[] = [];
  for (const u of rows.users) {
    const match = typeof u.email === 'string' ? userByEmail.get(u.email.toLowerCase()) : undefined;
    if (match !== undefined) userMatch.set(u.id as number, match);
    else
      unmatchedPeople.push(`${`${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim()} (${String(u.email)})`);
  }
  return {
    existingCompany,
    existingContact,
    existingProjectTemplate: sameName(rows.projectTemplates, projectTemplates),
    existingFlowTemplate: sameName(rows.flowTemplates, flowTemplates),
    userMatch,
    unmatchedPeople,
  };
}

/** The agency's templates of one kind by name (trimmed, any case), the first of each name (at most perAgencyMax). */
export async function templateNames(db: Db, businessId: number, kind: 'project' | 'flow') {
  const args = { where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' as const } };
  const found = kind === 'project' ? await db.projectTemplate.findMany(args) : await db.flowTemplate.findMany(args);
  const byName = new Map<string, number>();
  for (const t of found) if (!byName.has(nameKey(t.name))) byName.set(nameKey(t.name), t.id);
  return byName;
}

/** Old id → the existing template of the same name. */
export function sameName(rows: Row[], byName: Map<string, number>) {
  const matched = new Map<number, number>();
  for (const row of rows) {
    const match = typeof row.name === 'string' ? byName.get(nameKey(row.name)) : undefined;
    if (match !== undefined) matched.set(row.id as number, match);
  }
  return matched;
}

/**
 * The templates domain's bounds (shared/schemas/templates.ts): tasks and flows per project template, and templates of
 * each kind per agency, counting those here and the export's new ones (duplicates are skipped).
 */
async function checkTemplates(
  db: Db,
  businessId: number,
  rows: Record<EntityName, Row[]>,
  issues: Problems,
  matches: Matches,
) {
  const perTemplate = (entity: EntityName, column: string) => {
    const counts = new Map<unknown, Set<unknown>>();
    for (const row of rows[entity]) {
      const key = row[column];
      const set = counts.get(key) ?? new Set();
      set.add(entity === 'projectTemplateFlows' ? row.flowTemplateId : row.id);
      counts.set(key, set);
    }
    return (id: unknown) => counts.get(id)?.size ?? 0;
  };
  const tasksOf = perTemplate('projectTemplateTasks', 'templateId');
  const flowsOf = perTemplate('projectTemplateFlows', 'projectTemplateId');
  rows.projectTemplates.forEach((template, index) => {
    if (tasksOf(template.id) > TEMPLATE_LIMITS.tasksMax)
      issues.fail('projectTemplates', index + 2, undefined, M.templates.tooManyTasks(TEMPLATE_LIMITS.tasksMax));
    if (flowsOf(template.id) > TEMPLATE_LIMITS.flowsMax)
      issues.fail('projectTemplates', index + 2, undefined, M.templates.tooManyFlows(TEMPLATE_LIMITS.flowsMax));
  });
  const kinds = [
    ['projectTemplates', matches.existingProjectTemplate, () => db.projectTemplate.count({ where: { businessId } })],
    ['flowTemplates', matches.existingFlowTemplate, () => db.flowTemplate.count({ where: { businessId } })],
  ] as const;
  for (const [entity, existing, count] of kinds) {
    const adding = rows[entity].filter((r) => !existing.has(r.id as number)).length;
    if (!adding) continue;
    const have = await count();
    if (have + adding > TEMPLATE_LIMITS.perAgencyMax)
      issues.push({
        line: null,
        entity,
        message: I.tooManyTemplates(M.data.page.entities[entity], TEMPLATE_LIMITS.perAgencyMax, have, adding),
      });
  }
}
