/**
 * Companies and contacts from a CSV file (POST /api/imports, kind companies or contacts): read the file, map its
 * columns to fields (the sender's mapping, or a guess from the headers), check every row with the same zod schemas
 * as the hub's forms, mark duplicates (companies by name, contacts by e-mail, against the agency and the earlier rows
 * of the file), then preview, or write every new row in one transaction.
 */
import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import '../../shared/zod-messages';
import { COMPANY_STATUSES } from '../../shared/constants';
import { detectSeparator, withoutFormulaGuard } from '../../shared/csv';
import { M } from '../../shared/messages';
import { companyCreateInput, companyFields } from '../../shared/schemas/companies';
import { contactCreateInput } from '../../shared/schemas/contacts';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ISSUES,
  IMPORT_MAX_ROWS,
  IMPORT_PREVIEW_ROWS,
  REQUIRED_IMPORT_FIELDS,
  type CsvImportKind,
  type ImportIssue,
  type ImportMapping,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportSummary,
} from '../../shared/schemas/data';
import { recordActivity, type Actor } from '../activity';
import type { Db } from '../db';
import { withAgencyLock, type LockDb } from '../lib/agency-lock';

const I = M.data.import;

/** A refusal of the whole file (wrong type, unreadable): answered 400 with its sentence. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** The file has problems (issues with lines): a commit answers 400 with them and writes nothing. */
export class ImportIssuesError extends Error {
  constructor(
    readonly issues: ImportIssue[],
    total = issues.length,
  ) {
    super(I.fileProblems(total));
    this.name = 'ImportIssuesError';
  }
}

/**
 * The issues an answer lists (the rest are counted in one last line): a file of errors stays a small answer. `total`
 * is how many there are when the caller kept only the first ones (an export zip's analysis stops collecting there).
 */
export function capIssues(issues: ImportIssue[], total = issues.length): ImportIssue[] {
  if (total <= IMPORT_MAX_ISSUES) return issues;
  return [...issues.slice(0, IMPORT_MAX_ISSUES), { line: null, message: I.moreIssues(total - IMPORT_MAX_ISSUES) }];
}

/** Another import of the agency is running, or the database could not finish this one now (answered 409). */
export class ImportBusyError extends Error {
  constructor(message: string = I.busy) {
    super(message);
    this.name = 'ImportBusyError';
  }
}

/**
 * One import (CSV or export zip) at a time per agency, across every app process on the database (an 'import' lease
 * in AgencyLock, server/lib/agency-lock.ts, renewed while the import runs): two imports of one file would both see
 * "new" rows. Another one meanwhile throws ImportBusyError (409). The duplicate checks inside each commit's
 * transaction and the unique indexes remain the last line.
 */
export function oneImportAtATime<T>(db: LockDb, businessId: number, work: () => Promise<T>): Promise<T> {
  return withAgencyLock(db, businessId, 'import', work, { busy: () => new ImportBusyError() });
}

/** A transaction the database gave up on (timeout, write conflict, busy SQLite file): a 409 sentence, never a 500. */
export function transactionRefusal(error: unknown): Error | null {
  const code = (error as { code?: unknown }).code;
  const text = String((error as { message?: unknown }).message ?? '');
  if (
    code === 'P2028' ||
    code === 'P2034' ||
    code === 'P1008' ||
    /SQLITE_BUSY|database is locked|could not serialize|deadlock detected/i.test(text)
  )
    return new ImportBusyError();
  return null;
}

export type CsvTable = { headers: string[]; rows: { line: number; cells: string[] }[] };

/** UTF-8 (with or without a byte-order mark), else Windows-1252, which older spreadsheet apps still write. */
function decode(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/** The file's header and rows, each row with the line it starts on (a quoted cell may span lines). */
export function readCsv(bytes: Buffer): CsvTable {
  if (bytes.includes(0)) throw new ImportFileError(I.notCsv);
  // One kind of line break, so the parser's line count is every editor's (it counts CRLF in a quoted cell as two).
  const text = decode(bytes)
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n');
  if (!text.trim()) throw new ImportFileError(I.emptyFile);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      delimiter: detectSeparator(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: false,
    }) as unknown as typeof records;
  } catch (error) {
    const line = typeof (error as { lines?: unknown }).lines === 'number' ? (error as { lines: number }).lines : null;
    throw new ImportFileError(I.csvUnreadable(line));
  }
  let previousEnd = 0;
  const table: CsvTable = { headers: [], rows: [] };
  let headerSeen = false;
  for (const { record, info } of records) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    if (record.every((cell) => cell.trim() === '')) continue;
    if (!headerSeen) {
      table.headers = record.map((cell) => cell.trim());
      headerSeen = true;
      continue;
    }
    if (table.rows.length >= IMPORT_MAX_ROWS)
      throw new ImportFileError(I.tooManyRows(IMPORT_MAX_ROWS.toLocaleString('en-US')));
    table.rows.push({ line, cells: record });
  }
  if (!headerSeen) throw new ImportFileError(I.noHeader);
  if (!table.rows.length) throw new ImportFileError(I.noRows);
  return table;
}

/**
 * A cell as imported: trimmed, and without the apostrophe that CSV downloads (ours included) put before a leading
 * = + - @ so that spreadsheets keep it as text.
 */
/** A cell's text, without the apostrophe our exports (and spreadsheets) put before a formula-like value. */
const cellText = (cell: string | undefined) => withoutFormulaGuard((cell ?? '').trim()).trim();

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Header spellings each field answers to (compared without case, spaces or punctuation). */
const SYNONYMS: { [K in CsvImportKind]: Record<string, string[]> } = {
  companies: {
    name: [
      'name',
      'companyname',
      'company',
      'organisation',
      'organization',
      'organisationname',
      'organizationname',
      'business',
      'businessname',
      'account',
      'accountname',
      'client',
      'clientname',
    ],
    industry: ['industry', 'sector'],
    website: ['website', 'url', 'web', 'site', 'homepage', 'websiteurl', 'www'],
    address: ['address', 'streetaddress', 'location', 'postaladdress'],
    phone: ['phone', 'telephone', 'phonenumber', 'tel', 'mobile', 'companyphone'],
    status: ['status', 'stage', 'companystatus'],
  },
  contacts: {
    firstName: ['firstname', 'givenname', 'first', 'forename'],
    lastName: ['lastname', 'surname', 'familyname', 'last'],
    email: ['email', 'emailaddress', 'mail', 'emailid'],
    phone: ['phone', 'telephone', 'phonenumber', 'tel', 'mobile', 'mobilephone', 'cell', 'cellphone'],
    role: ['role', 'contactrole'],
    title: ['jobtitle', 'title', 'position'],
    company: [
      'company',
      'companyname',
      'organisation',
      'organization',
      'organisationname',
      'organizationname',
      'account',
      'accountname',
      'business',
      'employer',
    ],
  },
};

/** Field → header, for each field whose synonyms match a header (the first matching header wins). */
function guessMapping(kind: CsvImportKind, headers: string[]): ImportMapping {
  const mapping: ImportMapping = {};
  const taken = new Set<string>();
  for (const field of IMPORT_FIELDS[kind]) {
    const names = SYNONYMS[kind][field];
    // The earlier a synonym is in the list, the better its match ("company name" beats "company" for a company).
    for (const name of names) {
      const header = headers.find((h) => squash(h) === name && !taken.has(h));
      if (header !== undefined) {
        mapping[field] = header;
        taken.add(header);
        break;
      }
    }
  }
  return mapping;
}

/** Problems of the mapping itself (whole-file issues, line null). */
function mappingIssues(kind: CsvImportKind, headers: string[], mapping: ImportMapping): ImportIssue[] {
  const issues: ImportIssue[] = [];
  const fields = IMPORT_FIELDS[kind] as readonly string[];
  for (const [field, column] of Object.entries(mapping)) {
    if (!fields.includes(field)) issues.push({ line: null, field, message: I.unknownField(field) });
    else if (!headers.includes(column)) issues.push({ line: null, field, message: I.unknownColumn(column) });
  }
  for (const field of REQUIRED_IMPORT_FIELDS[kind] as readonly string[]) {
    if (!mapping[field]) issues.push({ line: null, field, message: I.fieldRequired(I.fieldLabels[field] ?? field) });
  }
  return issues;
}

/** "At risk", "AT-RISK", "at_risk" → at-risk; a value that is no status stays as written (and is refused). */
function companyStatus(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const key = squash(value);
  for (const status of COMPANY_STATUSES) {
    if (squash(status) === key || squash(M.companies.statusLabels[status] ?? '') === key) return status;
  }
  return value.trim();
}

const contactRole = (value: string) => (value.trim() ? value.trim().toLowerCase() : undefined);

type Row = {
  line: number;
  values: Record<string, string>;
  status: 'new' | 'duplicate' | 'error';
  messages: string[];
  /** The checked input to write (status new). */
  data?: Record<string, unknown>;
  /** Contacts: the company the row names (trimmed), or null. */
  company?: string | null;
};

const issuesOf = (error: z.ZodError, line: number): ImportIssue[] =>
  error.issues.map((issue) => ({ line, field: String(issue.path[0] ?? ''), message: issue.message }));

export type CsvAnalysis = { preview: ImportPreview; issueCount: number; rows: Row[] };

const nameKey = (name: string) => name.trim().toLowerCase();

/** Reads, maps and checks the file against the agency's own rows (read with the unscoped client, by businessId). */
export async function analyseCsv(
  db: Db,
  businessId: number,
  kind: CsvImportKind,
  bytes: Buffer,
  sentMapping: ImportMapping | undefined,
): Promise<CsvAnalysis> {
  const table = readCsv(bytes);
  const mapping = sentMapping ?? guessMapping(kind, table.headers);
  const issues = mappingIssues(kind, table.headers, mapping);
  const base = { kind, headers: table.headers, mapping, newCompanies: [] as string[], source: null };
  if (issues.length) {
    return {
      preview: {
        ...base,
        rows: [],
        counts: { [kind]: { new: 0, duplicate: 0, error: 0 } },
        issues,
        issueCount: issues.length,
      },
      issueCount: issues.length,
      rows: [],
    };
  }
  const column = Object.fromEntries(
    Object.entries(mapping).map(([field, header]) => [field, table.headers.indexOf(header)]),
  );
  const rows: Row[] = table.rows.map(({ line, cells }) => ({
    line,
    values: Object.fromEntries(Object.entries(column).map(([field, index]) => [field, cellText(cells[index])])),
    status: 'new',
    messages: [],
  }));

  const existingCompanies = await db.company.findMany({ where: { businessId }, select: { id: true, name: true } });
  const companyByName = new Map<string, { id: number; name: string }>();
  for (const company of existingCompanies)
    if (!companyByName.has(nameKey(company.name))) companyByName.set(nameKey(company.name), company);

  const fail = (row: Row, rowIssues: ImportIssue[]) => {
    row.status = 'error';
    row.messages.push(...rowIssues.map((i) => i.message));
    issues.push(...rowIssues);
  };

  if (kind === 'companies') {
    const seen = new Map<string, number>();
    for (const row of rows) {
      const v = row.values;
      const parsed = companyCreateInput.safeParse({
        name: v.name ?? '',
        industry: v.industry,
        website: v.website,
        address: v.address,
        phone: v.phone,
        status: companyStatus(v.status ?? ''),
      });
      if (!parsed.success) {
        fail(row, issuesOf(parsed.error, row.line));
        continue;
      }
      const key = nameKey(parsed.data.name);
      const existing = companyByName.get(key);
      const earlier = seen.get(key);
      if (existing) markDuplicate(row, I.companyExists(existing.name));
      else if (earlier !== undefined) markDuplicate(row, I.sameAsLine(earlier));
      else {
        seen.set(key, row.line);
        row.data = parsed.data;
      }
    }
  } else {
    const emails = [...new Set(rows.map((r) => (r.values.email ?? '').trim().toLowerCase()).filter(Boolean))];
    const existing = new Map<string, string>();
    for (let i = 0; i < emails.length; i += 500) {
      const found = await db.contact.findMany({
        where: { businessId, email: { in: emails.slice(i, i + 500) } },
        select: { email: true, firstName: true, lastName: true },
      });
      for (const c of found) existing.set(c.email.toLowerCase(), `${c.firstName} ${c.lastName}`.trim());
    }
    const seen = new Map<string, number>();
    const newCompanies = new Map<string, string>();
    for (const row of rows) {
      const v = row.values;
      const parsed = contactCreateInput.safeParse({
        firstName: v.firstName ?? '',
        lastName: v.lastName ?? '',
        email: v.email ?? '',
        phone: v.phone,
        title: v.title,
        role: contactRole(v.role ?? ''),
      });
      const company = (v.company ?? '').trim();
      const companyCheck = company ? companyFields.name.safeParse(company) : null;
      const rowIssues = parsed.success ? [] : issuesOf(parsed.error, row.line);
      if (companyCheck && !companyCheck.success)
        rowIssues.push(
          ...companyCheck.error.issues.map((i) => ({ line: row.line, field: 'company', message: i.message })),
        );
      if (rowIssues.length || !parsed.success) {
        fail(row, rowIssues);
        continue;
      }
      const email = parsed.data.email;
      const owner = existing.get(email);
      const earlier = seen.get(email);
      if (owner !== undefined) markDuplicate(row, I.contactExists(owner || email));
      else if (earlier !== undefined) markDuplicate(row, I.sameAsLine(earlier));
      else {
        seen.set(email, row.line);
        row.data = parsed.data;
        row.company = company || null;
        if (company && !companyByName.has(nameKey(company)) && !newCompanies.has(nameKey(company)))
          newCompanies.set(nameKey(company), company);
      }
    }
    base.newCompanies = [...newCompanies.values()];
  }

  const count = (status: Row['status']) => rows.filter((r) => r.status === status).length;
  const order = { error: 0, duplicate: 1, new: 2 } as const;
  const shown: ImportPreviewRow[] = [...rows]
    .sort((a, b) => order[a.status] - order[b.status] || a.line - b.line)
    .slice(0, IMPORT_PREVIEW_ROWS)
    .map(({ line, status, values, messages }) => ({ line, status, values, messages }));
  return {
    preview: {
      ...base,
      rows: shown,
      counts: { [kind]: { new: count('new'), duplicate: count('duplicate'), error: count('error') } },
      issues: capIssues(issues),
      issueCount: issues.length,
    },
    issueCount: issues.length,
    rows,
  };
}

function markDuplicate(row: Row, message: string) {
  row.status = 'duplicate';
  row.messages.push(message);
}

const CHUNK = 500;

/**
 * Writes the new rows of an analysed file in one transaction (duplicates skipped), and one activity entry. The
 * caller has checked there are no issues.
 */
export async function commitCsv(
  db: Db,
  businessId: number,
  actor: Actor,
  kind: CsvImportKind,
  fileName: string,
  analysis: CsvAnalysis,
): Promise<ImportSummary> {
  if (analysis.issueCount) throw new ImportIssuesError(analysis.preview.issues, analysis.issueCount);
  const previewed = analysis.rows.filter((r) => r.status === 'new');
  const write = db.$transaction(
    async (tx) => {
      const created: Record<string, number> = {};
      let fresh = previewed;
      if (kind === 'companies') {
        // Read again inside the transaction: a company added since the preview (another import, the hub) is skipped.
        const names = new Set(
          (await tx.company.findMany({ where: { businessId }, select: { name: true } })).map((c) => nameKey(c.name)),
        );
        fresh = fresh.filter((r) => !names.has(nameKey((r.data as { name: string }).name)));
        for (let i = 0; i < fresh.length; i += CHUNK) {
          await tx.company.createMany({
            data: fresh
              .slice(i, i + CHUNK)
              .map((r) => ({ ...(r.data as z.output<typeof companyCreateInput>), businessId })),
          });
        }
        created.companies = fresh.length;
      } else {
        // The same for contacts, by e-mail.
        const emails = fresh.map((r) => (r.data as { email: string }).email);
        const taken = new Set<string>();
        for (let i = 0; i < emails.length; i += CHUNK) {
          const found = await tx.contact.findMany({
            where: { businessId, email: { in: emails.slice(i, i + CHUNK) } },
            select: { email: true },
          });
          for (const c of found) taken.add(c.email.toLowerCase());
        }
        fresh = fresh.filter((r) => !taken.has((r.data as { email: string }).email));
        const companyIds = new Map<string, number>();
        // The names the contacts link to, and the companies still to create.
        const names = [...new Set(fresh.map((r) => r.company).filter((n): n is string => !!n))];
        if (names.length) {
          const existing = await tx.company.findMany({
            where: { businessId },
            select: { id: true, name: true },
            orderBy: { id: 'asc' },
          });
          for (const c of existing) if (!companyIds.has(nameKey(c.name))) companyIds.set(nameKey(c.name), c.id);
          const missing = new Map<string, string>();
          for (const name of names)
            if (!companyIds.has(nameKey(name)) && !missing.has(nameKey(name))) missing.set(nameKey(name), name);
          const toCreate = [...missing.values()];
          for (let i = 0; i < toCreate.length; i += CHUNK) {
            const made = await tx.company.createManyAndReturn({
              data: toCreate.slice(i, i + CHUNK).map((name) => ({ businessId, name })),
              select: { id: true, name: true },
            });
            for (const company of made)
              if (!companyIds.has(nameKey(company.name))) companyIds.set(nameKey(company.name), company.id);
          }
          created.companies = missing.size;
        }
        for (let i = 0; i < fresh.length; i += CHUNK) {
          await tx.contact.createMany({
            data: fresh.slice(i, i + CHUNK).map((r) => {
              const { portalPassword: _none, ...input } = r.data as z.output<typeof contactCreateInput>;
              return {
                ...input,
                portalAccess: false,
                businessId,
                companyId: r.company ? (companyIds.get(nameKey(r.company)) ?? null) : null,
              };
            }),
          });
        }
        created.contacts = fresh.length;
      }
      await recordActivity(tx, businessId, actor, {
        entityType: 'import',
        entityName: fileName,
        action: 'imported',
        changes: Object.entries(created).map(([field, to]) => ({ field, from: null, to })),
      });
      const skipped = analysis.rows.filter((r) => r.status === 'duplicate').length + previewed.length - fresh.length;
      return { kind, created, skipped: { [kind]: skipped }, files: 0, notes: [] };
    },
    { timeout: 120_000, maxWait: 10_000 },
  );
  // The same e-mail written by someone else since the re-check: the unique index refuses it, and nothing is kept.
  return write.catch((error: { code?: string }) => {
    if (error.code === 'P2002') throw new ImportFileError(I.changedMeanwhile);
    throw transactionRefusal(error) ?? error;
  });
}
