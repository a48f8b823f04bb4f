/**
 * Data export and import (Account → Data): the contracts shared by server/domain/data, the Express routes of
 * server/data/ and the client. The zip format itself is described in server/data/format.ts.
 */
import { z } from 'zod';
import { M } from '../messages';
import { idSchema } from './common';

const D = M.data;

// ---------------------------------------------------------------------------------------------------------------
// Export

/** data.requestExport: the whole agency (owner), or one client company (companyId; owner and admin). */
export const exportRequestInput = z.object({
  companyId: idSchema.optional(),
});

/**
 * A small agency (or company) downloads at once: the client follows `url` (GET /api/export.zip[?companyId=]), which
 * streams the zip. A large one is built in the background (an Export row and a job); the owner gets an e-mail when it
 * is ready and downloads it from the exports list.
 */
export const exportRequestOutput = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('download'), url: z.string() }),
  z.object({ mode: z.literal('background'), exportId: z.number().int(), email: z.string() }),
]);
export type ExportRequestOutput = z.infer<typeof exportRequestOutput>;

const EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const exportItem = z.object({
  id: z.number().int(),
  scope: z.enum(['agency', 'company']),
  companyId: z.number().int().nullable(),
  companyName: z.string().nullable(),
  status: z.enum(EXPORT_STATUSES),
  fileName: z.string(),
  /** Bytes of the finished zip (0 until ready). */
  size: z.number(),
  error: z.string().nullable(),
  createdAt: z.date(),
  readyAt: z.date().nullable(),
  expiresAt: z.date(),
  /** GET /api/exports/{id}/download while ready, else null. */
  downloadUrl: z.string().nullable(),
});
export type ExportItem = z.infer<typeof exportItem>;
export const exportListOutput = z.object({ items: z.array(exportItem) });

/** data.storage: the bytes the agency's stored files take, and its quota (STORAGE_QUOTA_BYTES; null: none). */
export const storageUsageOutput = z.object({
  usedBytes: z.number().int().nonnegative(),
  quotaBytes: z.number().int().positive().nullable(),
});
export type StorageUsage = z.infer<typeof storageUsageOutput>;

// ---------------------------------------------------------------------------------------------------------------
// Import

/** What a file holds: companies or contacts as CSV, or a Clientflow export (zip) to move data between installations. */
const IMPORT_KINDS = ['companies', 'contacts', 'archive'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
const importKindSchema = z.enum(IMPORT_KINDS, { error: D.import.kindInvalid });

/** The fields a CSV column can be mapped to, in the order the mapping step lists them. */
export const IMPORT_FIELDS = {
  companies: ['name', 'industry', 'website', 'address', 'phone', 'status'],
  contacts: ['firstName', 'lastName', 'email', 'phone', 'role', 'title', 'company'],
} as const;
export type CsvImportKind = keyof typeof IMPORT_FIELDS;
export type ImportField<K extends CsvImportKind = CsvImportKind> = (typeof IMPORT_FIELDS)[K][number];
export const REQUIRED_IMPORT_FIELDS: { [K in CsvImportKind]: readonly ImportField<K>[] } = {
  companies: ['name'],
  contacts: ['firstName', 'lastName', 'email'],
};

/** Field → the file's column header (exactly as in the file's first line); a field left out is not imported. */
const importMappingSchema = z.record(z.string().max(100), z.string().max(500));
export type ImportMapping = z.infer<typeof importMappingSchema>;

/**
 * The multipart fields of POST /api/imports (besides `file`): `kind`, `mapping` (JSON of ImportMapping, CSV only;
 * absent: the server's guess from the headers) and `commit` ("true" writes, anything else previews).
 */
export const importFormFields = z.object({
  kind: importKindSchema,
  mapping: z
    .string()
    .max(20_000)
    .optional()
    .transform((text, ctx) => {
      if (text === undefined || text === '') return undefined;
      try {
        const parsed = importMappingSchema.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // fall through
      }
      ctx.addIssue({ code: 'custom', message: D.import.mappingInvalid });
      return z.NEVER;
    }),
  commit: z
    .string()
    .optional()
    .transform((v) => v === 'true'),
  /** An export zip only: "true" replaces this agency's details, branding and logo with the export's (slug kept). */
  applyBusiness: z
    .string()
    .optional()
    .transform((v) => v === 'true'),
});

/** One problem of the file, by line (1 = the CSV's header line; for a zip, the line of the entity's CSV file). */
const importIssue = z.object({
  /** The CSV line, or null for a problem of the whole file. */
  line: z.number().int().nullable(),
  /** For a zip: the entity whose file it is (companies, contacts, …). */
  entity: z.string().optional(),
  field: z.string().optional(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssue>;

const importRowStatus = z.enum(['new', 'duplicate', 'error']);
const importPreviewRow = z.object({
  line: z.number().int(),
  status: importRowStatus,
  /** The mapped values, field → text, as they would be imported. */
  values: z.record(z.string(), z.string()),
  /** Errors of the row (status error), or why it is a duplicate ("A contact with this e-mail already exists."). */
  messages: z.array(z.string()),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRow>;

/** Rows the preview shows at most (errors first, then duplicates, then new rows); the counts cover every row. */
export const IMPORT_PREVIEW_ROWS = 200;
/** The most data rows one CSV import takes. */
export const IMPORT_MAX_ROWS = 50_000;
/** Problems an answer lists at most; a last line counts the rest ("… and N more problems"), and issueCount has them all. */
export const IMPORT_MAX_ISSUES = 500;

const importCounts = z.record(
  z.string(),
  z.object({ new: z.number().int(), duplicate: z.number().int(), error: z.number().int() }),
);

const importPreviewOutput = z.object({
  kind: importKindSchema,
  /** CSV: the header line's columns, and the mapping used (the guess when none was sent). */
  headers: z.array(z.string()),
  mapping: importMappingSchema,
  /** CSV rows, or for a zip the companies and contacts (the entities that can be duplicates). */
  rows: z.array(importPreviewRow),
  /** Per entity (companies, contacts, projects, tasks, files, …): how many rows are new, duplicates and errors. */
  counts: importCounts,
  /** The first IMPORT_MAX_ISSUES problems, then a line that counts the rest. */
  issues: z.array(importIssue),
  /** How many problems the file has in all (issues lists the first ones). */
  issueCount: z.number().int(),
  /** Companies a contacts CSV names that do not exist yet and will be created. */
  newCompanies: z.array(z.string()),
  /** Zip only: what the export says about itself (agency name, exported at, scope). */
  source: z.object({ businessName: z.string(), exportedAt: z.string(), scope: z.string() }).nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewOutput>;

const importSummaryOutput = z.object({
  kind: importKindSchema,
  /** Per entity: rows created, and duplicates skipped (their references point at the existing record). */
  created: z.record(z.string(), z.number().int()),
  skipped: z.record(z.string(), z.number().int()),
  /** Files written to storage (zip). */
  files: z.number().int(),
  /** Notes for people: team members of the export not found in this agency (their tasks stay unassigned), … */
  notes: z.array(z.string()),
});
export type ImportSummary = z.infer<typeof importSummaryOutput>;
