/**
 * An S3-protocol server in the test process (s3rver, files in a temp folder), for STORAGE=s3 tests.
 * s3rver does not implement AbortMultipartUpload (it answers 405), which AWS S3, R2 and MinIO all do; the one
 * middleware added here implements it (drops the upload's parts), so "an interrupted upload leaves nothing" is
 * tested as a real service behaves. `requests` records each operation, to see that uploads really are multipart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The server's folder (tests/support/stored.ts reads objects and pending uploads from it). */
  directory: string;
  /** The settings the app reads for this server (STORAGE=s3 and the S3_* variables). */
  env: Record<string, string>;
  /** Operations seen, e.g. "PUT ?uploadId&partNumber" (query keys only). */
  requests: string[];
  /** Multipart uploads started and neither completed nor aborted (their parts still held). */
  pendingUploads(): string[];
  /** Keys of the stored objects. */
  objects(): string[];
  close(): Promise<void>;
};

type Ctx = { method: string; path: string; query: Record<string, unknown>; status: number; body: unknown };
type Store = { getResourcePath(bucket: string, key: string | undefined, resource: string): string };

/** The keys of the objects an s3rver folder holds (optionally under a prefix such as "12/"). */
export function s3Objects(directory: string, bucket: string, prefix = ''): string[] {
  const walk = (dir: string, under: string): string[] =>
    fs.existsSync(dir)
      ? fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          if (entry.name.startsWith('._S3rver_uploads')) return [];
          const match = /^(.+)\._S3rver_object$/.exec(entry.name);
          if (entry.isFile() && match) return [`${under}${match[1]}`];
          return entry.isDirectory() ? walk(path.join(dir, entry.name), `${under}${entry.name}/`) : [];
        })
      : [];
  return walk(path.join(directory, bucket, prefix), prefix).sort();
}

/** The keys of the multipart uploads of an s3rver folder started and neither completed nor aborted. */
export function s3PendingUploads(directory: string, bucket: string): string[] {
  const dir = path.join(directory, bucket, '._S3rver_uploads');
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir).map((id) => {
    try {
      return fs.readFileSync(path.join(dir, id, 'key'), 'utf8');
    } catch {
      return `(upload ${id})`;
    }
  });
}

/** The bytes of an object in an s3rver folder, or null. */
export function s3ObjectBytes(directory: string, bucket: string, key: string): Buffer | null {
  const file = path.join(directory, bucket, `${key}._S3rver_object`);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

export async function startS3Server(bucket = 'clientflow-test'): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const store = (server as unknown as { store: Store }).store;
  const requests: string[] = [];
  const uploadsDir = () => store.getResourcePath(bucket, undefined, 'uploads');
  // Koa composes its middleware when it starts listening: this one, put first, runs before s3rver's routes.
  (server as unknown as { middleware: ((ctx: Ctx, next: () => Promise<void>) => Promise<void>)[] }).middleware.unshift(
    async (ctx, next) => {
      requests.push(`${ctx.method} ?${Object.keys(ctx.query).sort().join('&')}`);
      const uploadId = ctx.query.uploadId;
      if (ctx.method === 'DELETE' && typeof uploadId === 'string') {
        if (!/^[0-9a-f]{16,64}$/.test(uploadId)) {
          ctx.status = 400;
          return;
        }
        fs.rmSync(path.join(uploadsDir(), uploadId), { recursive: true, force: true });
        ctx.status = 204;
        ctx.body = null;
        return;
      }
      await next();
    },
  );
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    pendingUploads: () => s3PendingUploads(directory, bucket),
    objects: () => s3Objects(directory, bucket),
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
