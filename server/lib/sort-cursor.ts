/**
 * The cursor of a sorted list page: which sort it belongs to, the last row's place in that sort (its segment and
 * key values) and its id, as one opaque URL-safe token. A token made under another sort (or tampered with) is
 * refused with a 400, never read as a position in the wrong order.
 */
import { TRPCError } from '@trpc/server';
import { M } from '../../shared/messages';
import { MAX_ID } from '../../shared/schemas/common';

/** The kind of a sort key: how a cursor's value is checked before it reaches SQL. */
export type SortKeyType = 'text' | 'int' | 'date';

export type SortPosition = {
  /** The sort the position belongs to, e.g. "name.asc". */
  sort: string;
  /** The segment of the sort (e.g. 0 = rows with a due date, 1 = rows without). */
  segment: number;
  /** The last row's key values in that segment (none for a segment ordered by id alone). */
  keys: (string | number)[];
  id: number;
};

export function encodeCursor(position: SortPosition): string {
  const { sort, segment, keys, id } = position;
  return Buffer.from(JSON.stringify([sort, segment, keys, id])).toString('base64url');
}

const refuse = (): never => {
  throw new TRPCError({ code: 'BAD_REQUEST', message: M.lists.staleCursor });
};

// SQLite keeps ISO text ("2026-11-27T03:41:33.123+00:00"), PostgreSQL's text form is "2026-11-27 03:41:33.123".
const DATE_TEXT = /^\d{4}-\d\d-\d\d([ T]\d\d:\d\d:\d\d(\.\d{1,6})?)?(Z|[+-]\d\d:?\d\d)?$/;

function validKey(value: unknown, type: SortKeyType): boolean {
  // Dates are the stored text; a SQLite row written as epoch milliseconds keeps its number.
  if (type === 'int' || (type === 'date' && typeof value === 'number'))
    return typeof value === 'number' && Number.isSafeInteger(value);
  if (typeof value !== 'string' || value.length > 1000) return false;
  if (type === 'text') return true;
  if (!DATE_TEXT.test(value)) return false;
  // A real calendar day: 2026-02-31 would be a database error, not an empty page.
  const day = value.slice(0, 10);
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/**
 * Reads a token for the given sort: `segments` lists each segment's key types in the sort's order. Anything else
 * (another sort's token, a bare id from before sorting, a wrong shape) is a 400 with a sentence for people.
 */
export function decodeCursor(token: string, sort: string, segments: readonly (readonly SortKeyType[])[]): SortPosition {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 4) return refuse();
  const [tokenSort, segment, keys, id] = parsed as unknown[];
  if (tokenSort !== sort) return refuse();
  if (typeof segment !== 'number' || !Number.isInteger(segment) || segment < 0 || segment >= segments.length)
    return refuse();
  const types = segments[segment];
  if (!Array.isArray(keys) || keys.length !== types.length || !keys.every((k, i) => validKey(k, types[i])))
    return refuse();
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > MAX_ID) return refuse();
  return { sort, segment, keys: keys as (string | number)[], id };
}
