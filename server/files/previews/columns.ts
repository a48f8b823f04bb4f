import { sql, TENANT, type Sql } from '../../sql';

/**
 * The current version's thumbnail hash of a file aliased `d` (its "id" and "version"), as a column "thumbHash": one
 * look-up over DocumentVersion(documentId, number) inside the list's own statement, never a query per row.
 */
export const currentThumbHash = (d: Sql) =>
  sql`(SELECT tv."thumbHash" FROM "DocumentVersion" tv WHERE tv."documentId" = ${d}."id" AND tv."number" = ${d}."version" AND tv."businessId" = ${TENANT} AND tv."previewStatus" = 'ready') AS "thumbHash"`;
