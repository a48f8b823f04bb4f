/**
 * Where a file came from when it was attached to a message: the hub's and the portal's Files show "Sent in a message
 * in <conversation>" with a link to it. One statement per page of files, whatever its size (never one per file):
 * the first attachment of each file (MIN over MessageAttachment(businessId, documentId)) and its thread's title.
 *
 * Staff see every message, internal notes included (the link says it was a note). A client sees the link only for a
 * message they may see: a conversation of their company the rule shows them, and never an internal note
 * (clientVisible.messageThread / .message); a file attached only to notes has no origin for them. A client's own
 * company conversation is titled with the agency's name, as their portal names it ("Write to <agency>").
 */
import { join, sql, TENANT, toBool, toInt, type Sql, type SqlRunner } from '../../sql';
import { clientVisible } from '../../portal/visibility';

export type MessageOrigin = { threadId: number; title: string; internal: boolean };

/** The origin of each of these files (by id) the reader may see; files without one are absent from the map. */
export async function messageOrigins(
  db: SqlRunner,
  documentIds: number[],
  reader: { kind: 'staff' } | { kind: 'client'; companyId: number },
): Promise<Map<number, MessageOrigin>> {
  const ids = [...new Set(documentIds)];
  const origins = new Map<number, MessageOrigin>();
  if (ids.length === 0) return origins;
  const visible: Sql =
    reader.kind === 'client'
      ? sql` AND ${clientVisible.message(sql`m2`)} AND ${clientVisible.messageThread(sql`t2`, reader.companyId)}`
      : sql``;
  const rows = await db.all(sql`
    SELECT a."documentId", m."internal", t."id" AS "threadId", t."kind", t."subject",
      (SELECT c."name" FROM "Company" c WHERE c."businessId" = ${TENANT} AND c."id" = t."companyId") AS "companyName",
      (SELECT pr."name" FROM "Project" pr WHERE pr."businessId" = ${TENANT} AND pr."id" = t."projectId") AS "projectName",
      (SELECT b."name" FROM "Business" b WHERE b."id" = ${TENANT}) AS "agencyName"
    FROM "MessageAttachment" a
    JOIN "Message" m ON m."businessId" = a."businessId" AND m."id" = a."messageId"
    JOIN "MessageThread" t ON t."businessId" = m."businessId" AND t."id" = m."threadId"
    WHERE a."businessId" = ${TENANT} AND a."id" IN (
      SELECT MIN(a2."id") FROM "MessageAttachment" a2
      JOIN "Message" m2 ON m2."businessId" = a2."businessId" AND m2."id" = a2."messageId"
      JOIN "MessageThread" t2 ON t2."businessId" = m2."businessId" AND t2."id" = m2."threadId"
      WHERE a2."businessId" = ${TENANT} AND a2."documentId" IN (${join(
        ids.map((id) => sql`${id}`),
        ', ',
      )})${visible}
      GROUP BY a2."documentId")`);
  for (const r of rows) {
    const subject = r.subject == null ? null : String(r.subject);
    const kind = String(r.kind);
    const title =
      subject ??
      (kind === 'project' && r.projectName != null
        ? String(r.projectName)
        : String((reader.kind === 'client' ? r.agencyName : r.companyName) ?? ''));
    origins.set(toInt(r.documentId), { threadId: toInt(r.threadId), title, internal: toBool(r.internal) });
  }
  return origins;
}
