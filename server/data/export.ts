/**
 * The export zip (format: ./format.ts), written as a stream: archiver takes one entry at a time, and each entry is
 * produced while the zip is read, so memory does not grow with the agency.
 * - Rows are read page by page (keyset over the entity's orderBy, PAGE rows each) through the unscoped client with
 *   the business in every `where`; each entity is read twice, once for its JSON and once for its CSV.
 * - Stored files come first, one storage stream open at a time, hashed (SHA-256) on the way for the manifest; a
 *   document whose bytes are gone is exported with `file: null` rather than failing the whole export.
 * - Rows created after the export started are left out (each entity stops at its largest id at the start). Reads are
 *   not one snapshot, so a reference is checked as it is written (resolveRefs): one naming a row above its entity's
 *   max at the start, or (company exports) a row that is not in the zip, is written as null; a row that cannot exist
 *   without it (REQUIRED_REFS) is left out. So every export is importable: the importer refuses dangling references.
 *   Company exports keep the written ids per entity (one client's rows); agency exports need only the maxima.
 * - Only the columns of ENTITIES are ever selected: no password hash, two-factor secret, portal password, storage
 *   key or token can reach the zip.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Database, Db } from '../db';
import { FileNotFoundError, type FileStorage } from '../files/storage';
import { csvCell } from '../lib/csv';
import {
  BUSINESS_COLUMNS,
  BUSINESS_PATH,
  ENTITIES,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  MANIFEST_PATH,
  csvPath,
  jsonPath,
  requiredRefs,
  type EntityName,
  type EntitySpec,
  type Manifest,
  type ManifestFile,
} from './format';

/** Rows per query. */
const PAGE = 1000;

export type ExportScope = { businessId: number; companyId?: number | null };

type Where = Record<string, unknown>;
type Row = Record<string, unknown>;
/** What the export needs of a Prisma delegate (every entity's model has these). */
type Delegate = {
  findMany(args: {
    where: Where;
    select: Record<string, true>;
    orderBy: Record<string, 'asc'>[];
    take: number;
  }): Promise<Row[]>;
  count(args: { where: Where }): Promise<number>;
  aggregate(args: { where: Where; _max: { id: true } }): Promise<{ _max: { id: number | null } }>;
};

const delegateOf = (db: Db, spec: EntitySpec) =>
  (db as unknown as Record<string, Delegate>)[spec.model[0].toLowerCase() + spec.model.slice(1)];

/** Columns that are not database columns: documents.file is where the zip holds the bytes. */
const COMPUTED: Partial<Record<EntityName, string[]>> = { documents: ['file'], documentVersions: ['file'] };
/** Database columns read for a computed one, never written out. */
const EXTRA: Partial<Record<EntityName, string[]>> = {
  documents: ['storageKey', 'originalName', 'name'],
  documentVersions: ['storageKey'],
};
/** Entities a soft reference names (format.ts softRefs): every export keeps the ids of their rows it wrote. */
const SOFT_TARGETS = new Set(ENTITIES.flatMap((spec) => (spec.softRefs ?? []).map((column) => spec.refs[column])));
/** References a row cannot exist without (not nullable): pointing outside the export, the row is left out. */
const REQUIRED_REFS = Object.fromEntries(ENTITIES.map((spec) => [spec.name, requiredRefs(spec)])) as Record<
  EntityName,
  string[]
>;

/**
 * Which rows of each entity the export holds, besides the business: everything for an agency; for one company, the
 * client's own data, as each entity's `company` in format.ts says.
 */
function scopeWhere(scope: ExportScope): Record<EntityName, Where> {
  const c = scope.companyId ?? null;
  return Object.fromEntries(
    ENTITIES.map((spec): [EntityName, Where] => [
      spec.name,
      { businessId: scope.businessId, ...(c === null ? {} : spec.company(c)) },
    ]),
  ) as Record<EntityName, Where>;
}

/** Rows and stored bytes an export would hold: SQL counts and one SUM, no rows loaded. */
export async function estimateExport(db: Db, scope: ExportScope): Promise<{ rows: number; bytes: number }> {
  const wheres = scopeWhere(scope);
  const counts = await Promise.all(ENTITIES.map((spec) => delegateOf(db, spec).count({ where: wheres[spec.name] })));
  const files = await db.document.aggregate({
    where: { AND: [wheres.documents, { storageKey: { not: null } }] },
    _sum: { size: true },
  });
  // Every version's bytes, the current ones included: at most twice the zip's real share, never less.
  const versions = await db.documentVersion.aggregate({
    where: { AND: [wheres.documentVersions, { storageKey: { not: null } }] },
    _sum: { size: true },
  });
  return {
    rows: counts.reduce((a, b) => a + b, 0),
    bytes: Number(files._sum.size ?? 0) + Number(versions._sum.size ?? 0),
  };
}

/** A name that is safe as the last segment of a zip path on any system: no separators, control or reserved characters. */
function zipSafeName(name: string, fallback = 'file'): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .trim();
  const cut = clean.slice(0, 180).replace(/[. ]+$/, '');
  return cut && !/^\.+$/.test(cut) ? cut : fallback;
}

/** Lower-case words joined by dashes, for file names: "Zoë & Co." → "zoe-co". */
function slugOf(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return slug || fallback;
}

/** clientflow-<agency>-<yyyy-mm-dd>.zip, or clientflow-<agency>-<company>-<yyyy-mm-dd>.zip. */
export function exportFileName(businessSlug: string, companyName: string | null, at: Date): string {
  const day = at.toISOString().slice(0, 10);
  return `${[
    'clientflow',
    slugOf(businessSlug, 'agency'),
    ...(companyName !== null ? [slugOf(companyName, 'company')] : []),
    day,
  ].join('-')}.zip`;
}

const documentFilePath = (id: number, name: string) => `files/${id}/${zipSafeName(name)}`;
/** An older version's bytes, beside its file's (issue 31). */
const versionFilePath = (documentId: number, number: number, name: string) =>
  `files/${documentId}/v${number}/${zipSafeName(name)}`;

/** The JSON value of one cell: json columns parsed (kept as text if they are not valid JSON), the rest as read. */
function jsonValue(type: string, value: unknown): unknown {
  if (value === undefined) return null;
  if (type === 'json' && typeof value === 'string') {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  return value;
}

/** The CSV text of one cell: empty for null, ISO dates, true/false; text cells formula-safe (csvCell). */
function csvValue(type: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return csvCell(type === 'json' && typeof value !== 'string' ? JSON.stringify(value) : String(value));
}

/** Appends one entry and waits until archiver has taken all of it (so the next source opens only then). */
function addEntry(archive: ZipArchive, source: Readable | Buffer, name: string, date: Date): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: unknown) => {
      archive.off('entry', onEntry);
      archive.off('error', onError);
      archive.off('close', onClose);
      if (source instanceof Readable) source.off('error', onError);
      if (error) {
        if (source instanceof Readable) source.destroy();
        reject(error);
      } else resolve();
    };
    const onEntry = () => done();
    const onError = (error: unknown) => done(error ?? new Error('export stream failed'));
    const onClose = () => done(new Error('The export stream was closed.'));
    archive.on('entry', onEntry);
    archive.on('error', onError);
    archive.on('close', onClose);
    if (source instanceof Readable) source.on('error', onError);
    archive.append(source, { name, date });
  });
}

/** Counts and hashes the bytes going through. */
function hashing() {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      callback(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex') }) };
}

type Plan = { spec: EntitySpec; where: Where };

/** The rows of one entity, a page at a time, in orderBy order (keyset, never OFFSET). */
async function* pages(db: Db, plan: Plan): AsyncGenerator<Row[]> {
  const { spec } = plan;
  const delegate = delegateOf(db, spec);
  const select: Record<string, true> = {};
  const computed = COMPUTED[spec.name] ?? [];
  for (const column of Object.keys(spec.columns)) if (!computed.includes(column)) select[column] = true;
  for (const column of EXTRA[spec.name] ?? []) select[column] = true;
  for (const column of spec.orderBy) select[column] = true;
  const orderBy = spec.orderBy.map((column) => ({ [column]: 'asc' as const }));
  let last: Row | null = null;
  for (;;) {
    const after: Where = last === null ? {} : keysetAfter(spec.orderBy, last);
    const page = await delegate.findMany({ where: { AND: [plan.where, after] }, select, orderBy, take: PAGE });
    if (page.length) yield page;
    if (page.length < PAGE) return;
    last = page[page.length - 1];
  }
}

/** Rows after `last` in the order of `columns`: (a > x) OR (a = x AND b > y) … */
function keysetAfter(columns: string[], last: Row): Where {
  const or: Where[] = columns.map((column, i) => {
    const equal = Object.fromEntries(columns.slice(0, i).map((c) => [c, last[c]]));
    return { ...equal, [column]: { gt: last[column] } };
  });
  return or.length === 1 ? or[0] : { OR: or };
}

type Context = {
  db: Db;
  missing: Set<number>;
  /** Older versions whose bytes the zip holds: version id → their path (the current version's are the file's). */
  versionFiles: Map<number, string>;
  /** Each entity's largest id when the export started. */
  max: Partial<Record<EntityName, number>>;
  /** Company exports: the ids written so far per entity (its JSON); null for an agency (every row up to max). */
  written: Partial<Record<EntityName, Set<number>>> | null;
  /** Rows left out for a reference they need (few: rows changed mid-export), so their children are left out too. */
  dropped: Partial<Record<EntityName, Set<number>>>;
  /** The ids written so far of the entities a soft reference names (SOFT_TARGETS), agency exports included. */
  present: Partial<Record<EntityName, Set<number>>>;
  /** Fields of type "file" written so far: their answers name a document. */
  fileFields: Set<number>;
  /**
   * Company exports: the names of the companies, projects and contacts written so far. An activity entry's change of
   * a record's company, project or contacts keeps only these names: a record moved in from another client never
   * brings that client's name, its project's or its contacts' into this client's export (issue 27).
   */
  names: Record<(typeof REFERENCE_FIELDS)[number], Set<string>> | null;
};

/** The activity change fields whose values name other records (server/routers/*: changes of a record's links). */
const REFERENCE_FIELDS = ['company', 'project', 'contacts'] as const;
const contactName = (row: Row) => `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim();

/** An activity entry's changes with every name outside this company export written as null (see Context.names). */
function ownNamesOnly(names: NonNullable<Context['names']>, changes: unknown): unknown {
  const parsed: unknown = typeof changes === 'string' ? JSON.parse(changes) : changes;
  if (!Array.isArray(parsed)) return changes;
  const keep = (field: (typeof REFERENCE_FIELDS)[number], value: unknown) => {
    if (typeof value !== 'string') return value;
    // contacts: a list of names, "Ann Lee, Bo Chan".
    const kept =
      field === 'contacts'
        ? value
            .split(', ')
            .filter((name) => names.contacts.has(name))
            .join(', ')
        : names[field].has(value)
          ? value
          : '';
    return kept || null;
  };
  const out = parsed.map((change: { field?: unknown; from?: unknown; to?: unknown }) =>
    REFERENCE_FIELDS.includes(change.field as never)
      ? {
          ...change,
          from: keep(change.field as (typeof REFERENCE_FIELDS)[number], change.from),
          to: keep(change.field as (typeof REFERENCE_FIELDS)[number], change.to),
        }
      : change,
  );
  return typeof changes === 'string' ? JSON.stringify(out) : out;
}

/** Whether a reference names a row of this export. */
function inExport(context: Context, target: EntityName, id: number): boolean {
  if (id > (context.max[target] ?? 0) || context.dropped[target]?.has(id)) return false;
  return context.written === null || (context.written[target]?.has(id) ?? false);
}

/**
 * The row with every reference outside the export written as null (a file answer's document id as ''), or null when
 * a reference it cannot do without points outside (the row is left out of the JSON and the CSV alike).
 */
function resolveRefs(context: Context, spec: EntitySpec, row: Row): Row | null {
  let out = row;
  for (const [column, target] of Object.entries(spec.refs)) {
    const id = row[column];
    if (typeof id !== 'number') continue;
    // A soft reference may name a row that is gone (no foreign key): only one the zip holds is kept.
    const soft = spec.softRefs?.includes(column) ?? false;
    if (inExport(context, target, id) && (!soft || (context.present[target]?.has(id) ?? false))) continue;
    if (REQUIRED_REFS[spec.name].includes(column)) {
      if (typeof row.id === 'number') (context.dropped[spec.name] ??= new Set()).add(row.id);
      return null;
    }
    out = { ...out, [column]: null };
  }
  if (spec.name === 'flowAnswers' && context.fileFields.has(row.flowFieldId as number) && row.value !== '') {
    const id = Number(row.value);
    if (!Number.isSafeInteger(id) || !inExport(context, 'documents', id)) out = { ...out, value: '' };
  }
  return out;
}

/** After a row went into the JSON: what later rows may name. */
function noteWritten(context: Context, spec: EntitySpec, row: Row) {
  if (spec.name === 'flowFields' && row.fieldType === 'file') context.fileFields.add(row.id as number);
  if (context.names && spec.name === 'companies') context.names.company.add(String(row.name));
  if (context.names && spec.name === 'projects') context.names.project.add(String(row.name));
  if (context.names && spec.name === 'contacts') context.names.contacts.add(contactName(row));
  if (context.written && typeof row.id === 'number') (context.written[spec.name] ??= new Set()).add(row.id);
  if (SOFT_TARGETS.has(spec.name) && typeof row.id === 'number') (context.present[spec.name] ??= new Set()).add(row.id);
}

/** One row's cells, computed columns included, in the spec's column order. */
function cellsOf(context: Context, spec: EntitySpec, row: Row): Row {
  if (spec.name === 'activities' && context.names) return { ...row, changes: ownNamesOnly(context.names, row.changes) };
  if (spec.name === 'documents') {
    const id = row.id as number;
    const key = row.storageKey as string | null;
    const file = key && !context.missing.has(id) ? documentFilePath(id, String(row.originalName ?? row.name)) : null;
    return { ...row, file };
  }
  if (spec.name === 'documentVersions') return { ...row, file: context.versionFiles.get(row.id as number) ?? null };
  return row;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

/** data/<entity>.json, written as the rows are read; `count` is set when the array is closed. */
function jsonEntry(context: Context, plan: Plan, counted: (count: number) => void): Readable {
  const columns = Object.entries(plan.spec.columns);
  return Readable.from(
    (async function* () {
      let count = 0;
      yield utf8('[');
      for await (const page of pages(context.db, plan)) {
        let chunk = '';
        for (const read of page) {
          const row = resolveRefs(context, plan.spec, read);
          if (!row) continue;
          noteWritten(context, plan.spec, row);
          const cells = cellsOf(context, plan.spec, row);
          const object = Object.fromEntries(columns.map(([column, type]) => [column, jsonValue(type, cells[column])]));
          chunk += `${count++ === 0 ? '\n' : ',\n'}${JSON.stringify(object)}`;
        }
        yield utf8(chunk);
      }
      yield utf8(count ? '\n]\n' : ']\n');
      counted(count);
    })(),
    { objectMode: false },
  );
}

/** data/<entity>.csv: the header line, then one line per row (CRLF, RFC 4180). */
function csvEntry(context: Context, plan: Plan): Readable {
  const columns = Object.entries(plan.spec.columns);
  return Readable.from(
    (async function* () {
      yield utf8(`${columns.map(([column]) => column).join(',')}\r\n`);
      for await (const page of pages(context.db, plan)) {
        let chunk = '';
        for (const read of page) {
          const row = resolveRefs(context, plan.spec, read);
          if (!row) continue;
          const cells = cellsOf(context, plan.spec, row);
          chunk += `${columns.map(([column, type]) => csvValue(type, cells[column])).join(',')}\r\n`;
        }
        yield utf8(chunk);
      }
    })(),
    { objectMode: false },
  );
}

/**
 * The whole export as a zip stream. It fails (an 'error' on the stream, never a short "valid" zip) when the
 * business or company does not exist or anything goes wrong on the way; destroying it stops the work.
 */
export function exportZip(
  database: Pick<Database, 'db'>,
  storage: FileStorage,
  scope: ExportScope,
  options: { now?: Date } = {},
): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  // Nothing but what is appended here is read from disk, so warnings are failures too.
  archive.on('warning', (error) => archive.destroy(error));
  // The failure may come before the consumer listens (FileStorage.writeStream prepares its folder first): the
  // stream keeps it (`errored`), which pipeline() and for-await report when they start; never an uncaught error.
  archive.on('error', () => {});
  writeExport(archive, database.db, storage, scope, options.now ?? new Date()).catch((error: unknown) => {
    if (!archive.destroyed) archive.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return archive;
}

async function writeExport(archive: ZipArchive, db: Db, storage: FileStorage, scope: ExportScope, now: Date) {
  const businessId = scope.businessId;
  const companyId = scope.companyId ?? null;
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { ...Object.fromEntries(BUSINESS_COLUMNS.map((c) => [c, true])), logoKey: true } as Record<
      (typeof BUSINESS_COLUMNS)[number] | 'logoKey',
      true
    >,
  });
  if (!business) throw new Error(`No business ${businessId}.`);
  let company: { id: number; name: string } | null = null;
  if (companyId !== null) {
    company = await db.company.findFirst({ where: { businessId, id: companyId }, select: { id: true, name: true } });
    if (!company) throw new Error(`No company ${companyId} in business ${businessId}.`);
  }

  // Each entity stops at its largest id now: rows created while the export runs are not half in it.
  const wheres = scopeWhere(scope);
  const maxIds: Context['max'] = {};
  const plans: Plan[] = await Promise.all(
    ENTITIES.map(async (spec): Promise<Plan> => {
      if (!('id' in spec.columns)) return { spec, where: wheres[spec.name] };
      const max = (await delegateOf(db, spec).aggregate({ where: { businessId }, _max: { id: true } }))._max.id ?? 0;
      maxIds[spec.name] = max;
      return { spec, where: { AND: [wheres[spec.name], { id: { lte: max } }] } };
    }),
  );
  const context: Context = {
    db,
    missing: new Set(),
    versionFiles: new Map(),
    max: maxIds,
    written: companyId === null ? null : {},
    dropped: {},
    present: {},
    fileFields: new Set(),
    names: companyId === null ? null : { company: new Set(), project: new Set(), contacts: new Set() },
  };
  const files: ManifestFile[] = [];
  const append = (source: Readable | Buffer, name: string) => addEntry(archive, source, name, now);

  // Stored files first: one open at a time, hashed while it streams; a missing one is noted, not fatal.
  async function appendStored(key: string, path: string): Promise<boolean> {
    let source: Readable;
    try {
      source = await storage.readStream(key);
    } catch (error) {
      if (error instanceof FileNotFoundError) return false;
      throw error;
    }
    const hash = hashing();
    source.on('error', (error) => hash.stream.destroy(error));
    await append(source.pipe(hash.stream), path);
    files.push({ path, ...hash.result() });
    return true;
  }

  let logo: string | null = null;
  if (companyId === null && business.logoKey) {
    const path = `files/logo/${zipSafeName(String(business.logoName ?? 'logo'), 'logo')}`;
    if (await appendStored(String(business.logoKey), path)) logo = path;
  }
  const documents = plans.find((p) => p.spec.name === 'documents')!;
  const stored = { ...documents, where: { AND: [documents.where, { storageKey: { not: null } }] } };
  for await (const page of pages(db, stored)) {
    for (const row of page) {
      const id = row.id as number;
      if (!(await appendStored(String(row.storageKey), documentFilePath(id, String(row.originalName ?? row.name)))))
        context.missing.add(id);
    }
  }

  // Then the older versions' bytes (the current version's are the file's, above): a page of versions at a time,
  // their files' current numbers read for that page only.
  const versions = plans.find((p) => p.spec.name === 'documentVersions')!;
  const storedVersions = { ...versions, where: { AND: [versions.where, { storageKey: { not: null } }] } };
  for await (const page of pages(db, storedVersions)) {
    const documentIds = [...new Set(page.map((row) => row.documentId as number))];
    const current = new Map(
      (
        await db.document.findMany({
          where: { businessId, id: { in: documentIds } },
          select: { id: true, version: true, storageKey: true },
        })
      ).map((d) => [d.id, d]),
    );
    for (const row of page) {
      const documentId = row.documentId as number;
      const number = row.number as number;
      const file = current.get(documentId);
      if (!file || file.version === number || file.storageKey === row.storageKey) continue;
      const path = versionFilePath(documentId, number, String(row.originalName ?? `version-${number}`));
      if (await appendStored(String(row.storageKey), path)) context.versionFiles.set(row.id as number, path);
    }
  }

  const businessJson = Object.fromEntries(BUSINESS_COLUMNS.map((c) => [c, business[c] ?? null]));
  await append(utf8(`${JSON.stringify(businessJson, null, 2)}\n`), BUSINESS_PATH);

  const entities: Manifest['entities'] = [];
  for (const plan of plans) {
    let count = 0;
    await append(
      jsonEntry(context, plan, (n) => (count = n)),
      jsonPath(plan.spec.name),
    );
    await append(csvEntry(context, plan), csvPath(plan.spec.name));
    entities.push({ name: plan.spec.name, json: jsonPath(plan.spec.name), csv: csvPath(plan.spec.name), count });
  }

  const manifest: Manifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: now.toISOString(),
    scope: company ? { kind: 'company', companyId: company.id, companyName: company.name } : { kind: 'agency' },
    business: { name: String(business.name), slug: String(business.slug) },
    entities,
    files,
    logo,
  };
  await append(utf8(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_PATH);
  await archive.finalize();
}
