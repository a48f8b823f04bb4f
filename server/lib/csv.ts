/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet would read as a
 * formula (= + - @, or a leading tab or carriage return) gets a leading apostrophe, so it stays text.
 * (Its own module, free of the app's routers: the export zip and the activity CSV both write cells with it.)
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
