import { sql, TENANT, type SqlRunner } from '../../sql';

/**
 * Whether a company is the session's agency's: one lookup on the (businessId, id) key. Another agency's company looks
 * exactly like a missing one, so every caller answers both with the same NOT_FOUND (each in its area's words).
 */
export async function isOurCompany(run: SqlRunner, companyId: number): Promise<boolean> {
  return Boolean(
    await run.get(sql`SELECT 1 AS "ok" FROM "Company" WHERE "businessId" = ${TENANT} AND "id" = ${companyId}`),
  );
}
