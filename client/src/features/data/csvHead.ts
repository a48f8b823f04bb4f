/**
 * The header line and the first data line of a CSV, read in the browser for the mapping step's sample values (the
 * server parses the whole file). Quoted cells, doubled quotes, CRLF, a BOM and ';' or tab as the separator are understood.
 */
export function csvHead(text: string): { headers: string[]; first: string[] } {
  const body = text.replace(/^\uFEFF/, '');
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  // The separator the header line uses most (as the server decides): comma, semicolon or tab.
  const separator = [',', ';', '\t'].reduce((best, c) => (firstLine.split(c).length > firstLine.split(best).length ? c : best), ',');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length && rows.length < 2; i++) {
    const c = body[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (body[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === separator) {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      cell = '';
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (rows.length < 2 && (cell || row.length)) rows.push([...row, cell]);
  return { headers: (rows[0] ?? []).map((h) => h.trim()), first: rows[1] ?? [] };
}

/** Header → its value in the first data line (both trimmed), from the start of the file. */
export async function sampleValues(file: File): Promise<Record<string, string>> {
  try {
    const { headers, first } = csvHead(await file.slice(0, 64 * 1024).text());
    return Object.fromEntries(headers.map((header, i) => [header, (first[i] ?? '').trim()]));
  } catch {
    return {};
  }
}
