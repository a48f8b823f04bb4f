/**
 * The FileStorage contract, run against both implementations: the local folder (STORAGE=local) and an S3 bucket
 * (STORAGE=s3) on an S3-protocol server started in this process (tests/support/s3-server.ts). Whatever the
 * routes, jobs and imports rely on is said here once: put, get, range get, delete, a missing key, a refused or
 * interrupted upload leaving nothing, keys that cannot name anything else, and the listing the sweep pages through.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../server/env';
import { createStorage, S3FileStorage } from '../../server/files/s3-storage';
import { FileNotFoundError, FileTooLargeError, LocalFileStorage, type FileStorage } from '../../server/files/storage';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { startS3Server, type S3TestServer } from '../support/s3-server';

type Backend = {
  name: string;
  /** plant: writes raw bytes under a name behind the storage's back (what a crash, or something else, left). */
  open(): Promise<{
    storage: FileStorage;
    leftovers(): string[];
    plant(name: string): Promise<void>;
    close(): Promise<void>;
  }>;
};

let s3: S3TestServer;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const backends: Backend[] = [
  {
    name: 'local folder',
    async open() {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-contract-'));
      const storage = createStorage(loadEnv({ NODE_ENV: 'test', UPLOAD_DIR: dir }));
      const files = (d: string): string[] =>
        fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : [path.join(d, e.name)]));
      return {
        storage,
        // Anything on disk that is not a complete object (a .part file) is left over.
        leftovers: () => files(dir).filter((f) => f.endsWith('.part')),
        plant: async (name: string) => {
          fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
          fs.writeFileSync(path.join(dir, name), 'left behind');
        },
        close: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: 'S3 bucket',
    async open() {
      // The smallest part S3 allows (5 MiB), so a 12 MiB file goes up in three parts.
      const storage = new S3FileStorage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        partSize: 5 * 1024 * 1024,
      });
      return {
        storage,
        leftovers: () => s3.pendingUploads(),
        plant: async (name: string) => {
          await storage.client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: name, Body: 'left behind' }));
        },
        close: async () => storage.close?.(),
      };
    },
  },
];

/** A source that yields `chunks` then fails as a client going away would. */
function failingSource(chunks: Buffer[], afterMs = 50) {
  const source = new Readable({ read() {} });
  for (const chunk of chunks) source.push(chunk);
  setTimeout(() => source.destroy(new Error('the client went away')), afterMs);
  return source;
}

const eventually = async (check: () => boolean, what: string) => {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe.each(backends)('FileStorage contract: $name', (backend) => {
  let storage: FileStorage;
  let leftovers: () => string[];
  let plant: (name: string) => Promise<void>;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, leftovers, plant, close } = await backend.open());
  });
  afterAll(async () => {
    await close?.();
  });

  it('is ready, and names where the files are', async () => {
    await expect(storage.ready()).resolves.toBeUndefined();
    expect(storage.description).toMatch(backend.name === 'S3 bucket' ? /S3 bucket clientflow-test/ : /local folder/);
  });

  it('gives fresh keys under the agency, never the same twice', () => {
    const a = storage.newKey(7);
    const b = storage.newKey(7);
    expect(a).toMatch(/^7\/[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('puts a file and gets the same bytes back, with its size', async () => {
    const key = storage.newKey(1);
    const bytes = randomBytes(300_000);
    await expect(
      storage.writeStream(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)])),
    ).resolves.toEqual({ size: bytes.length });
    expect(await storage.size(key)).toBe(bytes.length);
    expect((await buffer(await storage.readStream(key))).equals(bytes)).toBe(true);
  });

  it('streams a file larger than one part in several parts, and reads any range of it', async () => {
    const key = storage.newKey(1);
    const bytes = randomBytes(12 * 1024 * 1024 + 5);
    const before = s3.requests.length;
    // Handed over in 64 KiB chunks, as a request body arrives.
    const chunks = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, i) =>
      bytes.subarray(i * 65_536, (i + 1) * 65_536),
    );
    await storage.writeStream(key, Readable.from(chunks));
    if (backend.name === 'S3 bucket') {
      // Multipart: no single request carried the whole file.
      const parts = s3.requests.slice(before).filter((r) => r.startsWith('PUT ?partNumber&uploadId'));
      expect(parts.length, s3.requests.slice(before).join(', ')).toBe(3);
    }
    expect(await storage.size(key)).toBe(bytes.length);
    expect((await buffer(await storage.readStream(key))).equals(bytes)).toBe(true);
    expect((await buffer(await storage.readStream(key, { start: 10, end: 19 }))).equals(bytes.subarray(10, 20))).toBe(
      true,
    );
    // Across a part boundary, and the very last byte.
    const boundary = 5 * 1024 * 1024;
    expect(
      (await buffer(await storage.readStream(key, { start: boundary - 3, end: boundary + 3 }))).equals(
        bytes.subarray(boundary - 3, boundary + 4),
      ),
    ).toBe(true);
    expect(
      (await buffer(await storage.readStream(key, { start: bytes.length - 1, end: bytes.length - 1 }))).equals(
        bytes.subarray(-1),
      ),
    ).toBe(true);
  });

  it('stores an empty file', async () => {
    const key = storage.newKey(1);
    await expect(storage.writeStream(key, Readable.from([]))).resolves.toEqual({ size: 0 });
    expect(await storage.size(key)).toBe(0);
    expect((await buffer(await storage.readStream(key))).length).toBe(0);
  });

  it('deletes a file; deleting it again is no error', async () => {
    const key = storage.newKey(2);
    await storage.writeStream(key, Readable.from([Buffer.from('to be removed')]));
    await storage.remove(key);
    expect(await storage.size(key)).toBeNull();
    await expect(storage.readStream(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
  });

  it('answers a missing key with FileNotFoundError (read) and null (size)', async () => {
    const key = storage.newKey(3);
    await expect(storage.readStream(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await expect(storage.readStream(key, { start: 0, end: 9 })).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await storage.size(key)).toBeNull();
  });

  it('leaves nothing of an upload interrupted before its first part was complete', async () => {
    const key = storage.newKey(4);
    await expect(storage.writeStream(key, failingSource([randomBytes(100_000)]))).rejects.toThrow(
      'the client went away',
    );
    expect(await storage.size(key)).toBeNull();
    await eventually(() => leftovers().length === 0, 'no partial upload');
  });

  it('leaves nothing of an upload interrupted after parts of it were stored', async () => {
    const key = storage.newKey(4);
    const before = s3.requests.length;
    // 6 MiB arrive (one full part goes up), then the client goes away.
    const source = failingSource([randomBytes(3 * 1024 * 1024), randomBytes(3 * 1024 * 1024)], 400);
    await expect(storage.writeStream(key, source)).rejects.toThrow('the client went away');
    if (backend.name === 'S3 bucket') {
      const seen = s3.requests.slice(before).join(', ');
      expect(seen).toContain('PUT ?partNumber&uploadId');
      expect(seen).toContain('DELETE ?uploadId');
    }
    expect(await storage.size(key)).toBeNull();
    await eventually(() => leftovers().length === 0, 'no partial upload');
  });

  it('refuses more than maxBytes with FileTooLargeError, and keeps nothing', async () => {
    const key = storage.newKey(5);
    const error = await storage
      .writeStream(key, Readable.from([randomBytes(600), randomBytes(600)]), { maxBytes: 1000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FileTooLargeError);
    expect(await storage.size(key)).toBeNull();
    await eventually(() => leftovers().length === 0, 'no partial upload');
    // Exactly the limit is allowed.
    await expect(storage.writeStream(key, Readable.from([randomBytes(1000)]), { maxBytes: 1000 })).resolves.toEqual({
      size: 1000,
    });
  });

  it('refuses keys that are not its own shape before touching the files', async () => {
    for (const key of [
      '../etc/passwd',
      '1/../../x',
      '/abs',
      '1/not-a-uuid',
      '0/00000000-0000-0000-0000-000000000000',
      '',
    ]) {
      await expect(storage.readStream(key)).rejects.toThrow('Not a storage key');
      await expect(storage.writeStream(key, Readable.from([Buffer.from('x')]))).rejects.toThrow('Not a storage key');
      await expect(storage.remove(key)).rejects.toThrow('Not a storage key');
      await expect(storage.size(key)).rejects.toThrow('Not a storage key');
    }
  });

  it("lists one agency's keys in key order with their last-modified time, a page at a time", async () => {
    const businessId = 880_000 + Math.floor(Math.random() * 10_000);
    const start = Date.now();
    const keys = Array.from({ length: 5 }, () => storage.newKey(businessId)).sort();
    for (const key of keys) await storage.writeStream(key, Readable.from([Buffer.from(key)]));
    // Another agency's file, and one whose id starts with the same digits: neither is under this prefix.
    await storage.writeStream(storage.newKey(businessId + 1), Readable.from([Buffer.from('other')]));
    await storage.writeStream(storage.newKey(businessId * 10), Readable.from([Buffer.from('other')]));
    const seen: string[] = [];
    const pages: number[] = [];
    let after: string | null = null;
    do {
      const page = await storage.list(`${businessId}/`, { after, limit: 2 });
      pages.push(page.entries.length);
      for (const entry of page.entries) {
        seen.push(entry.key);
        expect(entry.partial).toBe(false);
        // Whole seconds on some services (S3 LastModified): a second either side.
        expect(entry.modifiedAt.getTime()).toBeGreaterThanOrEqual(start - 1_000);
        expect(entry.modifiedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
      }
      after = page.next;
    } while (after !== null && pages.length < 10);
    expect(seen).toEqual(keys);
    expect(pages).toEqual([2, 2, 1]);
    // From a cursor in the middle, and an agency with nothing stored.
    expect((await storage.list(`${businessId}/`, { after: keys[2], limit: 10 })).entries.map((e) => e.key)).toEqual(
      keys.slice(3),
    );
    expect(await storage.list(`${businessId + 2}/`, { limit: 10 })).toEqual({ entries: [], next: null });
  });

  it('lists only names of its own shapes: an interrupted write is partial (local folder), anything else is not listed', async () => {
    const businessId = 890_000 + Math.floor(Math.random() * 10_000);
    const key = storage.newKey(businessId);
    await storage.writeStream(key, Readable.from([Buffer.from('kept')]));
    const part = `${storage.newKey(businessId)}.${randomUUID()}.part`;
    await plant(part);
    await plant(`${businessId}/notes.txt`);
    await plant(`${businessId}/${randomUUID()}.bak`);
    const { entries, next } = await storage.list(`${businessId}/`, { limit: 100 });
    expect(next).toBeNull();
    if (backend.name === 'local folder') {
      expect(entries.map((e) => [e.key, e.partial])).toEqual(
        [
          [key, false],
          [part, true],
        ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
      );
      await storage.removePartial(part);
      expect((await storage.list(`${businessId}/`, { limit: 100 })).entries.map((e) => e.key)).toEqual([key]);
    } else {
      // A bucket holds no partial objects: a name like a local .part file is just someone else's object.
      expect(entries.map((e) => [e.key, e.partial])).toEqual([[key, false]]);
    }
    // removePartial takes nothing but a partial name: never a key, never a path elsewhere.
    for (const name of [
      key,
      `${businessId}/notes.txt`,
      `../${businessId}/${randomUUID()}.${randomUUID()}.part`,
      `${businessId}/../x.part`,
    ]) {
      await expect(storage.removePartial(name)).rejects.toThrow();
    }
    expect(await storage.size(key)).toBe(4);
  });

  it("refuses a listing prefix other than one agency's, and a cursor outside it", async () => {
    for (const prefix of ['', '/', '../', '1', '1/2/', '0/', 'x/']) {
      await expect(storage.list(prefix, { limit: 10 })).rejects.toThrow('Not a storage prefix');
    }
    await expect(storage.list('1/', { after: '2/x', limit: 10 })).rejects.toThrow('outside the prefix');
  });

  it('keeps files written at the same time apart', async () => {
    const files = Array.from({ length: 6 }, () => ({ key: storage.newKey(6), bytes: randomBytes(50_000) }));
    await Promise.all(files.map((f) => storage.writeStream(f.key, Readable.from([f.bytes]))));
    for (const f of files) expect((await buffer(await storage.readStream(f.key))).equals(f.bytes)).toBe(true);
  });
});

describe('storage that cannot take files', () => {
  it('a missing upload folder is not ready', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-contract-'));
    const storage = new LocalFileStorage(dir);
    fs.rmSync(dir, { recursive: true });
    await expect(storage.ready()).rejects.toThrow();
  });

  it('a missing bucket, or a server that does not answer, is not ready', async () => {
    const missing = new S3FileStorage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(missing.ready()).rejects.toThrow();
    missing.close();
    const down = new S3FileStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(down.ready()).rejects.toThrow();
    down.close();
  });
});

describe('STORAGE=s3 configuration', () => {
  const base = { NODE_ENV: 'test', STORAGE: 's3' };
  const problems = (env: Record<string, string>) => {
    try {
      loadEnv(env);
      return '';
    } catch (error) {
      return (error as Error).message;
    }
  };

  it('names each missing or malformed setting at start-up', () => {
    const message = problems(base);
    expect(message).toContain('S3_BUCKET: is required when STORAGE=s3');
    expect(message).toContain('S3_REGION: is required when STORAGE=s3');
    expect(problems({ ...base, S3_BUCKET: 'Bad_Bucket', S3_REGION: 'us-east-1' })).toContain(
      'S3_BUCKET: must be a bucket name',
    );
    expect(problems({ ...base, S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_ENDPOINT: 'minio:9000' })).toContain(
      'S3_ENDPOINT: must be an address',
    );
    expect(problems({ ...base, S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'key' })).toContain(
      'S3_SECRET_ACCESS_KEY: is required with the other one',
    );
    expect(problems({ ...base, S3_BUCKET: 'files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'yes' })).toContain(
      'S3_FORCE_PATH_STYLE: must be true or false',
    );
    expect(problems({ NODE_ENV: 'test', STORAGE: 'ftp' })).toContain('STORAGE: must be local or s3');
  });

  it('accepts AWS (role credentials), R2 and MinIO settings, and never prints the secret', () => {
    expect(problems({ ...base, S3_BUCKET: 'agency-files', S3_REGION: 'eu-west-1' })).toBe('');
    expect(
      problems({
        ...base,
        S3_BUCKET: 'agency-files',
        S3_REGION: 'auto',
        S3_ENDPOINT: 'https://0123abcd.r2.cloudflarestorage.com',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toBe('');
    const env = loadEnv({
      ...base,
      S3_BUCKET: 'clientflow',
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    });
    expect(env.S3_FORCE_PATH_STYLE).toBe(true);
    const storage = createStorage(env);
    expect(storage).toBeInstanceOf(S3FileStorage);
    expect(storage.description).toBe('S3 bucket clientflow (http://minio:9000)');
    expect(storage.description).not.toContain('very-secret-value');
    storage.close?.();
    // Local is the default.
    expect(createStorage(loadEnv({ NODE_ENV: 'test', UPLOAD_DIR: os.tmpdir() }))).toBeInstanceOf(LocalFileStorage);
  });
});
