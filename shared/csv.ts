/**
 * CSV cells a spreadsheet must keep as text (the server's exports and the browser's report downloads share this).
 *
 * A cell gets a leading apostrophe (Excel, LibreOffice and Google Sheets then show it as text, the apostrophe hidden)
 * when it starts with a tab, carriage return or line feed (OWASP's CSV injection list), or when its first character
 * after any run of spaces, control and invisible characters is one that starts a formula:
 *   = + - @                          every spreadsheet (so a phone number "+1 555…" or "-5" as text is guarded too);
 *   ＝ ＋ － ＠ (U+FF1D/FF0B/FF0D/FF20)  full-width forms, which Excel turns into = + - @ in CJK locales
 *                                      (OWASP www-community issue 1088; Mescius' CSV writer escapes them as well);
 *   ー (U+30FC)                        reported in that same issue (what a Japanese keyboard types for "-").
 * Leading whitespace is skipped because a padded "  =1+1" is evaluated by some programs (json-2-csv's bypass,
 * GHSA-g27c-q7cp-mhx6); guarding a few padded dashes costs only an apostrophe.
 */
// Not guarded: U+2212 minus, the small forms ﹦﹢﹣﹫ (U+FE66/FE62/FE63/FE6B) and other look-alikes, which no spreadsheet is known to read as a formula start.
const FORMULA_START = /^(?:[\t\r\n]|[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\u30FC])/u;

/** True when a spreadsheet could read this text as a formula (see above). */
export const looksLikeFormula = (value: string) => FORMULA_START.test(value);

/** The text with the apostrophe that keeps a formula-like value as text, when it needs one. */
const formulaSafe = (value: string) => (looksLikeFormula(value) ? `'${value}` : value);

/** One CSV cell of text: formula-safe, then quoted (RFC 4180) when it holds a comma, quote or line break. */
export function csvText(value: string): string {
  const safe = formulaSafe(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell as read back (our CSV import): without the apostrophe formulaSafe added. */
export const withoutFormulaGuard = (cell: string) =>
  cell.startsWith("'") && looksLikeFormula(cell.slice(1)) ? cell.slice(1) : cell;

/** The separators a CSV import understands, in the order that wins a tie. */
const SEPARATORS = [',', ';', '\t'] as const;
export type CsvSeparator = (typeof SEPARATORS)[number];

/**
 * The separator the header line uses most, outside quotes: comma, semicolon or tab (a tie goes to the earlier one,
 * no separator at all to the comma). The server's import and the browser's mapping step read a file the same way.
 */
export function detectSeparator(text: string): CsvSeparator {
  const counts = new Map<string, number>(SEPARATORS.map((s) => [s, 0]));
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  let best: CsvSeparator = ',';
  for (const s of SEPARATORS) if (counts.get(s)! > counts.get(best)!) best = s;
  return best;
}
