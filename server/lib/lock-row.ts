/**
 * Takes a parent row's write lock for the rest of the transaction, so that a bound counted and then inserted in that
 * transaction (at most N of something per contact, per company) holds when requests arrive at once: PostgreSQL's
 * read-committed transactions would otherwise both count N − 1 and both insert. An UPDATE that changes nothing works
 * on both databases (on SQLite it takes the database's write lock up front) and fires no trigger (they watch other
 * columns). Only the tables the bounds hang on.
 */
export async function lockRow(
  tx: { $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number> },
  table: 'Contact' | 'Company',
  businessId: number,
  id: number,
): Promise<void> {
  await tx.$executeRawUnsafe(`UPDATE "${table}" SET "id" = "id" WHERE "businessId" = $1 AND "id" = $2`, businessId, id);
}
