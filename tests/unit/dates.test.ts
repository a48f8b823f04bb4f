/**
 * The app's dates (shared/dates.ts, written with Intl.DateTimeFormat) read exactly as date-fns' patterns of the spec
 * did ("MMM dd, yyyy", "MMMM d, yyyy", "MMM dd, yyyy, h:mm a"), for days and instants around the year and the clock.
 */
import { format, isValid, parseISO } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateAnswer, formatDateTime, formatLongDate } from '../../shared/dates';

const days = ['2026-11-26', '2026-01-05', '1999-12-31', '2024-02-29'];
const instants = [
  '2026-11-26T21:03:00.000Z',
  '2026-03-08T07:05:00Z',
  '2026-07-01T00:00:59.999Z',
  '2026-12-31T12:00:00Z',
];
const locals = [
  new Date(2026, 0, 1, 0, 0),
  new Date(2026, 5, 15, 12, 30),
  new Date(2026, 5, 15, 0, 7),
  new Date(2026, 9, 4, 23, 59),
];

describe('shared/dates', () => {
  it.each([...days, ...instants, ...locals])('writes %s as date-fns did', (value) => {
    const date = typeof value === 'string' ? parseISO(value) : value;
    expect(formatDate(value)).toBe(format(date, 'MMM dd, yyyy'));
    expect(formatLongDate(value)).toBe(format(date, 'MMMM d, yyyy'));
    expect(formatDateTime(value)).toBe(format(date, 'MMM dd, yyyy, h:mm a'));
  });

  it('reads a yyyy-mm-dd day as that day where the reader is', () => {
    expect(formatDate('2026-11-26')).toBe('Nov 26, 2026');
    expect(formatLongDate('2026-01-05')).toBe('January 5, 2026');
  });

  it.each(['2026-11-26', '2026-02-31', '2026-13-01', 'hello', ''])(
    'shows the date answer %j as date-fns did',
    (text) => {
      const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? parseISO(text) : null;
      expect(formatDateAnswer(text)).toBe(date && isValid(date) ? format(date, 'MMM dd, yyyy') : text);
    },
  );

  it('refuses a value that is no date, as date-fns did', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
