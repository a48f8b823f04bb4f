/**
 * One CSV cell: quoted when it holds a comma, quote or line break; a cell that a spreadsheet could read as a formula
 * gets a leading apostrophe, so it stays text (the characters and why: shared/csv.ts, shared with the browser's
 * report downloads). (Its own module, free of the app's routers: the export zip and the activity CSV both write
 * cells with it.)
 */
export { csvText as csvCell } from '../../shared/csv';
