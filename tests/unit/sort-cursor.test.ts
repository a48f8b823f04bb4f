import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, type SortKeyType } from '../../server/lib/sort-cursor';
import { resolveSort } from '../../shared/schemas/common';
import { companySorts } from '../../shared/schemas/companies';
import { taskSorts } from '../../shared/schemas/tasks';

const STALE = 'This page link belongs to another sort of the list. Reload the list and try again.';
const dueDate: SortKeyType[][] = [['date'], []];
const companyName: SortKeyType[][] = [['text', 'int'], []];

describe('a sorted list cursor', () => {
  it('round-trips the sort, the segment, the key values and the id as one URL-safe token', () => {
    const position = { sort: 'dueDate.asc', segment: 0, keys: ['2026-01-02T00:00:00.000+00:00'], id: 41 };
    const token = encodeCursor(position);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token, 'dueDate.asc', dueDate)).toEqual(position);
  });

  it("keeps PostgreSQL's timestamp text, a text key with any characters, and an id-only segment", () => {
    const pgDate = { sort: 'dueDate.desc', segment: 0, keys: ['2026-01-02 00:00:00.5'], id: 3 };
    expect(decodeCursor(encodeCursor(pgDate), 'dueDate.desc', dueDate)).toEqual(pgDate);
    const text = { sort: 'company.asc', segment: 0, keys: ['Ünïcode, "quotes" & spaces', 7], id: 9 };
    expect(decodeCursor(encodeCursor(text), 'company.asc', companyName)).toEqual(text);
    const nulls = { sort: 'dueDate.asc', segment: 1, keys: [], id: 12 };
    expect(decodeCursor(encodeCursor(nulls), 'dueDate.asc', dueDate)).toEqual(nulls);
  });

  it('refuses a cursor of another sort or direction with a 400', () => {
    const token = encodeCursor({ sort: 'dueDate.asc', segment: 1, keys: [], id: 12 });
    for (const sort of ['dueDate.desc', 'created.asc'])
      expect(() => decodeCursor(token, sort, dueDate)).toThrow(
        expect.objectContaining({ code: 'BAD_REQUEST', message: STALE }),
      );
  });

  it('refuses a bare id (a cursor from before sorting), garbage and tampered shapes', () => {
    const bad = [
      '12',
      'not base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      encodeCursor({ sort: 'dueDate.asc', segment: 2, keys: [], id: 1 }),
      encodeCursor({ sort: 'dueDate.asc', segment: 0, keys: [], id: 1 }),
      encodeCursor({ sort: 'dueDate.asc', segment: 0, keys: ['2026-02-31T00:00:00Z'], id: 1 }),
      encodeCursor({ sort: 'dueDate.asc', segment: 0, keys: ["1'; DROP TABLE x"], id: 1 }),
      encodeCursor({ sort: 'dueDate.asc', segment: 0, keys: ['2026-01-02'], id: 0 }),
      encodeCursor({ sort: 'dueDate.asc', segment: 0, keys: ['2026-01-02'], id: 2_147_483_648 }),
    ];
    for (const token of bad)
      expect(() => decodeCursor(token, 'dueDate.asc', dueDate), token).toThrow(
        expect.objectContaining({ code: 'BAD_REQUEST' }),
      );
    // A key of the wrong type (the company id as text).
    const typed = encodeCursor({ sort: 'company.asc', segment: 0, keys: ['Acme', '7'], id: 1 });
    expect(() => decodeCursor(typed, 'company.asc', companyName)).toThrow(
      expect.objectContaining({ code: 'BAD_REQUEST' }),
    );
  });
});

describe('the sort a request asks for', () => {
  it("is the list's order before sorting existed when none is given", () => {
    expect(resolveSort(companySorts, {})).toEqual({ key: 'name', order: 'asc' });
    expect(resolveSort(taskSorts, {})).toEqual({ key: 'created', order: 'desc' });
  });

  it("takes the key's own first direction when only the key is given", () => {
    expect(resolveSort(taskSorts, { sort: 'priority' })).toEqual({ key: 'priority', order: 'desc' });
    expect(resolveSort(taskSorts, { sort: 'dueDate', order: 'desc' })).toEqual({ key: 'dueDate', order: 'desc' });
  });
});
