/**
 * The storage quota of each agency (STORAGE_QUOTA_BYTES; 0, the default: none). The space an agency uses is the sum
 * of the sizes of its stored files: its Document rows with a storageKey (a link names a file elsewhere and takes no
 * space here; the logo is not counted) and the older versions of its files, whose bytes are kept too. One indexed statement: the (businessId, createdAt) index of Document finds
 * the agency's rows, and no other agency's row is read.
 *
 * Every path that stores an agency's files checks it: the hub's uploads (./routes.ts), the clients' flow uploads
 * (./portal-flow-upload.ts) and the archive import (server/data/import-archive.ts). A refusal is 413 with a message
 * naming the quota and the space used, and nothing is kept. The check runs in the transaction that writes the row;
 * uploads running at the same moment can together go over the quota by at most the files in flight (each at most
 * MAX_UPLOAD_BYTES): a soft limit, not a reservation system.
 */
import { TRPCError } from '@trpc/server';
import { formatFileSize } from '../../shared/file-size';
import { M } from '../../shared/messages';
import type { Db } from '../db';
import type { Env } from '../env';

/** Anything that can run a raw query: the Prisma client, a transaction of it, or the tenant-scoped client. */
export type QuotaDb = Pick<Db, '$queryRaw'>;
export type QuotaEnv = Pick<Env, 'STORAGE_QUOTA_BYTES'>;

/** A size as shown in the quota's texts ("0 Bytes" rather than formatFileSize's "Unknown size"). */
const storageSizeText = (bytes: number) => (bytes > 0 ? formatFileSize(bytes) : M.documents.noBytes);

/** The quota in bytes, or null when there is none. */
export const storageQuota = (env: QuotaEnv): number | null =>
  env.STORAGE_QUOTA_BYTES > 0 ? env.STORAGE_QUOTA_BYTES : null;

/** The bytes the agency's stored files take (SUM over its own Document rows only). */
export async function storageUsed(db: QuotaDb, businessId: number): Promise<number> {
  // The current versions (on the Document rows), plus the older versions whose bytes are kept (issue 31).
  const rows = await db.$queryRaw<{ used: number | bigint | string | null }[]>`
    SELECT COALESCE(SUM("size"), 0) + COALESCE((SELECT SUM(v."size") FROM "DocumentVersion" v
      JOIN "Document" d ON d."businessId" = v."businessId" AND d."id" = v."documentId"
      WHERE v."businessId" = ${businessId} AND v."storageKey" IS NOT NULL AND v."number" <> d."version"), 0) AS "used"
    FROM "Document" WHERE "businessId" = ${businessId} AND "storageKey" IS NOT NULL`;
  return Number(rows[0]?.used ?? 0);
}

/** 413: the agency's files would take more than its quota. quotaBytes and usedBytes are the numbers in the message. */
export class StorageQuotaError extends TRPCError {
  readonly quotaBytes: number;
  readonly usedBytes: number;
  constructor(quotaBytes: number, usedBytes: number) {
    super({
      code: 'PAYLOAD_TOO_LARGE',
      message: M.documents.storageQuotaExceeded(storageSizeText(quotaBytes), storageSizeText(usedBytes)),
    });
    this.quotaBytes = quotaBytes;
    this.usedBytes = usedBytes;
  }
}

/**
 * Throws StorageQuotaError when storing `addBytes` more would put the agency over its quota; does nothing without a
 * quota. freedBytes: what the same write removes (a replaced file), so a replacement that takes no more room passes.
 * Call it in the transaction that writes the rows, with the files' total size:
 *   await assertStorageQuota(tx, businessId, totalBytes, env);
 */
export async function assertStorageQuota(
  db: QuotaDb,
  businessId: number,
  addBytes: number,
  env: QuotaEnv,
  freedBytes = 0,
): Promise<void> {
  const quota = storageQuota(env);
  if (quota === null || addBytes - freedBytes <= 0) return;
  const used = await storageUsed(db, businessId);
  if (used - freedBytes + addBytes > quota) throw new StorageQuotaError(quota, used);
}

/** What the agency may still store (0 when full), or null without a quota: to refuse an upload before its bytes arrive. */
export async function storageRoom(
  db: QuotaDb,
  businessId: number,
  env: QuotaEnv,
): Promise<{ room: number; used: number; quota: number } | null> {
  const quota = storageQuota(env);
  if (quota === null) return null;
  const used = await storageUsed(db, businessId);
  return { room: Math.max(0, quota - used), used, quota };
}
