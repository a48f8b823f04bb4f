import { csvText } from '../../../../shared/csv';

/**
 * CSV built in the browser from the report's own rows. Cells are quoted when they hold a comma, quote or line
 * break; text that a spreadsheet could run as a formula gets a leading apostrophe (shared/csv.ts: = + - @, their
 * full-width forms, a leading tab or line break, also after leading spaces). Numbers are written as they are (a
 * negative number is data, not a formula).
 */
export type CsvCell = string | number | null;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return csvText(value);
}

export function toCsv(header: string[], rows: CsvCell[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
