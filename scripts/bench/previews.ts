// The previews and versions the bench measures (issue 31), added to the measured (demo) agency after the seed or the
// generator, as the preview job would leave them: every version of every file gets a ready thumbnail (so the hub's and
// the portal's file lists carry a thumbUrl on every row, and the thumbnail route serves real WebP bytes from the
// upload folder), and the newest file gets a history of LONG_HISTORY versions (the hub's version list asks its first
// 10). Written in a few statements, never one per row.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { DEMO } from '../../server/demo';
import type { Database } from '../../server/db';
import { imageThumbnail } from '../../server/files/previews/render';
import { join, sql } from '../../server/sql';

/** Versions of the file with the long history (its newest 10 are the hub's first page). */
export const LONG_HISTORY = 200;
const ROWS_PER_INSERT = 100;

export type BenchPreviews = { ms: number; thumbnails: number; versions: number; thumbBytes: number };

/** A photo-like thumbnail, made by the preview job's own code (sharp, 480 px, WebP): blurred noise, not a flat colour. */
async function thumbnailBytes() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clientflow-bench-previews-'));
  try {
    const source = path.join(dir, 'photo.jpg');
    await sharp({
      create: {
        width: 1600,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 50 },
      },
    })
      .blur(4)
      .jpeg({ quality: 85 })
      .toFile(source);
    return await imageThumbnail(source);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Ready thumbnails for every version of the demo agency's files, and a long history for its newest file. */
export async function seedBenchPreviews(
  database: Database,
  uploadDir: string,
  now = new Date(),
): Promise<BenchPreviews> {
  const t = performance.now();
  const { db } = database;
  const { id: businessId } = await db.business.findFirstOrThrow({ where: { slug: DEMO.slug }, select: { id: true } });
  const thumbnail = await thumbnailBytes();
  const thumbKey = `${businessId}/${randomUUID()}`;
  fs.mkdirSync(path.join(uploadDir, String(businessId)), { recursive: true });
  fs.writeFileSync(path.join(uploadDir, thumbKey), thumbnail.webp);
  const thumbHash = createHash('sha256').update(thumbnail.webp).digest('hex').slice(0, 16);

  // The newest file (the Files screen's first row) gets versions 2…LONG_HISTORY, each as an upload writes it.
  const newest = await db.document.findFirst({
    where: { businessId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, url: true, mimeType: true, size: true, uploadedById: true },
  });
  let versions = 0;
  if (newest) {
    const minute = 60_000;
    const at = (n: number) => new Date(now.getTime() - (LONG_HISTORY - n) * 97 * minute);
    const numbers = Array.from({ length: LONG_HISTORY - 1 }, (_, i) => i + 2);
    for (let i = 0; i < numbers.length; i += ROWS_PER_INSERT) {
      const values = numbers
        .slice(i, i + ROWS_PER_INSERT)
        .map(
          (n) =>
            sql`(${businessId}, ${newest.id}, ${n}, ${newest.url}, ${newest.mimeType}, ${`round-${n}.pdf`}, ${newest.size + n}, ${createHash('sha256').update(`v${n}`).digest('hex')}, ${newest.uploadedById}, 'pending', ${at(n)})`,
        );
      versions += await database.sql.run(sql`
        INSERT INTO "DocumentVersion" ("businessId", "documentId", "number", "url", "mimeType", "originalName", "size", "sha256", "uploadedById", "previewStatus", "createdAt")
        VALUES ${join(values, ', ')}`);
    }
    await db.document.update({
      where: { id: newest.id },
      data: { version: LONG_HISTORY, originalName: `round-${LONG_HISTORY}.pdf`, createdAt: now },
    });
  }
  const thumbnails = await database.sql.run(sql`
    UPDATE "DocumentVersion" SET "previewStatus" = 'ready', "thumbKey" = ${thumbKey}, "thumbHash" = ${thumbHash},
      "width" = ${thumbnail.width}, "height" = ${thumbnail.height}
    WHERE "businessId" = ${businessId}`);
  return { ms: performance.now() - t, thumbnails, versions, thumbBytes: thumbnail.webp.length };
}
