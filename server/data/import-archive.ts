/**
 * The zip of a Clientflow export (server/data/format.ts), as POST /api/imports with kind archive reads it: a temporary
 * file read with random access (yauzl). Nothing in it is trusted: paths, sizes, expansion, nesting and record sizes
 * are held to bounds before anything is parsed. The analysis (server/data/import-analysis.ts) checks every row, and a
 * commit (server/data/import-commit.ts) writes them.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { TokenParser, TokenType, Tokenizer } from '@streamparser/json';
import yauzl from 'yauzl';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import { ImportFileError } from './import-csv';

const I = M.data.import;

/**
 * What one import reads at most, whatever the zip holds: the work and memory of an analysis stay bounded (a zip of a
 * few KB can unpack to gigabytes, or to millions of empty rows). The seed generator's agency (`npm run seed --
 * --agencies`: 50,000 tasks, 20,000 files) has about 80,000 rows, its largest data file (tasks) about 15 MB.
 */
export const ARCHIVE_LIMITS = {
  /** One data/*.json (or manifest.json), unpacked. */
  jsonFileBytes: 64 * 1024 * 1024,
  /** Every data/*.json that is read (the activity log is not), together. */
  jsonTotalBytes: 160 * 1024 * 1024,
  /** data/business.json: one object. */
  businessBytes: 1024 * 1024,
  /**
   * One row of a data file (or one value of manifest.json). The longest row is a flow template's steps: 2,000,000
   * characters of JSON (TEMPLATE_LIMITS.snapshotMaxChars), at most 3 bytes each in UTF-8, so 6 MB and a margin.
   */
  recordBytes: 7 * 1024 * 1024,
  /** Rows of one data file, and of all of them together. */
  rowsPerFile: 250_000,
  rowsInAll: 500_000,
  /**
   * Messages of one import (data/messages.json), below the file's bound: each may hold 10,000 characters, and every
   * one is written in the import's one transaction with its thread's times recomputed after.
   */
  messages: 100_000,
  /**
   * Approval requests, their steps (decisions) and review comments of one import (issue 31): the same bound, for the
   * same reason (each row written in the one transaction, a request's reminder queued with it).
   */
  approvalRequests: 100_000,
  approvalSteps: 100_000,
  reviewComments: 100_000,
  /** How deep values may nest (a row is at depth 2; a flow field's options a few levels below). */
  depth: 32,
  /** Entries over this size are held to IMPORT_MAX_RATIO (small ones compress well and cost nothing), and so is the zip. */
  ratioGraceBytes: 1024 * 1024,
} as const;
/** The most entries a zip may list (each is held in memory while the import runs): one per stored file, plus the data. */
const MAX_ZIP_ENTRIES = 200_000;

/** The expansion limits of the configuration (IMPORT_MAX_UNPACKED_BYTES, IMPORT_MAX_RATIO) and the zip's size. */
export type ArchiveOpenLimits = { maxUnpackedBytes: number; maxRatio: number; fileBytes: number };

type Entry = yauzl.Entry;

/** An open zip: its entries by path (checked), read on demand. */
export class Archive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: Map<string, Entry>,
  ) {}

  /**
   * Opens the zip and lists its entries; refuses unsafe paths, more unpacked bytes than IMPORT_MAX_UNPACKED_BYTES, and
   * an entry over 1 MiB, or the whole zip, unpacking to more than IMPORT_MAX_RATIO times its packed size. yauzl
   * (validateEntrySizes) holds every entry's stream to the size listed here, so what is checked is what is read.
   */
  static async open(file: string, limits: ArchiveOpenLimits): Promise<Archive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.open(
        file,
        { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
        (error, z) => (error || !z ? reject(error) : resolve(z)),
      ),
    ).catch(() => {
      throw new ImportFileError(I.notZip);
    });
    if (zip.entryCount > MAX_ZIP_ENTRIES) {
      zip.close();
      throw new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US')));
    }
    const entries = new Map<string, Entry>();
    const grace = ARCHIVE_LIMITS.ratioGraceBytes;
    let total = 0;
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('entry', (entry: Entry) => {
          const name = entry.fileName;
          if (!isSafePath(name)) return reject(new ImportFileError(I.unsafePath(name)));
          total += entry.uncompressedSize;
          if (total > limits.maxUnpackedBytes)
            return reject(new ImportFileError(I.unpackedTooLarge(formatFileSize(limits.maxUnpackedBytes))));
          if (
            entry.uncompressedSize > grace &&
            entry.uncompressedSize > limits.maxRatio * Math.max(1, entry.compressedSize)
          ) {
            return reject(new ImportFileError(I.entryRatioTooHigh(name, limits.maxRatio)));
          }
          if (!name.endsWith('/')) entries.set(name, entry);
          if (entries.size > MAX_ZIP_ENTRIES)
            return reject(new ImportFileError(I.tooManyEntries(MAX_ZIP_ENTRIES.toLocaleString('en-US'))));
          zip.readEntry();
        });
        zip.on('end', () => resolve());
        zip.on('error', (error: Error) =>
          reject(
            /invalid relative path|absolute path/i.test(error.message)
              ? new ImportFileError(I.unsafePath(error.message.split(': ').pop() ?? ''))
              : new ImportFileError(I.notZip),
          ),
        );
        zip.readEntry();
      });
      // Many small entries (or entries sharing their packed bytes) unpack to far more than the zip: the whole is held too.
      if (total > grace && total > limits.maxRatio * Math.max(1, limits.fileBytes))
        throw new ImportFileError(I.archiveRatioTooHigh(limits.maxRatio));
    } catch (error) {
      zip.close();
      throw error;
    }
    return new Archive(zip, entries);
  }

  close() {
    this.zip.close();
  }

  /** The entry's bytes as a stream (sizes checked by yauzl against the central directory). */
  stream(entry: Entry): Promise<Readable> {
    return new Promise((resolve, reject) =>
      this.zip.openReadStream(entry, (error, stream) => (error || !stream ? reject(error) : resolve(stream))),
    );
  }

  /** An entry that must be there, at most `maxBytes` unpacked. */
  private part(path: string, maxBytes: number): Entry {
    const entry = this.entries.get(path);
    if (!entry) throw new ImportFileError(I.missingPart(path));
    if (entry.uncompressedSize > maxBytes) throw new ImportFileError(I.jsonTooLarge(path, formatFileSize(maxBytes)));
    return entry;
  }

  /**
   * A small JSON entry (manifest.json, data/business.json), parsed whole: at most `maxBytes`, and at most `maxValues`
   * values (keys and values; a manifest lists one file per zip entry, so its count follows the zip's).
   */
  async json(path: string, maxBytes: number, maxValues: number): Promise<unknown> {
    let value: unknown;
    await this.parse(path, this.part(path, maxBytes), { maxValues, onValue: (v) => (value = v) });
    return value;
  }

  /**
   * A data/<entity>.json, streamed: `onRow` gets each element of its top-level array in turn, and the parsed row is
   * dropped once it returns. At most `maxBytes` unpacked.
   */
  async rows(path: string, maxBytes: number, onRow: (row: unknown) => void): Promise<void> {
    await this.parse(path, this.part(path, maxBytes), { rows: true, onValue: onRow });
  }

  /**
   * Streams an entry through a tokenizer whose tokens are checked before they are assembled: nesting depth, the size
   * of one record (a row, or for a whole document one token with the space before it), and the number of values.
   * A JSON error, or a refusal from onValue, ends the read; only an ImportFileError's own sentence is kept.
   */
  private async parse(
    path: string,
    entry: Entry,
    options: { rows?: true; maxValues?: number; onValue: (value: unknown) => void },
  ): Promise<void> {
    const tokenizer = new Tokenizer();
    const parser = new TokenParser(options.rows ? { paths: ['$.*'], keepStack: false } : { paths: ['$'] });
    parser.onValue = ({ value }) => options.onValue(value);
    const maxDepth = ARCHIVE_LIMITS.depth;
    let depth = 0;
    let values = 0;
    let started = false;
    /** Where the record being read began: a row's first byte, else the last token's. */
    let anchor = 0;
    let rowStart = 0;
    tokenizer.onToken = (info) => {
      const { token, offset } = info;
      if (!started) {
        started = true;
        if (options.rows && token !== TokenType.LEFT_BRACKET) throw new ImportFileError(I.badPart(path));
      }
      if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) {
        depth++;
        if (depth > maxDepth) throw new ImportFileError(I.tooDeep(path, maxDepth));
        if (depth === 2) rowStart = offset;
      } else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) depth--;
      if (
        token !== TokenType.COLON &&
        token !== TokenType.COMMA &&
        options.maxValues !== undefined &&
        ++values > options.maxValues
      ) {
        throw new ImportFileError(I.tooManyValues(path));
      }
      anchor = options.rows && depth >= 2 ? rowStart : offset;
      parser.write(info);
    };
    let read = 0;
    try {
      for await (const chunk of await this.stream(entry)) {
        // A row (or a string, a number, a run of spaces) that has gone on too long is refused before it grows on.
        if (read - anchor > ARCHIVE_LIMITS.recordBytes)
          throw new ImportFileError(I.recordTooLarge(path, formatFileSize(ARCHIVE_LIMITS.recordBytes)));
        tokenizer.write(chunk as Buffer);
        read += (chunk as Buffer).length;
      }
      if (!tokenizer.isEnded) tokenizer.end();
      if (!parser.isEnded) throw new Error('The JSON ended early.');
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw new ImportFileError(I.badPart(path));
    }
  }

  /** A small entry's bytes (the caller has checked its size). */
  async bytes(entry: Entry): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.stream(entry)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /** The SHA-256 (hex) and size of an entry's bytes. */
  async digest(entry: Entry): Promise<{ sha256: string; size: number }> {
    const hash = createHash('sha256');
    let size = 0;
    for await (const chunk of await this.stream(entry)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
    return { sha256: hash.digest('hex'), size };
  }
}

/** A relative path of plain segments: no absolute path, drive letter, backslash, '..' or '.' segment, no NUL. */
export function isSafePath(name: string): boolean {
  if (!name || name.startsWith('/') || /^[a-zA-Z]:/.test(name) || name.includes('\\') || name.includes('\0'))
    return false;
  const segments = name.replace(/\/$/, '').split('/');
  return segments.every((s) => s !== '' && s !== '.' && s !== '..');
}
