/**
 * The file version an approval is about. Before version rows are written on every upload, a file may have no
 * DocumentVersion row for its current number: `currentVersion` creates it from the Document's own fields (which are
 * always the current version's), inside the caller's transaction, so approvals work before and after versions land.
 * A stored file's SHA-256 is read from its bytes when the row has none (`hashStoredFile`, outside any transaction).
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../db';
import type { FileStorage } from '../../files/storage';

/** What currentVersion needs of a Prisma client or transaction (tenant-scoped or not). */
type VersionTx = Pick<Db, 'document' | 'documentVersion'>;

const documentSelect = {
  version: true,
  storageKey: true,
  url: true,
  mimeType: true,
  originalName: true,
  size: true,
  createdAt: true,
} as const;
const versionSelect = { id: true, number: true, sha256: true } as const;
export type VersionFields = { id: number; number: number; sha256: string | null };

/** The SHA-256 (hex) of a stored file's bytes, streamed. */
export async function hashStoredFile(storage: FileStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  const stream = await storage.readStream(key);
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The file's current version row (created as a copy of the Document's fields when missing); `sha256`: the bytes'
 * hash read beforehand, written when the row has none. Null when the file does not exist.
 */
export async function currentVersion(
  tx: VersionTx,
  businessId: number,
  documentId: number,
  sha256: string | null = null,
): Promise<VersionFields | null> {
  const document = await tx.document.findFirst({ where: { businessId, id: documentId }, select: documentSelect });
  if (!document) return null;
  const existing = await tx.documentVersion.findFirst({
    where: { businessId, documentId, number: document.version },
    select: versionSelect,
  });
  if (existing) {
    if (existing.sha256 || !sha256) return existing;
    return tx.documentVersion.update({ where: { id: existing.id }, data: { sha256 }, select: versionSelect });
  }
  return tx.documentVersion.create({
    data: {
      businessId,
      documentId,
      number: document.version,
      storageKey: document.storageKey,
      url: document.url,
      mimeType: document.mimeType,
      originalName: document.originalName,
      size: document.size,
      sha256,
      // No NO ACTION link to a user here: removing a member would have to clear it.
      uploadedById: null,
      previewStatus: 'pending',
      createdAt: document.createdAt,
    },
    select: versionSelect,
  });
}
