import { format, isValid, parseISO } from 'date-fns';

/**
 * Every date the app shows, in US English (spec: "MMM dd, yyyy" in lists, "MMMM d, yyyy" on project detail). A
 * yyyy-mm-dd day (a due date, a date answer) is read as that day where the reader is, never shifted by a time zone.
 */
const asDate = (value: Date | string) => (typeof value === 'string' ? parseISO(value) : value);

/** "Nov 26, 2026". */
export const formatDate = (value: Date | string) => format(asDate(value), 'MMM dd, yyyy');

/** "November 26, 2026" (project detail). */
export const formatLongDate = (value: Date | string) => format(asDate(value), 'MMMM d, yyyy');

/** "Nov 26, 2026, 9:03 PM". */
export const formatDateTime = (value: Date | string) => format(asDate(value), 'MMM dd, yyyy, h:mm a');

/** A date field's answer (stored as yyyy-mm-dd) as a date; any other text as it is. */
export function formatDateAnswer(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : null;
  return date && isValid(date) ? formatDate(date) : value;
}
