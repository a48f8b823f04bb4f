/**
 * A Clientflow export (zip, server/data/format.ts) into an agency: POST /api/imports with kind archive. The zip is a
 * temporary file read with random access (yauzl); nothing in it is trusted: paths, sizes, every row's columns and
 * types, every reference and every stored file's checksum are checked before anything is written. A commit streams
 * the files into FileStorage, then creates every row in one transaction with new ids; if anything fails, the files
 * written are removed again.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { z } from 'zod';
import {
  COMPANY_STATUSES,
  CONTACT_ROLES,
  DOCUMENT_TYPES,
  FLOW_FIELD_TYPES,
  FLOW_TYPES,
  LIMITS,
  RESOURCE_STATUSES,
  RESOURCE_TYPES,
  STAFF_ROLES,
  STORED_PROJECT_STATUSES,
  TASK_PRIORITIES,
  TASK_STATUSES,
} from '../../shared/constants';
import { M } from '../../shared/messages';
import { emailSchema } from '../../shared/schemas/auth';
import { hexColorSchema, loginTextSchema } from '../../shared/schemas/business';
import { documentDownloadPath, documentUrlSchema } from '../../shared/schemas/documents';
import { FLOW_LIMITS } from '../../shared/schemas/flows';
import { SUBMISSION_STATUSES } from '../../shared/schemas/portal-flows';
import { RESOURCE_LIMITS } from '../../shared/schemas/resources';
import type { ImportIssue, ImportPreview, ImportPreviewRow, ImportSummary } from '../../shared/schemas/data';
import { IMPORT_PREVIEW_ROWS } from '../../shared/schemas/data';
import { recordActivity, type Actor } from '../activity';
import type { Db } from '../db';
import { imageTypeOf, type ImageType } from '../files/logo';
import type { FileStorage } from '../files/storage';
import { log } from '../log';
import { BUSINESS_PATH, ENTITIES, EXPORT_FORMAT, EXPORT_VERSION, MANIFEST_PATH, jsonPath, type EntityName, type EntitySpec } from './format';
import { ImportFileError, ImportIssuesError, capIssues, transactionRefusal } from './import-csv';

const I = M.data.import;

/** The most one data/*.json (or manifest.json) may unpack to: it is read into memory and parsed. */
const MAX_JSON_BYTES = 128 * 1024 * 1024;
/** The most entries a zip may list (each is held in memory while the import runs): one per stored file, plus the data. */
export const MAX_ZIP_ENTRIES = 200_000;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * What the app itself would accept for each column (its create forms' limits and the lists its output schemas read
 * back with storedEnum): a value outside them never reaches the database, where one bad status would break a list.
 */
type Rule = { oneOf?: readonly string[]; max?: number; email?: true; url?: true };
const RULES: Partial<Record<EntityName, Record<string, Rule>>> = {
  users: { role: { oneOf: STAFF_ROLES } },
  companies: { name: { max: 200 }, industry: { max: 100 }, website: { max: 300, url: true }, address: { max: 300 }, phone: { max: 40 }, status: { oneOf: COMPANY_STATUSES } },
  contacts: { firstName: { max: 100 }, lastName: { max: 100 }, email: { email: true }, phone: { max: 40 }, role: { oneOf: CONTACT_ROLES }, title: { max: 100 } },
  projects: { projectUid: { max: 64 }, name: { max: 200 }, description: { max: 5000 }, status: { oneOf: STORED_PROJECT_STATUSES }, priority: { oneOf: TASK_PRIORITIES } },
  tasks: { title: { max: 200 }, description: { max: 5000 }, status: { oneOf: TASK_STATUSES }, priority: { oneOf: TASK_PRIORITIES } },
  documents: { name: { max: 255 }, type: { oneOf: DOCUMENT_TYPES }, url: { max: 2048 }, mimeType: { max: 255 }, originalName: { max: 255 }, file: { max: 1024 } },
  resources: { title: { max: RESOURCE_LIMITS.titleMax }, description: { max: RESOURCE_LIMITS.descriptionMax }, type: { oneOf: RESOURCE_TYPES }, status: { oneOf: RESOURCE_STATUSES } },
  resourceDetails: { key: { max: RESOURCE_LIMITS.keyMax }, value: { max: RESOURCE_LIMITS.valueMax } },
  flows: { flowUid: { max: 64 }, name: { max: FLOW_LIMITS.nameMax }, description: { max: FLOW_LIMITS.descriptionMax }, workflowType: { oneOf: FLOW_TYPES } },
  flowSteps: { stepTitle: { max: FLOW_LIMITS.stepTitleMax }, content: { max: FLOW_LIMITS.contentMax } },
  flowFields: { fieldLabel: { max: FLOW_LIMITS.labelMax }, fieldType: { oneOf: FLOW_FIELD_TYPES }, helpText: { max: FLOW_LIMITS.helpTextMax }, options: { max: 20_000 } },
  flowSubmissions: { status: { oneOf: SUBMISSION_STATUSES } },
  flowAnswers: { value: { max: 10_000 } },
};

/** The first problem of a checked value with its column's rule, or null. */
function ruleProblem(column: string, rule: Rule, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (rule.oneOf && !rule.oneOf.includes(value)) return I.notOneOf(column, rule.oneOf.join(', '));
  if (rule.max !== undefined && value.length > rule.max) return I.tooLongValue(column, rule.max);
  if (rule.email && (value.length > 320 || !emailSchema.safeParse(value).success)) return I.badEmail(column);
  if (rule.url && value !== '' && !/^https?:\/\/[^\s.]+\.[^\s]+$/i.test(value.trim())) return I.badUrl(column);
  return null;
}

/** documentDownloadPath(id) around the id, for the one UPDATE that sets the urls of imported files. */
const [DOWNLOAD_PREFIX, DOWNLOAD_SUFFIX] = documentDownloadPath(0).split(/(?<=\/)0(?=\/)/);
/** A download route of a stored document (of whichever installation wrote it). */
const DOWNLOAD_PATH = /^\/api\/documents\/\d+\/download$/;

/** Columns that may be null (the rest must have a value). */
const NULLABLE: Partial<Record<EntityName, readonly string[]>> = {
  companies: ['industry', 'website', 'address', 'phone'],
  contacts: ['companyId', 'phone', 'role', 'title'],
  projects: ['companyId', 'description', 'startDate', 'completionDate', 'totalHoursEstimated', 'totalHoursWorked', 'totalBilledCents'],
  tasks: ['projectId', 'description', 'dueDate', 'assigneeId', 'completedAt'],
  documents: ['companyId', 'projectId', 'mimeType', 'originalName', 'uploadedById', 'file'],
  resources: ['projectId'],
  flows: ['companyId', 'createdById'],
  flowFields: ['helpText'],
  flowSubmissions: ['companyId', 'completedAt'],
};

/** Entities an import creates, in order (users are matched by e-mail, the activity log is not replayed). */
const IMPORTED = ENTITIES.filter((e) => e.name !== 'users' && e.name !== 'activities');

const manifestSchema = z.object({
  format: z.string(),
  version: z.number(),
  exportedAt: z.string(),
  scope: z.union([z.object({ kind: z.literal('agency') }), z.object({ kind: z.literal('company'), companyId: z.number(), companyName: z.string() })]),
  business: z.object({ name: z.string(), slug: z.string() }),
  entities: z.array(z.object({ name: z.string(), json: z.string(), csv: z.string(), count: z.number() })),
  files: z.array(z.object({ path: z.string(), size: z.number().int().nonnegative(), sha256: z.string() })),
  logo: z.string().nullable(),
});
type Manifest = z.infer<typeof manifestSchema>;

type Entry = yauzl.Entry;
type Row = Record<string, unknown>;

/** An open zip: its entries by path (checked), read on demand. */
export class Archive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, Entry>,
  ) {}

  /** Opens the zip and lists its entries; refuses unsafe paths and more unpacked bytes than `maxTotal`. */
  static async open(file: string, maxTotal: number): Promise<Archive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true }, (error, z) => (error || !z ? reject(error) : resolve(z))),
    ).catch(() => {
      throw new ImportFileError(I.notZip);
    });
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      zip.close();
      throw new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US')));
    }
    const entries = new Map<string, Entry>();
    let total = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          const name = entry.fileName;
          if (!isSafePath(name)) return reject(new ImportFileError(I.unsafePath(name)));
          total += entry.uncompressedSize;
          if (total > maxTotal) return reject(new ImportFileError(I.unpackedTooLarge));
          if (!name.endsWith('/')) entries.set(name, entry);
          if (entries.size > MAX_ZIP_ENTRIES) return reject(new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US'))));
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', (error: Error) =>
          reject(/invalid relative path|absolute path/i.test(error.message) ? new ImportFileError(I.unsafePath(error.message.split(': ').pop() ?? '')) : new ImportFileError(I.notZip)),
        );
        zip.readEntry();
      });
    } catch (error) {
      zip.close();
      throw error;
    }
    return new Archive(zip, entries);
  }

  close() {
    this.zip.close();
  }

  /** The entry's bytes as a stream (sizes checked by yauzl against the central directory). */
  stream(entry: Entry): Promise<Readable> {
    return new Promise((resolve, reject) => this.zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))));
  }

  /** A JSON entry, parsed; a missing or unreadable one refuses the whole file. */
  async json(path: string): Promise<unknown> {
    const entry = this.entries.get(path);
    if (!entry) throw new ImportFileError(I.missingPart(path));
    if (entry.uncompressedSize > MAX_JSON_BYTES) throw new ImportFileError(I.unpackedTooLarge);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.stream(entry)) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      throw new ImportFileError(I.badPart(path));
    }
  }

  /** A small entry's bytes (the caller has checked its size). */
  async bytes(entry: Entry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The SHA-256 (hex) and size of an entry's bytes. */
  async digest(entry: Entry): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of await this.stream(entry)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { sha256: hash.digest('hex'), size };
  }
}

/** A relative path of plain segments: no absolute path, drive letter, backslash, '..' or '.' segment, no NUL. */
export function isSafePath(name: string): boolean {
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\') || name.includes('\0')) return false;
  const segments = name.replace(/\/$/, '').split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The value as it is written, or an issue's message. */
function checkValue(type: string, value: unknown): { ok: true; value: unknown } | { ok: false } {
  switch (type) {
    case 'int':
      return Number.isSafeInteger(value) ? { ok: true, value } : { ok: false };
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? { ok: true, value } : { ok: false };
    case 'string':
    case 'text':
      return typeof value === 'string' ? { ok: true, value } : { ok: false };
    case 'boolean':
      return typeof value === 'boolean' ? { ok: true, value } : { ok: false };
    case 'date': {
      if (typeof value !== 'string' || !ISO_DATE.test(value)) return { ok: false };
      const date = new Date(value);
      return Number.isNaN(date.getTime()) ? { ok: false } : { ok: true, value: date };
    }
    case 'json':
      // Stored as JSON text; an export may also carry it parsed.
      if (typeof value === 'string') return { ok: true, value };
      return value === undefined ? { ok: false } : { ok: true, value: JSON.stringify(value) };
    default:
      return { ok: false };
  }
}

type Analysis = {
  preview: ImportPreview;
  /** How many issues the file has (the preview lists the first ones). */
  issueCount: number;
  manifest: Manifest;
  /** Checked rows per entity (values converted: dates as Date, json as text). */
  rows: Record<EntityName, Row[]>;
  /** Old company/contact id → the target agency's existing one (duplicates). */
  existingCompany: Map<number, number>;
  existingContact: Map<number, number>;
  /** Old user id → the target agency's user with that e-mail. */
  userMatch: Map<number, number>;
  unmatchedPeople: string[];
  /** applyBusiness: the export's business columns (slug excepted, checked) and its logo, or null. */
  business: { values: Row; logoPath: string | null; logoMime: ImageType | null } | null;
};

const optional = (max: number) => z.string().trim().max(max).nullish().transform((v) => v ?? '');
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

const nameKey = (name: string) => name.trim().toLowerCase();

/** Reads and checks the whole export against the target agency (nothing is written). */
export async function analyseArchive(db: Db, businessId: number, archive: Archive, options: { applyBusiness?: boolean } = {}): Promise<Analysis> {
  const manifestValue = await archive.json(MANIFEST_PATH).catch((error) => {
    if (error instanceof ImportFileError && !archive.entries.has(MANIFEST_PATH)) throw new ImportFileError(I.notExport);
    throw new ImportFileError(I.badManifest);
  });
  const parsed = manifestSchema.safeParse(manifestValue);
  if (!parsed.success || parsed.data.format !== EXPORT_FORMAT) {
    if (manifestValue && typeof manifestValue === 'object' && (manifestValue as { format?: unknown }).format !== EXPORT_FORMAT) throw new ImportFileError(I.notExport);
    throw new ImportFileError(I.badManifest);
  }
  const manifest = parsed.data;
  if (manifest.version > EXPORT_VERSION) throw new ImportFileError(I.newerVersion(String(manifest.version)));
  if (manifest.version !== EXPORT_VERSION) throw new ImportFileError(I.badManifest);
  const business = await archive.json(BUSINESS_PATH);
  if (!business || typeof business !== 'object' || Array.isArray(business)) throw new ImportFileError(I.badPart(BUSINESS_PATH));

  const issues: ImportIssue[] = [];
  const rows = {} as Record<EntityName, Row[]>;
  const errorLines = {} as Record<EntityName, Set<number>>;
  for (const spec of ENTITIES) {
    errorLines[spec.name] = new Set();
    const path = jsonPath(spec.name);
    // The activity log is not imported: never read (it can be the largest file of an export).
    if (spec.name === 'activities') {
      rows.activities = [];
      continue;
    }
    const value = await archive.json(path);
    if (!Array.isArray(value)) throw new ImportFileError(I.badPart(path));
    rows[spec.name] = value.map((raw: unknown, index) => checkRow(spec, raw, index + 2, issues, errorLines[spec.name]));
  }

  // References: every id a row names is a row of the export (or null).
  const ids = {} as Record<EntityName, Set<number>>;
  for (const spec of ENTITIES) if ('id' in spec.columns) ids[spec.name] = new Set(rows[spec.name].map((r) => r.id as number));
  for (const spec of IMPORTED) {
    rows[spec.name].forEach((row, index) => {
      for (const [column, target] of Object.entries(spec.refs)) {
        const id = row[column];
        if (typeof id === 'number' && !ids[target].has(id)) {
          issues.push({ line: index + 2, entity: spec.name, field: column, message: I.danglingRef(column, id) });
          errorLines[spec.name].add(index + 2);
        }
      }
    });
  }
  // A file answer names a document of the export.
  const fileFields = new Set(rows.flowFields.filter((f) => f.fieldType === 'file').map((f) => f.id as number));
  rows.flowAnswers.forEach((answer, index) => {
    if (!fileFields.has(answer.flowFieldId as number) || answer.value === '') return;
    const id = Number(answer.value);
    if (!Number.isSafeInteger(id) || !ids.documents.has(id)) {
      issues.push({ line: index + 2, entity: 'flowAnswers', field: 'value', message: I.danglingRef('value', Number.isSafeInteger(id) ? id : 0) });
      errorLines.flowAnswers.add(index + 2);
    }
  });
  // E-mails are unique within an agency.
  const emailLine = new Map<string, number>();
  rows.contacts.forEach((contact, index) => {
    if (typeof contact.email !== 'string') return;
    const key = contact.email.trim().toLowerCase();
    const earlier = emailLine.get(key);
    if (earlier !== undefined) {
      issues.push({ line: index + 2, entity: 'contacts', field: 'email', message: I.sameEmailInExport(earlier) });
      errorLines.contacts.add(index + 2);
    } else emailLine.set(key, index + 2);
  });

  // Keys that must be unique: ids within an entity, a stored file per document, a detail key per resource, one
  // submission per contact and flow (the commit would otherwise refuse, or link two rows to one file).
  const unique = (entity: EntityName, key: (row: Row) => string | null, message: (line: number) => string, field: string) => {
    const seen = new Map<string, number>();
    rows[entity].forEach((row, index) => {
      const k = key(row);
      if (k === null) return;
      const earlier = seen.get(k);
      if (earlier === undefined) seen.set(k, index + 2);
      else {
        issues.push({ line: index + 2, entity, field, message: message(earlier) });
        errorLines[entity].add(index + 2);
      }
    });
  };
  for (const spec of IMPORTED) if ('id' in spec.columns) unique(spec.name, (r) => (typeof r.id === 'number' ? String(r.id) : null), I.sameIdInExport, 'id');
  unique('documents', (r) => (typeof r.file === 'string' ? r.file : null), I.sameFileInExport, 'file');
  unique('resourceDetails', (r) => (typeof r.resourceId === 'number' && typeof r.key === 'string' ? `${r.resourceId}:${r.key}` : null), I.sameDetailInExport, 'key');
  unique(
    'flowSubmissions',
    (r) => (typeof r.flowId === 'number' && typeof r.contactId === 'number' ? `${r.flowId}:${r.contactId}` : null),
    I.sameSubmissionInExport,
    'contactId',
  );

  // Stored files: listed in the manifest, present, with its size and checksum.
  const listed = new Map(manifest.files.map((f) => [f.path, f]));
  for (const [index, doc] of rows.documents.entries()) {
    const path = doc.file;
    if (typeof path !== 'string') continue;
    const fail = (message: string) => {
      issues.push({ line: index + 2, entity: 'documents', field: 'file', message });
      errorLines.documents.add(index + 2);
    };
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
    if (!actual || actual.sha256 !== expected.sha256.toLowerCase() || actual.size !== expected.size) fail(I.fileChanged(path));
  }

  // The business details and logo, when they are to replace this agency's.
  let applied: Analysis['business'] = null;
  if (options.applyBusiness) {
    const checked = businessJsonSchema.safeParse(business);
    if (!checked.success) {
      for (const issue of checked.error.issues) issues.push({ line: null, entity: 'business', field: String(issue.path[0] ?? ''), message: I.businessInvalid(String(issue.path[0] ?? '')) });
    }
    let logoMime: ImageType | null = null;
    const logoPath = manifest.logo;
    if (logoPath) {
      const entry = isSafePath(logoPath) ? archive.entries.get(logoPath) : undefined;
      const listed = manifest.files.find((f) => f.path === logoPath);
      const bytes = entry && listed && entry.uncompressedSize <= LIMITS.logoMaxBytes ? await archive.bytes(entry).catch(() => null) : null;
      logoMime = bytes ? imageTypeOf(bytes) : null;
      if (!bytes || !listed || createHash('sha256').update(bytes).digest('hex') !== listed.sha256.toLowerCase() || !logoMime) {
        issues.push({ line: null, entity: 'business', field: 'logo', message: I.logoInvalid(logoPath) });
      }
    }
    if (checked.success) {
      const { logoName, ...values } = checked.data;
      applied = { values: { ...values, logoName: logoPath ? (logoName ?? null) : null }, logoPath: logoPath ?? null, logoMime };
    }
  }

  // Duplicates against the target agency: companies by name, contacts by e-mail.
  const [companies, contacts, users] = await Promise.all([
    db.company.findMany({ where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    db.contact.findMany({ where: { businessId, email: { in: [...emailLine.keys()] } }, select: { id: true, email: true } }),
    db.user.findMany({ where: { businessId }, select: { id: true, email: true } }),
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
    else unmatchedPeople.push(`${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim() + ` (${String(u.email)})`);
  }

  const counts: ImportPreview['counts'] = {};
  for (const spec of IMPORTED) {
    const errors = errorLines[spec.name].size;
    const duplicates =
      spec.name === 'companies'
        ? rows.companies.filter((r, i) => !errorLines.companies.has(i + 2) && existingCompany.has(r.id as number)).length
        : spec.name === 'contacts'
          ? rows.contacts.filter((r, i) => !errorLines.contacts.has(i + 2) && existingContact.has(r.id as number)).length
          : 0;
    counts[spec.name] = { new: rows[spec.name].length - errors - duplicates, duplicate: duplicates, error: errors };
  }

  const previewRows: ImportPreviewRow[] = [];
  const byLine = new Map<string, string[]>();
  for (const issue of issues) {
    const key = `${issue.entity}:${issue.line}`;
    const list = byLine.get(key);
    if (list) list.push(issue.message);
    else byLine.set(key, [issue.message]);
  }
  const messagesAt = (entity: EntityName, line: number) => byLine.get(`${entity}:${line}`) ?? [];
  rows.companies.forEach((c, index) => {
    const line = index + 2;
    const existing = existingCompany.get(c.id as number);
    const status = errorLines.companies.has(line) ? 'error' : existing !== undefined ? 'duplicate' : 'new';
    previewRows.push({
      line,
      status,
      values: textValues(c, ['name', 'industry', 'website', 'address', 'phone', 'status']),
      messages: status === 'error' ? messagesAt('companies', line) : status === 'duplicate' ? [I.companyExists(String(c.name))] : [],
    });
  });
  const companyName = new Map(rows.companies.map((c) => [c.id as number, String(c.name ?? '')]));
  rows.contacts.forEach((c, index) => {
    const line = index + 2;
    const status = errorLines.contacts.has(line) ? 'error' : existingContact.has(c.id as number) ? 'duplicate' : 'new';
    previewRows.push({
      line,
      status,
      values: { ...textValues(c, ['firstName', 'lastName', 'email', 'phone', 'role', 'title']), company: typeof c.companyId === 'number' ? (companyName.get(c.companyId) ?? '') : '' },
      messages:
        status === 'error' ? messagesAt('contacts', line) : status === 'duplicate' ? [I.contactExists(`${String(c.firstName)} ${String(c.lastName)}`.trim())] : [],
    });
  });
  const order = { error: 0, duplicate: 1, new: 2 } as const;
  previewRows.sort((a, b) => order[a.status] - order[b.status]);

  const preview: ImportPreview = {
    kind: 'archive',
    headers: [],
    mapping: {},
    rows: previewRows.slice(0, IMPORT_PREVIEW_ROWS),
    counts,
    issues: capIssues(issues),
    newCompanies: [],
    source: {
      businessName: manifest.business.name,
      exportedAt: manifest.exportedAt,
      scope: manifest.scope.kind === 'company' ? manifest.scope.companyName : manifest.scope.kind,
    },
  };
  return { preview, issueCount: issues.length, manifest, rows, existingCompany, existingContact, userMatch, unmatchedPeople, business: applied };
}

const textValues = (row: Row, columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c] == null ? '' : String(row[c])]));

/** One row's columns and types; issues are added with the row's line in data/<entity>.csv. */
function checkRow(spec: EntitySpec, raw: unknown, line: number, issues: ImportIssue[], errorLines: Set<number>): Row {
  const fail = (field: string | undefined, message: string) => {
    issues.push({ line, entity: spec.name, ...(field ? { field } : {}), message });
    errorLines.add(line);
  };
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    fail(undefined, I.badPart(jsonPath(spec.name)));
    return {};
  }
  const source = raw as Row;
  const row: Row = {};
  const nullable = NULLABLE[spec.name] ?? [];
  const rules = RULES[spec.name] ?? {};
  for (const [column, type] of Object.entries(spec.columns)) {
    if (!(column in source)) {
      fail(column, I.columnMissing(column));
      continue;
    }
    const value = source[column];
    if (value === null) {
      if (nullable.includes(column) || spec.name === 'activities' || spec.name === 'users') row[column] = null;
      else fail(column, I.columnRequired(column));
      continue;
    }
    const checked = checkValue(type, value);
    if (!checked.ok) {
      fail(column, I.columnType(column, I.typeLabels[type] ?? type));
      continue;
    }
    // Ids, sizes, positions and cents are 32-bit integers in both databases.
    if (type === 'int' && ((value as number) < INT32_MIN || (value as number) > INT32_MAX)) {
      fail(column, I.outOfRange(column));
      continue;
    }
    const rule = rules[column];
    const problem = rule ? ruleProblem(column, rule, checked.value) : null;
    if (problem) {
      fail(column, problem);
      continue;
    }
    row[column] = checked.value;
  }
  // A link without a stored file is an http(s) address, none, or the source's download route (imported as none).
  if (spec.name === 'documents' && row.file === null && typeof row.url === 'string' && row.url !== '' && !DOWNLOAD_PATH.test(row.url)) {
    if (!documentUrlSchema.safeParse(row.url).success) fail('url', I.badUrl('url'));
  }
  return row;
}

const CHUNK = 200;

/** Writes the files, then every row in one transaction; on any failure the files written are removed. */
export async function commitArchive(
  db: Db,
  storage: FileStorage,
  businessId: number,
  actor: Actor,
  fileName: string,
  archive: Archive,
  analysis: Analysis,
): Promise<ImportSummary> {
  if (analysis.issueCount) throw new ImportIssuesError(analysis.preview.issues, analysis.issueCount);
  const { rows } = analysis;
  const written: string[] = [];
  const keyOfPath = new Map<string, { key: string; size: number }>();
  let oldLogo: string | null = null;
  try {
    for (const doc of rows.documents) {
      const path = doc.file;
      if (typeof path !== 'string' || keyOfPath.has(path)) continue;
      const key = storage.newKey(businessId);
      written.push(key);
      keyOfPath.set(path, { key, size: await copyEntry(archive, path, storage, key) });
    }
    let logo: { key: string; name: string; mime: string } | null = null;
    if (analysis.business) {
      const { logoPath: path, logoMime } = analysis.business;
      if (path && logoMime) {
        const key = storage.newKey(businessId);
        written.push(key);
        await copyEntry(archive, path, storage, key);
        logo = { key, name: String(analysis.business.values.logoName ?? '') || path.split('/').pop()!, mime: logoMime };
      }
    }
    const summary = await db.$transaction(
      async (tx) => {
        const summary = await writeRows(tx as unknown as Db, businessId, actor, fileName, analysis, keyOfPath);
        // A company export carries no logo: this agency's stays; an agency export's logo (or none) replaces it.
        const keepLogo = analysis.manifest.scope.kind === 'company';
        if (analysis.business) oldLogo = await applyBusiness(tx as unknown as Db, businessId, analysis.business.values, keepLogo ? undefined : logo);
        return summary;
      },
      { timeout: 300_000, maxWait: 10_000 },
    );
    // The replaced logo's file goes once the business no longer names it.
    const replaced = oldLogo as string | null;
    if (replaced) await storage.remove(replaced).catch((e: unknown) => log.error({ err: e, key: replaced }, 'import: the replaced logo could not be removed from storage'));
    return summary;
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch((e: unknown) => log.error({ err: e, key }, 'import: a file of the failed import could not be removed from storage'))));
    if ((error as { code?: string }).code === 'P2002') throw new ImportFileError(I.exportConflict);
    throw transactionRefusal(error) ?? error;
  }
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
async function applyBusiness(tx: Db, businessId: number, values: Row, logo: { key: string; name: string; mime: string } | null | undefined): Promise<string | null> {
  const current = await tx.business.findUnique({ where: { id: businessId }, select: { logoKey: true } });
  const { logoName: _name, ...details } = values;
  const logoColumns = logo === undefined ? {} : { logoKey: logo?.key ?? null, logoName: logo?.name ?? null, logoMime: logo?.mime ?? null };
  await tx.business.update({ where: { id: businessId }, data: { ...details, ...logoColumns, updatedAt: new Date() }, select: { id: true } });
  return logo === undefined || current?.logoKey === logo?.key ? null : (current?.logoKey ?? null);
}

/**
 * The ids the database gave rows created in one statement, in the rows' order. Both databases number the rows of one
 * multi-row INSERT in order, so the ids sorted pair with the rows; the `check` column of each created row is compared
 * with the row it is paired with, and any mismatch aborts the import (the transaction rolls back) rather than linking
 * a record to the wrong parent.
 */
async function createAll<T extends Row>(
  create: (data: T[], select: Record<string, true>) => Promise<Row[]>,
  data: T[],
  check: string,
): Promise<number[]> {
  const ids: number[] = [];
  const text = (value: unknown) => (value instanceof Date ? value.toISOString() : value == null ? '' : String(value));
  for (let i = 0; i < data.length; i += CHUNK) {
    const chunk = data.slice(i, i + CHUNK);
    const created = (await create(chunk, { id: true, [check]: true })).sort((a, b) => Number(a.id) - Number(b.id));
    if (created.length !== chunk.length || created.some((row, j) => text(row[check]) !== text(chunk[j][check]))) {
      throw new Error(`Import: the ids of the created ${check} rows could not be paired with the file's rows.`);
    }
    ids.push(...created.map((r) => Number(r.id)));
  }
  return ids;
}

async function writeRows(
  tx: Db,
  businessId: number,
  actor: Actor,
  fileName: string,
  analysis: Analysis,
  keyOfPath: Map<string, { key: string; size: number }>,
): Promise<ImportSummary> {
  const { rows, userMatch } = analysis;
  // Read again inside the transaction: a company or contact added since the preview (another import, the hub) is a
  // duplicate too, so it is never created twice.
  const existingCompany = new Map(analysis.existingCompany);
  const existingContact = new Map(analysis.existingContact);
  const companyByName = new Map<string, number>();
  for (const c of await tx.company.findMany({ where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' } })) {
    if (!companyByName.has(nameKey(c.name))) companyByName.set(nameKey(c.name), c.id);
  }
  for (const c of rows.companies) {
    const match = companyByName.get(nameKey(String(c.name)));
    if (match !== undefined && !existingCompany.has(c.id as number)) existingCompany.set(c.id as number, match);
  }
  const emails = rows.contacts.map((c) => String(c.email).trim().toLowerCase());
  const contactByEmail = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK * 5) {
    const found = await tx.contact.findMany({ where: { businessId, email: { in: emails.slice(i, i + CHUNK * 5) } }, select: { id: true, email: true } });
    for (const c of found) contactByEmail.set(c.email.toLowerCase(), c.id);
  }
  for (const c of rows.contacts) {
    const match = contactByEmail.get(String(c.email).trim().toLowerCase());
    if (match !== undefined && !existingContact.has(c.id as number)) existingContact.set(c.id as number, match);
  }
  const created: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const idMap = {} as Record<EntityName, Map<number, number>>;
  for (const spec of ENTITIES) idMap[spec.name] = new Map();
  for (const [oldId, newId] of userMatch) idMap.users.set(oldId, newId);
  for (const [oldId, newId] of existingCompany) idMap.companies.set(oldId, newId);
  for (const [oldId, newId] of existingContact) idMap.contacts.set(oldId, newId);
  const ref = (entity: EntityName, id: unknown) => (typeof id === 'number' ? (idMap[entity].get(id) ?? null) : null);
  const record = async <T extends Row>(
    name: EntityName,
    source: Row[],
    toData: (row: Row) => T,
    create: (data: T[], select: Record<string, true>) => Promise<Row[]>,
    check: string,
  ) => {
    const ids = await createAll(create, source.map(toData), check);
    source.forEach((row, i) => idMap[name].set(row.id as number, ids[i]));
    created[name] = source.length;
  };
  const stamps = (row: Row, ...columns: string[]) => Object.fromEntries(columns.map((c) => [c, row[c]]));

  const companies = rows.companies.filter((c) => !existingCompany.has(c.id as number));
  skipped.companies = rows.companies.length - companies.length;
  await record(
    'companies',
    companies,
    (c) => ({ businessId, ...stamps(c, 'name', 'industry', 'website', 'address', 'phone', 'status', 'createdAt', 'updatedAt') }),
    (data, select) => tx.company.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'name',
  );

  const contacts = rows.contacts.filter((c) => !existingContact.has(c.id as number));
  skipped.contacts = rows.contacts.length - contacts.length;
  await record(
    'contacts',
    contacts,
    (c) => ({
      businessId,
      companyId: ref('companies', c.companyId),
      // Portal passwords are never exported: a contact with portal access gets an invite or a password from the hub.
      ...stamps(c, 'firstName', 'lastName', 'phone', 'role', 'title', 'portalAccess', 'notifyByEmail', 'createdAt', 'updatedAt'),
      email: String(c.email).trim().toLowerCase(),
    }),
    (data, select) => tx.contact.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'email',
  );

  await record(
    'projects',
    rows.projects,
    (p) => ({
      businessId,
      companyId: ref('companies', p.companyId),
      ...stamps(p, 'name', 'description', 'status', 'priority', 'startDate', 'completionDate', 'totalHoursEstimated', 'totalHoursWorked', 'totalBilledCents', 'createdAt', 'updatedAt'),
    }),
    (data, select) => tx.project.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'name',
  );

  const links = new Set<string>();
  const projectContacts = rows.projectContacts
    .map((pc) => ({ businessId, projectId: ref('projects', pc.projectId)!, contactId: ref('contacts', pc.contactId)! }))
    .filter((pc) => {
      const key = `${pc.projectId}:${pc.contactId}`;
      if (links.has(key)) return false;
      links.add(key);
      return true;
    });
  for (let i = 0; i < projectContacts.length; i += CHUNK) await tx.projectContact.createMany({ data: projectContacts.slice(i, i + CHUNK) });
  created.projectContacts = projectContacts.length;

  await record(
    'tasks',
    rows.tasks,
    (t) => ({
      businessId,
      projectId: ref('projects', t.projectId),
      assigneeId: ref('users', t.assigneeId),
      ...stamps(t, 'title', 'description', 'status', 'priority', 'dueDate', 'completedAt', 'createdAt', 'updatedAt'),
      // An older export may lack completion dates: a completed task then counts as completed at its last change.
      completedAt: t.status === 'completed' ? (t.completedAt ?? t.updatedAt ?? null) : null,
    }),
    (data, select) => tx.task.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'title',
  );

  await record(
    'documents',
    rows.documents,
    (d) => {
      const stored = typeof d.file === 'string' ? keyOfPath.get(d.file) : undefined;
      return {
        businessId,
        companyId: ref('companies', d.companyId),
        projectId: ref('projects', d.projectId),
        uploadedById: ref('users', d.uploadedById),
        ...stamps(d, 'name', 'type', 'mimeType', 'originalName', 'visibleInPortal', 'createdAt'),
        // A link to the source installation's download route would name another record here: no link instead.
        url: stored || (typeof d.url === 'string' && DOWNLOAD_PATH.test(d.url)) ? '' : d.url,
        storageKey: stored?.key ?? null,
        size: stored ? stored.size : d.size,
      };
    },
    (data, select) => tx.document.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'name',
  );
  // A stored file's url is its download route, which names the new id: one UPDATE per chunk (the ids are the
  // integers the database just gave, so they are written into the statement as they are).
  const storedIds = rows.documents.filter((d) => typeof d.file === 'string').map((d) => idMap.documents.get(d.id as number)!);
  for (let i = 0; i < storedIds.length; i += CHUNK * 5) {
    const ids = storedIds.slice(i, i + CHUNK * 5).map((id) => String(Math.trunc(Number(id))));
    await tx.$executeRawUnsafe(
      `UPDATE "Document" SET "url" = '${DOWNLOAD_PREFIX}' || CAST("id" AS TEXT) || '${DOWNLOAD_SUFFIX}' WHERE "businessId" = ${Math.trunc(businessId)} AND "id" IN (${ids.join(',')})`,
    );
  }
  const sourceLinks = rows.documents.filter((d) => typeof d.file !== 'string' && typeof d.url === 'string' && DOWNLOAD_PATH.test(d.url)).length;
  created.files = keyOfPath.size;

  await record(
    'resources',
    rows.resources,
    (r) => ({
      businessId,
      companyId: ref('companies', r.companyId),
      projectId: ref('projects', r.projectId),
      ...stamps(r, 'title', 'description', 'type', 'status', 'visibleToClient', 'createdAt', 'updatedAt'),
    }),
    (data, select) => tx.resource.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'title',
  );
  await record(
    'resourceDetails',
    rows.resourceDetails,
    (d) => ({ businessId, resourceId: ref('resources', d.resourceId), ...stamps(d, 'key', 'value', 'position') }),
    (data, select) => tx.resourceDetail.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'key',
  );
  await record(
    'flows',
    rows.flows,
    (f) => ({
      businessId,
      companyId: ref('companies', f.companyId),
      createdById: ref('users', f.createdById),
      ...stamps(f, 'name', 'description', 'workflowType', 'isActive', 'createdAt', 'updatedAt'),
    }),
    (data, select) => tx.flow.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'name',
  );
  await record(
    'flowSteps',
    rows.flowSteps,
    (s) => ({ businessId, flowId: ref('flows', s.flowId), ...stamps(s, 'stepOrder', 'stepTitle', 'content', 'createdAt', 'updatedAt') }),
    (data, select) => tx.flowStep.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'stepTitle',
  );
  await record(
    'flowFields',
    rows.flowFields,
    (f) => ({ businessId, flowStepId: ref('flowSteps', f.flowStepId), ...stamps(f, 'fieldLabel', 'fieldType', 'isRequired', 'options', 'helpText', 'order', 'createdAt') }),
    (data, select) => tx.flowField.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'fieldLabel',
  );

  // One submission per contact and flow: a duplicate contact may already have answered that flow here.
  const answered = new Set<string>();
  const submissions = rows.flowSubmissions.filter((s) => {
    const key = `${ref('flows', s.flowId)}:${ref('contacts', s.contactId)}`;
    if (answered.has(key)) return false;
    answered.add(key);
    return true;
  });
  skipped.flowSubmissions = rows.flowSubmissions.length - submissions.length;
  await record(
    'flowSubmissions',
    submissions,
    (s) => ({
      businessId,
      flowId: ref('flows', s.flowId),
      contactId: ref('contacts', s.contactId),
      companyId: ref('companies', s.companyId),
      ...stamps(s, 'status', 'currentStep', 'completedAt', 'createdAt', 'updatedAt'),
    }),
    (data, select) => tx.flowSubmission.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'contactId',
  );
  const fileFields = new Set(rows.flowFields.filter((f) => f.fieldType === 'file').map((f) => f.id as number));
  const answers = rows.flowAnswers.filter((a) => idMap.flowSubmissions.has(a.submissionId as number));
  skipped.flowAnswers = rows.flowAnswers.length - answers.length;
  await record(
    'flowAnswers',
    answers,
    (a) => ({
      businessId,
      submissionId: ref('flowSubmissions', a.submissionId),
      flowFieldId: ref('flowFields', a.flowFieldId),
      value: fileFields.has(a.flowFieldId as number) && a.value !== '' ? String(ref('documents', Number(a.value))) : a.value,
    }),
    (data, select) => tx.flowAnswer.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'flowFieldId',
  );

  const notes: string[] = [];
  if (analysis.unmatchedPeople.length) notes.push(I.notePeople(analysis.unmatchedPeople.join(', ')));
  if (skipped.flowSubmissions) notes.push(I.noteSubmissions(skipped.flowSubmissions));
  if (sourceLinks) notes.push(I.noteSourceLinks(sourceLinks));
  notes.push(I.noteActivities, analysis.business ? I.noteBusinessApplied : I.noteBusiness);

  await recordActivity(tx, businessId, actor, {
    entityType: 'import',
    entityName: fileName,
    action: 'imported',
    changes: Object.entries(created)
      .filter(([, n]) => n > 0)
      .map(([field, to]) => ({ field, from: null, to })),
  });
  const { files, ...rowsCreated } = created;
  return {
    kind: 'archive',
    created: rowsCreated,
    skipped: Object.fromEntries(Object.entries(skipped).filter(([, n]) => n > 0)),
    files: files ?? 0,
    notes,
  };
}
