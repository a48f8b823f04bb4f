/**
 * What an app of a test has stored, wherever its files are: the local upload folder (STORAGE=local), or the bucket
 * of the run's S3-protocol server (TEST_STORAGE=s3, tests/support/global-setup.ts), read straight from the
 * server's folder, so a test sees the stored state itself rather than what the app says about it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { s3ObjectBytes, s3Objects, s3PendingUploads } from './s3-server';
import type { TestApp } from './app';

const s3Of = (app: TestApp) => (app.env.STORAGE === 's3' ? inject('s3') : null);

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => fs.statSync(path.join(dir, f)).isFile())
    .map((f) => f.split(path.sep).join('/'));
}

/** Keys of the complete stored files, optionally only the agency's. */
export function storedKeys(app: TestApp, businessId?: number): string[] {
  const prefix = businessId === undefined ? '' : `${businessId}/`;
  const s3 = s3Of(app);
  if (s3) return s3Objects(s3.directory, s3.bucket, prefix);
  return filesUnder(path.join(app.uploadDir, prefix))
    .filter((f) => !f.endsWith('.part'))
    .map((f) => `${prefix}${f}`)
    .sort();
}

/**
 * Uploads begun and not finished (partial files on disk, multipart uploads still open in the bucket), by key;
 * optionally only the agency's (the bucket of a run is shared by every test file running at once).
 */
export function partialUploads(app: TestApp, businessId?: number): string[] {
  const prefix = businessId === undefined ? '' : `${businessId}/`;
  const s3 = s3Of(app);
  const keys = s3
    ? s3PendingUploads(s3.directory, s3.bucket)
    : filesUnder(app.uploadDir).filter((f) => f.endsWith('.part'));
  return keys.filter((key) => key.startsWith(prefix)).sort();
}

/** A stored file's bytes, or null when there is none. */
export function storedBytes(app: TestApp, key: string): Buffer | null {
  const s3 = s3Of(app);
  if (s3) return s3ObjectBytes(s3.directory, s3.bucket, key);
  const file = path.join(app.uploadDir, key);
  return fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/** Removes a stored file behind the app's back (a lost file). */
export async function loseStored(app: TestApp, key: string): Promise<void> {
  await app.storage.remove(key);
}
