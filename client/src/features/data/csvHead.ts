/**
 * The header line and the first data line of a CSV, read in the browser for the mapping step's sample values (the
 * server parses the whole file, server/data/import-csv.ts). Read as the server reads it: UTF-8 (a BOM is dropped),
 * else Windows-1252; the separator is the one the header line uses most outside quotes (comma, semicolon or tab);
 * quoted cells (separators and line breaks inside them), doubled quotes and CRLF are understood.
 */

import { detectSeparator } from '../../../../shared/csv';

/** How much of the file's start is split: far more than a header and a first line. */
const HEAD_BYTES = 64 * 1024;
/** Up to this size the whole file is checked for UTF-8 (the server decides on the whole file); beyond, its start. */
const CHECK_BYTES = 64 * 1024 * 1024;

export function csvHead(text: string): { headers: string[]; first: string[] } {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const separator = detectSeparator(body);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  /** A quote opens a quoted cell only at the cell's start; elsewhere it is a character of the cell. */
  let atStart = true;
  for (let i = 0; i < body.length && rows.length < 2; i++) {
    const c = body[i];
    if (quoted) {
      if (c !== '"') cell += c;
      else if (body[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
    } else if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator) {
      row.push(cell);
      cell = '';
      atStart = true;
    } else if (c === '\n') {
      row.push(cell);
      cell = '';
      rows.push(row);
      row = [];
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  if (rows.length < 2 && (cell || row.length)) rows.push([...row, cell]);
  return { headers: (rows[0] ?? []).map((h) => h.trim()), first: rows[1] ?? [] };
}

/** Whether the file's bytes are UTF-8 (its first CHECK_BYTES for a larger one), read as a stream. */
async function isUtf8(file: File): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const whole = file.size <= CHECK_BYTES;
  const reader = file.slice(0, CHECK_BYTES).stream().getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.decode(value, { stream: true });
    }
    // A larger file is cut off here, possibly inside a character: only the whole file must end with a whole one.
    if (whole) decoder.decode();
    return true;
  } catch {
    void reader.cancel().catch(() => undefined);
    return false;
  }
}

const encodings = new WeakMap<File, Promise<boolean>>();

/** The start of the file as text, decoded as the server decodes the file. */
async function headText(file: File): Promise<string> {
  let utf8 = encodings.get(file);
  if (!utf8) {
    utf8 = isUtf8(file);
    encodings.set(file, utf8);
  }
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  // Streamed: a character cut at HEAD_BYTES is left out, not turned into a replacement character.
  return (await utf8)
    ? new TextDecoder('utf-8').decode(head, { stream: true })
    : new TextDecoder('windows-1252').decode(head);
}

/** Header → its value in the first data line (both trimmed), from the start of the file. */
export async function sampleValues(file: File): Promise<Record<string, string>> {
  try {
    const { headers, first } = csvHead(await headText(file));
    return Object.fromEntries(headers.map((header, i) => [header, (first[i] ?? '').trim()]));
  } catch {
    return {};
  }
}
