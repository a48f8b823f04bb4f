/**
 * GET /api/documents/{id}/thumb/{hash}.webp: a version's thumbnail (./job.ts), by the content hash in its URL, so it
 * is cached for a year (private: only a signed-in reader fetches it) and a new thumbnail is a new URL. Staff: any
 * version of an agency file; a portal client: the current version (or an older one staff shared) of a file the
 * portal's rule shows them (clientVisible.document). Anything else, a wrong hash included, is NOT_FOUND.
 */
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { M } from '../../../shared/messages';
import { idSchema } from '../../../shared/schemas/common';
import { RouteRefusal, type Refusal } from '../../http/reply';
import type { StaffOrPortal } from '../../http/route';
import { clientVisible } from '../../portal/visibility';
import { sql, TENANT } from '../../sql';
import { FileNotFoundError } from '../storage';

const notFound: Refusal = { status: 404, message: M.documents.notFound, code: 'NOT_FOUND' };
const THUMB_FILE = /^([0-9a-f]{16})\.webp$/;

export async function documentThumbnail({ staff, portal }: StaffOrPortal, req: Request, res: Response) {
  const scope = staff ?? portal;
  const id = idSchema.safeParse(req.params.id);
  const hash = THUMB_FILE.exec(String(req.params.file ?? ''))?.[1];
  if (!id.success || !hash) throw new RouteRefusal(notFound);
  const clientOnly = portal
    ? sql` AND ${clientVisible.document(sql`d`, portal.companyId)} AND (v."number" = d."version" OR v."sharedWithClient" = ${true})`
    : sql``;
  const row = await scope.sql.get<{ thumbKey: string }>(sql`
    SELECT v."thumbKey" FROM "DocumentVersion" v
    JOIN "Document" d ON d."businessId" = v."businessId" AND d."id" = v."documentId"
    WHERE v."businessId" = ${TENANT} AND v."documentId" = ${id.data} AND v."thumbHash" = ${hash}
      AND v."previewStatus" = 'ready' AND v."thumbKey" IS NOT NULL${clientOnly}`);
  if (!row) throw new RouteRefusal(notFound);
  const stream = await scope.app.storage.readStream(String(row.thumbKey)).catch((error: unknown) => {
    if (error instanceof FileNotFoundError) return null;
    throw error;
  });
  if (!stream) throw new RouteRefusal(notFound);
  res.status(200);
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('Cache-Control', 'private, max-age=31536000, immutable');
  res.setHeader('ETag', `"${hash}"`);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  await pipeline(stream, res).catch((error: unknown) => {
    if (!res.destroyed) throw error;
  });
}
