/**
 * What one row of a Clientflow export may hold (server/data/format.ts names its columns, which may be null and its row
 * schema): each value's type, whether it may be null, and the rules the app's own calls and the CSV import hold it to,
 * from the same shared field schemas, so a limit changed there changes here. Issues name the entity (file), the row's
 * line and the column.
 */
import type { z } from 'zod';
import '../../shared/zod-messages';
import { M } from '../../shared/messages';
import { documentUrlSchema } from '../../shared/schemas/documents';
import { COLUMNS_OF_OLDER_EXPORTS, ENTITIES, jsonPath, type EntitySpec } from './format';

const I = M.data.import;

export type Row = Record<string, unknown>;

/** Entities an import creates, in order (users are matched by e-mail, the activity log is not replayed). */
export const IMPORTED = ENTITIES.filter((e) => e.name !== 'users' && e.name !== 'activities');

/** Companies are the same when their names match after trimming, whatever their case. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/** A download route of a stored document (of whichever installation wrote it). */
export const DOWNLOAD_PATH = /^\/api\/documents\/\d+\/download$/;

const INT32_MIN = -2_147_483_648;
const INT32_MAX = 2_147_483_647;

/** Columns whose format check answers with the archive's sentence for that format. */
const FORMAT_MESSAGES: Record<string, (column: string) => string> = { email: I.badEmail, website: I.badWebsite };

/**
 * The archive's sentence for a value its column's schema refuses, or null. An empty text is kept as exported (the
 * columns that must hold a value are format.ts's `nullable` rule), so a "required" issue is not one here.
 */
function valueProblem(schema: z.ZodType, column: string, value: unknown): string | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  for (const issue of result.error.issues) {
    // A number's bounds keep the schema's own sentence (a template's days after the start).
    if ((issue.code === 'too_small' || issue.code === 'too_big') && issue.origin === 'number') return issue.message;
    if (issue.code === 'too_small') continue;
    if (issue.code === 'invalid_value') return I.notOneOf(column, issue.values.map(String).join(', '));
    if (issue.code === 'too_big') return I.tooLongValue(column, Number(issue.maximum));
    return FORMAT_MESSAGES[column]?.(column) ?? issue.message;
  }
  return null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The value as it is written, or not ok. */
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

/** One problem of a row: its column (none for the whole row) and the sentence. */
export type RowFail = (field: string | undefined, message: string) => void;

/** The sentences that name only a column, made once each (a file of empty rows repeats them for every row). */
const columnSentences = new Map<string, string>();
const sentence = (key: string, make: () => string) => {
  let text = columnSentences.get(key);
  if (text === undefined) columnSentences.set(key, (text = make()));
  return text;
};

/** One column's checked value, or undefined after reporting its problem. */
function checkColumn(spec: EntitySpec, column: string, type: string, source: Row, fail: RowFail): unknown {
  if (!(column in source)) {
    // An export written before the column existed: the value that keeps its old behaviour (format.ts).
    const older = COLUMNS_OF_OLDER_EXPORTS[spec.name];
    if (older && column in older) return older[column];
    fail(
      column,
      sentence(`missing:${column}`, () => I.columnMissing(column)),
    );
    return undefined;
  }
  const value = source[column];
  if (value === null) {
    if ((spec.nullable ?? []).includes(column) || spec.name === 'activities' || spec.name === 'users') return null;
    fail(
      column,
      sentence(`required:${column}`, () => I.columnRequired(column)),
    );
    return undefined;
  }
  const checked = checkValue(type, value);
  if (!checked.ok) {
    fail(column, I.columnType(column, I.typeLabels[type] ?? type));
    return undefined;
  }
  // Ids, sizes, positions and cents are 32-bit integers in both databases.
  if (type === 'int' && ((value as number) < INT32_MIN || (value as number) > INT32_MAX)) {
    fail(column, I.outOfRange(column));
    return undefined;
  }
  const schema = spec.row?.shape[column];
  const problem = schema ? valueProblem(schema, column, checked.value) : null;
  if (problem) {
    fail(column, problem);
    return undefined;
  }
  return checked.value;
}

/** One row's columns, types and values; each problem goes to `fail`. */
export function checkRow(spec: EntitySpec, raw: unknown, fail: RowFail): Row {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    fail(undefined, I.badPart(jsonPath(spec.name)));
    return {};
  }
  const row: Row = {};
  for (const [column, type] of Object.entries(spec.columns)) {
    const value = checkColumn(spec, column, type, raw as Row, fail);
    if (value !== undefined) row[column] = value;
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
