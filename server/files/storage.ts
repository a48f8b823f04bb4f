/**
 * Where uploaded bytes live. Routers and routes only see the `FileStorage` interface: bytes are streamed in and
 * out (never held whole in memory), and rows keep only the key. The local-disk implementation is the default;
 * an S3-compatible one (STORAGE=s3, ./s3-storage.ts) implements the same methods. One contract test suite
 * (tests/integration/storage-contract.test.ts) runs against both.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The object is larger than the caller allowed; nothing of it is kept. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'FileTooLargeError';
  }
}

/** No object under that key (never stored, or removed). */
export class FileNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored file under ${key}.`);
    this.name = 'FileNotFoundError';
  }
}

/** Bytes start…end of an object, both included (as in an HTTP Range header); end is below the object's size. */
export type ByteRange = { start: number; end: number };

export interface FileStorage {
  /** Where the files are, for the start-up line and /readyz's logs (never a secret). */
  readonly description: string;
  /** A fresh, random key under the business's prefix. The file's own name is never part of it. */
  newKey(businessId: number): string;
  /**
   * Streams `source` into a new object. Resolves with its size once every byte is stored; on any failure
   * (the source errors or is destroyed, the disk is full, more than `maxBytes` arrive) it rejects and nothing is left.
   */
  writeStream(key: string, source: Readable, options?: { maxBytes?: number }): Promise<{ size: number }>;
  /** The object's bytes (or the range of them) as a stream; rejects with FileNotFoundError when there is none. */
  readStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the object; a missing one is not an error. */
  remove(key: string): Promise<void>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /**
   * One page of what is stored under an agency's prefix (`{businessId}/`), in key order, after `after` (a key or
   * partial name of an earlier page): complete objects, and what an interrupted write left behind (`partial`: a local
   * `.part` file). Each with its last-modified time. At most `limit` entries; `next` is the cursor of the following
   * page (null: this was the last). Work and memory per call are bounded by `limit`, not by how much is stored. Only
   * names of this storage's own shapes are listed (anything else in the folder or bucket is not the app's).
   */
  list(prefix: string, options: { after?: string | null; limit: number }): Promise<StoredPage>;
  /** Removes a partial entry that list() named (a leftover `.part` file); anything else is refused. */
  removePartial(name: string): Promise<void>;
  /** Resolves when the storage can take files now (GET /readyz); rejects with the reason when it cannot. */
  ready(): Promise<void>;
  /** Lets go of connections (at shutdown). */
  close?(): void;
}

/** One entry of FileStorage.list: a key of newKey's shape, or (partial) the name of an interrupted write's leftover. */
export type StoredEntry = { key: string; modifiedAt: Date; partial: boolean };
export type StoredPage = { entries: StoredEntry[]; next: string | null };

/** `{businessId}/{uuid}`: the only shape of key this storage accepts, so no key can name another path. */
const KEY = /^[1-9]\d{0,9}\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const isStorageKey = (key: string) => KEY.test(key);

/** Refuses anything but a key of newKey's shape before it reaches a disk or a bucket. */
export function assertKey(key: string): void {
  if (!KEY.test(key)) throw new Error('Not a storage key');
}

/** `{businessId}/`: the prefix list() takes, one agency's keys. */
const PREFIX = /^[1-9]\d{0,9}\/$/;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What LocalFileStorage.writeStream writes before its rename: `{uuid}.{uuid}.part` in the agency's folder. */
const PART_NAME = new RegExp(`^${UUID}\\.${UUID}\\.part$`);
const OBJECT_NAME = new RegExp(`^${UUID}$`);

/** Refuses a list() prefix other than one agency's `{businessId}/`, and an `after` cursor outside it. */
export function assertListing(prefix: string, after: string | null | undefined): void {
  if (!PREFIX.test(prefix)) throw new Error('Not a storage prefix');
  if (after != null && !after.startsWith(prefix)) throw new Error('The listing cursor is outside the prefix');
}

/** Counts the bytes going through and fails the pipeline past `maxBytes`. */
export function byteCounter(maxBytes: number) {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(new FileTooLargeError(maxBytes));
      else callback(null, chunk);
    },
  });
  return { counter, size: () => size };
}

/** Files under one folder (UPLOAD_DIR), one sub-folder per business, named by a random UUID. */
export class LocalFileStorage implements FileStorage {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `local folder ${this.root}`;
    fs.mkdirSync(this.root, { recursive: true });
  }

  newKey(businessId: number): string {
    return `${businessId}/${randomUUID()}`;
  }

  /** The upload folder is there, is a folder, and may be written to. */
  async ready(): Promise<void> {
    const stat = await fsp.stat(this.root);
    if (!stat.isDirectory()) throw new Error(`${this.root} is not a folder`);
    await fsp.access(this.root, fs.constants.W_OK);
  }

  /** The file of a key; anything but a key of newKey's shape is refused before it reaches the disk. */
  pathOf(key: string): string {
    assertKey(key);
    const full = path.resolve(this.root, key);
    if (!full.startsWith(this.root + path.sep)) throw new Error('Storage key escapes the upload folder');
    return full;
  }

  async writeStream(key: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    const full = this.pathOf(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    // Written under a temporary name and renamed once complete: a reader never sees half a file under the key.
    const partial = `${full}.${randomUUID()}.part`;
    const { counter, size } = byteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    const out = fs.createWriteStream(partial, { flags: 'wx' });
    try {
      await pipeline(source, counter, out);
      await fsp.rename(partial, full);
    } catch (error) {
      // A write stream destroyed before its file was open still creates the file when the open completes: wait until
      // it is closed, or the removal below may run first and leave the partial file behind.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await fsp.rm(partial, { force: true }).catch(() => {});
      throw error;
    }
    return { size: size() };
  }

  /**
   * The agency's folder is read entry by entry (fs.opendir), keeping only the `limit` smallest names after the cursor:
   * memory stays at one page whatever the folder holds; each page costs one pass over the folder.
   */
  async list(prefix: string, options: { after?: string | null; limit: number }): Promise<StoredPage> {
    assertListing(prefix, options.after);
    const limit = Math.max(1, Math.floor(options.limit));
    const after = options.after == null ? null : options.after.slice(prefix.length);
    const dir = path.join(this.root, prefix.slice(0, -1));
    let handle: fs.Dir;
    try {
      handle = await fsp.opendir(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { entries: [], next: null };
      throw error;
    }
    // Sorted, at most limit + 1 names (one more tells whether another page follows).
    const page: string[] = [];
    for await (const entry of handle) {
      const name = entry.name;
      if (!entry.isFile() || (after !== null && name <= after) || !(OBJECT_NAME.test(name) || PART_NAME.test(name)))
        continue;
      if (page.length > limit && name >= page[page.length - 1]) continue;
      let low = 0;
      let high = page.length;
      while (low < high) {
        const mid = (low + high) >> 1;
        if (page[mid] < name) low = mid + 1;
        else high = mid;
      }
      page.splice(low, 0, name);
      if (page.length > limit + 1) page.pop();
    }
    const more = page.length > limit;
    const names = page.slice(0, limit);
    const entries: StoredEntry[] = [];
    for (const name of names) {
      // Gone since the pass (removed, or a .part renamed): not listed.
      const stat = await fsp.stat(path.join(dir, name)).catch(() => null);
      if (stat) entries.push({ key: `${prefix}${name}`, modifiedAt: stat.mtime, partial: PART_NAME.test(name) });
    }
    return { entries, next: more && names.length ? `${prefix}${names[names.length - 1]}` : null };
  }

  async removePartial(name: string): Promise<void> {
    const slash = name.indexOf('/');
    if (slash < 0 || !PREFIX.test(name.slice(0, slash + 1)) || !PART_NAME.test(name.slice(slash + 1)))
      throw new Error('Not a partial file');
    const full = path.resolve(this.root, name);
    if (!full.startsWith(this.root + path.sep)) throw new Error('Storage key escapes the upload folder');
    await fsp.rm(full, { force: true });
  }

  async readStream(key: string, range?: ByteRange): Promise<Readable> {
    const full = this.pathOf(key);
    // Opened before the stream is handed out, so a missing file is a rejection here, not an error mid-response.
    const handle = await fsp.open(full, 'r').catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ENOENT' ? new FileNotFoundError(key) : error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async remove(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async size(key: string): Promise<number | null> {
    try {
      return (await fsp.stat(this.pathOf(key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}
