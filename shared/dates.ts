/**
 * Every date the app shows, in US English (spec: "MMM dd, yyyy" in lists, "MMMM d, yyyy" on project detail), written
 * by the platform's Intl.DateTimeFormat: the first screens show dates, and date-fns' formatter with its locale would
 * add about 8 KB of compressed script to each of them (the screens that compute with dates still use date-fns). A
 * yyyy-mm-dd day (a due date, a date answer) is read as that day where the reader is, never shifted by a time zone.
 */
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function asDate(value: Date | string): Date {
  if (typeof value !== 'string') return value;
  const day = DAY.exec(value);
  if (!day) return new Date(value);
  const [year, month, date] = [Number(day[1]), Number(day[2]) - 1, Number(day[3])];
  const read = new Date(year, month, date);
  // 2026-02-31 or 2026-13-01 is no day (Date would roll it over into the next month or year).
  return read.getFullYear() === year && read.getMonth() === month && read.getDate() === date
    ? read
    : new Date(Number.NaN);
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());

const listDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });

/** A date that is not one throws, as date-fns' format did (a bug to find, not a text to show). */
function checked(value: Date | string): Date {
  const date = asDate(value);
  if (!isValid(date)) throw new RangeError('Invalid time value');
  return date;
}

/** "Nov 26, 2026". */
export const formatDate = (value: Date | string) => listDate.format(checked(value));

/** "November 26, 2026" (project detail). */
export const formatLongDate = (value: Date | string) => longDate.format(checked(value));

/** "Nov 26, 2026, 9:03 PM" (Intl puts a narrow no-break space before "PM"; the app writes a plain one). */
export function formatDateTime(value: Date | string): string {
  const date = checked(value);
  return `${listDate.format(date)}, ${time.format(date).replace(/\s/g, ' ')}`;
}

/** A date field's answer (stored as yyyy-mm-dd) as a date; any other text as it is. */
export function formatDateAnswer(value: string): string {
  if (!DAY.test(value)) return value;
  const date = asDate(value);
  // 2026-02-31 is no day: shown as typed.
  return isValid(date) ? formatDate(date) : value;
}
