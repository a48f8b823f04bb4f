/**
 * A Clientflow export (zip, server/data/format.ts) into an agency: POST /api/imports with kind archive. The zip is a
 * temporary file read with random access (yauzl); nothing in it is trusted: paths, sizes, every row's columns and
 * types, every reference and every stored file's checksum are checked before anything is written. A commit streams
 * the files into FileStorage, then creates every row in one transaction with new ids; if anything fails, the files
 * written are removed again.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { TokenParser, TokenType, Tokenizer } from '@streamparser/json';
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
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { emailSchema } from '../../shared/schemas/auth';
import { hexColorSchema, loginTextSchema } from '../../shared/schemas/business';
import { documentDownloadPath, documentUrlSchema } from '../../shared/schemas/documents';
import { FLOW_LIMITS } from '../../shared/schemas/flows';
import { SUBMISSION_STATUSES } from '../../shared/schemas/portal-flows';
import { RESOURCE_LIMITS } from '../../shared/schemas/resources';
import type { ImportIssue, ImportPreview, ImportPreviewRow, ImportSummary } from '../../shared/schemas/data';
import { IMPORT_MAX_ISSUES, IMPORT_PREVIEW_ROWS } from '../../shared/schemas/data';
import { recordActivity, type Actor } from '../activity';
import type { Db } from '../db';
import { imageTypeOf, type ImageType } from '../files/logo';
import { assertStorageQuota, type QuotaEnv } from '../files/quota';
import type { FileStorage } from '../files/storage';
import { log } from '../log';
import {
  BUSINESS_PATH,
  COLUMNS_OF_OLDER_EXPORTS,
  ENTITIES,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_PATH,
  jsonPath,
  type EntityName,
  type EntitySpec,
} from './format';
import { ImportFileError, ImportIssuesError, capIssues, transactionRefusal } from './import-csv';

const I = M.data.import;

/**
 * What one import reads at most, whatever the zip holds: the work and memory of an analysis stay bounded (a zip of a
 * few KB can unpack to gigabytes, or to millions of empty rows). The seed generator's agency (`npm run seed --
 * --agencies`: 50,000 tasks, 20,000 files) has about 80,000 rows, its largest data file (tasks) about 15 MB.
 */
export const ARCHIVE_LIMITS = {
  /** One data/*.json (or manifest.json), unpacked. */
  jsonFileBytes: 64 * 1024 * 1024,
  /** Every data/*.json that is read (the activity log is not), together. */
  jsonTotalBytes: 160 * 1024 * 1024,
  /** data/business.json: one object. */
  businessBytes: 1024 * 1024,
  /** One row of a data file (or one value of manifest.json); the longest text a row may hold is a flow step's 50,000 characters. */
  recordBytes: 1024 * 1024,
  /** Rows of one data file, and of all of them together. */
  rowsPerFile: 250_000,
  rowsInAll: 500_000,
  /** How deep values may nest (a row is at depth 2; a flow field's options a few levels below). */
  depth: 32,
  /** Entries over this size are held to IMPORT_MAX_RATIO (small ones compress well and cost nothing), and so is the zip. */
  ratioGraceBytes: 1024 * 1024,
} as const;
/** The most entries a zip may list (each is held in memory while the import runs): one per stored file, plus the data. */
export const MAX_ZIP_ENTRIES = 200_000;

/** The expansion limits of the configuration (IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_RATIO) and the zip's size. */
export type ArchiveOpenLimits = { maxUnpackedBytes: number; maxRatio: number; fileBytes: number };

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/**
 * What the app itself would accept for each column (its create forms' limits and the lists its output schemas read
 * back with storedEnum): a value outside them never reaches the database, where one bad status would break a list.
 */
type Rule = { oneOf?: readonly string[]; max?: number; email?: true; url?: true };
const RULES: Partial<Record<EntityName, Record<string, Rule>>> = {
  users: { role: { oneOf: STAFF_ROLES } },
  companies: {
    name: { max: 200 },
    industry: { max: 100 },
    website: { max: 300, url: true },
    address: { max: 300 },
    phone: { max: 40 },
    status: { oneOf: COMPANY_STATUSES },
  },
  contacts: {
    firstName: { max: 100 },
    lastName: { max: 100 },
    email: { email: true },
    phone: { max: 40 },
    role: { oneOf: CONTACT_ROLES },
    title: { max: 100 },
  },
  projects: {
    projectUid: { max: 64 },
    name: { max: 200 },
    description: { max: 5000 },
    status: { oneOf: STORED_PROJECT_STATUSES },
    priority: { oneOf: TASK_PRIORITIES },
  },
  tasks: {
    title: { max: 200 },
    description: { max: 5000 },
    status: { oneOf: TASK_STATUSES },
    priority: { oneOf: TASK_PRIORITIES },
  },
  documents: {
    name: { max: 255 },
    type: { oneOf: DOCUMENT_TYPES },
    url: { max: 2048 },
    mimeType: { max: 255 },
    originalName: { max: 255 },
    file: { max: 1024 },
  },
  resources: {
    title: { max: RESOURCE_LIMITS.titleMax },
    description: { max: RESOURCE_LIMITS.descriptionMax },
    type: { oneOf: RESOURCE_TYPES },
    status: { oneOf: RESOURCE_STATUSES },
  },
  resourceDetails: { key: { max: RESOURCE_LIMITS.keyMax }, value: { max: RESOURCE_LIMITS.valueMax } },
  flows: {
    flowUid: { max: 64 },
    name: { max: FLOW_LIMITS.nameMax },
    description: { max: FLOW_LIMITS.descriptionMax },
    workflowType: { oneOf: FLOW_TYPES },
  },
  flowSteps: { stepTitle: { max: FLOW_LIMITS.stepTitleMax }, content: { max: FLOW_LIMITS.contentMax } },
  flowFields: {
    fieldLabel: { max: FLOW_LIMITS.labelMax },
    fieldType: { oneOf: FLOW_FIELD_TYPES },
    helpText: { max: FLOW_LIMITS.helpTextMax },
    options: { max: 20_000 },
  },
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
  projects: [
    'companyId',
    'description',
    'startDate',
    'completionDate',
    'totalHoursEstimated',
    'totalHoursWorked',
    'totalBilledCents',
  ],
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

type Entry = yauzl.Entry;
type Row = Record<string, unknown>;

/** An open zip: its entries by path (checked), read on demand. */
export class Archive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, Entry>,
  ) {}

  /**
   * Opens the zip and lists its entries; refuses unsafe paths, more unpacked bytes than IMPORT_MAX_UNPACKED_BYTES, and
   * an entry over 1 MiB, or the whole zip, unpacking to more than IMPORT_MAX_RATIO times its packed size. yauzl
   * (validateEntrySizes) holds every entry's stream to the size listed here, so what is checked is what is read.
   */
  static async open(file: string, limits: ArchiveOpenLimits): Promise<Archive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
        (error, z) => (error || !z ? reject(error) : resolve(z)),
      ),
    ).catch(() => {
      throw new ImportFileError(I.notZip);
    });
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      zip.close();
      throw new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US')));
    }
    const entries = new Map<string, Entry>();
    const grace = ARCHIVE_LIMITS.ratioGraceBytes;
    let total = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          const name = entry.fileName;
          if (!isSafePath(name)) return reject(new ImportFileError(I.unsafePath(name)));
          total += entry.uncompressedSize;
          if (total > limits.maxUnpackedBytes)
            return reject(new ImportFileError(I.unpackedTooLarge(formatFileSize(limits.maxUnpackedBytes))));
          if (
            entry.uncompressedSize > grace &&
            entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            return reject(new ImportFileError(I.entryRatioTooHigh(name, limits.maxRatio)));
          }
          if (!name.endsWith('/')) entries.set(name, entry);
          if (entries.size > MAX_ZIP_ENTRIES)
            return reject(new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US'))));
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', (error: Error) =>
          reject(
            /invalid relative path|absolute path/i.test(error.message)
              ? new ImportFileError(I.unsafePath(error.message.split(': ').pop() ?? ''))
              : new ImportFileError(I.notZip),
          ),
        );
        zip.readEntry();
      });
      // Many small entries (or entries sharing their packed bytes) unpack to far more than the zip: the whole is held too.
      if (total > grace && total > limits.maxRatio * Math.max(1, limits.fileBytes))
        throw new ImportFileError(I.archiveRatioTooHigh(limits.maxRatio));
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
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
    );
  }

  /** An entry that must be there, at most `maxBytes` unpacked. */
  private part(path: string, maxBytes: number): Entry {
    const entry = this.entries.get(path);
    if (!entry) throw new ImportFileError(I.missingPart(path));
    if (entry.uncompressedSize > maxBytes) throw new ImportFileError(I.jsonTooLarge(path, formatFileSize(maxBytes)));
    return entry;
  }

  /**
   * A small JSON entry (manifest.json, data/business.json), parsed whole: at most `maxBytes`, and at most `maxValues`
   * values (keys and values; a manifest lists one file per zip entry, so its count follows the zip's).
   */
  async json(path: string, maxBytes: number, maxValues: number): Promise<unknown> {
    let value: unknown;
    await this.parse(path, this.part(path, maxBytes), { maxValues, onValue: (v) => (value = v) });
    return value;
  }

  /**
   * A data/<entity>.json, streamed: `onRow` gets each element of its top-level array in turn, and the parsed row is
   * dropped once it returns. At most `maxBytes` unpacked.
   */
  async rows(path: string, maxBytes: number, onRow: (row: unknown) => void): Promise<void> {
    await this.parse(path, this.part(path, maxBytes), { rows: true, onValue: onRow });
  }

  /**
   * Streams an entry through a tokenizer whose tokens are checked before they are assembled: nesting depth, the size
   * of one record (a row, or for a whole document one token with the space before it), and the number of values.
   * A JSON error, or a refusal from onValue, ends the read; only an ImportFileError's own sentence is kept.
   */
  private async parse(
    path: string,
    entry: Entry,
    options: { rows?: true; maxValues?: number; onValue: (value: unknown) => void },
  ): Promise<void> {
    const tokenizer = new Tokenizer();
    const parser = new TokenParser(options.rows ? { paths: ['$.*'], keepStack: false } : { paths: ['$'] });
    parser.onValue = ({ value }) => options.onValue(value);
    const maxDepth = ARCHIVE_LIMITS.depth;
    let depth = 0;
    let values = 0;
    let started = false;
    /** Where the record being read began: a row's first byte, else the last token's. */
    let anchor = 0;
    let rowStart = 0;
    tokenizer.onToken = (info) => {
      const { token, offset } = info;
      if (!started) {
        started = true;
        if (options.rows && token !== TokenType.LEFT_BRACKET) throw new ImportFileError(I.badPart(path));
      }
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
        depth++;
        if (depth > maxDepth) throw new ImportFileError(I.tooDeep(path, maxDepth));
        if (depth === 2) rowStart = offset;
      } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
      if (
        token !== TokenType.COLON &&
        token !== TokenType.COMMA &&
        options.maxValues !== undefined &&
        ++values > options.maxValues
      ) {
        throw new ImportFileError(I.tooManyValues(path));
      }
      anchor = options.rows && depth >= 2 ? rowStart : offset;
      parser.write(info);
    };
    let read = 0;
    try {
      for await (const chunk of await this.stream(entry)) {
        // A row (or a string, a number, a run of spaces) that has gone on too long is refused before it grows on.
        if (read - anchor > ARCHIVE_LIMITS.recordBytes)
          throw new ImportFileError(I.recordTooLarge(path, formatFileSize(ARCHIVE_LIMITS.recordBytes)));
        tokenizer.write(chunk as Buffer);
        read += (chunk as Buffer).length;
      }
      if (!tokenizer.isEnded) tokenizer.end();
      if (!parser.isEnded) throw new Error('The JSON ended early.');
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
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
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\') || name.includes('\0'))
    return false;
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

const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * The problems of an export: every one counted, the first IMPORT_MAX_ISSUES kept for the answer, and for the
 * entities the preview shows row by row (companies, contacts) the messages of their first IMPORT_PREVIEW_ROWS error
 * lines, the most the preview can show. A file of a million bad rows stays a small analysis.
 */
class Problems {
  count = 0;
  readonly listed: ImportIssue[] = [];
  private readonly shown = new Map<string, Map<number, string[]>>([
    ['companies', new Map()],
    ['contacts', new Map()],
  ]);
  /** The last line each entity keeps messages for. */
  private readonly lastShown = new Map<string, number>();

  push(issue: ImportIssue) {
    this.count++;
    if (this.listed.length < IMPORT_MAX_ISSUES) this.listed.push(issue);
    const lines = issue.entity === undefined ? undefined : this.shown.get(issue.entity);
    if (!lines || issue.line === null) return;
    const entity = issue.entity!;
    const kept = lines.get(issue.line);
    if (kept) {
      kept.push(issue.message);
      return;
    }
    const last = this.lastShown.get(entity) ?? -1;
    if (lines.size < IMPORT_PREVIEW_ROWS) {
      lines.set(issue.line, [issue.message]);
      this.lastShown.set(entity, Math.max(last, issue.line));
    } else if (issue.line < last) {
      // Full: an earlier line takes the place of the last one kept.
      lines.delete(last);
      lines.set(issue.line, [issue.message]);
      this.lastShown.set(entity, Math.max(...lines.keys()));
    }
  }

  messagesAt(entity: 'companies' | 'contacts', line: number): string[] {
    return this.shown.get(entity)!.get(line) ?? [];
  }
}

/** Reads and checks the whole export against the target agency (nothing is written). */
export async function analyseArchive(
  db: Db,
  businessId: number,
  archive: Archive,
  options: { applyBusiness?: boolean } = {},
): Promise<Analysis> {
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

  const issues = new Problems();
  const rows = {} as Record<EntityName, Row[]>;
  const errorLines = {} as Record<EntityName, Set<number>>;
  // The activity log is not imported: never read (it can be the largest file of an export).
  const read = ENTITIES.filter((spec) => spec.name !== 'activities');
  // Sizes first (as the zip lists them, which yauzl holds the reading to): nothing is read of a zip over a limit.
  let jsonBytes = 0;
  for (const spec of read) {
    const entry = archive.entries.get(jsonPath(spec.name));
    if (!entry) throw new ImportFileError(I.missingPart(jsonPath(spec.name)));
    if (entry.uncompressedSize > ARCHIVE_LIMITS.jsonFileBytes)
      throw new ImportFileError(I.jsonTooLarge(jsonPath(spec.name), formatFileSize(ARCHIVE_LIMITS.jsonFileBytes)));
    jsonBytes += entry.uncompressedSize;
  }
  if (jsonBytes > ARCHIVE_LIMITS.jsonTotalBytes)
    throw new ImportFileError(I.jsonTotalTooLarge(formatFileSize(ARCHIVE_LIMITS.jsonTotalBytes)));
  // Each file is streamed row by row and only its checked columns are kept.
  let rowsInAll = 0;
  for (const spec of ENTITIES) {
    errorLines[spec.name] = new Set();
    const path = jsonPath(spec.name);
    if (!read.includes(spec)) {
      rows[spec.name] = [];
      continue;
    }
    const checked: Row[] = (rows[spec.name] = []);
    await archive.rows(path, ARCHIVE_LIMITS.jsonFileBytes, (raw) => {
      if (checked.length >= ARCHIVE_LIMITS.rowsPerFile)
        throw new ImportFileError(I.tooManyRowsInFile(path, ARCHIVE_LIMITS.rowsPerFile.toLocaleString('en-US')));
      if (++rowsInAll > ARCHIVE_LIMITS.rowsInAll)
        throw new ImportFileError(I.tooManyRowsInAll(ARCHIVE_LIMITS.rowsInAll.toLocaleString('en-US')));
      checked.push(checkRow(spec, raw, checked.length + 2, issues, errorLines[spec.name]));
    });
  }

  // References: every id a row names is a row of the export (or null).
  const ids = {} as Record<EntityName, Set<number>>;
  for (const spec of ENTITIES)
    if ('id' in spec.columns) ids[spec.name] = new Set(rows[spec.name].map((r) => r.id as number));
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
      issues.push({
        line: index + 2,
        entity: 'flowAnswers',
        field: 'value',
        message: I.danglingRef('value', Number.isSafeInteger(id) ? id : 0),
      });
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
      else {
        issues.push({ line: index + 2, entity, field, message: message(earlier) });
        errorLines[entity].add(index + 2);
      }
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
    if (!actual || actual.sha256 !== expected.sha256.toLowerCase() || actual.size !== expected.size)
      fail(I.fileChanged(path));
  }

  // The business details and logo, when they are to replace this agency's.
  let applied: Analysis['business'] = null;
  if (options.applyBusiness) {
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
    if (checked.success) {
      const { logoName, ...values } = checked.data;
      applied = {
        values: { ...values, logoName: logoPath ? (logoName ?? null) : null },
        logoPath: logoPath ?? null,
        logoMime,
      };
    }
  }

  // Duplicates against the target agency: companies by name, contacts by e-mail.
  const [companies, contacts, users] = await Promise.all([
    db.company.findMany({ where: { businessId }, select: { id: true, name: true }, orderBy: { id: 'asc' } }),
    db.contact.findMany({
      where: { businessId, email: { in: [...emailLine.keys()] } },
      select: { id: true, email: true },
    }),
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
    else
      unmatchedPeople.push(`${String(u.firstName ?? '')} ${String(u.lastName ?? '')}`.trim() + ` (${String(u.email)})`);
  }

  const counts: ImportPreview['counts'] = {};
  for (const spec of IMPORTED) {
    const errors = errorLines[spec.name].size;
    const duplicates =
      spec.name === 'companies'
        ? rows.companies.filter((r, i) => !errorLines.companies.has(i + 2) && existingCompany.has(r.id as number))
            .length
        : spec.name === 'contacts'
          ? rows.contacts.filter((r, i) => !errorLines.contacts.has(i + 2) && existingContact.has(r.id as number))
              .length
          : 0;
    counts[spec.name] = { new: rows[spec.name].length - errors - duplicates, duplicate: duplicates, error: errors };
  }

  // The rows the preview shows: errors first, then duplicates, then new rows (companies before contacts, by line); only
  // those are built.
  const companyName = new Map(rows.companies.map((c) => [c.id as number, String(c.name ?? '')]));
  const statusOf = (entity: 'companies' | 'contacts', row: Row, line: number): ImportPreviewRow['status'] =>
    errorLines[entity].has(line)
      ? 'error'
      : (entity === 'companies' ? existingCompany : existingContact).has(row.id as number)
        ? 'duplicate'
        : 'new';
  const previewRow = (
    entity: 'companies' | 'contacts',
    row: Row,
    line: number,
    status: ImportPreviewRow['status'],
  ): ImportPreviewRow => {
    if (entity === 'companies') {
      return {
        line,
        status,
        values: textValues(row, ['name', 'industry', 'website', 'address', 'phone', 'status']),
        messages:
          status === 'error'
            ? issues.messagesAt('companies', line)
            : status === 'duplicate'
              ? [I.companyExists(String(row.name))]
              : [],
      };
    }
    return {
      line,
      status,
      values: {
        ...textValues(row, ['firstName', 'lastName', 'email', 'phone', 'role', 'title']),
        company: typeof row.companyId === 'number' ? (companyName.get(row.companyId) ?? '') : '',
      },
      messages:
        status === 'error'
          ? issues.messagesAt('contacts', line)
          : status === 'duplicate'
            ? [I.contactExists(`${String(row.firstName)} ${String(row.lastName)}`.trim())]
            : [],
    };
  };
  const previewRows: ImportPreviewRow[] = [];
  for (const status of ['error', 'duplicate', 'new'] as const) {
    for (const entity of ['companies', 'contacts'] as const) {
      for (let index = 0; index < rows[entity].length && previewRows.length < IMPORT_PREVIEW_ROWS; index++) {
        if (statusOf(entity, rows[entity][index], index + 2) === status)
          previewRows.push(previewRow(entity, rows[entity][index], index + 2, status));
      }
    }
  }

  const preview: ImportPreview = {
    kind: 'archive',
    headers: [],
    mapping: {},
    rows: previewRows,
    counts,
    issues: capIssues(issues.listed, issues.count),
    issueCount: issues.count,
    newCompanies: [],
    source: {
      businessName: manifest.business.name,
      exportedAt: manifest.exportedAt,
      scope: manifest.scope.kind === 'company' ? manifest.scope.companyName : manifest.scope.kind,
    },
  };
  return {
    preview,
    issueCount: issues.count,
    manifest,
    rows,
    existingCompany,
    existingContact,
    userMatch,
    unmatchedPeople,
    business: applied,
  };
}

const textValues = (row: Row, columns: string[]) =>
  Object.fromEntries(columns.map((c) => [c, row[c] == null ? '' : String(row[c])]));

/** One row's columns and types; issues are added with the row's line in data/<entity>.csv. */
function checkRow(spec: EntitySpec, raw: unknown, line: number, issues: Problems, errorLines: Set<number>): Row {
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
      // An export written before the column existed: the value that keeps its old behaviour (format.ts).
      const older = COLUMNS_OF_OLDER_EXPORTS[spec.name];
      if (older && column in older) row[column] = older[column];
      else fail(column, I.columnMissing(column));
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
  if (
    spec.name === 'documents' &&
    row.file === null &&
    typeof row.url === 'string' &&
    row.url !== '' &&
    !DOWNLOAD_PATH.test(row.url)
  ) {
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
  quota: QuotaEnv,
): Promise<ImportSummary> {
  if (analysis.issueCount) throw new ImportIssuesError(analysis.preview.issues, analysis.issueCount);
  const { rows } = analysis;
  // The files' sizes were checked against the zip: an import that cannot fit the agency's quota copies nothing.
  const paths = new Set(
    rows.documents.map((doc) => doc.file).filter((path): path is string => typeof path === 'string'),
  );
  const importedBytes = [...paths].reduce(
    (total, path) => total + (archive.entries.get(path)?.uncompressedSize ?? 0),
    0,
  );
  await assertStorageQuota(db, businessId, importedBytes, quota);
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
        await assertStorageQuota(tx as unknown as Db, businessId, importedBytes, quota);
        const summary = await writeRows(tx as unknown as Db, businessId, actor, fileName, analysis, keyOfPath);
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
  logo: { key: string; name: string; mime: string } | null | undefined,
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
  for (const c of await tx.company.findMany({
    where: { businessId },
    select: { id: true, name: true },
    orderBy: { id: 'asc' },
  })) {
    if (!companyByName.has(nameKey(c.name))) companyByName.set(nameKey(c.name), c.id);
  }
  for (const c of rows.companies) {
    const match = companyByName.get(nameKey(String(c.name)));
    if (match !== undefined && !existingCompany.has(c.id as number)) existingCompany.set(c.id as number, match);
  }
  const emails = rows.contacts.map((c) => String(c.email).trim().toLowerCase());
  const contactByEmail = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK * 5) {
    const found = await tx.contact.findMany({
      where: { businessId, email: { in: emails.slice(i, i + CHUNK * 5) } },
      select: { id: true, email: true },
    });
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
    (c) => ({
      businessId,
      ...stamps(c, 'name', 'industry', 'website', 'address', 'phone', 'status', 'createdAt', 'updatedAt'),
    }),
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
      ...stamps(
        c,
        'firstName',
        'lastName',
        'phone',
        'role',
        'title',
        'portalAccess',
        'notifyByEmail',
        'createdAt',
        'updatedAt',
      ),
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
      ...stamps(
        p,
        'name',
        'description',
        'status',
        'priority',
        'startDate',
        'completionDate',
        'totalHoursEstimated',
        'totalHoursWorked',
        'totalBilledCents',
        'visibleToClient',
        'createdAt',
        'updatedAt',
      ),
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
  for (let i = 0; i < projectContacts.length; i += CHUNK)
    await tx.projectContact.createMany({ data: projectContacts.slice(i, i + CHUNK) });
  created.projectContacts = projectContacts.length;

  await record(
    'tasks',
    rows.tasks,
    (t) => ({
      businessId,
      projectId: ref('projects', t.projectId),
      assigneeId: ref('users', t.assigneeId),
      ...stamps(
        t,
        'title',
        'description',
        'status',
        'priority',
        'dueDate',
        'completedAt',
        'internal',
        'createdAt',
        'updatedAt',
      ),
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
  const storedIds = rows.documents
    .filter((d) => typeof d.file === 'string')
    .map((d) => idMap.documents.get(d.id as number)!);
  for (let i = 0; i < storedIds.length; i += CHUNK * 5) {
    const ids = storedIds.slice(i, i + CHUNK * 5).map((id) => String(Math.trunc(Number(id))));
    await tx.$executeRawUnsafe(
      `UPDATE "Document" SET "url" = '${DOWNLOAD_PREFIX}' || CAST("id" AS TEXT) || '${DOWNLOAD_SUFFIX}' WHERE "businessId" = ${Math.trunc(businessId)} AND "id" IN (${ids.join(',')})`,
    );
  }
  const sourceLinks = rows.documents.filter(
    (d) => typeof d.file !== 'string' && typeof d.url === 'string' && DOWNLOAD_PATH.test(d.url),
  ).length;
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
    (s) => ({
      businessId,
      flowId: ref('flows', s.flowId),
      ...stamps(s, 'stepOrder', 'stepTitle', 'content', 'createdAt', 'updatedAt'),
    }),
    (data, select) => tx.flowStep.createManyAndReturn({ data: data as never, select }) as Promise<Row[]>,
    'stepTitle',
  );
  await record(
    'flowFields',
    rows.flowFields,
    (f) => ({
      businessId,
      flowStepId: ref('flowSteps', f.flowStepId),
      ...stamps(f, 'fieldLabel', 'fieldType', 'isRequired', 'options', 'helpText', 'order', 'createdAt'),
    }),
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
      value:
        fileFields.has(a.flowFieldId as number) && a.value !== '' ? String(ref('documents', Number(a.value))) : a.value,
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
