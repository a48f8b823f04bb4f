/**
 * FileStorage on an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO…), chosen with STORAGE=s3.
 * - Uploads stream through the AWS SDK's multipart upload helper: at most partSize × queueSize bytes are held at
 *   once, whatever the file's size. A failed or refused upload is aborted (its parts freed) and its key removed, so
 *   nothing is left under the key; a bucket lifecycle rule that aborts incomplete multipart uploads after a day
 *   covers a process that dies mid-upload (README). list() shows complete objects only: an open multipart upload is
 *   no object (this server's sweep, server/files/sweep.ts, leaves those to that rule).
 * - Downloads stream the object's body (or a byte range of it) through the route that authorised the request.
 * Keys are the same `{businessId}/{uuid}` as on disk, so an export or backup moves between the two unchanged.
 */
import { randomUUID } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Env } from '../env';
import {
  assertKey,
  assertListing,
  isStorageKey,
  byteCounter,
  FileNotFoundError,
  LocalFileStorage,
  type ByteRange,
  type FileStorage,
  type StoredPage,
} from './storage';

export type S3StorageConfig = {
  bucket: string;
  region: string;
  /** Another service than AWS (R2, MinIO…): its address. */
  endpoint?: string;
  /** Addresses like https://host/bucket/key instead of https://bucket.host/key (MinIO and most self-hosted servers). */
  forcePathStyle?: boolean;
  /** Both or neither: without them the SDK's own chain applies (instance role, AWS_* variables, ~/.aws). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bytes per multipart part (at least 5 MiB, S3's minimum). */
  partSize?: number;
  /** Parts uploaded at once per file. */
  queueSize?: number;
};

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

export class S3FileStorage implements FileStorage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly description: string;
  private readonly partSize: number;
  private readonly queueSize: number;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.description = `S3 bucket ${config.bucket} (${config.endpoint ?? `AWS ${config.region}`})`;
    this.partSize = Math.max(5 * 1024 * 1024, config.partSize ?? 5 * 1024 * 1024);
    this.queueSize = config.queueSize ?? 1;
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle ?? false,
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: R2, MinIO and other S3-compatible servers do not all accept the
      // SDK's newer default (CRC32 trailers on every upload); multipart parts keep S3's own MD5/ETag integrity.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A service that does not answer fails in seconds, not at the OS's TCP timeout. No idle timeout on the body:
      // a download to a slow client pauses the bucket's stream for as long as that client needs. The SDK's default
      // of 50 sockets would queue the 51st download in flight; uploads and downloads each hold one while they run.
      requestHandler: {
        connectionTimeout: 5_000,
        httpAgent: { keepAlive: true, maxSockets: 512 },
        httpsAgent: { keepAlive: true, maxSockets: 512 },
      },
    });
  }

  newKey(businessId: number): string {
    return `${businessId}/${randomUUID()}`;
  }

  /** The bucket exists and these credentials may reach it. */
  async ready(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async writeStream(key: string, source: Readable, options: { maxBytes?: number } = {}): Promise<{ size: number }> {
    assertKey(key);
    const { counter, size } = byteCounter(options.maxBytes ?? Number.POSITIVE_INFINITY);
    const body = new PassThrough();
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: 'application/octet-stream' },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    // The source's own failure (too large, the client went away) is the reason given, not the aborted upload's.
    let sourceError: unknown = null;
    const piping = pipeline(source, counter, body).catch((error: unknown) => {
      sourceError = error;
      throw error;
    });
    try {
      await Promise.all([piping, upload.done()]);
    } catch (error) {
      // Stop both sides: a refused source aborts the upload; a failed upload stops reading the source.
      body.destroy();
      if (!source.destroyed) source.destroy();
      await upload.abort().catch(() => {});
      await Promise.allSettled([piping]);
      await this.remove(key).catch(() => {});
      throw sourceError ?? error;
    }
    return { size: size() };
  }

  async readStream(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    try {
      const reply = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return reply.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((error: unknown) => {
      if (!isMissing(error)) throw error;
    });
  }

  /**
   * One ListObjects request (at most 1,000 keys, S3's own page) from the key after the cursor. The marker-based
   * listing (S3, R2 and MinIO all have it) takes the last key as the cursor, which is all a sweep needs; ListObjectsV2
   * would add continuation tokens (and the S3 test server cannot make those on Node 20: DES is gone from OpenSSL 3).
   */
  async list(prefix: string, options: { after?: string | null; limit: number }): Promise<StoredPage> {
    assertListing(prefix, options.after);
    const reply = await this.client.send(
      new ListObjectsCommand({
        Bucket: this.bucket,
        Prefix: prefix,
        Marker: options.after ?? undefined,
        MaxKeys: Math.min(1000, Math.max(1, Math.floor(options.limit))),
      }),
    );
    const contents = reply.Contents ?? [];
    const entries = contents
      .filter((o) => typeof o.Key === 'string' && isStorageKey(o.Key))
      .map((o) => ({ key: o.Key!, modifiedAt: o.LastModified ?? new Date(), partial: false })); // no date given: counted as new, never swept
    // The cursor is the last key S3 gave, listed or not, so a foreign name cannot stall the listing.
    const last = contents[contents.length - 1]?.Key;
    return { entries, next: reply.IsTruncated && last ? last : null };
  }

  /** A bucket holds no partial objects (an upload in flight is a multipart upload, not an object): nothing to remove. */
  async removePartial(name: string): Promise<void> {
    throw new Error(`Not a partial file: ${name}`);
  }

  async size(key: string): Promise<number | null> {
    assertKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  close(): void {
    this.client.destroy();
  }
}

/** The storage the configuration names (server/env.ts has validated the S3_* settings when STORAGE=s3). */
export function createStorage(
  env: Pick<
    Env,
    | 'STORAGE'
    | 'uploadDir'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): FileStorage {
  if (env.STORAGE !== 's3') return new LocalFileStorage(env.uploadDir);
  return new S3FileStorage({
    bucket: env.S3_BUCKET!,
    region: env.S3_REGION!,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  });
}
